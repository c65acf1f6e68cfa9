/**
 * Session 40 (sh40a): fixing an effect to the declaration its reaction answers, and the roll bands of
 * `rollAtMost` (docs/abilities.md "Kruleboyz and Ironjawz, session 40 (sh40a)").
 *
 * - `againstTrigger` (You Call Dat A Punch?, ij: "... for this unit's combat attacks that target that enemy unit",
 *   in the reaction "Opponent declared an Attack ability that targeted this unit"): when the effect is applied, its
 *   `against` becomes the id of the unit that declared the attack waiting for reactions (Core 5.2 step 2,
 *   `currentTrigger`), so `passives.ts` `againstMatches` gives the modifier only to attacks that target that unit
 *   (Core 17.1). With no declaration waiting or no unit behind it the effect cannot be applied (null).
 * - `rollAtMost` (Breath of the Mire-drakes, kb: "On a 2-5, ..."): a gate roll meets `roll` and is at most this.
 *
 * @module
 */

import { currentTrigger } from '../abilities/timing';
import type { AbilityCondition, AbilityEffect } from '../abilities/schema';
import type { GameState } from './state';

/**
 * The fields that fix an `againstTrigger` effect now: `{against: [unit id], againstTrigger: undefined}`; `{}` for
 * any other effect; null when the declaration it answers has no unit (the effect is not applied).
 */
export function againstTriggerFields(s: GameState, e: AbilityEffect): Partial<Record<'against' | 'againstTrigger', unknown>> | null {
  if (!('againstTrigger' in e) || e.againstTrigger !== true) return {};
  const t = currentTrigger(s);
  if (t === null || t.unitId === null) return null;
  return { against: [t.unitId], againstTrigger: undefined };
}

/** Does a gate roll (with its modifier) meet the condition's `roll` and, if any, `rollAtMost`? */
export function meetsRollBand(cond: AbilityCondition, roll: number): boolean {
  return roll >= Number(cond.roll![0]) && (cond.rollAtMost === undefined || roll <= cond.rollAtMost);
}
