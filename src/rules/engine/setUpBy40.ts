/**
 * Which ability set a unit up this turn (issue 34, session 40, sh40c): "If this unit was set up this turn using the
 * 'Scions of the Storm' ability, pick up to 3 enemy units within 10" of it to be the targets." (Blazing Impact, sce).
 *
 * Recorded as `turn.setUpBy` (reset each turn with the other turn flags) wherever the engine sets a unit up on the
 * battlefield outside deployment (Core 24.0):
 * - an ability's set-up (`abilityUse.ts` `setUpByAbility`, `setUp: "battlefield"`): that ability's name;
 * - a unit set up from reserve (`deployment.ts` `setUpReserve`, Core 24.1): the ability that put it in reserve
 *   during the battle (`reserveBy`, recorded by `setUpByAbility` with `setUp: "reserve"`); for a unit placed in
 *   reserve before the battle (`GameSetup.reserves`), its faction's battle trait that places units in reserve and
 *   sets them up from there, {@link RESERVE_BATTLE_TRAITS} (the roster exports do not carry battle-trait texts of
 *   this kind; docs/interpretations.md "Set up using 'Scions of the Storm'"). A faction not in the table records
 *   nothing, so a condition naming an ability stays false for it.
 * Read by `abilities/passives.ts` `conditionHolds` (`setUpBy`).
 *
 * @module
 */

import { unitHasKeyword } from './core';
import type { GameState } from './state';

/**
 * Faction keyword → the battle trait by which that faction's units wait in reserve before the battle and are set up
 * from there in a movement phase. Stormcast Eternals: 'Scions of the Storm' (units "set up in the heavens").
 */
export const RESERVE_BATTLE_TRAITS: Readonly<Record<string, string>> = { 'STORMCAST ETERNALS': 'Scions of the Storm' };

/** The ability that sets `unitId` up from reserve now (module docs), or undefined when it is not known. */
export function reserveSetUpBy(s: GameState, unitId: string): string | undefined {
  const u = s.units[unitId];
  if (u.reserveBy !== undefined) return u.reserveBy;
  const faction = Object.keys(RESERVE_BATTLE_TRAITS).find((k) => unitHasKeyword(s, unitId, k));
  return faction === undefined ? undefined : RESERVE_BATTLE_TRAITS[faction];
}

/** Record on `unitId` that it was set up from reserve this turn, and by which ability (Core 24.1). */
export function recordReserveSetUp(s: GameState, unitId: string): void {
  const u = s.units[unitId];
  const by = reserveSetUpBy(s, unitId);
  delete u.reserveBy;
  u.turn = { ...u.turn, setUp: true, ...(by !== undefined ? { setUpBy: by } : {}) };
}
