/**
 * Engine side of the Declare shapes added in session 37 (decl37; docs/abilities.md "Declare shapes added in
 * session 37 (decl37)"): a spell's casting roll modified by the state of the unit its Declare picked
 * (`castModifier`, "Subtract 1 from the roll if the target is in combat", Elemental Push); a prayer's second
 * target on a high chanting roll (`countAt`, Charnel Conviction).
 *
 * @module
 */

import type { Ability } from '../abilities/schema';
import { describeCondition } from '../abilities/describe';
import { conditionHolds } from '../abilities/passives';
import { reject, type Ctx } from './core';

/**
 * The modifier to a lore or warscroll spell's casting roll from its Declare's picks (Magic 2.0; Core 2.1
 * modifiers): for each pick with `castModifier`, its `by` when the unit picked for it meets its `if` now
 * (the spell is being cast). `picked`: the units `checkPicks` returned, in pick order. Logs an event
 * `castingRollModified` naming the ability and the condition for each modifier that applies.
 */
export function pickCastModifier(c: Ctx, caster: string, ability: Ability | undefined, picked: readonly string[]): number {
  if (ability?.picks === undefined) return 0;
  let by = 0;
  let i = 0;
  for (const p of ability.picks) {
    const n = p.kind === 'point' || p.kind === 'choice' || p.kind === 'terrain' || p.kind === 'objective' ? 0 : (p.count ?? 1);
    const mine = picked.slice(i, i + n);
    i += n;
    if (p.castModifier === undefined || mine.length !== 1) continue;
    if (!conditionHolds(c.s, c.port, p.castModifier.if, mine[0], caster)) continue;
    by += p.castModifier.by;
    c.events.push({ type: 'castingRollModified', unitId: caster, ability: ability.id, name: ability.name, target: mine[0], by: p.castModifier.by, because: `${mine[0]}: ${describeCondition(p.castModifier.if)}`, rule: `${ability.name}: Declare` });
  }
  return by;
}

/**
 * A prayer's picks as its chanting roll allows them (`countAt`: "If the chanting roll was 10+, you can pick
 * another eligible unit to be a second target"): at `roll`+ the pick takes up to `count` units; below it,
 * more than one unit given is refused naming the ability and the roll needed. `total`: the chanting roll
 * with the ritual points (Magic 3.0), as the prayer's other "chanting roll" conditions read it.
 */
export function picksAtRoll(ability: Ability, given: readonly string[], total: number): Ability {
  const p = ability.picks?.find((x) => x.countAt !== undefined);
  if (p === undefined || p.countAt === undefined) return ability;
  if (total >= p.countAt.roll) return { ...ability, picks: ability.picks!.map((x) => (x === p ? { ...x, count: p.countAt!.count } : x)) };
  if (given.length > 1) reject(`${ability.name}: more than one unit only on a chanting roll of ${p.countAt.roll}+ (the roll was ${total})`, `${ability.name}: Declare`);
  return ability;
}
