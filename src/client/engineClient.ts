/**
 * The page's handle on the engine worker (`workers/engine.worker.ts`): a typed comlink wrapper that
 * survives worker crashes.
 *
 * - Every method mirrors {@link EngineApi}; results are the same data (`{ok: true, ...}` or
 *   `{ok: false, problems | reason}`), never thrown rule errors.
 * - Progress callbacks are wrapped in `Comlink.proxy` for you; they only ever receive reports from
 *   the live worker.
 * - Long jobs return an {@link EngineJob}: awaitable, with its `id` and `cancel()`.
 * - Crash recovery: the client keeps the last scenario on its side (the JSON of the last successful
 *   load, replaced by the worker's `getScenario()` after every successful load and edit, plus the mesh
 *   files of the last load). When the worker dies (an `error` event, no ready message within
 *   {@link EngineClientOptions.startupWatchdogMs}, a call unanswered for
 *   {@link EngineClientOptions.watchdogMs}, or {@link EngineClient.simulateCrash}), the client
 *   terminates it, starts a new one from the factory, loads that snapshot (and re-applies
 *   {@link EngineClient.configure}), then retries every call that was in flight, once. A call whose
 *   retry also dies rejects with {@link EngineWorkerDiedError}.
 */
import { registerTimingSource, traced } from './perfTrace';
import type { TimedApi } from '../../workers/timedApi';
import * as Comlink from 'comlink';
import type {
  BlockersResult,
  CombatResult,
  EditResult,
  EngineApi,
  EngineOptions,
  EngineStats,
  JobStopped,
  LayoutJobOptions,
  LayoutJobProgress,
  LayoutResult,
  LoadResult,
  LosBlockersResult,
  MatrixOptions,
  MatrixResult,
  MeshFiles,
  ModelPose,
  Progress,
  QueriesResult,
  QueryResult,
  SpotProofResult,
} from '../../workers/engineApi';
import { isEngineReadyMessage } from '../../workers/protocol';
import type { Scenario } from '../scenario/schema';
import { Tickets, WorkerSupervisor, type Attempt, type Generation, type RestorePlan, type WorkerDeathCause } from './workerSupervisor';

export type {
  BlockersResult,
  LosBlockersResult,
  ModelPose,
  CombatPair,
  CombatResult,
  EditResult,
  EngineOptions,
  EngineStats,
  JobStopReason,
  LayoutJobOptions,
  LayoutJobProgress,
  LayoutResult,
  LoadResult,
  MatrixOptions,
  MatrixResult,
  MeshFiles,
  Progress,
  QueriesResult,
  QueryResult,
  ScenarioSummary,
  SpotProofResult,
  VisibilityEntry,
} from '../../workers/engineApi';

/** Why a worker was declared dead (see `workerSupervisor.ts`). */
export type { WorkerDeathCause } from './workerSupervisor';

/**
 * Rejection of a call whose worker died and whose single retry (on a fresh, restored worker) died
 * too, or of any call after {@link EngineClient.dispose}. `deathCause` says what happened last.
 */
export class EngineWorkerDiedError extends Error {
  constructor(
    readonly deathCause: WorkerDeathCause,
    message = `engine worker died (${deathCause})`,
  ) {
    super(message);
    this.name = 'EngineWorkerDiedError';
  }
}

/** Reported to {@link EngineClientOptions.onRestart} after a new worker was started and restored. */
export interface RestartEvent {
  /** Restarts so far, this one included. */
  restarts: number;
  cause: WorkerDeathCause;
  /** True when a scenario snapshot was loaded into the new worker. */
  restored: boolean;
}

/** Options of {@link createEngineClient}. */
export interface EngineClientOptions {
  /**
   * A call that gets no answer (and, for jobs, no progress report) for this many milliseconds is
   * taken as a dead worker. The clock starts once the worker is up (see `startupWatchdogMs`), so
   * start-up time never counts. Default 30 000; `0` or `Infinity` disables it. Jobs report
   * progress at least every `EngineOptions.yieldEveryMs` (12 ms by default), so only a single
   * query or edit must finish within the limit.
   */
  watchdogMs?: number;
  /**
   * A new worker that has not posted its ready message (its modules loaded) within this many
   * milliseconds is taken as dead. Default 60 000; `0` or `Infinity` disables it.
   */
  startupWatchdogMs?: number;
  /**
   * Base URL for mesh `src` the worker has to fetch. Default: `document.baseURI` (or
   * `location.href`) of the page, so that `src` resolves like a page-relative URL.
   */
  baseUrl?: string;
  /** Called after each restart, once the new worker holds the restored scenario. */
  onRestart?: (e: RestartEvent) => void;
}

/** Options of the client's long jobs. */
export interface JobOptions {
  /** The job id (for {@link EngineClient.cancel}); generated when absent. */
  jobId?: string;
  /** Aborting it cancels the job. */
  signal?: AbortSignal;
}

/**
 * A running long job: `await job` (or `job.result`) for its result; `job.cancel()` makes it
 * resolve `{ok: false, reason: 'cancelled'}` (unless it already finished).
 */
export class EngineJob<T> implements PromiseLike<T> {
  constructor(
    /** The job id the worker knows it by. */
    readonly id: string,
    /** The job's result. */
    readonly result: Promise<T>,
    private readonly doCancel: (id: string) => Promise<boolean>,
  ) {}

  /** Asks the worker to stop this job; resolves whether the live worker knew it as running. */
  cancel(): Promise<boolean> {
    return this.doCancel(this.id);
  }

  then<R1 = T, R2 = never>(onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2> {
    return this.result.then(onfulfilled, onrejected);
  }
}

interface Snapshot {
  scenario: Scenario;
  meshes?: MeshFiles;
}

/**
 * The typed, crash-surviving engine client. Create it with {@link createEngineClient}.
 * Units and result shapes are those of `workers/engineApi.ts` (inches, table coordinates, z up).
 */
export class EngineClient {
  /** Call watchdog limit in ms (see {@link EngineClientOptions.watchdogMs}); may be changed at any time (tests). */
  watchdogMs: number;
  /** Start-up watchdog limit in ms (see {@link EngineClientOptions.startupWatchdogMs}); read when a worker is created. */
  startupWatchdogMs: number;
  private readonly sup: WorkerSupervisor<EngineApi>;
  private snap: Snapshot | null = null;
  private readonly tickets = new Tickets();
  private meshes: MeshFiles | undefined;
  private config: Partial<EngineOptions> | null = null;
  private readonly activeJobs = new Set<string>();
  private readonly cancelledJobs = new Set<string>();
  private jobCounter = 0;
  private readonly baseUrl: string | undefined;

  constructor(
    factory: () => Worker,
    private readonly options: EngineClientOptions = {},
  ) {
    this.watchdogMs = options.watchdogMs ?? 30_000;
    this.startupWatchdogMs = options.startupWatchdogMs ?? 60_000;
    const g = globalThis as { document?: { baseURI?: string }; location?: { href?: string } };
    this.baseUrl = options.baseUrl ?? g.document?.baseURI ?? g.location?.href;
    this.sup = new WorkerSupervisor<EngineApi>({
      label: 'engine',
      factory,
      isReadyMessage: isEngineReadyMessage,
      DiedError: EngineWorkerDiedError,
      limits: this,
      awaitStart: false,
      restore: (cause) => this.restorePlan(cause),
    });
    // The Play probe's worker timings (`workers/timedApi.ts`).
    registerTimingSource('engine', () => (this.sup.current.remote as unknown as Comlink.Remote<TimedApi>).takeTimings());
  }

  /** How many times a dead worker was replaced. */
  get restarts(): number {
    return this.sup.restarts;
  }

  /** The current worker (for tests: e.g. `client.worker.terminate()` to kill it behind the client's back). */
  get worker(): Worker {
    return this.sup.current.worker;
  }

  /**
   * The client-side copy of the scenario that a restarted worker would get (JSON with every
   * successful edit), or `null` before the first successful load. A deep copy.
   */
  get snapshot(): Scenario | null {
    return this.snap ? structuredClone(this.snap.scenario) : null;
  }

  /** The mesh files of the loaded scenario, keyed by `src` (as given to the last successful load). */
  get meshFiles(): MeshFiles {
    return { ...(this.snap?.meshes ?? {}) };
  }

  /**
   * Loads a scenario (see `EngineApi.loadScenario`): `{ok: true, summary}` or `{ok: false, problems}`.
   * @param meshes mesh files keyed by `src` (kept for restarts; sent by copy, not transferred).
   */
  loadScenario(json: unknown, meshes?: MeshFiles): Promise<LoadResult> {
    return this.call(async (g) => {
      const r = await g.remote.loadScenario(json, meshes, { baseUrl: this.baseUrl });
      if (r.ok) {
        this.meshes = meshes;
        await this.refreshSnapshot(g);
      }
      return r;
    });
  }

  /** Moves a model to `(x, y)` inches (`elevation` absent: stands on what is under it). See `EngineApi.moveModel`. */
  moveModel(id: string, x: number, y: number, elevation?: number): Promise<EditResult> {
    return this.edit((r) => r.moveModel(id, x, y, elevation));
  }

  /** Adds a SCENARIO.md model object to a unit. See `EngineApi.addModel`. */
  addModel(unitId: string, model: unknown): Promise<EditResult> {
    return this.edit((r) => r.addModel(unitId, model));
  }

  /** Removes a model (and its unit with its last model). See `EngineApi.removeModel`. */
  removeModel(id: string): Promise<EditResult> {
    return this.edit((r) => r.removeModel(id));
  }

  /** Answers one SCENARIO.md query: `{ok: true, answer}` or `{ok: false, problems}`. */
  query(q: unknown, mode?: 'fast' | 'exhaustive'): Promise<QueryResult> {
    return this.call<QueryResult>((g) => g.remote.query(q, mode));
  }

  /** Answers several queries as a cancellable job with progress. See `EngineApi.queries`. */
  queries(qs: unknown[], onProgress?: (p: Progress) => void, options: JobOptions & { mode?: 'fast' | 'exhaustive' } = {}): EngineJob<QueriesResult> {
    return this.job<QueriesResult>(options, onProgress, (r, id, cb) => r.queries(qs, cb, id, options.mode));
  }

  /** Unit-to-unit visibility for every ordered pair of opposing units, as a cancellable job. See `EngineApi.visibilityMatrix`. */
  visibilityMatrix(onProgress?: (p: Progress) => void, options: JobOptions & MatrixOptions = {}): EngineJob<MatrixResult> {
    const { includeSameArmy, mode } = options;
    return this.job<MatrixResult>(options, onProgress, (r, id, cb) => r.visibilityMatrix(cb, id, { includeSameArmy, mode }));
  }

  /** Every pair of units in combat, as a cancellable job. See `EngineApi.combatPairs`. */
  combatPairs(onProgress?: (p: Progress) => void, options: JobOptions & { mode?: 'fast' | 'exhaustive' } = {}): EngineJob<CombatResult> {
    return this.job<CombatResult>(options, onProgress, (r, id, cb) => r.combatPairs(cb, id, options.mode));
  }

  /**
   * The layout analysis (LAYOUT.md) of the loaded scenario, as a cancellable job with progress
   * (per mille of the run, with the class and stage). See `EngineApi.layout`.
   */
  layout(options: LayoutJobOptions = {}, onProgress?: (p: LayoutJobProgress) => void, jobOptions: JobOptions = {}): EngineJob<LayoutResult> {
    return this.job<LayoutResult>(jobOptions, onProgress && ((p) => onProgress(p as LayoutJobProgress)), (r, id, cb) => r.layout(options, cb, id));
  }

  /** The proof for one standing spot of a layout report (who targets it, the best witness, what protects it). See `EngineApi.layoutSpotProof`. */
  layoutSpotProof(options: { grid?: number; threat?: number; classId?: string }, territory: string, x: number, y: number): Promise<SpotProofResult> {
    return this.call<SpotProofResult>((g) => g.remote.layoutSpotProof(options, territory, x, y));
  }

  /**
   * Cancels a running job by id (also honoured if the job is waiting to be retried after a
   * restart). Resolves whether the live worker knew it as running.
   */
  async cancel(jobId: string): Promise<boolean> {
    if (this.activeJobs.has(jobId)) this.cancelledJobs.add(jobId);
    const g = this.sup.current;
    if (!g.alive) return false;
    try {
      return await Promise.race([g.remote.cancel(jobId), g.died]);
    } catch {
      return false;
    }
  }

  /** The worker's current scenario JSON (with edits), or `null` before the first load. */
  getScenario(): Promise<Scenario | null> {
    return this.call((g) => g.remote.getScenario());
  }

  /** Worker diagnostics (state version, terrain BVH builds, running jobs). */
  /** What a straight segment touches, ordered along it. See `EngineApi.segmentBlockers`. */
  segmentBlockers(segment: [[number, number, number], [number, number, number]], options: { observer?: string; target?: string } = {}): Promise<BlockersResult> {
    return this.call<BlockersResult>((g) => g.remote.segmentBlockers(segment, options));
  }

  /** The lines tested for a blocked line of sight and what blocks them (model or unit ids). See `EngineApi.losBlockers`. */
  losBlockers(observer: string, target: string): Promise<LosBlockersResult> {
    return this.call<LosBlockersResult>((g) => g.remote.losBlockers(observer, target));
  }

  /** Where every model stands now. See `EngineApi.modelPoses`. */
  modelPoses(): Promise<ModelPose[]> {
    return this.call<ModelPose[]>((g) => g.remote.modelPoses());
  }

  stats(): Promise<EngineStats> {
    return this.call((g) => g.remote.stats());
  }

  /** Changes how often the worker's jobs yield and report progress; re-applied after restarts. */
  configure(options: Partial<EngineOptions>): Promise<EngineOptions> {
    this.config = { ...this.config, ...options };
    return this.call((g) => g.remote.configure(options));
  }

  /**
   * Kills the current worker as a crash would (terminate, no goodbye) and recovers at once:
   * new worker, snapshot restored, in-flight calls retried. Resolves when the new worker is ready
   * (rejects with {@link EngineWorkerDiedError} if the restore failed).
   */
  simulateCrash(): Promise<void> {
    return this.sup.handleDeath(this.sup.current, 'crash');
  }

  /** Terminates the worker for good; pending and later calls reject with {@link EngineWorkerDiedError} (`disposed`). */
  dispose(): void {
    this.sup.dispose();
  }

  // -------------------------------------------------------------------------------------------

  /** What a new worker gets: the configuration, then the snapshot (both as of the restart). */
  private restorePlan(cause: WorkerDeathCause): RestorePlan<EngineApi> {
    const snap = this.snap;
    const config = this.config;
    return {
      run: async (remote) => {
        if (config) await remote.configure(config);
        if (snap) {
          const r = await remote.loadScenario(snap.scenario, snap.meshes, { baseUrl: this.baseUrl });
          if (!r.ok) throw new Error(r.problems.join('; '));
        }
      },
      done: () => this.options.onRestart?.({ restarts: this.sup.restarts, cause, restored: snap !== null }),
    };
  }

  /** See {@link WorkerSupervisor.call}. */
  private call<T>(attempt: Attempt<EngineApi, T>): Promise<T> {
    return traced('engine.call', () => this.sup.call(attempt));
  }

  /** An edit: on success, the worker's scenario becomes the client's snapshot. */
  private edit(run: (r: Comlink.Remote<EngineApi>) => Promise<EditResult>): Promise<EditResult> {
    return this.call(async (g) => {
      const r = await run(g.remote);
      if (r.ok) await this.refreshSnapshot(g);
      return r;
    });
  }

  /**
   * Fetches the worker's scenario as the new snapshot. Tickets are taken in the order the worker
   * will serve the requests, so a late answer never overwrites a newer state.
   */
  private async refreshSnapshot(g: Generation<EngineApi>): Promise<void> {
    const isNewest = this.tickets.take();
    const scenario = await g.remote.getScenario();
    if (scenario && isNewest()) this.snap = { scenario, meshes: this.meshes };
  }

  private job<T extends { ok: boolean }>(
    options: JobOptions,
    onProgress: ((p: Progress) => void) | undefined,
    run: (r: Comlink.Remote<EngineApi>, id: string, cb: ((p: Progress) => void) & Comlink.ProxyMarked) => Promise<T>,
  ): EngineJob<T> {
    const id = options.jobId ?? `job-${++this.jobCounter}-${Math.random().toString(36).slice(2, 8)}`;
    this.activeJobs.add(id);
    const result = this.call<T>(async (g, touch) => {
      if (this.cancelledJobs.has(id)) return { ok: false, reason: 'cancelled' } satisfies JobStopped as unknown as T;
      const cb = Comlink.proxy((p: Progress) => {
        if (!g.alive || g !== this.sup.current) return; // late reports of a dead worker
        touch();
        onProgress?.(p);
      });
      return run(g.remote, id, cb);
    }).finally(() => {
      this.activeJobs.delete(id);
      this.cancelledJobs.delete(id);
    });
    const signal = options.signal;
    if (signal) {
      if (signal.aborted) void this.cancel(id);
      else signal.addEventListener('abort', () => void this.cancel(id), { once: true });
    }
    return new EngineJob(id, result, (jobId) => this.cancel(jobId));
  }
}

/**
 * Creates the engine client.
 * @param factory makes a fresh engine worker, e.g.
 *   `() => new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {type: 'module'})`;
 *   called once now and once per restart.
 */
export function createEngineClient(factory: () => Worker, options: EngineClientOptions = {}): EngineClient {
  return new EngineClient(factory, options);
}
