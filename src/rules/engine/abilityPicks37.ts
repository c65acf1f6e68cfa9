/**
 * Engine side of the Declare shapes added in session 37 (decl37; docs/abilities.md "Declare shapes added in
 * session 37 (decl37)"): a spell's casting roll modified by the state of the unit its Declare picked
 * (`castModifier`, "Subtract 1 from the roll if the target is in combat", Elemental Push).
 *
 * @module
 */

import type { Ability } from '../abilities/schema';
import { describeCondition } from '../abilities/describe';
import { conditionHolds } from '../abilities/passives';
import type { Ctx } from './core';

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
    const n = p.kind === 'point' || p.kind === 'choice' || p.kind === 'terrain' ? 0 : (p.count ?? 1);
    const mine = picked.slice(i, i + n);
    i += n;
    if (p.castModifier === undefined || mine.length !== 1) continue;
    if (!conditionHolds(c.s, c.port, p.castModifier.if, mine[0], caster)) continue;
    by += p.castModifier.by;
    c.events.push({ type: 'castingRollModified', unitId: caster, ability: ability.id, name: ability.name, target: mine[0], by: p.castModifier.by, because: `${mine[0]}: ${describeCondition(p.castModifier.if)}`, rule: `${ability.name}: Declare` });
  }
  return by;
}
