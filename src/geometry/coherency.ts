import { footprintGapAtMost } from './footprintGap';
import type { Footprint } from './footprint';
import { EPSILON_INCHES } from './units';

/** Answer of {@link coherencyOf}: the verdict and what breaks it. */
export interface CoherencyResult {
  coherent: boolean;
  /** Models with too few neighbours within coherency range. */
  isolated: number[];
  /** Number of connected groups (1 when coherent). */
  groups: number;
  /** Neighbours needed per model: 1, or 2 at 7+ models. */
  neighboursNeeded: number;
}

/**
 * Unit coherency (Core 15.1, INVENTORY G6 and A-G18): a unit of one model is coherent; otherwise
 * each model must be within the coherency range, measured horizontally (height ignored), of at
 * least 1 other model (2 while the unit has 7 or more models), and the models must form a single
 * group (the neighbour graph is connected). Each pair is within range when its exact plan gap is
 * at most the range ({@link footprintGapAtMost}: the plainly near and far pairs decided by bounds,
 * equal bases facing the same way by the doubled base, the others by the exact gap).
 * @param footprints - the unit's model footprints (inches).
 * @param rangeInches - the unit's coherency range (default 1/2").
 */
export function coherencyOf(footprints: Footprint[], rangeInches: number): CoherencyResult {
  const n = footprints.length;
  const need = n >= 7 ? 2 : 1;
  if (n <= 1) return { coherent: true, isolated: [], groups: n, neighboursNeeded: need };
  const adj: number[][] = footprints.map(() => []);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (footprintGapAtMost(footprints[i], footprints[j], rangeInches + EPSILON_INCHES)) {
        adj[i].push(j);
        adj[j].push(i);
      }
    }
  }
  const isolated: number[] = [];
  for (let i = 0; i < n; i++) if (adj[i].length < need) isolated.push(i);
  const seen = new Int32Array(n).fill(-1);
  let groups = 0;
  for (let s = 0; s < n; s++) {
    if (seen[s] >= 0) continue;
    const stack = [s];
    seen[s] = groups;
    while (stack.length) {
      const v = stack.pop()!;
      for (const w of adj[v]) if (seen[w] < 0) { seen[w] = groups; stack.push(w); }
    }
    groups++;
  }
  return { coherent: isolated.length === 0 && groups === 1, isolated, groups, neighboursNeeded: need };
}
