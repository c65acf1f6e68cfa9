/**
 * The engine's layout job (`EngineApi.layout`, issue 19's app panel): the same report as
 * `analyseLayout` on the engine's own World, progress reported in order with the class and stage,
 * a cancel honoured mid-run, bad options and edits handled as the other jobs do; with the
 * visibility helper (a Node worker thread here, a nested Web Worker in the browser) sharing the
 * spot relations' steps: the same report, work counts included, whether the helper ran steps,
 * was cancelled, died mid-run or was out of step.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { analyseLayout, type LayoutReport } from '../../src/layout/analyse';
import { modelClass } from '../../src/layout/classes';
import { jobOfTask, relationResult, relationRows, relationStepRows, relationTask, runRelationStep, SpotSamples } from '../../src/layout/spotVisibility';
import { standingSpots, terrainRules } from '../../src/layout/standingSpots';
import { EngineApi, type LayoutJobProgress } from '../../workers/engineApi';
import type { HelperFactory, HelperLink } from '../../workers/helperLink';
import { nodeThreadHelper } from '../../workers/node/nodeHelper';
import { signallingHelperEntry, visibilityHelperEntry } from '../nodeBundle';
import { VisibilityHelper } from '../../workers/visibilityHelper';
import { wallMeshes, wallScenario } from './fixtures';

/** The helper threads start from a bundle of their module (tests/nodeBundle.ts), built once in this file. */
let helperEntry: URL;
/** The same helper that also counts its answered layout steps into a shared buffer (tests/worker/signallingHelperThread.ts). */
let signallingEntry: URL;
beforeAll(async () => {
  [helperEntry, signallingEntry] = await Promise.all([visibilityHelperEntry(), signallingHelperEntry()]);
});

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
  test('the proof for a spot (issue 29, item 7) answers from the loaded battlefield as the report counts it; bad requests are problems', async () => {
    const api = await loaded();
    const r = await api.layout({ grid: 2, classes: ['infantry'], threat: 0 }, undefined, 'lay-proof');
    if (!r.ok) throw new Error(JSON.stringify(r));
    const [name, t] = Object.entries(r.report.classes[0].territories)[0];
    for (const h of [t.heatmap[0], t.heatmap[t.heatmap.length >> 1], t.heatmap[t.heatmap.length - 1]]) {
      const p = api.layoutSpotProof({ grid: 2, threat: 0, classId: 'infantry' }, name, h[0], h[1]);
      if (!p.ok) throw new Error(p.problems.join('; '));
      expect(p.proof.spot).toEqual([h[0], h[1], h[2]]);
      expect(Math.round((1000 * p.proof.seeing) / p.proof.threatZoneSpots) / 1000).toBe(h[3]);
      expect(Math.round((1000 * p.proof.targeting.length) / p.proof.threatZoneSpots) / 1000).toBe(h[4]);
      expect(p.proof.protectedFrom.length).toBe(p.proof.seeing - p.proof.targeting.length);
    }
    expect(api.layoutSpotProof({ grid: 2 }, 'nowhere', 1, 1)).toMatchObject({ ok: false, problems: [expect.stringMatching(/unknown territory "nowhere"/)] });
    expect(new EngineApi().layoutSpotProof({}, name, 1, 1)).toEqual({ ok: false, problems: ['no scenario loaded'] });
  });

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

const links: HelperLink[] = [];
afterEach(() => {
  for (const l of links.splice(0)) l.terminate();
});

/** A factory of Node-thread helpers (started from `entry`, the helper's own bundle by default) that keeps the last link (for its stats, or to end it). */
function helperFactory(wrap: (link: HelperLink) => HelperLink = (l) => l, entry?: URL): { factory: HelperFactory; link: () => HelperLink } {
  let last: HelperLink | null = null;
  return {
    factory: () => {
      const link = nodeThreadHelper(entry ?? helperEntry);
      links.push(link);
      last = wrap(link);
      return last;
    },
    link: () => last!,
  };
}

async function helperReady(api: EngineApi): Promise<void> {
  for (let i = 0; i < 800 && api.stats().helper !== 'ready'; i++) await new Promise((r) => setTimeout(r, 25));
  expect(api.stats().helper).toBe('ready');
}

/** An engine with a Node-thread helper, on the wall scenario, its helper ready (yielding after every item). */
async function wallWithHelper() {
  const h = helperFactory();
  const api = new EngineApi({ yieldEveryItems: 1 }, h.factory);
  expect((await api.loadScenario(wallScenario(), wallMeshes())).ok).toBe(true);
  await helperReady(api);
  return { h, api };
}

/** The default battlefield with its mesh files (so the engine needs no fetch). */
function defaultTable(): { json: unknown; meshes: Record<string, Uint8Array> } {
  const url = new URL('../../assets/scenarios/default.json', import.meta.url);
  const json = JSON.parse(readFileSync(url, 'utf8')) as { terrain: { pieces: { src?: string }[] }[] };
  const meshes: Record<string, Uint8Array> = {};
  for (const t of json.terrain) for (const p of t.pieces) if (p.src) meshes[p.src] = readFileSync(new URL(p.src, url));
  return { json, meshes };
}

/** The layout options both default-battlefield tests below run: infantry at 2", threat 0. */
const DEFAULT_AT_2 = { grid: 2, classes: ['infantry'], threat: 0 };
let defaultAt2: LayoutReport | undefined;
/**
 * `analyseLayout`'s report (without timings) for {@link DEFAULT_AT_2} on the default battlefield,
 * computed once in this file from the first engine's World that asks (every engine here builds the
 * same World from the same files): the reference the jobs with a helper are compared with.
 */
function defaultAt2Report(api: EngineApi): LayoutReport {
  return (defaultAt2 ??= timeless(analyseLayout(api.world!, DEFAULT_AT_2)));
}

const wallReports = new Map<string, LayoutReport>();
/**
 * `analyseLayout`'s report (without timings) for `opts` on the engine's World, computed once per battlefield in this
 * file: the key is the options, the terrain features and every model's unit, footprint, elevation and height, so two
 * engines whose Worlds hold the same table share it (the edit and the out-of-step helper below both end on the wall
 * table with a1 moved to 20, 20).
 */
function referenceReport(api: EngineApi, opts: { grid: number; classes: string[]; threat: number }): LayoutReport {
  const w = api.world!;
  const key = JSON.stringify([opts, w.terrain.features.map((f) => f.id), [...w.models.values()].map((m) => [m.id, m.unitId, m.footprint, m.elevation, m.heightInches])]);
  let r = wallReports.get(key);
  if (r === undefined) wallReports.set(key, (r = timeless(analyseLayout(w, opts))));
  return r;
}

describe('EngineApi.layout with the visibility helper (both threads)', () => {
  test('the default battlefield at 2": the helper runs steps, the report (work counts included) is analyseLayout\'s', async () => {
    const h = helperFactory();
    const api = new EngineApi({}, h.factory);
    const t = defaultTable();
    const loaded = await api.loadScenario(t.json, t.meshes);
    expect(loaded.ok).toBe(true);
    await helperReady(api);
    const opts = DEFAULT_AT_2;
    const progress: LayoutJobProgress[] = [];
    const r = await api.layout(opts, (p) => progress.push(p), 'lay-h');
    if (!r.ok || !('report' in r)) throw new Error(JSON.stringify(r));
    expect(timeless(r.report)).toEqual(defaultAt2Report(api));
    // One pairs relation (the other territory is its transpose) and two rows relations; the helper
    // answered some of their steps, and ran at least those.
    expect(r.threads.steps).toBeGreaterThan(10);
    expect(r.threads.helperSteps).toBeGreaterThan(0);
    expect(r.threads.helperSteps).toBeLessThan(r.threads.steps);
    const stats = await h.link().api.stats();
    expect(stats.layoutSteps).toBeGreaterThanOrEqual(r.threads.helperSteps);
    console.log(`default battlefield, infantry, 2": ${r.threads.helperSteps} of ${r.threads.steps} steps by the helper (helper ${Math.round(stats.layoutMs)} ms, engine run ${r.report.classes[0].work.ms} ms)`);
    // Progress: strictly increasing per mille to the total, the helper's steps never decreasing.
    expect(progress[0].done).toBe(0);
    expect(progress.at(-1)!.done).toBe(1000);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i].done).toBeGreaterThan(progress[i - 1].done);
      expect(progress[i].helperSteps!).toBeGreaterThanOrEqual(progress[i - 1].helperSteps!);
    }
    expect(progress.at(-1)!.helperSteps).toBe(r.threads.helperSteps);
    expect(api.stats().helper).toBe('ready');
  }, 180_000);

  test('threat 3 and two classes (pairs and rows relations, no twins): the same report as the engine alone', async () => {
    const { api } = await wallWithHelper();
    const opts = { grid: 2, classes: ['infantry', 'cavalry'], threat: 3 };
    const r = await api.layout(opts);
    if (!r.ok || !('report' in r)) throw new Error(JSON.stringify(r));
    expect(timeless(r.report)).toEqual(referenceReport(api, opts));
    const solo = await loaded();
    const s = await solo.layout(opts);
    if (!s.ok || !('report' in s)) throw new Error(JSON.stringify(s));
    expect(s.threads).toEqual({ steps: r.threads.steps, helperSteps: 0 });
    expect(timeless(r.report)).toEqual(timeless(s.report));
  }, 180_000);

  test('a cancel mid-run, while the helper holds steps: the job stops, the helper stays in service, the next run is right', async () => {
    const { api } = await wallWithHelper();
    let cancelledAt: LayoutJobProgress | null = null;
    // CPU time of this process (the job's threads included), not wall time: a loaded machine makes
    // the run slower, not longer in work.
    const cpu0 = process.cpuUsage();
    const r = await api.layout({ grid: 1, classes: ['cavalry', 'monster'] }, (p) => {
      if (!cancelledAt && (p.helperSteps ?? 0) > 0) {
        cancelledAt = p;
        api.cancel('lay-hc');
      }
    }, 'lay-hc');
    // Cancelled once the helper had answered a step (so while it held others), before the end.
    expect(r).toEqual({ ok: false, reason: 'cancelled' });
    expect(cancelledAt!.done).toBeLessThan(1000);
    const cpu = process.cpuUsage(cpu0);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(20_000);
    expect(api.stats().runningJobs).toEqual([]);
    expect(api.stats().helper).toBe('ready');
    const opts = { grid: 2, classes: ['infantry'], threat: 3 };
    const again = await api.layout(opts);
    if (!again.ok || !('report' in again)) throw new Error(JSON.stringify(again));
    expect(timeless(again.report)).toEqual(referenceReport(api, opts));
    expect(api.stats().helper).toBe('ready');
  }, 180_000);

  test('an edit mid-run while the helper holds steps: "scenario changed", the helper stays in service and in step', async () => {
    const { h, api } = await wallWithHelper();
    let moved = false;
    const r = await api.layout({ grid: 1, classes: ['cavalry'] }, (p) => {
      if (!moved && (p.helperSteps ?? 0) > 0) {
        moved = true;
        expect(api.moveModel('a1', 20, 20).ok).toBe(true);
      }
    });
    expect(moved).toBe(true);
    expect(r).toEqual({ ok: false, reason: 'scenario changed' });
    const opts = { grid: 2, classes: ['infantry'], threat: 3 };
    const again = await api.layout(opts);
    if (!again.ok || !('report' in again)) throw new Error(JSON.stringify(again));
    expect(timeless(again.report)).toEqual(referenceReport(api, opts));
    expect(api.stats().helper).toBe('ready');
    expect((await h.link().api.stats()).applied).toBe(2);
  }, 180_000);

  test('the helper dies mid-run: the engine runs the rest and the report is the same', async () => {
    // No race between the two threads: the helper's thread counts its answered layout steps into a
    // shared buffer (tests/worker/signallingHelperThread.ts), and the call that sends it its first step
    // waits (Atomics.wait, in the engine's thread) until that step's answer is posted. The answer is
    // then queued before the engine may run that step itself (it runs steps from the front, the
    // helper's from the back), so the helper has answered a step when the job reports it, mid-run,
    // and is ended there.
    const answered = new Int32Array(new SharedArrayBuffer(4));
    let firstWait: string | null = null;
    const h = helperFactory((link) => {
      void (link.api as unknown as { watchSteps(b: SharedArrayBuffer): Promise<void> }).watchSteps(answered.buffer as SharedArrayBuffer);
      const layoutSteps = (id: number, steps: number[]) => {
        const answer = link.api.layoutSteps(id, steps);
        if (firstWait === null) firstWait = Atomics.wait(answered, 0, 0, 120_000);
        return answer;
      };
      return { ...link, api: new Proxy(link.api, { get: (o, k) => (k === 'layoutSteps' ? layoutSteps : Reflect.get(o, k)) }) };
    }, signallingEntry);
    const api = new EngineApi({ yieldEveryItems: 1 }, h.factory);
    const t = defaultTable();
    expect((await api.loadScenario(t.json, t.meshes)).ok).toBe(true);
    await helperReady(api);
    let killed: LayoutJobProgress | null = null;
    const r = await api.layout(DEFAULT_AT_2, (p) => {
      if (!killed && (p.helperSteps ?? 0) > 0) {
        killed = p;
        h.link().terminate();
      }
    });
    if (!r.ok || !('report' in r)) throw new Error(JSON.stringify(r));
    // The engine's thread waited for the helper's first answer ('not-equal': it was posted before the wait began).
    expect(['ok', 'not-equal']).toContain(firstWait);
    expect(killed).not.toBeNull();
    const killedAt = killed!.helperSteps!;
    expect(killedAt).toBeGreaterThan(0);
    // Ended mid-run: before the final report.
    expect(killed!.done).toBeLessThan(killed!.total);
    expect(timeless(r.report)).toEqual(defaultAt2Report(api));
    // Answers that arrived before the end were kept; none after it.
    expect(r.threads.helperSteps).toBeGreaterThanOrEqual(killedAt);
    expect(r.threads.helperSteps).toBeLessThan(r.threads.steps);
    expect(api.stats().helper).toBe('none');
  }, 180_000);

  test('a helper out of step (an edit it never applied) refuses the task: the engine runs every step and drops it', async () => {
    const lossy = helperFactory((link) => ({ ...link, api: new Proxy(link.api, { get: (o, k) => (k === 'setModel' ? async () => true : Reflect.get(o, k)) }) }));
    const api = new EngineApi({ yieldEveryItems: 1 }, lossy.factory);
    expect((await api.loadScenario(wallScenario(), wallMeshes())).ok).toBe(true);
    await helperReady(api);
    expect(api.moveModel('a1', 20, 20).ok).toBe(true);
    const opts = { grid: 2, classes: ['infantry'], threat: 3 };
    const r = await api.layout(opts);
    if (!r.ok || !('report' in r)) throw new Error(JSON.stringify(r));
    expect(timeless(r.report)).toEqual(referenceReport(api, opts));
    expect(r.threads.helperSteps).toBe(0);
    expect(api.stats().helper).toBe('none');
  }, 180_000);
});

describe('VisibilityHelper.layoutTask / layoutSteps (in this thread)', () => {
  test('its steps write the rows and work the engine\'s own job would; unknown tasks and steps are refused', async () => {
    const api = await loaded();
    const world = api.world!;
    const helper = new VisibilityHelper();
    expect(() => helper.layoutSteps(1, [0])).toThrow(/not the one held/);
    expect(() => helper.layoutTask(1, {} as never)).toThrow(/no world loaded/);
    // The helper builds its own World from the same input, as the engine's mirror does.
    const json = wallScenario();
    const engine2 = new EngineApi();
    expect((await engine2.loadScenario(json, wallMeshes())).ok).toBe(true);
    const { scenarioToWorldInput } = await import('../../src/scenario/build');
    const { parseScenario } = await import('../../src/scenario/validate');
    const { parseMeshFile } = await import('../../src/scenario/meshLoader');
    const parsed = parseScenario(json);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const meshes = wallMeshes();
    helper.load(await scenarioToWorldInput(parsed.scenario, async (src) => parseMeshFile(meshes[src], src)));
    expect(() => helper.layoutTask(1, {} as never, 1)).toThrow(/not a layout relation task/);
    expect(() => helper.layoutTask(1, {} as never, 2)).toThrow(/out of step/);

    const cls = modelClass('infantry')!;
    const spots = standingSpots(terrainRules(world), cls, 2);
    const samples = new SpotSamples(spots, cls, 0.25);
    const north = Int32Array.from({ length: spots.count }, (_, i) => i).filter((i) => spots.y[i] > 36);
    const south = Int32Array.from({ length: spots.count }, (_, i) => i).filter((i) => spots.y[i] < 8);
    const task = relationTask(samples, north, south, { form: 'pairs' });
    const mine = jobOfTask(task, world.terrain.occluders);
    expect(helper.layoutTask(7, structuredClone(task), 1)).toBe(mine.steps);
    expect(mine.steps).toBeGreaterThan(2);
    const odd = Array.from({ length: mine.steps }, (_, k) => k).filter((k) => k % 2 === 1);
    const answers = helper.layoutSteps(7, odd);
    // The same job run here alone, step by step.
    const alone = jobOfTask(task, world.terrain.occluders);
    for (let k = 0; k < alone.steps; k++) runRelationStep(alone, k);
    const whole = relationResult(alone);
    let nodePairs = 0;
    let tests = 0;
    for (const a of answers) {
      const [first, last] = relationStepRows(alone, a.step);
      expect(a.first).toBe(first);
      const rows = relationRows(alone, first, last);
      expect(a.seen).toEqual(rows.seen);
      expect(a.rowSeen).toEqual(rows.rowSeen);
      nodePairs += a.nodePairs;
      tests += a.segmentTests;
    }
    expect(nodePairs).toBeGreaterThan(0);
    expect(nodePairs).toBeLessThan(whole.nodePairs);
    expect(tests).toBeLessThan(whole.segmentTests);
    expect(helper.stats().layoutSteps).toBe(odd.length);
    expect(() => helper.layoutSteps(6, [0])).toThrow(/not the one held/);
    expect(() => helper.layoutSteps(7, [mine.steps])).toThrow(/not in \[0/);
    expect(() => helper.layoutSteps(7, [0.5])).toThrow(/not in \[0/);
  });
});
