/**
 * The import's check of faction resources (issue 34, session 38, ab38b; docs/abilities.md "Faction resources,
 * session 38 (ab38b)"): an ability that gives, spends or reads a named resource ("Add 1 momentum point to each
 * target", "add the number of momentum points this unit has to the roll") is resolved by the engine only when the
 * army also has, resolved by the engine, the passive ability that says what that resource does: how it is gained
 * and lost over the battle (`on`), how many a unit can have (`max`) or that it is a token the unit has (`start`), as
 * Unstoppable Momentum does for momentum points; or an ability whose own text gives the resource to a maximum
 * (Strength From Victory's Waaagh! tokens, the only text of the army that gives them). Otherwise the counts the engine keeps would not be the ones the rules give (a trigger of the defining
 * text would be missing), so the ability stays by hand. Ritual points are the core rules' (Magic 3.0) and need no
 * definition.
 *
 * @module
 */

import type { Ability, AbilityEffect } from '../rules/abilities/schema';
import { RITUAL_POINT } from '../rules/abilities/resourceCounts38';

/** The resources an effect gives, spends or reads (not the definitions of a passive). */
function usedResources(e: AbilityEffect): string[] {
  const out: string[] = [];
  if ('resource' in e && e.on === undefined && e.max === undefined && e.start === undefined) out.push(e.resource);
  if ('modify' in e && e.perResource !== undefined) out.push(e.perResource);
  for (const c of [e.if, e.while]) {
    if (c?.has !== undefined) out.push(c.has.resource);
    if (c?.rollAddResource !== undefined) out.push(c.rollAddResource);
  }
  return out.filter((r) => r !== RITUAL_POINT);
}

/**
 * Abilities of one army (every holder's lists, changed in place): those whose effects use a resource no resolved
 * passive of the army defines get `resolves: null`. Returns how many were set back to by hand.
 */
export function checkResourceDefinitions(lists: Ability[][]): number {
  const defined = new Set<string>();
  for (const list of lists) {
    for (const a of list) {
      if (a.resolves === null) continue;
      const passive = a.timing.when === 'passive';
      // A passive's triggers, maximum or token; or a gain bounded by its own text ("give this unit a Waaagh! token, to a maximum of 3").
      for (const e of a.resolves) if ('resource' in e && ((passive && (e.on !== undefined || e.start !== undefined)) || e.max !== undefined)) defined.add(e.resource);
    }
  }
  let n = 0;
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      const a = list[i];
      if (a.resolves === null || !a.resolves.some((e) => usedResources(e).some((r) => !defined.has(r)))) continue;
      list[i] = { ...a, resolves: null };
      n++;
    }
  }
  return n;
}
