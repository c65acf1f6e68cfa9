/**
 * The engine through a real comlink boundary: `workers/engine.worker.ts` run by
 * `@vitest/web-worker` (a simulated Web Worker in this thread; messages are structured-cloned,
 * `Comlink.proxy` callbacks travel over real MessagePorts), driven by `src/client/engineClient.ts`.
 */
import '@vitest/web-worker';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, test } from 'vitest';
import { createEngineClient, EngineWorkerDiedError, type EngineClient, type EngineClientOptions, type Progress, type RestartEvent } from '../../src/client/engineClient';
import type { EngineApi } from '../../workers/engineApi';
import { ENGINE_READY_MESSAGE, isEngineReadyMessage } from '../../workers/protocol';
import { ALL_KINDS, answerDirectly, crowdScenario, wallMeshes, wallScenario } from './fixtures';

const newWorker = () => new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module' });

const clients: EngineClient[] = [];
function client(options: EngineClientOptions = {}, factory: () => Worker = newWorker): EngineClient {
  const c = createEngineClient(factory, options);
  clients.push(c);
  return c;
}

afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});

async function loadedClient(options: EngineClientOptions = {}): Promise<EngineClient> {
  const c = client(options);
  const r = await c.loadScenario(wallScenario(), wallMeshes());
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return c;
}

const VISIBLE_A1_B1 = { id: 'v', kind: 'visible', observer: 'a1', target: 'b1' } as const;

/**
 * A Worker that starts (posts the engine's ready message) but swallows every call and never
 * answers: a hung or silently dead worker. With `ready: false` it never even starts.
 */
class HungWorker extends EventTarget {
  terminated = false;
  onmessage = null;
  onmessageerror = null;
  onerror = null;
  constructor(ready = true) {
    super();
    if (ready) setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: ENGINE_READY_MESSAGE })), 0);
  }
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

/**
 * A real engine worker whose start-up takes `delayMs` longer: messages posted before then are
 * held back, and its ready message is delivered late.
 */
class SlowStartWorker extends EventTarget {
  private readonly real = newWorker();
  private held: [unknown, Transferable[]][] | null = [];
  constructor(delayMs: number) {
    super();
    this.real.addEventListener('message', (e: MessageEvent) => {
      if (isEngineReadyMessage(e.data)) {
        setTimeout(() => {
          this.dispatchEvent(new MessageEvent('message', { data: e.data }));
          const held = this.held ?? [];
          this.held = null;
          for (const [data, transfer] of held) this.real.postMessage(data, transfer);
        }, delayMs);
      } else {
        this.dispatchEvent(new MessageEvent('message', { data: e.data }));
      }
    });
  }
  postMessage(data: unknown, transfer: Transferable[] = []): void {
    if (this.held) this.held.push([data, transfer]);
    else this.real.postMessage(data, transfer);
  }
  terminate(): void {
    this.real.terminate();
  }
}

describe('the worker through raw comlink', () => {
  test('Comlink.expose(api, self) answers, and a bad scenario comes back as problems', async () => {
    const w = newWorker();
    const remote = Comlink.wrap<EngineApi>(w);
    try {
      const bad = await remote.loadScenario({ battlefield: { width: 60 }, units: [{ id: 'u', army: 'x', models: [] }] });
      expect(bad.ok).toBe(false);
      if (!bad.ok) {
        expect(bad.problems).toContain('battlefield.depth: Invalid input: expected number, received undefined');
        expect(bad.problems.some((p) => p.startsWith('units[0].models:'))).toBe(true);
      }
      const ok = await remote.loadScenario(wallScenario(), wallMeshes());
      expect(ok.ok).toBe(true);
      expect(await remote.stats()).toMatchObject({ loaded: true, terrainIndexBuilds: 1 });
    } finally {
      w.terminate();
    }
  });
});

describe('engine client', () => {
  test('loads a scenario and answers every query kind exactly as answerQuery in-process', async () => {
    const c = client();
    const r = await c.loadScenario(wallScenario(), wallMeshes());
    expect(r).toMatchObject({ ok: true, summary: { terrainFeatures: 3, units: 3, models: 5, armies: ['north', 'south'] } });
    const direct = await answerDirectly(wallScenario(), ALL_KINDS);
    const one = [];
    for (const q of ALL_KINDS) {
      const a = await c.query(q);
      if (!a.ok) throw new Error(a.problems.join('\n'));
      one.push(a.answer);
    }
    expect(one).toEqual(direct);
    expect(await c.queries(ALL_KINDS)).toEqual({ ok: true, jobId: expect.any(String), answers: direct });
    expect(c.snapshot).toEqual(await c.getScenario());
  });

  test('bad input is data: scenario problems, query problems, edit reasons', async () => {
    const c = client();
    const bad = await c.loadScenario({ battlefield: { width: 60, depth: 44 }, units: [{ id: 'u', army: 'x', models: [{ id: 'm', base: { round: 32 }, height: 1, position: [1, 1], colour: 'red' }] }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.join('\n')).toMatch(/^units\[0\]\.models\[0\].*colour/m);
    expect(c.snapshot).toBeNull();
    expect(await c.query(VISIBLE_A1_B1)).toEqual({ ok: false, problems: ['(engine): no scenario loaded'] });
    await c.loadScenario(wallScenario(), wallMeshes());
    expect(await c.query({ ...VISIBLE_A1_B1, target: 'ghost' })).toEqual({ ok: false, problems: ['query.target: unknown id "ghost"'] });
    expect(await c.moveModel('a1', 100, 100)).toMatchObject({ ok: false, reason: expect.stringContaining('battlefield') });
    expect(await c.addModel('nope', {})).toEqual({ ok: false, reason: 'unknown unit "nope"' });
  });

  test('moveModel changes a visibility answer and keeps the terrain BVH (no rebuild)', async () => {
    const c = await loadedClient();
    const before = await c.query(VISIBLE_A1_B1);
    expect(before.ok && before.answer.value).toBe(false);
    const stats0 = await c.stats();
    expect(await c.moveModel('b1', 35, 32)).toEqual({ ok: true });
    const after = await c.query(VISIBLE_A1_B1);
    expect(after.ok && after.answer.value).toBe(true);
    const moved = c.snapshot!;
    expect(moved.units![1].models[0].position).toEqual([35, 32]);
    const [direct] = await answerDirectly(moved, [VISIBLE_A1_B1]);
    expect(after.ok && after.answer).toEqual(direct);
    const stats1 = await c.stats();
    expect(stats0.terrainIndexId).not.toBeNull();
    expect(stats1.terrainIndexId).toBe(stats0.terrainIndexId); // the very same TerrainIndex object
    expect(stats1.terrainIndexBuilds).toBe(1);
    expect(stats1.version).toBe(stats0.version + 1);
  });

  test('add and remove keep the client snapshot equal to the worker scenario', async () => {
    const c = await loadedClient();
    expect(await c.addModel('a', { id: 'a3', base: { round: 32 }, height: 1.2, position: [24, 21] })).toEqual({ ok: true });
    expect(await c.removeModel('c1')).toEqual({ ok: true, removedUnit: 'c' });
    const s = c.snapshot!;
    expect(s).toEqual(await c.getScenario());
    expect(s.units!.map((u) => [u.id, u.models.map((m) => m.id)])).toEqual([
      ['a', ['a1', 'a2', 'a3']],
      ['b', ['b1', 'b2']],
    ]);
  });

  test('progress callbacks fire with increasing counts, up to the total', async () => {
    const c = await loadedClient();
    await c.configure({ yieldEveryItems: 1 });
    const seen: Progress[] = [];
    const job = c.queries(ALL_KINDS, (p) => seen.push(p));
    const r = await job;
    expect(r.ok).toBe(true);
    const dones = seen.map((p) => p.done);
    expect(dones[0]).toBe(0);
    expect(dones.at(-1)).toBe(ALL_KINDS.length);
    expect(dones.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < dones.length; i++) expect(dones[i]).toBeGreaterThan(dones[i - 1]);
    expect(seen.every((p) => p.total === ALL_KINDS.length && p.jobId === job.id)).toBe(true);

    const m: number[] = [];
    const matrix = await c.visibilityMatrix((p) => m.push(p.done));
    expect(matrix.ok && matrix.entries.map((e) => e.visible)).toEqual([false, true, false, true]);
    expect(m).toEqual([0, 1, 2, 3, 4]);
    const combat = await c.combatPairs();
    expect(combat.ok && combat.pairs.map((p) => [p.a, p.b])).toEqual([['a', 'c']]);
  });

  test('cancellation mid-matrix resolves cancelled', async () => {
    const c = client();
    expect((await c.loadScenario(crowdScenario(8))).ok).toBe(true);
    await c.configure({ yieldEveryItems: 1 });
    const seen: number[] = [];
    let cancelled: Promise<boolean> | undefined;
    const job = c.visibilityMatrix((p) => {
      seen.push(p.done);
      if (p.done >= 2 && !cancelled) cancelled = job.cancel();
    });
    expect(await job).toEqual({ ok: false, reason: 'cancelled' });
    expect(await cancelled).toBe(true);
    const total = 8 * 8 * 2;
    expect(Math.max(...seen)).toBeLessThan(total);
    expect((await c.stats()).runningJobs).toEqual([]);
    // The worker is still healthy and the next job runs to the end.
    const again = await c.combatPairs();
    expect(again.ok).toBe(true);
  });

  test('an AbortSignal cancels a job', async () => {
    const c = client();
    await c.loadScenario(crowdScenario(6));
    await c.configure({ yieldEveryItems: 1 });
    const ac = new AbortController();
    const job = c.visibilityMatrix((p) => p.done === 1 && ac.abort(), { signal: ac.signal });
    expect(await job).toEqual({ ok: false, reason: 'cancelled' });
  });
});

describe('crash recovery', () => {
  test('killing the worker mid-query: the watchdog restarts it, restores the moved scenario and answers', async () => {
    const restarts: RestartEvent[] = [];
    // The watchdog is short only for the call the dead worker never answers; the set-up and the
    // restored worker's answers get the generous default (a loaded machine is slow, not hung).
    const generous = 60_000;
    const c = await loadedClient({
      onRestart: (e) => {
        restarts.push(e);
        c.watchdogMs = generous;
      },
    });
    expect(await c.moveModel('b1', 35, 32)).toEqual({ ok: true });
    const dead = c.worker;
    c.watchdogMs = 300;
    const pending = c.query(VISIBLE_A1_B1);
    dead.terminate(); // behind the client's back: the call is never answered
    const r = await pending;
    expect(c.worker).not.toBe(dead);
    expect(restarts).toEqual([{ restarts: 1, cause: 'watchdog', restored: true }]);
    expect(r.ok && r.answer.value).toBe(true); // the earlier moveModel survived the restart
    const [direct] = await answerDirectly(c.snapshot!, [VISIBLE_A1_B1]);
    expect(r.ok && r.answer).toEqual(direct);
    const s = await c.getScenario();
    expect(s!.units![1].models[0].position).toEqual([35, 32]);
    expect(s).toEqual(c.snapshot);
    expect((await c.stats()).terrainIndexBuilds).toBe(1); // a fresh engine, loaded once
  });

  test('simulateCrash mid-matrix: the job is retried on a restored worker and completes', async () => {
    const c = await loadedClient();
    await c.configure({ yieldEveryItems: 1 });
    expect(await c.moveModel('b1', 35, 32)).toEqual({ ok: true });
    const firstWorker = c.worker;
    let crashed = false;
    const seen: [number, number][] = [];
    const job = c.visibilityMatrix((p) => {
      seen.push([c.restarts, p.done]);
      if (!crashed && p.done >= 1) {
        crashed = true;
        void c.simulateCrash();
      }
    });
    const r = await job;
    expect(crashed).toBe(true);
    expect(c.restarts).toBe(1);
    expect(c.worker).not.toBe(firstWorker);
    if (!r.ok) throw new Error(r.reason);
    // b1 moved into view of a: the restored worker has the move.
    expect(r.entries.map((e) => [e.observer, e.target, e.visible])).toEqual([
      ['a', 'b', true],
      ['a', 'c', true],
      ['b', 'a', true],
      ['c', 'a', true],
    ]);
    // After the crash only the new worker's reports arrive, starting over from 0.
    const afterCrash = seen.filter(([n]) => n === 1).map(([, d]) => d);
    expect(afterCrash).toEqual([0, 1, 2, 3, 4]);
    // The yield configuration was re-applied to the new worker (one report per item).
  });

  test('an error event on the worker restarts it; in-flight calls are retried once', async () => {
    const restarts: RestartEvent[] = [];
    const c = await loadedClient({ onRestart: (e) => restarts.push(e) });
    await c.configure({ yieldEveryItems: 1 });
    await c.moveModel('c1', 27, 24);
    const w = c.worker;
    let fired = false;
    const job = c.queries(ALL_KINDS, (p) => {
      if (!fired && p.done >= 2) {
        fired = true;
        w.dispatchEvent(new Event('error'));
      }
    });
    const q = c.query({ id: 'd', kind: 'distance', from: 'a1', to: 'c1' });
    const r = await job;
    expect(fired).toBe(true);
    expect(restarts.map((e) => e.cause)).toEqual(['error']);
    const direct = await answerDirectly(c.snapshot!, ALL_KINDS);
    expect(r).toEqual({ ok: true, jobId: job.id, answers: direct });
    const d = await q;
    const [dd] = await answerDirectly(c.snapshot!, [{ id: 'd', kind: 'distance', from: 'a1', to: 'c1' }]);
    expect(d.ok && d.answer).toEqual(dd);
  });

  test('a worker that never answers is replaced by the watchdog', async () => {
    const hung = new HungWorker();
    let made = 0;
    const c: EngineClient = client({ watchdogMs: 150 }, () => {
      if (made++ === 0) return hung as unknown as Worker;
      c.watchdogMs = 60_000; // the real worker's answers: slow on a loaded machine, never hung
      return newWorker();
    });
    const r = await c.loadScenario(wallScenario(), wallMeshes());
    expect(r.ok).toBe(true);
    expect(hung.terminated).toBe(true);
    expect(c.restarts).toBe(1);
    expect(made).toBe(2);
    const v = await c.query(VISIBLE_A1_B1);
    expect(v.ok && v.answer.value).toBe(false);
  });

  test('a worker that never starts is replaced by the start-up watchdog', async () => {
    const never = new HungWorker(false);
    let made = 0;
    const restarts: RestartEvent[] = [];
    const c: EngineClient = client({ startupWatchdogMs: 100, onRestart: (e) => restarts.push(e) }, () => {
      if (made++ === 0) return never as unknown as Worker;
      c.startupWatchdogMs = 60_000; // a cold real worker may take a while to load its modules
      return newWorker();
    });
    const r = await c.loadScenario(wallScenario(), wallMeshes());
    expect(r.ok).toBe(true);
    expect(never.terminated).toBe(true);
    expect(restarts).toEqual([{ restarts: 1, cause: 'startup', restored: false }]);
  });

  test('slow start-up does not count against the call watchdog', async () => {
    const c = client({ watchdogMs: 100 }, () => new SlowStartWorker(400) as unknown as Worker);
    const t0 = performance.now();
    const r = await c.loadScenario(wallScenario(), wallMeshes());
    expect(r.ok).toBe(true);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(390);
    expect(c.restarts).toBe(0);
  });

  test('a call whose retry dies too rejects with EngineWorkerDiedError', async () => {
    const c = client({ watchdogMs: 100 }, () => new HungWorker() as unknown as Worker);
    await expect(c.query(VISIBLE_A1_B1)).rejects.toBeInstanceOf(EngineWorkerDiedError);
    expect(c.restarts).toBe(2);
  });

  test('a cancel during a restart is honoured by the retry', async () => {
    const c = client();
    await c.loadScenario(crowdScenario(6));
    await c.configure({ yieldEveryItems: 1 });
    let done = false;
    const job = c.visibilityMatrix((p) => {
      if (!done && p.done >= 1) {
        done = true;
        void c.simulateCrash();
        void job.cancel();
      }
    });
    expect(await job).toEqual({ ok: false, reason: 'cancelled' });
    expect(c.restarts).toBe(1);
  });

  test('dispose rejects later calls', async () => {
    const c = await loadedClient();
    c.dispose();
    await expect(c.query(VISIBLE_A1_B1)).rejects.toMatchObject({ name: 'EngineWorkerDiedError', deathCause: 'disposed' });
  });
});
