/**
 * The two restrictions of `abilities/clauses41c.ts` in play (issue 34, session 41, sh41c):
 *
 * - `{noPileIn41c}` (Strength of Stone: "The target cannot make pile-in moves"): {@link noPileIn41c} is asked by the
 *   FIGHT (`attacks.ts`: a pile-in given with the fight is refused, Core 15.3) and by an ability's pile-in move
 *   (`abilityUse.ts`: skipped).
 * - `{noCrits41c}` (Clarity of Thought: "attacks that target that friendly unit cannot score critical hits (treat them
 *   as regular hits instead)"): `attackAbilities.ts` reads it on the target's effects (`noCrit41c` of the weapon's
 *   abilities); `attacks.ts` then counts no critical hit (Core 17.0), the hit roll itself unchanged.
 *
 * @module
 */

import { effectsOn } from '../abilities/passives';
import type { AbilityEffect } from '../abilities/schema';
import type { GeometryPort } from './geometryPort';
import type { GameState } from './state';

/** The filter of `{noPileIn41c}` (a module constant: `effectsOn` caches by filter). */
const NO_PILE_IN = (e: AbilityEffect) => 'noPileIn41c' in e;

/** The filter of `{mayRallyInCombat41c}`. */
const RALLY_IN_COMBAT = (e: AbilityEffect) => 'mayRallyInCombat41c' in e;

/** The rule letting unit `unitId` use the Rally command while in combat (World Banner; Core 29.0: a permission overrides the restriction), or null. */
export function rallyInCombat41c(s: GameState, port: GeometryPort, unitId: string): string | null {
  return effectsOn(s, port, unitId, {}, RALLY_IN_COMBAT)[0]?.rule ?? null;
}

/** The rule forbidding unit `unitId` to make pile-in moves now, or null. */
export function noPileIn41c(s: GameState, port: GeometryPort, unitId: string): string | null {
  return effectsOn(s, port, unitId, {}, NO_PILE_IN)[0]?.rule ?? null;
}
