/**
 * Render data from a scenario: validate the JSON (the same `parseScenario` the adjudicator
 * uses), parse its meshes (`parseMeshFile`), build the table-space triangles
 * (`scenarioToWorldInput`) and resolve where models stand (`World`, `highestSurfaceUnder`).
 *
 * This builds a terrain BVH, so it runs OFF the main thread, in the scene-data worker
 * (`sceneData/sceneData.worker.ts`); the page only draws what it returns. Measurements never
 * come from here: they come from the engine worker.
 */
import { footprintFromBase } from '../geometry/footprint';
import { DEFAULT_COHERENCY_INCHES } from '../geometry/units';
import { highestSurfaceUnder } from '../geometry/standing';
import { terrainFor, World } from '../geometry/world';
import { scenarioModelInput, scenarioToWorldInput } from '../scenario/build';
import { parseMeshFile } from '../scenario/meshLoader';
import { ModelSchema, type Scenario } from '../scenario/schema';
import { parseScenario } from '../scenario/validate';
import type { BattlefieldData, ModelView, TerrainView, UnitView } from '../scene/types';

/** A scenario that failed to load: every problem, each led by its JSON path. */
export class ScenarioLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ScenarioLoadError';
  }
}

/** Mesh files keyed by the `src` the scenario names. */
export type MeshFileBytes = Record<string, ArrayBuffer | ArrayBufferView>;

/** A built battlefield: what to draw, and the world kept to place moved models for drawing. */
export interface BuiltBattlefield {
  data: BattlefieldData;
  scenario: Scenario;
  world: World;
}

/**
 * Builds render data from a scenario JSON and its mesh files.
 * @param json - the parsed scenario file (validated strictly here).
 * @param meshes - mesh files keyed by `src`.
 * @param fallbackName - display name when the scenario has none.
 * @param previous - the world built last: when the new scenario stands on the very same terrain
 *   (the sandbox table becoming a game's), its terrain index is reused, not built again; unchanged
 *   features are kept when the table gained some (`terrainFor`).
 * @throws ScenarioLoadError listing every problem (invalid file, mesh that would not load).
 */
export async function buildBattlefield(json: unknown, meshes: MeshFileBytes, fallbackName = 'Untitled battlefield', previous?: World): Promise<BuiltBattlefield> {
  const parsed = parseScenario(json);
  if (!parsed.ok) throw new ScenarioLoadError(parsed.problems);
  const s = parsed.scenario;
  let input;
  try {
    input = await scenarioToWorldInput(s, async (src) => {
      const bytes = meshes[src];
      if (!bytes) throw new Error(`${src}: the mesh file was not supplied`);
      return parseMeshFile(bytes, src);
    });
  } catch (e) {
    const problems = (e as { problems?: string[] }).problems;
    throw new ScenarioLoadError(problems ?? [(e as Error).message]);
  }
  const world = new World(input, terrainFor(input, previous).index);

  const terrain: TerrainView[] = input.terrain.map((t, i) => {
    let total = 0;
    for (const p of t.pieces) total += p.positions.length;
    const positions = new Float32Array(total);
    let o = 0;
    for (const p of t.pieces) {
      positions.set(p.positions, o);
      o += p.positions.length;
    }
    const src = s.terrain![i];
    return {
      id: t.id,
      name: src.name ?? t.id,
      type: t.type,
      abilities: t.abilities,
      positions,
      maxHeight: world.terrain.features[i].maxHeightInches,
      pieceCount: t.pieces.length,
    };
  });
  const terrainName = (index: number) => (index >= 0 ? (terrain[index]?.name ?? null) : null);

  const units = (s.units ?? []).map((u) => ({ id: u.id, name: u.name ?? u.id, army: u.army, keywords: u.keywords ?? [], modelIds: u.models.map((m) => m.id) }));
  const models: ModelView[] = (s.units ?? []).flatMap((u) =>
    u.models.map((m) => {
      const st = world.models.get(m.id)!;
      const resolved = m.elevation === undefined;
      const under = resolved ? highestSurfaceUnder(world.terrain, st.footprint) : null;
      return {
        id: m.id,
        unitId: u.id,
        army: u.army,
        base: m.base,
        footprint: st.footprint,
        elevation: st.elevation,
        elevationResolved: resolved,
        standingOn: under ? terrainName(under.featureIndex) : null,
        height: st.heightInches,
        baseThickness: st.baseThicknessInches,
      };
    }),
  );
  const armies: string[] = [];
  for (const a of [...units.map((u) => u.army), ...Object.keys(input.territories)]) if (!armies.includes(a)) armies.push(a);

  const data: BattlefieldData = {
    name: s.name ?? fallbackName,
    width: input.widthInches,
    depth: input.depthInches,
    terrain,
    objectives: input.objectives.map((o) => ({ id: o.id, x: o.x, y: o.y, diameter: o.diameterInches })),
    territories: input.territories,
    units,
    models,
    armies,
  };
  return { data, scenario: s, world };
}

/**
 * Where a model would stand, for DRAWING a moved model (SCENARIO: without an elevation it stands
 * on the highest surface under its footprint). The engine worker applies the same rule when
 * `moveModel` is called without an elevation.
 */
export function placeModelView(b: BuiltBattlefield, model: ModelView, x: number, y: number, elevation?: number): ModelView {
  const footprint = footprintFromBase(model.base, [x, y], (model.footprint.facingRad * 180) / Math.PI);
  if (elevation !== undefined) return { ...model, footprint, elevation, elevationResolved: false, standingOn: null };
  const under = highestSurfaceUnder(b.world.terrain, footprint);
  const name = under.featureIndex >= 0 ? (b.data.terrain[under.featureIndex]?.name ?? null) : null;
  return { ...model, footprint, elevation: under.z, elevationResolved: true, standingOn: name };
}

/** The unit a model is added to: an existing one (by id), or a new one described in full. */
export interface NewModelUnit {
  id: string;
  /** Create the unit (with these fields) when it does not exist yet. */
  create?: { army: string; name?: string; keywords?: string[]; coherencyRange?: number };
}

/** What {@link addModelView} added: the model's view, its unit's view, the army list after. */
export interface AddedModel {
  model: ModelView;
  unit: UnitView;
  armies: string[];
}

/**
 * Adds one scenario model to a built battlefield without rebuilding anything else (the terrain BVH
 * and every other model stay): it stands where the scenario rule puts it (`World.setModel`, the
 * same rule as a full build). `b` is updated in place (world, scenario, data).
 * @throws ScenarioLoadError for an invalid model, a used id or an unknown unit not to be created.
 */
export function addModelView(b: BuiltBattlefield, unitRef: NewModelUnit, json: unknown): AddedModel {
  const parsed = ModelSchema.safeParse(json);
  if (!parsed.success) throw new ScenarioLoadError(parsed.error.issues.map((i) => `model.${i.path.join('.')}: ${i.message}`));
  const m = parsed.data;
  if (b.world.models.has(m.id)) throw new ScenarioLoadError([`model ${m.id}: the id is already used`]);
  let unit = (b.scenario.units ?? []).find((u) => u.id === unitRef.id);
  if (!unit) {
    const c = unitRef.create;
    if (!c) throw new ScenarioLoadError([`model ${m.id}: unknown unit ${unitRef.id}`]);
    unit = { id: unitRef.id, army: c.army, ...(c.name !== undefined ? { name: c.name } : {}), ...(c.keywords ? { keywords: c.keywords } : {}), ...(c.coherencyRange ? { coherencyRange: c.coherencyRange } : {}), models: [] };
    b.scenario.units = [...(b.scenario.units ?? []), unit];
    b.world.units.set(unit.id, { id: unit.id, army: unit.army, keywords: unit.keywords ?? [], coherencyRangeInches: unit.coherencyRange ?? DEFAULT_COHERENCY_INCHES, modelIds: [] });
  }
  unit.models.push(m);
  const st = b.world.setModel(scenarioModelInput(unit.id, m));
  const resolved = m.elevation === undefined;
  const under = resolved ? highestSurfaceUnder(b.world.terrain, st.footprint) : null;
  const model: ModelView = {
    id: m.id,
    unitId: unit.id,
    army: unit.army,
    base: m.base,
    footprint: st.footprint,
    elevation: st.elevation,
    elevationResolved: resolved,
    standingOn: under && under.featureIndex >= 0 ? (b.data.terrain[under.featureIndex]?.name ?? null) : null,
    height: st.heightInches,
    baseThickness: st.baseThicknessInches,
  };
  const old = b.data.units.find((u) => u.id === unit.id);
  const unitView: UnitView = old ? { ...old, modelIds: [...old.modelIds, m.id] } : { id: unit.id, name: unit.name ?? unit.id, army: unit.army, keywords: unit.keywords ?? [], modelIds: [m.id] };
  const armies = b.data.armies.includes(unit.army) ? b.data.armies : [...b.data.armies, unit.army];
  b.data = {
    ...b.data,
    models: [...b.data.models, model],
    units: old ? b.data.units.map((u) => (u.id === unit.id ? unitView : u)) : [...b.data.units, unitView],
    armies,
  };
  return { model, unit: unitView, armies };
}

/** `data` with a model added by {@link addModelView} (the page's copy, merged the same way). */
export function withAddedModel(data: BattlefieldData, added: AddedModel): BattlefieldData {
  const known = data.units.some((u) => u.id === added.unit.id);
  return {
    ...data,
    models: [...data.models.filter((x) => x.id !== added.model.id), added.model],
    units: known ? data.units.map((u) => (u.id === added.unit.id ? added.unit : u)) : [...data.units, added.unit],
    armies: added.armies,
  };
}
