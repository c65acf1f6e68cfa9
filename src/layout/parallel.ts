import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { bundledModule } from './threadModule';
import { Worker } from 'node:worker_threads';
import type { World } from '../geometry/world';
import { classReport, classSetup, layoutPlan, type ClassLayout, type ClassSetup, type LayoutOptions, type LayoutProgress, type LayoutReport } from './analyse';
import { standingSpots } from './standingSpots';
import { meshOccluder, solidOccluder, type Occluder } from '../geometry/occluders';
import { convexSolidTriangles, type ConvexSolid } from '../geometry/solids';
import { jobOfTask, relationResult, relationTask, relationWork, runRelationStep, SpotSamples, type RelateOptions, type RelationJob, type RelationTask, type SetTree, type SpotRelation, type SpotSet } from './spotVisibility';

/**
 * The spot relation on several threads (Node worker threads): the calling thread composes the
 * relation's trees once ({@link RelationTask}) and sends a copy; every thread builds its job from it,
 * claims steps from a shared counter (`Atomics.add`, so a thread that finishes early takes the next
 * step: the steps' costs vary a hundredfold) and writes its steps' rows into one shared answer. The
 * answer is the one thread's answer bit for bit: steps hold disjoint rows, and each step's search
 * does not depend on which other steps ran in the same thread.
 */

/** Terrain occluders in a form a worker thread can rebuild them from (the same builders, the same order). */
export type TerrainWire = ({ kind: 'solid'; solid: ConvexSolid; featureIndex: number; bounds: Float64Array } | { kind: 'mesh'; positions: Float32Array; featureIndex: number; bounds: Float64Array })[];

/** The wire form of terrain occluders (boxes, cylinders and meshes; model prisms are not terrain). */
export function terrainWire(occ: readonly Occluder[]): TerrainWire {
  return occ.map((o) => {
    if (o.kind === 'solid') return { kind: 'solid', solid: o.solid, featureIndex: o.featureIndex, bounds: o.bounds };
    if (o.kind === 'mesh') return { kind: 'mesh', positions: o.geometry.getAttribute('position').array as Float32Array, featureIndex: o.featureIndex, bounds: o.bounds };
    throw new Error('terrainWire: a model prism is not terrain');
  });
}

/** Rebuilds the occluders of {@link terrainWire} (same builders; bounds copied as they were). */
export function terrainFromWire(w: TerrainWire): Occluder[] {
  return w.map((p) => {
    const o = p.kind === 'solid' ? solidOccluder(p.solid, p.featureIndex, convexSolidTriangles(p.solid)) : meshOccluder(p.positions, p.featureIndex);
    o.bounds.set(p.bounds);
    return o;
  });
}

/**
 * A relation request as a worker receives it: the task (the trees composed once, by the calling
 * thread) and the shared memory of the answer and of the step counters.
 */
export interface RelateRequest {
  task: RelationTask;
  steps: number;
  /** The answer by rank, over SharedArrayBuffers (every thread writes its steps' rows). */
  seen: Uint8Array;
  rowSeen: Uint8Array;
  /** Int32Array over a SharedArrayBuffer: entry 0 the next step to claim, entry 1 steps finished. */
  sync: Int32Array;
  /** BigInt64Array over a SharedArrayBuffer: node pairs and segment tests, summed over the threads. */
  work: BigInt64Array;
}

/**
 * Claims the next step of a shared job (`sync[0]`) and runs it, adding its work to `work` and
 * counting it finished (`sync[1]`, notified) once its rows are written.
 * @returns false when every step was already claimed.
 */
export function runOneStep(job: RelationJob, sync: Int32Array, work: BigInt64Array): boolean {
  const k = Atomics.add(sync, 0, 1);
  if (k >= job.steps) return false;
  const before = relationWork(job);
  runRelationStep(job, k);
  const after = relationWork(job);
  Atomics.add(work, 0, BigInt(after.nodePairs - before.nodePairs));
  Atomics.add(work, 1, BigInt(after.segmentTests - before.segmentTests));
  Atomics.add(sync, 1, 1);
  Atomics.notify(sync, 1);
  return true;
}

/** A typed array's copy over a SharedArrayBuffer (posted to a thread, it is shared, not copied). */
function shared<T extends Float64Array | Float32Array | Int32Array>(a: T): T {
  const C = a.constructor as { new (b: SharedArrayBuffer): T };
  const out = new C(new SharedArrayBuffer(a.byteLength));
  out.set(a as never);
  return out;
}

const _sharedTrees = new WeakMap<SetTree, SetTree>();
/** A set tree over shared memory (made once per tree: the trees are kept across relations and never written). */
function sharedSetTree(t: SetTree): SetTree {
  let s = _sharedTrees.get(t);
  if (!s) {
    const tr = t.tree;
    s = {
      ...t,
      tree: { ...tr, points: shared(tr.points), bounds: shared(tr.bounds), start: shared(tr.start), end: shared(tr.end), left: shared(tr.left), right: shared(tr.right), owner: shared(tr.owner), ownerMin: shared(tr.ownerMin), ownerMax: shared(tr.ownerMax) },
      rank: shared(t.rank),
      lo: shared(t.lo),
      hi: shared(t.hi),
      setIndexOfRank: shared(t.setIndexOfRank),
      normals: shared(t.normals),
      spotOfRank: shared(t.spotOfRank),
      rankStart: shared(t.rankStart),
      rankEnd: shared(t.rankEnd),
    };
    _sharedTrees.set(t, s);
  }
  return s;
}

/** A relation started on a {@link RelatePool}: this thread's job and the shared step counters and work. */
export interface PendingRelation {
  job: RelationJob;
  sync: Int32Array;
  work: BigInt64Array;
}

type WaitAsync = (a: Int32Array, index: number, value: number) => { async: false; value: string } | { async: true; value: Promise<string> };

/** Resolves once `sync[1]` (steps finished) reaches `steps`. */
async function allFinished(sync: Int32Array, steps: number): Promise<void> {
  const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;
  for (;;) {
    const done = Atomics.load(sync, 1);
    if (done >= steps) return;
    const w = waitAsync(sync, 1, done);
    if (w.async) await w.value;
  }
}

/**
 * A pool of worker threads holding one terrain; {@link RelatePool.relate} shares each relation with
 * them. The calling thread composes the trees once and sends them; every thread claims steps from a
 * shared counter and writes its rows into the shared answer; the calling thread returns as soon as
 * every step is finished, whether or not a worker took part (a worker still starting, or busy with
 * an earlier request, finds nothing left to claim and skips the request).
 */
export class RelatePool {
  private readonly workers: Worker[] = [];
  /** Rejects when a worker fails (an error in a step, or the thread died). */
  private readonly failed: Promise<never>;
  private fail: (e: unknown) => void = () => {};

  /**
   * @param threads worker threads besides the calling one (0: the calling thread alone).
   */
  constructor(
    private readonly occluders: Occluder[],
    threads: number,
  ) {
    this.failed = new Promise<never>((_, reject) => (this.fail = reject));
    this.failed.catch(() => {});
    if (threads <= 0) return;
    const wire = terrainWire(occluders);
    const url = relateWorkerUrl();
    for (let i = 0; i < threads; i++) {
      const w = new Worker(url, { workerData: { terrain: wire } });
      w.on('message', (m: { error?: string }) => {
        if (m.error) this.fail(new Error(`layout worker thread: ${m.error}`));
      });
      w.on('error', (e) => this.fail(e));
      w.on('exit', (code) => {
        if (this.workers.includes(w)) this.fail(new Error(`layout worker thread exited (code ${code})`));
      });
      this.workers.push(w);
    }
  }

  /** Threads in all (the calling one included). */
  get threads(): number {
    return this.workers.length + 1;
  }

  /**
   * Starts a relation: composes its trees in this thread (or takes those `samples` composed for an
   * earlier relation of the same sets) and sends them to the pool's threads, which
   * start on its steps once they are done with the relations sent before. This thread takes part
   * with {@link RelatePool.claimOne}; {@link RelatePool.result} waits for the last step.
   */
  submit(samples: SpotSamples, rows: SpotSet, cols: SpotSet, opts: RelateOptions = {}): PendingRelation {
    const task = relationTask(samples, rows, cols, opts);
    const seen = new Uint8Array(new SharedArrayBuffer(task.pairs ? task.rows * task.cols : 0));
    const rowSeen = new Uint8Array(new SharedArrayBuffer(task.rows));
    const job = jobOfTask(task, this.occluders, { seen, rowSeen });
    const sync = new Int32Array(new SharedArrayBuffer(8));
    const work = new BigInt64Array(new SharedArrayBuffer(16));
    if (job.steps > 0 && this.workers.length > 0) {
      const req: RelateRequest = { task: { ...task, A: sharedSetTree(task.A!), B: sharedSetTree(task.B!) }, steps: job.steps, seen, rowSeen, sync, work };
      for (const w of this.workers) w.postMessage(req);
    }
    return { job, sync, work };
  }

  /** Runs one step of the relation in this thread, if one is left to claim (false when none is). */
  claimOne(p: PendingRelation): boolean {
    return runOneStep(p.job, p.sync, p.work);
  }

  /** Whether every step of the relation is finished (by any thread). */
  finished(p: PendingRelation): boolean {
    return Atomics.load(p.sync, 1) >= p.job.steps;
  }

  /**
   * The relation, once every step is finished (this thread claims none: call
   * {@link RelatePool.claimOne} first, or a relation nobody else takes waits for ever).
   * @throws (rejects) when a worker thread failed.
   */
  async result(p: PendingRelation): Promise<SpotRelation> {
    await Promise.race([allFinished(p.sync, p.job.steps), this.failed]);
    const out = relationResult(p.job);
    out.nodePairs = Number(Atomics.load(p.work, 0));
    out.segmentTests = Number(Atomics.load(p.work, 1));
    return out;
  }

  /** The relation of {@link relateSpots}, its steps shared with the pool's threads. */
  async relate(samples: SpotSamples, rows: SpotSet, cols: SpotSet, opts: RelateOptions = {}): Promise<SpotRelation> {
    const p = this.submit(samples, rows, cols, opts);
    while (this.claimOne(p));
    return this.result(p);
  }

  /** Ends the worker threads. */
  async close(): Promise<void> {
    const ws = this.workers.splice(0);
    await Promise.all(ws.map((w) => w.terminate()));
  }
}

let _workerUrl: URL | null = null;

/**
 * The module the pool's threads run: `relateThread.ts` bundled into one file (`threadModule.ts`),
 * or `relateWorker.mjs` (tsx compiles what it imports) when it cannot be bundled. Once per process.
 */
function relateWorkerUrl(): URL {
  return (_workerUrl ??= bundledModule(fileURLToPath(new URL('./relateThread.ts', import.meta.url))) ?? new URL('./relateWorker.mjs', import.meta.url));
}

/** Worker side: runs the steps of {@link RelateRequest}s it can still claim, on the terrain it was started with. */
export function serveRelations(port: { on(ev: 'message', f: (m: RelateRequest) => void): void; postMessage(m: unknown): void }, terrain: TerrainWire): void {
  const occ = terrainFromWire(terrain);
  port.on('message', (m) => {
    try {
      // Every step already claimed (the calling thread was quicker): nothing to build.
      if (Atomics.load(m.sync, 0) >= m.steps) return;
      const job = jobOfTask(m.task, occ, { seen: m.seen, rowSeen: m.rowSeen });
      while (runOneStep(job, m.sync, m.work));
    } catch (e) {
      port.postMessage({ error: (e as Error).stack ?? String(e) });
    }
  });
}

/**
 * {@link analyseLayout} with the spot relations shared among `threads` threads (Node worker
 * threads besides this one): the same report, bit for bit (but `work.ms`). Node only.
 *
 * A pipeline over the three parts of the analysis (`analyse.ts`): this thread sets every class up
 * (standing spots, moves, zones) and submits its relations first, so the worker threads start on
 * the first class's relations while this one sets up the next; then it takes part in the
 * relations' steps, in order, and writes each class's report as soon as its relations are
 * finished, while the workers go on with the next class's.
 * @param threads threads in all (default: the machine's cores, at most 4).
 * @throws (rejects) Error when {@link layoutOptionProblems} finds a problem or a worker thread fails.
 */
export async function analyseLayoutParallel(world: World, opts: LayoutOptions = {}, threads?: number, onProgress: (p: LayoutProgress) => void = () => {}): Promise<LayoutReport> {
  const n = Math.max(1, Math.min(4, threads ?? availableParallelism()));
  const plan = layoutPlan(world, opts);
  const pool = new RelatePool(world.terrain.occluders, n - 1);
  try {
    const m = plan.classes.length;
    const staged: { setup: ClassSetup; pending: PendingRelation[] }[] = [];
    for (let c = 0; c < m; c++) {
      const cls = plan.classes[c];
      onProgress({ classId: cls.id, stage: 'spots', done: c / m });
      const t0 = performance.now();
      const spots = standingSpots(plan.rules, cls, plan.grid);
      onProgress({ classId: cls.id, stage: 'moves', done: (c + 0.02) / m });
      const setup = classSetup(world, plan, cls, spots, t0);
      staged.push({ setup, pending: setup.asks.map((a) => pool.submit(a.samples, a.rows, a.cols, { mode: a.mode, form: a.form })) });
    }
    const classes: ClassLayout[] = [];
    // Reports of the classes whose relations are all finished (all of them, waiting, with `wait`).
    const reportReady = async (wait: boolean) => {
      while (classes.length < m) {
        const s = staged[classes.length];
        if (!wait && !s.pending.every((p) => pool.finished(p))) return;
        const answers: SpotRelation[] = [];
        for (const p of s.pending) answers.push(await pool.result(p));
        classes.push(classReport(world, plan, s.setup, answers));
        onProgress({ classId: s.setup.cls.id, stage: 'report', done: classes.length / m });
      }
    };
    for (let c = 0; c < m; c++) {
      onProgress({ classId: plan.classes[c].id, stage: 'visibility', done: (c + 0.05) / m });
      for (const p of staged[c].pending) {
        while (pool.claimOne(p)) if (classes.length < c) await reportReady(false);
      }
    }
    await reportReady(true);
    return { grid: plan.grid, mode: plan.mode, sampleSpacingInches: plan.spacing, classes };
  } finally {
    await pool.close();
  }
}
