/**
 * "For the rest of the turn, when you use the 'Mighty Destroyers' ability, you can pick that friendly unit to be a
 * second target." (Get In There And Wallop 'Em!, Megaboss, ij-001; issue 34, session 41, sh41d; vocabulary
 * `secondTarget41d`, `abilities/schema41d.ts`, read by `abilities/parseSecondTarget41d.ts`).
 *
 * The effect persists on the unit picked (its duration, Core 28.1). When its player uses the named ability, the first
 * unit pick of that ability's Declare takes one unit more, and only that unit: `targets` may name it after the units
 * the pick takes (`checkPicks` checks it against the same pick, so it must fit the Declare, Core 28.0). Anything
 * else about the named ability (its limits, its effects on "the target", now on each target) is unchanged.
 *
 * @module
 */

import type { Ability, AbilityPick } from '../abilities/schema';
import { abilityState } from '../abilities/record';
import type { Ctx } from './core';
import type { PlayerId } from './state';

/**
 * How many more units pick `p` (the unit pick at `i` of `targets`, the Declare's first) takes for this use of `ability`
 * by `player`: 1 when the unit given just after the pick's own count carries a `secondTarget41d` effect of that player
 * naming the ability, else 0.
 */
export function secondTargetBonus41d(c: Ctx, player: PlayerId, ability: Ability, p: AbilityPick, targets: readonly string[], i: number): number {
  if (i !== 0 || p.each || p.anyNumber || (p.kind !== 'friendlyUnit' && p.kind !== 'enemyUnit' && p.kind !== 'anyUnit')) return 0;
  const extra = targets[i + (p.count ?? 1)];
  if (extra === undefined) return 0;
  const allowed = (c.s.abilities === undefined ? [] : abilityState(c.s).active).some((x) => x.player === player && 'secondTarget41d' in x.effect && x.effect.secondTarget41d.ability === ability.name && x.units.includes(extra));
  return allowed ? 1 : 0;
}
