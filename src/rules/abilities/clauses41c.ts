/**
 * Session 41 (sh41c, issue 34) clause reader called by `parseEffect.ts`'s clause reader (one line): two restrictions of
 * Lumineth Realm-lords abilities (lrl-001), each read whole as one clause (its duration and subject read by the parser
 * around it, as every clause):
 *
 * - "<subject> cannot make pile-in moves" (Strength of Stone: "For the rest of the turn: • Add 1 to the Rend
 *   characteristic of the target's melee weapons. • The target cannot make pile-in moves.") → `{noPileIn41c: true}`:
 *   the unit's FIGHT refuses a pile-in (Core 15.3) and an ability's pile-in move of it does nothing (`engine/noCrit41c.ts`).
 * - "attacks that target <subject> cannot score critical hits (treat them as regular hits instead)" (Clarity of
 *   Thought) → `{noCrits41c: true}`: attacks that target the unit score no critical hits (Core 17.0; a 6 is a regular
 *   hit, so it still hits; Crit weapon abilities do not apply).
 *
 * Pure.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import type { EffectInput, ParsedEffect } from './parseEffect';

/**
 * Anticipated Strike (passive), read whole: "If this unit has not charged this turn, ignore the effect of the Charge (+1
 * Damage) ability for combat attacks made by enemy units that target this unit." → `{noChargeDamage41c: true, while:
 * {charged: false}}` on this unit: combat attacks that target it get no +1 Damage from their weapons' Charge (+1
 * Damage) (Core 20.0); checked when each attack's damage is worked out (`attackAbilities.ts`). Null otherwise.
 */
export function readAnticipated41c(input: EffectInput): ParsedEffect | null {
  const effect = plainRulesText(input.effect);
  if (input.timing.when !== 'passive' || (input.declare !== null && plainRulesText(input.declare) !== '')) return null;
  if (!/^If this unit has not charged this turn, ignore the effect of the Charge \(\+1 Damage\) ability for combat attacks made by enemy units that target this unit\.$/.test(effect)) return null;
  return { resolves: [{ noChargeDamage41c: true, targets: 'self', while: { charged: false } }] };
}

/**
 * World Banner (passive), read whole: "While a visible friendly <K> unit is wholly within N" of this unit, it can use the
 * 'Rally' command even if it is in combat." (K one of the army's keywords) → `{mayRallyInCombat41c: true, targets:
 * "friendly", while: {within: N, of: "self", wholly: true, keyword: K, visibleToSelf41c: true}}`. Null otherwise.
 */
export function readWorldBanner41c(input: EffectInput): ParsedEffect | null {
  if (input.timing.when !== 'passive' || (input.declare !== null && plainRulesText(input.declare) !== '')) return null;
  const m = /^While a visible friendly ([A-Za-z' -]+?) unit is wholly within (\d+)" of this unit, it can use the 'Rally' command even if it is in combat\.$/.exec(plainRulesText(input.effect));
  if (m === null) return null;
  const keyword = [...input.knownKeywords].find((k) => k.toUpperCase() === m[1].toUpperCase());
  if (keyword === undefined) return null;
  return { resolves: [{ mayRallyInCombat41c: true, targets: 'friendly', while: { within: Number(m[2]), of: 'self', wholly: true, keyword: keyword.toUpperCase(), visibleToSelf41c: true } }] };
}

/** A clause read: its effect body and the subject phrase (for the parser's `readSubject`), or null. */
export function readClause41c(t: string): { body: Record<string, unknown>; subject: string } | null {
  let m = /^(this unit|the target|that unit|each target) cannot make pile-in moves$/i.exec(t);
  if (m) return { body: { noPileIn41c: true }, subject: m[1] };
  m = /^attacks that target (that friendly unit|that unit|the target|this unit) cannot score critical hits \(treat them as regular hits instead\)$/i.exec(t);
  if (m) return { body: { noCrits41c: true }, subject: m[1].replace(/^that friendly unit$/i, 'that unit') };
  return null;
}
