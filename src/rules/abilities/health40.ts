/**
 * Session 40 (sh40a): the condition `healthAtMost` (an extension of ABILITIES.md's conditions): the affected unit's
 * Health characteristic, its warscroll's (Core 1.0 characteristics; as `slay` reads it), is at most N ("Enemy units
 * with a Health characteristic of 1 or 2 ...", You Messin'?, contest40.ts).
 *
 * @module
 */

import type { GameState } from '../engine/state';
import type { AbilityCondition } from './schema';

/** Does `healthAtMost` hold for the affected unit? True without the field; false for a unit not in its roster. */
export function healthHolds(s: GameState, cond: AbilityCondition, affected: string): boolean {
  if (cond.healthAtMost === undefined) return true;
  const u = s.units[affected];
  const health = u === undefined ? undefined : s.players[u.owner].roster.units.find((x) => x.id === affected)?.warscroll.health;
  return health !== undefined && health <= cond.healthAtMost;
}
