/**
 * Set-ups near a unit (issue 34, session 38, ab38c): "remove ... from the battlefield and set it up again
 * wholly within N" of <this unit | a friendly K unit> and more than M" from all enemy units":
 *
 * - Da Great Big Green Hand of Gork (ij): "Remove the target from the battlefield and set it up again
 *   wholly within 24" of the caster and more than 9" from all enemy units." (the caster is this unit) →
 *   `{setUp: "battlefield", within: 24, farther: 9}` (`within`: wholly within that distance of the ability's
 *   unit, the vocabulary's field since session 35);
 * - To Our Liege (fec): "If this unit is not in combat, remove it from the battlefield and set it up again
 *   wholly within 12" of a friendly Flesh-eater Courts Hero and more than 9" from all enemy units." →
 *   `{setUp: "battlefield", nearFriendly: {within: 12, keyword: "FLESH-EATER COURTS HERO"}, farther: 9}`
 *   (**`nearFriendly`**, an extension: wholly within that distance of some other friendly unit with the
 *   keywords; checked by `engine/abilityUse.ts` `setUpByAbility`).
 *
 * Any other place ("of a terrain feature", "of the battlefield edge", "of another friendly Gnawhole", "in
 * combat") is not read. Pure; called by `parseEffect.ts` `readBody`.
 *
 * @module
 */

import { readUnitPhrase } from './parseDeclare';

const SET_UP = /^remove (this unit|the target|that unit|it) from the battlefield and set (?:it|them) up again wholly within (\d+)" of (this unit|a friendly ([\w' -]+?)) and more than (\d+)" from all enemy units$/i;

/**
 * One clause → the set-up's body and its subject phrase (for the caller's subject reader), or null.
 * Throws `NotUnderstood` (through `readUnitPhrase`) when the friendly unit's keywords are not the army's.
 */
export function readSetUpNear(clause: string, known: Iterable<string>): { body: Record<string, unknown>; subject: string } | null {
  const m = SET_UP.exec(clause.trim());
  if (!m) return null;
  const subject = /^it$/i.test(m[1]) ? 'this unit' : m[1];
  const farther = Number(m[5]);
  if (m[4] === undefined) return { body: { setUp: 'battlefield', within: Number(m[2]), farther }, subject };
  const kw = readUnitPhrase(m[4], known);
  if (kw.notKeyword !== undefined || kw.keyword === undefined || Object.keys(kw).some((k) => k !== 'keyword')) return null;
  return { body: { setUp: 'battlefield', nearFriendly: { within: Number(m[2]), keyword: kw.keyword }, farther }, subject };
}
