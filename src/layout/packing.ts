import { footprintGap } from '../geometry/footprintGap';
import { classFootprint, classVolumeHeight, type ModelClass } from './classes';
import type { SpotGrid } from './standingSpots';

/**
 * Hiding capacity: how many bases of the class fit, without overlapping, on the given spots (the
 * territory's unexposed ones). A greedy packing: spots are taken in row order (y, then x) and a
 * base is placed on a spot when it overlaps none placed before (plan gap of the footprints >= 0,
 * exact ellipse gap; bases whose height ranges do not overlap never collide, A-G30). On a square
 * grid this is a lower bound of the best packing (for 32 mm bases on a 1" grid, every other spot of
 * a row: 0.5 bases per square inch where hexagonal packing would fit about 0.73).
 * @returns the number of bases and the spots they stand on.
 */
export function greedyPacking(spots: SpotGrid, cls: ModelClass, candidates: readonly number[]): { count: number; placed: number[] } {
  const order = [...candidates].sort((a, b) => spots.y[a] - spots.y[b] || spots.x[a] - spots.x[b]);
  const placed: number[] = [];
  const h = classVolumeHeight(cls);
  const f = classFootprint(cls, 0, 0);
  const g = classFootprint(cls, 0, 0);
  const reach = 2 * f.semiMajor;
  for (const i of order) {
    f.x = spots.x[i];
    f.y = spots.y[i];
    let free = true;
    for (const j of placed) {
      const dx = spots.x[j] - f.x;
      const dy = spots.y[j] - f.y;
      if (dx * dx + dy * dy >= reach * reach) continue;
      if (spots.z[i] + h <= spots.z[j] + 1e-6 || spots.z[j] + h <= spots.z[i] + 1e-6) continue;
      g.x = spots.x[j];
      g.y = spots.y[j];
      if (footprintGap(f, g).signedInches < -1e-9) {
        free = false;
        break;
      }
    }
    if (free) placed.push(i);
  }
  return { count: placed.length, placed };
}
