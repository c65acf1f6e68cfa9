/**
 * Retreats without their mortal damage (issue 34, session 38, ab38c):
 *
 * - "Then, this unit can use a Retreat ability as if it were your movement phase. No mortal damage is inflicted on
 *   this unit by that Retreat ability." (Predator Knights, fec; after "Inflict D3 mortal damage on the target.") →
 *   `{retreatNow: true, noDamage: true, targets: "self"}` (without the second sentence: no `noDamage`);
 * - "No mortal damage is inflicted on friendly Skaven Infantry and Cavalry units by Retreat abilities." (Too Quick to
 *   Hit-hit, skv; a passive) → `{retreatNoDamage: true, targets: "friendly", while: {keyword: "SKAVEN INFANTRY"}}` and
 *   the same with `"SKAVEN CAVALRY"` ("K A and B units": units with K that are A or B).
 *
 * The engine side is `engine/retreat38.ts`. Pure; called by `parseEffect.ts` for each sentence before its other
 * readers.
 *
 * @module
 */

import { fail } from './parseDeclare';
import { splitKeywords } from './parseKeywords';
import type { AbilityEffect } from './schema';

const RETREAT_NOW = /^(?:then, )?this unit can use a retreat ability as if it were your movement phase\.?$/i;
const NO_DAMAGE_THAT = /^no mortal damage is inflicted on this unit by that retreat ability\.?$/i;
const NO_DAMAGE_ALL = /^no mortal damage is inflicted on friendly ([\w' -]+?) units by retreat abilities\.?$/i;

/** `ss[i]` (and the sentence after it) as one of the module's effects, or null. */
export function readRetreat38(ss: readonly string[], i: number, ctx: { passive: boolean; known: Iterable<string> }): { effects: AbilityEffect[]; used: number } | null {
  const s = ss[i].trim();
  if (RETREAT_NOW.test(s)) {
    if (ctx.passive) fail(s);
    const spared = NO_DAMAGE_THAT.test((ss[i + 1] ?? '').trim());
    return { effects: [{ retreatNow: true, ...(spared ? { noDamage: true } : {}), targets: 'self' } as AbilityEffect], used: spared ? 2 : 1 };
  }
  const m = NO_DAMAGE_ALL.exec(s);
  if (!m) return null;
  if (!ctx.passive) fail(s);
  const [left, right, extra] = m[1].split(/ and /i);
  if (extra !== undefined) fail(s);
  const l = splitKeywords(left, ctx.known);
  if (l === null) fail(s);
  const phrases = [l.join(' ')];
  if (right !== undefined) {
    const r = splitKeywords(right, ctx.known);
    if (r === null || r.length !== 1 || l.length < 2) fail(s);
    phrases.push([...l.slice(0, -1), r[0]].join(' '));
  }
  return { effects: phrases.map((k) => ({ retreatNoDamage: true, targets: 'friendly', while: { keyword: k } }) as AbilityEffect), used: 1 };
}
