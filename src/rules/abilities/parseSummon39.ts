/**
 * Session 39 (sh39d): casting-roll modifiers that apply only when the unit uses a SUMMON ability (Magic 7.0: the
 * spells that set up a manifestation), and the banishment-roll modifier written with one (docs/abilities.md "Summon
 * and banishment modifiers, session 39 (sh39d)"):
 *
 * | Sentence (real texts) | Effects |
 * |---|---|
 * | `Add 1 to casting rolls for this unit when it uses a SUMMON ability.` (Aetheric Manipulation, sce-002) | `{modify: "cast", by: 1, summon: true, targets: "self"}` |
 * | `Add 1 to casting rolls for this unit when it uses a Summon ability and add 1 to banishment rolls for this unit.` (Arcane Resonance, dok-001) | the same, and `{modify: "banish", by: 1, targets: "self"}` |
 *
 * The clause before "when ..." and the banishment clause are read by the parser's own clause reader; each must come
 * out as casting (resp. banishment) modifiers, or the sentence is not read and the ability stays by hand. The engine
 * applies `summon` modifiers to the casting roll of a summoning spell only (`engine/magic.ts` `cast`, Magic 7.0) and
 * the banishment modifiers to Banish Manifestation's roll (Magic 7.2).
 *
 * @module
 */

import { fail } from './parseDeclare';
import type { AbilityEffect } from './schema';

const SUMMON = /^(.+? casting rolls for this unit) when it uses an? summon ability(?: and ((?:add|subtract) \d+ (?:to|from) banishment rolls for this unit))?$/i;

/**
 * A sentence with "when it uses a Summon ability" → its effects, or null when the sentence is not of this shape.
 * @throws NotUnderstood when the shape matches but a clause reads as anything but the modifier it must be.
 */
export function readSummonSentence39(s: string, readClause: (c: string) => AbilityEffect[]): AbilityEffect[] | null {
  const m = SUMMON.exec(s.trim().replace(/\.$/, ''));
  if (!m) return null;
  const cast = readClause(m[1]);
  if (cast.length === 0 || !cast.every((e) => 'modify' in e && e.modify === 'cast' && e.targets === 'self' && e.if === undefined && e.duration === undefined)) fail(s);
  const out: AbilityEffect[] = cast.map((e) => ({ ...e, summon: true }) as AbilityEffect);
  if (m[2] !== undefined) {
    const banish = readClause(m[2]);
    if (banish.length === 0 || !banish.every((e) => 'modify' in e && e.modify === 'banish' && e.targets === 'self' && e.if === undefined)) fail(s);
    out.push(...banish);
  }
  return out;
}
