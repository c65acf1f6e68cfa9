/**
 * `{hiddenBeyond, screen}` (issue 34, session 41, sh41e; read by `parseHidden41e.ts`; schema41e.ts): Hidden Weapon
 * Team's "this unit is not visible to enemy units more than 13" away" while a friendly Clanrats unit of 5 or more
 * models has it within its combat range and no other friendly Weapon Team unit is within that Clanrats unit's combat
 * range. {@link visibleNow} is where the engine decides whether a unit is visible (Core 6.0: the geometry's line of
 * sight, then this ability); `attacks.ts` (targets of attacks, Core 16.0), `moves.ts` (charge targets, Core 15.0),
 * `abilityUse.ts` (visible picks and "each visible" targets) and `magic.ts` (spell and prayer targets) ask it.
 *
 * Distances are between units (closest models, Core 1.0): "enemy units more than 13" away" is the enemy unit's
 * closest model farther than 13" from this unit's closest model (`distanceInches > 13`); "within the combat range"
 * is within 3" (Core 13.0). The screen's warscroll name is compared with the roster name, case ignored, with a
 * regiment-of-renown suffix in parentheses ignored ("Clanrats (Scourge of Aqshy)" is a Clanrats unit).
 *
 * @module
 */

import type { GeometryPort } from '../engine/geometryPort';
import type { GameState } from '../engine/state';
import { effectsOn, hasKeywordPhrase, present, rosterKeywords } from './passives';
import type { AbilityEffect } from './schema';

const HIDDEN = (e: AbilityEffect) => 'hiddenBeyond' in e;

/** roster → model id → unit id (model ids are unique in a game, roster.ts). */
const modelUnits = new WeakMap<object, Map<string, string>>();

/** The unit of a unit or model id, or undefined. */
function unitOf(s: GameState, id: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(s.units, id)) return id;
  for (const p of ['p1', 'p2'] as const) {
    const r = s.players[p].roster;
    let m = modelUnits.get(r);
    if (m === undefined) {
      m = new Map();
      for (const u of [...r.units, ...(r.manifestations ?? [])]) for (const x of u.models) m.set(x.id, u.id);
      modelUnits.set(r, m);
    }
    const u = m.get(id);
    if (u !== undefined) return u;
  }
  return undefined;
}

/** The roster entry of a unit. */
function entry(s: GameState, id: string) {
  const r = s.players[s.units[id].owner].roster;
  return r.units.find((x) => x.id === id);
}

/** A roster name without a trailing "(...)" (a regiment of renown's suffix), lower case. */
const baseName = (n: string) => n.replace(/\s*\([^)]*\)\s*$/, '').trim().toLowerCase();

/** Is `hidden` screened now (module docs): a friendly `named` unit with `models`+ models has it within `within`", and no other friendly `noOther` unit is within `within`" of that unit. */
function screened(s: GameState, port: GeometryPort, hidden: string, sc: { named: string; models: number; within: number; noOther: string }): boolean {
  const owner = s.units[hidden].owner;
  const friends = Object.values(s.units).filter((u) => u.owner === owner && u.id !== hidden && u.manifestation === undefined && present(s, port, u.id));
  for (const f of friends) {
    const ru = entry(s, f.id);
    if (ru === undefined || baseName(ru.name) !== baseName(sc.named)) continue;
    if (ru.models.filter((m) => !f.slain.includes(m.id)).length < sc.models) continue;
    if (port.distance(hidden, f.id) > sc.within + 1e-6) continue;
    const crowded = friends.some((w) => w.id !== f.id && hasKeywordPhrase(rosterKeywords(s, w.id), sc.noOther) && port.distance(w.id, f.id) <= sc.within + 1e-6);
    if (!crowded) return true;
  }
  return false;
}

/** The ability that hides `target` (a unit or model id) from `observer` (a unit or model id) now, or null. */
export function hiddenFrom(s: GameState, port: GeometryPort, observer: string, target: string): string | null {
  const ou = unitOf(s, observer);
  const tu = unitOf(s, target);
  if (ou === undefined || tu === undefined || ou === tu || s.units[ou].owner === s.units[tu].owner) return null; // "enemy units"
  for (const a of effectsOn(s, port, tu, {}, HIDDEN)) {
    const e = a.effect;
    if (!('hiddenBeyond' in e)) continue;
    if (port.distance(ou, tu) <= e.hiddenBeyond + 1e-6) continue; // "more than 13" away" only
    if (screened(s, port, tu, e.screen)) return a.rule;
  }
  return null;
}

/** Is `b` visible to `a` now (Core 6.0, then Hidden Weapon Team)? Any mix of unit and model ids, as `GeometryPort.visible`. */
export function visibleNow(s: GameState, port: GeometryPort, a: string, b: string): boolean {
  return port.visible(a, b) && hiddenFrom(s, port, a, b) === null;
}
