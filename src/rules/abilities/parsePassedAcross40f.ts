/**
 * Moves an ability grants followed by a sentence on the enemy units "this unit passed across during that move"
 * (issue 34, session 40, sh40f), read whole (every sentence, nothing else):
 *
 * - "If this unit charged this turn, roll a dice. On a 3+, this unit can move 2D6". It can pass through the combat
 *   ranges of enemy units and can end that move in combat. Then, pick an enemy unit that this unit passed across
 *   during that move. Inflict D3 mortal damage on that enemy unit." (Draconic Onslaught, sce; "but must end that
 *   move in combat": Soaring Terror, fec) → `{move: "free", inches: "2D6", end: "any" | "inCombat", targets:
 *   "self", if: {charged: true, unit: "self", roll: "3+"}, passedAcross: {pick: "one", mortal: "D3"}}`;
 * - "If this unit is in combat, it can move 12". It can pass through the combat ranges of enemy units but cannot
 *   end that move in combat. Then, roll a D3 for each enemy unit that this unit passed across during that move. On
 *   a 2+, inflict an amount of mortal damage on that enemy unit equal to the roll." (Fight and Flight, dok) →
 *   `{move: "free", inches: 12, end: "notInCombat", targets: "self", if: {inCombat: true, unit: "self"},
 *   passedAcross: {pick: "each", mortal: "roll", die: "D3", on: "2+"}}`.
 *
 * - Reaction "You declared a Shoot ability for this unit": "After that Shoot ability has been resolved, this unit can
 *   move 2D6". It cannot move into combat during any part of that move." (Fire and Flight, dok) →
 *   `{afterShootMove40f: {inches: "2D6"}, targets: "self", duration: "phase"}` (the move made after the Shoot as a
 *   Normal Move's path, sh40c's reading of the same sentence; `engine/passedAcross40f.ts` `afterShootMove40f`).
 *
 * The move is session 38's `free` move (`engine/abilityMove38.ts`); the sentence after it is resolved when the move
 * is made (`engine/passedAcross40f.ts`). Only an activated ability with no Declare; any other wording (a second
 * condition, "the target is INFANTRY, double ...", "pick up to 3", a Move characteristic, passing through models)
 * is no match and is left to the other readers (by hand).
 *
 * Pure; called by `parseEffect.ts` before its sentence readers.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityTiming } from './schema';

const DIST = '(2D6|D6|D3|\\d+)';
const CHARGED_PICK = new RegExp(
  `^If this unit charged this turn, roll a dice\\. On a ([2-6])\\+, this unit can move ${DIST}"\\. It can pass through the combat ranges of enemy units (but must|and can) end that move in combat\\. Then, pick an enemy unit that this unit passed across during that move\\. Inflict (D3|D6|\\d) mortal damage on that enemy unit\\.$`,
  'i',
);
const IN_COMBAT_EACH = new RegExp(
  `^If this unit is in combat, it can move ${DIST}"\\. It can pass through the combat ranges of enemy units but cannot end that move in combat\\. Then, roll a D3 for each enemy unit that this unit passed across during that move\\. On a ([2-6])\\+, inflict an amount of mortal damage on that enemy unit equal to the roll\\.$`,
  'i',
);

const SHOOT_TRIGGER = /^you declared a shoot ability for this unit$/i;
const AFTER_SHOOT_MOVE = new RegExp(`^After that Shoot ability has been resolved, this unit can move ${DIST}"\\. It cannot move into combat during any part of that move\\.$`, 'i');

const inchesOf = (d: string): number | string => (/^\d+$/.test(d) ? Number(d) : d.toUpperCase());

/** The whole Effect as one of the shapes of the module docs, or null. */
export function readPassedAcross40f(input: { readonly declare: string | null; readonly effect: string; readonly timing: AbilityTiming }): AbilityEffect[] | null {
  if (input.declare !== null || input.timing.when === 'passive') return null;
  const text = plainRulesText(input.effect).replace(/\s+/g, ' ').trim();
  if (input.timing.when === 'reaction') {
    const a = SHOOT_TRIGGER.test((input.timing.reaction ?? '').trim()) ? AFTER_SHOOT_MOVE.exec(text) : null;
    return a ? [{ afterShootMove40f: { inches: inchesOf(a[1]) }, targets: 'self', duration: 'phase' } as AbilityEffect] : null;
  }
  let m = CHARGED_PICK.exec(text);
  if (m) {
    if (m[4].toUpperCase() !== 'D3') return null; // the vocabulary's `mortal` of this shape is D3 (the real texts)
    const effect = {
      move: 'free',
      inches: inchesOf(m[2]),
      end: /^but/i.test(m[3]) ? 'inCombat' : 'any',
      targets: 'self',
      if: { charged: true, unit: 'self', roll: `${m[1]}+` },
      passedAcross: { pick: 'one', mortal: 'D3' },
    };
    return [effect as AbilityEffect];
  }
  m = IN_COMBAT_EACH.exec(text);
  if (m) {
    const effect = {
      move: 'free',
      inches: inchesOf(m[1]),
      end: 'notInCombat',
      targets: 'self',
      if: { inCombat: true, unit: 'self' },
      passedAcross: { pick: 'each', mortal: 'roll', die: 'D3', on: `${m[2]}+` },
    };
    return [effect as AbilityEffect];
  }
  return null;
}
