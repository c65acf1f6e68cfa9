/**
 * Session 39 (sh39c; docs/abilities.md "Rally extras and the use's D3, session 39 (sh39c)"): the engine side of
 * two shapes read by `abilities/parseKbIj39.ts`.
 *
 * - The use's one roll (condition `useRoll: {die, on}`): "Roll a D3. On a 2+:" followed by effects on different
 *   units and amounts "equal to the roll" (Light a Pyre, Gore-grunta Charge). Core 28.0 resolves an ability's
 *   effect as written: the text rolls one dice, so one dice is rolled for the whole use (the first effect that
 *   needs it rolls it, logged with the ability's purpose) and every effect of the use reads that same value.
 * - (Rally extras, "you can make 3 additional rally rolls of D6", are `rallyExtra: {rolls}` since session 40, resolved
 *   by `engine/rally39.ts` with sh39a's.)
 *
 * @module
 */

import { rollLogged, type Ctx } from './core';
import type { PlayerId } from './state';

/** Ctx (one action) → the use's order (`abilityState.order`) → its one roll. */
const useRolls = new WeakMap<Ctx, Map<number, number>>();

/**
 * The one roll of this use of the ability (`order`), rolled with `die` the first time an effect asks for it.
 * @returns the value (1-3 for a D3, 1-6 for a D6).
 */
export function useRollOf(c: Ctx, order: number, die: 'D3' | 'D6', purpose: string, player: PlayerId): number {
  let m = useRolls.get(c);
  if (m === undefined) useRolls.set(c, (m = new Map()));
  const had = m.get(order);
  if (had !== undefined) return had;
  const [v] = rollLogged(c, 1, die === 'D3' ? 3 : 6, `${purpose}:useRoll`, player);
  m.set(order, v);
  return v;
}

/** Has this use's roll (rolled now if no effect asked before) reached `on` ("2+")? With the roll, for the log. */
export function useRollMet(c: Ctx, order: number, cond: { readonly die: 'D3' | 'D6'; readonly on: string }, purpose: string, player: PlayerId): { met: boolean; roll: number } {
  const roll = useRollOf(c, order, cond.die, purpose, player);
  return { met: roll >= Number(cond.on[0]), roll };
}
