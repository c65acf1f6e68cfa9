/**
 * The engine's visibility helper: a second thread (a Node worker thread here, a nested Web Worker
 * in the browser) that mirrors the engine's world and takes pairs of units from the back of a
 * visibility matrix. Every test compares with an engine that has no helper: the answers must be
 * the same, whoever computed them, after edits, when the helper dies mid-job, and on cancel.
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { EngineApi } from '../../workers/engineApi';
import type { HelperFactory, HelperLink } from '../../workers/helperLink';
import { nodeThreadHelper } from '../../workers/node/nodeHelper';
import { visibilityHelperEntry } from '../nodeBundle';
import { VisibilityHelper } from '../../workers/visibilityHelper';
import { generateTable, tableToScenario } from '../../src/cli/benchScene';
import { crowdScenario } from './fixtures';

/** The helper threads start from a bundle of their module (tests/nodeBundle.ts), built once in this file. */
let helperEntry: URL;
beforeAll(async () => {
  helperEntry = await visibilityHelperEntry();
});

const links: HelperLink[] = [];
afterEach(() => {
  for (const l of links.splice(0)) l.terminate();
});

/** A factory whose links count the pairs sent to the helper and the pairs it answered. */
function countingHelper(): { factory: HelperFactory; answered: () => number; requested: () => number; link: () => HelperLink } {
  let answered = 0;
  let requested = 0;
  let last: HelperLink | null = null;
  const factory: HelperFactory = () => {
    const link = nodeThreadHelper(helperEntry);
    links.push(link);
    const unitPairs = link.api.unitPairs.bind(link.api);
    const counted: HelperLink = {
      ...link,
      api: new Proxy(link.api, {
        get: (target, key) =>
          key === 'unitPairs'
            ? async (...args: Parameters<typeof unitPairs>) => {
                requested += args[0].length;
                const r = await unitPairs(...args);
                answered += r.length;
                return r;
              }
            : Reflect.get(target, key),
      }),
    };
    last = counted;
    return counted;
  };
  return { factory, answered: () => answered, requested: () => requested, link: () => last! };
}

/**
 * Waits until the helper has answered more than `count` pairs. The engine also answers what the
 * helper holds once it runs out of its own, and the first answer counts, so on a small table a
 * slow helper (a cold thread on a busy machine) may answer only after the job has ended.
 */
async function helperAnsweredMoreThan(h: { answered: () => number }, count: number, timeoutMs = 10_000): Promise<void> {
  for (let i = 0; i < timeoutMs / 10 && h.answered() <= count; i++) await new Promise((r) => setTimeout(r, 10));
  expect(h.answered()).toBeGreaterThan(count);
}

/** Waits until the helper has built its world (it loads in the background after loadScenario). */
async function helperReady(link: HelperLink, applied: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const s = await link.api.stats();
    if (s.loaded && s.applied >= applied) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the helper never loaded');
}

/** A small seeded table with rocks, walls and 2 x 6 units of 3 models (72 ordered pairs). */
const table = () => tableToScenario(generateTable({ seed: 7, unitsPerArmy: 6, modelsPerUnit: 3, rockLevel: 2 }));

describe('the visibility helper', () => {
  test('a matrix shared with the helper equals the engine alone, before and after mirrored edits', async () => {
    const solo = new EngineApi({ yieldEveryItems: 2 });
    const h = countingHelper();
    const shared = new EngineApi({ yieldEveryItems: 2 }, h.factory);
    const s = table();
    expect((await solo.loadScenario(s)).ok).toBe(true);
    expect((await shared.loadScenario(s)).ok).toBe(true);
    await helperReady(h.link(), 1);
    expect(shared.stats().helper).toBe('ready');
    expect(solo.stats().helper).toBe('none');

    const a = await solo.visibilityMatrix();
    const b = await shared.visibilityMatrix();
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.entries.length).toBe(72);
    expect(b.entries).toEqual(a.entries);
    // The job shared pairs with the helper, and it answers them.
    expect(h.requested()).toBeGreaterThan(0);
    await helperAnsweredMoreThan(h, 0);
    expect(new Set(a.entries.map((e) => e.visible)).size).toBe(2);

    // Edits are mirrored in order: move, add, remove (the last model of a unit: the unit goes too).
    const first = s.units![0].models[0];
    const edits = (api: EngineApi) => [
      api.moveModel(first.id, first.position[0] + 3, first.position[1]),
      api.addModel(s.units![1].id, { id: 'extra', base: { round: 40 }, height: 2, position: [30, 21] }),
      ...s.units![2].models.map((m) => api.removeModel(m.id)),
    ];
    expect(edits(solo).every((r) => r.ok)).toBe(true);
    expect(edits(shared).every((r) => r.ok)).toBe(true);
    const before = h.answered();
    const sentBefore = h.requested();
    const a2 = await solo.visibilityMatrix();
    const b2 = await shared.visibilityMatrix();
    expect(a2.ok && b2.ok && b2.entries).toEqual(a2.ok && a2.entries);
    expect(a2.ok && a2.entries.length).toBe(60);
    expect(h.requested()).toBeGreaterThan(sentBefore);
    await helperAnsweredMoreThan(h, before);
  }, 60_000);

  test('a helper that dies mid-job: the engine takes its pairs back and the answers are complete', async () => {
    const solo = new EngineApi();
    const h = countingHelper();
    const shared = new EngineApi({ yieldEveryItems: 1 }, h.factory);
    const s = crowdScenario(5);
    await solo.loadScenario(s);
    await shared.loadScenario(s);
    await helperReady(h.link(), 1);
    let killed = false;
    const b = await shared.visibilityMatrix((p) => {
      if (!killed && p.done >= 4) {
        killed = true;
        h.link().terminate();
      }
    });
    expect(killed).toBe(true);
    expect(shared.stats().helper).toBe('none');
    const a = await solo.visibilityMatrix();
    expect(b.ok && b.entries).toEqual(a.ok && a.entries);
    // The next load starts a fresh helper, which helps again.
    const before = h.answered();
    await shared.loadScenario(s);
    await helperReady(h.link(), 1);
    const c = await shared.visibilityMatrix();
    expect(c.ok && c.entries).toEqual(a.ok && a.entries);
    // On a table this small the engine may finish first (it also answers what the helper holds);
    // the helper's answers still come back.
    await helperAnsweredMoreThan(h, before, 2_000);
  }, 60_000);

  test('a helper out of step (an edit it never applied) refuses; the engine answers alone and drops it', async () => {
    // A link that loses every setModel on the way: the helper's world keeps the old position.
    const lossy: HelperFactory = () => {
      const link = nodeThreadHelper(helperEntry);
      links.push(link);
      return { ...link, api: new Proxy(link.api, { get: (t, k) => (k === 'setModel' ? async () => true : Reflect.get(t, k)) }) };
    };
    const solo = new EngineApi();
    const shared = new EngineApi({ yieldEveryItems: 1 }, lossy);
    const s = crowdScenario(4);
    await solo.loadScenario(s);
    await shared.loadScenario(s);
    for (let i = 0; i < 400 && shared.stats().helper !== 'ready'; i++) await new Promise((r) => setTimeout(r, 25));
    expect(shared.stats().helper).toBe('ready');
    // A model of the last unit (its pairs are at the back of the list, the helper's end) steps into a gap in the walls.
    for (const api of [solo, shared]) expect(api.moveModel('north-3-0', 28, 11).ok).toBe(true);
    const a = await solo.visibilityMatrix();
    const b = await shared.visibilityMatrix();
    expect(b.ok && b.entries).toEqual(a.ok && a.entries);
    // It refused (1 load applied, 2 operations sent), so the engine ended it (the refusal may land
    // after the engine has answered every pair itself).
    for (let i = 0; i < 400 && shared.stats().helper !== 'none'; i++) await new Promise((r) => setTimeout(r, 25));
    expect(shared.stats().helper).toBe('none');
  }, 60_000);

  test('an edit landing as a shared job ends: the helper stays in service and in step', async () => {
    const h = countingHelper();
    const shared = new EngineApi({ yieldEveryItems: 1 }, h.factory);
    const s = table();
    await shared.loadScenario(s);
    await helperReady(h.link(), 1);
    const first = s.units![0].models[0];
    let moved = false;
    const r = await shared.visibilityMatrix((p) => {
      // The last progress report: the helper may still hold queued pairs (sent before the edit, so
      // answered before it: comlink keeps the order).
      if (p.done === p.total && !moved) moved = shared.moveModel(first.id, first.position[0] + 2, first.position[1]).ok;
    });
    expect(r.ok).toBe(true);
    expect(moved).toBe(true);
    // Let every late answer or refusal arrive.
    await new Promise((res) => setTimeout(res, 300));
    await h.link().api.stats();
    expect(shared.stats().helper).toBe('ready');
    const solo = new EngineApi();
    await solo.loadScenario(s);
    solo.moveModel(first.id, first.position[0] + 2, first.position[1]);
    const a = await solo.visibilityMatrix();
    const b = await shared.visibilityMatrix();
    expect(b.ok && b.entries).toEqual(a.ok && a.entries);
  }, 60_000);

  test('the helper refuses pairs when it has applied another number of loads and edits than the engine sent', () => {
    const h = new VisibilityHelper();
    expect(() => h.unitPairs([['north-u0', 'south-u0']])).toThrow(/no world loaded/);
    h.load(generateTable({ seed: 3, unitsPerArmy: 2, modelsPerUnit: 2, rockLevel: 1 }));
    expect(h.unitPairs([['north-u0', 'south-u0']], undefined, 1)).toHaveLength(1);
    expect(() => h.unitPairs([['north-u0', 'south-u0']], undefined, 2)).toThrow(/out of step with the engine \(1 loads and edits applied, 2 sent\)/);
  });

  test('cancel and scenario changes stop a shared job; late helper answers are ignored', async () => {
    const h = countingHelper();
    const shared = new EngineApi({ yieldEveryItems: 1 }, h.factory);
    const s = crowdScenario(5);
    await shared.loadScenario(s);
    await helperReady(h.link(), 1);
    // Cancel at the first report of two items or more (on a busy machine the helper's answers can
    // arrive together, so the count may jump past 2).
    let cancelled = false;
    const job = shared.visibilityMatrix((p) => {
      if (!cancelled && p.done >= 2) {
        cancelled = true;
        shared.cancel('c');
      }
    }, 'c');
    expect(await job).toEqual({ ok: false, reason: 'cancelled' });
    const job2 = shared.visibilityMatrix(undefined, 'd');
    expect(shared.moveModel('north-0-0', 10, 4).ok).toBe(true);
    expect(await job2).toEqual({ ok: false, reason: 'scenario changed' });
    // Afterwards the helper is in step with the moved model.
    const solo = new EngineApi();
    await solo.loadScenario(s);
    solo.moveModel('north-0-0', 10, 4);
    const a = await solo.visibilityMatrix();
    const b = await shared.visibilityMatrix();
    expect(b.ok && b.entries).toEqual(a.ok && a.entries);
  }, 60_000);
});
