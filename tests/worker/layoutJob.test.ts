/**
 * The engine's layout job (`EngineApi.layout`, issue 19's app panel): the same report as
 * `analyseLayout` on the engine's own World, progress reported in order with the class and stage,
 * a cancel honoured mid-run, bad options and edits handled as the other jobs do.
 */
import { describe, expect, test } from 'vitest';
import { analyseLayout, type LayoutReport } from '../../src/layout/analyse';
import { EngineApi, type LayoutJobProgress } from '../../workers/engineApi';
import { wallMeshes, wallScenario } from './fixtures';

async function loaded(options = {}): Promise<EngineApi> {
  const api = new EngineApi(options);
  const r = await api.loadScenario(wallScenario(), wallMeshes());
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return api;
}

/** The report without its timings (milliseconds differ from run to run). */
function timeless(r: LayoutReport): LayoutReport {
  return { ...r, classes: r.classes.map((c) => ({ ...c, work: { ...c.work, ms: 0 } })) };
}

describe('EngineApi.layout', () => {
  test('gives the report analyseLayout gives on the same table, with progress in order', async () => {
    const api = await loaded();
    const opts = { grid: 2, classes: ['infantry', 'monster'], threat: 3 };
    const progress: LayoutJobProgress[] = [];
    const r = await api.layout(opts, (p) => progress.push(p), 'lay-1');
    expect(r.ok).toBe(true);
    if (!r.ok || !('report' in r)) return;
    expect(r.jobId).toBe('lay-1');
    const direct = analyseLayout(api.world!, opts);
    expect(timeless(r.report)).toEqual(timeless(direct));
    expect(r.report.classes.map((c) => c.id)).toEqual(['infantry', 'monster']);
    // Progress: from 0 to the total, strictly increasing, with the class and stage once started.
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[0].done).toBe(0);
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);
    for (let i = 1; i < progress.length; i++) expect(progress[i].done).toBeGreaterThan(progress[i - 1].done);
    expect(progress.every((p) => p.jobId === 'lay-1')).toBe(true);
    const staged = progress.filter((p) => p.stage);
    expect(new Set(staged.map((p) => p.classId))).toEqual(new Set(['infantry', 'monster']));
    expect(staged.some((p) => p.stage === 'visibility')).toBe(true);
    expect(api.stats().runningJobs).toEqual([]);
  });

  test('stops on cancel(jobId) at its next step', async () => {
    const api = await loaded({ yieldEveryItems: 1 });
    let cancelledAt = -1;
    const r = await api.layout({ grid: 1, classes: ['cavalry'] }, (p) => {
      if (cancelledAt < 0 && p.done > 0) {
        cancelledAt = p.done;
        api.cancel('lay-c');
      }
    }, 'lay-c');
    expect(r).toEqual({ ok: false, reason: 'cancelled' });
    expect(cancelledAt).toBeGreaterThan(0);
    expect(api.stats().runningJobs).toEqual([]);
    // The engine answers as before, and a new run completes.
    const again = await api.layout({ grid: 4 });
    expect(again.ok).toBe(true);
  });

  test('a cancel sent before the job starts is remembered', async () => {
    const api = await loaded();
    expect(api.cancel('early')).toBe(false);
    expect(await api.layout({ grid: 2 }, undefined, 'early')).toEqual({ ok: false, reason: 'cancelled' });
  });

  test('an edit during the run stops it with "scenario changed"', async () => {
    const api = await loaded({ yieldEveryItems: 1 });
    let moved = false;
    const r = await api.layout({ grid: 1 }, (p) => {
      if (!moved && p.done > 0) {
        moved = true;
        expect(api.moveModel('a1', 20, 20).ok).toBe(true);
      }
    });
    expect(r).toEqual({ ok: false, reason: 'scenario changed' });
  });

  test('bad options and tables without two territories are problems, not throws', async () => {
    const api = await loaded();
    const r = await api.layout({ grid: -1, classes: ['dragon'], threat: Number.NaN });
    expect(r.ok).toBe(false);
    if (r.ok || !('problems' in r)) throw new Error('expected problems');
    expect(r.problems.some((p) => p.startsWith('--grid'))).toBe(true);
    expect(r.problems.some((p) => p.includes('dragon'))).toBe(true);
    expect(r.problems.some((p) => p.startsWith('--threat'))).toBe(true);
    const one = wallScenario() as { territories: Record<string, unknown> };
    delete one.territories.south;
    expect((await api.loadScenario(one, wallMeshes())).ok).toBe(true);
    const r2 = await api.layout({ grid: 2 });
    expect(r2.ok).toBe(false);
    expect('problems' in r2 && r2.problems[0]).toMatch(/^territories:/);
    expect(await new EngineApi().layout()).toEqual({ ok: false, reason: 'no scenario loaded' });
  });
});
