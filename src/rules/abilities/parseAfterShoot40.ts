/**
 * Session 40 (sh40b, issue 34): the reactions to "You declared a Shoot ability for this unit" whose whole Effect happens
 * after that Shoot ability has been resolved, on the one enemy unit all of this unit's attacks targeted
 * (docs/abilities.md "Daughters of Khaine and Flesh-eater Courts, session 40 (sh40b)"):
 *
 * - Heartseekers (dok): "After that Shoot ability has been resolved, if all of this unit's attacks targeted the same
 *   enemy unit, roll a dice. Add 1 to the roll if any other friendly Blood Stalkers units picked that enemy unit to be
 *   the target of all of their shooting attacks this turn. On a 3+, until the start of your next turn, subtract 1 from
 *   the number of dice rolled when making charge rolls for the target, to a minimum of 1."
 * - Agonising Spasms (dok): "After that Shoot ability has been resolved, if all of this unit's attacks made as part of
 *   that Shoot ability targeted the same enemy unit and any enemy models were slain by those attacks, roll a dice. On a
 *   3+, that enemy unit has a maximum control score of 1 for the rest of the turn."
 *
 * Read whole, one effect `{afterShoot40: {...}, targets: "self", duration: "phase"}` the engine plays after the Shoot
 * ability's attacks and damage (`engine/afterShoot40.ts`, Core 16.0, 17.0, 18.0). Any other wording, another trigger
 * or a Declare: not this shape (null), so the ability stays by hand unless another reader takes it.
 *
 * @module
 */

import type { AbilityEffect, AbilityTiming } from './schema';
import { readAfterFight40, type Parse } from './parseAfterFight40';

const SHOOT_TRIGGER = /^you declared a shoot ability for this unit$/i;

const WHOLE =
  /^after that shoot ability has been resolved, if all of this unit's attacks (?:made as part of that shoot ability )?targeted the same enemy unit( and any enemy models were slain by those attacks)?, roll a dice\. (?:add 1 to the roll if any other friendly ([A-Z][\w' -]*?) units picked that enemy unit to be the target of all of their shooting attacks this turn\. )?on a ([2-6])\+, (.+?)\.?$/i;

/** The effect on that enemy unit, with its duration (only the wordings of the fixture rosters). */
function readTail(tail: string): { effect: { modify: 'chargeDice'; by: number } | { maxControl: number }; duration: 'turn' | 'nextTurnStart' } | null {
  let m: RegExpExecArray | null;
  if ((m = /^until the start of your next turn, subtract ([12]) from the number of dice rolled when making charge rolls for the target, to a minimum of 1$/i.exec(tail))) {
    return { effect: { modify: 'chargeDice', by: -Number(m[1]) }, duration: 'nextTurnStart' };
  }
  if ((m = /^that enemy unit has a maximum control score of ([1-9]) for the rest of the turn$/i.exec(tail))) {
    return { effect: { maxControl: Number(m[1]) }, duration: 'turn' };
  }
  return null;
}

/**
 * Heartseekers / Agonising Spasms: the Effect read whole, or null (not this shape).
 * @param timing the ability's timing: a reaction to "You declared a Shoot ability for this unit".
 * @param declare the Declare: none (the enemy unit is the one the attacks targeted).
 */
export function readAfterShoot40(timing: AbilityTiming, declare: string | null, effect: string): AbilityEffect[] | null {
  if (timing.when !== 'reaction' || !SHOOT_TRIGGER.test((timing.reaction ?? '').trim()) || declare !== null) return null;
  const m = WHOLE.exec(effect.replace(/\s+/g, ' ').trim());
  if (!m) return null;
  const tail = readTail(m[4]);
  if (!tail) return null;
  const afterShoot40 = {
    ...(m[1] !== undefined ? { slew: true as const } : {}),
    roll: Number(m[3]),
    ...(m[2] !== undefined ? { plusIfAllShotBy: m[2] } : {}),
    effect: tail.effect,
    duration: tail.duration,
  };
  return [{ afterShoot40, targets: 'self', duration: 'phase' } as AbilityEffect];
}

/**
 * The one dispatch of `parseEffect` for session 40 (sh40b): Heartseekers / Agonising Spasms (`readAfterShoot40`), then
 * Off With Their Head! (`readAfterFight40`, its pick and roll read with `parse`); null when neither shape.
 */
export function readAfter40b(input: { timing: AbilityTiming; declare: string | null; effect: string }, parse: Parse): AbilityEffect[] | null {
  return readAfterShoot40(input.timing, input.declare, input.effect) ?? readAfterFight40(input.timing, input.declare, input.effect, parse);
}
