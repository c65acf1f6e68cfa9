/**
 * "If it is picked to do so, ..." (issue 34, session 38, ab38c): the bonus of a fight chain
 * (`fightChain.ts`, `abilities/parseFightChain38.ts`), e.g. Executioner's Entourage: "The target can be
 * picked to use a Fight ability immediately after the Fight ability used by this unit has been
 * resolved. If it is picked to do so, the target's melee weapons have Crit (2 Hits) for the rest of the
 * turn."
 *
 * An effect with `if: {pickedToFight: true}` is not applied when the ability resolves: it is kept on the
 * chained fight the same use granted (`CombatOrder.next.then`) and applied to that unit when its player
 * picks it to fight immediately after (`fight`, `attacks.ts`), with its duration counted from then (Core
 * 28.1). When the unit is not picked (its player passes, or another unit fights), the bonus lapses with
 * the chained fight. Event `abilityEffect` (with `chained: true`) when applied, `abilityEffectSkipped`
 * when the ability did not grant the chained fight to that unit.
 *
 * @module
 */

import type { AbilityEffect } from '../abilities/schema';
import { abilityState, stampOf, type ActiveEffect } from '../abilities/record';
import type { Ctx } from './core';
import type { CombatOrder, PlayerId } from './state';

/**
 * Keep `e` (an effect with `if.pickedToFight`) for the chained fight `name` granted to one of `units` in
 * this use (`abilityUse.ts` `applyEffect`, after the `fightNext` effect before it).
 */
export function deferToChainedFight(c: Ctx, player: PlayerId, user: string | null, id: string, name: string, e: AbilityEffect, units: readonly string[], order: number): void {
  const n = c.s.combat?.next;
  if (n === undefined || n.player !== player || n.ability !== name || !units.includes(n.unitId)) {
    c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: units[0] ?? user, why: 'no unit was granted the fight immediately after by this ability' });
    return;
  }
  const { pickedToFight: _p, ...rest } = e.if ?? {};
  const effect = { ...e, if: Object.keys(rest).length > 0 ? rest : undefined, duration: e.duration ?? 'turn' } as AbilityEffect;
  n.then = [...(n.then ?? []), { ability: id, name, unitId: user, effect, order }];
}

/** The chained fight `n` is being used (`fight`): its waiting effects apply to its unit now. */
export function applyChainedBonus(c: Ctx, n: NonNullable<CombatOrder['next']>): void {
  const s = c.s;
  for (const w of n.then ?? []) {
    const entry: ActiveEffect = { ability: w.ability, name: w.name, player: n.player, unitId: w.unitId, effect: w.effect, units: [n.unitId], order: w.order, at: stampOf(s) };
    abilityState(s).active.push(entry);
    c.events.push({ type: 'abilityEffect', player: n.player, unitId: w.unitId, ability: w.ability, name: w.name, rule: `${w.name}: Effect`, effect: w.effect, units: [n.unitId], duration: w.effect.duration, chained: true });
  }
}
