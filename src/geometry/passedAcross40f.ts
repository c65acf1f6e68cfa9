/**
 * "Passed across" (issue 34, session 40, sh40f): which other bases a model's base passed across while it
 * followed a path, plan view.
 *
 * Reading (docs/interpretations.md "Passed across"): a model passes across another model when, at some point of
 * its move, its base footprint (Core 1.0: the base, seen from above; INVENTORY 0.5) overlaps that model's base.
 * Touching is not overlapping (Core 15.0's "overlapping" end pose uses the same test): a base that goes by at 0.1"
 * has not passed across. A unit passes across an enemy unit when any of its models passes across any model of it.
 *
 * Measured by sampling each segment of the path every {@link STEP_INCHES} and, per segment and other base, at the
 * point of the segment closest to that base's centre (exact for round bases: the swept circle comes nearest there),
 * with {@link footprintGap}'s signed separation below `-EPSILON_INCHES`.
 *
 * Pure.
 *
 * @module
 */

import type { Footprint } from './footprint';
import { footprintGap, footprintsSurelyApart } from './footprintGap';
import { EPSILON_INCHES } from './units';

/** The sampling step along a segment, inches. */
export const STEP_INCHES = 0.05;

/** Another base that a moving base may pass across, with the id the caller wants back (a model or unit id). */
export interface Across {
  readonly id: string;
  readonly footprint: Footprint;
}

/**
 * The ids of `others` whose base the moving base `moving` (its centre is moved along `path`, plan view, inches)
 * overlaps at some point of the path; in the order of `others`, each once. A path of one point is a base standing
 * still (overlap there counts). Throws on a non-finite path point.
 */
export function basesPassedAcross(moving: Footprint, path: readonly (readonly [number, number])[], others: readonly Across[]): string[] {
  const hit = new Set<string>();
  for (const p of path) if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) throw new Error(`passed across: path point [${p[0]}, ${p[1]}] is not finite`);
  const overlaps = (x: number, y: number, o: Across): boolean => footprintGap({ ...moving, x, y }, o.footprint).signedInches < -EPSILON_INCHES;
  for (let k = 0; k < path.length; k++) {
    const [x0, y0] = path[Math.max(0, k - 1)];
    const [x1, y1] = path[k];
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len = Math.hypot(dx, dy);
    const n = Math.max(1, Math.ceil(len / STEP_INCHES));
    for (const o of others) {
      if (hit.has(o.id)) continue;
      // Closest point of the segment to the other base's centre.
      const t = len > 0 ? Math.max(0, Math.min(1, ((o.footprint.x - x0) * dx + (o.footprint.y - y0) * dy) / (len * len))) : 0;
      const cx = x0 + dx * t;
      const cy = y0 + dy * t;
      if (footprintsSurelyApart({ ...moving, x: cx, y: cy }, o.footprint, 0.001)) continue; // never near enough on this segment
      if (overlaps(cx, cy, o)) {
        hit.add(o.id);
        continue;
      }
      for (let i = 0; i <= n; i++) {
        if (overlaps(x0 + (dx * i) / n, y0 + (dy * i) / n, o)) {
          hit.add(o.id);
          break;
        }
      }
    }
  }
  return others.filter((o) => hit.has(o.id)).map((o) => o.id);
}
