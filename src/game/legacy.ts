/**
 * The first battlefield format (`sightline-game/1` saved games and battlefield files: boxes and
 * cylinders, objectives as `{id, x, y}`, `placement` and `unitHeights`) converted to the one table
 * format, a scenario (SCENARIO.md). Converted tables build the very World the old format built
 * (same solids, bases, heights, base thickness 4 mm and objective 40 mm), so old games replay to
 * the same state hashes.
 *
 * @module
 */
import { BattlefieldSchema, type BattlefieldInput } from '../rules/engine/battlefield';
import { DEFAULT_MODEL_HEIGHT_INCHES, type Roster } from '../rules/engine/roster';
import type { PlayerId } from '../rules/engine/state';
import type { Scenario } from '../scenario/schema';
import { rosterBaseMm } from './gameWorld';

/**
 * A battlefield of the first format as the game's table: terrain pieces as `box` / `cylinder`
 * pieces, objectives at their positions (40 mm), territories as they are, and every roster model
 * with a `placement` as a model of its unit (army = the player id, height from `unitHeights` or
 * 1.25"). Models without a placement start off the table.
 * @throws ZodError when the battlefield is not valid.
 */
export function battlefieldToTable(battlefield: BattlefieldInput | unknown, rosters: Record<PlayerId, Roster>): Scenario {
  const bf = BattlefieldSchema.parse(battlefield);
  const units: NonNullable<Scenario['units']> = [];
  for (const p of ['p1', 'p2'] as const) {
    for (const u of [...rosters[p].units, ...(rosters[p].manifestations ?? [])]) {
      const models = u.models
        .filter((m) => bf.placement[m.id])
        .map((m) => ({ id: m.id, base: rosterBaseMm(m.base), height: bf.unitHeights?.[u.id] ?? DEFAULT_MODEL_HEIGHT_INCHES, position: [...bf.placement[m.id]] as [number, number] }));
      if (models.length) units.push({ id: u.id, army: p, keywords: [...u.warscroll.keywords], models });
    }
  }
  return {
    battlefield: { width: bf.width, depth: bf.depth },
    terrain: bf.terrain.map((t) => ({
      id: t.id,
      type: t.type,
      ...(t.abilities ? { abilities: t.abilities } : {}),
      pieces: [
        ...(t.boxes ?? []).map((b) => ({ shape: 'box' as const, center: b.center, size: b.size, rotation: b.rotationDeg ?? 0, elevation: b.elevation ?? 0 })),
        ...(t.cylinders ?? []).map((c) => ({ shape: 'cylinder' as const, center: c.center, radius: c.radius, height: c.height, elevation: c.elevation ?? 0 })),
      ],
    })),
    objectives: bf.objectives.map((o) => ({ id: o.id, position: [o.x, o.y] as [number, number] })),
    ...(bf.territories ? { territories: bf.territories } : {}),
    units,
  };
}
