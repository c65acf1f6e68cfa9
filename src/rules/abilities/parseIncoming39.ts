/**
 * Session 39 (sh39d): a roll modifier for the attacks that friendly units of some keywords make against the Declare's
 * target: "Add 1 to wound rolls for combat attacks made by friendly Vanguard Chamber units that target that enemy unit
 * for the rest of the turn." (Coordinated Strike, sce-002) → `{modify: "wound", by: 1, attacks: "melee", incoming:
 * true, against: ["VANGUARD CHAMBER"], targets: "targets", duration: "turn"}`: an `incoming` modifier on the target
 * (the rolls of attacks that target it, Core 17.1) limited by `against` to attacks made by units with those keywords
 * (`passives.ts` `againstMatches` on the attacking unit). Only hit and wound rolls; only the Declare's target ("that
 * enemy unit", "the target"); the keywords must all be keywords of the army. "Friendly": the units attacking an enemy
 * unit are always of the other army (Core 16.0, 17.0), so the keywords are the whole restriction.
 *
 * @module
 */

import { splitKeywords } from './parseKeywords';

const MADE_BY = /^(combat |shooting )?attacks made by friendly ([\w' -]+?) units that target (?:that enemy unit|the target)$/i;

/** The roll subject of this shape (the target, the weapons' range, the attackers' keyword phrase), or null. */
export function readMadeByAgainstTarget39(s: string, what: string, known: Iterable<string>): { subject: string; scope: 'melee' | 'ranged' | 'all'; against: string[] } | null {
  if (what !== 'hit' && what !== 'wound') return null;
  const m = MADE_BY.exec(s.trim());
  if (!m) return null;
  const kws = splitKeywords(m[2], known);
  if (kws === null || kws.length === 0) return null;
  const w = (m[1] ?? '').trim().toLowerCase();
  return { subject: 'the target', scope: w === 'combat' ? 'melee' : w === 'shooting' ? 'ranged' : 'all', against: [kws.join(' ')] };
}
