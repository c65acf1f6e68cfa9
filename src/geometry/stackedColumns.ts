import type { Occluder, SolidOccluder } from './occluders';
import type { PlanBlocker } from './planClosure';

/**
 * Columns of stacked closed meshes of one feature joined across their joint (a tower built of a
 * base, a middle and a top, each its own closed mesh).
 *
 * A column of the lower mesh reaching its top and one of the upper mesh reaching its bottom
 * (`meshColumns.ts`: boxes inside each solid) have a common footprint F (the intersection of their
 * plan rectangles) over the heights [zMin, g0] (lower) and [g1, zMax] (upper), with a gap (g0, g1)
 * between them: at least the 2e-6" the columns leave at the faces, or a real gap between the
 * meshes (the archive tower's middle stands 0.0005" above its base). A segment crossing F in plan
 * at heights within [zMin, zMax] touches a column, hence a solid, unless its height stays inside
 * the gap all the way across F. That is ruled out with the heights of the segments' ends:
 *
 * - if no end point lies within `delta` of the gap (heights at least `delta` below g0 or above
 *   g1), a segment enters the gap only by climbing (or falling) from below to above it, by at
 *   least 2 delta + (g1 - g0) over its plan length, at most `L`: its slope is at least
 *   (2 delta + gap) / L;
 * - a segment meeting F shrunk by w on every side (and whose ends are outside F in plan) crosses
 *   at least 2w of F in plan, over which its height changes by at least 2w times that slope;
 * - with w > gap L / (2 (2 delta + gap)) that change exceeds the gap: some point of the crossing
 *   is below g0 or above g1, in a column.
 *
 * So the shrunk footprint over [zMin, zMax] is a plan blocker for shafts whose ends are all
 * outside F, `delta` away from the gap, and at most L apart in plan ({@link joinedBlocker}); a
 * shaft whose ends are all below the gap (or all above) never enters it, and one from a box wholly
 * below the gap to a box wholly above rises at least the height between them ({@link gapRise}).
 */
export interface JoinedColumn {
  /** The lower mesh (the joined column is listed with it). */
  lower: Occluder;
  /** Common footprint `[x0, y0, x1, y1]`, inches. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Bottom of the lower column and top of the upper one, inches. */
  zMin: number;
  zMax: number;
  /** The gap: top of the lower column and bottom of the upper one (g0 <= g1 is not required: overlapping columns leave none). */
  g0: number;
  g1: number;
}

/** Stacked when the upper mesh's bottom is within this of the lower one's top (inches). */
const JOINT_TOLERANCE_INCHES = 0.01;

/**
 * The joined columns of every pair of closed meshes of one feature standing one on the other
 * (the upper's bottom within 0.01" of the lower's top): each column of the lower reaching its top
 * (within 1e-5") with each column of the upper reaching its bottom, when their footprints overlap.
 * @param columnsOf a closed mesh's columns (axis-aligned boxes, `meshColumns`).
 */
export function joinedColumns(occ: readonly Occluder[], columnsOf: (o: Occluder) => SolidOccluder[]): JoinedColumn[] {
  const meshes = occ.filter((o) => o.kind === 'mesh' && o.closed && o.featureIndex >= 0);
  const out: JoinedColumn[] = [];
  for (const lo of meshes) {
    for (const up of meshes) {
      if (lo === up || lo.featureIndex !== up.featureIndex) continue;
      const joint = up.bounds[2] - lo.bounds[5];
      if (joint < -1e-9 || joint > JOINT_TOLERANCE_INCHES) continue;
      for (const a of columnsOf(lo)) {
        if (a.bounds[5] < lo.bounds[5] - 1e-5) continue;
        for (const b of columnsOf(up)) {
          if (b.bounds[2] > up.bounds[2] + 1e-5) continue;
          const x0 = Math.max(a.bounds[0], b.bounds[0]);
          const y0 = Math.max(a.bounds[1], b.bounds[1]);
          const x1 = Math.min(a.bounds[3], b.bounds[3]);
          const y1 = Math.min(a.bounds[4], b.bounds[4]);
          if (!(x1 > x0 && y1 > y0)) continue;
          out.push({ lower: lo, x0, y0, x1, y1, zMin: a.bounds[2], zMax: b.bounds[5], g0: a.bounds[5], g1: b.bounds[2] });
        }
      }
    }
  }
  return out;
}

/**
 * Least distance (inches) from the heights of points `[x, y, z, ...]` to the joined column's gap
 * [g0, g1]; 0 when one lies in it.
 */
export function gapClearance(j: JoinedColumn, points: Float64Array, delta = Infinity): number {
  const g0 = Math.min(j.g0, j.g1);
  const g1 = Math.max(j.g0, j.g1);
  let d = delta;
  for (let i = 2; i < points.length; i += 3) {
    const z = points[i];
    const e = z < g0 ? g0 - z : z > g1 ? z - g1 : 0;
    if (e < d) d = e;
  }
  return d;
}

/**
 * Writes into `out` the plan blocker of a joined column for shafts whose segments, when they enter
 * the gap at all, climb or fall by at least `rise` inches between their ends (2 delta + gap when
 * every end is `delta` from the gap; Infinity when no segment can reach the gap) and whose ends are
 * at most `planLength` inches apart in plan: its footprint shrunk by w = gap * planLength / (2 rise)
 * (plus 1e-9) on every side, over [zMin, zMax] (see the module comment). `out.poly` must hold 8
 * numbers and `out.box` 4.
 * @returns false when nothing is left of the footprint.
 */
export function joinedBlocker(j: JoinedColumn, rise: number, planLength: number, out: PlanBlocker): boolean {
  if (!(rise > 0)) return false;
  const gap = Math.max(0, j.g1 - j.g0);
  const w = rise === Infinity ? 1e-9 : (gap * planLength) / (2 * rise) + 1e-9;
  const x0 = j.x0 + w, y0 = j.y0 + w, x1 = j.x1 - w, y1 = j.y1 - w;
  if (!(x1 > x0 && y1 > y0)) return false;
  const P = out.poly;
  P[0] = x0; P[1] = y0; P[2] = x1; P[3] = y0; P[4] = x1; P[5] = y1; P[6] = x0; P[7] = y1;
  out.box[0] = x0;
  out.box[1] = y0;
  out.box[2] = x1;
  out.box[3] = y1;
  out.zMin = j.zMin;
  out.zMax = j.zMax;
  return true;
}

/**
 * The least rise of a segment from box A to box B (`[minX, minY, minZ, maxX, maxY, maxZ]`) that
 * enters the joined column's gap, when every point the boxes hold is at least `delta` from it in
 * height: Infinity when both boxes are below the gap or both above (no segment enters it), else at
 * least 2 delta + gap, and at least the height between the boxes when one is wholly below the other.
 */
export function gapRise(j: JoinedColumn, delta: number, a: Float64Array, b: Float64Array): number {
  if ((a[5] < j.g0 && b[5] < j.g0) || (a[2] > j.g1 && b[2] > j.g1)) return Infinity;
  return Math.max(2 * delta + Math.max(0, j.g1 - j.g0), b[2] - a[5], a[2] - b[5]);
}
