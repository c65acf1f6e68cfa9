/**
 * Session 38 (ab38d): the damage points allocated to each unit by one use of an ability (Core 18.0: after ward rolls),
 * for a later effect of the same use: "If 3 or more damage points are allocated to the target by this ability,
 * subtract 1 from hit rolls for the target's attacks for the rest of the turn." (Shriek of Terror, fec-001;
 * condition `allocatedByUse`). Kept per action (`Ctx`): the effects of one use resolve in one action.
 *
 * @module
 */

import type { Ctx } from './core';

/**
 * A count per unit for each use of an ability within one action (`Ctx`): `add(c, order, unitId, n)` adds `n` for the
 * use `order`, `get` reads it (0 when nothing was added). The damage points allocated here; the models slain by a use
 * in `afterFight39.ts`.
 */
export function perUseTally(): { add(c: Ctx, order: number, unitId: string, n: number): void; get(c: Ctx, order: number, unitId: string): number } {
  const byAction = new WeakMap<Ctx, Map<string, number>>();
  return {
    add(c, order, unitId, n) {
      let m = byAction.get(c);
      if (m === undefined) byAction.set(c, (m = new Map()));
      const key = `${order}:${unitId}`;
      m.set(key, (m.get(key) ?? 0) + n);
    },
    get: (c, order, unitId) => byAction.get(c)?.get(`${order}:${unitId}`) ?? 0,
  };
}

const allocated = perUseTally();

/** Add `points` allocated to `unitId` by the use `order` of an ability. */
export function noteAllocated(c: Ctx, order: number, unitId: string, points: number): void {
  allocated.add(c, order, unitId, points);
}

/** The damage points allocated to `unitId` so far by the use `order` of an ability in this action. */
export function allocatedBy(c: Ctx, order: number, unitId: string): number {
  return allocated.get(c, order, unitId);
}
