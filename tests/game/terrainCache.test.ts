/**
 * Games on the same table in one process share its terrain index (issue 25 item 2): two sessions
 * opened on the sample battle hold the very same index; a session on another table builds its own;
 * the cache keeps at most its bound of tables.
 */
import { describe, expect, test } from 'vitest';
import { GameSession } from '../../src/game/session';
import { TerrainCache } from '../../src/game/terrainCache';
import { readBundledNode } from '../../src/game/node';
import { hotseatSetup } from '../../workers/gameSetup';
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
