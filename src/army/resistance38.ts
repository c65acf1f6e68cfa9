/**
 * Session 38 (ab38d): the "that ability has no effect on this unit" reactions (`ignoreTrigger`, Ruination Chamber)
 * roll a resistance roll the engine makes itself (`engine/cancel38.ts`). Another ability that changes that roll and
 * that the engine does not read ("While any of this unit's Memorians are on the battlefield, add 1 to this unit's
 * resistance rolls when using the 'Ruination Chamber' ability": Memorian Descendants, Reclusians, tokens) would be
 * dropped: so the reactions it may change fall back to by hand (never a condition dropped). An unread ability of a
 * unit that names resistance rolls: that unit's reactions; of another unit or of the army: every such reaction of
 * the army. A read one (The Flames of Hope's re-roll, `reroll: "resistance"`) is applied by the engine.
 *
 * @module
 */

import type { Ability } from '../rules/abilities/schema';

const RESISTANCE = /resistance rolls?/i;

function cancels(a: Ability): boolean {
  return (a.resolves ?? []).some((e) => 'ignoreTrigger' in e);
}

function unread(a: Ability): boolean {
  return a.resolves === null && RESISTANCE.test(a.effect);
}

/**
 * The units with their resistance-roll reactions set to by hand where an unread ability may change the roll.
 * `units`' warscroll abilities as imported; `army` the army-level abilities. Returns the same objects when nothing changes.
 */
export function resistanceFallback<U extends { warscroll: { abilities?: readonly Ability[] } }>(units: U[], army: readonly Ability[]): U[] {
  const everywhere = army.some(unread);
  const owners = units.filter((u) => (u.warscroll.abilities ?? []).some(unread));
  const all = everywhere || owners.some((u) => (u.warscroll.abilities ?? []).some((a) => unread(a) && !/\bthis unit'?s? resistance rolls?\b/i.test(a.effect)));
  return units.map((u) => {
    const abilities = u.warscroll.abilities ?? [];
    if (!abilities.some(cancels) || !(all || owners.includes(u))) return u;
    return { ...u, warscroll: { ...u.warscroll, abilities: abilities.map((a) => (cancels(a) ? { ...a, resolves: null } : a)) } };
  });
}
