/**
 * Rampaging Destruction (Kragnos, the End of Empires: ij-001, kb-001, sob-001; issue 34, session 41, sh41d), read
 * whole (the Effect exactly, no Declare, a charge-phase timing):
 *
 * "If this unit charged this phase, pick 1 of the following effects:
 * • Roll a dice for each enemy unit within 1" of this unit. On a 2+, inflict an amount of mortal damage on that unit
 *   equal to the roll.
 * • Pick an enemy Monster in combat with this unit and roll 2D6. On a 7, this ability has no effect. Otherwise,
 *   inflict an amount of mortal damage on that unit equal to the results on the dice used for the 2D6 roll multiplied
 *   together. For example, a 2D6 roll of 2 and 6 would inflict 12 mortal damage (2 × 6)."
 *
 * → picks: a `choice` of the two branches (named by their first sentence), then each branch's own unit pick
 * (`forChoice41d`, `schema41d.ts`), both with `unitIf: {charged: true}` ("charged this phase" in a charge phase is
 * "charged this turn", docs/interpretations.md, as `parseDeclare.ts` reads it):
 * - branch 1: `{kind: "enemyUnit", each: true, within: 1}` (every enemy unit within 1", the engine picks them all;
 *   Core 28.0 rolls and resolves for one unit before the next) and the effect `{mortal: "roll", on: "2+"}`;
 * - branch 2: `{kind: "enemyUnit", keyword: "MONSTER", within: 3, visible: true}` ("in combat with this unit", Core
 *   13.0, as every Declare reads it) and the effect `{mortalProduct41d: {dice: 2}, noEffectOn: 7}`;
 * each effect on `targets` with `if: {charged: true, unit: "self"}` and its `choice`.
 *
 * The Designer's example sentence is read as what it is (an example of the product). Any other wording: null (the
 * other readers, then by hand). Pure; called by `parseEffect.ts` before its choice reader.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityPick, AbilityTiming } from './schema';

/** The names of the two branches (the `choice` values): each branch's first sentence. */
export const RAMPAGE_EACH_41D = 'Roll a dice for each enemy unit within 1" of this unit';
export const RAMPAGE_MONSTER_41D = 'Pick an enemy Monster in combat with this unit and roll 2D6';

const TEXT =
  /^If this unit charged this phase, pick 1 of the following effects: [•\u2022] Roll a dice for each enemy unit within 1" of this unit\. On a 2\+, inflict an amount of mortal damage on that unit equal to the roll\. [•\u2022] Pick an enemy Monster in combat with this unit and roll 2D6\. On a 7, this ability has no effect\. Otherwise, inflict an amount of mortal damage on that unit equal to the results on the dice used for the 2D6 roll multiplied together\.(?: For example, a 2D6 roll of 2 and 6 would inflict 12 mortal damage \(2 [×x] 6\)\.)?$/i;

/** Rampaging Destruction's Effect as the picks and effects of the module docs, or null. */
export function readRampage41d(input: { readonly declare: string | null; readonly effect: string; readonly timing: AbilityTiming }): { resolves: AbilityEffect[]; picks: AbilityPick[] } | null {
  if (input.declare !== null || input.timing.when !== 'charge') return null;
  const text = plainRulesText(input.effect).replace(/\s+/g, ' ').trim();
  if (!TEXT.test(text)) return null;
  const charged = { charged: true } as const;
  const ifCharged = { charged: true, unit: 'self' } as const;
  return {
    picks: [
      { kind: 'choice', choices: [RAMPAGE_EACH_41D, RAMPAGE_MONSTER_41D] },
      { kind: 'enemyUnit', each: true, within: 1, unitIf: charged, forChoice41d: RAMPAGE_EACH_41D },
      { kind: 'enemyUnit', keyword: 'MONSTER', within: 3, visible: true, unitIf: charged, forChoice41d: RAMPAGE_MONSTER_41D },
    ],
    resolves: [
      { mortal: 'roll', on: '2+', targets: 'targets', if: ifCharged, choice: RAMPAGE_EACH_41D },
      { mortalProduct41d: { dice: 2 }, noEffectOn: 7, targets: 'targets', if: ifCharged, choice: RAMPAGE_MONSTER_41D },
    ],
  };
}
