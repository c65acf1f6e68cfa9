/**
 * The real {@link GeometryPort} over `src/geometry`'s {@link World}.
 *
 * This is the only file of `src/rules` that imports `src/geometry` (which itself imports only
 * three.js math and three-mesh-bvh, no renderer, no React), so the engine core stays headless;
 * the worker builds a World and passes `worldPort(world)` to `reduce`.
 *
 * @module
 */

import { unitsInCombat, modelContests } from '../../geometry/combat';
import { coherencyOf } from '../../geometry/coherency';
import { distanceBetween } from '../../geometry/distance';
import { movePathCost } from '../../geometry/movePath';
import { modelVisible, unitVisible } from '../../geometry/visibility';
import type { World } from '../../geometry/world';
import type { GeometryPort } from './geometryPort';

/** Wrap a World as a {@link GeometryPort}. Slain models must have been removed from the World. */
export function worldPort(world: World): GeometryPort {
  const objective = (id: string) => world.objectives.get(id);
  const contestingModels = (unitId: string, objectiveId: string): string[] => {
    const o = objective(objectiveId);
    if (!o) return [];
    return world.unitModels(unitId).filter((m) => modelContests(world, m.id, o)).map((m) => m.id);
  };
  return {
    unitsInCombat: (a, b) => unitsInCombat(world, a, b).inCombat,
    distance: (a, b) => distanceBetween(world, a, b).distanceInches,
    visible: (a, b) => {
      if (world.units.has(a) && world.units.has(b)) return unitVisible(world, a, b).visible;
      if (world.models.has(a) && world.models.has(b)) return modelVisible(world, a, b).visible;
      return false;
    },
    movePathCost: (modelId, path, opts) => {
      const r = movePathCost(world, modelId, path, { fly: opts.fly });
      return r.ok ? { ok: true, inches: r.inches } : { ok: false, reason: r.reason, rule: r.rule };
    },
    coherent: (unitId) => {
      const u = world.units.get(unitId);
      const ms = world.unitModels(unitId);
      const r = coherencyOf(
        ms.map((m) => m.footprint),
        u?.coherencyRangeInches ?? 0.5,
      );
      return { coherent: r.coherent, breaking: r.isolated.map((i) => ms[i].id) };
    },
    contests: (unitId, objectiveId) => contestingModels(unitId, objectiveId).length > 0,
    contestingModels,
    onBattlefield: (unitId) => world.unitModels(unitId).length > 0,
  };
}
