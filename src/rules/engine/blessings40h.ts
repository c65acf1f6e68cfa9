/**
 * The Daughters of Khaine blessings in play (issue 34, session 40, sh40h; docs/abilities.md "Daughters of Khaine
 * blessings, session 40 (sh40h)"; the blessings and their effects: `abilities/blessings40h.ts`).
 *
 * - `{blessing40h: B, active}`: blessing B of the player becomes active / no longer active (`GameState.blessings`),
 *   event `blessingChanged`. Given by hand when Blessings of Khaine is resolved by hand ("Pick 1 of the following
 *   blessings that is not active. That blessing is active."): from then on its effect applies to every friendly
 *   DAUGHTERS OF KHAINE unit (`effectsOn`).
 * - Whether the engine knows the active blessings: `blessingsKnown` (else the two abilities below wait for
 *   `resolveByHand`, as any ability the engine leaves to its player).
 * - `{blessingPick40h: "swap"}` (Call to Murder): the use's `choice` "A>B": A must be active, B not active once A is
 *   no longer active; A is no longer active, then B is (events `blessingChanged`).
 * - `{blessingPick40h: "grant", targets: "targets", duration, if: {roll}}` (Fanatical Blademaster): the use's `choice`
 *   "B" or "B+C" (two only after `twoAfterUses`: the player's uses of that ability this battle, Core 5.2's record of
 *   uses, counted whether resolved by the engine or by hand); each must not be active. The roll is made once for the
 *   use (`rollOnce: "use"`); on a success each named blessing's effects apply to the target for `duration`, as
 *   persisting effects of this ability (Core 28.1).
 *
 * The choice is named when the ability is declared (as session 37's "Pick 1 of the following effects"): the blessings'
 * state cannot change between the declaration and the roll, so picking before the roll picks the same blessings
 * (docs/interpretations.md). The choice is checked when the ability is declared (`checkBlessingChoice40h`).
 *
 * @module
 */

import { activeBlessings, blessingNamed, BLESSING_EFFECTS, type Blessing } from '../abilities/blessings40h';
import type { Ability, AbilityEffect } from '../abilities/schema';
import { reject, type Ctx } from './core';
import type { PlayerId } from './state';

type Pick40h = Extract<AbilityEffect, { blessingPick40h: unknown }>;

function pickEffect(ability: Ability): Pick40h | undefined {
  return (ability.resolves ?? []).find((e): e is Pick40h => 'blessingPick40h' in e);
}

/** How many times `player` has used the ability named `name` this battle (every declaration recorded, Core 5.2). */
export function usesThisBattle(c: Ctx, player: PlayerId, name: string): number {
  return (c.s.abilities?.used ?? []).filter((u) => u.player === player && u.name === name).length;
}

function names(choice: string, sep: string): Blessing[] | null {
  const parts = choice.split(sep).map(blessingNamed);
  return parts.some((p) => p === null) ? null : (parts as Blessing[]);
}

/** The name of the battle trait whose uses set the blessings. */
const BOK = 'Blessings of Khaine';

/**
 * Does the engine know `player`'s active blessings? Each use of Blessings of Khaine (Core 5.2's record of uses) must
 * have been resolved naming its blessing (`blessing40h`, recorded by the order of the resolution in
 * `GameState.blessingUses`); a use resolved by hand without it (the by-hand dialog has no blessing entry yet) or still
 * waiting leaves them unknown, and then Call to Murder and Fanatical Blademaster wait to be resolved by hand too.
 */
export function blessingsKnown(c: Ctx, player: PlayerId): boolean {
  return usesThisBattle(c, player, BOK) <= (c.s.blessingUses?.[player]?.length ?? 0);
}

/**
 * Check a `blessingPick40h` ability's `choice` when it is declared (rejected with the ability's rule): a swap needs an
 * active blessing first and a blessing not active after; a grant needs blessings not active, two only after
 * `twoAfterUses`. Abilities without the effect: nothing.
 */
export function checkBlessingChoice40h(c: Ctx, player: PlayerId, ability: Ability, choice: string | undefined): void {
  const e = pickEffect(ability);
  if (e === undefined || !blessingsKnown(c, player)) return;
  const rule = `${ability.name}: Effect`;
  const active = activeBlessings(c.s, player);
  if (e.blessingPick40h === 'swap') {
    if (active.length === 0) reject(`${ability.name}: no blessing of ${player} is active (a Blessings of Khaine resolved by hand names its blessing: {"blessing40h": <blessing>, "active": true})`, rule);
    const ab = choice === undefined ? null : names(choice, '>');
    if (ab === null || ab.length !== 2) reject(`${ability.name}: name the active blessing and the one to make active ("choice": "Hatred>Haste")`, rule);
    if (!active.includes(ab[0])) reject(`${ability.name}: Blessing of ${ab[0]} is not active (active: ${active.join(', ')})`, rule);
    if (ab[1] !== ab[0] && active.includes(ab[1])) reject(`${ability.name}: Blessing of ${ab[1]} is already active`, rule);
    return;
  }
  const bs = choice === undefined ? null : names(choice, '+');
  if (bs === null || bs.length < 1 || bs.length > 2 || (bs.length === 2 && bs[0] === bs[1])) reject(`${ability.name}: name a blessing that is not active ("choice": "Hatred")`, rule);
  if (bs.length === 2) {
    const t = e.twoAfterUses;
    const n = t === undefined ? 0 : usesThisBattle(c, player, t.ability);
    if (t === undefined || n < t.times) reject(`${ability.name}: 2 blessings only after using ${t?.ability ?? 'that ability'} ${t?.times ?? '?'} or more times this battle (used ${n})`, rule);
  }
  const on = bs.filter((b) => active.includes(b));
  if (on.length > 0) reject(`${ability.name}: ${on.map((b) => `Blessing of ${b}`).join(', ')} ${on.length > 1 ? 'are' : 'is'} active`, rule);
}

/** `{blessing40h, active}`: set one blessing of `player` active or not (event `blessingChanged`). */
export function setBlessing40h(c: Ctx, player: PlayerId, name: string, blessing: Blessing, active: boolean, order: number): void {
  // A resolution of Blessings of Khaine that names its blessing (once per resolution, however many it names).
  if (name === BOK && active && !(c.s.blessingUses?.[player] ?? []).includes(order)) c.s.blessingUses = { ...(c.s.blessingUses ?? {}), [player]: [...(c.s.blessingUses?.[player] ?? []), order] };
  const now = activeBlessings(c.s, player);
  if (now.includes(blessing) === active) {
    c.events.push({ type: 'abilityEffectSkipped', ability: name, name, unitId: null, why: `Blessing of ${blessing} is ${active ? 'already' : 'not'} active` });
    return;
  }
  const next = active ? [...now, blessing] : now.filter((b) => b !== blessing);
  c.s.blessings = { ...(c.s.blessings ?? {}), [player]: next };
  c.events.push({ type: 'blessingChanged', player, blessing: `Blessing of ${blessing}`, active, ability: name, rule: 'Blessings of Khaine' });
}

/**
 * Resolve a `blessingPick40h` effect (its `choice` checked at the declaration). `apply` applies one effect as the
 * ability's (`abilityUse.ts` `applyEffect`, with the use's order: one roll for the whole use).
 */
export function resolveBlessingPick40h(c: Ctx, player: PlayerId, ability: Ability, e: Pick40h, choice: string | undefined, apply: (effect: AbilityEffect) => void, awaitByHand: () => void): void {
  if (!blessingsKnown(c, player)) return awaitByHand();
  if (e.blessingPick40h === 'swap') {
    const [off, on] = names(choice ?? '', '>') ?? [];
    if (off === undefined || on === undefined) return;
    setBlessing40h(c, player, ability.name, off, false, -1);
    setBlessing40h(c, player, ability.name, on, true, -1);
    return;
  }
  const bs = names(choice ?? '', '+') ?? [];
  const { blessingPick40h: _k, twoAfterUses: _t, ...common } = e;
  const gate = e.if === undefined ? undefined : { ...e.if, rollOnce: 'use' as const };
  for (const b of bs) for (const x of BLESSING_EFFECTS[b]) apply({ ...x, ...common, ...(gate ? { if: gate } : {}) } as AbilityEffect);
}
