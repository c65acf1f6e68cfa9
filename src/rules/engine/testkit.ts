/**
 * Headless helpers for tests and tools: a table-driven {@link GeometryPort} and small sample
 * rosters. No geometry is computed: every answer comes from the tables, which the caller may
 * change between actions (the port reads them at call time). Models never move in a table port
 * (`modelPosition` is the origin, paths cost their plan length): moves are tested over the real
 * `worldPort`.
 *
 * @module
 */

import type { GeometryPort, PortCoherency, PortMoveResult } from './geometryPort';
import type { RosterInput } from './roster';
import type { Action, GameState } from './state';
import { reduce, type GameEvent } from './reduce';

/** Tables of a {@link tablePort}. */
export interface PortTables {
  /** Unordered pairs of units in combat, written `"a|b"`. */
  inCombat: Set<string>;
  /** unit id → objective ids it contests. */
  contests: Record<string, string[]>;
  /** `"unit|objective"` → contesting model ids (absent: all models). */
  contestingModels?: Record<string, string[]>;
  /** `"a|b"` → distance in inches (absent: 100). */
  distances?: Record<string, number>;
  /** Units not on the battlefield. */
  offBattlefield?: Set<string>;
  /** Unordered pairs `"a|b"` that are NOT visible to each other (absent: everything is visible). */
  hidden?: Set<string>;
  /** Terrain protection of `"target|attacker"` (absent: none). */
  protection?: Record<string, { cover: boolean; obscuring: boolean }>;
  /**
   * `"target|attacker"` → terrain feature ids the target is behind or wholly on (Terrain 1.1):
   * Obscuring when one of them is among `terrainProtection`'s `extraObscuring` (Wild Fire).
   */
  behindOrOn?: Record<string, string[]>;
  /** Units within 3" of a Place of Power. */
  nearPlaceOfPower?: Set<string>;
  /** Unordered pairs `"a|b"` within combat range regardless of visibility (absent: the `inCombat` pairs). */
  withinRange?: Set<string>;
  /** `"id|territory"` → plan distance to the territory (0 = within it) and whether wholly within (absent: 100, false). */
  territories?: Record<string, { distance: number; wholly: boolean }>;
  /** `"unit|landmark"` → plan distance to `centre` / `shortEdge0` / `shortEdge1` (absent: 100). */
  landmarks?: Record<string, number>;
  /** unit id → terrain feature ids it contests (Core 32.3; all its models contest). */
  terrainContests?: Record<string, string[]>;
  /** Terrain feature ids of the battlefield (absent: none). */
  terrain?: string[];
  /** `"unit|x,y"` → the line from the point to the unit (Sunder the Earth; absent: on the battlefield, 100", nothing crossed). */
  lines?: Record<string, { distance: number; crossed: string[]; onBattlefield?: boolean }>;
}

/** A {@link GeometryPort} answering from mutable tables. */
export function tablePort(t: PortTables): GeometryPort {
  // Model ids `<unit>-m<n>` / `<unit>-<n>` (sampleRoster, assets/armies) answer for their unit.
  const u = (id: string) => id.replace(/-m?\d+$/, '');
  const pair = (a: string, b: string) => t.inCombat.has(`${u(a)}|${u(b)}`) || t.inCombat.has(`${u(b)}|${u(a)}`);
  const port: GeometryPort = {
    unitsInCombat: (a, b) => pair(a, b),
    distance: (a, b) => t.distances?.[`${u(a)}|${u(b)}`] ?? t.distances?.[`${u(b)}|${u(a)}`] ?? 100,
    visible: (a, b) => !(t.hidden?.has(`${u(a)}|${u(b)}`) || t.hidden?.has(`${u(b)}|${u(a)}`)),
    movePathCost: (_m, path): PortMoveResult => {
      let inches = 0;
      for (let i = 1; i < path.length; i++) inches += Math.hypot(path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1]);
      return { ok: true, inches };
    },
    coherent: (): PortCoherency => ({ coherent: true }),
    coherentSubset: () => true,
    contests: (u, o) => (t.contests[u] ?? []).includes(o),
    onBattlefield: (u) => !(t.offBattlefield?.has(u) ?? false),
    sync: () => {},
    modelPosition: () => [0, 0],
    pathEntersCombatRange: () => false,
    withinCombatRange: (a, b) => (t.withinRange ? t.withinRange.has(`${u(a)}|${u(b)}`) || t.withinRange.has(`${u(b)}|${u(a)}`) : pair(a, b)),
    overlapping: () => null,
    // "Wholly within" answers from the distance table: the listed distance must be within `inches`.
    whollyWithin: (a, b, inches) => (t.distances?.[`${a}|${b}`] ?? t.distances?.[`${b}|${a}`] ?? 100) <= inches + 1e-9,
    terrainProtection: (target, attacker, extraObscuring = []) => {
      const p = t.protection?.[`${target}|${attacker}`] ?? { cover: false, obscuring: false };
      const lit = (t.behindOrOn?.[`${target}|${attacker}`] ?? []).some((f) => extraObscuring.includes(f));
      return lit ? { ...p, obscuring: true } : p;
    },
    nearPlaceOfPower: (u) => t.nearPlaceOfPower?.has(u) ?? false,
    withinTerritory: (id, terr, inches) => (t.territories?.[`${u(id)}|${terr}`]?.distance ?? 100) <= inches + 1e-9,
    whollyWithinTerritory: (id, terr) => t.territories?.[`${u(id)}|${terr}`]?.wholly ?? false,
    landmarkDistance: (id, l) => t.landmarks?.[`${u(id)}|${l}`] ?? 100,
    // Every model contests: the ids of both naming schemes (the engine keeps the living ones).
    terrainContestingModels: (unitId, terrainId) =>
      (t.terrainContests?.[unitId] ?? []).includes(terrainId) ? Array.from({ length: 40 }, (_, i) => [`${unitId}-m${i + 1}`, `${unitId}-${i + 1}`]).flat() : [],
    terrainFeatures: () => t.terrain ?? [],
    lineToUnit: (unitId, point) => {
      const l = t.lines?.[`${unitId}|${point[0]},${point[1]}`];
      return { onBattlefield: l?.onBattlefield ?? true, distanceInches: l?.distance ?? 100, crossed: l?.crossed ?? [] };
    },
  };
  if (t.contestingModels) {
    const cm = t.contestingModels;
    port.contestingModels = (u, o) => cm[`${u}|${o}`] ?? [];
  }
  return port;
}

function models(prefix: string, n: number, flags: { standardBearer?: number; musician?: number; champion?: number } = {}) {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}-m${i + 1}`,
    base: { shape: 'round' as const, diameterMm: 32 },
    ...(flags.champion === i ? { champion: true } : {}),
    ...(flags.musician === i ? { musician: true } : {}),
    ...(flags.standardBearer === i ? { standardBearer: true } : {}),
  }));
}

/**
 * A small legal roster for player `p`: a HERO general (`<p>-hero`, control 2), a 10-model
 * infantry unit `<p>-warriors` (control 1, with a champion, musician and standard bearer) and a
 * 5-model unit `<p>-knights` (control 1, health 2, no command models).
 */
export function sampleRoster(p: string): RosterInput {
  return {
    name: `${p} army`,
    faction: 'Stormcast Eternals',
    general: `${p}-hero`,
    regiments: [{ leader: `${p}-hero`, units: [`${p}-warriors`, `${p}-knights`] }],
    units: [
      {
        id: `${p}-hero`,
        name: 'Knight-Questor',
        warscroll: { move: 5, health: 5, save: '3+', control: 2, keywords: ['HERO', 'INFANTRY', 'WARMASTER'] },
        weapons: [{ name: 'Sword', range: 'melee', attacks: 4, hit: '3+', wound: '3+', rend: 1, damage: 2, abilities: [] }],
        models: models(`${p}-hero`, 1),
      },
      {
        id: `${p}-warriors`,
        name: 'Liberators',
        warscroll: { move: 5, health: 2, save: 4, control: 1, keywords: ['INFANTRY'], coherencyRange: 0.5 },
        weapons: [{ name: 'Warhammer', range: 'melee', attacks: 2, hit: 3, wound: 3, rend: 1, damage: 1 }],
        models: models(`${p}-warriors`, 10, { champion: 0, musician: 1, standardBearer: 2 }),
      },
      {
        id: `${p}-knights`,
        name: 'Vindictors',
        warscroll: { move: 5, health: 2, save: '3+', control: 1, ward: '6+', keywords: ['INFANTRY'] },
        weapons: [
          { name: 'Spear', range: 'melee', attacks: 2, hit: 3, wound: 3, rend: 1, damage: 1, abilities: ['anti-charge'] },
          { name: 'Boltstorm', range: 10, attacks: 'D3', hit: 3, wound: 4, rend: '-', damage: 1, abilities: ['crit-2-hits'] },
        ],
        models: models(`${p}-knights`, 5),
      },
    ],
  };
}

/**
 * Two manifestations for player `p`'s roster (Magic 7.0): an endless spell `<p>-orb` (summoning
 * value 6, range 12", banishment 7) and an invocation `<p>-icon` (summoning value 6, range 6",
 * banishment 8), each a single model on a 60 mm base.
 */
export function sampleManifestations(p: string): NonNullable<RosterInput['manifestations']> {
  return [
    { id: `${p}-orb`, name: 'Orb', kind: 'endlessSpell', banishment: 7, summonValue: 6, summonRange: 12, warscroll: { move: 8, health: 6, save: '-', control: 20, keywords: ['MANIFESTATION', 'ENDLESS SPELL'] }, weapons: [], models: [{ id: `${p}-orb-m1`, base: { shape: 'round', diameterMm: 60 } }] },
    { id: `${p}-icon`, name: 'Icon', kind: 'invocation', banishment: 8, summonValue: 6, summonRange: 6, warscroll: { move: 0, health: 8, save: '-', control: 0, keywords: ['MANIFESTATION', 'INVOCATION'] }, weapons: [], models: [{ id: `${p}-icon-m1`, base: { shape: 'round', diameterMm: 60 } }] },
  ];
}

/**
 * Applies `actions` in order through `reduce` with `port`; throws (naming the action, reason and
 * rule) on the first rejection, since tests script only legal actions here.
 */
export function runActions(s: GameState, actions: Action[], port: GeometryPort): { s: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = reduce(s, a, port);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.reason} (${r.rule})`);
    s = r.state;
    events.push(...r.events);
  }
  return { s, events };
}
