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
 *
 * The engine is built in layers, one concern per module of `workers/engine/` (docs/architecture.md),
 * each a subclass of the one before:
 * - `core.ts` ({@link EngineCore}): the loaded scenario and its World, loads and edits, the
 *   visibility helper thread that mirrors it, diagnostics;
 * - `jobs.ts` ({@link EngineJobs}): long jobs (cancel, yield, progress, sharing with the helper);
 * - `queries.ts` ({@link EngineQueries}): measurement queries and model poses;
 * - `visibility.ts` ({@link EngineVisibility}): the visibility matrix, units in combat, blockers;
 * - `layout.ts` ({@link EngineLayout}): the layout analysis job and a spot's proof;
 * - `types.ts`: every shape of the API, re-exported here.
 */
import { EngineLayout } from './engine/layout';

export type {
  BlockersResult,
  CombatPair,
  CombatResult,
  EditResult,
  EngineOptions,
  EngineStats,
  JobStopReason,
  JobStopped,
  LayoutJobOptions,
  LayoutJobProgress,
  LayoutResult,
  LayoutThreads,
  LoadOptions,
  LoadResult,
  LosBlockersResult,
  MatrixOptions,
  MatrixResult,
  MeshFiles,
  ModelPose,
  Point3,
  Progress,
  ProgressCallback,
  QueriesResult,
  QueryResult,
  ScenarioSummary,
  SpotProofResult,
  VisibilityEntry,
} from './engine/types';

/**
 * The engine behind the worker. One instance holds one scenario. Every method is safe to call
 * through comlink: arguments and results are structured-cloneable; callbacks may be `Comlink.proxy`
 * functions; input errors come back as data.
 */
export class EngineApi extends EngineLayout {}
