/**
 * Retreats an ability permits or spares (issue 34, session 38, ab38c; `abilities/parseRetreat38.ts`):
 *
 * - `{retreatNow: true, noDamage?}` ("this unit can use a Retreat ability as if it were your movement phase. No mortal
 *   damage is inflicted on this unit by that Retreat ability", Predator Knights): a permit for this phase in
 *   `s.effects` (`retreatNow` / `retreatNowNoDamage`), read by `retreat` (`moves.ts`) like session 37's
 *   `normalOrRetreatNow` through `movePermitIndex`; every other check of Core 14.1 holds (in combat, not set up this
 *   turn, one CORE ability per phase). Only a unit of the ability's player ("your movement phase").
 * - `{retreatNoDamage: true}` ("No mortal damage is inflicted on friendly Skaven Infantry and Cavalry units by Retreat
 *   abilities", Too Quick to Hit-hit): while it applies to the unit, its Retreats inflict no D3 (Core 14.1's mortal
 *   damage), event `retreat` with `mortal: 0` and the rule.
 *
 * @module
 */

import { effectsOn } from '../abilities/passives';
import type { AbilityEffect } from '../abilities/schema';
import type { Ctx } from './core';
import type { PlayerId } from './state';

const SPARED = (e: AbilityEffect) => 'retreatNoDamage' in e;

/** Give `unitId` the permit of a `retreatNow` effect (module docs). */
export function retreatPermit(c: Ctx, player: PlayerId, unitId: string, noDamage: boolean, ability: string): void {
  if (c.s.units[unitId].owner !== player) {
    c.events.push({ type: 'abilityEffectSkipped', ability, name: ability, unitId, why: `not ${player}'s unit: "your movement phase" is ${player}'s` });
    return;
  }
  c.s.effects.push({ kind: noDamage ? 'retreatNowNoDamage' : 'retreatNow', unitId, until: 'endOfPhase' });
  c.events.push({ type: 'movePermitted', unitId, ability, moves: ['retreat'], ...(noDamage ? { noDamage: true } : {}) });
}

/** The rule that spares the unit's Retreat its mortal damage now (an ability's `retreatNoDamage`), or null. */
export function retreatSparedBy(c: Ctx, unitId: string): string | null {
  return effectsOn(c.s, c.port, unitId, {}, SPARED)[0]?.rule ?? null;
}
