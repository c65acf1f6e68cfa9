/**
 * The engine's state: one loaded scenario (SCENARIO.md) and its {@link World}, loaded and edited one
 * model at a time without rebuilding the terrain BVH, and the visibility helper thread that mirrors
 * it. The first layer of {@link EngineApi} (`workers/engineApi.ts`): the jobs (`jobs.ts`), the
 * measurement queries (`queries.ts`), visibility (`visibility.ts`) and layout (`layout.ts`) build
 * on it, each a subclass adding one concern.
 */
import { insideTerrainReason, modelsInsideTerrain } from '../../src/scenario/insideTerrain';
import { DEFAULT_SAMPLE_SPACING_INCHES } from '../../src/geometry/visibility';
import { terrainFor, World, type TerrainIndex, type WorldInput } from '../../src/geometry/world';
import { ScenarioBuildError, scenarioModelInput, scenarioToWorldInput, type MeshSource } from '../../src/scenario/build';
import { parseMeshFile } from '../../src/scenario/meshLoader';
import { ModelSchema, type Scenario, type ScenarioModel, type ScenarioQuery, type ScenarioUnit } from '../../src/scenario/schema';
import { formatPath, parseScenario } from '../../src/scenario/validate';
import { scenarioIds } from '../../src/scenario/ids';
import type { HelperFactory, HelperLink } from '../helperLink';
import type { RunningJob } from './jobs';
import type { EditResult, EngineOptions, EngineStats, LoadOptions, LoadResult, MeshFiles, ScenarioSummary } from './types';

const DEFAULT_OPTIONS: EngineOptions = { yieldEveryMs: 12, yieldEveryItems: Infinity, finalProgressWaitMs: 250 };

/** The loaded scenario and its World. */
export interface Loaded {
  scenario: Scenario;
  world: World;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The engine's state, its loads and edits, and its visibility helper (see the file's docstring). */
export class EngineCore {
  protected loaded: Loaded | null = null;
  protected version = 0;
  private loadTicket = 0;
  private terrainBuilds = 0;
  private readonly terrainIds = new WeakMap<TerrainIndex, number>();
  private terrainIdCounter = 0;
  protected jobCounter = 0;
  protected readonly jobs = new Map<string, RunningJob>();
  /** Job ids cancelled before their job started (a cancel can overtake its job's start message). */
  protected readonly preCancelled = new Set<string>();
  protected options: EngineOptions;
  private helperFactory: HelperFactory | undefined;
  /** The visibility helper mirroring the current world, when there is one (see `EngineApi.visibilityMatrix`). */
  protected helper: { link: HelperLink; ready: boolean; load: number; sent: number } | null = null;

  /**
   * @param options how long jobs yield (see {@link EngineOptions}).
   * @param helperFactory starts a visibility helper in another thread (the engine worker passes a
   *   nested Web Worker, the bench a Node worker thread); with none, or when it returns null, every
   *   job runs in this thread alone.
   */
  constructor(options: Partial<EngineOptions> = {}, helperFactory?: HelperFactory) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.helperFactory = helperFactory;
  }

  /** Changes how often long jobs yield; returns the options now in force. */
  configure(options: Partial<EngineOptions>): EngineOptions {
    this.options = { ...this.options, ...options };
    return { ...this.options };
  }

  /**
   * In-process only (not meaningful through comlink, a World does not clone): the current world,
   * or `null` before the first successful load.
   */
  get world(): World | null {
    return this.loaded?.world ?? null;
  }

  /**
   * Validates and builds a scenario (SCENARIO.md) and makes it the current one.
   * @param json the parsed scenario file (any value; it is validated strictly).
   * @param meshes mesh files keyed by `src`; a `src` not found here is fetched with `fetch`, relative
   *   to `options.baseUrl` (the page), and external `.gltf` buffers likewise relative to their glTF.
   * @returns `{ok: true, summary}`, or `{ok: false, problems}` with every problem led by its JSON path
   *   (validation problems, meshes that could not be fetched or parsed). A failed load leaves the
   *   previous scenario in place; a load overtaken by a later one reports `(engine): superseded ...`.
   *   Running jobs stop with `scenario changed`.
   */
  async loadScenario(json: unknown, meshes?: MeshFiles, options: LoadOptions = {}): Promise<LoadResult> {
    const ticket = ++this.loadTicket;
    const parsed = parseScenario(json);
    if (!parsed.ok) return { ok: false, problems: parsed.problems };
    const scenario = structuredClone(parsed.scenario);
    let world: World;
    let input: WorldInput;
    try {
      input = await scenarioToWorldInput(scenario, this.meshSource(meshes ?? {}, options.baseUrl));
      if (ticket !== this.loadTicket) return { ok: false, problems: ['(engine): superseded by a later loadScenario call'] };
      // The same table (only the models differ: the sandbox table becoming a game's, a game
      // reloaded): the terrain index is reused, not built again (its BVHs are most of a load);
      // a table that gained features (a faction's terrain) builds those and the merged BVH only.
      const terrain = terrainFor(input, this.loaded?.world);
      world = new World(input, terrain.index);
      // A model standing inside terrain is refused, naming both (issue 39; src/scenario/insideTerrain.ts).
      const inside = modelsInsideTerrain(world, scenario);
      if (inside.problems.length) return { ok: false, problems: inside.problems };
      // Every model's samples and sample tree now, not in the first visibility job.
      world.prepareVisibility(DEFAULT_SAMPLE_SPACING_INCHES);
      if (terrain.built) this.terrainBuilds++;
    } catch (e) {
      if (e instanceof ScenarioBuildError) return { ok: false, problems: e.problems };
      return { ok: false, problems: [`(root): ${(e as Error).message}`] };
    }
    const replaced = this.loaded?.world;
    this.loaded = { scenario, world };
    this.version++;
    // The old world's sample trees go back to the pool for this one's (a job on the old world
    // stops at its next item: the version changed).
    replaced?.dropVisibilityCaches();
    // The World copies what it changes, so the same input builds the helper's copy.
    this.loadHelper(input);
    return { ok: true, summary: summarize(scenario, world) };
  }

  /**
   * Moves a model to plan-view position `(x, y)` (inches), keeping its base and facing. Incremental:
   * only the model's state changes; the terrain BVH is not rebuilt.
   * @param elevation z of the underside of the base, inches; when absent the model stands on the
   *   highest surface under its new footprint (SCENARIO.md) and any stored elevation is dropped.
   * @returns `{ok: false, reason}` for an unknown model, a non-finite coordinate or a base that
   *   would leave the battlefield (Core 15.0).
   */
  moveModel(id: string, x: number, y: number, elevation?: number): EditResult {
    const l = this.loaded;
    if (!l) return { ok: false, reason: 'no scenario loaded' };
    const found = findModel(l.scenario, id);
    if (!found) return { ok: false, reason: `unknown model "${id}"` };
    if (!Number.isFinite(x) || !Number.isFinite(y)) return { ok: false, reason: `${id}: position must be finite inches, got (${x}, ${y})` };
    if (elevation !== undefined && elevation !== null && !Number.isFinite(elevation)) {
      return { ok: false, reason: `${id}: elevation must be finite inches, got ${elevation}` };
    }
    const moved: ScenarioModel = { ...found.model, position: [x, y] };
    if (elevation === undefined || elevation === null) delete moved.elevation;
    else moved.elevation = elevation;
    const input = scenarioModelInput(found.unit.id, moved);
    if (!l.world.footprintOnBattlefield(input.footprint)) {
      return { ok: false, reason: `${id}: at (${x}, ${y}) its base would leave the ${l.scenario.battlefield.width}" x ${l.scenario.battlefield.depth}" battlefield` };
    }
    l.world.setModel(input);
    const inside = moved.elevation === undefined ? null : insideTerrainReason(l.world, l.scenario, id);
    if (inside) {
      l.world.setModel(scenarioModelInput(found.unit.id, found.model));
      return { ok: false, reason: inside };
    }
    this.mirror((h) => h.setModel(input));
    found.unit.models[found.index] = moved;
    this.version++;
    return { ok: true };
  }

  /**
   * Adds a model (a SCENARIO.md model object: `{id, base, height, position, ...}`) to an existing
   * unit. Incremental: the terrain BVH is not rebuilt.
   * @returns `{ok: false, reason}` for an unknown unit, an invalid model (reason lists each problem
   *   with its path inside the model), an id already used anywhere in the scenario, or a base off the battlefield.
   */
  addModel(unitId: string, model: unknown): EditResult {
    const l = this.loaded;
    if (!l) return { ok: false, reason: 'no scenario loaded' };
    const unit = (l.scenario.units ?? []).find((u) => u.id === unitId);
    if (!unit) return { ok: false, reason: `unknown unit "${unitId}"` };
    const r = ModelSchema.safeParse(model);
    if (!r.success) {
      return { ok: false, reason: `invalid model: ${r.error.issues.map((i) => `model${i.path.length ? '.' : ''}${formatPath(i.path).replace('(root)', '')}: ${i.message}`).join('; ')}` };
    }
    const m = structuredClone(r.data);
    if (scenarioIds(l.scenario).has(m.id)) return { ok: false, reason: `id "${m.id}" is already used in the scenario` };
    const input = scenarioModelInput(unitId, m);
    if (!l.world.footprintOnBattlefield(input.footprint)) {
      return { ok: false, reason: `${m.id}: at (${m.position[0]}, ${m.position[1]}) its base would leave the battlefield` };
    }
    l.world.setModel(input);
    const inside = m.elevation === undefined ? null : insideTerrainReason(l.world, l.scenario, m.id);
    if (inside) {
      l.world.removeModel(m.id);
      return { ok: false, reason: inside };
    }
    this.mirror((h) => h.setModel(input));
    unit.models.push(m);
    this.version++;
    return { ok: true };
  }

  /**
   * Removes a model (slain, or taken off the table). Incremental: the terrain BVH is not rebuilt.
   * When it was its unit's last model the unit is removed too (`removedUnit`); stored queries that
   * named a removed id are dropped (`droppedQueries`), so {@link getScenario} stays valid.
   * @returns `{ok: false, reason}` for an unknown model.
   */
  removeModel(id: string): EditResult {
    const l = this.loaded;
    if (!l) return { ok: false, reason: 'no scenario loaded' };
    const found = findModel(l.scenario, id);
    if (!found) return { ok: false, reason: `unknown model "${id}"` };
    l.world.removeModel(id, true);
    this.mirror((h) => h.removeModel(id));
    found.unit.models.splice(found.index, 1);
    const removed = new Set([id]);
    const out: EditResult = { ok: true };
    if (found.unit.models.length === 0) {
      l.scenario.units = (l.scenario.units ?? []).filter((u) => u !== found.unit);
      removed.add(found.unit.id);
      out.removedUnit = found.unit.id;
    }
    if (l.scenario.queries) {
      const dropped = l.scenario.queries.filter((q) => queryRefs(q).some((r) => removed.has(r))).map((q) => q.id);
      if (dropped.length) {
        l.scenario.queries = l.scenario.queries.filter((q) => !dropped.includes(q.id));
        out.droppedQueries = dropped;
      }
    }
    this.version++;
    return out;
  }


  /**
   * The current scenario as SCENARIO.md JSON, with every edit applied (moved, added and removed
   * models), or `null` before the first load. Loading it again restores this state exactly (the
   * client keeps it to restart a dead worker). A deep copy: changing it changes nothing here.
   */
  getScenario(): Scenario | null {
    return this.loaded ? structuredClone(this.loaded.scenario) : null;
  }

  /** Diagnostics: loaded?, state version, terrain BVH builds so far, running jobs. */
  stats(): EngineStats {
    let terrainIndexId: number | null = null;
    if (this.loaded) {
      const t = this.loaded.world.terrain;
      terrainIndexId = this.terrainIds.get(t) ?? ++this.terrainIdCounter;
      this.terrainIds.set(t, terrainIndexId);
    }
    const helper = this.helper ? (this.helper.ready ? 'ready' : 'loading') : 'none';
    return { loaded: this.loaded !== null, version: this.version, terrainIndexBuilds: this.terrainBuilds, terrainIndexId, runningJobs: [...this.jobs.keys()], helper };
  }

  /** Starts (or reuses) the helper and has it build the same world from `input`. */
  private loadHelper(input: WorldInput): void {
    if (!this.helper) {
      const link = this.helperFactory?.() ?? null;
      if (!link) {
        this.helperFactory = undefined;
        return;
      }
      const fresh = (this.helper = { link, ready: false, load: 0, sent: 0 });
      // A helper that fails (its thread dies, an error) is ended at once, not at its next use.
      link.failed.catch(() => this.dropHelper(fresh));
    }
    const h = this.helper;
    const load = ++h.load;
    h.ready = false;
    h.sent++;
    Promise.race([h.link.api.load(input), h.link.failed]).then(
      () => {
        if (h.load === load) h.ready = true;
      },
      () => this.dropHelper(h),
    );
  }

  /** Sends the helper the same edit the world just took (in order after its load and earlier edits). */
  private mirror(edit: (api: HelperLink['api']) => Promise<unknown>): void {
    const h = this.helper;
    if (!h) return;
    h.sent++;
    Promise.race([edit(h.link.api), h.link.failed]).catch(() => this.dropHelper(h));
  }

  /** Ends a failed helper; the next load starts a new one. Jobs it was helping take its items back. */
  protected dropHelper(h: { link: HelperLink; ready: boolean }): void {
    h.ready = false;
    if (this.helper !== h) return;
    this.helper = null;
    h.link.terminate();
  }

  /** Resolves mesh `src`: from `meshes` first, else fetched relative to the page. */
  private meshSource(meshes: MeshFiles, baseUrl: string | undefined): MeshSource {
    const base = baseUrl ?? (globalThis as { location?: { href?: string } }).location?.href;
    const bytes = async (name: string): Promise<ArrayBuffer | ArrayBufferView> => {
      const local = meshes[name] ?? meshes[safeDecode(name)];
      if (local) return local;
      const absolute = /^[a-z][a-z0-9+.-]*:/i.test(name);
      if (!absolute && !base) throw new Error(`${name}: not supplied with the scenario, and there is no page URL to fetch it from`);
      if (typeof fetch !== 'function') throw new Error(`${name}: not supplied with the scenario, and fetch is unavailable`);
      const url = absolute ? name : new URL(name, base).href;
      let res: Response;
      try {
        res = await fetch(url);
      } catch (e) {
        throw new Error(`${name}: could not fetch ${url} (${(e as Error).message})`);
      }
      if (!res.ok) throw new Error(`${name}: could not fetch ${url} (HTTP ${res.status})`);
      return res.arrayBuffer();
    };
    return async (src) => {
      const data = await bytes(src);
      const folder = src.includes('/') ? src.slice(0, src.lastIndexOf('/') + 1) : '';
      return parseMeshFile(data, src, {
        loadResource: async (uri) => {
          const d = await bytes(/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/') ? uri : folder + uri);
          return d instanceof ArrayBuffer ? d : new Uint8Array(d.buffer, d.byteOffset, d.byteLength);
        },
      });
    };
  }
}

function findModel(s: Scenario, id: string): { unit: ScenarioUnit; model: ScenarioModel; index: number } | null {
  for (const unit of s.units ?? []) {
    const index = unit.models.findIndex((m) => m.id === id);
    if (index >= 0) return { unit, model: unit.models[index], index };
  }
  return null;
}


/** The ids a stored query names. */
function queryRefs(q: ScenarioQuery): string[] {
  switch (q.kind) {
    case 'distance':
      return [q.from, q.to];
    case 'visible':
      return [q.observer, q.target];
    case 'inCombat':
      return [q.a, q.b];
    case 'coherent':
      return [q.unit];
    case 'within':
    case 'whollyWithin':
      return [q.subject, q.object];
    case 'contests':
      return [q.unit, q.model, q.objective].filter((x): x is string => x !== undefined);
    case 'movePath':
    case 'shortestPath':
      return [q.model];
    case 'damage':
      return [];
  }
}

function summarize(s: Scenario, w: World): ScenarioSummary {
  let triangles = 0;
  for (const f of w.terrain.features) for (const p of f.pieces) triangles += p.positions.length / 9;
  const armies: string[] = [];
  for (const u of s.units ?? []) if (!armies.includes(u.army)) armies.push(u.army);
  const out: ScenarioSummary = {
    battlefield: { width: s.battlefield.width, depth: s.battlefield.depth },
    terrainFeatures: w.terrain.features.length,
    terrainTriangles: round(triangles),
    objectives: (s.objectives ?? []).length,
    armies,
    units: (s.units ?? []).length,
    models: w.models.size,
    queries: (s.queries ?? []).length,
  };
  if (s.name !== undefined) out.name = s.name;
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
