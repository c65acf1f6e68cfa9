/**
 * Fire lanes of a territory: where its enemies' lines of sight cross the table. For every spot pair
 * that sees each other (a spot of the territory, a spot of its enemies' threat zone), the plan
 * segment between their centres is walked in steps of half a cell, from its end with the smaller x
 * (then y), so a segment counts the same cells whichever territory it is counted for, and each cell
 * it crosses counts once; a cell's share is its count over the number of seeing pairs. A cell crossed by half of all
 * lines of sight has share 0.5: a lane; a cell no line crosses, 0.
 */
export interface FireLanes {
  /** Cell side, inches; cell (i, j) covers `[i * cell, (i + 1) * cell) x [j * cell, (j + 1) * cell)`. */
  cellInches: number;
  nx: number;
  ny: number;
  /** Row-major (j * nx + i) share of the seeing pairs whose segment crosses the cell. */
  share: Float64Array;
  /** Seeing pairs counted. */
  lines: number;
}

/**
 * Counts the lanes of seeing pairs given as a relation matrix (`seen[r * cols + c]`, row spots
 * `rowsX/rowsY`, column spots `colsX/colsY`, inches).
 */
export function fireLanes(
  widthInches: number,
  depthInches: number,
  cellInches: number,
  seen: Uint8Array,
  rowsX: ArrayLike<number>,
  rowsY: ArrayLike<number>,
  colsX: ArrayLike<number>,
  colsY: ArrayLike<number>,
): FireLanes {
  const nx = Math.max(1, Math.ceil(widthInches / cellInches));
  const ny = Math.max(1, Math.ceil(depthInches / cellInches));
  const counts = new Float64Array(nx * ny);
  const stamp = new Int32Array(nx * ny).fill(-1);
  const rows = rowsX.length;
  const cols = colsX.length;
  let lines = 0;
  const half = cellInches / 2;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!seen[r * cols + c]) continue;
      const id = lines++;
      let ax = rowsX[r], ay = rowsY[r], bx = colsX[c], by = colsY[c];
      if (ax > bx || (ax === bx && ay > by)) {
        const tx = ax, ty = ay;
        ax = bx;
        ay = by;
        bx = tx;
        by = ty;
      }
      const len = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
      const n = Math.max(1, Math.ceil(len / half));
      for (let k = 0; k <= n; k++) {
        const x = ax + ((bx - ax) * k) / n;
        const y = ay + ((by - ay) * k) / n;
        const i = Math.min(nx - 1, Math.max(0, Math.floor(x / cellInches)));
        const j = Math.min(ny - 1, Math.max(0, Math.floor(y / cellInches)));
        const cell = j * nx + i;
        if (stamp[cell] !== id) {
          stamp[cell] = id;
          counts[cell]++;
        }
      }
    }
  }
  if (lines > 0) for (let i = 0; i < counts.length; i++) counts[i] /= lines;
  return { cellInches, nx, ny, share: counts, lines };
}
