/**
 * Starting a game on a table (GAME.md `start`) and opening a saved game: the one path behind the
 * app's Play mode, `npm run game` and the game server.
 *
 * - {@link prepareGame}: a scenario + two armies → the saved game's set-up. Units of an army whose
 *   id is a unit id of the scenario start where the scenario puts them (the scenario gives bases,
 *   heights and positions; the army gives the warscroll, weapons and rules; model ids match). The
 *   army's other units are set up by a {@link Deployment} (`autoDeploy`) in its territory (`deploy: 'auto'`) or in
 *   the deployment phase (`'manual'`, Core 10.0; where they would be set up automatically is only
 *   where they are first shown). Scenario units of the chosen armies that no roster names, units
 *   of other armies and the scenario's queries are not part of the game.
 * - {@link openGame}: a saved game's set-up → the engine's initial state and a port over the
 *   table's World.
 *
 * Never throws for bad input: every problem comes back with its path.
 *
 * @module
 */
import { buildTerrainIndex, type TerrainFeatureInput, type TerrainIndex, type World } from '../geometry/world';
import { mmToInches, OBJECTIVE_DIAMETER_MM } from '../geometry/units';
import { placeFactionTerrain, type PlanBox } from './factionTerrain';
import { footprintFromBase, type Footprint } from '../geometry/footprint';
import { scenarioToWorldInputSync, ScenarioBuildError, type LoadedMeshes } from '../scenario/build';
import type { Scenario, ScenarioModel, ScenarioUnit } from '../scenario/schema';
import { parseScenario } from '../scenario/validate';
import { createGameFromSetup } from '../rules/engine/worldPortGame';
import { DEFAULT_BATTLEPLAN, PLAYERS, type GameState, type PlayerId } from '../rules/engine/state';
import { DEFAULT_FACTION_TERRAIN_SIZE_INCHES, DEFAULT_MODEL_HEIGHT_INCHES, parseRoster, type Roster } from '../rules/engine/roster';
import type { GeometryPort } from '../rules/engine/geometryPort';
import { gameWorldPort } from '../rules/engine/worldPort';
import { Deployment } from './deploy';
import { TerrainCache } from './terrainCache';
import { ascensionSetup, type AscensionPlacement } from './ascensionSetup';
import { ASCENSION, ASCENSION_IDS, type AscensionId } from '../rules/engine/ascension';
import { buildGameWorld, rosterBaseMm } from './gameWorld';
import type { GameSetupV2 } from './savedGame';
import type { MeshRef } from './table';

/** The battleplans this project implements (`--battleplan ID`); the first is the default. */
export const BATTLEPLANS: Record<string, { name: string; battleRounds: number; vpPerObjective: number }> = {
  'take-and-hold': { name: DEFAULT_BATTLEPLAN.name, battleRounds: DEFAULT_BATTLEPLAN.battleRounds, vpPerObjective: DEFAULT_BATTLEPLAN.vpPerObjective },
  // Path to Glory: Ascension (ascension.ts); 5 battle rounds (INVENTORY §3.3 D6), their own scoring.
  ...Object.fromEntries(ASCENSION_IDS.map((id) => [id, { name: ASCENSION[id].name, battleRounds: 5, vpPerObjective: 0 }])),
};

/** Input of {@link prepareGame}. */
export interface PrepareGameInput {
  /** The scenario (SCENARIO.md), as parsed JSON. */
  scenario: unknown;
  /** Every mesh file the scenario names, parsed (`loadScenarioMeshes`). */
  meshes: LoadedMeshes;
  /** How the saved game carries each mesh (`carryMeshes`). */
  carried: Record<string, MeshRef>;
  /** Each player's army: the scenario army it plays (a key of `territories`) and its roster (the army format). */
  armies: Record<PlayerId, { army: string; roster: unknown }>;
  seed: number | string;
  /** A key of {@link BATTLEPLANS}; default `take-and-hold`. */
  battleplan?: string;
  /** `auto` (default): set the army's other units up now; `manual`: in the deployment phase. */
  deploy?: 'auto' | 'manual';
  /** Where the table's terrain index is looked up and kept (shared by the games of a process); default: built for this game. */
  terrainCache?: TerrainCache;
}

/** Result of {@link prepareGame}. */
/**
 * `terrain`: the table's terrain index, built for the set-up (or found in the cache); `state`: the
 * set-up's initial state (`createGameFromSetup`, already checked here). Give both to
 * {@link openGame} so neither is made twice.
 */
export type PrepareResult = { ok: true; setup: GameSetupV2; terrain: TerrainIndex; state: GameState } | { ok: false; problems: string[] };

/**
 * A scenario and two armies as a game's set-up (see the module notes).
 * @returns the set-up of the saved game (no actions yet), or every problem with its path:
 *   `scenario.…` for the scenario, `armies.p1` / `rosters.p1.…` for an army, `battleplan`.
 */
export function prepareGame(input: PrepareGameInput): PrepareResult {
  const problems: string[] = [];
  const parsed = parseScenario(input.scenario);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((p) => `scenario.${p}`) };
  let scenario = parsed.scenario;
  const territories = scenario.territories ?? {};
  const armyNames = { p1: input.armies.p1.army, p2: input.armies.p2.army };
  for (const p of PLAYERS) {
    if (!(armyNames[p] in territories)) problems.push(`armies.${p}: "${armyNames[p]}" is not an army of the scenario (its territories: ${Object.keys(territories).join(', ') || 'none'})`);
  }
  if (armyNames.p1 === armyNames.p2) problems.push(`armies: both players chose "${armyNames.p1}"; pick two different armies`);
  const planId = input.battleplan ?? 'take-and-hold';
  const plan = BATTLEPLANS[planId];
  if (!plan) problems.push(`battleplan: unknown battleplan "${planId}" (known: ${Object.keys(BATTLEPLANS).join(', ')})`);
  const rosters: Partial<Record<PlayerId, Roster>> = {};
  for (const p of PLAYERS) {
    const r = parseRoster(input.armies[p].roster, `rosters.${p}`);
    if (r.ok) rosters[p] = r.roster;
    else problems.push(...r.issues.map((i) => `${i.path}: ${i.message}`));
  }
  if (problems.length) return { ok: false, problems };
  const both = rosters as Record<PlayerId, Roster>;
  // A Path to Glory battleplan: roles, its objectives on this table, deployment, reserves (ascensionSetup.ts).
  let ptg: AscensionPlacement | null = null;
  if ((ASCENSION_IDS as readonly string[]).includes(planId)) {
    ptg = ascensionSetup({ id: planId as AscensionId, table: scenario.battlefield, territories: { p1: territories[armyNames.p1], p2: territories[armyNames.p2] }, rosters: both, seed: input.seed, quests: { p1: both.p1.campaign?.quest, p2: both.p2.campaign?.quest }, wild: { p1: both.p1.campaign?.wild, p2: both.p2.campaign?.wild } });
    scenario = { ...scenario, objectives: ptg.objectives };
  }
  const reserved = (p: PlayerId, id: string) => ptg?.reserves[p]?.includes(id) ?? false;

  // Ids: the game's units and models must not clash with the table's terrain and objectives.
  const tableIds = new Map<string, string>();
  (scenario.terrain ?? []).forEach((t, i) => tableIds.set(t.id, `scenario.terrain[${i}].id`));
  (scenario.objectives ?? []).forEach((o, i) => tableIds.set(o.id, `scenario.objectives[${i}].id`));
  const scenarioUnits = new Map<string, { unit: ScenarioUnit; index: number }>();
  (scenario.units ?? []).forEach((u, i) => scenarioUnits.set(u.id, { unit: u, index: i }));
  const scenarioModelOwner = new Map<string, string>();
  for (const u of scenario.units ?? []) for (const m of u.models) scenarioModelOwner.set(m.id, u.id);

  const placedUnits: Record<PlayerId, string[]> = { p1: [], p2: [] };
  const gameUnits: ScenarioUnit[] = [];
  const toDeploy: Record<PlayerId, { id: string; models: { id: string; base: ReturnType<typeof rosterBaseMm> }[] }[]> = { p1: [], p2: [] };
  const occupied: Footprint[] = [];
  for (const p of PLAYERS) {
    both[p].units.forEach((u, i) => {
      const at = `rosters.${p}.units[${i}]`;
      for (const id of [u.id, ...u.models.map((m) => m.id)]) {
        const clash = tableIds.get(id);
        if (clash) problems.push(`${at}: id "${id}" is also ${clash}`);
      }
      const onTable = scenarioUnits.get(u.id);
      if (!onTable) {
        for (const m of u.models) {
          const owner = scenarioModelOwner.get(m.id);
          if (owner) problems.push(`${at}: model id "${m.id}" is a model of scenario unit "${owner}", not of "${u.id}"`);
        }
        toDeploy[p].push({ id: u.id, models: u.models.map((m) => ({ id: m.id, base: rosterBaseMm(m.base) })) });
        return;
      }
      const su = onTable.unit;
      const sAt = `scenario.units[${onTable.index}]`;
      if (su.army !== armyNames[p]) {
        problems.push(`${sAt}.army: unit "${u.id}" is in army "${su.army}" on the table but in ${p}'s army "${armyNames[p]}"`);
        return;
      }
      const byId = new Map(su.models.map((m) => [m.id, m]));
      const models: ScenarioModel[] = [];
      for (const m of u.models) {
        const sm = byId.get(m.id);
        if (!sm) problems.push(`${sAt}.models: the army's model "${m.id}" of unit "${u.id}" is not on the table (model ids must match)`);
        else models.push(sm);
      }
      su.models.forEach((m, j) => {
        if (!u.models.some((x) => x.id === m.id)) problems.push(`${sAt}.models[${j}].id: "${m.id}" is not a model of ${p}'s unit "${u.id}"`);
      });
      placedUnits[p].push(u.id);
      gameUnits.push({ id: u.id, army: armyNames[p], ...(su.name ? { name: su.name } : {}), keywords: [...u.warscroll.keywords], models });
      for (const m of models) occupied.push(footprintFromBase(m.base, m.position, m.facing ?? 0));
    });
  }
  if (problems.length || !plan) return { ok: false, problems };

  // Faction terrain first (Core 10.1, step 1), then the units (step 2), on the table's terrain.
  let terrainInput;
  try {
    terrainInput = scenarioToWorldInputSync({ ...scenario, units: [] }, input.meshes).terrain;
  } catch (e) {
    return { ok: false, problems: e instanceof ScenarioBuildError ? e.problems.map((p) => `scenario.${p}`) : [`scenario: ${(e as Error).message}`] };
  }
  const baseInput = terrainInput;
  const ftRosters = ptg ? (Object.fromEntries(PLAYERS.map((p) => [p, ptg.noFactionTerrain.includes(p) ? { ...both[p], factionTerrain: [] } : both[p]])) as Record<PlayerId, Roster>) : both;
  const placedTerrain = placeArmiesFactionTerrain(scenario, terrainInput, ftRosters, armyNames, occupied, tableIds, problems);
  if (problems.length) return { ok: false, problems };
  if (placedTerrain.features.length) terrainInput = scenarioToWorldInputSync({ ...scenario, terrain: [...(scenario.terrain ?? []), ...placedTerrain.features], units: [] }, input.meshes).terrain;
  const { queries: _q, units: _u, ...rest } = scenario;
  const tableTerrain = [...(scenario.terrain ?? []), ...placedTerrain.features];
  // The table's terrain index: shared with every game of the process on the same table. The
  // battlefield's own index (without the armies' faction terrain) is kept too, and is where the
  // index with faction terrain starts from: a faction's terrain appended to it builds its new
  // features and the merged BVH only (`buildTerrainIndex`'s `previous`), whichever armies play.
  const base = tableTerrainIndex({ ...rest, terrain: scenario.terrain ?? [] }, baseInput, input.carried, input.terrainCache);
  let terrain = base;
  if (placedTerrain.features.length) {
    const terrainKey = TerrainCache.keyOf({ scenario: { ...rest, terrain: tableTerrain }, meshes: input.carried });
    terrain = input.terrainCache?.get(terrainKey) ?? buildTerrainIndex(terrainInput, base);
    input.terrainCache?.set(terrainKey, terrain);
  }
  const deployed: Record<string, [number, number]> = {};
  const deployedFacing: Record<string, number> = {};
  const manual = input.deploy === 'manual';
  for (const p of PLAYERS) {
    const enemy = PLAYERS.filter((q) => q !== p).map((q) => territories[armyNames[q]]);
    // One Deployment per army (its anchors and open-ground tests kept), clear of every unit set
    // up before it; made when the army has a unit to set up.
    let deployment: Deployment | null = null;
    // One unit at a time, so in manual mode a unit with no room is simply shown off the table.
    for (const u of toDeploy[p]) {
      if (reserved(p, u.id)) continue;
      deployment ??= new Deployment(terrain, territories[armyNames[p]], enemy, occupied, scenario.battlefield);
      const r = deployment.place(u);
      if (!r.ok) {
        if (!manual) problems.push(`armies.${p}: ${r.reason}`);
        continue;
      }
      Object.assign(deployed, r.positions);
      for (const m of u.models) deployedFacing[m.id] = r.facingDeg;
      for (const m of u.models) occupied.push(footprintFromBase(m.base, r.positions[m.id], r.facingDeg));
    }
  }
  if (problems.length) return { ok: false, problems };

  // The table: the game's units in roster order (placed by the scenario, or set up now).
  const ordered: ScenarioUnit[] = [];
  for (const p of PLAYERS) {
    for (const u of both[p].units) {
      const placed = gameUnits.find((g) => g.id === u.id);
      if (placed) ordered.push(placed);
      else {
        const models = u.models
          .filter((m) => deployed[m.id])
          .map((m): ScenarioModel => ({ id: m.id, base: rosterBaseMm(m.base), height: m.heightInches ?? DEFAULT_MODEL_HEIGHT_INCHES, position: deployed[m.id], ...(deployedFacing[m.id] ? { facing: deployedFacing[m.id] } : {}) }));
        if (models.length) ordered.push({ id: u.id, army: armyNames[p], keywords: [...u.warscroll.keywords], models });
      }
    }
  }
  const table: Scenario = { ...rest, terrain: tableTerrain, units: ordered };
  const setup: GameSetupV2 = {
    format: 'sightline-game/2',
    seed: input.seed,
    armies: armyNames,
    territories: armyNames,
    ...(manual
      ? { deployment: { beginsDeployment: ptg?.beginsDeployment ?? ('p1' as const), setUp: placedUnits, ...(placedTerrain.features.length ? { factionTerrain: placedTerrain.byPlayer } : {}) } }
      : { finishedDeployingFirst: ptg?.beginsDeployment ?? ('p1' as const) }),
    ...(ptg && Object.keys(ptg.reserves).length ? { reserves: ptg.reserves } : {}),
    battleplan: { objectives: (scenario.objectives ?? []).map((o) => o.id), name: plan.name, battleRounds: plan.battleRounds, vpPerObjective: plan.vpPerObjective, ...(ptg ? { ascension: ptg.setup } : {}) },
    rosters: { p1: input.armies.p1.roster, p2: input.armies.p2.roster },
    table: { scenario: table, meshes: input.carried },
  };
  const check = createGameFromSetup(setup);
  if (!check.ok) return { ok: false, problems: check.issues.map((i) => `${i.path}: ${i.message}`) };
  return { ok: true, setup, terrain, state: check.state };
}

/**
 * The terrain index of a table (a scenario without its units) whose terrain is `terrainInput`
 * (`scenarioToWorldInputSync` of it): the one kept in `cache` for the same table (the key is the
 * table and its carried meshes, {@link TerrainCache.keyOf}), else built and kept there.
 */
export function tableTerrainIndex(table: Omit<Scenario, 'units' | 'queries'>, terrainInput: TerrainFeatureInput[], carried: Record<string, MeshRef>, cache?: TerrainCache): TerrainIndex {
  const key = TerrainCache.keyOf({ scenario: table, meshes: carried });
  const kept = cache?.get(key);
  if (kept) return kept;
  const built = buildTerrainIndex(terrainInput);
  cache?.set(key, built);
  return built;
}

/**
 * Builds ahead, in `cache`, the terrain index of the battlefield a battle is about to start on
 * (the battlefield's own terrain, without any army's faction terrain), so that {@link prepareGame}
 * on the same scenario and meshes finds it: the New battle dialog asks for it while the players
 * choose their armies (issue 35 item 6, a battle started within 3 s of Start).
 * @returns whether it was built now (false: already kept), or the scenario's problems.
 */
export function warmTableTerrain(scenarioJson: unknown, meshes: LoadedMeshes, carried: Record<string, MeshRef>, cache: TerrainCache): { ok: true; built: boolean } | { ok: false; problems: string[] } {
  const parsed = parseScenario(scenarioJson);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((p) => `scenario.${p}`) };
  const { queries: _q, units: _u, ...rest } = parsed.scenario;
  let terrainInput: TerrainFeatureInput[];
  try {
    terrainInput = scenarioToWorldInputSync({ ...parsed.scenario, units: [] }, meshes).terrain;
  } catch (e) {
    return { ok: false, problems: e instanceof ScenarioBuildError ? e.problems.map((p) => `scenario.${p}`) : [`scenario: ${(e as Error).message}`] };
  }
  const misses = cache.misses;
  tableTerrainIndex({ ...rest, terrain: parsed.scenario.terrain ?? [] }, terrainInput, carried, cache);
  return { ok: true, built: cache.misses > misses };
}

/**
 * Sets up each army's faction terrain (its roster's `factionTerrain`) on the table, as Deploy
 * Faction Terrain would (Core 10.1: wholly within the army's territory, more than 3" from every
 * objective and other terrain feature; `placeFactionTerrain`): a `faction` terrain feature of one
 * box per entry. Problems (an id used elsewhere, no room) are appended to `problems`.
 */
function placeArmiesFactionTerrain(
  scenario: Scenario,
  terrainInput: readonly TerrainFeatureInput[],
  rosters: Record<PlayerId, Roster>,
  armies: Record<PlayerId, string>,
  occupied: readonly Footprint[],
  tableIds: ReadonlyMap<string, string>,
  problems: string[],
): { features: NonNullable<Scenario['terrain']>; byPlayer: Record<PlayerId, string[]> } {
  const features: NonNullable<Scenario['terrain']> = [];
  const byPlayer: Record<PlayerId, string[]> = { p1: [], p2: [] };
  const boxes: PlanBox[] = terrainInput.map((f) => {
    const b: PlanBox = [Infinity, Infinity, -Infinity, -Infinity];
    for (const p of f.pieces) {
      for (let i = 0; i + 2 < p.positions.length; i += 3) {
        b[0] = Math.min(b[0], p.positions[i]);
        b[1] = Math.min(b[1], p.positions[i + 1]);
        b[2] = Math.max(b[2], p.positions[i]);
        b[3] = Math.max(b[3], p.positions[i + 1]);
      }
    }
    return b;
  });
  const objectives = (scenario.objectives ?? []).map((o) => ({ x: o.position[0], y: o.position[1], radius: mmToInches(o.diameterMm ?? OBJECTIVE_DIAMETER_MM) / 2 }));
  const rosterIds = new Set(PLAYERS.flatMap((p) => [...rosters[p].units, ...(rosters[p].manifestations ?? [])].flatMap((u) => [u.id, ...u.models.map((m) => m.id)])));
  const territories = scenario.territories ?? {};
  for (const p of PLAYERS) {
    (rosters[p].factionTerrain ?? []).forEach((ft, i) => {
      const at = `rosters.${p}.factionTerrain[${i}]`;
      const clash = tableIds.get(ft.id) ?? (rosterIds.has(ft.id) ? 'a unit or model id of an army' : features.some((f) => f.id === ft.id) ? 'another faction terrain feature' : undefined);
      if (clash) {
        problems.push(`${at}.id: "${ft.id}" is also ${clash}`);
        return;
      }
      const [w, d, h] = ft.sizeInches ?? DEFAULT_FACTION_TERRAIN_SIZE_INCHES;
      const enemy = PLAYERS.filter((q) => q !== p).map((q) => territories[armies[q]]);
      const b = placeFactionTerrain(w, d, territories[armies[p]], enemy, boxes, objectives, occupied, scenario.battlefield);
      if (!b) {
        problems.push(`${at}: no room to set up faction terrain "${ft.name}" (${w}" x ${d}") wholly within the ${armies[p]} territory, more than 3" from every objective and other terrain feature (Core 10.1)`);
        return;
      }
      boxes.push(b);
      byPlayer[p].push(ft.id);
      features.push({ id: ft.id, name: ft.name, type: 'faction', abilities: [...(ft.abilities ?? [])], pieces: [{ shape: 'box', center: [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2], size: [w, d, h], rotation: 0 }] });
    });
  }
  return { features, byPlayer };
}

/** An opened game: its initial state, the table's World and the rules' port over it. */
export interface OpenedGame {
  state: GameState;
  world: World;
  port: GeometryPort;
  /** The table scenario, validated. */
  table: Scenario;
  /** Where the table sets up each model (plan-view centre, inches). */
  placement: Record<string, [number, number]>;
}

/**
 * A saved game's set-up opened: the engine's initial state (`createGame`) and a port over the
 * World built from its table with `meshes` (every `src` of the table, parsed); `terrain`: the
 * table's terrain index when the caller has it (from {@link prepareGame}); `initial`: the
 * set-up's initial state when {@link prepareGame} has just made it from this very set-up (not
 * made again).
 * @returns the game, or every problem with its path (`table.scenario.…`, `rosters.p1.…`).
 */
export function openGame(setup: GameSetupV2, meshes: LoadedMeshes, terrain?: TerrainIndex, initial?: GameState): { ok: true; game: OpenedGame } | { ok: false; problems: string[] } {
  const g = initial ? { ok: true as const, state: initial } : createGameFromSetup(setup);
  if (!g.ok) return { ok: false, problems: g.issues.map((i) => `${i.path}: ${i.message}`) };
  const parsed = parseScenario(setup.table.scenario);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((p) => `table.scenario.${p}`) };
  const rosters = { p1: g.state.players.p1.roster, p2: g.state.players.p2.roster };
  try {
    const { world, unplaced } = buildGameWorld(parsed.scenario, meshes, rosters, setup.armies, terrain);
    const placement: Record<string, [number, number]> = {};
    for (const u of parsed.scenario.units ?? []) for (const m of u.models) placement[m.id] = [m.position[0], m.position[1]];
    return { ok: true, game: { state: g.state, world, port: gameWorldPort(world, unplaced), table: parsed.scenario, placement } };
  } catch (e) {
    return { ok: false, problems: e instanceof ScenarioBuildError ? e.problems.map((p) => `table.scenario.${p}`) : [`table: ${(e as Error).message}`] };
  }
}
