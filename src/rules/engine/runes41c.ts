/**
 * The Lumineth Realm-lords battle scripture in play (issue 34, session 41, sh41c; docs/abilities.md "Lumineth runes and
 * the Shrine Guardian, session 41 (sh41c)"; the scripture and its counts: `abilities/runes41c.ts`).
 *
 * - `{rune41c: R}`: one instance of rune R is depicted on the player's battle scripture (`GameState.runes41c`), with the
 *   battle round; `remove: true` removes one instance (the most recent). Given by hand when Depict Rune is resolved by
 *   hand ("Pick 1 of the following runes to depict on your battle scripture"; its effects on units stay by hand): a
 *   resolution of Depict Rune naming a rune counts as one that named it (`named`, for `scriptureKnown`). Event
 *   `runeDepicted`.
 * - `{runePick41c: "depict", notFirstRound}` (Discs of the Aelementiri, "Depict a rune of your choice on your battle
 *   scripture"): the use's `choice` (one rune) is depicted. Refused in the first battle round (its Declare).
 * - `{runePick41c: "replace", runes}` (Realmscribe, "Replace 1 instance of a rune on your battle scripture with 1 of
 *   the following"): the use's `choice` "A>B": an instance of A (refused when the scripture has none) becomes B, in its
 *   place and with its battle round (a replacement is not a new depiction).
 *
 * While the scripture is not known (a Depict Rune resolved by hand without naming its rune, or still waiting), Discs and
 * Realmscribe are not refused: they wait to be resolved by hand, as before this session.
 *
 * @module
 */

import { DEPICT_RUNE, runeNamed, scripture, scriptureKnown, type Rune } from '../abilities/runes41c';
import type { Ability, AbilityEffect } from '../abilities/schema';
import { reject, type Ctx } from './core';
import type { PlayerId } from './state';

type Pick41c = Extract<AbilityEffect, { runePick41c: unknown }>;
type Rune41c = Extract<AbilityEffect, { rune41c: unknown }>;

function pickEffect(ability: Ability): Pick41c | undefined {
  return (ability.resolves ?? []).find((e): e is Pick41c => 'runePick41c' in e);
}

function pair(choice: string | undefined): [Rune, Rune] | null {
  const parts = (choice ?? '').split('>').map(runeNamed);
  return parts.length === 2 && parts[0] !== null && parts[1] !== null ? [parts[0], parts[1]] : null;
}

/**
 * Check a `runePick41c` ability when it is declared (rejected with the ability's rule): "You cannot use this ability in
 * the first battle round"; a replacement needs an instance of the rune replaced (when the scripture is known). Abilities
 * without the effect: nothing.
 */
export function checkRuneChoice41c(c: Ctx, player: PlayerId, ability: Ability, choice: string | undefined): void {
  const e = pickEffect(ability);
  if (e === undefined) return;
  if (e.notFirstRound === true && c.s.round <= 1) reject(`${ability.name} cannot be used in the first battle round`, `${ability.name}: Declare`);
  if (e.runePick41c !== 'replace' || !scriptureKnown(c.s, player)) return;
  const ab = pair(choice);
  if (ab === null) reject(`${ability.name}: name the rune replaced and the new one ("choice": "Thalari>Alaithi")`, `${ability.name}: Effect`);
  if (!scripture(c.s, player).some((i) => i.rune === ab[0])) reject(`${ability.name}: no instance of ${ab[0]} is on the battle scripture of ${player} (${scripture(c.s, player).map((i) => i.rune).join(', ') || 'none'})`, `${ability.name}: Effect`);
}

function setScripture(c: Ctx, player: PlayerId, next: { rune: string; round: number }[], named?: number): void {
  const now = c.s.runes41c?.[player] ?? { scripture: [], named: [] };
  c.s.runes41c = { ...(c.s.runes41c ?? {}), [player]: { scripture: next, named: named === undefined || now.named.includes(named) ? now.named : [...now.named, named] } };
}

/** `{rune41c, remove?}`: depict (or remove) one instance of a rune for `player` (event `runeDepicted`). `order`: the resolution's. */
export function applyRune41c(c: Ctx, player: PlayerId, name: string, e: Rune41c, order: number): void {
  const now = [...scripture(c.s, player)];
  const rune = e.rune41c as Rune;
  if (e.remove === true) {
    const at = now.map((i) => i.rune).lastIndexOf(rune);
    if (at < 0) {
      c.events.push({ type: 'abilityEffectSkipped', ability: name, name, unitId: null, why: `no instance of ${rune} is on the battle scripture` });
      return;
    }
    now.splice(at, 1);
    setScripture(c, player, now);
    c.events.push({ type: 'runeDepicted', player, rune, removed: true, ability: name, scripture: now.map((i) => i.rune), rule: DEPICT_RUNE });
    return;
  }
  now.push({ rune, round: c.s.round });
  setScripture(c, player, now, name === DEPICT_RUNE ? order : undefined);
  c.events.push({ type: 'runeDepicted', player, rune, ability: name, scripture: now.map((i) => i.rune), rule: DEPICT_RUNE });
}

/**
 * Resolve a `runePick41c` effect with the use's `choice` (checked when declared). Waits for by hand (`awaitByHand`) while
 * the scripture is not known.
 */
export function resolveRunePick41c(c: Ctx, player: PlayerId, ability: Ability, e: Pick41c, choice: string | undefined, order: number, awaitByHand: () => void): void {
  if (!scriptureKnown(c.s, player)) return awaitByHand();
  if (e.runePick41c === 'depict') {
    const r = runeNamed(choice ?? '');
    if (r === null) reject(`${ability.name}: name the rune to depict ("choice": "Alaithi")`, `${ability.name}: Effect`);
    return applyRune41c(c, player, ability.name, { rune41c: r }, order);
  }
  const ab = pair(choice);
  if (ab === null) reject(`${ability.name}: name the rune replaced and the new one ("choice": "Thalari>Alaithi")`, `${ability.name}: Effect`);
  const now = [...scripture(c.s, player)];
  const at = now.map((i) => i.rune).lastIndexOf(ab[0]);
  if (at < 0) reject(`${ability.name}: no instance of ${ab[0]} is on the battle scripture of ${player}`, `${ability.name}: Effect`);
  now[at] = { rune: ab[1], round: now[at].round };
  setScripture(c, player, now);
  c.events.push({ type: 'runeDepicted', player, rune: ab[1], replaced: ab[0], ability: ability.name, scripture: now.map((i) => i.rune), rule: ability.name });
}
