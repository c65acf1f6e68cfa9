/**
 * The World a game is played on: the table's scenario (terrain, objectives, territories and the
 * game's models at their set-up poses, built exactly as `adjudicate` builds a scenario) plus the
 * models of the rosters that start off the table (manifestations not yet summoned), which the
 * rules port (`worldPort`) adds when the engine gives them a position.
 *
 * World order (units, and models within them) follows the rosters: p1's units then its
 * manifestations, then p2's; the same order the first battlefield format used, so replays of old
 * games ask the same questions of the same World.
 *
 * @module
 */
import { footprintFromBase, type BaseMm } from '../geometry/footprint';
import { DEFAULT_BASE_THICKNESS_MM, DEFAULT_COHERENCY_INCHES, mmToInches } from '../geometry/units';
import { World, type ModelInput, type TerrainIndex, type UnitInput, type WorldInput } from '../geometry/world';
import { scenarioToWorldInputSync, type LoadedMeshes } from '../scenario/build';
import type { Scenario } from '../scenario/schema';
import { DEFAULT_MODEL_HEIGHT_INCHES, type Roster } from '../rules/engine/roster';
import type { PlayerId } from '../rules/engine/state';

const PLAYERS: readonly PlayerId[] = ['p1', 'p2'];

/**
 * A roster model's base as the geometry takes it (mm): round as is; oval and rectangular bases as
 * ovals (a rectangle is approximated by its inscribed ellipse: the geometry has ellipses only).
 */
export function rosterBaseMm(b: Roster['units'][number]['models'][number]['base']): BaseMm {
  if (b.shape === 'round') return { round: b.diameterMm };
  return { oval: [b.lengthMm, b.widthMm] };
}

/** The World of a game and the roster models that start off the table. */
export interface GameWorldInput {
  input: WorldInput;
  /** Models of the rosters with no set-up pose (placed by `worldPort.sync` once the engine puts them on the table). */
  unplaced: ModelInput[];
}

/**
 * The geometry input of a game: the table scenario's terrain, objectives and territories, its
 * units (the game's units at set-up, each `army` the player's army name), reordered as the
 * rosters list them, and every roster unit the table does not place (manifestations) as an empty
 * unit with its models in `unplaced` (base from the roster, height `heightInches` or
 * {@link DEFAULT_MODEL_HEIGHT_INCHES}).
 * @param table - a validated scenario whose units are the game's (see `prepareGame`).
 * @param meshes - every mesh file the scenario names, parsed.
 * @param rosters - both parsed rosters.
 * @param armies - each player's army name (the `army` of its units in the World).
 * @throws ScenarioBuildError for a mesh that is missing or cannot be placed.
 */
export function gameWorldInput(table: Scenario, meshes: LoadedMeshes, rosters: Record<PlayerId, Roster>, armies: Record<PlayerId, string>): GameWorldInput {
  const base = scenarioToWorldInputSync(table, meshes);
  const modelsByUnit = new Map<string, ModelInput[]>();
  for (const m of base.models) {
    const list = modelsByUnit.get(m.unitId) ?? [];
    list.push(m);
    modelsByUnit.set(m.unitId, list);
  }
  const units: UnitInput[] = [];
  const models: ModelInput[] = [];
  const unplaced: ModelInput[] = [];
  const seen = new Set<string>();
  for (const p of PLAYERS) {
    for (const u of [...rosters[p].units, ...(rosters[p].manifestations ?? [])]) {
      seen.add(u.id);
      units.push({
        id: u.id,
        army: armies[p],
        // The army gives the warscroll (GAME.md): its keywords and coherency range (Core 15.1).
        keywords: [...u.warscroll.keywords],
        coherencyRangeInches: u.warscroll.coherencyRange ?? DEFAULT_COHERENCY_INCHES,
        modelIds: [],
      });
      const onTable = new Map((modelsByUnit.get(u.id) ?? []).map((m) => [m.id, m]));
      for (const m of u.models) {
        const at = onTable.get(m.id);
        if (at) models.push(at);
        else
          unplaced.push({
            id: m.id,
            unitId: u.id,
            footprint: footprintFromBase(rosterBaseMm(m.base), [0, 0]),
            heightInches: m.heightInches ?? DEFAULT_MODEL_HEIGHT_INCHES,
            baseThicknessInches: mmToInches(DEFAULT_BASE_THICKNESS_MM),
          });
      }
    }
  }
  // Scenario units that belong to no roster are not part of the game (prepareGame never writes any).
  for (const u of base.units) if (!seen.has(u.id)) throw new Error(`table unit "${u.id}" is in neither army`);
  return { input: { ...base, units, models }, unplaced };
}

/**
 * {@link gameWorldInput} built into a World (the terrain BVH is built here, once, unless `terrain`,
 * the same table's terrain index already built, is given).
 */
export function buildGameWorld(table: Scenario, meshes: LoadedMeshes, rosters: Record<PlayerId, Roster>, armies: Record<PlayerId, string>, terrain?: TerrainIndex): { world: World; unplaced: ModelInput[] } {
  const { input, unplaced } = gameWorldInput(table, meshes, rosters, armies);
  return { world: new World(input, terrain), unplaced };
}
