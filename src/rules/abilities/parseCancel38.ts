/**
 * Session 38 (ab38d): reactions that make the ability they react to have no effect on their unit
 * (`{ignoreTrigger: true}`, applied by `engine/cancel38.ts`; docs/abilities.md "Rolls, responses and
 * conditions, session 38 (ab38d)").
 *
 * Read, the whole Effect and the trigger together:
 * - "Reaction: This unit was picked as (to be) the target of a non-Core ability" and "Make a resistance
 *   roll of D6. On a N+, that ability has no effect on this unit." (Ruination Chamber, Guardian of the
 *   Final Threshold, sce-002): `[{ignoreTrigger: true, targets: "self", if: {roll: "N+"}}]`. A resistance
 *   roll is a D6 roll (the ability says so); nothing modifies it.
 * - "Reaction: Opponent declared a Spell ability" and "If this unit was picked to be the target of that spell,
 *   roll a dice. On a N+, ignore the effect of that spell on this unit. This unit can use this ability more than
 *   once per phase but only once per Spell ability." (The Shield Inviolate, Kragnos, ij-001 / sob-001): the same
 *   effect with `perDeclaration: true` (the Rules of One's "once per phase" lifted, once per spell instead,
 *   Core 5.3 "unless specified otherwise"). Its condition (this unit was picked to be the target of that spell)
 *   is checked when it is used (`triggerConditions.ts`), so it is not on the effect.
 *
 * Anything else (another trigger, "that ability has no effect on this unit or ...", a second sentence) is
 * not read here.
 *
 * @module
 */

import type { AbilityEffect, AbilityTiming } from './schema';

/** The roster's markup removed and spaces folded. */
function plain(text: string): string {
  return text.replace(/\*\*|\^\^/g, '').replace(/&quot;/g, '"').replace(/\s+/g, ' ').trim();
}

const PICKED_TRIGGER = /^this unit was picked (?:as|to be) the target of a non-core ability$/i;
const SPELL_TRIGGER = /^opponent declared a spell ability$/i;
const SHIELD = /^if this unit was picked to be the target of that spell, roll a dice\. On a ([2-6])\+, ignore the effect of that spell on this unit\. This unit can use this ability more than once per phase but only once per Spell ability\.?$/i;
const RESISTANCE = /^make a resistance roll of D6\. On a ([2-6])\+, that ability has no effect on this unit\.?$/i;

/**
 * The effects of a "no effect on this unit" reaction, or null when the ability is not one (wholly).
 * @param declare must be absent (these reactions have no Declare).
 */
export function readCancelReaction(timing: AbilityTiming, declare: string | null | undefined, effect: string): AbilityEffect[] | null {
  if (timing.when !== 'reaction' || (declare ?? '').trim() !== '') return null;
  if (SPELL_TRIGGER.test(plain(timing.reaction ?? '').replace(/\.$/, ''))) {
    const sh = SHIELD.exec(plain(effect));
    return sh ? [{ ignoreTrigger: true, perDeclaration: true, targets: 'self', if: { roll: `${sh[1]}+` } } as AbilityEffect] : null;
  }
  if (!PICKED_TRIGGER.test(plain(timing.reaction ?? '').replace(/\.$/, ''))) return null;
  const m = RESISTANCE.exec(plain(effect));
  if (!m) return null;
  return [{ ignoreTrigger: true, targets: 'self', if: { roll: `${m[1]}+` } } as AbilityEffect];
}
