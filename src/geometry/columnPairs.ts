/**
 * Segments joining two vertical columns of points, against an upright box: the layout search's
 * cover proof (issue 19, docs/layout.md "Fifth pass").
 *
 * All the segments from one vertical line to another lie in the vertical plane through both, and
 * share one plan segment: where that plan segment runs inside a box's footprint (the parameter
 * interval `[lo, hi]`, from 0 at the first column to 1 at the second) does not depend on the ends'
 * heights. A segment from height `za` to height `zb` then touches the box exactly when its height
 * somewhere on `[lo, hi]` is within the box's heights, and its height is linear in the parameter:
 * two products per segment instead of a segment test.
 */
import { boxPlanSlabs, type SolidOccluder } from './occluders';

/**
 * How far inside the box's heights a segment must pass for {@link heightsMeet} to count it, inches:
 * far above the rounding of the segment test (about 1e-14" on a table of 200"), so a segment the
 * cover counts blocked is one the segment test finds blocked.
 */
export const COVER_MARGIN_INCHES = 1e-9;

/** Numbers per box piece in a pieces array (see {@link writeBoxPiece}). */
export const PIECE_STRIDE = 12;

/**
 * Writes box piece `o` (a `SolidOccluder` with no `asPrism`) at slot `k` of a pieces array, as the
 * box segment test reads it: its plan bounds `x0, y0, x1, y1`, then its slab numbers (centre x and
 * y, half sizes along its own x and y, bottom and top z, cos and sin of its turn).
 */
export function writeBoxPiece(o: SolidOccluder, out: Float64Array, k: number): void {
  const at = k * PIECE_STRIDE;
  out[at] = o.bounds[0];
  out[at + 1] = o.bounds[1];
  out[at + 2] = o.bounds[3];
  out[at + 3] = o.bounds[4];
  for (let i = 0; i < 8; i++) out[at + 4 + i] = o.slab[i];
}

/**
 * The plan interval of the box piece at offset `at` of pieces array `D` (see {@link writeBoxPiece})
 * along the plan segment from `(ax, ay)` to `(bx, by)` (inches): writes `[lo, hi]` (parameters
 * within [0, 1]) to `out` and returns true, or returns false when no segment joining the two
 * vertical lines touches the box. The box segment test's own plan bounds check and plan slabs
 * (`scratchSegmentHits`, `boxPlanSlabs`), so `lo` and `hi` are the very numbers that test compares
 * a segment's heights with, for any heights of its ends.
 */
export function boxPlanInterval(D: Float64Array, at: number, ax: number, ay: number, bx: number, by: number, out: Float64Array): boolean {
  if ((ax < D[at] && bx < D[at]) || (ax > D[at + 2] && bx > D[at + 2])) return false;
  if ((ay < D[at + 1] && by < D[at + 1]) || (ay > D[at + 3] && by > D[at + 3])) return false;
  return boxPlanSlabs(D, at + 4, ax, ay, bx - ax, by - ay, out);
}

/**
 * Does the segment from height `za` (at parameter 0) to `zb` (at 1) pass through the heights
 * `[z0, z1]` somewhere on the parameters `[lo, hi]`, with {@link COVER_MARGIN_INCHES} to spare?
 * With `lo` and `hi` from {@link boxPlanInterval} and the box's bottom `z0` and top `z1`:
 * true only when the box segment test finds the segment touching the box.
 *
 * On a pair of columns the heights for which this holds have convex sections (for one `za`, the
 * `zb` form an interval, and the other way round: the section of the box by the columns' plane is
 * a rectangle), so when it holds for the four pairs of the columns' end heights it holds for every
 * pair of heights between them.
 */
export function heightsMeet(lo: number, hi: number, z0: number, z1: number, za: number, zb: number): boolean {
  const h1 = za + lo * (zb - za);
  const h2 = za + hi * (zb - za);
  return (h1 > h2 ? h1 : h2) >= z0 + COVER_MARGIN_INCHES && (h1 < h2 ? h1 : h2) <= z1 - COVER_MARGIN_INCHES;
}

/**
 * Is box piece `inner` inside box piece `outer` (both `SolidOccluder`s with no `asPrism`; each
 * corner of `inner` within `outer`'s slabs)? Then every segment touching `inner` touches `outer`,
 * and a cover proof needs only `outer`.
 */
export function boxInsideBox(inner: SolidOccluder, outer: SolidOccluder): boolean {
  const a = inner.slab;
  const b = outer.slab;
  if (a[4] < b[4] || a[5] > b[5]) return false;
  for (let k = 0; k < 4; k++) {
    const u = k & 1 ? a[2] : -a[2];
    const v = k & 2 ? a[3] : -a[3];
    const ox = a[0] + a[6] * u - a[7] * v - b[0];
    const oy = a[1] + a[7] * u + a[6] * v - b[1];
    if (Math.abs(b[6] * ox + b[7] * oy) > b[2] || Math.abs(-b[7] * ox + b[6] * oy) > b[3]) return false;
  }
  return true;
}

/**
 * Does the box piece with plan interval `[lo, hi]` and heights `[z0, z1]` meet every segment
 * joining a point of the first column (heights `zaBottom..zaTop`) to a point of the second
 * (`zbBottom..zbTop`)? It is enough that it meets the four segments joining their ends (see
 * {@link heightsMeet}).
 */
export function columnPairCovered(lo: number, hi: number, z0: number, z1: number, zaTop: number, zaBottom: number, zbTop: number, zbBottom: number): boolean {
  return heightsMeet(lo, hi, z0, z1, zaTop, zbTop) && heightsMeet(lo, hi, z0, z1, zaBottom, zbBottom) && heightsMeet(lo, hi, z0, z1, zaTop, zbBottom) && heightsMeet(lo, hi, z0, z1, zaBottom, zbTop);
}

/** Numbers per part in a column pair's parts array (see {@link writeCoverLines}). */
export const LINES_STRIDE = 12;

/**
 * For a box piece with plan interval `[lo, hi]` and heights `[z0, z1]` on a column pair, the heights
 * `zb` of the second column whose segment from height `za` of the first {@link heightsMeet} counts
 * as meeting the piece form an interval `[L(za), U(za)]` (empty when L > U): the height at
 * parameter t is `za + t (zb - za)`, increasing in `zb` for t > 0, so the segment rises past `z0`
 * at `lo` or at `hi` from `L = min(l_lo(za), l_hi(za))` up, and is below `z1` at one of them up to
 * `U = max(u_lo(za), u_hi(za))`, four lines in `za`: `l_t(za) = (z0 - (1 - t) za) / t`, `u_t(za) =
 * (z1 - (1 - t) za) / t`. Writes at slot `k` of `out` the four lines as (intercept, slope) pairs in
 * the order l_lo, l_hi, u_lo, u_hi, then `z0` and `z1` with the margin, then 1 or 0 for `lo = 0` and
 * `hi = 0` (the height there is `za` whatever `zb`: a condition on `za` alone). Rounding may count
 * a height within about 1e-14" of an end either way; both keep {@link COVER_MARGIN_INCHES}, far
 * above it, inside the box's heights.
 */
export function writeCoverLines(lo: number, hi: number, z0: number, z1: number, out: Float64Array, k: number): void {
  const Z0 = z0 + COVER_MARGIN_INCHES;
  const Z1 = z1 - COVER_MARGIN_INCHES;
  const at = k * LINES_STRIDE;
  out[at] = lo > 0 ? Z0 / lo : 0;
  out[at + 1] = lo > 0 ? -(1 - lo) / lo : 0;
  out[at + 2] = hi > 0 ? Z0 / hi : 0;
  out[at + 3] = hi > 0 ? -(1 - hi) / hi : 0;
  out[at + 4] = lo > 0 ? Z1 / lo : 0;
  out[at + 5] = lo > 0 ? -(1 - lo) / lo : 0;
  out[at + 6] = hi > 0 ? Z1 / hi : 0;
  out[at + 7] = hi > 0 ? -(1 - hi) / hi : 0;
  out[at + 8] = Z0;
  out[at + 9] = Z1;
  out[at + 10] = lo > 0 ? 0 : 1;
  out[at + 11] = hi > 0 ? 0 : 1;
}

/** The interval `[L, U]` of {@link writeCoverLines} (slot `k` of `lines`) at height `za`, written to `out` (inches). */
export function coveredHeights(lines: Float64Array, k: number, za: number, out: Float64Array): void {
  const at = k * LINES_STRIDE;
  let a = lines[at] + lines[at + 1] * za;
  let b = lines[at + 2] + lines[at + 3] * za;
  let c = lines[at + 4] + lines[at + 5] * za;
  let d = lines[at + 6] + lines[at + 7] * za;
  if (lines[at + 10] !== 0) {
    a = za >= lines[at + 8] ? -Infinity : Infinity;
    c = za <= lines[at + 9] ? Infinity : -Infinity;
  }
  if (lines[at + 11] !== 0) {
    b = za >= lines[at + 8] ? -Infinity : Infinity;
    d = za <= lines[at + 9] ? Infinity : -Infinity;
  }
  out[0] = a < b ? a : b;
  out[1] = c > d ? c : d;
}
