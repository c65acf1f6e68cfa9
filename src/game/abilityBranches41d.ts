/**
 * Options for an ability whose choice branches have picks of their own (`forChoice41d`, session 41, sh41d; Rampaging
 * Destruction: "pick 1 of the following effects: • Roll a dice for each enemy unit within 1" ... • Pick an enemy
 * Monster in combat with this unit ..."): each branch is listed as the ability with only that branch's picks, every
 * entry carrying the branch as its `choice`, in a group of its own (`ability:<id>|<choice>`, as session 37's
 * `expandChoices` names them), so the Play panel shows one button or target list per branch.
 *
 * @module
 */

import type { Ability } from '../rules/abilities/schema';
import { pickOffChoice41d } from '../rules/engine/rampage41d';
import { grappleWeapons41d } from '../rules/engine/grapple41d';
import type { Ctx } from '../rules/engine/core';
import type { Action } from '../rules/engine/state';
import type { AbilityOption } from './abilityOptions';

/** Does the ability have picks that belong to one branch of its choice? */
export function hasBranchPicks41d(a: Ability): boolean {
  return a.picks?.some((p) => p.forChoice41d !== undefined) === true;
}

/**
 * List each branch of `a` with `list` (the ordinary entries of an ability, given the ability with the branch's picks
 * only), then name the branch on the new entries (module docs).
 */
export function branchEntries41d(a: Ability, out: AbilityOption[], list: (branch: Ability) => void): void {
  const choices = a.picks?.find((p) => p.kind === 'choice')?.choices ?? [];
  for (const ch of choices) {
    const from = out.length;
    list({ ...a, picks: (a.picks ?? []).filter((p) => p.kind !== 'choice' && !pickOffChoice41d(p, ch)).map(({ forChoice41d: _f, ...p }) => p) });
    for (let i = from; i < out.length; i++) {
      const e = out[i];
      out[i] = { ...e, group: `${e.group}|${ch}`, label: e.label.replace(a.name, `${a.name}: ${ch}`), action: { ...e.action, choice: ch } as Action };
    }
  }
}

/**
 * Session 41 (sh41d; Monster Grapple, `engine/grapple41d.ts`): an ability whose `choice` is a weapon of the unit picked
 * (`weaponOfTarget41d`): each available entry of `a` listed in `out` from `from` with a target becomes one entry per
 * weapon that unit may have picked (its Companion weapons when it has any), its action carrying the weapon as `choice`,
 * in a group of its own per weapon (`ability:<id>|<weapon>`).
 */
export function expandWeaponChoices41d(c: Ctx, a: Ability, out: AbilityOption[], from: number): void {
  if (!a.picks?.some((p) => p.weaponOfTarget41d === true)) return;
  const mine = out.splice(from);
  for (const e of mine) {
    if (!e.available || e.target === undefined) {
      out.push(e);
      continue;
    }
    for (const w of grappleWeapons41d(c, e.target)) out.push({ ...e, group: `${e.group}|${w}`, label: `${e.label} (${w})`, action: { ...e.action, choice: w } as Action });
  }
}
