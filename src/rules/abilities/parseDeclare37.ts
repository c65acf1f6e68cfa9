/**
 * Declare and condition readers added in session 37 (decl37; docs/abilities.md "Declare shapes added in
 * session 37 (decl37)"), kept apart from `parseDeclare.ts` / `parseEffect.ts`, which call them. As there,
 * a part not understood throws {@link NotUnderstood} (via {@link fail}) and the ability stays by hand;
 * each reader takes only the exact shape its real texts have. Pure; no three.
 *
 * - A casting roll modified by the target's state, written after the Declare's casting roll: "..., then
 *   make a casting roll of 2D6. Subtract 1 from the roll if the target is in combat." (Elemental Push, lrl)
 *   → `castModifier` on the spell's single pick.
 * - "If the target is a friendly unit, it has Strike-first ..." → the condition `side` on the Declare's
 *   target (Aethershock, sce: a pick of "a visible unit", friend or foe).
 * - "The target can move up to 5". It can pass through the combat ranges of enemy units but cannot end
 *   that move in combat." → a move with the geometry of a Retreat (Core 14.1: through combat ranges, not
 *   ending in combat; no mortal damage, and the unit has not used a Retreat ability).
 *
 * @module
 */

import { fail } from './parseDeclare';
import type { AbilityCondition, AbilityEffect, AbilityPick } from './schema';

/** A casting-roll modifier read off the end of a Declare: `by` when the picked unit meets `if`. */
export interface CastModifier {
  readonly by: number;
  readonly if: AbilityCondition;
}

/**
 * Pull "Subtract 1 from the roll if the target is [not] in combat." off the end of a Declare whose last
 * clause before it is "make a casting roll of 2D6" (the roll is the casting roll, Magic 2.0). Any other
 * sentence after the casting roll ("Subtract 1 from the roll for each ...") is left in place, so the
 * Declare is not read and the ability stays by hand.
 */
export function takeCastRollModifier(d: string): { rest: string; modifier?: CastModifier } {
  const m = /(make a casting roll of 2D6)\. (subtract|add) ([1-3]) (?:from|to) the roll if the target is (not )?in combat\.?$/i.exec(d);
  if (!m) return { rest: d };
  const by = Number(m[3]) * (m[2].toLowerCase() === 'add' ? 1 : -1);
  return { rest: `${d.slice(0, m.index)}${m[1]}.`, modifier: { by, if: { inCombat: m[4] === undefined } } };
}

/**
 * Put a Declare's casting-roll modifier on its pick: only a single pick of one unit (the text says "the
 * target"), of a Declare with a casting roll.
 */
export function attachCastModifier(picks: AbilityPick[], modifier: CastModifier | undefined, castRoll: boolean, d: string): AbilityPick[] {
  if (modifier === undefined) return picks;
  const p = picks[0];
  if (!castRoll || picks.length !== 1 || (p.count ?? 1) !== 1 || p.each || p.anyNumber || (p.kind !== 'friendlyUnit' && p.kind !== 'enemyUnit' && p.kind !== 'anyUnit')) fail(d);
  return [{ ...p, castModifier: { by: modifier.by, if: modifier.if } }];
}

/**
 * "If the target is a friendly unit, it has Strike-first for the rest of the turn" → the clause on the
 * target ("the target has Strike-first ...") and the condition `side: "friendly"`. Only with a Declare's
 * target (`hasTargets`); null when the clause does not start so.
 */
export function takeTargetSide(c: string, hasTargets: boolean): { rest: string; cond: AbilityCondition } | null {
  const m = /^if the target is an? (friendly|enemy) unit, (?:it|the target) (.+)$/i.exec(c);
  if (!m || !hasTargets) return null;
  return { rest: `the target ${m[2]}`, cond: { side: m[1].toLowerCase() as 'friendly' | 'enemy' } };
}

/**
 * "The target can move up to 5"." followed by "It can pass through the combat ranges of enemy units but
 * cannot end that move in combat." → `{move: "retreat", inches: 5, targets: "targets"}`; null when
 * `s` and `next` are not these two sentences (another reader may take them).
 */
export function readRetreatLikeMove(s: string, next: string | undefined, hasTargets: boolean): AbilityEffect | null {
  const m = /^the target can move up to (\d+)"$/i.exec(s.trim());
  if (!m) return null;
  if (!/^it can pass through the combat ranges of enemy units but cannot end that move in combat\.?$/i.test((next ?? '').trim())) return null;
  if (!hasTargets) fail(s);
  return { move: 'retreat', inches: Number(m[1]), targets: 'targets' };
}

/**
 * "If the chanting roll was 10+, you can pick another eligible unit to be a second target." / "... you can
 * pick up to 2 eligible units to be the targets instead of 1." (Charnel Conviction, fec; Demands of the
 * Witness, sce; Killa Beat, ij) → `{roll, count}`; null for any other sentence.
 */
export function readMoreTargets(s: string): { roll: number; count: number } | null {
  const m = /^if the chanting roll was (\d+)\+, you can pick (?:another eligible unit to be a second target|up to ([2-5]) eligible units to be the targets instead of 1)$/i.exec(s.trim());
  return m ? { roll: Number(m[1]), count: m[2] ? Number(m[2]) : 2 } : null;
}

/**
 * Put "up to N units on a chanting roll of R+" on a prayer's pick (`countAt`): only a single pick of one
 * unit (no each / any number / closest) of a Declare with a chanting roll; otherwise not read.
 */
export function attachMoreTargets(picks: AbilityPick[], more: { roll: number; count: number }, declare: string | null): AbilityPick[] {
  const p = picks[0];
  if (!/make a chanting roll of D6/i.test(declare ?? '') || picks.length !== 1 || (p.count ?? 1) !== 1 || p.each || p.anyNumber || p.closest || (p.kind !== 'friendlyUnit' && p.kind !== 'enemyUnit')) fail('a second target');
  return [{ ...p, countAt: more }];
}

/**
 * "Pick a friendly Nighthaunt unit that is not in combat to use this ability." (Ethereal Translocation, nh):
 * the unit picked is the one the Effect then names ("that unit"), as a target is; read as "... to be the
 * target". Only a single friendly unit ("a" / "an"); anything else is left as it is (and not read).
 */
export function useThisAbilityAsTarget(d: string): string {
  return d.replace(/^(pick an? (?:visible )?friendly .+?) to use this ability(\.?)$/i, '$1 to be the target$2');
}
