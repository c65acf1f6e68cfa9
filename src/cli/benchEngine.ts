/**
 * The bench's engine figures (Node only): the visibility matrix as the app asks for it, through
 * `EngineApi.visibilityMatrix` (every ordered pair of opposing units, both directions), once with
 * the engine's thread alone and once sharing the pairs with its visibility helper in a second
 * thread (`workers/visibilityHelper.ts`). Both engines run in Node worker threads of their own, as
 * the browser runs the engine worker, the helper in a thread nested in the shared one's. Each round reloads the table,
 * so every answer and sample tree is computed again (cold caches, warm JIT), and waits until the
 * helper has built its copy of the world (it does that in the background after each load).
 */
import { performance } from 'node:perf_hooks';
import type { VisibilityEntry } from '../../workers/engineApi';
import { nodeThreadEngine, type NodeEngine } from '../../workers/node/nodeEngine';
import type { Scenario } from '../scenario/schema';

export interface EngineMatrixFigures {
  /** Ordered pairs in the job (the 20x20 matrix and its reverse directions). */
  pairs: number;
  /** Wall milliseconds per round, the engine's thread alone. */
  soloMs: number[];
  /** Wall milliseconds per round, engine and helper together. */
  sharedMs: number[];
  /** Process CPU milliseconds per shared round (both threads). */
  sharedCpuMs: number[];
  /** Wall milliseconds of the untimed warm-up rounds, engine alone, in order: the first on a fresh thread (cold JIT). */
  warmUpSoloMs: number[];
  /** Wall milliseconds of the untimed warm-up rounds, shared with the helper, in order. */
  warmUpSharedMs: number[];
  entries: VisibilityEntry[];
}

/**
 * Untimed rounds first: each engine thread has a JIT of its own to warm, as a long session would
 * have. Measured (session 9, the shared job on six fresh engines): rounds 1-3 took 860-1130,
 * 480-660 and 360-550 ms, with V8's background threads (compilers, collectors) busy about 950, 450
 * and 270 ms per round; later rounds took 250-390 ms with 100-200 ms of background work. So the
 * first three rounds are warm-up; their times are reported separately (`warmUpSharedMs`), the
 * first being what a fresh worker's first matrix costs.
 */
const WARM_UP_ROUNDS = 3;

async function helperReady(api: NodeEngine['api']): Promise<void> {
  for (let i = 0; i < 2400; i++) {
    const h = (await api.stats()).helper;
    if (h === 'ready') return;
    if (h === 'none') throw new Error('bench: the visibility helper did not start');
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('bench: the visibility helper did not load within a minute');
}

/**
 * Runs `rounds` timed rounds of each (after {@link WARM_UP_ROUNDS} warm-up rounds of each); throws if the two ever
 * disagree. Each engine runs in a worker thread of its own, as the browser runs the engine worker
 * (its heap holds one world, not the bench's), the shared one with its helper in a nested thread;
 * times are wall clock as the caller sees them, through comlink.
 */
export async function engineMatrixFigures(scenario: Scenario, rounds: number): Promise<EngineMatrixFigures> {
  const solo = nodeThreadEngine(false);
  const shared = nodeThreadEngine(true);
  // Every call races the thread's failure, so a dead engine fails the bench instead of hanging it.
  const call = <P extends PromiseLike<unknown>>(engine: NodeEngine, p: P): Promise<Awaited<P>> => Promise.race([p, engine.failed]) as Promise<Awaited<P>>;
  const load = async (engine: NodeEngine) => {
    const r = await call(engine, engine.api.loadScenario(scenario));
    if (!r.ok) throw new Error(`bench: the table as a scenario did not load: ${r.problems.slice(0, 3).join('; ')}`);
  };
  const out: EngineMatrixFigures = { pairs: 0, soloMs: [], sharedMs: [], sharedCpuMs: [], warmUpSoloMs: [], warmUpSharedMs: [], entries: [] };
  try {
    for (let round = -WARM_UP_ROUNDS; round < rounds; round++) {
      await load(solo);
      let t0 = performance.now();
      const a = await call(solo, solo.api.visibilityMatrix());
      const soloMs = performance.now() - t0;
      await load(shared);
      await call(shared, helperReady(shared.api));
      const c0 = process.cpuUsage();
      t0 = performance.now();
      const b = await call(shared, shared.api.visibilityMatrix());
      const sharedMs = performance.now() - t0;
      const c = process.cpuUsage(c0);
      if (!a.ok || !b.ok) throw new Error('bench: a matrix job stopped');
      if (JSON.stringify(a.entries) !== JSON.stringify(b.entries)) throw new Error('bench: the shared matrix differs from the engine alone');
      out.pairs = a.entries.length;
      out.entries = a.entries;
      if (round < 0) {
        out.warmUpSoloMs.push(soloMs);
        out.warmUpSharedMs.push(sharedMs);
        continue;
      }
      out.soloMs.push(soloMs);
      out.sharedMs.push(sharedMs);
      out.sharedCpuMs.push((c.user + c.system) / 1000);
    }
  } finally {
    await solo.terminate();
    await shared.terminate();
  }
  return out;
}
