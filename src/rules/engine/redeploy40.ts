/**
 * `{redeployDeclaredAtLeast: N}` (issue 34, session 40, sh40c; read by `abilities/parseRedeploy40.ts`): a reaction to
 * "You declared the 'Redeploy' command for a friendly K unit wholly within X" of this unit" whose Effect is "If you
 * roll a 1-3 when determining the distance that unit can move, you can use a value of 4 instead." (Commanding View,
 * kb; Lord of Assassins, skv).
 *
 * Commands 3.0: the Redeploy's D6 is rolled when the command is declared (`commands.ts`), so the reaction comes after
 * it: the unit of the last Redeploy the reacting player declared (the open reaction window's declaration,
 * `reactionWindows.ts`) has its roll raised to N when it is below N and its Redeploy move is not made yet (the
 * pending move's distance and `turn.redeployRoll`). Otherwise nothing changes (event `abilityEffectSkipped` with
 * why). The trigger's condition (keywords, distance) is checked before the reaction is accepted
 * (`abilities/triggerConditions.ts`).
 *
 * @module
 */

import { declaredTriggers } from '../abilities/timing';
import type { Ctx } from './core';
import type { PlayerId } from './state';

/** Raise the declared Redeploy's roll to `atLeast` (module docs). */
export function raiseDeclaredRedeploy(c: Ctx, player: PlayerId, user: string | null, id: string, name: string, rule: string, atLeast: number): void {
  const s = c.s;
  const d = declaredTriggers(s).filter((t) => t.name === 'Redeploy' && t.player === player && t.unitId !== null).at(-1);
  const skip = (unitId: string | null, why: string): void => {
    c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: unitId ?? user, why });
  };
  if (d === undefined || d.unitId === null) return skip(null, 'no Redeploy command waits for reactions');
  const u = s.units[d.unitId];
  const pending = u.turn.pendingMove;
  const roll = u.turn.redeployRoll;
  if (pending === null || pending.kind !== 'redeploy' || roll === null) return skip(d.unitId, 'its Redeploy move was already made');
  if (roll >= atLeast) return skip(d.unitId, `the Redeploy roll was ${roll}, not below ${atLeast}`);
  u.turn.redeployRoll = atLeast;
  u.turn.pendingMove = { ...pending, maxInches: atLeast };
  c.events.push({ type: 'abilityEffect', player, unitId: user, ability: id, name, rule, effect: { redeployDeclaredAtLeast: atLeast }, units: [d.unitId], redeploy: { roll, maxInches: atLeast } });
}
