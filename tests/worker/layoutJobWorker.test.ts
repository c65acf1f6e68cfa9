/**
 * The layout job through a real comlink boundary (`@vitest/web-worker` runs
 * `workers/engine.worker.ts`, driven by `EngineClient.layout`): the report equals `analyseLayout`
 * on an independently built World, progress (with class and stage) arrives through the proxy, and
 * `EngineJob.cancel()` stops it.
 */
import '@vitest/web-worker';
import { afterEach, describe, expect, test } from 'vitest';
import { createEngineClient, type EngineClient, type LayoutJobProgress } from '../../src/client/engineClient';
import { World } from '../../src/geometry/world';
import { analyseLayout, type LayoutReport } from '../../src/layout/analyse';
import { scenarioToWorldInput } from '../../src/scenario/build';
import { parseMeshFile } from '../../src/scenario/meshLoader';
import type { Scenario } from '../../src/scenario/schema';
import { wallMeshes, wallScenario } from './fixtures';

const clients: EngineClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});

async function loadedClient(): Promise<EngineClient> {
  const c = createEngineClient(() => new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module' }));
  clients.push(c);
  const r = await c.loadScenario(wallScenario(), wallMeshes());
  if (!r.ok) throw new Error(r.problems.join('\n'));
  // The engine starts its visibility helper (a nested worker) on load: let it finish loading, so
  // the test does not end while its modules are still being fetched.
  for (let i = 0; i < 200 && (await c.stats()).helper === 'loading'; i++) await new Promise((res) => setTimeout(res, 25));
  return c;
}

const timeless = (r: LayoutReport): LayoutReport => ({ ...r, classes: r.classes.map((c) => ({ ...c, work: { ...c.work, ms: 0 } })) });

describe('EngineClient.layout through the worker', () => {
  test('same report as analyseLayout on the same table, with progress through the proxy', async () => {
    const c = await loadedClient();
    const progress: LayoutJobProgress[] = [];
    const job = c.layout({ grid: 2, classes: ['infantry'] }, (p) => progress.push(p));
    const r = await job;
    expect(r.ok).toBe(true);
    if (!r.ok || !('report' in r)) return;
    const meshes = wallMeshes() as Record<string, ArrayBuffer>;
    const world = new World(await scenarioToWorldInput(wallScenario() as unknown as Scenario, async (src) => parseMeshFile(meshes[src], src)));
    expect(timeless(r.report)).toEqual(timeless(analyseLayout(world, { grid: 2, classes: ['infantry'] })));
    expect(progress.at(-1)).toMatchObject({ jobId: job.id, done: 1000, total: 1000 });
    expect(progress.some((p) => p.classId === 'infantry' && p.stage === 'visibility')).toBe(true);
  });

  test('EngineJob.cancel() stops a run', async () => {
    const c = await loadedClient();
    await c.configure({ yieldEveryItems: 1 });
    const job = c.layout({ grid: 1, classes: ['cavalry'] }, (p) => {
      if (p.done > 0) void job.cancel();
    });
    expect(await job).toEqual({ ok: false, reason: 'cancelled' });
    expect((await c.stats()).runningJobs).toEqual([]);
  });
});
