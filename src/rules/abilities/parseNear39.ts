/**
 * "While this unit is wholly within 12" of a friendly Hag Queen on Cauldron of Blood, Slaughter Queen on Cauldron
 * of Blood or Shrine of Dark Tribute, ..." (issue 34, session 39, sh39a; docs/abilities.md "Auras of named
 * warscrolls and roll-gated choices, session 39 (sh39a)"): a leading condition on this unit naming warscrolls
 * (roster names of units, or of faction terrain features, Core 28.2) instead of keywords. Read into the condition
 * **`ofFriendlyNamed: [names]`** (an extension of ABILITIES.md "Conditions", with `within`, `wholly`, `unit:
 * "self"`): some other friendly unit, or friendly faction terrain feature on the battlefield, of one of those names
 * is (wholly) within the distance of the affected unit (Core 1.0, 1.1; `passives.ts` `conditionHolds`).
 *
 * A list is read only when every name is a proper noun (capitalised words, lower-case "of", "on", "the",
 * "and" between them), none is a keyword run of the army (those are `ofFriendly`'s, session 36), and at least
 * one is the name of a unit of the army: the list is then a list of warscroll names, and a name the army has no
 * unit of (the Shrine of Dark Tribute is a faction terrain feature) is checked against the army's faction
 * terrain by name. Pure; no three.
 *
 * @module
 */

import { splitKeywords } from './parseKeywords';
import type { AbilityCondition } from './schema';

/** A proper noun of a warscroll ("Hag Queen on Cauldron of Blood", "Shrine of Dark Tribute"). */
const NAME = /^[A-Z][\w'-]*(?: (?:of|on|the|and|[A-Z][\w'-]*))*$/;

/**
 * "While this unit is [wholly] within N" of a friendly A[, B] or C, <rest>" with A, B, C warscroll names (see the
 * module). `names`: the army's unit names. Null when `c` is not this shape (the caller reads it as before).
 */
export function takeFriendlyNamed39(c: string, known: Iterable<string>, names: readonly string[] | undefined): { rest: string; cond: AbilityCondition; kind: 'while' } | null {
  if (names === undefined || names.length === 0) return null;
  const lead = /^while this unit is (wholly )?within (\d+)" of (?:a|any) friendly /i.exec(c);
  // The names keep their capitals (a proper noun each); the rest is "this unit ..." / "this unit's ...".
  const m = lead ? /^([A-Z][\w' ,-]+?), ((?:this|This) unit(?:'s)? .+)$/.exec(c.slice(lead[0].length)) : null;
  if (!lead || !m) return null;
  const alts = m[1].split(/, | or /);
  if (alts.length < 1 || alts.length > 5) return null;
  const lower = new Set(names.map((n) => n.toLowerCase()));
  for (const a of alts) {
    if (!NAME.test(a)) return null;
    // A keyword run of the army ("Mega-Gargant") is a keyword, read by `ofFriendly` (session 36), never a name here.
    if (splitKeywords(a.replace(/ units?$/i, ''), known) !== null) return null;
  }
  if (!alts.some((a) => lower.has(a.toLowerCase()))) return null;
  return { rest: m[2], cond: { within: Number(lead[2]), ...(lead[1] ? { wholly: true } : {}), ofFriendlyNamed: alts, unit: 'self' }, kind: 'while' };
}

/** A name compared loosely: lower case, each word's plural "s" dropped. */
function loose(name: string): string {
  return name
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/s$/, ''))
    .join(' ');
}

/**
 * The army's unit name a printed name stands for, singular or plural ("Hag Queens on Cauldrons of Blood" is the
 * roster's "Hag Queen on Cauldron of Blood"): each word compared without case and without a plural "s"; undefined
 * when no unit of the army has it. Used by the rally extras (parseRally39.ts) and the second target (parsePicks39.ts).
 */
export function armyUnitName(printed: string, names: readonly string[]): string | undefined {
  const want = loose(printed);
  return names.find((n) => loose(n) === want);
}
