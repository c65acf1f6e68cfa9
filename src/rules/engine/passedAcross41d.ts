/**
 * Session 41 (sh41d; issue 34; docs/abilities.md "Monsters and moves across units, session 41 (sh41d)"): the engine
 * side of the moves across enemy units that session 40's record (`passedAcross40f.ts`) did not resolve yet, read by
 * `abilities/parsePassedAcross41d.ts`:
 *
 * - Destructive Bulk (ij): "roll a D3. On a 2+, this unit can move 2D6" ... Inflict an amount of mortal damage on the
 *   target equal to the D3 roll. If the target is Infantry, double the mortal damage inflicted." The use's D3
 *   (`if.useRoll`, session 39's one roll of the use) is kept on the pending move (`useRoll41d`) and is the damage;
 *   doubled (Core 27.0: a multiplier) when the unit picked has the keyword phrase `double`.
 * - Rolling Doom (skv): "Then, pick up to 3 enemy units that this unit passed across during that move to be the
 *   targets." (`pick: "upTo"`, `count`): the move action's `targets` (contract extension of GAME.md's `move`
 *   action), each a unit passed across, at most `count`, different (Core 28.2's "each unit you pick must be a
 *   different unit"); without `targets`, every unit passed across when they are `count` or fewer, refused
 *   otherwise (the player must pick).
 * - Carve a Path (ij) and Rolling Doom: the move may pass through the models of any unit (`through: "models"`,
 *   `passThroughModels41d`).
 *
 * Refusals are data (`reject`) with rule `<ability>: Effect`.
 *
 * @module
 */

import type { AbilityEffect } from '../abilities/schema';
import { hasKeywordNow } from '../abilities/passives';
import { aliveModels, reject, type Ctx } from './core';
import type { PlayerId } from './state';
import { useRollOf } from './useRoll39';
import type { PassedAcross40f } from '../abilities/schema40f';

/**
 * The pending move's `useRoll41d` for a move effect whose damage is the use's gate roll (`passedAcross.mortal:
 * "useRoll"`): the roll already made for `if.useRoll` by this use (`order`), or nothing for any other move.
 */
export function useRollOnMove41d(c: Ctx, order: number, e: AbilityEffect, purpose: string, player: PlayerId): { useRoll41d?: number } {
  if (!('move' in e) || e.passedAcross?.mortal !== 'useRoll' || e.if?.useRoll === undefined) return {};
  return { useRoll41d: useRollOf(c, order, e.if.useRoll.die, purpose, player) };
}

/** Model ids a `through: "models"` move may pass through: every other model on the battlefield, either army (Core 15.0 lifted). */
export function passThroughModels41d(c: Ctx, unitId: string): string[] {
  const out: string[] = [];
  for (const id of Object.keys(c.s.units)) if (id !== unitId) for (const m of aliveModels(c.s, id)) out.push(m.id);
  return out;
}

/**
 * The units of `crossed` picked for `pick: "upTo"` (module docs): `targets` checked (each crossed, different, at most
 * `count`), or all of `crossed` when none is given and they are `count` or fewer.
 */
export function upToTargets41d(then: PassedAcross40f, crossed: readonly string[], targets: readonly string[] | undefined, rule: string): string[] {
  const most = then.count ?? 1;
  if (targets === undefined) {
    if (crossed.length > most) reject(`pick up to ${most} of the enemy units this unit passed across (the move's targets): ${crossed.join(', ')}`, rule);
    return [...crossed];
  }
  if (targets.length > most) reject(`at most ${most} units can be picked (${targets.length} given)`, rule);
  if (new Set(targets).size !== targets.length) reject('each unit picked must be a different unit', 'Core 28.2');
  for (const t of targets) if (!crossed.includes(t)) reject(`unit "${t}" was not passed across during that move (${crossed.length ? crossed.join(', ') : 'none was'})`, rule);
  return [...targets];
}

/**
 * The mortal damage of `mortal: "useRoll"` on `target`: the use's gate roll kept on the move, doubled when the target
 * has the keyword phrase `double` ("If the target is Infantry, double the mortal damage inflicted").
 */
export function useRollDamage41d(c: Ctx, then: PassedAcross40f, roll: number | undefined, target: string, rule: string): number {
  if (roll === undefined) reject('the roll this damage equals was not kept on the move', rule);
  const doubled = then.double !== undefined && hasKeywordNow(c.s, c.port, target, then.double);
  return doubled ? roll * 2 : roll;
}
