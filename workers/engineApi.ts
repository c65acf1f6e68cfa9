/**
 * The measuring engine as a message-friendly API: one loaded scenario (SCENARIO.md) and its
 * {@link World}, answered through `answerQuery`, edited one model at a time without rebuilding the
 * terrain BVH. It touches no DOM, so it runs the same inside a Web Worker
 * (`workers/engine.worker.ts` exposes it with comlink) and directly in Node (tests, tools).
 *
 * Conventions, because comlink only carries `{message, name, stack}` of a thrown error:
 * - bad input and rule failures come back as DATA: `{ok: false, problems: string[]}` (each problem
 *   led by its JSON path, e.g. `units[0].models[2].base: ...`) or `{ok: false, reason: string}`;
 * - only engine bugs throw (plain `Error`s).
 *
 * Units are those of SCENARIO.md: inches on the table (x along the width, y along the depth, z up),
 * base sizes in millimetres, angles in degrees counter-clockwise seen from above.
 *
 * Long jobs ({@link EngineApi.queries}, {@link EngineApi.visibilityMatrix},
 * {@link EngineApi.combatPairs}, {@link EngineApi.layout}) yield to the event loop (`setTimeout(0)`) every
 * {@link EngineOptions.yieldEveryMs} milliseconds or {@link EngineOptions.yieldEveryItems} items,
 * so a `cancel(jobId)` message sent meanwhile is read and honoured before the next item.
 */
import { releaseProxy } from 'comlink';
import { segmentBlockers } from '../src/geometry/segmentBlockers';
import { blockedLines } from '../src/geometry/losProof';
import type { Segment3 } from '../src/geometry/visibility';
import { DEFAULT_SAMPLE_SPACING_INCHES } from '../src/geometry/visibility';
import { World, type TerrainIndex } from '../src/geometry/world';
import { answerQuery, blockerName, visibleAnswer, type Answer } from '../src/scenario/answer';
import { ScenarioBuildError, scenarioModelInput, scenarioToWorldInput, type MeshSource } from '../src/scenario/build';
import { parseMeshFile } from '../src/scenario/meshLoader';
import { ModelSchema, type Scenario, type ScenarioModel, type ScenarioQuery, type ScenarioUnit } from '../src/scenario/schema';
import { formatPath, parseScenario } from '../src/scenario/validate';
import { scenarioIds } from '../src/scenario/ids';
import { insideTerrainReason, modelsInsideTerrain } from '../src/scenario/insideTerrain';
import type { WorldInput } from '../src/geometry/world';
import type { HelperFactory, HelperLink } from './helperLink';
import { layoutCore, layoutOptionProblems, type LayoutProgress, type LayoutReport, type RelateAsk } from '../src/layout/analyse';
import { spotProof, type SpotProof } from '../src/layout/spotProof';
import { addRelationWork, jobOfTask, relationResult, relationStepRows, relationTask, runRelationStep, setRelationRows, type SpotRelation } from '../src/layout/spotVisibility';
import type { LayoutStepAnswer } from './visibilityHelper';

/** A point `[x, y, z]` in table space, inches. */
export type Point3 = [number, number, number];

/** Mesh files supplied with a scenario, keyed exactly by the piece's `src` (raw file bytes). */
export type MeshFiles = Record<string, ArrayBuffer | ArrayBufferView>;

/** What {@link EngineApi.loadScenario} reports about the scenario it loaded. */
export interface ScenarioSummary {
  /** The scenario's display name, when it has one. */
  name?: string;
  /** Battlefield size, inches. */
  battlefield: { width: number; depth: number };
  /** Terrain features (Terrain 1.7) and the triangles of all their pieces. */
  terrainFeatures: number;
  terrainTriangles: number;
  objectives: number;
  /** Army names in first-seen order of the units. */
  armies: string[];
  units: number;
  models: number;
  /** Queries stored in the file. */
  queries: number;
}

/** Result of {@link EngineApi.loadScenario}. On failure the previously loaded scenario (if any) stays loaded. */
export type LoadResult = { ok: true; summary: ScenarioSummary } | { ok: false; problems: string[] };

/**
 * Result of an incremental edit. On success, `removedUnit` names a unit that {@link EngineApi.removeModel}
 * removed with its last model, and `droppedQueries` the ids of stored queries that named a removed
 * model or unit (they were dropped so that {@link EngineApi.getScenario} stays a valid scenario).
 */
export type EditResult = { ok: true; removedUnit?: string; droppedQueries?: string[] } | { ok: false; reason: string };

/** Result of {@link EngineApi.query}: the adjudicator's answer `{id, value, ...extras}` or every problem with the query. */
export type QueryResult = { ok: true; answer: Answer } | { ok: false; problems: string[] };

/**
 * Why a long job stopped without a result:
 * - `cancelled`: {@link EngineApi.cancel} was called with its job id;
 * - `scenario changed`: a load or an edit happened while it was running (its partial answers would mix two states);
 * - `no scenario loaded`: nothing to work on;
 * - `job id in use`: another running job has that id.
 */
export type JobStopReason = 'cancelled' | 'scenario changed' | 'no scenario loaded' | 'job id in use';

/** A long job that stopped without a result. */
export type JobStopped = { ok: false; reason: JobStopReason };

/** Result of {@link EngineApi.queries}: answers in the order asked. */
export type QueriesResult = { ok: true; jobId: string; answers: Answer[] } | { ok: false; problems: string[] } | JobStopped;

/** Progress of a long job: `done` of `total` items, `done` strictly increasing from 0 to `total`. */
export interface Progress {
  jobId: string;
  done: number;
  total: number;
}

/** Receives progress; may be a `Comlink.proxy` function (its returned promise is not awaited, except for the final report). */
export type ProgressCallback = (p: Progress) => unknown;

/** One ordered observer -> target pair of units in {@link EngineApi.visibilityMatrix} (Core 6.0). */
export interface VisibilityEntry {
  observer: string;
  target: string;
  /** True when both units belong to the same army. */
  sameArmy: boolean;
  visible: boolean;
  /** When visible: a clear segment from a point of an observing model's volume to a point of a target model's volume, inches. */
  witness?: [Point3, Point3];
  observerModel?: string;
  targetModel?: string;
}

/** Result of {@link EngineApi.visibilityMatrix}. */
export type MatrixResult = { ok: true; jobId: string; entries: VisibilityEntry[] } | JobStopped;

/** Two units in combat with each other (Core 7.0), with the model pair and witness that prove it. */
export interface CombatPair {
  a: string;
  b: string;
  /** `[model of a or b, model of the other]`: the pair found within combat range and visible. */
  models?: [string, string];
  witness?: [Point3, Point3];
}

/** Result of {@link EngineApi.combatPairs}. */
export type CombatResult = { ok: true; jobId: string; pairs: CombatPair[] } | JobStopped;

/** Options of {@link EngineApi.layout} (LAYOUT.md; lengths in inches). */
export interface LayoutJobOptions {
  /** Spacing of the standing-spot grid. Default 1" (the app offers 2" by default: a few seconds a class). */
  grid?: number;
  /** Class ids (`infantry`, `cavalry`, `monster`). Default `['infantry']`. */
  classes?: string[];
  /** Move that defines the enemies' threat zone. Default 0 (the other territories themselves). */
  threat?: number;
  /** Visibility search effort. Default `fast`. */
  mode?: 'fast' | 'exhaustive';
}

/**
 * Progress of {@link EngineApi.layout}: `done` of `total` (per mille of the whole run), with the
 * class being analysed and its stage (`spots`, `moves`, `visibility`, `objectives`, `report`).
 */
export interface LayoutJobProgress extends Progress {
  classId?: string;
  stage?: LayoutProgress['stage'];
  /** Relation steps the visibility helper (the second thread) has run so far in this job. */
  helperSteps?: number;
}

/** How a layout job's spot-relation steps were shared between the engine and its visibility helper. */
export interface LayoutThreads {
  /** Relation steps in the whole run (each one group of up to 16 spots against a threat zone). */
  steps: number;
  /** Of those, the steps whose answers came from the helper (0: the engine's thread did every one). */
  helperSteps: number;
}

/** Result of {@link EngineApi.layout}: the report `analyseLayout` gives on the loaded table, or why not. */
export type LayoutResult = { ok: true; jobId: string; report: LayoutReport; threads: LayoutThreads } | { ok: false; problems: string[] } | JobStopped;

/** Result of {@link EngineApi.layoutSpotProof}: the proof for one standing spot, or why not. */
export type SpotProofResult = { ok: true; proof: SpotProof } | { ok: false; problems: string[] };

/** Items of a layout job: its progress is reported in per mille of the run. */
const LAYOUT_JOB_ITEMS = 1000;

/**
 * Relation steps the visibility helper holds at most in a layout job (sent, not yet answered): one
 * it runs and one queued, so it never waits for this thread (which reads answers only between its
 * own steps, up to ~400 ms each) and at most one queued step is left to take back at the end.
 */
const HELPER_LAYOUT_STEPS = 2;

/** A running layout job, as its relations see it (see `EngineApi.layout`). */
interface LayoutDrive {
  job: RunningJob;
  version: number;
  world: World;
  /** Returns why the job must stop (cancel, scenario changed), after yielding when it is time. */
  checkpoint(): Promise<JobStopped | null>;
  /** Reports the share of the whole run done (0..1), with the last stage. */
  progress(share: number): void;
  /** Share of the run at the start and the end of the relation being searched. */
  span: [number, number];
  steps: number;
  helperSteps: number;
}

/** Options of {@link EngineApi.loadScenario}. */
export interface LoadOptions {
  /**
   * Base URL for mesh `src` not found in `meshes` (normally the page's `document.baseURI`, which the
   * client passes; a worker's own `location` is its script URL, not the page). Default:
   * `globalThis.location.href` when there is one.
   */
  baseUrl?: string;
}

/** Options of the visibility-based jobs. */
export interface MatrixOptions {
  /** Also compute pairs of units of the same army (as costly as any other pair). Default false. */
  includeSameArmy?: boolean;
  /** Visibility search effort (see `VisibilityOptions.mode`). Default `fast`. */
  mode?: 'fast' | 'exhaustive';
}

/** How often long jobs yield to the event loop (and report progress). */
export interface EngineOptions {
  /** Yield after this many milliseconds of work. Default 12. */
  yieldEveryMs: number;
  /** Yield after this many items, whatever the time. Default `Infinity` (time-based only). */
  yieldEveryItems: number;
  /** How long a job waits for the final progress report to be acknowledged before resolving, ms. Default 250. */
  finalProgressWaitMs: number;
}

/** Diagnostics of {@link EngineApi.stats}. */
/** Answer of {@link EngineApi.segmentBlockers}. */
export type BlockersResult =
  | { ok: true; hits: { kind: 'terrain' | 'model'; id: string; at: [number, number, number] }[] }
  | { ok: false; reason: string };

/** Answer of {@link EngineApi.losBlockers}: the lines tested for a dispute and what blocks them (see `geometry/losProof.ts`). */
export type LosBlockersResult =
  | {
      ok: true;
      /** `unit`: symmetric whole-unit form (neither unit blocks); `model`: the direct form. */
      form: 'unit' | 'model';
      lines: { segment: [[number, number, number], [number, number, number]]; observerModel: string; targetModel: string; blockers: { kind: 'terrain' | 'model'; id: string; at: [number, number, number] }[] }[];
      /** Every terrain feature, then every model, touching a tested line (`name`: the feature's name, or the model's unit name and id). */
      blockers: { kind: 'terrain' | 'model'; id: string; name: string; lines: number }[];
      /** Index in `lines` of the most favourable line (the observer's-eye view looks along it). */
      favourite: number;
    }
  | { ok: false; reason: string };

/** Where a model stands (see {@link EngineApi.modelPoses}). */
export interface ModelPose {
  id: string;
  unitId: string;
  x: number;
  y: number;
  facing: number;
  elevation: number;
}

export interface EngineStats {
  loaded: boolean;
  /** Increments on every successful load and edit. */
  version: number;
  /** How many times a terrain BVH was built: once per successful load, never by an edit. */
  terrainIndexBuilds: number;
  /**
   * Identity of the current world's terrain index object (`World.terrain`): a serial number given
   * to each distinct object the first time it is seen, so an unchanged value proves the same
   * object (no rebuild) across the worker boundary. `null` before the first load.
   */
  terrainIndexId: number | null;
  /** Ids of running jobs. */
  runningJobs: string[];
  /**
   * The visibility helper thread: `none` (no factory, no threads, or it failed and the next load
   * starts another), `loading` (building its copy of the world; jobs do not wait for it) or
   * `ready` (it takes pairs of units in visibility matrices).
   */
  helper: 'none' | 'loading' | 'ready';
}

const DEFAULT_OPTIONS: EngineOptions = { yieldEveryMs: 12, yieldEveryItems: Infinity, finalProgressWaitMs: 250 };

interface Loaded {
  scenario: Scenario;
  world: World;
}

interface RunningJob {
  cancelled: boolean;
}

/**
 * Groups of items the visibility helper holds at most (sent, not yet answered: 96 matrix items).
 * This thread refills the queue only between its own items, and one item can take 20-40 ms while
 * the helper answers the cheap ones at about 0.4 ms each: 48 items ran dry during such items
 * (helper timelines on the bench table showed 17-38 ms gaps), 96 did not, and the shared matrix job
 * took 8% less time (median of 27 alternating rounds: 219 against 238 ms; session 9). The surplus
 * costs the job nothing, since this thread takes back what the helper has not reached once its own
 * part is done.
 */
const HELPER_QUEUE_GROUPS = 24;

/** How a job shares its items with the visibility helper (see the engine's `runJob`). */
interface RemoteShare {
  /** Items the helper takes together (the visibility matrix: two pairs of units, each with its reverse). */
  groupSize: number;
  /** Answers the items in the helper; rejects when it fails. */
  run(items: number[]): Promise<Answer[]>;
  /** Stores the helper's answers for the items. */
  accept(items: number[], answers: Answer[]): void;
  /** The helper failed: the engine ends it. */
  fail(): void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/**
 * Lets queued messages (a cancel, the helper's answers) run, then continues: `setImmediate` in
 * Node, a `MessageChannel` round trip elsewhere. Not `setTimeout(0)`, which browsers clamp to 4 ms
 * once timers nest and Node to 1 ms: a third of a 12 ms work slice.
 */
const yieldToEvents: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise<void>((r) => setImmediate(r))
    : typeof MessageChannel === 'function'
      ? (() => {
          const channel = new MessageChannel();
          const waiting: (() => void)[] = [];
          channel.port1.onmessage = () => waiting.shift()?.();
          return () =>
            new Promise<void>((r) => {
              waiting.push(r);
              channel.port2.postMessage(0);
            });
        })()
      : () => sleep(0);
const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The engine behind the worker. One instance holds one scenario. Every method is safe to call
 * through comlink: arguments and results are structured-cloneable; callbacks may be `Comlink.proxy`
 * functions; input errors come back as data.
 */
export class EngineApi {
  private loaded: Loaded | null = null;
  private version = 0;
  private loadTicket = 0;
  private terrainBuilds = 0;
  private readonly terrainIds = new WeakMap<TerrainIndex, number>();
  private terrainIdCounter = 0;
  private jobCounter = 0;
  private readonly jobs = new Map<string, RunningJob>();
  /** Job ids cancelled before their job started (a cancel can overtake its job's start message). */
  private readonly preCancelled = new Set<string>();
  private options: EngineOptions;
  private helperFactory: HelperFactory | undefined;
  /** The visibility helper mirroring the current world, when there is one (see {@link visibilityMatrix}). */
  private helper: { link: HelperLink; ready: boolean; load: number; sent: number } | null = null;
  /** True while a layout relation is shared with the helper (one at a time: it holds one task). */
  private layoutSharing = false;
  /** Numbers the layout relations sent to the helper. */
  private layoutTaskCounter = 0;

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
      world = new World(input);
      // A model standing inside terrain is refused, naming both (issue 39; src/scenario/insideTerrain.ts).
      const inside = modelsInsideTerrain(world, scenario);
      if (inside.problems.length) return { ok: false, problems: inside.problems };
      // Every model's samples and sample tree now, not in the first visibility job.
      world.prepareVisibility(DEFAULT_SAMPLE_SPACING_INCHES);
      this.terrainBuilds++;
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
   * Answers one SCENARIO.md query (`{id, kind, ...}`) against the current state, exactly as the
   * adjudicator's `answerQuery` does.
   * @param mode default visibility search effort when the query gives none.
   * @returns `{ok: false, problems}` for an invalid query (paths start with `query`) or no scenario.
   */
  query(q: unknown, mode?: 'fast' | 'exhaustive'): QueryResult {
    const l = this.loaded;
    if (!l) return { ok: false, problems: ['(engine): no scenario loaded'] };
    const v = this.validateQueries(l, [q]);
    if (!v.ok) return { ok: false, problems: v.problems.map((p) => p.replace(/^queries\[0\]/, 'query')) };
    try {
      return { ok: true, answer: answerQuery(l.world, l.scenario, v.queries[0], { mode }) };
    } catch (e) {
      return { ok: false, problems: [`query: ${(e as Error).message}`] };
    }
  }

  /**
   * Answers several queries in order, as a cancellable job with progress (one item per query).
   * Every query is validated first; any problem fails the whole call with `{ok: false, problems}`
   * (paths `queries[i]...`, `i` indexing `qs`).
   * @param jobId id for {@link cancel}; generated when absent (returned in the result).
   */
  async queries(qs: unknown[], onProgress?: ProgressCallback, jobId?: string, mode?: 'fast' | 'exhaustive'): Promise<QueriesResult> {
    const l = this.loaded;
    if (!l) {
      release(onProgress);
      return { ok: false, reason: 'no scenario loaded' };
    }
    const list = Array.isArray(qs) ? qs : [];
    const v = this.validateQueries(l, list);
    if (!v.ok) {
      release(onProgress);
      return { ok: false, problems: v.problems };
    }
    const answers: Answer[] = [];
    const problems: string[] = [];
    const r = await this.runJob(jobId, v.queries.length, onProgress, (i) => {
      try {
        answers.push(answerQuery(l.world, l.scenario, v.queries[i], { mode }));
      } catch (e) {
        problems.push(`queries[${i}]: ${(e as Error).message}`);
      }
    });
    if (!r.ok) return r;
    if (problems.length) return { ok: false, problems };
    return { ok: true, jobId: r.jobId, answers };
  }

  /**
   * Visibility between units (Core 6.0) for every ordered pair `(observer, target)` of units from
   * different armies (and of the same army with `options.includeSameArmy`), in scenario order, as a
   * cancellable job with progress (one item per pair). Each entry is what a `visible` query with
   * those unit ids answers.
   * @param cancelToken the job id for {@link cancel}; generated when absent.
   */
  async visibilityMatrix(onProgress?: ProgressCallback, cancelToken?: string, options: MatrixOptions = {}): Promise<MatrixResult> {
    const l = this.loaded;
    if (!l) {
      release(onProgress);
      return { ok: false, reason: 'no scenario loaded' };
    }
    const units = l.scenario.units ?? [];
    const pairs: [ScenarioUnit, ScenarioUnit][] = [];
    for (const o of units) {
      for (const t of units) {
        if (o !== t && (options.includeSameArmy || o.army !== t.army)) pairs.push([o, t]);
      }
    }
    // Work order: each pair beside its reverse (one question in its symmetric form, answered once
    // per world: see unitPairVisible), so the helper can take whole pairs of directions.
    const order: number[] = [];
    const slot = new Map<string, number>();
    pairs.forEach(([o, t], i) => slot.set(`${o.id}\u0000${t.id}`, i));
    const placed = new Set<number>();
    pairs.forEach(([o, t], i) => {
      if (placed.has(i)) return;
      const j = slot.get(`${t.id}\u0000${o.id}`)!;
      order.push(i, j);
      placed.add(i).add(j);
    });
    const entries: VisibilityEntry[] = new Array(pairs.length);
    const entryOf = (i: number, a: Answer): VisibilityEntry => {
      const [o, t] = pairs[i];
      const e: VisibilityEntry = { observer: o.id, target: t.id, sameArmy: o.army === t.army, visible: a.value === true };
      if (a.witness) e.witness = a.witness as [Point3, Point3];
      if (typeof a.observerModel === 'string') e.observerModel = a.observerModel;
      if (typeof a.targetModel === 'string') e.targetModel = a.targetModel;
      return e;
    };
    const helper = this.helper?.ready ? this.helper : null;
    const share: RemoteShare | undefined = helper
      ? {
          // Two pairs of units with their reverses per message: half the messages of one pair each
          // (each costs this thread a little while it handles the answer), and the groups still
          // keep each pair beside its reverse (the order is even-aligned and the groups are even).
          groupSize: 4,
          // The helper checks it has applied every load and edit sent so far (else it refuses).
          run: (items) => Promise.race([helper.link.api.unitPairs(items.map((k) => [pairs[order[k]][0].id, pairs[order[k]][1].id]), options.mode, helper.sent), helper.link.failed]),
          accept: (items, answers) => items.forEach((k, n) => (entries[order[k]] = entryOf(order[k], answers[n]))),
          fail: () => this.dropHelper(helper),
        }
      : undefined;
    const r = await this.runJob(
      cancelToken,
      pairs.length,
      onProgress,
      (k) => {
        const i = order[k];
        const [o, t] = pairs[i];
        entries[i] = entryOf(i, visibleAnswer(l.world, { id: `${o.id}->${t.id}`, observer: o.id, target: t.id }, { mode: options.mode }));
      },
      share,
    );
    return r.ok ? { ok: true, jobId: r.jobId, entries } : r;
  }

  /**
   * Every pair of units in combat with each other (Core 7.0, as the `inCombat` query answers it),
   * checked over every unordered pair of units from different armies, in scenario order; a
   * cancellable job with progress (one item per unordered pair checked).
   * @param cancelToken the job id for {@link cancel}; generated when absent.
   */
  async combatPairs(onProgress?: ProgressCallback, cancelToken?: string, mode?: 'fast' | 'exhaustive'): Promise<CombatResult> {
    const l = this.loaded;
    if (!l) {
      release(onProgress);
      return { ok: false, reason: 'no scenario loaded' };
    }
    const units = l.scenario.units ?? [];
    const pairs: [string, string][] = [];
    for (let i = 0; i < units.length; i++) {
      for (let j = i + 1; j < units.length; j++) if (units[i].army !== units[j].army) pairs.push([units[i].id, units[j].id]);
    }
    const found: CombatPair[] = [];
    const r = await this.runJob(cancelToken, pairs.length, onProgress, (i) => {
      const [a, b] = pairs[i];
      const ans = answerQuery(l.world, l.scenario, { id: `${a}x${b}`, kind: 'inCombat', a, b }, { mode });
      if (ans.value === true) {
        const p: CombatPair = { a, b };
        if (ans.models) p.models = ans.models as [string, string];
        if (ans.witness) p.witness = ans.witness as [Point3, Point3];
        found.push(p);
      }
    });
    return r.ok ? { ok: true, jobId: r.jobId, pairs: found } : r;
  }

  /**
   * The layout analysis (LAYOUT.md, `src/layout/analyse.ts`) of the loaded scenario's terrain,
   * objectives and territories (its units are ignored), as a cancellable job with progress: the
   * report is `analyseLayout(world, options)`'s on the engine's World, bit for bit (but `work.ms`).
   *
   * It drives `layoutCore(world, options, true)`: every spot relation the analysis asks for is cut
   * into steps (one group of up to 16 row spots against every column spot, a few ms to ~400 ms).
   * When the visibility helper is ready (the second core), the relation's composed trees are sent
   * to it once (`VisibilityHelper.layoutTask`) and it is fed steps from the back, one or two at a
   * time (`layoutSteps`), while this thread runs them from the front; the helper's rows and work
   * counts are merged into this thread's job (`setRelationRows`, `addRelationWork`), so the report
   * and its work counts are the single thread's. When the helper is absent, still loading, busy with
   * another layout job, or fails (its steps are then run here, the helper is ended and the next load
   * starts another), this thread runs every step. `threads` in the result says how many steps the
   * helper answered.
   *
   * Progress is per mille of the run ({@link LAYOUT_JOB_ITEMS} as `total`) with the class, stage and
   * the helper's steps so far; the job yields to the event loop between steps (every
   * {@link EngineOptions.yieldEveryMs}), so a {@link cancel} stops it at this thread's next step (a
   * helper step in flight is ignored). Any load or edit meanwhile stops it with `scenario changed`.
   * @param options grid and threat in inches, class ids, search mode (see {@link LayoutJobOptions}).
   * @param cancelToken the job id for {@link cancel}; generated when absent.
   * @returns `{ok: true, jobId, report, threads}`; `{ok: false, problems}` for bad options or a
   *   scenario with fewer than two territories; `{ok: false, reason}` when stopped, with no
   *   scenario, or for a job id in use.
   */
  async layout(options: LayoutJobOptions = {}, onProgress?: (p: LayoutJobProgress) => unknown, cancelToken?: string): Promise<LayoutResult> {
    const l = this.loaded;
    if (!l) {
      release(onProgress);
      return { ok: false, reason: 'no scenario loaded' };
    }
    const opts = { grid: options.grid, classes: options.classes, threat: options.threat, mode: options.mode };
    const problems = layoutOptionProblems(l.world, opts);
    if (problems.length) {
      release(onProgress);
      return { ok: false, problems };
    }
    const started = this.startJob(cancelToken, onProgress);
    if ('reason' in started) return started;
    const { id, job } = started;
    const core = layoutCore(l.world, opts, true);
    let last: LayoutProgress | null = null;
    let reported = -1;
    const report = (done: number): Promise<unknown> | undefined => {
      if (done <= reported) return undefined;
      reported = done;
      return notify(onProgress as ProgressCallback | undefined, { jobId: id, done, total: LAYOUT_JOB_ITEMS, classId: last?.classId, stage: last?.stage, helperSteps: d.helperSteps } as LayoutJobProgress);
    };
    let lastYield = now();
    let sinceYield = 0;
    const d: LayoutDrive = {
      job,
      version: this.version,
      world: l.world,
      span: [0, 0],
      steps: 0,
      helperSteps: 0,
      // Per mille, never the total before the report is made (so 100% comes once, at the end).
      progress: (share) => void report(Math.min(LAYOUT_JOB_ITEMS - 1, Math.floor(share * LAYOUT_JOB_ITEMS))),
      checkpoint: async () => {
        sinceYield++;
        if (sinceYield >= this.options.yieldEveryItems || now() - lastYield >= this.options.yieldEveryMs) {
          await yieldToEvents();
          lastYield = now();
          sinceYield = 0;
        }
        if (job.cancelled) return { ok: false, reason: 'cancelled' };
        if (this.version !== d.version) return { ok: false, reason: 'scenario changed' };
        return null;
      },
    };
    try {
      void report(0);
      let answer: SpotRelation | undefined;
      let result: LayoutReport | null = null;
      for (;;) {
        const stop = await d.checkpoint();
        if (stop) return stop;
        const r = core.next(answer);
        answer = undefined;
        if (r.done) {
          result = r.value;
          break;
        }
        const v = r.value;
        if ('ask' in v) {
          // The bar moves through the relation's own span (layoutCore's progress), never back.
          const from = Math.max(Math.max(0, reported) / LAYOUT_JOB_ITEMS, v.progress?.[0] ?? 0);
          d.span = [from, Math.max(from, v.progress?.[1] ?? from)];
          const rel = await this.layoutRelation(d, v);
          if ('reason' in rel) return rel;
          answer = rel;
        } else {
          last = v;
          d.progress(v.done);
        }
      }
      const fin = report(LAYOUT_JOB_ITEMS);
      // Wait (briefly) for the final report to be delivered, so a UI sees 100% before the result.
      if (fin) await Promise.race([fin, sleep(this.options.finalProgressWaitMs)]);
      return { ok: true, jobId: id, report: result, threads: { steps: d.steps, helperSteps: d.helperSteps } };
    } finally {
      core.return(undefined as never);
      this.jobs.delete(id);
      release(onProgress);
    }
  }

  /**
   * One spot relation of a layout job (see {@link layout}): its steps run here from the front and,
   * when the helper is ready and free, in the helper from the back; the answer is this thread's job
   * with the helper's rows merged in. Returns why the job stopped instead, when it did.
   */
  private async layoutRelation(d: LayoutDrive, ask: RelateAsk): Promise<SpotRelation | JobStopped> {
    const task = relationTask(ask.samples, ask.rows, ask.cols, { mode: ask.mode, form: ask.form });
    const rel = jobOfTask(task, d.world.terrain.occluders);
    const n = rel.steps;
    d.steps += n;
    if (n === 0) return relationResult(rel);
    const done = new Uint8Array(n);
    let finished = 0;
    // Steps [front, back) are unclaimed; the helper takes them one at a time from the back.
    let front = 0;
    let back = n;
    /** Steps given back by a failed helper. */
    const returned: number[] = [];
    /** Steps sent to the helper and not answered yet, oldest first (the oldest is the one it runs). */
    const held: number[] = [];
    // Set when the relation ends, however: late answers from the helper are then ignored.
    let closed = false;
    let wake: () => void = () => {};
    const helper = n >= 2 && !this.layoutSharing && this.helper?.ready ? this.helper : null;
    let sharing = helper !== null;
    const taskId = ++this.layoutTaskCounter;
    const fail = () => {
      this.dropHelper(helper!);
      sharing = false;
    };
    const dispatch = () => {
      while (helper && sharing && !closed && held.length < HELPER_LAYOUT_STEPS && back - front >= 2) {
        const k = --back;
        held.push(k);
        Promise.race([helper.link.api.layoutSteps(taskId, [k]), helper.link.failed]).then(
          (answers: LayoutStepAnswer[]) => {
            held.splice(held.indexOf(k), 1);
            // Late answers (the relation or job ended, or an edit made them stale) are not used.
            if (closed || this.version !== d.version) return;
            if (!done[k]) {
              const a = answers[0];
              const [first, lastRow] = relationStepRows(rel, k);
              try {
                if (!a || a.step !== k || a.first !== first || a.rowSeen.length !== lastRow - first + 1) throw new Error(`visibility helper: step ${k} answered rows that are not its own`);
                setRelationRows(rel, a.first, a);
                addRelationWork(rel, a);
              } catch {
                fail();
                returned.push(k);
                wake();
                return;
              }
              done[k] = 1;
              finished++;
              d.helperSteps++;
            }
            dispatch();
            wake();
          },
          () => {
            held.splice(held.indexOf(k), 1);
            // Never benign (messages stay in order, and no step is asked after an edit): the helper
            // is ended even when the relation is over; a live relation runs the step here.
            fail();
            if (closed) return;
            if (!done[k]) returned.push(k);
            wake();
          },
        );
      }
    };
    if (helper) {
      this.layoutSharing = true;
      // The helper builds the same job on its own copy of the terrain; it refuses when its world is
      // out of step, and a different number of steps means another terrain: either ends it.
      Promise.race([helper.link.api.layoutTask(taskId, task, helper.sent), helper.link.failed]).then(
        (steps) => {
          if (steps !== n) fail();
        },
        () => fail(),
      );
    }
    try {
      let slowest = 0;
      let waitedSince = -1;
      while (finished < n) {
        const stop = await d.checkpoint();
        if (stop) return stop;
        dispatch();
        let k = -1;
        while (k < 0 && returned.length) {
          const r = returned.pop()!;
          if (!done[r]) k = r;
        }
        if (k < 0 && front < back) k = front++;
        // Only the helper's steps are left: take back the queued one, and the one it runs if it
        // takes longer than this thread's slowest step (a slow or stalled helper).
        for (let i = held.length - 1; k < 0 && i >= 0; i--) {
          if (!done[held[i]] && (i > 0 || (waitedSince >= 0 && now() - waitedSince > slowest))) k = held[i];
        }
        if (k < 0) {
          if (waitedSince < 0) waitedSince = now();
          // Woken by the helper's answer (or failure); else polls, as often as this thread's
          // slowest step lasts (a tiny relation does not wait a whole slice for a cold helper).
          await Promise.race([new Promise<void>((r) => (wake = r)), sleep(Math.min(this.options.yieldEveryMs, Math.max(1, slowest)))]);
          continue;
        }
        waitedSince = -1;
        const t0 = now();
        runRelationStep(rel, k);
        slowest = Math.max(slowest, now() - t0);
        done[k] = 1;
        finished++;
        d.progress(d.span[0] + ((d.span[1] - d.span[0]) * finished) / n);
      }
      return relationResult(rel);
    } finally {
      closed = true;
      if (helper) this.layoutSharing = false;
    }
  }

  /**
   * Asks the job with this id to stop; it resolves `{ok: false, reason: 'cancelled'}` at its next
   * item. A cancel that arrives before its job starts is remembered (the job starts cancelled).
   * @returns whether a job with this id was running.
   */
  cancel(jobId: string): boolean {
    const job = this.jobs.get(jobId);
    if (job) {
      job.cancelled = true;
      return true;
    }
    this.preCancelled.add(jobId);
    if (this.preCancelled.size > 256) this.preCancelled.delete(this.preCancelled.values().next().value as string);
    return false;
  }

  /**
   * The current scenario as SCENARIO.md JSON, with every edit applied (moved, added and removed
   * models), or `null` before the first load. Loading it again restores this state exactly (the
   * client keeps it to restart a dead worker). A deep copy: changing it changes nothing here.
   */
  getScenario(): Scenario | null {
    return this.loaded ? structuredClone(this.loaded.scenario) : null;
  }

  /**
   * What a straight segment touches (Core 6.0 blockers for the given observer and target: terrain,
   * the table, every model outside the observer's unit except the target), ordered along it.
   * @param segment - `[[x, y, z], [x, y, z]]`, inches.
   * @returns `{ok: true, hits}` or `{ok: false, reason}` (no scenario, unknown model, bad segment).
   */
  segmentBlockers(segment: unknown, options: { observer?: string; target?: string } = {}): BlockersResult {
    const l = this.loaded;
    if (!l) return { ok: false, reason: 'no scenario loaded' };
    const ok =
      Array.isArray(segment) &&
      segment.length === 2 &&
      segment.every((p) => Array.isArray(p) && p.length === 3 && p.every((c) => typeof c === 'number' && Number.isFinite(c)));
    if (!ok) return { ok: false, reason: 'segment: expected [[x, y, z], [x, y, z]] with finite numbers' };
    for (const key of ['observer', 'target'] as const) {
      const id = options[key];
      if (id !== undefined && !l.world.models.has(id)) return { ok: false, reason: `${key}: unknown model "${id}"` };
    }
    const hits = segmentBlockers(l.world, segment as Segment3, options.observer ?? null, options.target ?? null);
    return { ok: true, hits: hits.map((h) => ({ kind: h.kind, id: h.id, at: h.at })) };
  }

  /**
   * The proof of a blocked line of sight (Core 6.0) between two models or units (unit ids as the
   * who-sees-whom table passes them, or model ids): the lines tested, what blocks each, every
   * blocker once with its name (terrain first) and the most favourable line (`blockedLines`).
   * @returns `{ok: false, reason}` with no scenario, an unknown id, or one pick standing for the other.
   */
  losBlockers(observer: string, target: string): LosBlockersResult {
    const l = this.loaded;
    if (!l) return { ok: false, reason: 'no scenario loaded' };
    for (const [key, id] of [['observer', observer], ['target', target]] as const) {
      if (typeof id !== 'string' || (!l.world.models.has(id) && !l.world.units.has(id))) return { ok: false, reason: `${key}: unknown model or unit "${String(id)}"` };
    }
    const r = blockedLines(l.world, observer, target);
    if (!r) return { ok: false, reason: `observer "${observer}" and target "${target}" are the same models` };
    return {
      ok: true,
      form: r.form,
      lines: r.lines.map((x) => ({ segment: x.segment, observerModel: x.observerModelId, targetModel: x.targetModelId, blockers: x.blockers.map((b) => ({ kind: b.kind, id: b.id, at: b.at })) })),
      blockers: r.blockers.map((b) => ({ kind: b.kind, id: b.id, name: blockerName(l.scenario, b), lines: b.lines })),
      favourite: r.favourite,
    };
  }

  /**
   * The proof for one standing spot of a layout report (issue 29, item 7; `src/layout/spotProof.ts`):
   * which spots of the territory's enemies' threat zone could target a model of the class there
   * (Core 6.0, Terrain 1.2), the best witness, and the Obscuring features that protect it from the
   * others, on the loaded battlefield with the report's options. One spot against one threat zone:
   * well under a second at a 1" grid (it builds the class's spots and moves again).
   * @param options - the report's grid and threat (inches), the class id.
   * @param territory - the territory's name; `x`, `y` the spot's plan centre (inches; the nearest spot within half a grid step).
   * @returns `{ok: true, proof}` or `{ok: false, problems}` (no scenario, bad options, no spot there).
   */
  layoutSpotProof(options: { grid?: number; threat?: number; classId?: string; mode?: 'fast' | 'exhaustive' }, territory: string, x: number, y: number): SpotProofResult {
    const l = this.loaded;
    if (!l) return { ok: false, problems: ['no scenario loaded'] };
    const r = spotProof(l.world, territory, x, y, { grid: options.grid, threat: options.threat, classId: options.classId, mode: options.mode });
    return 'problems' in r ? { ok: false, problems: r.problems } : { ok: true, proof: r };
  }

  /**
   * Where every model stands now: plan position (inches), facing (degrees) and the resolved
   * elevation of the underside of its base (inches; SCENARIO: the highest surface under it when
   * the file gives none). Empty before the first load.
   */
  modelPoses(): ModelPose[] {
    const l = this.loaded;
    if (!l) return [];
    return [...l.world.models.values()].map((m) => ({
      id: m.id,
      unitId: m.unitId,
      x: m.footprint.x,
      y: m.footprint.y,
      facing: (m.footprint.facingRad * 180) / Math.PI,
      elevation: m.elevation,
    }));
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

  // -------------------------------------------------------------------------------------------

  /** Validates queries against the current scenario (ids, shapes) with the file validator. */
  private validateQueries(l: Loaded, qs: unknown[]): { ok: true; queries: ScenarioQuery[] } | { ok: false; problems: string[] } {
    const r = parseScenario({ ...l.scenario, queries: qs });
    if (!r.ok) {
      const own = r.problems.filter((p) => p.startsWith('queries'));
      return { ok: false, problems: own.length ? own : r.problems };
    }
    return { ok: true, queries: r.scenario.queries ?? [] };
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
  private dropHelper(h: { link: HelperLink; ready: boolean }): void {
    h.ready = false;
    if (this.helper !== h) return;
    this.helper = null;
    h.link.terminate();
  }

  /**
   * Registers a job under `jobId` (or a new id): it starts cancelled when a cancel for that id came
   * first. Refuses an id in use (releasing `onProgress`).
   */
  private startJob(jobId: string | undefined, onProgress: unknown): { id: string; job: RunningJob } | JobStopped {
    const id = jobId ?? `job-${++this.jobCounter}`;
    if (this.jobs.has(id)) {
      release(onProgress as ProgressCallback | undefined);
      return { ok: false, reason: 'job id in use' };
    }
    const job: RunningJob = { cancelled: this.preCancelled.delete(id) };
    this.jobs.set(id, job);
    return { id, job };
  }

  /**
   * Runs `step(0..total-1)` as a job: checks cancellation and scenario changes before each item,
   * yields per {@link EngineOptions}, reports progress at start, at each yield and at the end.
   * With `share`, the helper takes groups of items from the back of the list (up to
   * {@link HELPER_QUEUE_GROUPS} queued, so it never waits for this thread, which reads its answers
   * only between items, to send more) while this thread works from the front,
   * then answers what the helper still holds, from its last chunk back (the first answer of an
   * item counts); items of a failed helper go back to this thread.
   */
  private async runJob(
    jobId: string | undefined,
    total: number,
    onProgress: ProgressCallback | undefined,
    step: (i: number) => void,
    share?: RemoteShare,
  ): Promise<{ ok: true; jobId: string } | JobStopped> {
    const started = this.startJob(jobId, onProgress);
    if ('reason' in started) return started;
    const { id, job } = started;
    const version = this.version;
    // Set when the job returns, however it ends: late answers from the helper are then ignored.
    let finished = false;
    try {
      let done = 0;
      let reported = -1;
      const report = () => {
        if (done === reported) return undefined;
        reported = done;
        return notify(onProgress, { jobId: id, done, total });
      };
      void report();
      let lastYield = now();
      let sinceYield = 0;
      // Items [front, back) are unclaimed; the helper claims whole groups from the back. Near the
      // end this thread also answers items the helper holds but has not answered yet (from the
      // chunk it will reach last), and whichever answer comes first counts: no one waits on a
      // helper busy with a slow pair.
      let front = 0;
      let back = total;
      const answered = new Uint8Array(total);
      const returned: number[] = [];
      const held: number[][] = [];
      let sharing = !!share;
      const dispatch = () => {
        if (!share) return;
        const g = share.groupSize;
        // One group per message, so the answers come back as the helper goes; this thread keeps at
        // least the group it is on.
        while (sharing && held.length < HELPER_QUEUE_GROUPS && back - Math.ceil(front / g) * g >= 2 * g) {
          const items: number[] = [];
          for (let k = 0; k < g; k++) items.push(--back);
          held.push(items);
          const release = () => held.splice(held.indexOf(items), 1);
          share.run(items).then(
            (answers) => {
              release();
              // Late answers (the job ended, or an edit made them stale) are not used.
              if (finished || this.version !== version) return;
              const fresh = items.filter((it) => !answered[it]);
              share.accept(fresh, fresh.map((it) => answers[items.indexOf(it)]));
              for (const it of fresh) answered[it] = 1;
              done += fresh.length;
              dispatch();
            },
            () => {
              release();
              // A failure is never benign (messages stay in order, so a request sent before an
              // edit is answered before it, in step): the helper is dropped even when its refusal
              // lands after the job ended. A live job also takes the items back.
              share.fail();
              if (finished || this.version !== version) return;
              sharing = false;
              returned.push(...items);
            },
          );
        }
      };
      /** The next item for this thread: given back, unclaimed, or held by the helper (its last chunk first). */
      const next = (): number => {
        while (returned.length) {
          const r = returned.pop()!;
          if (!answered[r]) return r;
        }
        if (front < back) return front++;
        for (let c = held.length - 1; c >= 0; c--) {
          const items = held[c];
          for (let k = items.length - 1; k >= 0; k--) if (!answered[items[k]]) return items[k];
        }
        return -1;
      };
      while (done < total) {
        if (job.cancelled) return { ok: false, reason: 'cancelled' };
        if (this.version !== version) return { ok: false, reason: 'scenario changed' };
        dispatch();
        const i = next();
        if (i < 0) {
          // Cannot happen while items are left (each is unclaimed, given back or held by the
          // helper, and held ones are taken back): a pause, never a spin, if it ever did.
          await sleep(this.options.yieldEveryMs);
          continue;
        }
        step(i);
        answered[i] = 1;
        done++;
        sinceYield++;
        if (done < total && (sinceYield >= this.options.yieldEveryItems || now() - lastYield >= this.options.yieldEveryMs)) {
          void report();
          await yieldToEvents();
          lastYield = now();
          sinceYield = 0;
        }
      }
      finished = true;
      // Wait (briefly) for the final report to be delivered, so a UI sees 100% before the result.
      const last = report();
      if (last) await Promise.race([last, sleep(this.options.finalProgressWaitMs)]);
      return { ok: true, jobId: id };
    } finally {
      finished = true;
      this.jobs.delete(id);
      release(onProgress);
    }
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

/** Calls a progress callback without letting it break the job; returns its promise, if any. */
function notify(cb: ProgressCallback | undefined, p: Progress): Promise<unknown> | undefined {
  if (typeof cb !== 'function') return undefined;
  try {
    const r = cb(p);
    if (r && typeof (r as Promise<unknown>).then === 'function') {
      return (r as Promise<unknown>).then(
        () => undefined,
        () => undefined,
      );
    }
  } catch {
    // A throwing progress callback must not stop the job.
  }
  return undefined;
}

/** Releases a `Comlink.proxy` callback's port when the job is over (no-op for plain functions). */
function release(cb: ProgressCallback | undefined): void {
  if (typeof cb !== 'function') return;
  try {
    const r = (cb as unknown as Record<symbol, unknown>)[releaseProxy];
    if (typeof r === 'function') (r as () => void)();
  } catch {
    // Already released or not a proxy.
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
