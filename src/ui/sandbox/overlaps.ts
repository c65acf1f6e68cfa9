/**
 * Models standing on one another (issue 18): a scenario that places two models' bases over each
 * other opens with a warning naming them. Exact ellipse gaps (`footprintGap`) on the plan view,
 * for models whose heights overlap too (a model on a floor above another does not overlap it).
 */
import type { Footprint } from '../../geometry/footprint';
import { footprintGap } from '../../geometry/footprintGap';

/** What the check needs of a model. */
export interface OverlapModel {
  id: string;
  footprint: Footprint;
  elevation: number;
  height: number;
}

/** Bases closer than this overlap (inches of penetration): touching bases do not. */
export const OVERLAP_TOLERANCE = 0.01;

/** Every pair of models whose bases overlap, as `[id, id]` (ids in input order), sorted. */
export function overlappingModels(models: readonly OverlapModel[]): [string, string][] {
  const shrink = (f: Footprint): Footprint => ({ ...f, semiMajor: Math.max(1e-4, f.semiMajor - OVERLAP_TOLERANCE / 2), semiMinor: Math.max(1e-4, f.semiMinor - OVERLAP_TOLERANCE / 2) });
  const out: [string, string][] = [];
  const sorted = models.map((m, i) => ({ m, i, f: shrink(m.footprint) })).sort((a, b) => a.m.footprint.x - a.m.footprint.semiMajor - (b.m.footprint.x - b.m.footprint.semiMajor));
  for (let a = 0; a < sorted.length; a++) {
    const A = sorted[a];
    for (let b = a + 1; b < sorted.length; b++) {
      const B = sorted[b];
      if (B.m.footprint.x - B.m.footprint.semiMajor > A.m.footprint.x + A.m.footprint.semiMajor) break;
      if (Math.hypot(A.m.footprint.x - B.m.footprint.x, A.m.footprint.y - B.m.footprint.y) >= A.m.footprint.semiMajor + B.m.footprint.semiMajor) continue;
      if (A.m.elevation + A.m.height <= B.m.elevation || B.m.elevation + B.m.height <= A.m.elevation) continue;
      if (footprintGap(A.f, B.f).gapInches > 0) continue;
      out.push(A.i < B.i ? [A.m.id, B.m.id] : [B.m.id, A.m.id]);
    }
  }
  return out.sort((p, q) => p[0].localeCompare(q[0]) || p[1].localeCompare(q[1]));
}

/** The warning's text, or null when no bases overlap. */
export function overlapWarning(pairs: readonly [string, string][], max = 8): string | null {
  if (pairs.length === 0) return null;
  const shown = pairs.slice(0, max).map(([a, b]) => `${a} and ${b}`);
  const more = pairs.length > max ? ` and ${pairs.length - max} more pair(s)` : '';
  return `Overlapping models: ${shown.join('; ')}${more}. Their bases stand on one another; move them apart before measuring or playing.`;
}
