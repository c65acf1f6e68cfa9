import { footprintFromBase } from '../geometry/footprint';
import { convexSolidTriangles, type ConvexSolid } from '../geometry/solids';
import { DEFAULT_BASE_THICKNESS_MM, DEFAULT_COHERENCY_INCHES, OBJECTIVE_DIAMETER_MM, mmToInches } from '../geometry/units';
import { World, type ModelInput, type TerrainAbility, type TerrainFeatureInput, type TerrainType, type WorldInput } from '../geometry/world';
import { defaultUpAxis, inlineMeshToPositions, meshBounds, meshToTable, type MeshTriangles } from './meshLoader';
import { TABLE_MARGIN_INCHES, type Scenario, type ScenarioModel, type ScenarioPiece } from './schema';

/** Terrain abilities each type brings (Terrain 1.4); faction terrain has its own warscroll. */
export const TYPE_ABILITIES: Record<TerrainType, TerrainAbility[]> = {
  obstacle: ['cover', 'unstable'],
  obscuring: ['cover', 'obscuring', 'unstable'],
  area: ['cover'],
  placeOfPower: ['cover', 'placeOfPower', 'unstable'],
  faction: [],
};

/** Loads a mesh file named by a piece's `src` (resolved by the caller relative to the scenario). */
export type MeshSource = (src: string) => Promise<MeshTriangles>;

/** One problem met while building, with its JSON path (e.g. a mesh file that would not load). */
export class ScenarioBuildError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ScenarioBuildError';
  }
}

/** Mesh files already parsed, keyed exactly by the `src` a piece or model names. */
export type LoadedMeshes = ReadonlyMap<string, MeshTriangles>;

/** Every mesh file a scenario names (`src` of pieces and model meshes), first-seen order, each once. */
export function scenarioMeshSources(s: Scenario): string[] {
  const out = new Set<string>();
  for (const t of s.terrain ?? []) for (const p of t.pieces) if (p.shape === 'mesh' && 'src' in p) out.add(p.src);
  for (const u of s.units ?? []) for (const m of u.models) if (m.mesh && 'src' in m.mesh) out.add(m.mesh.src);
  return [...out];
}

/**
 * Loads every mesh file the scenario names, once per `src`.
 * @throws ScenarioBuildError listing every mesh that failed to load, each with the JSON path of
 *   the first piece or model naming it.
 */
export async function loadScenarioMeshes(s: Scenario, loadMesh: MeshSource): Promise<Map<string, MeshTriangles>> {
  const paths = new Map<string, string>();
  (s.terrain ?? []).forEach((t, i) => t.pieces.forEach((p, j) => { if (p.shape === 'mesh' && 'src' in p && !paths.has(p.src)) paths.set(p.src, `terrain[${i}].pieces[${j}]`); }));
  (s.units ?? []).forEach((u, i) => u.models.forEach((m, j) => { if (m.mesh && 'src' in m.mesh && !paths.has(m.mesh.src)) paths.set(m.mesh.src, `units[${i}].models[${j}].mesh`); }));
  const problems: string[] = [];
  const out = new Map<string, MeshTriangles>();
  for (const [src, path] of paths) {
    try {
      out.set(src, await loadMesh(src));
    } catch (e) {
      problems.push(`${path}: ${(e as Error).message}`);
    }
  }
  if (problems.length) throw new ScenarioBuildError(problems);
  return out;
}

/**
 * Turns a validated scenario into the geometry input: pieces triangulated in table space (inches,
 * z up), bases sized in inches, defaults applied (base thickness 4 mm, coherency 1/2", objective
 * 40 mm, terrain abilities from the type).
 * @throws ScenarioBuildError listing every mesh that failed to load, each with its JSON path.
 */
export async function scenarioToWorldInput(s: Scenario, loadMesh: MeshSource): Promise<WorldInput> {
  return scenarioToWorldInputSync(s, await loadScenarioMeshes(s, loadMesh));
}

/**
 * {@link scenarioToWorldInput} over meshes already loaded (`meshes` holds every `src` the
 * scenario names: see {@link loadScenarioMeshes}). Synchronous, so a game can rebuild its World
 * from a saved game without waiting.
 * @throws ScenarioBuildError for a `src` missing from `meshes` or a mesh that cannot be placed.
 */
export function scenarioToWorldInputSync(s: Scenario, meshes: LoadedMeshes): WorldInput {
  const problems: string[] = [];
  let triangles = 0;
  const terrain: TerrainFeatureInput[] = [];
  for (const [i, t] of (s.terrain ?? []).entries()) {
    const pieces = [];
    for (const [j, p] of t.pieces.entries()) {
      try {
        const g = pieceGeometry(p, meshes);
        if (p.shape === 'mesh') meshWithinTable(g.positions, s.battlefield.width, s.battlefield.depth, (triangles += g.positions.length / 9));
        pieces.push(g);
      } catch (e) {
        problems.push(`terrain[${i}].pieces[${j}]: ${(e as Error).message}`);
      }
    }
    terrain.push({ id: t.id, type: t.type, abilities: t.abilities ?? TYPE_ABILITIES[t.type], pieces });
  }
  if (problems.length) throw new ScenarioBuildError(problems);
  const units = (s.units ?? []).map((u) => ({
    id: u.id,
    army: u.army,
    keywords: u.keywords ?? [],
    coherencyRangeInches: u.coherencyRange ?? DEFAULT_COHERENCY_INCHES,
    modelIds: u.models.map((m) => m.id),
  }));
  const models: WorldInput['models'] = [];
  for (const [i, u] of (s.units ?? []).entries()) {
    for (const [j, m] of u.models.entries()) {
      let meshLocal: Float32Array | undefined;
      if (m.mesh) {
        try {
          meshLocal = meshGeometry(m.mesh, meshes);
        } catch (e) {
          problems.push(`units[${i}].models[${j}].mesh: ${(e as Error).message}`);
        }
      }
      models.push(scenarioModelInput(u.id, m, meshLocal));
    }
  }
  if (problems.length) throw new ScenarioBuildError(problems);
  return {
    widthInches: s.battlefield.width,
    depthInches: s.battlefield.depth,
    terrain,
    objectives: (s.objectives ?? []).map((o) => ({
      id: o.id,
      x: o.position[0],
      y: o.position[1],
      diameterInches: mmToInches(o.diameterMm ?? OBJECTIVE_DIAMETER_MM),
    })),
    territories: Object.fromEntries(Object.entries(s.territories ?? {}).map(([k, v]) => [k, v.map((p) => [p[0], p[1]] as [number, number])])),
    units,
    models,
  };
}

/** Most triangles all the terrain meshes of one table may have together. */
export const MAX_TERRAIN_TRIANGLES = 2_000_000;

/**
 * Checks that a placed terrain mesh lies within `TABLE_MARGIN_INCHES` of the battlefield (plan
 * view) and between -margin and 100" up, and that the table's meshes stay under
 * {@link MAX_TERRAIN_TRIANGLES}: a scale or position typo must not build a mile-wide BVH.
 * @throws Error naming the extent found.
 */
function meshWithinTable(positions: Float32Array, width: number, depth: number, trianglesSoFar: number): void {
  if (trianglesSoFar > MAX_TERRAIN_TRIANGLES) throw new Error(`the table's meshes have more than ${MAX_TERRAIN_TRIANGLES} triangles`);
  const M = TABLE_MARGIN_INCHES;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i];
    const y = positions[i + 1];
    const z = positions[i + 2];
    if (!(x >= -M && x <= width + M && y >= -M && y <= depth + M && z >= -M && z <= 100)) {
      throw new Error(`the placed mesh reaches [${x.toFixed(2)}, ${y.toFixed(2)}, ${z.toFixed(2)}], more than ${M}" outside the battlefield (check its position and scale)`);
    }
  }
}

/** Builds the World for a validated scenario (terrain BVH built once here). */
export async function buildWorld(s: Scenario, loadMesh: MeshSource): Promise<World> {
  return new World(await scenarioToWorldInput(s, loadMesh));
}

/** A mesh as a piece or model gives it: a file `src` or inline triangles, and its placement. */
type MeshSpec =
  | { src: string; position?: [number, number, number]; rotation?: number; scale?: number | [number, number, number]; upAxis?: 'y' | 'z' }
  | { vertices: [number, number, number][]; triangles: [number, number, number][]; position?: [number, number, number]; rotation?: number; scale?: number | [number, number, number]; upAxis?: 'y' | 'z' };

/**
 * A mesh placed by its own `position`, `rotation`, `scale` and `upAxis` (SCENARIO): for a terrain
 * piece, in table space; for a model's mesh volume (SCENARIO: `"mesh": {...}` for a true volume),
 * in the model's own frame (origin at the centre of the underside of its base, +x along its
 * facing, z up). Inches. Files are loaded once per `src`.
 */
function meshGeometry(mesh: MeshSpec, meshes: LoadedMeshes): Float32Array {
  let tri: MeshTriangles;
  let up: 'y' | 'z';
  if ('src' in mesh) {
    const loaded = meshes.get(mesh.src);
    if (!loaded) throw new Error(`mesh file "${mesh.src}" was not loaded`);
    tri = loaded;
    up = mesh.upAxis ?? defaultUpAxis(mesh.src) ?? 'y';
  } else {
    tri = { positions: inlineMeshToPositions(mesh.vertices, mesh.triangles) };
    up = mesh.upAxis ?? 'z';
  }
  return meshToTable(tri, { upAxis: up, position: mesh.position ?? [0, 0, 0], rotationDeg: mesh.rotation ?? 0, scale: mesh.scale ?? 1 });
}

function pieceGeometry(p: ScenarioPiece, meshes: LoadedMeshes) {
  if (p.shape === 'box') {
    const solid: ConvexSolid = { kind: 'box', center: p.center, size: p.size, rotationDeg: p.rotation ?? 0, elevation: p.elevation ?? 0 };
    return { positions: convexSolidTriangles(solid), solid };
  }
  if (p.shape === 'cylinder') {
    const solid: ConvexSolid = { kind: 'cylinder', center: p.center, radius: p.radius, height: p.height, elevation: p.elevation ?? 0 };
    return { positions: convexSolidTriangles(solid), solid };
  }
  return { positions: meshGeometry(p, meshes) };
}

export { meshBounds };

/**
 * The geometry input of one scenario model (SCENARIO.md): its footprint from the base (mm) at
 * `position` facing `facing` degrees, elevation (absent: standing on what is under it), height and
 * base thickness in inches (default 4 mm), and its mesh in its own frame when it gives one. The
 * one mapping used by a full build, the engine's incremental add/move and the page's scene data.
 */
export function scenarioModelInput(unitId: string, m: ScenarioModel, meshLocal?: Float32Array): ModelInput {
  return {
    id: m.id,
    unitId,
    footprint: footprintFromBase(m.base, m.position, m.facing ?? 0),
    elevation: m.elevation,
    heightInches: m.height,
    baseThicknessInches: mmToInches(m.baseThicknessMm ?? DEFAULT_BASE_THICKNESS_MM),
    ...(meshLocal ? { meshLocal } : {}),
  };
}
