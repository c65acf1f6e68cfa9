/**
 * Small phrase readers of `parseEffect.ts` (split from it in session 40 to keep it under 700 lines): a weapon ability's
 * name, the keyword of an `against`, and a group of friendly units near this unit. Each throws `NotUnderstood`
 * (`fail`) on a phrase it does not read whole, so the ability stays by hand.
 *
 * @module
 */

import type { AbilityCondition } from './schema';
import { splitKeywords } from './parseKeywords';
import { fail, readUnitPhrase } from './parseDeclare';

/** "Crit (Mortal)", "Charge (+1 Damage)", "Anti-Hero (+1 Rend)" → the damage query's spelling (`crit-mortal`, `anti-HERO`). */
export function weaponAbilityOf(x: string, known: Iterable<string>): string {
  const t = x.trim().toLowerCase();
  if (t === 'crit (mortal)') return 'crit-mortal';
  if (t === 'crit (auto-wound)') return 'crit-auto-wound';
  if (t === 'crit (2 hits)') return 'crit-2-hits';
  if (t === 'charge (+1 damage)') return 'charge-damage';
  const m = /^anti-([\w'-]+) \(\+1 rend\)$/.exec(t);
  if (m && m[1] === 'charge') return 'anti-charge';
  if (m) {
    const k = splitKeywords(m[1], known);
    if (k && k.length === 1) return `anti-${k[0]}`;
  }
  fail(x);
}

/** "Monsters", "a Monster", "an enemy Hero" → the keyword of `against` (one keyword phrase; "or", "that has ..." are not read). */
export function againstOf(x: string, known: Iterable<string>): string[] {
  const phrase = x.trim().replace(/^(?:an? )?(?:enemy )?/i, '');
  if (/^units?$/i.test(phrase)) fail(x);
  const kw = readUnitPhrase(phrase, known);
  if (!kw.keyword || kw.notKeyword) fail(x);
  return [kw.keyword];
}

/**
 * "each visible friendly Stormcast Eternals unit wholly within 12\" of this unit" → the units it names, fixed
 * when the ability resolves (an `if` on each friendly unit, `visible`); null when the phrase is not that shape.
 */
export function friendlyGroup(phrase: string, known: Iterable<string>): { cond: AbilityCondition; visible: boolean } | null {
  const m = /^(?:each|all) (visible )?friendly (.+?) units? (wholly )?within (\d+)" of this unit$/i.exec(phrase.trim());
  if (!m) return null;
  const kw = readUnitPhrase(`${m[2]} units`, known);
  if (kw.notKeyword || kw.anyKeyword || !kw.keyword) fail(phrase); // "non-K", "A or B", or no keyword run: not read
  return { cond: { within: Number(m[4]), ...(m[3] ? { wholly: true } : {}), keyword: kw.keyword }, visible: m[1] !== undefined };
}
