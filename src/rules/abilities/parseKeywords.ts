/**
 * Keyword phrases of rules text ("friendly **Kruleboyz Infantry** units", "non-**Hero**") read into
 * the keyword specs of abilities (ABILITIES.md picks and conditions). Pure.
 *
 * A **keyword spec** is one keyword ("HERO") or several the unit must all have, joined with
 * ", " ("KRULEBOYZ, INFANTRY": a KRULEBOYZ INFANTRY unit has both keywords, as the rules read a
 * run of keywords). {@link keywordSpecMatches} is the one check of a spec against a unit.
 *
 * @module
 */

import { keywordsMatch } from '../damage';

/** Keywords of the core rules that rules text uses without any unit of the army having them. */
export const CORE_KEYWORDS = [
  'HERO', 'MONSTER', 'INFANTRY', 'CAVALRY', 'BEAST', 'WAR MACHINE', 'WIZARD', 'PRIEST', 'FLY', 'UNIQUE', 'WARMASTER',
  'MANIFESTATION', 'ENDLESS SPELL', 'INVOCATION', 'FACTION TERRAIN', 'CHAMPION', 'MUSICIAN', 'STANDARD BEARER',
  'ORDER', 'CHAOS', 'DEATH', 'DESTRUCTION',
];

/** A keyword as compared: upper case, single spaces, "WIZARD (1)" → "WIZARD", plain hyphens. */
export function normalKeyword(k: string): string {
  return k
    .toUpperCase()
    .replace(/[\u2010-\u2013]/g, '-')
    .replace(/\s*\(\d+\+?\)\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Split a run of keywords as printed ("Flesh-eater Courts Infantry", "Heroes") into keywords,
 * longest known keyword first.
 * @param phrase The run of words (no "non-", no "or").
 * @param known Keywords of the army (any case) plus {@link CORE_KEYWORDS}.
 * @returns the keywords in upper case, or `null` when a word belongs to no known keyword (the
 *   phrase is then not understood; callers fall back to "by hand").
 */
export function splitKeywords(phrase: string, known: Iterable<string>): string[] | null {
  const set = new Set<string>();
  for (const k of known) set.add(normalKeyword(k));
  for (const k of CORE_KEYWORDS) set.add(k);
  const words = normalKeyword(phrase).split(' ').filter((w) => w !== '');
  if (words.length === 0) return null;
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    let found = '';
    for (let j = words.length; j > i; j--) {
      const cand = words.slice(i, j).join(' ');
      const hit = [...set].find((k) => keywordsMatch(k, cand));
      if (hit) {
        found = hit;
        i = j;
        break;
      }
    }
    if (found === '') return null;
    if (!out.includes(found)) out.push(found);
  }
  return out;
}

/** The keyword spec of keywords (joined with ", "). */
export function keywordSpec(keywords: string[]): string {
  return keywords.join(', ');
}

/**
 * Does a unit with `unitKeywords` have every keyword of `spec` ("KRULEBOYZ, INFANTRY")? Keywords
 * compare as the rules read them: case-insensitive, `WIZARD (1)` is a WIZARD, singular/plural.
 */
export function keywordSpecMatches(unitKeywords: readonly string[], spec: string): boolean {
  const have = unitKeywords.map(normalKeyword);
  return spec
    .split(',')
    .map((s) => normalKeyword(s))
    .filter((s) => s !== '')
    .every((k) => have.some((h) => keywordsMatch(h, k)));
}
