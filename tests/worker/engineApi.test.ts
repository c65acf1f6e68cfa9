/**
 * The engine API run directly in this process (no worker): the behaviours that do not depend on
 * messaging, checked against `answerQuery` on an independently built world.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Scenario } from '../../src/scenario/schema';
import { parseScenario } from '../../src/scenario/validate';
import { EngineApi, type Progress } from '../../workers/engineApi';
import { ALL_KINDS, answerDirectly, crowdScenario, cubeBytes, wallMeshes, wallScenario } from './fixtures';

async function loaded(options = {}): Promise<EngineApi> {
  const api = new EngineApi(options);
  const r = await api.loadScenario(wallScenario(), wallMeshes());
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return api;
}

const answerOf = (api: EngineApi, q: unknown) => {
  const r = api.query(q);
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return r.answer;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadScenario', () => {
  test('summarizes the scenario it loaded', async () => {
    const api = new EngineApi();
    const r = await api.loadScenario(wallScenario(), wallMeshes());
    expect(r).toEqual({
      ok: true,
      summary: {
        name: 'wall test',
        battlefield: { width: 60, depth: 44 },
        terrainFeatures: 3,
        terrainTriangles: 12 + 12 + 1,
        objectives: 1,
        armies: ['north', 'south'],
        units: 3,
        models: 5,
        queries: 1,
      },
    });
    expect(api.stats()).toMatchObject({ loaded: true, version: 1, terrainIndexBuilds: 1, runningJobs: [] });
  });

  test('a bad scenario comes back as problems with JSON paths, and the previous one stays loaded', async () => {
    const api = await loaded();
    const bad = wallScenario() as { units: { models: Record<string, unknown>[] }[]; battlefield: Record<string, unknown> };
    bad.battlefield.width = -3;
    bad.units[0].models[1].bse = { round: 32 };
    const r = await api.loadScenario(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.some((p) => p.startsWith('battlefield.width:'))).toBe(true);
    expect(r.problems.some((p) => p.startsWith('units[0].models[1]') && p.includes('bse'))).toBe(true);
    expect(answerOf(api, { id: 'd', kind: 'distance', from: 'a1', to: 'c1' }).value).toBeGreaterThan(0);
    expect(api.stats().terrainIndexBuilds).toBe(1);
  });

  test('non-object input and a missing mesh are problems, not throws', async () => {
    const api = new EngineApi();
    const r1 = await api.loadScenario('not a scenario');
    expect(r1.ok).toBe(false);
    const r2 = await api.loadScenario(wallScenario()); // no meshes, no page URL in Node
    expect(r2).toEqual({ ok: false, problems: [expect.stringMatching(/^terrain\[1\]\.pieces\[0\]: meshes\/rock\.obj: not supplied/)] });
    expect(api.stats().loaded).toBe(false);
  });

  test('a mesh not supplied is fetched relative to the page URL', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(String(url));
      return new Response(cubeBytes(), { status: 200 });
    });
    const api = new EngineApi();
    const r = await api.loadScenario(wallScenario(), {}, { baseUrl: 'https://table.test/scenarios/index.html' });
    expect(r.ok).toBe(true);
    expect(fetched).toEqual(['https://table.test/scenarios/meshes/rock.obj']);
    const direct = await answerDirectly(wallScenario(), ALL_KINDS);
    expect(ALL_KINDS.map((q) => answerOf(api, q))).toEqual(direct);
  });

  test('a failed fetch is a problem at the piece path', async () => {
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 404 }));
    const r = await new EngineApi().loadScenario(wallScenario(), undefined, { baseUrl: 'https://table.test/' });
    expect(r).toEqual({ ok: false, problems: ['terrain[1].pieces[0]: meshes/rock.obj: could not fetch https://table.test/meshes/rock.obj (HTTP 404)'] });
  });
});

describe('queries', () => {
  test('every kind answers exactly as answerQuery on an independently built world', async () => {
    const api = await loaded();
    const direct = await answerDirectly(wallScenario(), ALL_KINDS);
    expect(ALL_KINDS.map((q) => answerOf(api, q))).toEqual(direct);
    const all = await api.queries(ALL_KINDS);
    expect(all).toEqual({ ok: true, jobId: expect.any(String), answers: direct });
    // The fixture really exercises both verdicts.
    expect(direct.find((a) => a.id === 'v1')!.value).toBe(false);
    expect(direct.find((a) => a.id === 'v3')!.value).toBe(true);
    expect(direct.find((a) => a.id === 'ic')!.value).toBe(true);
  });

  test('bad queries are problems with paths', async () => {
    const api = await loaded();
    expect(api.query({ id: 'x', kind: 'visible', observer: 'a1', target: 'nobody' })).toEqual({ ok: false, problems: ['query.target: unknown id "nobody"'] });
    const r = api.query({ id: 'x', kind: 'teleport' });
    expect(r.ok).toBe(false);
    const many = await api.queries([ALL_KINDS[0], { id: 'y', kind: 'coherent', unit: 'a1' }]);
    expect(many).toEqual({ ok: false, problems: ['queries[1].unit: "a1" is a model; expected unit'] });
    expect(new EngineApi().query(ALL_KINDS[0])).toEqual({ ok: false, problems: ['(engine): no scenario loaded'] });
  });
});

describe('incremental edits', () => {
  test('moveModel changes visibility without rebuilding the terrain BVH', async () => {
    const api = await loaded();
    const terrain = api.world!.terrain;
    const bvh = terrain.bvh;
    const world = api.world;
    const v = { id: 'v', kind: 'visible', observer: 'a1', target: 'b1' };
    expect(answerOf(api, v).value).toBe(false);
    expect(api.moveModel('b1', 35, 32)).toEqual({ ok: true });
    const after = answerOf(api, v);
    expect(after.value).toBe(true);
    expect(after.witness).toBeDefined();
    expect(api.world).toBe(world);
    expect(api.world!.terrain).toBe(terrain);
    expect(api.world!.terrain.bvh).toBe(bvh);
    expect(api.stats()).toMatchObject({ terrainIndexBuilds: 1, version: 2 });
    const s = api.getScenario()!;
    expect(s.units![1].models[0].position).toEqual([35, 32]);
  });

  test('stats().terrainIndexId follows the TerrainIndex object: same after edits and after a load of the same table, new after a load of another', async () => {
    const api = await loaded();
    const id0 = api.stats().terrainIndexId;
    api.moveModel('a1', 20, 20);
    api.addModel('a', { id: 'a3', base: { round: 25 }, height: 1, position: [21, 20] });
    api.removeModel('a2');
    expect(api.stats().terrainIndexId).toBe(id0);
    // The same table with other models (a sandbox table becoming a game's): the index is reused.
    await api.loadScenario(api.getScenario(), wallMeshes());
    expect(api.stats()).toMatchObject({ terrainIndexBuilds: 1, terrainIndexId: id0 });
    // The wall moved 1": another table, a new index.
    const moved = api.getScenario() as Scenario & { terrain: { pieces: { center?: number[] }[] }[] };
    moved.terrain[0].pieces[0].center = [31, 22];
    expect((await api.loadScenario(moved, wallMeshes())).ok).toBe(true);
    expect(api.stats()).toMatchObject({ terrainIndexBuilds: 2 });
    expect(api.stats().terrainIndexId).not.toBe(id0);
  });

  test('a table that gained a feature keeps every other feature\'s BVH and occluders, and answers as a fresh engine does', async () => {
    const api = await loaded();
    const before = api.world!.terrain;
    const grown = wallScenario() as Scenario & { terrain: unknown[] };
    grown.terrain.push({ id: 'crate', type: 'obstacle', pieces: [{ shape: 'box', center: [45, 30], size: [2, 2, 2] }] });
    expect((await api.loadScenario(grown, wallMeshes())).ok).toBe(true);
    const after = api.world!.terrain;
    expect(after).not.toBe(before);
    expect(api.stats().terrainIndexBuilds).toBe(2);
    expect(after.features.length).toBe(4);
    for (let i = 0; i < 3; i++) {
      expect(after.features[i]).toBe(before.features[i]);
      expect(after.features[i].bvh).toBe(before.features[i].bvh);
    }
    expect(after.occluders.filter((o) => o.featureIndex < 3)).toEqual(before.occluders);
    expect(after.occluders.some((o) => o.featureIndex === 3)).toBe(true);
    const qs = ALL_KINDS;
    expect(qs.map((q) => answerOf(api, q))).toEqual(await answerDirectly(grown, qs));
  });

  test('a load of the same table with other models answers as a fresh engine does (the reused terrain index measures the same)', async () => {
    const api = await loaded();
    const other = wallScenario() as Scenario;
    other.units = other.units!.map((u) => ({ ...u, models: u.models.map((m) => ({ ...m, position: [m.position[0] + 2, m.position[1] - 3] as [number, number] })) }));
    expect((await api.loadScenario(other, wallMeshes())).ok).toBe(true);
    expect(api.stats().terrainIndexBuilds).toBe(1);
    const qs = ALL_KINDS;
    const direct = await answerDirectly(other, qs);
    expect(qs.map((q) => answerOf(api, q))).toEqual(direct);
  });

  test('after edits, answers equal a world rebuilt from getScenario()', async () => {
    const api = await loaded();
    expect(api.moveModel('b1', 35, 32).ok).toBe(true);
    expect(api.moveModel('a2', 24, 24.2, 0.5).ok).toBe(true);
    expect(api.addModel('b', { id: 'b3', base: { round: 40 }, height: 1.8, position: [33, 30] })).toEqual({ ok: true });
    expect(api.removeModel('b2')).toEqual({ ok: true });
    const s = api.getScenario()!;
    expect(parseScenario(s).ok).toBe(true);
    const qs = [...ALL_KINDS.filter((q) => !JSON.stringify(q).includes('b2')), { id: 'v4', kind: 'visible', observer: 'a', target: 'b3' } as const];
    const direct = await answerDirectly(s, qs);
    expect(qs.map((q) => answerOf(api, q))).toEqual(direct);
    expect(api.world!.models.get('a2')!.elevation).toBe(0.5);
    expect(api.stats().terrainIndexBuilds).toBe(1);
  });

  test('moveModel without elevation re-stands the model and drops a stored elevation', async () => {
    const api = await loaded();
    api.moveModel('a1', 25, 22, 2);
    expect(api.getScenario()!.units![0].models[0].elevation).toBe(2);
    expect(api.world!.models.get('a1')!.elevation).toBe(2);
    api.moveModel('a1', 25, 22);
    expect('elevation' in api.getScenario()!.units![0].models[0]).toBe(false);
    expect(api.world!.models.get('a1')!.elevation).toBe(0);
  });

  test('rejected edits are reasons and change nothing', async () => {
    const api = await loaded();
    const before = api.getScenario();
    expect(api.moveModel('zz', 1, 1)).toEqual({ ok: false, reason: 'unknown model "zz"' });
    expect(api.moveModel('a1', 59.9, 10)).toMatchObject({ ok: false, reason: expect.stringContaining('leave the 60" x 44" battlefield') });
    expect(api.moveModel('a1', Number.NaN, 10)).toMatchObject({ ok: false });
    expect(api.addModel('zz', {})).toEqual({ ok: false, reason: 'unknown unit "zz"' });
    expect(api.addModel('a', { id: 'c1', base: { round: 32 }, height: 1, position: [5, 5] })).toEqual({ ok: false, reason: 'id "c1" is already used in the scenario' });
    expect(api.addModel('a', { id: 'wall', base: { round: 32 }, height: 1, position: [5, 5] })).toMatchObject({ ok: false });
    const bad = api.addModel('a', { id: 'a9', base: { square: 32 }, height: -1, position: [5, 5] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.reason).toMatch(/model\.height/);
    expect(api.removeModel('zz')).toEqual({ ok: false, reason: 'unknown model "zz"' });
    expect(api.getScenario()).toEqual(before);
    expect(api.stats().version).toBe(1);
    expect(new EngineApi().moveModel('a1', 1, 1)).toEqual({ ok: false, reason: 'no scenario loaded' });
  });

  test('removing a unit\'s last model removes the unit and the stored queries naming it', async () => {
    const api = await loaded();
    const r1 = api.removeModel('b1');
    expect(r1).toEqual({ ok: true, droppedQueries: ['stored-v'] });
    expect(api.removeModel('c1')).toEqual({ ok: true, removedUnit: 'c' });
    const s = api.getScenario()!;
    expect(s.units!.map((u) => u.id)).toEqual(['a', 'b']);
    expect(s.queries).toEqual([]);
    expect(parseScenario(s).ok).toBe(true);
    expect(api.world!.units.has('c')).toBe(false);
    expect(api.query({ id: 'x', kind: 'coherent', unit: 'c' })).toEqual({ ok: false, problems: ['query.unit: unknown id "c"'] });
    const m = await api.visibilityMatrix();
    expect(m.ok && m.entries.map((e) => `${e.observer}->${e.target}`)).toEqual(['a->b', 'b->a']);
  });

  test('getScenario is a copy', async () => {
    const api = await loaded();
    const s = api.getScenario() as Scenario;
    s.units![0].models[0].position = [1, 1];
    expect(api.getScenario()!.units![0].models[0].position).toEqual([25, 22]);
  });
});

describe('long jobs', () => {
  test('visibilityMatrix entries are the visible answers of each ordered pair of opposing units', async () => {
    const api = await loaded();
    const m = await api.visibilityMatrix();
    if (!m.ok) throw new Error(m.reason);
    const pairs = [['a', 'b'], ['a', 'c'], ['b', 'a'], ['c', 'a']];
    expect(m.entries.map((e) => [e.observer, e.target])).toEqual(pairs);
    const direct = await answerDirectly(wallScenario(), pairs.map(([o, t]) => ({ id: `${o}->${t}`, kind: 'visible', observer: o, target: t })));
    m.entries.forEach((e, i) => {
      expect(e.visible).toBe(direct[i].value);
      expect(e.witness).toEqual(direct[i].witness);
      expect(e.sameArmy).toBe(false);
    });
    expect(m.entries.map((e) => e.visible)).toEqual([false, true, false, true]);
    const all = await api.visibilityMatrix(undefined, undefined, { includeSameArmy: true });
    expect(all.ok && all.entries.length).toBe(6);
    expect(all.ok && all.entries.filter((e) => e.sameArmy).map((e) => `${e.observer}->${e.target}`)).toEqual(['b->c', 'c->b']);
  });

  test('combatPairs lists exactly the units in combat', async () => {
    const api = await loaded();
    const r = await api.combatPairs();
    if (!r.ok) throw new Error(r.reason);
    expect(r.pairs).toHaveLength(1);
    expect(r.pairs[0]).toMatchObject({ a: 'a', b: 'c' });
    const [direct] = await answerDirectly(wallScenario(), [{ id: 'x', kind: 'inCombat', a: 'a', b: 'c' }]);
    expect(r.pairs[0].models).toEqual(direct.models);
    expect(r.pairs[0].witness).toEqual(direct.witness);
    api.moveModel('c1', 50, 40);
    const r2 = await api.combatPairs();
    expect(r2.ok && r2.pairs).toEqual([]);
  });

  test('progress counts rise from 0 to total; cancel stops the job at its next item', async () => {
    const api = new EngineApi({ yieldEveryItems: 1 });
    expect((await api.loadScenario(crowdScenario(4))).ok).toBe(true);
    const seen: Progress[] = [];
    const full = await api.visibilityMatrix((p) => void seen.push(p), 'full');
    expect(full.ok && full.entries.length).toBe(32);
    expect(seen.map((p) => p.done)).toEqual(Array.from({ length: 33 }, (_, i) => i));
    expect(seen.every((p) => p.total === 32 && p.jobId === 'full')).toBe(true);

    const partial: number[] = [];
    const job = api.visibilityMatrix((p) => {
      partial.push(p.done);
      if (p.done === 3) api.cancel('m1');
    }, 'm1');
    expect(api.stats().runningJobs).toEqual(['m1']);
    expect(await job).toEqual({ ok: false, reason: 'cancelled' });
    expect(Math.max(...partial)).toBe(3);
    expect(api.stats().runningJobs).toEqual([]);
  });

  test('a cancel that overtakes its job, an edit during a job, and a reused job id', async () => {
    const api = new EngineApi({ yieldEveryItems: 1 });
    await api.loadScenario(crowdScenario(3));
    expect(api.cancel('early')).toBe(false);
    expect(await api.combatPairs(undefined, 'early')).toEqual({ ok: false, reason: 'cancelled' });
    const job = api.visibilityMatrix(undefined, 'j');
    expect(await api.queries([], undefined, 'j')).toEqual({ ok: false, reason: 'job id in use' });
    expect(api.moveModel('north-0-0', 10, 4).ok).toBe(true);
    expect(await job).toEqual({ ok: false, reason: 'scenario changed' });
    expect(await new EngineApi().visibilityMatrix()).toEqual({ ok: false, reason: 'no scenario loaded' });
  });
});

describe('segmentBlockers and modelPoses', () => {
  test('what the line from a1 to b1 runs into, in order; bad input is a reason', async () => {
    const api = new EngineApi();
    await api.loadScenario(wallScenario(), wallMeshes());
    // a1 at (25, 22), c1 (25 mm base, 1" tall) at (27.5, 22), the wall's near face at x = 29.75.
    const r = api.segmentBlockers([[25, 22, 0.6], [35, 22, 0.6]], { observer: 'a1', target: 'b1' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.hits.map((h) => h.id)).toEqual(['c1', 'wall']);
    expect(r.hits[0].at[0]).toBeCloseTo(27.5 - 12.5 / 25.4, 9);
    expect(r.hits[1].at[0]).toBeCloseTo(29.75, 6);
    expect(api.segmentBlockers([[0, 0], [1, 1, 1]], {})).toEqual({ ok: false, reason: 'segment: expected [[x, y, z], [x, y, z]] with finite numbers' });
    expect(api.segmentBlockers([[0, 0, 0], [1, 1, 1]], { observer: 'nobody' })).toEqual({ ok: false, reason: 'observer: unknown model "nobody"' });
  });

  test('modelPoses gives every model its resolved elevation', async () => {
    const api = new EngineApi();
    expect(api.modelPoses()).toEqual([]);
    await api.loadScenario(wallScenario(), wallMeshes());
    const poses = api.modelPoses();
    expect(poses.map((p) => p.id).sort()).toEqual(['a1', 'a2', 'b1', 'b2', 'c1']);
    const b2 = poses.find((p) => p.id === 'b2')!;
    expect(b2).toMatchObject({ x: 35, y: 20, elevation: 0 });
    expect(b2.facing).toBeCloseTo(90, 9);
  });
});
