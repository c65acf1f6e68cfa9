/**
 * Session 41 (sh41d; issue 34; docs/abilities.md "Monsters and moves across units, session 41 (sh41d)"): the engine
 * side of Rampaging Destruction (`abilities/parseRampage41d.ts`): the picks that belong to one branch of a choice
 * (`forChoice41d`) and the mortal damage equal to the product of 2D6 (`mortalProduct41d`).
 *
 * @module
 */

import type { AbilityEffect, AbilityPick } from '../abilities/schema';
import { mortalDamage, rollLogged, type Ctx } from './core';
import type { PlayerId } from './state';

/** Is pick `p` out of play for this use (it belongs to another branch than `choice`)? Core 5.2: only the branch picked is declared. */
export function pickOffChoice41d(p: AbilityPick, choice: string | undefined): boolean {
  return p.forChoice41d !== undefined && p.forChoice41d !== choice;
}

/**
 * "Roll 2D6. On a 7, this ability has no effect. Otherwise, inflict an amount of mortal damage on that unit equal to
 * the results on the dice used for the 2D6 roll multiplied together." on `t` (Core 19.2): the two dice are logged; a
 * total of `noEffectOn` inflicts nothing (event `abilityEffectSkipped`), any other the product (event `abilityMortal`
 * with the dice). Returns the damage inflicted.
 */
export function mortalProduct41d(c: Ctx, e: Extract<AbilityEffect, { mortalProduct41d: unknown }>, t: string, id: string, name: string, purpose: string, player: PlayerId, user: string | null): number {
  const dice = rollLogged(c, e.mortalProduct41d.dice, 6, `${purpose}:product:${t}`, player);
  const total = dice.reduce((a, b) => a + b, 0);
  if (total === e.noEffectOn) {
    c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: `rolled ${dice.join(' + ')} = ${total}: this ability has no effect` });
    return 0;
  }
  const amount = dice.reduce((a, b) => a * b, 1);
  c.events.push({ type: 'abilityMortal', ability: id, unitId: t, dice, amount });
  mortalDamage(c, t, amount, `ability:${user ?? ''}`);
  return amount;
}
