import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DEFAULT_SAMPLE_SPACING_INCHES } from '../geometry/visibility';
import type { World } from '../geometry/world';
import { layoutCore, layoutOptionProblems, type LayoutOptions, type LayoutProgress, type LayoutReport } from './analyse';
import { meshOccluder, solidOccluder, type Occluder } from '../geometry/occluders';
import { convexSolidTriangles, type ConvexSolid } from '../geometry/solids';
import { modelClass } from './classes';
import type { SpotGrid } from './standingSpots';
import { mergeRelation, relationJob, relationPart, relationResult, runRelationStep, SpotSamples, type RelateOptions, type SpotRelation, type SpotSet } from './spotVisibility';

/**
 * The spot relation on several threads (Node worker threads): every thread builds the same
 * {@link RelationJob} (deterministic trees and steps), claims steps from a shared counter
 * (`Atomics.add`, so a thread that finishes early takes the next step: the steps' costs vary a
 * hundredfold), and the parts are merged by the calling thread. The answer is the one thread's
 * answer bit for bit: steps hold disjoint rows, and each step's search does not depend on which
 * other steps ran in the same thread.
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

/** A relation request as a worker receives it. */
export interface RelateRequest {
  id: number;
  spots: SpotGrid;
  spacing: number;
  rows: SpotSet;
  cols: SpotSet;
  opts: RelateOptions;
  /** Int32Array over a SharedArrayBuffer: entry 0 the next step to claim. */
  counter: Int32Array;
}

/** Runs the steps this thread claims; returns how many it ran. */
export function runClaimedSteps(job: ReturnType<typeof relationJob>, counter: Int32Array): number {
  let ran = 0;
  for (;;) {
    const k = Atomics.add(counter, 0, 1);
    if (k >= job.steps) return ran;
    runRelationStep(job, k);
    ran++;
  }
}

/** A pool of worker threads holding one terrain; {@link RelatePool.relate} shares each relation with them. */
export class RelatePool {
  private readonly workers: Worker[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void; left: number; parts: unknown[] }>();
  private samples: SpotSamples | null = null;

  /**
   * @param threads worker threads besides the calling one (0: the calling thread alone).
   */
  constructor(
    private readonly occluders: Occluder[],
    threads: number,
  ) {
    if (threads <= 0) return;
    const wire = terrainWire(occluders);
    for (let i = 0; i < threads; i++) {
      const w = new Worker(new URL('./relateWorker.mjs', import.meta.url), { workerData: { terrain: wire } });
      w.on('message', (m: { id: number; part?: unknown; error?: string }) => {
        const p = this.pending.get(m.id);
        if (!p) return;
        if (m.error) {
          this.pending.delete(m.id);
          p.reject(new Error(m.error));
          return;
        }
        p.parts.push(m.part);
        if (--p.left === 0) {
          this.pending.delete(m.id);
          p.resolve(p.parts);
        }
      });
      w.on('error', (e) => {
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
      });
      this.workers.push(w);
    }
  }

  /** Threads in all (the calling one included). */
  get threads(): number {
    return this.workers.length + 1;
  }

  /** The relation of {@link relateSpots}, its steps shared with the pool's threads. */
  async relate(spots: SpotGrid, spacing: number, rows: SpotSet, cols: SpotSet, opts: RelateOptions = {}): Promise<SpotRelation> {
    if (!this.samples || this.samples.spots !== spots || this.samples.spacingInches !== spacing) this.samples = new SpotSamples(spots, modelClass(spots.classId)!, spacing);
    const job = relationJob(this.samples, this.occluders, rows, cols, opts);
    if (job.steps === 0 || this.workers.length === 0) {
      for (let k = 0; k < job.steps; k++) runRelationStep(job, k);
      return relationResult(job);
    }
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const id = this.nextId++;
    const parts = new Promise<unknown[]>((resolve, reject) => this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, left: this.workers.length, parts: [] }));
    const req: RelateRequest = { id, spots, spacing, rows, cols, opts, counter };
    for (const w of this.workers) w.postMessage(req);
    runClaimedSteps(job, counter);
    for (const part of (await parts) as Parameters<typeof mergeRelation>[1][]) mergeRelation(job, part);
    return relationResult(job);
  }

  /** Ends the worker threads. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
  }
}

/** Worker side: answers {@link RelateRequest}s on the terrain it was started with. */
export function serveRelations(port: { on(ev: 'message', f: (m: RelateRequest) => void): void; postMessage(m: unknown, transfer?: ArrayBuffer[]): void }, terrain: TerrainWire): void {
  const occ = terrainFromWire(terrain);
  let samples: SpotSamples | null = null;
  let key = '';
  port.on('message', (m) => {
    try {
      // Spot grids arrive as copies: keep the samples (and their per-spot trees) while the grid is the same.
      const k = `${m.spots.classId}/${m.spots.grid}/${m.spots.count}/${m.spacing}`;
      if (!samples || k !== key) {
        samples = new SpotSamples(m.spots, modelClass(m.spots.classId)!, m.spacing);
        key = k;
      }
      const job = relationJob(samples, occ, m.rows, m.cols, m.opts);
      runClaimedSteps(job, m.counter);
      const part = relationPart(job);
      port.postMessage({ id: m.id, part }, [part.seen.buffer as ArrayBuffer, part.rowSeen.buffer as ArrayBuffer]);
    } catch (e) {
      port.postMessage({ id: m.id, error: (e as Error).stack ?? String(e) });
    }
  });
}

/**
 * {@link analyseLayout} with the spot relations shared among `threads` threads (Node worker
 * threads besides this one; see `parallel.ts`): the same report, bit for bit. Node only.
 * @param threads threads in all (default: the machine's cores, at most 4).
 */
export async function analyseLayoutParallel(world: World, opts: LayoutOptions = {}, threads?: number, onProgress: (p: LayoutProgress) => void = () => {}): Promise<LayoutReport> {
  const n = Math.max(1, Math.min(4, threads ?? availableParallelism()));
  const problems = layoutOptionProblems(world, opts);
  if (problems.length) throw new Error(problems.join('; '));
  const pool = new RelatePool(world.terrain.occluders, n - 1);
  try {
    const it = layoutCore(world, opts, true);
    let answer: SpotRelation | undefined;
    for (;;) {
      const r = it.next(answer);
      answer = undefined;
      if (r.done) return r.value;
      const v = r.value;
      if ('ask' in v) answer = await pool.relate(v.spots, opts.spacingInches ?? DEFAULT_SAMPLE_SPACING_INCHES, v.rows, v.cols, { mode: opts.mode ?? 'fast', form: v.form });
      else onProgress(v);
    }
  } finally {
    await pool.close();
  }
}

