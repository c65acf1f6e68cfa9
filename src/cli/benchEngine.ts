/**
 * The bench's engine figures (Node only): the visibility matrix as the app asks for it, through
 * `EngineApi.visibilityMatrix` (every ordered pair of opposing units, both directions), once with
 * the engine's thread alone and once sharing the pairs with its visibility helper in a second
 * thread (`workers/visibilityHelper.ts`, here a Node worker thread). Each round reloads the table,
 * so every answer and sample tree is computed again (cold caches, warm JIT), and waits until the
 * helper has built its copy of the world (it does that in the background after each load).
 */
import { performance } from 'node:perf_hooks';
import { EngineApi, type VisibilityEntry } from '../../workers/engineApi';
import { nodeThreadHelper } from '../../workers/node/nodeHelper';
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
  entries: VisibilityEntry[];
}

async function helperReady(api: EngineApi): Promise<void> {
  for (let i = 0; i < 2400; i++) {
    const h = api.stats().helper;
    if (h === 'ready') return;
    if (h === 'none') throw new Error('bench: the visibility helper did not start');
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('bench: the visibility helper did not load within a minute');
}

/** Runs `rounds` timed rounds of each (after one warm-up round of each); throws if the two ever disagree. */
export async function engineMatrixFigures(scenario: Scenario, rounds: number): Promise<EngineMatrixFigures> {
  const solo = new EngineApi();
  const shared = new EngineApi({}, nodeThreadHelper);
  const load = async (api: EngineApi) => {
    const r = await api.loadScenario(scenario);
    if (!r.ok) throw new Error(`bench: the table as a scenario did not load: ${r.problems.slice(0, 3).join('; ')}`);
  };
  const out: EngineMatrixFigures = { pairs: 0, soloMs: [], sharedMs: [], sharedCpuMs: [], entries: [] };
  for (let round = -1; round < rounds; round++) {
    await load(solo);
    let t0 = performance.now();
    const a = await solo.visibilityMatrix();
    const soloMs = performance.now() - t0;
    await load(shared);
    await helperReady(shared);
    const c0 = process.cpuUsage();
    t0 = performance.now();
    const b = await shared.visibilityMatrix();
    const sharedMs = performance.now() - t0;
    const c = process.cpuUsage(c0);
    if (!a.ok || !b.ok) throw new Error('bench: a matrix job stopped');
    if (JSON.stringify(a.entries) !== JSON.stringify(b.entries)) throw new Error('bench: the shared matrix differs from the engine alone');
    out.pairs = a.entries.length;
    out.entries = a.entries;
    if (round < 0) continue;
    out.soloMs.push(soloMs);
    out.sharedMs.push(sharedMs);
    out.sharedCpuMs.push((c.user + c.system) / 1000);
  }
  return out;
}
