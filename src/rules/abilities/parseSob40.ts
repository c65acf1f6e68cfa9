/**
 * A Sons of Behemat passive read in session 40 (sh40d; docs/abilities.md "Objective picks, a point on the battlefield,
 * one rally vocabulary, session 40 (sh40d)"), asked by `parseObjective40.ts` `readWhole40d`:
 * "Subtract 1 from the Attacks characteristic of enemy Monsters while they are in combat with this unit." (Behemoth
 * Brawler, sob Beast-smasher Mega-Gargant) → the aura `{modify: "attacks", by: -1, attacks: "all", targets: "enemy",
 * while: {within: 3, of: "self", keyword: "MONSTER"}}`: every weapon of each enemy MONSTER in combat with this unit
 * (within its 3" combat range, Core 13.0, as sh39a reads "in combat with this unit"); the Attacks characteristic
 * cannot be modified below 1 (Core 2.x, as every Attacks modifier). One known keyword ("Monsters" → MONSTER) only;
 * anything else is not this shape. Pure; no three.
 *
 * @module
 */

import { splitKeywords } from './parseKeywords';
import type { AbilityEffect } from './schema';

const BRAWLER = /^subtract ([1-3]) from the attacks characteristic of enemy ([\w' -]+?) while they are in combat with this unit\.?$/i;

/** The whole Effect of a Declare-less passive as this aura, or null. */
export function readEnemyAttacksInCombat40(effect: string, passive: boolean, declare: string | null, known: Iterable<string>): AbilityEffect[] | null {
  const m = BRAWLER.exec(effect.trim());
  if (!m || !passive || (declare ?? '').trim() !== '') return null;
  const word = m[2].trim();
  const kw = /s$/i.test(word) ? splitKeywords(word.replace(/e?s$/i, ''), known) ?? splitKeywords(word.replace(/s$/i, ''), known) : null;
  if (kw === null || kw.length !== 1) return null;
  return [{ modify: 'attacks', by: -Number(m[1]), attacks: 'all', targets: 'enemy', while: { within: 3, of: 'self', keyword: kw[0] } } as AbilityEffect];
}
