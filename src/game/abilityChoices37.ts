/**
 * Options for an ability whose Declare has a `choice` pick ("Pick 1 of the following effects", session 37,
 * decl37; docs/abilities.md "Declare shapes added in session 37 (decl37)"): each available entry (one per
 * unit the Declare can pick) becomes one entry per choice, its action carrying `choice`, in a group of its
 * own (`ability:<id>|<choice>`), so the Play panel shows one button (or one target list and table pick)
 * per choice with no change to its components. Entries that are not available stay as they are.
 *
 * @module
 */

import type { Ability } from '../rules/abilities/schema';
import type { Action } from '../rules/engine/state';
import type { AbilityOption } from './abilityOptions';
import { hasBranchPicks41d } from './abilityBranches41d';

/** Rewrite `out` from index `from` (the entries just listed for ability `a`) into one entry per choice. */
export function expandChoices(a: Ability, out: AbilityOption[], from: number): void {
  const choices = a.picks?.find((p) => p.kind === 'choice')?.choices;
  if (choices === undefined || choices.length === 0 || hasBranchPicks41d(a)) return; // branch picks: listed per branch (session 41, abilityBranches41d.ts)
  const mine = out.splice(from);
  for (const ch of choices) {
    for (const e of mine) {
      if (!e.available) continue;
      out.push({ ...e, group: `${e.group}|${ch}`, label: e.label.replace(a.name, `${a.name}: ${ch}`), action: { ...e.action, choice: ch } as Action });
    }
  }
  for (const e of mine) if (!e.available) out.push(e);
}
