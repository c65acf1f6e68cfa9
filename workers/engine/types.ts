/**
 * The shapes of the measuring engine's API ({@link EngineApi}, `workers/engineApi.ts`, which
 * re-exports them): what it loads, the answers of its queries, edits and long jobs, their progress
 * and options. Units are SCENARIO.md's: inches, base sizes in millimetres, angles in degrees.
 */
import type { Answer } from '../../src/scenario/answer';
import type { LayoutProgress, LayoutReport } from '../../src/layout/analyse';
import type { SpotProof } from '../../src/layout/spotProof';

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
      /** Each line tested with what it touches, in order: `at` the first contact, and for a model `exit` where the line leaves its volume (issue 39). */
      lines: { segment: [[number, number, number], [number, number, number]]; observerModel: string; targetModel: string; blockers: { kind: 'terrain' | 'model'; id: string; at: [number, number, number]; exit?: [number, number, number] }[] }[];
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

/** Diagnostics of {@link EngineApi.stats}. */
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
