/**
 * The roster tree shared by the three formats: New Recruit's JSON shape (BattleScribe's roster
 * schema with containers as arrays and element text as `$text`). XML is converted to it by
 * `readXml.ts`. Values may be strings (XML) or typed numbers/booleans (JSON), so every read goes
 * through these accessors, which give the same answer for both.
 *
 * @module
 */

/** A node of the roster tree (an element: attributes, `$text`, containers as arrays). */
export type RNode = { readonly [key: string]: unknown };

/** An attribute as a string (numbers and booleans converted), or undefined when absent. */
export function attr(n: RNode, key: string): string | undefined {
  const v = n[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** The element text (`$text`), '' when absent. */
export function text(n: RNode): string {
  const v = n.$text;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** The child elements of a container (`forces`, `selections`, `profiles`, ...); [] when absent. */
export function list(n: RNode, key: string): RNode[] {
  const v = n[key];
  if (Array.isArray(v)) return v.filter((x): x is RNode => x !== null && typeof x === 'object' && !Array.isArray(x));
  if (v !== null && typeof v === 'object') return [v as RNode];
  return [];
}

/** A characteristic of a profile by name (`Move`, `Atk`, ...), as text; undefined when absent. */
export function characteristic(profile: RNode, name: string): string | undefined {
  for (const c of list(profile, 'characteristics')) if (attr(c, 'name') === name) return text(c);
  return undefined;
}

/** The category names of a selection. */
export function categories(n: RNode): string[] {
  return list(n, 'categories').map((c) => attr(c, 'name') ?? '').filter((s) => s !== '');
}

/** The `pts` cost of one node (not of its children); 0 when absent. */
export function ownPoints(n: RNode): number {
  for (const c of list(n, 'costs')) {
    if (attr(c, 'name') === 'pts' || attr(c, 'typeId') === 'points') {
      const v = Number(attr(c, 'value'));
      if (Number.isFinite(v)) return v;
    }
  }
  return 0;
}

/**
 * Rules text cleaned of BattleScribe markup: `**^^KEYWORD^^**` and `**bold**` markers removed,
 * non-breaking spaces and hyphens made plain, runs of spaces collapsed (line breaks kept).
 */
export function cleanText(s: string): string {
  return s
    .replace(/\*\*|\^\^/g, '')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** A name as an id part: accents dropped, lower case, runs of other characters as one "-", no "-" at either end, at most 60 characters (may end in "-" after the cut). */
export function slugBody(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
