/**
 * Session 38 (ab38d): "If the target is a (non-)K (unit), <clause on it>." (Star-fated Arrow, sce-002): the clause with
 * `if: {keyword: K}` / `if: {notKeyword: K}` on the Declare's target, checked when the ability resolves (Core 28.0).
 * "If the target is a Wizard, ... instead" (Mighty 'Eadbutt) is ab38a's reader (`parseKbIj38.ts`, run first; this
 * module's own reader of it was dropped at the merge).
 *
 * @module
 */

import type { AbilityEffect } from './schema';

/** Core keywords a target may be checked for ("If the target is a Wizard"). */
const CORE_KEYWORDS = ['WIZARD', 'PRIEST', 'HERO', 'MONSTER', 'INFANTRY', 'CAVALRY', 'BEAST', 'WAR MACHINE', 'FLY', 'MANIFESTATION'];

/** The effect's vocabulary key (the field that is not a frame field). */
function kind(e: AbilityEffect): string {
  const frame = ['targets', 'duration', 'while', 'if', 'unlessCastRoll', 'visible', 'choice'];
  const r = e as Record<string, unknown>;
  const key = Object.keys(r).find((k) => !frame.includes(k)) ?? '';
  return key === 'modify' || key === 'set' ? `${key}:${String(r[key])}` : key;
}

function ungated(e: AbilityEffect): boolean {
  return e.if === undefined && e.while === undefined && e.unlessCastRoll === undefined && !('on' in e && e.on !== undefined) && !('each' in e && e.each !== undefined);
}

/**
 * "If the target is a non-Monster unit, inflict D6 mortal damage on it." / "If the target is a Monster, inflict D6+3
 * mortal damage on it." (Star-fated Arrow, sce-002): the clause ("it": the target) with `if: {keyword: K}` or
 * `if: {notKeyword: K}`, checked on the target when the ability resolves. Read only for one target, in an activated
 * ability, with a core keyword or one of the army's, the clause one ungated effect on the target. Null otherwise.
 */
export function readKeywordIf(sentence: string, out: readonly AbilityEffect[], singleTarget: boolean, passive: boolean, known: readonly string[], readClause: (clause: string) => AbilityEffect[]): AbilityEffect[] | null {
  const m = /^if the target is an? (non-)?([A-Za-z' -]+?)(?: unit)?, (.+)$/i.exec(sentence.trim().replace(/\.$/, ''));
  if (!m || !singleTarget || passive || / instead$/i.test(m[3])) return null;
  const keyword = m[2].trim().toUpperCase();
  if (!CORE_KEYWORDS.includes(keyword) && !known.some((k) => k.toUpperCase() === keyword)) return null;
  let read: AbilityEffect[];
  try {
    read = readClause(m[3].replace(/\b(on|to|from|for) it$/i, '$1 the target'));
  } catch {
    return null;
  }
  if (read.length !== 1 || read[0].targets !== 'targets' || !ungated(read[0])) return null;
  // After an unconditional effect of the same kind on the target, the text most likely meant "instead" (ab38a's
  // Mighty 'Eadbutt reader, parseKbIj38.ts, reads that form): by hand.
  if (out.some((e) => e.targets === 'targets' && ungated(e) && kind(e) === kind(read[0]))) return null;
  return [{ ...read[0], if: m[1] ? { notKeyword: keyword } : { keyword } } as AbilityEffect];
}
