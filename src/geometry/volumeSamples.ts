import type { Prism } from './prism';

/** Inset (inches) that keeps sample points strictly inside a volume. */
export const SAMPLE_INSET_INCHES = 1e-4;

/**
 * The sample points of a prism volume at a surface spacing, arranged as a binary tree over the
 * points (median split on the widest axis) whose nodes carry the bounds of their points, so a
 * visibility search can reason about whole groups of segments at once.
 */
export interface SampleTree {
  /** Points `[x, y, z, ...]`, reordered so each node's points are contiguous. */
  points: Float64Array;
  /** Per node: `[minX, minY, minZ, maxX, maxY, maxZ]` at `6 * node`. */
  bounds: Float64Array;
  /** Per node: first point index, end point index (exclusive), left child, right child (-1 for a leaf). */
  start: Int32Array;
  end: Int32Array;
  left: Int32Array;
  right: Int32Array;
  /** Largest distance from any point of the volume's surface to its nearest sample (the covering radius), inches. */
  coveringRadiusInches: number;
  /** Per point: which model of the set it belongs to (0 for a single model). */
  owner: Int32Array;
  /** Per node: the smallest and largest owner of its points. */
  ownerMin: Int32Array;
  ownerMax: Int32Array;
  /** Per point: its index in the point list the tree was built from (trees from {@link buildSampleTree} and {@link filterSampleTree}). */
  sourceIndex?: Int32Array;
}

/**
 * Deterministic sample points on the surface of a prism volume, at most `spacingInches` apart
 * along the surface: a grid on the side (angle x height, the top and bottom rims included) and
 * polar grids on the top and bottom caps (centres included). Every point lies inside the volume
 * (inset by 1e-4"). Returns flat `[x, y, z, ...]` and the covering radius of the set.
 */
export function prismSurfaceSamples(p: Prism, spacingInches: number): SurfaceSamples {
  const f = p.footprint;
  const a = Math.max(1e-6, f.semiMajor - SAMPLE_INSET_INCHES);
  const b = Math.max(1e-6, f.semiMinor - SAMPLE_INSET_INCHES);
  const z0 = p.zMin + SAMPLE_INSET_INCHES;
  const z1 = Math.max(z0, p.zMax - SAMPLE_INSET_INCHES);
  // Uniform steps of the ellipse parameter are at most 2*pi*a/n apart along the curve.
  const perimeter = 2 * Math.PI * a;
  const nAng = Math.max(8, Math.ceil(perimeter / spacingInches));
  const nRows = Math.max(2, Math.ceil((z1 - z0) / spacingInches) + 1);
  const nRings = Math.max(1, Math.ceil(a / spacingInches));
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const out: number[] = [];
  const normals: number[] = [];
  // Outward normal of the side at local (u, v): the ellipse's gradient (u / a^2, v / b^2), rotated.
  const push = (u: number, v: number, z: number, nz: number) => {
    out.push(f.x + c * u - s * v, f.y + s * u + c * v, z);
    if (nz !== 0) {
      normals.push(0, 0, nz);
    } else {
      const gu = u / (a * a);
      const gv = v / (b * b);
      const l = Math.hypot(gu, gv) || 1;
      normals.push((c * gu - s * gv) / l, (s * gu + c * gv) / l, 0);
    }
  };
  for (let r = nRows - 1; r >= 0; r--) {
    const z = nRows === 1 ? z1 : z0 + ((z1 - z0) * r) / (nRows - 1);
    for (let i = 0; i < nAng; i++) {
      const t = (2 * Math.PI * i) / nAng;
      push(a * Math.cos(t), b * Math.sin(t), z, 0);
    }
  }
  const caps = z1 > z0 ? [z1, z0] : [z1];
  for (const z of caps) {
    const nz = z === z1 ? 1 : -1;
    push(0, 0, z, nz);
    for (let k = 1; k < nRings; k++) {
      const scale = k / nRings;
      const n = Math.max(6, Math.ceil((perimeter * scale) / spacingInches));
      for (let i = 0; i < n; i++) {
        const t = (2 * Math.PI * (i + 0.5 * (k % 2))) / n;
        push(a * scale * Math.cos(t), b * scale * Math.sin(t), z, nz);
      }
    }
  }
  // Covering radius: half the diagonal of the coarsest grid cell on the side and on the caps.
  const side = 0.5 * Math.hypot(perimeter / nAng, (z1 - z0) / (nRows - 1 || 1));
  const cap = 0.5 * Math.hypot(a / nRings, Math.min(spacingInches, perimeter / 6));
  return {
    points: Float64Array.from(out),
    normals: Float32Array.from(normals),
    coveringRadiusInches: Math.max(side, cap) + SAMPLE_INSET_INCHES,
    minRadiusInches: b,
  };
}

/** Sample points of a volume's surface with their outward normals (side rims count as side). */
export interface SurfaceSamples {
  points: Float64Array;
  normals: Float32Array;
  coveringRadiusInches: number;
  /** The footprint's semi-minor axis (bounds how fast the side normal turns). */
  minRadiusInches: number;
}

/**
 * The samples that can be where a line of sight leaves (or enters) the volume toward another
 * volume: a segment from inside a convex volume leaves it through a point whose outward normal has
 * a non-negative dot product with the segment's direction, so only surface points facing the other
 * volume matter. Side points are kept when their normal is within 90 deg + `spreadRad` of the
 * horizontal direction `(ux, uy)` toward the other volume; the top cap when the other volume
 * reaches higher than this one's top (`keepTop`), the bottom cap when it reaches lower than this
 * one's bottom (`keepBottom`): a segment leaving through a cap's interior climbs (or falls) past it.
 * @returns 1 per kept point, 0 otherwise, in the samples' order.
 */
export function facingMask(s: SurfaceSamples, ux: number, uy: number, spreadRad: number, keepTop: boolean, keepBottom: boolean): Uint8Array {
  const limit = spreadRad >= Math.PI / 2 ? -2 : -Math.sin(spreadRad) - 1e-9;
  const N = s.normals;
  const keep = new Uint8Array(s.points.length / 3);
  for (let i = 0; i < keep.length; i++) {
    const nz = N[3 * i + 2];
    keep[i] = (nz > 0.5 ? keepTop : nz < -0.5 ? keepBottom : N[3 * i] * ux + N[3 * i + 1] * uy > limit) ? 1 : 0;
  }
  return keep;
}

/**
 * The tree of a subset of a single model's tree's points, without a rebuild: `keep[i]` says
 * whether input point `i` (the order `full` was built from, see {@link SampleTree.sourceIndex})
 * stays. Nodes left with no point vanish and nodes left with one non-empty child are replaced by
 * it; bounds are those of the kept points. The points keep their order, so every node's points
 * stay contiguous. O(nodes of `full`), no sorting: how facing trees are cut from a model's whole
 * tree (the same points as {@link buildSampleTree} of the kept points, in another shape).
 * @param arena where its arrays are cut from (default: buffers of their own).
 * @throws when `full` carries no `sourceIndex` (it was not built by {@link buildSampleTree}).
 */
export function filterSampleTree(full: SampleTree, keep: Uint8Array, arena: Pick<SampleArena, 'float64' | 'int32'> = NO_ARENA): SampleTree {
  const src = full.sourceIndex;
  if (!src) throw new Error('filterSampleTree: the tree has no sourceIndex');
  const n = src.length;
  // before[i]: kept points among tree points 0..i-1.
  if (_before.length < n + 1) _before = new Int32Array(2 * n + 2);
  const before = _before;
  before[0] = 0;
  for (let i = 0; i < n; i++) before[i + 1] = before[i] + keep[src[i]];
  const k = before[n];
  if (k === 0) return buildSampleTree(new Float64Array(0), full.coveringRadiusInches);
  // No more nodes than the whole tree has, nor than a binary tree over k points can have.
  const maxNodes = Math.min(2 * k - 1, full.start.length);
  // One buffer per element type, cut into the tree's arrays.
  const f64 = arena.float64(3 * k + 6 * maxNodes);
  const i32 = arena.int32(2 * k + 6 * maxNodes);
  const points = f64.subarray(0, 3 * k);
  const bounds = f64.subarray(3 * k);
  const sourceIndex = i32.subarray(0, k);
  const owner = i32.subarray(k, 2 * k);
  const start = i32.subarray(2 * k, 2 * k + maxNodes);
  const end = i32.subarray(2 * k + maxNodes, 2 * k + 2 * maxNodes);
  const left = i32.subarray(2 * k + 2 * maxNodes, 2 * k + 3 * maxNodes);
  const right = i32.subarray(2 * k + 3 * maxNodes, 2 * k + 4 * maxNodes);
  const ownerMin = i32.subarray(2 * k + 4 * maxNodes, 2 * k + 5 * maxNodes);
  const ownerMax = i32.subarray(2 * k + 5 * maxNodes, 2 * k + 6 * maxNodes);
  // One model's tree: every point's owner is 0 (arena arrays come with arbitrary contents).
  owner.fill(0);
  ownerMin.fill(0);
  ownerMax.fill(0);
  for (let i = 0, j = 0; i < n; i++) {
    if (!keep[src[i]]) continue;
    points[3 * j] = full.points[3 * i];
    points[3 * j + 1] = full.points[3 * i + 1];
    points[3 * j + 2] = full.points[3 * i + 2];
    sourceIndex[j++] = src[i];
  }
  // Depth-first, without recursion: a node's number is given on the way down (parents before
  // children, as buildSampleTree numbers them) and written into its parent's child slot; leaves get
  // their bounds there, inner nodes in a pass from the last node back (children come after parents).
  const fs = full.start;
  const fe = full.end;
  const fl = full.left;
  const fr = full.right;
  if (_stack.length < 2 * fl.length + 2) _stack = new Int32Array(2 * fl.length + 2);
  const stack = _stack;
  let top = 0;
  let count = 0;
  stack[top++] = 0; // full node
  stack[top++] = -1; // child slot to fill: 2 * parent (left) or 2 * parent + 1 (right); -1 for the root
  while (top > 0) {
    const slot = stack[--top];
    let at = stack[--top];
    // Walk down while only one child keeps points.
    for (;;) {
      const l = fl[at];
      if (l < 0) break;
      const r = fr[at];
      const inL = before[fe[l]] - before[fs[l]];
      const inR = before[fe[r]] - before[fs[r]];
      if (inL && inR) break;
      at = inL ? l : r;
    }
    const node = count++;
    if (slot >= 0) (slot & 1 ? right : left)[slot >> 1] = node;
    start[node] = before[fs[at]];
    end[node] = before[fe[at]];
    if (fl[at] >= 0) {
      // Both children keep points: push them, left on top (numbered first).
      stack[top++] = fr[at];
      stack[top++] = 2 * node + 1;
      stack[top++] = fl[at];
      stack[top++] = 2 * node;
      continue;
    }
    // A leaf (up to LEAF_POINTS points of the whole tree): the bounds of its kept points.
    left[node] = right[node] = -1;
    const B = 6 * node;
    let p = 3 * start[node];
    let x0 = points[p], y0 = points[p + 1], z0 = points[p + 2];
    let x1 = x0, y1 = y0, z1 = z0;
    for (let i = start[node] + 1; i < end[node]; i++) {
      p = 3 * i;
      const x = points[p], y = points[p + 1], z = points[p + 2];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (z < z0) z0 = z;
      if (z > z1) z1 = z;
    }
    bounds[B] = x0;
    bounds[B + 1] = y0;
    bounds[B + 2] = z0;
    bounds[B + 3] = x1;
    bounds[B + 4] = y1;
    bounds[B + 5] = z1;
  }
  for (let node = count - 1; node >= 0; node--) {
    const a = left[node];
    if (a < 0) continue;
    const b = right[node];
    const B = 6 * node;
    for (let q = 0; q < 3; q++) {
      bounds[B + q] = Math.min(bounds[6 * a + q], bounds[6 * b + q]);
      bounds[B + 3 + q] = Math.max(bounds[6 * a + 3 + q], bounds[6 * b + 3 + q]);
    }
  }
  return {
    points,
    bounds: bounds.subarray(0, 6 * count),
    start: start.subarray(0, count),
    end: end.subarray(0, count),
    left: left.subarray(0, count),
    right: right.subarray(0, count),
    coveringRadiusInches: full.coveringRadiusInches,
    owner,
    ownerMin: ownerMin.subarray(0, count),
    ownerMax: ownerMax.subarray(0, count),
    sourceIndex,
  };
}

/**
 * Where the facing and unit trees get their arrays: cut from chunks (16 KB, then doubling up to
 * 1 MB) instead of one buffer each, and the chunks themselves reused. A matrix builds thousands of
 * these trees (about 200 MB of them on the bench table). Every new buffer is external memory, and
 * its growth makes V8 run full collections: measured on the bench's engine job, allocating the
 * chunks afresh cost about 270 ms of garbage-collector threads per job beside 550 ms of work,
 * and with the visibility helper on the other core the two fought over both cores.
 *
 * So chunks come from a per-thread pool of released chunks ({@link SampleArena.release}): the World
 * keeps one arena per model and one per unit and releases it when it drops that model's or unit's
 * cached trees (the model moved, or the world was replaced), so a world's next trees, or the next
 * world's, are cut from the same memory and a steady session allocates none.
 *
 * Arrays come with arbitrary contents (a reused chunk holds old trees): callers write every entry
 * they read. Once released, every array cut from the arena may be overwritten by another arena:
 * release only what nothing will read again.
 */
export class SampleArena {
  private f64 = EMPTY_F64;
  private f64Used = 0;
  private i32 = EMPTY_I32;
  private i32Used = 0;
  private chunkBytes = MIN_CHUNK_BYTES;
  /** Pooled chunks held (returned to the pool on release). */
  private chunks: ArrayBuffer[] = [];

  /** A Float64Array of length `n` (contents arbitrary). */
  float64(n: number): Float64Array {
    if (this.f64Used + n > this.f64.length) {
      this.f64 = new Float64Array(this.chunk(8 * n));
      this.f64Used = 0;
    }
    const a = this.f64.subarray(this.f64Used, this.f64Used + n);
    this.f64Used += n;
    return a;
  }

  /** An Int32Array of length `n` (contents arbitrary). */
  int32(n: number): Int32Array {
    if (this.i32Used + n > this.i32.length) {
      this.i32 = new Int32Array(this.chunk(4 * n));
      this.i32Used = 0;
    }
    const a = this.i32.subarray(this.i32Used, this.i32Used + n);
    this.i32Used += n;
    return a;
  }

  /**
   * Hands every chunk back to the pool. Arrays cut from this arena must not be read afterwards
   * (their memory goes to other arenas); the arena itself may be used again (it takes new chunks).
   */
  release(): void {
    for (const c of this.chunks) {
      const free = FREE_CHUNKS.get(c.byteLength)!;
      if (freeBytes + c.byteLength <= MAX_FREE_BYTES) {
        free.push(c);
        freeBytes += c.byteLength;
      }
    }
    this.chunks = [];
    this.f64 = EMPTY_F64;
    this.f64Used = 0;
    this.i32 = EMPTY_I32;
    this.i32Used = 0;
    this.chunkBytes = MIN_CHUNK_BYTES;
  }

  /** A chunk of the next size (16 KB doubling to 1 MB) from the pool, or a buffer of its own for a larger request. */
  private chunk(minBytes: number): ArrayBuffer {
    const size = this.chunkBytes;
    this.chunkBytes = Math.min(2 * size, MAX_CHUNK_BYTES);
    if (minBytes > size) return new ArrayBuffer(minBytes);
    const free = FREE_CHUNKS.get(size)!;
    let c = free.pop();
    if (c) freeBytes -= size;
    else c = new ArrayBuffer(size);
    this.chunks.push(c);
    return c;
  }
}

const EMPTY_F64 = new Float64Array(0);
const EMPTY_I32 = new Int32Array(0);
const MIN_CHUNK_BYTES = 16 * 1024;
const MAX_CHUNK_BYTES = 1024 * 1024;
/** Released chunks by size (this thread's pool). */
const FREE_CHUNKS = new Map<number, ArrayBuffer[]>();
for (let b = MIN_CHUNK_BYTES; b <= MAX_CHUNK_BYTES; b *= 2) FREE_CHUNKS.set(b, []);
/** Bytes in the pool, and the most it keeps (more released is left to the garbage collector). */
let freeBytes = 0;
const MAX_FREE_BYTES = 384 * 1024 * 1024;

/** Bytes of released chunks waiting in this thread's pool (for tests and diagnostics). */
export function pooledSampleBytes(): number {
  return freeBytes;
}

/** Without an arena: a buffer per array. */
const NO_ARENA = { float64: (n: number) => new Float64Array(n), int32: (n: number) => new Int32Array(n) };

/** Scratch of {@link filterSampleTree}: the kept-point prefix counts and the traversal stack. */
let _before = new Int32Array(1024);
let _stack = new Int32Array(1024);

/**
 * Points per leaf of a sample tree, at most. The search tests small groups pair by pair well above
 * this size, so deeper nodes would only be built and copied: four points per leaf makes a tree
 * about a quarter of the nodes of one point per leaf, for every facing and unit tree cut from it.
 */
export const LEAF_POINTS = 4;

/** Builds the point tree of a sample set (leaves hold up to {@link LEAF_POINTS} points). */
export function buildSampleTree(points: Float64Array, coveringRadiusInches: number, owners?: Int32Array): SampleTree {
  const n = points.length / 3;
  const ownerOf = owners ?? new Int32Array(n);
  const ownerMin = new Int32Array(2 * n);
  const ownerMax = new Int32Array(2 * n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const maxNodes = 2 * n;
  const bounds = new Float64Array(6 * maxNodes);
  const start = new Int32Array(maxNodes);
  const end = new Int32Array(maxNodes);
  const left = new Int32Array(maxNodes).fill(-1);
  const right = new Int32Array(maxNodes).fill(-1);
  let count = 0;
  const build = (lo: number, hi: number): number => {
    const node = count++;
    start[node] = lo;
    end[node] = hi;
    const B = 6 * node;
    bounds[B] = bounds[B + 1] = bounds[B + 2] = Infinity;
    bounds[B + 3] = bounds[B + 4] = bounds[B + 5] = -Infinity;
    ownerMin[node] = 2 ** 30;
    ownerMax[node] = -1;
    for (let i = lo; i < hi; i++) {
      const ow = ownerOf[order[i]];
      if (ow < ownerMin[node]) ownerMin[node] = ow;
      if (ow > ownerMax[node]) ownerMax[node] = ow;
      const o = 3 * order[i];
      for (let k = 0; k < 3; k++) {
        if (points[o + k] < bounds[B + k]) bounds[B + k] = points[o + k];
        if (points[o + k] > bounds[B + 3 + k]) bounds[B + 3 + k] = points[o + k];
      }
    }
    if (hi - lo <= LEAF_POINTS) return node;
    let axis = 0;
    let ext = -1;
    for (let k = 0; k < 3; k++) {
      const e = bounds[B + 3 + k] - bounds[B + k];
      if (e > ext) {
        ext = e;
        axis = k;
      }
    }
    const mid = (lo + hi) >> 1;
    selectNth(order, points, axis, lo, hi - 1, mid);
    left[node] = build(lo, mid);
    right[node] = build(mid, hi);
    return node;
  };
  build(0, n);
  const reordered = new Float64Array(points.length);
  const owner = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    owner[i] = ownerOf[order[i]];
    reordered[3 * i] = points[3 * order[i]];
    reordered[3 * i + 1] = points[3 * order[i] + 1];
    reordered[3 * i + 2] = points[3 * order[i] + 2];
  }
  return {
    points: reordered,
    bounds: bounds.subarray(0, 6 * count),
    start: start.subarray(0, count),
    end: end.subarray(0, count),
    left: left.subarray(0, count),
    right: right.subarray(0, count),
    coveringRadiusInches,
    owner,
    ownerMin: ownerMin.subarray(0, count),
    ownerMax: ownerMax.subarray(0, count),
    sourceIndex: order,
  };
}

/**
 * A tree of the same shape as `template` over other points: `points` (`[x, y, z, ...]`) given in the
 * order `template` was built from (its `sourceIndex` order: point k of `points` takes the place of
 * the template's source point k), with bounds of their own. For point sets that are the template's
 * moved (a model's samples at another spot): no sorting, O(points + nodes); the node arrays are the
 * template's own (shared, read-only). Any grouping with exact bounds is a valid sample tree, so the
 * search's answers do not depend on the shape.
 * @throws when the counts differ or the template has no `sourceIndex`.
 */
export function sampleTreeLike(template: SampleTree, points: Float64Array): SampleTree {
  const src = template.sourceIndex;
  const n = points.length / 3;
  if (!src || src.length !== n) throw new Error('sampleTreeLike: the template does not match the points');
  const reordered = new Float64Array(points.length);
  for (let p = 0; p < n; p++) {
    const q = 3 * src[p];
    reordered[3 * p] = points[q];
    reordered[3 * p + 1] = points[q + 1];
    reordered[3 * p + 2] = points[q + 2];
  }
  const m = template.start.length;
  const bounds = new Float64Array(6 * m);
  const { start, end, left, right } = template;
  // Children are numbered after their parent: leaves from their points, then parents from children.
  for (let node = m - 1; node >= 0; node--) {
    const B = 6 * node;
    const l = left[node];
    if (l >= 0) {
      const r = right[node];
      for (let k = 0; k < 3; k++) {
        bounds[B + k] = Math.min(bounds[6 * l + k], bounds[6 * r + k]);
        bounds[B + 3 + k] = Math.max(bounds[6 * l + 3 + k], bounds[6 * r + 3 + k]);
      }
      continue;
    }
    bounds[B] = bounds[B + 1] = bounds[B + 2] = Infinity;
    bounds[B + 3] = bounds[B + 4] = bounds[B + 5] = -Infinity;
    for (let i = start[node]; i < end[node]; i++) {
      for (let k = 0; k < 3; k++) {
        const v = reordered[3 * i + k];
        if (v < bounds[B + k]) bounds[B + k] = v;
        if (v > bounds[B + 3 + k]) bounds[B + 3 + k] = v;
      }
    }
  }
  return { ...template, points: reordered, bounds };
}

/**
 * One tree over several models' sample trees without rebuilding them: top nodes split the models
 * (median of their root boxes' centres on the widest axis) and each model's own tree is copied
 * below, its points tagged with the model's index in `parts` (empty parts are skipped). Same points
 * as concatenating the parts and calling {@link buildSampleTree}; O(total nodes) instead of a build.
 * Its arrays are cut from `arena` when given.
 */
export function composeSampleTrees(parts: readonly SampleTree[], coveringRadiusInches: number, arena: Pick<SampleArena, 'float64' | 'int32'> = NO_ARENA): SampleTree {
  const used: number[] = [];
  let nPoints = 0;
  let nNodes = 0;
  for (let i = 0; i < parts.length; i++) {
    const n = parts[i].owner.length;
    if (n === 0) continue;
    used.push(i);
    nPoints += n;
    nNodes += parts[i].start.length;
  }
  if (used.length === 0) return buildSampleTree(new Float64Array(0), coveringRadiusInches);
  nNodes += used.length - 1;
  const points = arena.float64(3 * nPoints);
  const owner = arena.int32(nPoints);
  const bounds = arena.float64(6 * nNodes);
  const start = arena.int32(nNodes);
  const end = arena.int32(nNodes);
  const left = arena.int32(nNodes);
  const right = arena.int32(nNodes);
  const ownerMin = arena.int32(nNodes);
  const ownerMax = arena.int32(nNodes);
  let nodeCount = 0;
  let pointOff = 0;
  const place = (ids: number[]): number => {
    if (ids.length === 1) {
      const i = ids[0];
      const t = parts[i];
      const base = nodeCount;
      const m = t.start.length;
      bounds.set(t.bounds.subarray(0, 6 * m), 6 * base);
      for (let j = 0; j < m; j++) {
        start[base + j] = t.start[j] + pointOff;
        end[base + j] = t.end[j] + pointOff;
        left[base + j] = t.left[j] < 0 ? -1 : t.left[j] + base;
        right[base + j] = t.right[j] < 0 ? -1 : t.right[j] + base;
        ownerMin[base + j] = i;
        ownerMax[base + j] = i;
      }
      points.set(t.points, 3 * pointOff);
      owner.fill(i, pointOff, pointOff + t.owner.length);
      pointOff += t.owner.length;
      nodeCount += m;
      return base;
    }
    const node = nodeCount++;
    let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity, hi2 = -Infinity;
    for (const i of ids) {
      const b = parts[i].bounds;
      lo0 = Math.min(lo0, b[0]); lo1 = Math.min(lo1, b[1]); lo2 = Math.min(lo2, b[2]);
      hi0 = Math.max(hi0, b[3]); hi1 = Math.max(hi1, b[4]); hi2 = Math.max(hi2, b[5]);
    }
    const ext = [hi0 - lo0, hi1 - lo1, hi2 - lo2];
    const axis = ext[0] >= ext[1] && ext[0] >= ext[2] ? 0 : ext[1] >= ext[2] ? 1 : 2;
    const centre = (i: number) => parts[i].bounds[axis] + parts[i].bounds[axis + 3];
    const sorted = [...ids].sort((a, b) => centre(a) - centre(b) || a - b);
    const mid = sorted.length >> 1;
    const l = place(sorted.slice(0, mid));
    const r = place(sorted.slice(mid));
    left[node] = l;
    right[node] = r;
    start[node] = start[l];
    end[node] = end[r];
    ownerMin[node] = Math.min(ownerMin[l], ownerMin[r]);
    ownerMax[node] = Math.max(ownerMax[l], ownerMax[r]);
    const B = 6 * node;
    bounds[B] = lo0; bounds[B + 1] = lo1; bounds[B + 2] = lo2;
    bounds[B + 3] = hi0; bounds[B + 4] = hi1; bounds[B + 5] = hi2;
    return node;
  };
  place(used);
  return { points, bounds, start, end, left, right, coveringRadiusInches, owner, ownerMin, ownerMax };
}

/**
 * Sample points on a triangle mesh's surface, at most `spacingInches` apart on each triangle
 * (a barycentric grid per triangle, its corners included), with the covering radius of the set.
 * Points are the surface points themselves (a mesh volume is closed or not; its surface is in it).
 */
export function meshSurfaceSamples(positions: Float32Array, spacingInches: number): { points: Float64Array; coveringRadiusInches: number } {
  const out: number[] = [];
  let worst = 0;
  for (let t = 0; t + 8 < positions.length; t += 9) {
    const ax = positions[t], ay = positions[t + 1], az = positions[t + 2];
    const bx = positions[t + 3], by = positions[t + 4], bz = positions[t + 5];
    const cx = positions[t + 6], cy = positions[t + 7], cz = positions[t + 8];
    const longest = Math.max(Math.hypot(bx - ax, by - ay, bz - az), Math.hypot(cx - bx, cy - by, cz - bz), Math.hypot(ax - cx, ay - cy, az - cz));
    const n = Math.max(1, Math.ceil(longest / spacingInches));
    worst = Math.max(worst, longest / n);
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= n - i; j++) {
        const u = i / n;
        const v = j / n;
        const w = 1 - u - v;
        out.push(w * ax + u * bx + v * cx, w * ay + u * by + v * cy, w * az + u * bz + v * cz);
      }
    }
  }
  return { points: Float64Array.from(out), coveringRadiusInches: worst };
}

/**
 * Reorders `order[lo..hi]` so that `order[k]` is the point with the k-th smallest coordinate on
 * `axis` (ties by index), everything before it no larger and everything after no smaller
 * (quickselect, in place, no allocation; deterministic pivot).
 */
function selectNth(order: Int32Array, points: Float64Array, axis: number, lo: number, hi: number, k: number): void {
  // Hot in tree builds: no closures, keys read once per comparison.
  while (hi > lo) {
    // Median of three as the pivot, moved to hi.
    const m = (lo + hi) >> 1;
    if (lessAt(order, points, axis, m, lo)) swapAt(order, m, lo);
    if (lessAt(order, points, axis, hi, lo)) swapAt(order, hi, lo);
    if (lessAt(order, points, axis, m, hi)) swapAt(order, m, hi);
    const pivotIndex = order[hi];
    const pivotKey = points[3 * pivotIndex + axis];
    let store = lo;
    for (let i = lo; i < hi; i++) {
      const oi = order[i];
      const ki = points[3 * oi + axis];
      if (ki < pivotKey || (ki === pivotKey && oi < pivotIndex)) {
        order[i] = order[store];
        order[store] = oi;
        store++;
      }
    }
    swapAt(order, store, hi);
    if (store === k) return;
    if (store < k) lo = store + 1;
    else hi = store - 1;
  }
}

/** `order[i]`'s point comes before `order[j]`'s on the axis (ties by index). */
function lessAt(order: Int32Array, points: Float64Array, axis: number, i: number, j: number): boolean {
  const a = points[3 * order[i] + axis];
  const b = points[3 * order[j] + axis];
  return a < b || (a === b && order[i] < order[j]);
}

function swapAt(order: Int32Array, i: number, j: number): void {
  const t = order[i];
  order[i] = order[j];
  order[j] = t;
}
