/**
 * Moves across enemy units that session 40 (sh40f, `parsePassedAcross40f.ts`) left by hand (issue 34, session 41,
 * sh41d), each read whole (every sentence, nothing else; an activated ability with no Declare):
 *
 * - "If this unit charged this turn, roll a D3. On a 2+, this unit can move 2D6". It can move through the combat
 *   range of enemy units and can end that move in combat. Then, pick an enemy unit that this unit passed across
 *   during that move. Inflict an amount of mortal damage on the target equal to the D3 roll. If the target is
 *   Infantry, double the mortal damage inflicted." (Destructive Bulk, ij) → `{move: "free", inches: "2D6", end:
 *   "any", targets: "self", if: {charged: true, unit: "self", useRoll: {die: "D3", on: "2+"}}, passedAcross: {pick:
 *   "one", mortal: "useRoll", double: "INFANTRY"}}` (the D3 is the use's one roll, session 39's `useRoll`: the gate
 *   and the damage are the same dice);
 * - "If this unit is in combat, it can move a distance up to its Move characteristic. It can pass through models
 *   and the combat ranges of enemy units, but it cannot end that move in combat. Then, pick each enemy unit that
 *   this unit passed across during that move to be the targets. Roll a D3 for each target. On a 2+, inflict an
 *   amount of mortal damage on the target equal to the roll. Then, this unit gains 2 momentum points." (Carve a
 *   Path, ij) → `{move: "free", inches: "move", end: "notInCombat", through: "models", targets: "self", if:
 *   {inCombat: true, unit: "self"}, passedAcross: {pick: "each", mortal: "roll", die: "D3", on: "2+"}}` and
 *   `{resource: "momentum point", gain: 2, targets: "self", if: {inCombat: true, unit: "self"}}` (the leading "If
 *   this unit is in combat" governs the whole Effect; the points are gained when the ability resolves, the move
 *   being optional, "can move");
 * - "This unit can move a distance up to its Move characteristic. This unit can pass through other models and the
 *   combat ranges of enemy units, but it cannot end that move in combat. Then, pick up to 3 enemy units that this
 *   unit passed across during that move to be the targets. Roll a D3 for each target. On a 2+, inflict an amount of
 *   mortal damage on the target equal to the roll. Designer's Note: This unit can use this ability even if it is in
 *   combat." (Rolling Doom, skv) → `{move: "free", inches: "move", end: "notInCombat", through: "models", targets:
 *   "self", passedAcross: {pick: "upTo", count: 3, mortal: "roll", die: "D3", on: "2+"}}` (the note only says
 *   what the engine already allows: nothing in the Effect needs the unit out of combat).
 *
 * Readings (docs/interpretations.md "Session 41 (sh41d)"): "pass through models" is the models of any unit; "the
 * combat range" is "the combat ranges". Any other wording is no match (left to the other readers: by hand).
 * Vocabulary: `schema41d.ts`; engine: `engine/passedAcross41d.ts` with session 40's `passedAcross40f.ts`.
 *
 * Pure; called by `parseEffect.ts` next to `readPassedAcross40f`.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityTiming } from './schema';

const BULK =
  /^If this unit charged this turn, roll a D3\. On a ([2-3])\+, this unit can move (2D6|D6|\d+)"\. It can move through the combat ranges? of enemy units and can end that move in combat\. Then, pick an enemy unit that this unit passed across during that move\. Inflict an amount of mortal damage on the target equal to the D3 roll\. If the target is (Infantry|Cavalry|Monster), double the mortal damage inflicted\.$/i;
const CARVE =
  /^If this unit is in combat, it can move a distance up to its Move characteristic\. It can pass through models and the combat ranges of enemy units, but it cannot end that move in combat\. Then, pick each enemy unit that this unit passed across during that move to be the targets\. Roll a D3 for each target\. On a ([2-6])\+, inflict an amount of mortal damage on the target equal to the roll\. Then, this unit gains ([1-3]) momentum points?\.$/i;
const ROLLING =
  /^This unit can move a distance up to its Move characteristic\. This unit can pass through other models and the combat ranges of enemy units, but it cannot end that move in combat\. Then, pick up to ([2-5]) enemy units that this unit passed across during that move to be the targets\. Roll a D3 for each target\. On a ([2-6])\+, inflict an amount of mortal damage on the target equal to the roll\.(?: Designer's Note: \*?This unit can use this ability even if it is in combat\.\*?)?$/i;

/** The whole Effect as one of the shapes of the module docs, or null. */
export function readPassedAcross41d(input: { readonly declare: string | null; readonly effect: string; readonly timing: AbilityTiming }): AbilityEffect[] | null {
  if (input.declare !== null || input.timing.when === 'passive' || input.timing.when === 'reaction') return null;
  const text = plainRulesText(input.effect).replace(/\s+/g, ' ').trim();
  let m = BULK.exec(text);
  if (m) {
    const inches = /^\d+$/.test(m[2]) ? Number(m[2]) : m[2].toUpperCase();
    return [
      {
        move: 'free',
        inches,
        end: 'any',
        targets: 'self',
        if: { charged: true, unit: 'self', useRoll: { die: 'D3', on: `${m[1]}+` } },
        passedAcross: { pick: 'one', mortal: 'useRoll', double: m[3].toUpperCase() },
      } as AbilityEffect,
    ];
  }
  m = CARVE.exec(text);
  if (m) {
    const cond = { inCombat: true, unit: 'self' } as const;
    return [
      { move: 'free', inches: 'move', end: 'notInCombat', through: 'models', targets: 'self', if: cond, passedAcross: { pick: 'each', mortal: 'roll', die: 'D3', on: `${m[1]}+` } } as AbilityEffect,
      { resource: 'momentum point', gain: Number(m[2]), targets: 'self', if: cond } as AbilityEffect,
    ];
  }
  m = ROLLING.exec(text);
  if (m) {
    return [{ move: 'free', inches: 'move', end: 'notInCombat', through: 'models', targets: 'self', passedAcross: { pick: 'upTo', count: Number(m[1]), mortal: 'roll', die: 'D3', on: `${m[2]}+` } } as AbilityEffect];
  }
  return null;
}
