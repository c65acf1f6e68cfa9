/**
 * A ranged weapon's Range as modified by abilities (issue 34, session 41, sh41c; Core 16.0: "a model can make shooting
 * attacks with a ranged weapon at a target within the weapon's Range"): the characteristic plus the `modify: "range"`
 * effects on the unit for that weapon (`passives.ts` `modified`, filtered by the weapon's name like every named-weapon
 * effect): Lofted Shots, Scryhawks, Guided by the Winds (lrl-001; `abilities/parseRange41c.ts`). Read each time the
 * engine measures a shooting attack's range (`attacks.ts` `attackingModels`), so an aura's condition is measured then.
 *
 * @module
 */

import { modified } from '../abilities/passives';
import type { GeometryPort } from './geometryPort';
import type { RosterWeapon } from './roster';
import type { GameState } from './state';

/** The Range in inches of ranged weapon `w` of unit `unitId` now (never below 0); a melee weapon: null. */
export function weaponRange41c(s: GameState, port: GeometryPort, unitId: string, w: RosterWeapon): number | null {
  if (w.range === 'melee') return null;
  const m = modified(s, port, unitId, 'range', { weapon: 'ranged', weaponName: w.name });
  return Math.max(0, w.range + m.add);
}
