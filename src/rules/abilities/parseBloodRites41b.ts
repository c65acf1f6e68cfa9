/**
 * Session 41 (sh41b) reader called by `parseEffect.ts` (one import, one dispatch): the Daughters of Khaine abilities that
 * set a blessing of the "Blessings of Khaine" battle trait (docs/abilities.md "Daughters of Khaine blood rites, session
 * 41 (sh41b)"; engine `engine/bloodRites41b.ts`). Read whole, word for word (quotes and spaces normalised; any other
 * wording is left to the other readers, by hand):
 *
 * - Blessings of Khaine (End of Any Turn): Declare "You can only use this ability if you performed any blood rites this
 *   turn." and the Effect "Pick 1 of the following blessings that is not active. That blessing is active. ..." with the
 *   seven blessings exactly as session 40 read them (`BLESSING_TEXT41B`, the texts `abilities/blessings40h.ts` turns
 *   into effects) → `{blessingPick41b: "activate", bloodRites: true}` and a `choice` pick of the seven names.
 * - Crimson Offerings (Reaction: You declared the 'Blessings of Khaine' ability; no Declare): "If an enemy unit was
 *   destroyed by this unit's combat attacks this turn, when resolving that ability, you can pick 2 blessings instead of
 *   1." → `{blessingPick41b: "extra"}` and a `choice` pick of the seven names. Its condition is session 37's
 *   (`triggerConditions.ts`: "If an enemy unit was destroyed by this unit's combat attacks this turn").
 *
 * Also the text of the Blood Rites battle trait the engine records (`BLOOD_RITES_TEXT41B`, `readsBloodRites41b`).
 *
 * Pure.
 *
 * @module
 */

import { BLESSINGS } from './blessings40h';
import type { AbilityEffect, AbilityPick, AbilityTiming } from './schema';

type Input = { readonly declare: string | null; readonly effect: string; readonly timing: AbilityTiming };

/** Quotes and white space normalised (the exports use ’ and ' alike). */
export function flat41b(text: string): string {
  return text.replace(/[\u2018\u2019\u201b`]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\s+/g, ' ').trim();
}

/** The Blessings of Khaine Effect as the fixture roster prints it (dok-001), flattened. */
export const BLESSING_TEXT41B = flat41b(`Pick 1 of the following blessings that is not active. That blessing is active. While a blessing is active, its effect applies to friendly Daughters of Khaine units. The effects of more than 1 blessing can apply to a unit at the same time.
• Blessing of Ruthlessness: Add 1 to hit rolls for those units' combat attacks.
• Blessing of Hatred: Add 1 to wound rolls for those units' combat attacks.
• Blessing of Haste: Add 3" to those units' Move characteristic.
• Blessing of Zeal: If those units charged in the same turn, they have Ward (5+) for the rest of the turn.
• Blessing of Shadow: Subtract 1 from hit rolls for shooting attacks that target those units.
• Blessing of Cruelty: Those units can use Charge and/or Shoot abilities even if they have used a Retreat ability in the same turn.
• Blessing of Clarity: Add 1 to chanting rolls and casting rolls for those units.`);

const BOK_DECLARE = 'You can only use this ability if you performed any blood rites this turn.';
const CRIMSON = "If an enemy unit was destroyed by this unit's combat attacks this turn, when resolving that ability, you can pick 2 blessings instead of 1.";
const BOK_REACTION = /^You declared the 'Blessings of Khaine' ability$/;

/**
 * The Blood Rites battle trait as the fixture roster prints it (dok-001), flattened: its five triggers and "Only one
 * blood rite can be performed per unit destroyed." The engine records blood rites only for an army whose Blood Rites
 * reads so (`engine/bloodRites41b.ts`).
 */
export const BLOOD_RITES_TEXT41B = flat41b(`You perform a blood rite each time:
• An enemy unit is destroyed and any damage points were allocated to that unit by a friendly anointed unit's combat attacks in the same turn.
• A friendly anointed unit is destroyed.
• A friendly unit contesting an objective you control is destroyed.
• An enemy unit is destroyed by a friendly Daughters of Khaine unit's attacks and any models in that enemy unit were contesting an objective you do not control in the same phase.
• A unit (friendly or enemy) is destroyed and it was within 3" of a Place of Power at the start of the phase.
Only one blood rite can be performed per unit destroyed.`);

/** Is this the Blood Rites battle trait, word for word (a passive named "Blood Rites")? */
export function readsBloodRites41b(a: { readonly name: string; readonly effect: string; readonly timing: AbilityTiming }): boolean {
  return a.name === 'Blood Rites' && a.timing.when === 'passive' && flat41b(a.effect) === BLOOD_RITES_TEXT41B;
}

/** Blessings of Khaine / Crimson Offerings read whole, or null. */
export function readBloodRites41b(input: Input): { resolves: AbilityEffect[]; picks: AbilityPick[] } | null {
  if (!/blessing/i.test(input.effect)) return null;
  const text = flat41b(input.effect);
  const choice: AbilityPick = { kind: 'choice', choices: [...BLESSINGS] };
  if (input.timing.when === 'endOfTurn' && input.declare !== null && flat41b(input.declare) === BOK_DECLARE && text === BLESSING_TEXT41B) {
    return { resolves: [{ blessingPick41b: 'activate', bloodRites: true }], picks: [choice] };
  }
  if (input.timing.when === 'reaction' && input.declare === null && BOK_REACTION.test(flat41b(input.timing.reaction ?? '')) && text === CRIMSON) {
    return { resolves: [{ blessingPick41b: 'extra' }], picks: [choice] };
  }
  return null;
}

const IDOL_DECLARE = /^Pick a friendly Daughters of Khaine Manifestation wholly within (\d+)" of this unit to be the target\.$/;
const IDOL = /^Roll a dice\. On a ([2-6])\+, the target cannot be picked to be the target of Banish abilities used by enemy units until the start of your next turn\.$/;

/**
 * Roaring Idol (dok-001, Hag Queen on Cauldron of Blood; not passive), read whole: Declare "Pick a friendly Daughters
 * of Khaine Manifestation wholly within N" of this unit to be the target." Effect "Roll a dice. On a K+, the target
 * cannot be picked to be the target of Banish abilities used by enemy units until the start of your next turn." →
 * the pick `{kind: "friendlyUnit", within: N, wholly: true, keyword: "DAUGHTERS OF KHAINE MANIFESTATION"}` and session
 * 38's `{unpickableBy: "BANISH", targets: "targets", duration: "nextTurnStart", if: {roll: "K+"}}` (Banish
 * Manifestation has the BANISH keyword, Magic 7.2; `engine/magic.ts` `banish` asks `unpickableBy`). Else null.
 */
export function readRoaringIdol41b(input: Input): { resolves: AbilityEffect[]; picks: AbilityPick[] } | null {
  if (input.timing.when === 'passive' || input.declare === null || !/Banish/.test(input.effect)) return null;
  const d = IDOL_DECLARE.exec(flat41b(input.declare));
  const e = IDOL.exec(flat41b(input.effect));
  if (d === null || e === null) return null;
  return {
    resolves: [{ unpickableBy: 'BANISH', targets: 'targets', duration: 'nextTurnStart', if: { roll: `${e[1]}+` as never } }],
    picks: [{ kind: 'friendlyUnit', within: Number(d[1]), wholly: true, keyword: 'DAUGHTERS OF KHAINE MANIFESTATION' }],
  };
}
