/**
 * More than one machine (issue 25 item 5): the test starts its own `redis-server` on a free
 * loopback port and two server processes sharing it (Colyseus RedisDriver + RedisPresence); a
 * room created through the first is joined through the second, by a player and a spectator, and
 * played: every client sees the same stateHash after each action.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { leaveRoom, networkActions, sampleCreateOptions, sdk, startRedis, startServer, stopAllServers, Watched } from './harness';

afterAll(() => stopAllServers());

describe('two server processes sharing Redis', () => {
  test('a room created through one process is joined and played through the other', async () => {
    const url = await startRedis();
    const [a, b] = [await startServer({ REDIS_URL: url }), await startServer({ REDIS_URL: url })];
    const p1 = new Watched(await sdk(a.url).create('battle', { ...sampleCreateOptions(7), seat: 'p1', name: 'Ann' }));
    const roomId = p1.room.roomId;
    const p2 = new Watched(await sdk(b.url).joinById(roomId, { seat: 'p2', name: 'Bob' }));
    const spec = new Watched(await sdk(b.url).joinById(roomId, { seat: 'spectator' }));
    await expect(sdk(b.url).joinById(roomId, { seat: 'p2' })).rejects.toThrow(/seat p2 is taken/);
    for (const w of [p1, p2, spec]) await w.until((x) => x.updates.length > 0, 'the join update');
    for (const x of networkActions().slice(0, 12)) {
      const r = await (x.player === 'p1' ? p1 : p2).act(x);
      if (!r.ok) continue;
      const hashes = await Promise.all([p1, p2, spec].map(async (w) => (await w.update(r.seq)).stateHash));
      expect(new Set(hashes).size, `seq ${r.seq}`).toBe(1);
    }
    expect(p2.updates.at(-1)!.seq).toBeGreaterThanOrEqual(10);
    for (const w of [p1, p2, spec]) await leaveRoom(w.room);
  }, 180000);
});
