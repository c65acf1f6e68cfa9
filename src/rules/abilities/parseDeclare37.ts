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
