/**
 * The Shouty Boss of the Kruleboyz Skaregob Totem and the Ironjawz Bossrokk Tower (session 40, sh40e; issue 34;
 * docs/abilities.md "Shouty Boss, session 40 (sh40e)"). Real texts (kb-001, ij-001):
 *
 * - Up We Go! (Your Hero Phase): "If this terrain feature does not have a Shouty Boss, pick a friendly Kruleboyz
 *   Infantry Hero that is not in combat and is within 3" of it to be the target." / "Place the target on this terrain
 *   feature. The target is now a Shouty Boss (see 'Man da Tower')." → `{shoutyBoss: "place"}`;
 * - I'm Off! (Your Movement Phase): "If this terrain feature has a Shouty Boss that was not placed on it this turn,
 *   set up the Shouty Boss on the battlefield wholly within 6" of this terrain feature and not in combat. That unit is
 *   no longer the Shouty Boss." → `{shoutyBoss: "leave", within: 6}`.
 *
 * The model (docs/interpretations.md "The Shouty Boss is off the table while on the feature"): Man da Tower! says
 * that while the unit is the Shouty Boss, range and visibility to it are measured to the feature, attacks that would
 * target it target the feature, and it cannot use MOVE abilities. The geometry port measures units by their models
 * and the engine has no damage on terrain features, so the engine holds the Shouty Boss OFF the table, like a unit in
 * reserve (Core 24.1): `UnitState.status = "removed"`, its models' positions dropped, and `GameState.shoutyBoss`
 * records which feature it stands on and the turn it was placed. While there the engine measures nothing to it and
 * offers no pick, attack or ability of it; Man da Tower! stays resolved by hand (attacks on the feature, its
 * destruction). I'm Off! measures its set-up to the feature (Core 1.1 wholly within: every part of every base; the
 * feature's closest point, `thisTerrain38.ts`) and checks "not in combat" (Core 14.3: within 3" of no enemy model).
 *
 * @module
 */

import type { Ability, AbilityEffect } from '../abilities/schema';
import { abilityTerrain, terrainOnBattlefield, withinTerrain } from '../abilities/thisTerrain38';
import { inCombat, reject, rosterUnit, syncPort, type Ctx } from './core';
import { setUpUnit } from './deployment';
import type { GameState, PlayerId } from './state';

type Positions = Readonly<Record<string, readonly [number, number]>>;

type ShoutyEffect = Extract<AbilityEffect, { shoutyBoss: string }>;

/** The `{shoutyBoss}` effect of an ability, or null. */
function shoutyEffect(ability: Ability): ShoutyEffect | null {
  for (const e of ability.resolves ?? []) if ('shoutyBoss' in e) return e;
  return null;
}

/** The Shouty Boss of faction terrain feature `terrainId` (its record), or undefined. */
export function shoutyBossOf(s: GameState, terrainId: string): { readonly unitId: string; readonly round: number; readonly turnInRound: 0 | 1 } | undefined {
  return s.shoutyBoss?.[terrainId];
}

/**
 * Why `player` cannot use `ability` now because of its Shouty Boss condition, or null (also for every other ability):
 * Up We Go!'s "If this terrain feature does not have a Shouty Boss" (its Declare), I'm Off!'s "If this terrain feature
 * has a Shouty Boss that was not placed on it this turn" (checked when declared, so options do not offer a use that
 * would do nothing). The feature must be the ability's own, on the battlefield (Core 10.1).
 */
export function shoutyBossProblem(c: Ctx, player: PlayerId, ability: Ability): { reason: string; rule: string } | null {
  const e = shoutyEffect(ability);
  if (e === null) return null;
  const rule = `${ability.name}: ${e.shoutyBoss === 'place' ? 'Declare' : 'Effect'}`;
  const role = e.role41c ?? 'Shouty Boss'; // session 41 (sh41c): the Lumineth Shrine Guardian
  const f = abilityTerrain(c.s, player, ability.id);
  if (f === null) return { reason: `${ability.name} is held through no faction terrain feature of ${player}`, rule };
  if (!terrainOnBattlefield(c.s, c.port, player, f)) return { reason: `the faction terrain feature "${f}" is not on the battlefield`, rule };
  const rec = shoutyBossOf(c.s, f);
  if (e.shoutyBoss === 'place') return rec === undefined ? null : { reason: `the terrain feature "${f}" already has a ${role} ("${rec.unitId}")`, rule };
  if (rec === undefined) return { reason: `the terrain feature "${f}" has no ${role}`, rule };
  if (rec.round === c.s.round && rec.turnInRound === c.s.turnInRound) return { reason: `the ${role} "${rec.unitId}" was placed on "${f}" this turn`, rule };
  return null;
}

/**
 * Apply a `{shoutyBoss}` effect of ability `id` (`name`) of `player` (see the module notes): "place" makes the picked
 * unit (`picked[0]`) the feature's Shouty Boss and takes it off the table; "leave" sets the Shouty Boss up at
 * `positions` (every model of it), wholly within `e.within` inches of the feature and not in combat, and clears the
 * record. Rejects (the whole use) when the condition of {@link shoutyBossProblem} fails or the set-up is not allowed.
 */
export function applyShoutyBoss(c: Ctx, player: PlayerId, id: string, name: string, e: ShoutyEffect, picked: readonly string[], positions: Positions | undefined): void {
  const s = c.s;
  const f = abilityTerrain(s, player, id);
  const rule = `${name}: Effect`;
  const role = e.role41c ?? 'Shouty Boss'; // session 41 (sh41c): the Lumineth Shrine Guardian
  if (f === null || !terrainOnBattlefield(s, c.port, player, f)) reject(`${name} has no faction terrain feature on the battlefield`, rule);
  const rec = shoutyBossOf(s, f);
  if (e.shoutyBoss === 'place') {
    if (rec !== undefined) reject(`the terrain feature "${f}" already has a ${role} ("${rec.unitId}")`, `${name}: Declare`);
    const t = picked[0];
    if (t === undefined) reject(`${name} needs its target`, `${name}: Declare`);
    const ids = new Set(rosterUnit(s, t).models.map((m) => m.id));
    s.positions = Object.fromEntries(Object.entries(s.positions).filter(([k]) => !ids.has(k)));
    s.units[t].status = 'removed';
    s.shoutyBoss = { ...(s.shoutyBoss ?? {}), [f]: { unitId: t, round: s.round, turnInRound: s.turnInRound } };
    syncPort(c);
    c.events.push({ type: 'removedToReserve', unitId: t, ability: name, shoutyBossOf: f });
    return;
  }
  if (rec === undefined) reject(`the terrain feature "${f}" has no ${role}`, rule);
  if (rec.round === s.round && rec.turnInRound === s.turnInRound) reject(`the ${role} "${rec.unitId}" was placed on "${f}" this turn`, rule);
  const t = rec.unitId;
  if (positions === undefined) reject(`${name} sets up "${t}": give "positions" for its models`, 'Core 24.0');
  const mine = Object.fromEntries(Object.entries(positions).filter(([k]) => rosterUnit(s, t).models.some((m) => m.id === k)));
  delete s.units[t].status;
  setUpUnit(c, t, mine);
  const within = e.within ?? 6;
  if (!withinTerrain(c.port, f, t, within, true)) reject(`"${t}" must be set up wholly within ${within}" of the terrain feature "${f}" (${c.port.distance(t, f).toFixed(2)}" to its closest point)`, rule);
  if (inCombat(s, c.port, t)) reject(`"${t}" must be set up not in combat`, rule);
  const rest = { ...s.shoutyBoss };
  delete rest[f];
  if (Object.keys(rest).length === 0) delete s.shoutyBoss;
  else s.shoutyBoss = rest;
  s.units[t].turn = { ...s.units[t].turn, setUp: true, setUpBy: name };
  c.events.push({ type: 'setUpByAbility', unitId: t, ability: name });
}
