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
import type { SolidOccluder } from './occluders';

/**
 * How far inside the box's heights a segment must pass for {@link heightsMeet} to count it, inches:
 * far above the rounding of the segment test (about 1e-14" on a table of 200"), so a segment the
 * cover counts blocked is one the segment test finds blocked.
 */
export const COVER_MARGIN_INCHES = 1e-9;

/**
 * The plan interval of a box piece (a `SolidOccluder` with no `asPrism`) along the plan segment
 * from `(ax, ay)` to `(bx, by)` (inches): writes `[lo, hi]` (parameters within [0, 1]) to `out` and
 * returns true, or returns false when no segment joining the two vertical lines touches the box.
 * The arithmetic is the box segment test's (`scratchSegmentHits`: its plan bounds check, then its
 * two plan slabs, in the same order), so `lo` and `hi` are the very numbers that test compares a
 * segment's heights with, for any heights of its ends.
 */
export function boxPlanInterval(o: SolidOccluder, ax: number, ay: number, bx: number, by: number, out: Float64Array): boolean {
  const B = o.bounds;
  if ((ax < B[0] && bx < B[0]) || (ax > B[3] && bx > B[3])) return false;
  if ((ay < B[1] && by < B[1]) || (ay > B[4] && by > B[4])) return false;
  const b = o.slab;
  const dx = bx - ax;
  const dy = by - ay;
  const c = b[6];
  const sn = b[7];
  const ox = ax - b[0];
  const oy = ay - b[1];
  let lo = 0;
  let hi = 1;
  let p0 = c * ox + sn * oy;
  let d = c * dx + sn * dy;
  let max = b[2];
  let min = -max;
  if (d === 0) {
    if (p0 < min || p0 > max) return false;
  } else {
    let t0 = (min - p0) / d;
    let t1 = (max - p0) / d;
    if (t0 > t1) {
      const t = t0;
      t0 = t1;
      t1 = t;
    }
    if (t0 > lo) lo = t0;
    if (t1 < hi) hi = t1;
    if (lo > hi) return false;
  }
  p0 = -sn * ox + c * oy;
  d = -sn * dx + c * dy;
  max = b[3];
  min = -max;
  if (d === 0) {
    if (p0 < min || p0 > max) return false;
  } else {
    let t0 = (min - p0) / d;
    let t1 = (max - p0) / d;
    if (t0 > t1) {
      const t = t0;
      t0 = t1;
      t1 = t;
    }
    if (t0 > lo) lo = t0;
    if (t1 < hi) hi = t1;
    if (lo > hi) return false;
  }
  out[0] = lo;
  out[1] = hi;
  return true;
}

/**
 * Does the segment from height `za` (at parameter 0) to `zb` (at 1) pass through the heights
 * `[z0, z1]` somewhere on the parameters `[lo, hi]`, with {@link COVER_MARGIN_INCHES} to spare?
 * With `lo` and `hi` from {@link boxPlanInterval} and the box's `z0 = slab[4]`, `z1 = slab[5]`:
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
