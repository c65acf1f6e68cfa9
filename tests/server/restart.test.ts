/**
 * Nothing lost (issue 25 item 4): a server killed mid-game (SIGKILL, no shutdown) and started again
 * on the same port and folder, or with the same Redis (`REDIS_URL`, the test's own redis-server on
 * a free loopback port), restores the room with its id; both players rejoin their seats with
 * their tokens and find the same seq and stateHash, a stranger is refused the seats, and the game
 * goes on. An abandoned room is disposed after its documented time and its saved game deleted.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { SeatMessage } from '../../src/game/network';
import { networkActions, sampleCreateOptions, sdk, startRedis, startServer, stopAllServers, tempDataDir, Watched } from './harness';

afterAll(() => stopAllServers());

async function until(ok: () => boolean, what: string, ms = 30000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Plays six actions in a room of a server started with `env`, kills it (SIGKILL: no shutdown),
 * starts another with `restartEnv` on the same port, and checks that it restored the room: same
 * id, seats only by token, the same seq and stateHash, and the next action accepted.
 */
async function killAndRestore(env: Record<string, string>, restartEnv: Record<string, string>): Promise<void> {
  const a = await startServer(env);
  const p1 = new Watched(await sdk(a.url).create('battle', { ...sampleCreateOptions(7), seat: 'p1', name: 'Ann' }));
  const roomId = p1.room.roomId;
  const p2 = new Watched(await sdk(a.url).joinById(roomId, { seat: 'p2', name: 'Bob' }));
  await p1.until((w) => !!w.last('seat'), 'p1 seat');
  await p2.until((w) => !!w.last('seat'), 'p2 seat');
  const tokens = { p1: p1.last<SeatMessage>('seat')!.token!, p2: p2.last<SeatMessage>('seat')!.token! };
  const actions = networkActions();
  for (const x of actions.slice(0, 6)) expect((await (x.player === 'p1' ? p1 : p2).act(x)).ok).toBe(true);
  const before = await p1.update(6);
  for (const w of [p1, p2]) w.room.reconnection.enabled = false;
  await a.stop('SIGKILL');

  const b = await startServer(restartEnv, a.port);
  // Restored in the background after the server listens (issue 36).
  await until(() => b.output().includes(`restored 1 rooms: ${roomId}`), 'the restore');
  await expect(sdk(b.url).joinById(roomId, { seat: 'p1' })).rejects.toThrow(/belongs to Ann/);
  const q1 = new Watched(await sdk(b.url).joinById(roomId, { seat: 'p1', token: tokens.p1 }));
  const q2 = new Watched(await sdk(b.url).joinById(roomId, { seat: 'p2', token: tokens.p2 }));
  for (const w of [q1, q2]) {
    await w.until((x) => x.updates.length > 0, 'the rejoin update');
    expect(w.updates[0]).toMatchObject({ seq: before.seq, stateHash: before.stateHash });
  }
  const next = actions[6];
  expect((await (next.player === 'p1' ? q1 : q2).act(next)).ok).toBe(true);
  const u1 = await q1.update(7);
  expect((await q2.update(7)).stateHash).toBe(u1.stateHash);
  await q1.room.leave();
  await q2.room.leave();
}

describe('server restart', () => {
  test('a killed server restarts with its room: same id, seats by token, same hash, play goes on', async () => {
    const dir = tempDataDir();
    await killAndRestore({ SIGHTLINE_DATA_DIR: dir }, { SIGHTLINE_DATA_DIR: dir });
  }, 180000);

  test('with REDIS_URL the room comes back from Redis: a killed server restarted with an empty folder restores it', async () => {
    // Each process gets its own empty folder: only Redis can hold the saved game (docs/network.md).
    const url = await startRedis();
    await killAndRestore({ REDIS_URL: url, SIGHTLINE_DATA_DIR: tempDataDir() }, { REDIS_URL: url, SIGHTLINE_DATA_DIR: tempDataDir() });
  }, 180000);

  test('an abandoned room is disposed after ABANDONED_ROOM_SECONDS and its saved game deleted', async () => {
    const dir = tempDataDir();
    const s = await startServer({ SIGHTLINE_DATA_DIR: dir, ABANDONED_ROOM_SECONDS: '2' });
    const p1 = await sdk(s.url).create('battle', { ...sampleCreateOptions(3), seat: 'p1' });
    // Both players joined: the abandoned time applies (a room nobody joined: UNPAIRED_ROOM_SECONDS).
    const p2 = await sdk(s.url).joinById(p1.roomId, { seat: 'p2' });
    const file = join(dir, `${p1.roomId}.json`);
    await until(() => existsSync(file), 'the saved game');
    await p2.leave();
    const left = Date.now();
    await p1.leave();
    await until(() => !existsSync(file), 'the saved game deleted');
    expect(Date.now() - left).toBeGreaterThanOrEqual(1900);
    await expect(sdk(s.url).joinById(p1.roomId, { seat: 'spectator' })).rejects.toThrow();
  }, 120000);
});
