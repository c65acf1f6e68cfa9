/**
 * Session 40 (sh40g, issue 34): two clauses that hook into the attack and damage sequences (Core 17.0-18.1), read for
 * `parseEffect.ts` `readBody` (one dispatch line there). The vocabulary is in `schema40g.ts`.
 * - "Double the Damage characteristic of this unit's melee weapons for attacks that target an enemy Hero" (Master of
 *   Assassins), "... of this unit's Thengavar for attacks that target Monsters" (The Prime Huntress):
 *   `{double: "damage", attacks | weapon, against: [KEYWORD]}` on this unit. The weapons are this unit's own: all its
 *   weapons, its melee or ranged weapons, or one named weapon (kept by the importer only when the unit has it, as the
 *   other named-weapon effects). The target must be named by a keyword ("an enemy unit", a condition on the target
 *   other than a keyword: not read, by hand).
 * - "Subtract 1 from ward rolls made by the target" (Relic Censer), "Subtract 1 from ward rolls for enemy units" (with
 *   "while they are within 13\" of this unit" taken by the clause reader before; Corrupting Influence):
 *   `{modify: "ward", by}` on that subject (Core 18.1: the ward roll of each damage point of the unit's damage pool).
 *
 * @module
 */

import { fail, readUnitPhrase } from './parseDeclare';

/** One clause read: the effect's body and the subject phrase its unit is read from (`readSubject` of `parseEffect.ts`). */
export interface AttackHook40g {
  readonly body: Record<string, unknown>;
  /** The subject phrase ("this unit", "the target") for `readSubject`, or `enemy`: "enemy units" (every enemy unit, an aura's condition kept by the clause reader). */
  readonly subject: string;
}

const DOUBLE = /^double the damage characteristic of this unit's (.+?) for (combat |shooting )?attacks that target (.+)$/i;
const WARD = /^(add|subtract) ([1-3]) (?:to|from) ward rolls (?:made by|for) (.+)$/i;

/** The keyword of "an enemy Hero" / "Monsters" / "enemy Monsters" (one keyword; "units" or a condition: not read). */
function targetKeyword(x: string, known: Iterable<string>): string {
  const phrase = x.trim().replace(/^(?:an? )?(?:enemy )?/i, '');
  if (/^units?$/i.test(phrase) || /\b(?:that|with|within|which|if|while)\b/i.test(phrase)) fail(x);
  const kw = readUnitPhrase(phrase, known);
  if (!kw.keyword || kw.notKeyword) fail(x);
  return kw.keyword;
}

/** The weapons of "this unit's X": all of them, its melee / ranged weapons, or one named weapon. */
function weaponsOf(x: string, scope: string | undefined): Record<string, unknown> {
  const n = x.trim();
  const range = scope === undefined ? undefined : scope.trim().toLowerCase() === 'combat' ? 'melee' : 'ranged';
  if (/^weapons$/i.test(n)) return range ? { attacks: range } : {};
  const m = /^(melee|ranged) weapons$/i.exec(n);
  if (m) {
    if (range !== undefined && range !== m[1].toLowerCase()) fail(x);
    return { attacks: m[1].toLowerCase() };
  }
  if (/\bweapons?\b|\b(?:and|or|each|for|if|while|that|which|its)\b|,/i.test(n)) fail(x);
  return { weapon: n, ...(range ? { attacks: range } : {}) };
}

/** The clause `t` (no condition or duration left on it) as a doubled Damage or a ward-roll modifier, or null (not this shape). */
export function readAttackHook40g(t: string, known: Iterable<string>): AttackHook40g | null {
  let m = DOUBLE.exec(t.trim());
  if (m) return { body: { double: 'damage', ...weaponsOf(m[1], m[2]), against: [targetKeyword(m[3], known)] }, subject: 'this unit' };
  m = WARD.exec(t.trim());
  if (m) return { body: { modify: 'ward', by: Number(m[2]) * (m[1].toLowerCase() === 'add' ? 1 : -1) }, subject: /^enemy units$/i.test(m[3].trim()) ? 'enemy' : m[3] };
  return null;
}
