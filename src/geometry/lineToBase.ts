import { closestPointOnFootprint, type Footprint } from './footprint';
import { footprintSegmentDistance } from './polygon';

/** Answer of {@link lineToBase}. */
export interface LineToBase {
  /** Closest point of the bases to the picked point, inches (plan view): the line's far end. */
  readonly end: readonly [number, number];
  /** Plan distance from the point to that closest point, inches (0 when the point is on a base). */
  readonly distanceInches: number;
  /** Indices into `others` of the footprints the line crosses (touches or passes through), ascending. */
  readonly crossed: readonly number[];
}

/**
 * A line drawn "between that point and the closest point on this WIZARD's base" (Sunder the
 * Earth, Ascension › Path of the Mage › Legendary; INVENTORY A-G26: plan view, a unit is crossed
 * when the segment meets any of its models' footprints): the closest point of `bases` (the
 * WIZARD's unit, every model's footprint; the closest of them) to `point`, its distance, and which
 * of `others` the segment from `point` to it meets. Exact for round and oval bases (the closest
 * point by {@link closestPointOnFootprint}, the segment-footprint distance by
 * {@link footprintSegmentDistance}); a footprint within `toleranceInches` of the segment counts.
 *
 * @param point - the picked point, plan view, inches.
 * @param bases - the WIZARD unit's footprints (at least one).
 * @param others - footprints to test (other units' models).
 * @param toleranceInches - contact tolerance, inches (default 1e-6).
 * @throws Error when `bases` is empty or the point is not finite.
 */
export function lineToBase(point: readonly [number, number], bases: readonly Footprint[], others: readonly Footprint[], toleranceInches = 1e-6): LineToBase {
  if (bases.length === 0) throw new Error('lineToBase: the unit has no base on the battlefield');
  if (!Number.isFinite(point[0]) || !Number.isFinite(point[1])) throw new Error(`lineToBase: the point must be finite inches, got ${JSON.stringify(point)}`);
  let best = Infinity;
  let end: [number, number] = [point[0], point[1]];
  for (const f of bases) {
    const c = closestPointOnFootprint(f, point[0], point[1]);
    const d = Math.max(0, c.signedDistance);
    if (d < best) {
      best = d;
      end = [c.x, c.y];
    }
  }
  const crossed: number[] = [];
  others.forEach((f, i) => {
    if (footprintSegmentDistance(f, point[0], point[1], end[0], end[1]) <= toleranceInches) crossed.push(i);
  });
  return { end, distanceInches: best, crossed };
}
