/**
 * Monster Grapple (Gordrakk, the Fist of Gork, ij-001; issue 34, session 41, sh41d), read whole: a Declare of one enemy
 * unit pick (read by `parseDeclare.ts`: "Pick an enemy Monster in combat with this unit to be the target.") and the
 * Effect "Roll a dice. On a 3+, pick 1 of the target's weapons. You must pick a Companion weapon if it has any. Halve the
 * Attacks characteristic of that weapon (rounding up) for the rest of the turn." → picks: the Declare's, then a
 * `choice` pick with `weaponOfTarget41d` (the weapon, named when the ability is used: the pick does not depend on the
 * roll); effect `{halveAttacks41d: "choice", targets: "targets", duration: "turn", if: {roll: "3+"}}`
 * (`schema41d.ts`; engine `engine/grapple41d.ts`). Any other wording: null.
 *
 * Pure; called by `parseEffect.ts` after its Declare is read.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityPick, AbilityTiming } from './schema';

const GRAPPLE = /^Roll a dice\. On a ([2-6])\+, pick 1 of the target's weapons\. You must pick a Companion weapon if it has any\. Halve the Attacks characteristic of that weapon \(rounding up\) for the rest of the turn\.$/i;

/** The picks and effect of the module docs, or null. */
export function readGrapple41d(effect: string, picks: readonly AbilityPick[], timing: AbilityTiming): { resolves: AbilityEffect[]; picks: AbilityPick[] } | null {
  if (timing.when === 'passive' || timing.when === 'reaction') return null;
  if (picks.length !== 1 || picks[0].kind !== 'enemyUnit' || (picks[0].count ?? 1) !== 1 || picks[0].each || picks[0].anyNumber) return null;
  const m = GRAPPLE.exec(plainRulesText(effect).replace(/\s+/g, ' ').trim());
  if (!m) return null;
  return {
    picks: [...picks, { kind: 'choice', weaponOfTarget41d: true }],
    resolves: [{ halveAttacks41d: 'choice', targets: 'targets', duration: 'turn', if: { roll: `${m[1]}+` } } as AbilityEffect],
  };
}
