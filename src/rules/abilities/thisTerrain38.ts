/**
 * "This terrain feature" on the real table (session 38, ab38a; docs/abilities.md "Faction terrain, session 38
 * (ab38a)"): an ability of a faction terrain feature's warscroll is held by the army and used by the player
 * "through" the feature (Core 28.2; `src/army/abilities.ts` gives it the id `<terrain id>:<name>`). Its
 * Declare's "within 3" of this terrain feature" and its passives' "while they are within 3" of this terrain
 * feature" are measured to that feature as the battlefield has it (Core 1.0-1.1, 2.1: the closest point of the
 * feature; wholly within: every part of every base), once it has been deployed (Core 10.1).
 *
 * The vocabulary (extensions of ABILITIES.md, `schema.ts`): a pick's `from: "terrain"` (its `within` measured
 * from the ability's terrain feature instead of its unit) and a condition's `of: "terrain"` (the same for an
 * aura). An ability held through no faction terrain feature of its player's roster, or a feature not on the
 * battlefield, measures nothing: the pick is refused with the reason, the aura applies to no unit.
 *
 * Pure: the state and the port's questions only (no three, no reducer).
 *
 * @module
 */

import type { GeometryPort } from '../engine/geometryPort';
import type { GameState, PlayerId } from '../engine/state';

/** The value of a pick's `from` and a condition's `of` that names the ability's own faction terrain feature. */
export const THIS_TERRAIN = 'terrain';

/**
 * The faction terrain feature (its id, as the roster's `factionTerrain` and the battlefield name it) an ability
 * of `player` is held through, or null: the owner part of the ability id (`<terrain id>:<slug>`, the importer's
 * ids) when it is one of the player's roster's faction terrain features.
 */
export function abilityTerrain(s: GameState, player: PlayerId, abilityId: string): string | null {
  const k = abilityId.indexOf(':');
  if (k <= 0) return null;
  const owner = abilityId.slice(0, k);
  return (s.players[player].roster.factionTerrain ?? []).some((t) => t.id === owner) ? owner : null;
}

/**
 * Is the faction terrain feature `terrainId` of `player` on the battlefield now: the table has it and, in the
 * deployment phase, it is not among the player's features still to be deployed (Core 10.1)?
 */
export function terrainOnBattlefield(s: GameState, port: GeometryPort, player: PlayerId, terrainId: string): boolean {
  if (!port.terrainFeatures().includes(terrainId)) return false;
  return !(s.deployment?.factionTerrain[player] ?? []).includes(terrainId);
}

/**
 * Is unit `unitId` (wholly) within `inches` of the terrain feature (Core 1.0: any part of a base within the
 * distance of the closest point of the feature; Core 1.1 wholly: every part of every base)? Measured through
 * the port (`distance`, then `whollyWithin` only for a unit that close). `memo`: answers already measured.
 */
export function withinTerrain(port: GeometryPort, terrainId: string, unitId: string, inches: number, wholly: boolean, memo?: Map<string, boolean>): boolean {
  const key = `terrain:${terrainId}|${unitId}|${inches}|${wholly}`;
  const hit = memo?.get(key);
  if (hit !== undefined) return hit;
  const ok = port.distance(unitId, terrainId) <= inches + 1e-6 && (!wholly || port.whollyWithin(unitId, terrainId, inches));
  memo?.set(key, ok);
  return ok;
}

/**
 * Why unit `t` is not within the reach of a pick measured from the ability's terrain feature (`from:
 * "terrain"`), or null: the ability must be held through a faction terrain feature of `player` that is on the
 * battlefield, and `t` (wholly) within `within` inches of it.
 */
export function terrainPickProblem(s: GameState, port: GeometryPort, player: PlayerId, abilityId: string | undefined, t: string, within: number | undefined, wholly: boolean, memo?: Map<string, boolean>): string | null {
  // With `memo` (a listing of options): the answer kept for this state object, which the options of every unit
  // of the same state ask again (the terrain measurements are exact BVH queries, the listing's main cost).
  if (memo === undefined) return terrainPickProblemNow(s, port, player, abilityId, t, within, wholly);
  let kept = optionAnswers.get(s);
  if (kept === undefined) optionAnswers.set(s, (kept = new Map()));
  const key = `${player}|${abilityId}|${t}|${within}|${wholly}`;
  const hit = kept.get(key);
  if (hit !== undefined) return hit;
  const why = terrainPickProblemNow(s, port, player, abilityId, t, within, wholly);
  kept.set(key, why);
  return why;
}

/** Answers of {@link terrainPickProblem} for options, by state object (a state is not changed once listed). */
const optionAnswers = new WeakMap<GameState, Map<string, string | null>>();

function terrainPickProblemNow(s: GameState, port: GeometryPort, player: PlayerId, abilityId: string | undefined, t: string, within: number | undefined, wholly: boolean): string | null {
  const f = abilityId === undefined ? null : abilityTerrain(s, player, abilityId);
  if (f === null) return 'the ability is held through no faction terrain feature of the army to measure from';
  if (!terrainOnBattlefield(s, port, player, f)) return `the faction terrain feature "${f}" is not on the battlefield`;
  if (within === undefined) return null;
  const d = port.distance(t, f);
  // Wholly within needs within first (the distance measured once, also for the refusal's figure).
  if (!(d <= within + 1e-6) || (wholly && !port.whollyWithin(t, f, within))) return `"${t}" is not ${wholly ? 'wholly ' : ''}within ${within}" of the terrain feature "${f}" (${d.toFixed(2)}")`;
  return null;
}

/**
 * `ctx` with `terrain`, the ability's faction terrain feature when it is on the battlefield, for an effect
 * whose `while` or `if` is measured to it (`of: "terrain"`); `ctx` unchanged otherwise (without `terrain`
 * such a condition never holds).
 */
export function terrainContext<C extends { readonly terrain?: string }>(s: GameState, port: GeometryPort | undefined, player: PlayerId, abilityId: string, e: { readonly while?: { readonly of?: string }; readonly if?: { readonly of?: string } }, ctx: C): C {
  if (e.while?.of !== THIS_TERRAIN && e.if?.of !== THIS_TERRAIN) return ctx;
  const f = abilityTerrain(s, player, abilityId);
  return f !== null && port !== undefined && terrainOnBattlefield(s, port, player, f) ? { ...ctx, terrain: f } : ctx;
}

/**
 * Why unit `unitId`, just set up by an ability held through a faction terrain feature, is not wholly within
 * `near.within` inches of another friendly faction terrain feature named `near.name` on the battlefield (Tunnels
 * Through Reality: "set it up again wholly within 6" of another friendly Gnawhole"), or null. "Another": any of the
 * player's roster's faction terrain features of that name (compared case-insensitively) but the ability's own.
 */
export function otherFeatureSetUpProblem(s: GameState, port: GeometryPort, player: PlayerId, abilityId: string, unitId: string, near: { readonly within: number; readonly name: string }): string | null {
  const own = abilityTerrain(s, player, abilityId);
  const others = (s.players[player].roster.factionTerrain ?? []).filter((f) => f.id !== own && f.name.toLowerCase() === near.name.toLowerCase() && terrainOnBattlefield(s, port, player, f.id));
  if (others.length === 0) return `there is no other friendly ${near.name} on the battlefield to set "${unitId}" up near`;
  if (others.some((f) => withinTerrain(port, f.id, unitId, near.within, true))) return null;
  return `"${unitId}" must be set up wholly within ${near.within}" of another friendly ${near.name} (${others.map((f) => `"${f.id}" ${port.distance(unitId, f.id).toFixed(2)}" away`).join(', ')})`;
}
