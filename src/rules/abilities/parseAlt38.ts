/**
 * Session 38 (ab38d): "If the target is a Wizard, inflict 3 mortal damage on the target instead." (Mighty 'Eadbutt,
 * ij-001): the sentence before is replaced, for a target with the keyword, by the clause of this one. Read as two
 * effects on the Declare's target: the one before with `if: {notKeyword: K}`, the replacing one with
 * `if: {keyword: K}` (each checked on the target when the ability resolves, Core 28.0), as session 36's
 * "If the chanting roll was N+, ... instead" (`castRollAlternative`, parseEffect.ts) does for the roll.
 *
 * Read only when: the sentence is the last; the sentence before gave exactly one effect on the target, ungated;
 * the clause reads as one ungated effect of the same kind on the target; the Declare picks one unit; the keyword is
 * one of the core keywords below or a keyword of the army. Otherwise null (the caller reads on, and fails).
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
 * "If the target is a(n) K, <clause> instead." → the effects that replace; `out[prevStart]` is given its
 * `notKeyword` in place. Null when the sentence is not that shape or not read whole.
 * @param readClause the caller's clause reader (throws when not understood).
 */
export function readKeywordInstead(sentence: string, out: AbilityEffect[], prevStart: number, last: boolean, singleTarget: boolean, known: readonly string[], readClause: (clause: string) => AbilityEffect[]): AbilityEffect[] | null {
  const m = /^if the target is an? ([A-Za-z' -]+?), (.+) instead$/i.exec(sentence.trim().replace(/\.$/, ''));
  if (!m || !last || !singleTarget) return null;
  const keyword = m[1].trim().toUpperCase();
  if (!CORE_KEYWORDS.includes(keyword) && !known.some((k) => k.toUpperCase() === keyword)) return null;
  const prev = out.slice(prevStart);
  if (prev.length !== 1 || prev[0].targets !== 'targets' || !ungated(prev[0])) return null;
  let read: AbilityEffect[];
  try {
    read = readClause(m[2]);
  } catch {
    return null;
  }
  if (read.length !== 1 || read[0].targets !== 'targets' || !ungated(read[0]) || kind(read[0]) !== kind(prev[0])) return null;
  out[prevStart] = { ...prev[0], if: { notKeyword: keyword } } as AbilityEffect;
  return [{ ...read[0], if: { keyword } } as AbilityEffect];
}
