/**
 * Options for a second target an ability may take this turn (session 41, sh41d; `engine/secondTarget41d.ts`; Get In
 * There And Wallop 'Em!: "when you use the 'Mighty Destroyers' ability, you can pick that friendly unit to be a
 * second target"): for each available entry of the named ability with one unit picked, one more entry picking that
 * unit too (after it), when the unit fits the pick, in a group of its own (`ability:<id>|second target`) so the Play
 * panel shows it as its own button or target list.
 *
 * @module
 */

import type { Ability, AbilityPick } from '../rules/abilities/schema';
import { pickProblem } from '../rules/engine/abilityUse';
import type { Ctx } from '../rules/engine/core';
import type { Action, PlayerId } from '../rules/engine/state';
import type { AbilityOption } from './abilityOptions';

/** The units `player` may add as a second target of `a` now (each carrying a `secondTarget41d` effect naming it). */
function secondTargets(c: Ctx, player: PlayerId, a: Ability): string[] {
  const out: string[] = [];
  for (const x of c.s.abilities?.active ?? []) {
    if (x.player !== player || !('secondTarget41d' in x.effect) || x.effect.secondTarget41d.ability !== a.name) continue;
    for (const u of x.units) if (!out.includes(u)) out.push(u);
  }
  return out;
}

/** Add the second-target entries for the entries of `a` listed in `out` from `from` (module docs). */
export function addSecondTargets41d(c: Ctx, player: PlayerId, user: string | null, a: Ability, pick: AbilityPick, out: AbilityOption[], from: number, memo: Map<string, boolean>): void {
  if (pick.each || pick.anyNumber || (pick.count ?? 1) !== 1) return;
  const extra = secondTargets(c, player, a).filter((u) => pickProblem(c, player, user, pick, u, memo, a) === null);
  if (extra.length === 0) return;
  const mine = out.slice(from).filter((e) => e.available && e.target !== undefined);
  for (const e of mine) {
    for (const u of extra) {
      if (u === e.target) continue;
      const targets = [e.target!, u];
      out.push({ ...e, group: `${e.group}|second target`, label: `${e.label} + ${u} (second target)`, action: { ...e.action, targets } as Action });
    }
  }
}
