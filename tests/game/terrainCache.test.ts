/**
 * Games on the same table in one process share its terrain index (issue 25 item 2): two sessions
 * opened on the sample battle hold the very same index; a session on another table builds its own;
 * the cache keeps at most its bound of tables.
 */
import { describe, expect, test } from 'vitest';
import { GameSession } from '../../src/game/session';
import { TerrainCache } from '../../src/game/terrainCache';
import { readBundledNode } from '../../src/game/node';
import { readFileSync } from 'node:fs';
import { defaultBundledMeshes, hotseatSetup, sampleRosters } from '../../workers/gameSetup';
import defaultScenario from '../../assets/scenarios/default.json';
import type { World } from '../../src/geometry/world';

const worldOf = (s: GameSession) => (s as unknown as { opened: { world: World } }).opened.world;

describe('terrain index shared by the games on one table', () => {
  test('same table: one index; another table: its own; bounded', async () => {
    const cache = new TerrainCache(1);
    const a = new GameSession({ readBundled: readBundledNode, terrainCache: cache });
    const b = new GameSession({ readBundled: readBundledNode, terrainCache: cache });
    expect((await a.startOnTable(hotseatSetup(1))).ok).toBe(true);
    expect((await b.startOnTable(hotseatSetup(2))).ok).toBe(true);
    expect(worldOf(b).terrain).toBe(worldOf(a).terrain);
    expect(cache.hits).toBe(1);
    // A saved game reopened elsewhere in the process finds the same index too.
    const c = new GameSession({ readBundled: readBundledNode, terrainCache: cache });
    expect((await c.load(a.save())).ok).toBe(true);
    expect(worldOf(c).terrain).toBe(worldOf(a).terrain);

    // Another table (one terrain feature fewer): its own index, and the cache keeps only it (bound 1).
    const other = hotseatSetup(3);
    const sc = other.scenario as { terrain: unknown[] };
    sc.terrain = sc.terrain.slice(1);
    const d = new GameSession({ readBundled: readBundledNode, terrainCache: cache });
    expect((await d.startOnTable(other)).ok).toBe(true);
    expect(worldOf(d).terrain).not.toBe(worldOf(a).terrain);
    expect(worldOf(d).terrain.features.length).toBe(worldOf(a).terrain.features.length - 1);
    expect(cache.size).toBe(1);
    expect(a.hash()).not.toBe(''); // the first games still play on their own Worlds
  });
});

describe('the battlefield built ahead (issue 35 item 6: Start finds it)', () => {
  const kruleboyz = readFileSync('tests/fixtures/rosters/new-recruit/kb-001-all-units/list.ros');
  const table = () => ({ scenario: { ...(structuredClone(defaultScenario) as object), units: [] }, bundled: defaultBundledMeshes() });

  test('prepareTable keeps the index; a battle with faction terrain builds only its new features; the same game as a cold start', async () => {
    const cache = new TerrainCache();
    const warm = new GameSession({ readBundled: readBundledNode, terrainCache: cache });
    expect(await warm.prepareTable(table())).toEqual({ ok: true, built: true });
    expect(await warm.prepareTable(table())).toEqual({ ok: true, built: false });
    expect([cache.size, cache.misses]).toEqual([1, 1]);

    // Sample against sample: no faction terrain, so the game plays on the index built ahead itself.
    const plain = new GameSession({ readBundled: readBundledNode, terrainCache: cache });
    expect((await plain.startOnTable({ ...table(), seed: 5, armies: { p1: { army: 'south', roster: sampleRosters().p1 }, p2: { army: 'north', roster: sampleRosters().p2 } } })).ok).toBe(true);
    expect(cache.misses).toBe(1);
    const base = worldOf(plain).terrain;

    // The Kruleboyz list sets up two Skaregob Totems (faction terrain, Core 10.1): the battlefield's
    // features are the very ones built ahead, the totems are new, and the game is the one a session
    // with nothing kept starts (same set-up, same state hash).
    const army = warm.readArmy(kruleboyz, 'list.ros');
    if (!army.ok) throw new Error(army.problems.join('\n'));
    const input = () => ({ ...table(), seed: 5, armies: { p1: { army: 'south', roster: army.army }, p2: { army: 'north', roster: sampleRosters().p2 } } });
    expect((await warm.startOnTable(input())).ok).toBe(true);
    const features = worldOf(warm).terrain.features;
    expect(features.length).toBe(base.features.length + 2);
    base.features.forEach((f, i) => expect(features[i]).toBe(f));
    expect(features.slice(base.features.length).map((f) => f.type)).toEqual(['faction', 'faction']);
    const cold = new GameSession({ readBundled: readBundledNode, terrainCache: new TerrainCache() });
    expect((await cold.startOnTable(input())).ok).toBe(true);
    expect(warm.hash()).toBe(cold.hash());
    expect(warm.save()).toEqual(cold.save());
    expect(worldOf(warm).terrain.occluders.length).toBe(worldOf(cold).terrain.occluders.length);
  });

  test('a scenario that cannot be read: its problems, with their paths', async () => {
    const s = new GameSession({ readBundled: readBundledNode, terrainCache: new TerrainCache() });
    const r = await s.prepareTable({ scenario: { ...(structuredClone(defaultScenario) as object), battlefield: { width: -1, depth: 44 } } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.some((p) => p.startsWith('scenario.battlefield'))).toBe(true);
    const missing = await s.prepareTable({ scenario: table().scenario });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problems[0]).toBe('scenario.terrain[0].pieces[0]: mesh file "../kenney/castle/archive-tower-base.glb" was not supplied');
  });
});
