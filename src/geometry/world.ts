import { BufferAttribute, BufferGeometry } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { footprintBounds, type Footprint } from './footprint';
import type { Prism } from './prism';
import type { ConvexSolid } from './solids';
import { highestSurfaceUnder } from './standing';
import { meshOccluder, prismOccluder, solidOccluder, type MeshOccluder, type Occluder, type PrismOccluder } from './occluders';
import { buildSampleTree, composeSampleTrees, facingMask, filterSampleTree, meshSurfaceSamples, prismSurfaceSamples, SampleArena, type SampleTree, type SurfaceSamples } from './volumeSamples';

/** Terrain types of Terrain 1.4. */
export type TerrainType = 'obstacle' | 'obscuring' | 'area' | 'placeOfPower' | 'faction';

/** Terrain abilities of Terrain 1.2. */
export type TerrainAbility = 'cover' | 'obscuring' | 'impassable' | 'unstable' | 'placeOfPower';

/** One scenery piece as geometry: a triangle soup in table space (inches, z up), maybe with its analytic solid. */
export interface TerrainPieceInput {
  positions: Float32Array;
  solid?: ConvexSolid;
}

/** A terrain feature as geometry (Terrain 1.7: all its pieces are one feature). */
export interface TerrainFeatureInput {
  id: string;
  type: TerrainType;
  abilities: TerrainAbility[];
  pieces: TerrainPieceInput[];
}

/** A model as geometry. `elevation` absent means: stand on the highest surface under the footprint. */
export interface ModelInput {
  id: string;
  unitId: string;
  footprint: Footprint;
  elevation?: number;
  /** Height of the model's volume above the underside of its base, base included, inches. */
  heightInches: number;
  baseThicknessInches: number;
  /**
   * A true volume (SCENARIO `mesh`): triangles in the model's own frame, inches, origin at the
   * centre of the underside of its base, +x along its facing, z up. When given, the model's volume
   * for visibility is its base solid plus this mesh (not the prism up to `heightInches`). Kept
   * when the model is set again without one (moving a model keeps its mesh).
   */
  meshLocal?: Float32Array;
}

/** A unit as geometry: its army and members (Core 15.1 coherency range in inches). */
export interface UnitInput {
  id: string;
  army: string;
  keywords: string[];
  coherencyRangeInches: number;
  modelIds: string[];
}

/** An objective marker: a 0-thick disk on the ground (A-G16). */
export interface ObjectiveInput {
  id: string;
  x: number;
  y: number;
  diameterInches: number;
}

/** Everything geometry needs about a battlefield. Inches, table coordinates, z up. */
export interface WorldInput {
  widthInches: number;
  depthInches: number;
  terrain: TerrainFeatureInput[];
  objectives: ObjectiveInput[];
  /** Plan-view polygons keyed by army (Core 9.1.2, A-G15: vertical prisms). */
  territories: Record<string, [number, number][]>;
  units: UnitInput[];
  models: ModelInput[];
}

/** A terrain feature after indexing. */
export interface TerrainFeature {
  id: string;
  index: number;
  type: TerrainType;
  abilities: TerrainAbility[];
  pieces: TerrainPieceInput[];
  /** Highest point of the feature above the table, inches (A-G13). */
  maxHeightInches: number;
  /** Bounds `[minX, minY, minZ, maxX, maxY, maxZ]`. */
  bounds: [number, number, number, number, number, number];
  /** All the feature's triangles (table space), with their own BVH, for distances to this feature. */
  geometry: BufferGeometry;
  bvh: MeshBVH;
}

/** Another volume that samples should face: plan centre, a radius bound around it, height range (inches). */
export interface Toward {
  x: number;
  y: number;
  radius: number;
  zMin: number;
  zMax: number;
}

/** A model with its resolved elevation and solids. */
export interface ModelState {
  id: string;
  unitId: string;
  army: string;
  footprint: Footprint;
  elevation: number;
  heightInches: number;
  baseThicknessInches: number;
  /** S(m): the base solid. */
  base: Prism;
  /** V(m): the volume used for visibility. */
  volume: Prism;
  /** V(m) as a line-of-sight blocker: the prism (the base only when the model has a mesh). */
  occluder: PrismOccluder;
  /** The model's mesh volume placed on the table, when it has one. */
  meshOccluder: MeshOccluder | null;
  /** Every blocker standing for this model (the prism, and the mesh when there is one). */
  occluders: Occluder[];
  /** Highest point of the model's volume, inches. */
  topZ: number;
  /** The mesh in the model's own frame (see {@link ModelInput.meshLocal}). */
  meshLocal?: Float32Array;
}

/**
 * A model's state as the input that sets it again where it stands (a copy: its resolved elevation
 * included). The mesh is not: `World.setModel` keeps a model's mesh when its input has none.
 */
export function modelInputOf(m: ModelState): ModelInput {
  return {
    id: m.id,
    unitId: m.unitId,
    footprint: { ...m.footprint },
    elevation: m.elevation,
    heightInches: m.heightInches,
    baseThicknessInches: m.baseThicknessInches,
  };
}

/** The static terrain: one merged BVH for every triangle (built once per layout) and the features. */
export interface TerrainIndex {
  geometry: BufferGeometry;
  bvh: MeshBVH;
  /** Feature index of each triangle of the merged soup, in original order. */
  triangleFeature: Int32Array;
  features: TerrainFeature[];
  /** Every scenery piece as a line-of-sight blocker: analytic for boxes and cylinders, a BVH for meshes. */
  occluders: Occluder[];
}

/**
 * Merges every terrain piece into one triangle soup with one BVH (built once per layout; moving
 * models never rebuilds it), plus a BVH per feature for feature distances.
 * @param previous - an index built before: each feature equal to the previous index's feature at
 *   the same place (`sameFeature`) keeps its built feature (its BVH) and its occluders, so a table
 *   that only gained features (a faction's terrain set up by a game) builds the new features and
 *   the merged BVH only.
 */
export function buildTerrainIndex(features: TerrainFeatureInput[], previous?: TerrainIndex): TerrainIndex {
  let total = 0;
  for (const f of features) for (const p of f.pieces) total += p.positions.length;
  const merged = new Float32Array(Math.max(total, 9));
  const triangleFeature = new Int32Array(Math.max(total / 9, 1)).fill(-1);
  let offset = 0;
  const built: TerrainFeature[] = [];
  const kept = features.map((f, index) => {
    const old = previous?.features[index];
    return old && sameFeature(f, old) ? old : null;
  });
  features.forEach((f, index) => {
    const start = offset;
    for (const p of f.pieces) {
      merged.set(p.positions, offset);
      triangleFeature.fill(index, offset / 9, (offset + p.positions.length) / 9);
      offset += p.positions.length;
    }
    const old = kept[index];
    if (old) {
      built.push(old);
      return;
    }
    const own = merged.slice(start, offset);
    const b: [number, number, number, number, number, number] = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    for (let i = 0; i < own.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        if (own[i + k] < b[k]) b[k] = own[i + k];
        if (own[i + k] > b[k + 3]) b[k + 3] = own[i + k];
      }
    }
    const geometry = soupGeometry(own.length >= 9 ? own : new Float32Array(9));
    built.push({
      id: f.id,
      index,
      type: f.type,
      abilities: f.abilities,
      pieces: f.pieces,
      maxHeightInches: Math.max(0, b[5]),
      bounds: b,
      geometry,
      bvh: new MeshBVH(geometry),
    });
  });
  if (total === 0) {
    // A degenerate triangle far below the table keeps the BVH valid for an empty layout.
    merged.set([0, 0, -1e6, 0, 0, -1e6, 0, 0, -1e6]);
  }
  const geometry = soupGeometry(merged);
  const occluders: Occluder[] = [];
  features.forEach((f, index) => {
    if (kept[index]) {
      for (const o of previous!.occluders) if (o.featureIndex === index) occluders.push(o);
      return;
    }
    for (const p of f.pieces) {
      if (p.positions.length < 9) continue;
      occluders.push(p.solid ? solidOccluder(p.solid, index, p.positions) : meshOccluder(p.positions, index));
    }
  });
  return { geometry, bvh: new MeshBVH(geometry), triangleFeature, features: built, occluders };
}

function soupGeometry(positions: Float32Array): BufferGeometry {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(positions, 3));
  return g;
}

/** A prism's samples plus samples of a mesh surface (kept whatever their facing: a mesh may be concave). */
function withMeshSamples(p: SurfaceSamples, mesh: MeshOccluder, spacingInches: number): SurfaceSamples {
  const m = meshSurfaceSamples(mesh.geometry.getAttribute('position').array as Float32Array, spacingInches);
  const points = new Float64Array(p.points.length + m.points.length);
  points.set(p.points);
  points.set(m.points, p.points.length);
  const normals = new Float32Array(p.normals.length + m.points.length);
  normals.set(p.normals);
  // Zero normals: never culled by facingMask.
  return { points, normals, coveringRadiusInches: Math.max(p.coveringRadiusInches, m.coveringRadiusInches), minRadiusInches: p.minRadiusInches };
}

/** A model's mesh from its own frame to the table: rotate by the facing, then move to (x, y, elevation). */
export function placeModelMesh(local: Float32Array, x: number, y: number, elevation: number, facingRad: number): Float32Array {
  const c = Math.cos(facingRad);
  const s = Math.sin(facingRad);
  const out = new Float32Array(local.length);
  for (let i = 0; i < local.length; i += 3) {
    out[i] = x + c * local[i] - s * local[i + 1];
    out[i + 1] = y + s * local[i] + c * local[i + 1];
    out[i + 2] = elevation + local[i + 2];
  }
  return out;
}

/** Feature index of the triangle whose first vertex index is `vertexIndex` in the merged soup. */
export function featureOfVertex(index: TerrainIndex, vertexIndex: number): number {
  return index.triangleFeature[Math.floor(vertexIndex / 3)] ?? -1;
}

/** Whether feature input `a` is exactly built feature `b`'s input: id, type, abilities, every piece's triangles and solid. */
function sameFeature(a: TerrainFeatureInput, b: TerrainFeature): boolean {
  if (a.id !== b.id || a.type !== b.type || a.pieces.length !== b.pieces.length) return false;
  if (a.abilities.length !== b.abilities.length || a.abilities.some((x, k) => x !== b.abilities[k])) return false;
  for (let k = 0; k < a.pieces.length; k++) {
    const p = a.pieces[k];
    const q = b.pieces[k];
    if (p === q) continue;
    if (p.positions.length !== q.positions.length) return false;
    for (let j = 0; j < p.positions.length; j++) if (p.positions[j] !== q.positions[j]) return false;
    if (JSON.stringify(p.solid ?? null) !== JSON.stringify(q.solid ?? null)) return false;
  }
  return true;
}

/**
 * Whether `features` (a {@link WorldInput}'s terrain) is exactly the terrain `index` was built
 * from: the same features in the same order (id, type, abilities) with the same pieces (every
 * triangle coordinate equal, the same analytic solid). Then the index can be reused for a new
 * World ({@link World}'s `terrain` argument) instead of building the BVHs again: a scenario loaded
 * again with other models on the same table (the sandbox table becoming a game's) costs the models
 * only. Cost: one pass over the triangle coordinates (tens of ms at most, against seconds to build).
 */
export function sameTerrain(features: TerrainFeatureInput[], index: TerrainIndex): boolean {
  return features.length === index.features.length && features.every((f, i) => sameFeature(f, index.features[i]));
}

/**
 * The terrain index for a new World of `input`, given the World it replaces: that World's own index
 * when the table is the same ({@link sameTerrain}, `built` false), else a new index that keeps
 * every unchanged feature's BVH and occluders ({@link buildTerrainIndex}'s `previous`).
 */
export function terrainFor(input: WorldInput, previous?: World | null): { index: TerrainIndex; built: boolean } {
  const t = previous?.terrain;
  if (t && previous.widthInches === input.widthInches && previous.depthInches === input.depthInches && sameTerrain(input.terrain, t)) return { index: t, built: false };
  return { index: buildTerrainIndex(input.terrain, t), built: true };
}

/** Scratch bounds of {@link World.footprintOnBattlefield} (overwritten by every call). */
const _onBattlefieldBounds: [number, number, number, number] = [0, 0, 0, 0];

/**
 * The battlefield as geometry: terrain (static), objectives, territories, units and models
 * (mutable one model at a time, without touching the terrain BVH).
 */
export class World {
  readonly widthInches: number;
  readonly depthInches: number;
  readonly terrain: TerrainIndex;
  readonly objectives: Map<string, ObjectiveInput>;
  readonly territories: Record<string, [number, number][]>;
  readonly units: Map<string, UnitInput>;
  readonly models: Map<string, ModelState>;
  /** Answers memoised until any model changes (see {@link memoize}). */
  private readonly memo = new Map<string, unknown>();
  private readonly unitSampleCache = new Map<string, { arena: SampleArena; byKey: Map<string, { tree: SampleTree; modelIds: string[] }> }>();
  /** Per model: its surface samples, their whole tree and its facing trees by key. */
  private readonly sampleCache = new Map<string, { spacing: number; samples: SurfaceSamples; full: SampleTree; trees: Map<string, SampleTree>; arena: SampleArena }>();

  /** Builds the world; models without an elevation are stood on the highest surface under them. */
  constructor(input: WorldInput, terrain?: TerrainIndex) {
    this.widthInches = input.widthInches;
    this.depthInches = input.depthInches;
    this.terrain = terrain ?? buildTerrainIndex(input.terrain);
    this.objectives = new Map(input.objectives.map((o) => [o.id, o]));
    this.territories = input.territories;
    this.units = new Map(input.units.map((u) => [u.id, { ...u, modelIds: [...u.modelIds] }]));
    this.models = new Map();
    for (const m of input.models) this.setModel(m);
  }

  /** Adds or replaces a model (its unit must exist). Returns its resolved state. */
  setModel(m: ModelInput): ModelState {
    const unit = this.units.get(m.unitId);
    if (!unit) throw new Error(`model ${m.id}: unknown unit ${m.unitId}`);
    const elevation = m.elevation ?? highestSurfaceUnder(this.terrain, m.footprint).z;
    const meshLocal = m.meshLocal ?? this.models.get(m.id)?.meshLocal;
    // With a mesh, the prism is the base solid only; the mesh is the rest of the volume.
    const prismTop = meshLocal ? m.baseThicknessInches : Math.max(m.heightInches, m.baseThicknessInches);
    const volume: Prism = { footprint: { ...m.footprint }, zMin: elevation, zMax: elevation + prismTop };
    const occluder = prismOccluder(volume, m.id, m.unitId);
    const meshOcc = meshLocal ? meshOccluder(placeModelMesh(meshLocal, m.footprint.x, m.footprint.y, elevation, m.footprint.facingRad), -1) : null;
    const state: ModelState = {
      id: m.id,
      unitId: m.unitId,
      army: unit.army,
      footprint: { ...m.footprint },
      elevation,
      heightInches: m.heightInches,
      baseThicknessInches: m.baseThicknessInches,
      base: { footprint: { ...m.footprint }, zMin: elevation, zMax: elevation + m.baseThicknessInches },
      volume,
      occluder,
      meshOccluder: meshOcc,
      occluders: meshOcc ? [occluder, meshOcc] : [occluder],
      topZ: meshOcc ? Math.max(volume.zMax, meshOcc.bounds[5]) : volume.zMax,
      meshLocal,
    };
    this.dropSamples(m.id, m.unitId);
    this.memo.clear();
    this.models.set(m.id, state);
    if (!unit.modelIds.includes(m.id)) unit.modelIds.push(m.id);
    return state;
  }

  /** The visibility sample points of a model's volume at a surface spacing (cached until it moves). */
  surfaceSamples(modelId: string, spacingInches: number): SurfaceSamples {
    return this.sampleEntry(modelId, spacingInches).samples;
  }

  private sampleEntry(modelId: string, spacingInches: number) {
    let hit = this.sampleCache.get(modelId);
    if (!hit || hit.spacing !== spacingInches) {
      const m = this.models.get(modelId);
      if (!m) throw new Error(`unknown model ${modelId}`);
      const prismSamples = prismSurfaceSamples(m.volume, spacingInches);
      const samples = m.meshOccluder ? withMeshSamples(prismSamples, m.meshOccluder, spacingInches) : prismSamples;
      // The whole tree with the samples: every facing tree is cut from it.
      hit = { spacing: spacingInches, samples, full: buildSampleTree(samples.points, samples.coveringRadiusInches), trees: new Map(), arena: new SampleArena() };
      this.sampleCache.set(modelId, hit);
    }
    return hit;
  }

  /**
   * Builds every model's visibility samples and their whole sample tree at a spacing (inches) now
   * rather than on the first question: each model's own structure, rebuilt for one model when it
   * moves (the engine calls this after a load, so the first matrix does not pay for 200 models'
   * samples). Questions at other spacings build theirs on first use.
   */
  prepareVisibility(spacingInches: number): void {
    for (const id of this.models.keys()) this.sampleEntry(id, spacingInches);
  }

  /**
   * The sample tree of the part of a model's surface that faces another volume (see
   * `facingMask`): the direction is quantised to 1/32 of a turn and the spread widened to cover
   * the quantisation, so trees are cached and shared between nearby targets.
   * @param toward - the other volume (its footprint centre, radius bound and height range).
   * @returns a cached tree, to be read only until this model is set or removed again (its storage
   *   is then reused: see {@link dropVisibilityCaches}).
   */
  sampleTreeToward(modelId: string, spacingInches: number, toward: Toward): SampleTree {
    return this.facingEntry(modelId, spacingInches, toward).tree;
  }

  /**
   * One sample tree for a whole unit's facing samples toward another volume (each point tagged
   * with the index of its model in `modelIds`), cached until a model of the unit changes (and to
   * be read only until then: its storage is then reused).
   */
  unitSampleTreeToward(unitId: string, spacingInches: number, toward: Toward): { tree: SampleTree; modelIds: string[] } {
    const models = this.unitModels(unitId);
    const parts = models.map((m) => this.facingEntry(m.id, spacingInches, toward));
    const key = `${spacingInches}|${parts.map((p) => p.key).join(';')}`;
    let cache = this.unitSampleCache.get(unitId);
    if (!cache) {
      cache = { arena: new SampleArena(), byKey: new Map() };
      this.unitSampleCache.set(unitId, cache);
    }
    let hit = cache.byKey.get(key);
    if (!hit) {
      // The models' own (cached) trees under a few top nodes: no rebuild per target direction.
      const rho = Math.max(0, ...parts.map((p) => p.tree.coveringRadiusInches));
      hit = { tree: composeSampleTrees(parts.map((p) => p.tree), rho, cache.arena), modelIds: models.map((m) => m.id) };
      cache.byKey.set(key, hit);
    }
    return hit;
  }

  private facingEntry(modelId: string, spacingInches: number, toward: Toward): { key: string; tree: SampleTree } {
    const e = this.sampleEntry(modelId, spacingInches);
    const m = this.models.get(modelId)!;
    const dx = toward.x - m.footprint.x;
    const dy = toward.y - m.footprint.y;
    const dist = Math.hypot(dx, dy);
    const reach = m.footprint.semiMajor + toward.radius;
    const step = Math.PI / 16;
    let bucket = -1;
    let spreadIndex = 16;
    if (dist > reach + 1e-9) {
      bucket = ((Math.round(Math.atan2(dy, dx) / step) % 32) + 32) % 32;
      // Half the bucket width, plus how far the sides turn within one covering radius.
      const spread = Math.asin(reach / dist) + step / 2 + e.samples.coveringRadiusInches / Math.max(1e-6, e.samples.minRadiusInches);
      spreadIndex = Math.min(16, Math.ceil(spread / (Math.PI / 32)));
    }
    // A witness shortened to where it leaves this (convex) volume leaves through the top cap only
    // when it climbs, so only toward a volume reaching above this one's top (level segments leave
    // through the rim, which the side samples cover); the bottom cap likewise only toward one
    // reaching below its bottom (a model on the table never needs it toward others on the table).
    const keepTop = toward.zMax > m.volume.zMax;
    const keepBottom = toward.zMin < m.volume.zMin;
    const key = `${modelId}:${bucket}|${spreadIndex}|${keepTop ? 1 : 0}${keepBottom ? 1 : 0}`;
    let tree = e.trees.get(key);
    if (!tree) {
      const keep =
        bucket < 0
          ? facingMask(e.samples, 1, 0, Math.PI, keepTop, keepBottom)
          : facingMask(e.samples, Math.cos(bucket * step), Math.sin(bucket * step), (spreadIndex * Math.PI) / 32, keepTop, keepBottom);
      // Cut from the model's whole tree (built once per position): no sort per direction.
      tree = filterSampleTree(e.full, keep, e.arena);
      e.trees.set(key, tree);
    }
    return { key, tree };
  }

  /**
   * Returns the answer stored under `key`, computing and storing it first if needed. Every stored
   * answer is dropped whenever a model is set or removed, so answers never outlive the positions
   * they were computed for (the terrain never changes within a World).
   */
  memoize<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const v = compute();
    this.memo.set(key, v);
    return v;
  }

  /**
   * Removes a model (slain or taken off the table).
   * @param dropEmptyUnit also remove its unit when it was the last model (the engine's removal, which
   *   its visibility helper mirrors); default false (the rules engine keeps emptied units).
   */
  removeModel(id: string, dropEmptyUnit = false): void {
    const m = this.models.get(id);
    if (!m) return;
    this.models.delete(id);
    this.dropSamples(id, m.unitId);
    this.memo.clear();
    const unit = this.units.get(m.unitId);
    if (unit) unit.modelIds = unit.modelIds.filter((x) => x !== id);
    if (dropEmptyUnit && unit && unit.modelIds.length === 0) this.units.delete(m.unitId);
  }

  /**
   * Drops every cached sample tree and answer and hands the trees' storage back to this thread's
   * pool (see `SampleArena`), for the next world's trees: call it when a world is replaced. The
   * world stays usable (its samples are built again on the next question). Trees obtained from it
   * before must not be read afterwards.
   */
  dropVisibilityCaches(): void {
    for (const e of this.sampleCache.values()) e.arena.release();
    for (const c of this.unitSampleCache.values()) c.arena.release();
    this.sampleCache.clear();
    this.unitSampleCache.clear();
    this.memo.clear();
  }

  /** Drops a model's cached samples and its unit's trees, their storage back to the pool. */
  private dropSamples(modelId: string, unitId: string): void {
    this.sampleCache.get(modelId)?.arena.release();
    this.sampleCache.delete(modelId);
    this.unitSampleCache.get(unitId)?.arena.release();
    this.unitSampleCache.delete(unitId);
  }

  /** The models of a unit, in order. */
  unitModels(unitId: string): ModelState[] {
    const u = this.units.get(unitId);
    if (!u) return [];
    return u.modelIds.map((id) => this.models.get(id)).filter((m): m is ModelState => !!m);
  }

  /** Plan-view check that a footprint lies inside the battlefield (Core 15.0: no model may leave it). */
  footprintOnBattlefield(f: Footprint): boolean {
    const b = footprintBounds(f, _onBattlefieldBounds);
    const e = 1e-9;
    return b[0] >= -e && b[1] >= -e && b[2] <= this.widthInches + e && b[3] <= this.depthInches + e;
  }
}
