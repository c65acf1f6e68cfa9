/**
 * The condition `ofFriendlyNamed` (session 39, sh39a; `parseNear39.ts`, docs/abilities.md "Auras of named warscrolls
 * and roll-gated choices, session 39 (sh39a)"): is the affected unit (wholly) within `within` inches (Core 1.0, 1.1)
 * of another friendly unit whose roster name is one of the names, or of a friendly faction terrain feature of one of
 * those names on the battlefield (Core 10.1; measured to the feature's closest point as `thisTerrain38.ts` does)?
 * Pure: the state and the port's questions only.
 *
 * @module
 */

import type { GeometryPort } from '../engine/geometryPort';
import type { GameState } from '../engine/state';
import { terrainOnBattlefield, withinTerrain } from './thisTerrain38';

/**
 * "While this unit is wholly within 12" of a friendly Hag Queen on Cauldron of Blood, ... or Shrine of Dark Tribute":
 * true when some other unit of the affected unit's army, on the battlefield, has one of `names` as its roster name
 * (case ignored) and is within (wholly: every base of the affected unit, Core 1.1) `within` inches; or a faction
 * terrain feature of that army with one of the names is on the battlefield and the affected unit is so within it.
 * Without a port (no table): false. `present`: is a unit on the battlefield (`passives.ts` `present`, passed to keep
 * the import one way).
 */
export function nearFriendlyNamed(s: GameState, port: GeometryPort | undefined, names: readonly string[], within: number, wholly: boolean, affected: string, present: (s: GameState, port: GeometryPort, id: string) => boolean): boolean {
  if (port === undefined) return false;
  const owner = s.units[affected].owner;
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const roster = s.players[owner].roster;
  const nameOf = new Map(roster.units.map((u) => [u.id, u.name.toLowerCase()] as const));
  for (const u of Object.values(s.units)) {
    if (u.owner !== owner || u.id === affected || u.manifestation !== undefined || !wanted.has(nameOf.get(u.id) ?? '') || !present(s, port, u.id)) continue;
    if (wholly ? port.whollyWithin(affected, u.id, within) : port.distance(affected, u.id) <= within + 1e-6) return true;
  }
  for (const f of roster.factionTerrain ?? []) {
    if (!wanted.has(f.name.toLowerCase()) || !terrainOnBattlefield(s, port, owner, f.id)) continue;
    if (withinTerrain(port, f.id, affected, within, wholly)) return true;
  }
  return false;
}

/**
 * The condition `friendlyOnBattlefield` (session 39, sh39a; `parseRally39.ts`): is some unit of the affected unit's
 * army, on the battlefield now, of one of these roster names (case ignored)? `present` as in {@link nearFriendlyNamed}.
 */
export function friendlyNamedOnBattlefield(s: GameState, port: GeometryPort | undefined, names: readonly string[], affected: string, present: (s: GameState, port: GeometryPort | undefined, id: string) => boolean): boolean {
  const owner = s.units[affected].owner;
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  return s.players[owner].roster.units.some((u) => wanted.has(u.name.toLowerCase()) && present(s, port, u.id));
}
