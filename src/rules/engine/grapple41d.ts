/**
 * Monster Grapple (ij-001; issue 34, session 41, sh41d; `abilities/parseGrapple41d.ts`): "pick 1 of the target's
 * weapons. You must pick a Companion weapon if it has any. Halve the Attacks characteristic of that weapon (rounding
 * up) for the rest of the turn."
 *
 * - The weapon is the use's `choice` (`useAbility.choice`): a weapon of the unit picked (its roster entry's weapons,
 *   by name, case-insensitive); when that unit has Companion weapons (Core 20.0), one of them. Refused otherwise
 *   (rule `<ability>: Declare`).
 * - When the effect resolves the weapon is written into it (`weapon`), so the persisting effect applies to that weapon
 *   only (`passives.ts` `effectsOn` with the attack's weapon name), and its Attacks characteristic is halved, rounding
 *   up (Core 27.0: after `set`, before `add`; `attacks.ts` with `attackAbilities.ts` `attacksHalveUp`). An enemy's
 *   ability: Companion's "not affected by friendly abilities" (Core 20.0) does not stop it, and the effect names the
 *   weapon.
 *
 * @module
 */

import type { AbilityEffect, AbilityPick } from '../abilities/schema';
import { reject, rosterUnit, type Ctx } from './core';

/** The weapons of `unitId` a `weaponOfTarget41d` pick may name: its Companion weapons when it has any, else all. */
export function grappleWeapons41d(c: Ctx, unitId: string): string[] {
  const ws = rosterUnit(c.s, unitId).weapons;
  const companions = ws.filter((w) => (w.abilities ?? []).includes('companion'));
  return (companions.length > 0 ? companions : ws).map((w) => w.name);
}

/** Check the use's `choice` for a `weaponOfTarget41d` pick against the unit picked before it (`picked`'s last). */
export function checkWeaponChoice41d(c: Ctx, p: AbilityPick, picked: readonly string[], choice: string | undefined, rule: string): void {
  if (p.weaponOfTarget41d !== true) return;
  const t = picked[picked.length - 1];
  if (t === undefined) reject('pick the unit whose weapon is picked first', rule);
  const allowed = grappleWeapons41d(c, t);
  if (choice === undefined || !allowed.some((w) => w.toLowerCase() === choice.toLowerCase())) {
    reject(`pick 1 of the weapons of "${t}" ("choice")${allowed.length < rosterUnit(c.s, t).weapons.length ? ' (a Companion weapon: it has some)' : ''}: ${allowed.map((w) => `"${w}"`).join(', ')}`, rule);
  }
}

/** The effect with the weapon the use named (`halveAttacks41d`), or the effect unchanged. */
export function withWeaponChoice41d(e: AbilityEffect, choice: string | undefined): AbilityEffect {
  return 'halveAttacks41d' in e && choice !== undefined ? ({ ...e, weapon: choice } as AbilityEffect) : e;
}

/** `Math.ceil(v / 2)` applied `times` times (Core 27.0's halving, rounding up). */
export function halveUp41d(v: number, times: number | undefined): number {
  let out = v;
  for (let k = 0; k < (times ?? 0); k++) out = Math.ceil(out / 2);
  return out;
}
