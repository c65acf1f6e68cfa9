/**
 * Keyword phrases of rules text ("friendly **Kruleboyz Infantry** units", "non-**Hero**") read into
 * the keyword specs of abilities (ABILITIES.md picks and conditions). Pure.
 *
 * A **keyword phrase** is one keyword ("HERO") or several the unit must all have, written as the
 * rules write them, upper case and space-separated ("KRULEBOYZ INFANTRY": a unit with both
 * keywords; "FLESH-EATER COURTS INFANTRY"), the engine's convention (`hasKeywordPhrase`):
 * {@link keywordSpecMatches} reads it the same way (consecutive runs of words that are each one of
 * the unit's keywords).
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
  const set = knownSet(known);
  const words = normalKeyword(phrase).split(' ').filter((w) => w !== '');
  if (words.length === 0) return null;
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    let found: string | undefined;
    for (let j = words.length; j > i && found === undefined; j--) {
      found = lookup(set, words.slice(i, j).join(' '));
      if (found !== undefined) i = j;
    }
    if (found === undefined) return null;
    if (!out.includes(found)) out.push(found);
  }
  return out;
}

const knownCache = new Map<string, Set<string>>();

/** The known keywords (normalised, core ones added), cached by content. */
function knownSet(known: Iterable<string>): Set<string> {
  const list = [...known];
  const key = list.join('|');
  let set = knownCache.get(key);
  if (!set) {
    set = new Set([...list.map(normalKeyword), ...CORE_KEYWORDS]);
    if (knownCache.size > 50) knownCache.clear();
    knownCache.set(key, set);
  }
  return set;
}

/** The known keyword a printed word run names: itself, or its singular ("HEROES" → "HERO") or plural; as `keywordsMatch` compares. */
function lookup(set: Set<string>, cand: string): string | undefined {
  const forms = [cand, `${cand}S`, `${cand}ES`];
  if (cand.endsWith('S')) forms.push(cand.slice(0, -1));
  if (cand.endsWith('ES')) forms.push(cand.slice(0, -2));
  if (cand.endsWith('IES')) forms.push(`${cand.slice(0, -3)}Y`);
  if (cand.endsWith('Y')) forms.push(`${cand.slice(0, -1)}IES`);
  for (const f of forms) if (set.has(f) && keywordsMatch(f, cand)) return f;
  return undefined;
}

/** The keyword phrase of keywords (space-separated, as the rules write a run of keywords). */
export function keywordSpec(keywords: string[]): string {
  return keywords.join(' ');
}

/**
 * Does a unit with `unitKeywords` have the keyword phrase `spec` ("KRULEBOYZ INFANTRY")? The
 * phrase is one of its keywords, or its words split into consecutive runs that are each one of them
 * ("WAR MACHINE" stays one keyword). Keywords compare as the rules read them: case-insensitive,
 * `WIZARD (1)` is a WIZARD, singular = plural.
 */
export function keywordSpecMatches(unitKeywords: readonly string[], spec: string): boolean {
  const have = unitKeywords.map(normalKeyword);
  const words = normalKeyword(spec).split(' ').filter((w) => w !== '');
  if (words.length === 0) return true;
  const memo = new Map<number, boolean>();
  const from = (i: number): boolean => {
    if (i === words.length) return true;
    const m = memo.get(i);
    if (m !== undefined) return m;
    let ok = false;
    for (let j = i + 1; j <= words.length && !ok; j++) {
      const run = words.slice(i, j).join(' ');
      if (have.some((h) => keywordsMatch(h, run))) ok = from(j);
    }
    memo.set(i, ok);
    return ok;
  };
  return from(0);
}
