/**
 * Moves on a raster of plan-view nodes (the layout lab's reach, Core 15.2, and the shortest move
 * path's search): the neighbour offsets, the cost of a step with climbing, and the binary heap the
 * searches share.
 */
/**
 * Neighbour offsets of the raster graph: the 8 king moves and the 8 knight moves (16 directions;
 * the longest detour of a straight move on open ground is then under 2.7%, against 8.2% with 8).
 * Per offset `[di, dj, ...cells]`: the nodes a move crosses between its ends, which must be
 * passable too.
 */
export const RASTER_OFFSETS: readonly (readonly number[])[] = (() => {
  const out: number[][] = [];
  for (let dj = -2; dj <= 2; dj++) {
    for (let di = -2; di <= 2; di++) {
      const a = Math.abs(di);
      const b = Math.abs(dj);
      if ((a === 0 && b === 0) || a + b > 3 || a === 2 && b === 2 || (a === 2 && b === 0) || (a === 0 && b === 2)) continue;
      const crossed: number[] = [];
      if (a === 1 && b === 1) crossed.push(di, 0, 0, dj);
      if (a === 2 && b === 1) crossed.push(Math.sign(di), 0, Math.sign(di), dj);
      if (a === 1 && b === 2) crossed.push(0, Math.sign(dj), di, Math.sign(dj));
      out.push([di, dj, ...crossed]);
    }
  }
  return out;
})();

/**
 * The move a base spends between two neighbouring nodes (Core 15.2, A-G9, as
 * `movePathCost` counts it): the 3D length of the slope when the rise is at most twice the
 * horizontal length, else the horizontal length plus the full height of the cliff.
 */
export function edgeCost(horizontal: number, dz: number): number {
  const a = Math.abs(dz);
  return a <= 2 * horizontal ? Math.sqrt(horizontal * horizontal + dz * dz) : horizontal + a;
}

/** Binary heap of node indices keyed by distance (lazy deletion), reused between runs. */
export class NodeHeap {
  keys = new Float64Array(1024);
  nodes = new Int32Array(1024);
  size = 0;
  push(node: number, key: number): void {
    if (this.size === this.keys.length) {
      const k = new Float64Array(2 * this.size);
      k.set(this.keys);
      this.keys = k;
      const n = new Int32Array(2 * this.size);
      n.set(this.nodes);
      this.nodes = n;
    }
    let i = this.size++;
    const K = this.keys;
    const N = this.nodes;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (K[p] <= key) break;
      K[i] = K[p];
      N[i] = N[p];
      i = p;
    }
    K[i] = key;
    N[i] = node;
  }
  /** Removes the smallest; its node is left in `top`, its key in `topKey`. */
  top = -1;
  topKey = 0;
  pop(): void {
    const K = this.keys;
    const N = this.nodes;
    this.top = N[0];
    this.topKey = K[0];
    const key = K[--this.size];
    const node = N[this.size];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= this.size) break;
      if (c + 1 < this.size && K[c + 1] < K[c]) c++;
      if (K[c] >= key) break;
      K[i] = K[c];
      N[i] = N[c];
      i = c;
    }
    K[i] = key;
    N[i] = node;
  }
}
