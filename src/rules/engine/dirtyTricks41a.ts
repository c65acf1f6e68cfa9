/**
 * The Kruleboyz dirty trick roll (session 41, sh41a; issue 34; docs/abilities.md "Kruleboyz dirty tricks, session 41
 * (sh41a)"), one engine step made when an ability whose `resolves` begins with `{dirtyTrickRoll41a: true}` resolves
 * (Core 5.2 step 3; `abilityUse.ts` `resolveAbility`):
 *
 * - the roll needed is the army's Dirty Tricks table (`{dirtyTrickRule41a}`, the battle trait read whole): its N-th
 *   entry when N-1 abilities with the DIRTY TRICK keyword were used by the player earlier in this battle round (the
 *   uses the game state already records, `abilities.used`, with their stamps; by hand or not, failed or not: each was
 *   used), the last entry for every later one. No table in the army: the ability is resolved by hand.
 * - the roll is a D6 of the seeded dice ("make a dirty trick roll": a dice, Core 1.0), logged with the ability's
 *   purpose; modifiers: Sinister Stare (`{dirtyTrickPlus41a}`) of a faction terrain feature of the player on the
 *   battlefield, when the unit the roll is for (the Declare's one target; docs/interpretations.md) is a friendly
 *   KRULEBOYZ unit wholly within 12" of it or an enemy unit within 12" of it (18" while the feature has a Shouty Boss,
 *   `GameState.shoutyBoss`). The same passive ability applies once however many features hold it (Core 5.3, the
 *   third Rule of One, whose example is two terrain features). No rule caps the roll or fails an unmodified 1.
 * - at least the value needed: the Effect is applied; else none of it (event `abilityEffectSkipped`, "dirty trick roll
 *   ..."). Event `dirtyTrickRoll` either way (a contract extension: `roll`, `modifier`, `rules`, `needed`, `already`,
 *   `success`).
 *
 * @module
 */

import type { Ability, AbilityEffect } from '../abilities/schema';
import { armyAbilities, findAbility } from '../abilities/catalog';
import { sameWindow, stampOf } from '../abilities/record';
import { hasKeywordNow, present } from '../abilities/passives';
import { abilityTerrain, terrainOnBattlefield, withinTerrain } from '../abilities/thisTerrain38';
import { rollLogged, type Ctx } from './core';
import { declaredTriggers } from '../abilities/timing';
import { shoutyBossOf } from './shoutyBoss40e';
import type { GameState, PlayerId } from './state';

type Plus = Extract<AbilityEffect, { dirtyTrickPlus41a: unknown }>['dirtyTrickPlus41a'];

/** Is the ability a Dirty Trick ability (the DIRTY TRICK keyword)? */
function isDirtyTrick(a: Ability | undefined): boolean {
  return a !== undefined && a.keywords.some((k) => k.toUpperCase() === 'DIRTY TRICK');
}

/** The army's Dirty Tricks table (`{dirtyTrickRule41a}`), or null. */
export function dirtyTrickTable41a(c: Ctx, player: PlayerId): readonly number[] | null {
  for (const a of armyAbilities(c.s, player)) for (const e of a.resolves ?? []) if ('dirtyTrickRule41a' in e) return e.dirtyTrickRule41a;
  return null;
}

/** How many Dirty Trick abilities `player` used this battle round before the use of `ability` now resolving. */
export function dirtyTricksUsedBefore41a(c: Ctx, player: PlayerId, ability: Ability): number {
  const s = c.s;
  const now = stampOf(s);
  const n = (s.abilities?.used ?? []).filter((u) => u.player === player && sameWindow(u.at, now, 'round') && isDirtyTrick(findAbility(s, player, u.unitId, u.ability))).length;
  // The use resolving now is recorded already (useAbility records before it resolves).
  return isDirtyTrick(ability) ? Math.max(0, n - 1) : n;
}

/**
 * The modifier of a dirty trick roll for unit `t` of `player`'s ability: each Sinister Stare (by name, once; Core 5.3)
 * whose faction terrain feature is on the battlefield and has `t` in reach (module notes). `undefined` unit: the modifiers
 * cannot be told (a roll for no one unit while such a passive is on the battlefield).
 */
export function dirtyTrickModifier41a(c: Ctx, player: PlayerId, t: string | undefined): { by: number; rules: string[] } | undefined {
  const s = c.s;
  let by = 0;
  const rules: string[] = [];
  for (const a of armyAbilities(s, player)) {
    const plus = (a.resolves ?? []).find((e): e is Extract<AbilityEffect, { dirtyTrickPlus41a: Plus }> => 'dirtyTrickPlus41a' in e);
    if (plus === undefined || rules.includes(a.name)) continue;
    const terrain = abilityTerrain(s, player, a.id);
    if (terrain === null || !terrainOnBattlefield(s, c.port, player, terrain)) continue;
    if (t === undefined) return undefined;
    const p = plus.dirtyTrickPlus41a;
    const inches = shoutyBossOf(s, terrain) !== undefined ? (p.shoutyBossWithin ?? p.within) : p.within;
    const friendly = s.units[t].owner === player;
    const reached = present(s, c.port, t) && (friendly ? hasKeywordNow(s, c.port, t, p.keyword) && withinTerrain(c.port, terrain, t, inches, true) : withinTerrain(c.port, terrain, t, inches, false));
    if (!reached) continue;
    by += p.by;
    rules.push(a.name);
  }
  return { by, rules };
}

/**
 * The dirty trick roll of a use of `ability` (module notes): `"none"` (no roll: not a dirty trick ability), `"pass"`,
 * `"fail"` (the Effect is not applied) or `"byHand"` (no Dirty Tricks table in the army, or modifiers that cannot be told).
 */
export function dirtyTrickRoll41a(c: Ctx, player: PlayerId, user: string | null, ability: Ability, picked: readonly string[]): 'none' | 'pass' | 'fail' | 'byHand' {
  if (!(ability.resolves ?? []).some((e) => 'dirtyTrickRoll41a' in e)) return 'none';
  const table = dirtyTrickTable41a(c, player);
  if (table === null || table.length === 0) return 'byHand';
  const already = dirtyTricksUsedBefore41a(c, player, ability);
  const needed = table[Math.min(already, table.length - 1)];
  const subject = picked.length === 1 ? picked[0] : (user ?? undefined);
  const mod = dirtyTrickModifier41a(c, player, subject);
  if (mod === undefined) return 'byHand';
  const [roll] = rollLogged(c, 1, 6, `ability:${user ?? player}:${ability.id}:dirtyTrick`, player);
  const success = roll + mod.by >= needed;
  const nth = already + 1;
  const ordinal = nth === 1 ? '1st' : nth === 2 ? '2nd' : nth === 3 ? '3rd' : `${nth}th`;
  c.events.push({ type: 'dirtyTrickRoll', player, unitId: user, ability: ability.id, name: ability.name, roll, modifier: mod.by, rules: mod.rules, needed, already, success, rule: 'Dirty Tricks (battle trait)' });
  if (!success) {
    const plus = mod.by !== 0 ? ` ${mod.by > 0 ? '+' : '-'} ${Math.abs(mod.by)} (${mod.rules.join(', ')})` : '';
    c.events.push({ type: 'abilityEffectSkipped', ability: ability.id, name: ability.name, unitId: subject ?? null, why: `dirty trick roll ${roll}${plus}, needed ${needed}+ (the ${ordinal} Dirty Trick ability this battle round)` });
  }
  return success ? 'pass' : 'fail';
}

/**
 * The weapon abilities of an attack of unit `unitId` less those an effect in force bars (`{noWeaponAbility41a}`, Lethal
 * Surprise: "the target's weapons cannot be affected by the Charge (+1 Damage) weapon ability"; Core 20.0, 28.1).
 */
export function withoutBarredAbilities41a(s: GameState, unitId: string, abilities: string[]): string[] {
  const barred = (s.abilities?.active ?? []).filter((a) => 'noWeaponAbility41a' in a.effect && a.units.includes(unitId)).map((a) => (a.effect as { noWeaponAbility41a: string }).noWeaponAbility41a);
  return barred.length === 0 ? abilities : abilities.filter((x) => !barred.includes(x));
}

/**
 * `{triggerUnit41a}` (Keep 'Em in Line; schema41a.ts): the unit of `player`'s declaration named `name` that waits for
 * reactions (the command's unit, `abilities.declared`) gets the modifier for the effect's duration (default: the phase,
 * Core 28.1) when `user` is (wholly) within the distance of it (Core 1.0-1.1, through the port); else nothing (event
 * `abilityEffectSkipped` with the reason). `apply`: the engine's `applyEffect` with the picked units.
 */
export function applyTriggerUnit41a(c: Ctx, player: PlayerId, user: string | null, id: string, name: string, e: Extract<AbilityEffect, { triggerUnit41a: unknown }>, apply: (e: AbilityEffect, picked: readonly string[]) => void): void {
  const t = e.triggerUnit41a;
  const d = declaredTriggers(c.s).find((x) => x.player === player && x.unitId !== null && x.name.toLowerCase() === t.name.toLowerCase());
  const skip = (unitId: string | null, why: string): void => {
    c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId, why });
  };
  if (d === undefined || d.unitId === null) return skip(user, `no '${t.name}' declared by ${player} waits for reactions`);
  const unit = d.unitId;
  if (user === null || !present(c.s, c.port, user) || !present(c.s, c.port, unit)) return skip(unit, 'not on the battlefield');
  const near = user === unit || (t.wholly ? c.port.whollyWithin(user, unit, t.within) : c.port.distance(user, unit) <= t.within + 1e-6);
  if (!near) return skip(unit, `"${user}" is not ${t.wholly ? 'wholly ' : ''}within ${t.within}" of it (${c.port.distance(user, unit).toFixed(2)}" at the closest)`);
  apply({ modify: t.modify, by: t.by, attacks: t.attacks, targets: 'targets', duration: e.duration ?? 'phase' }, [unit]);
}
