/**
 * Nothing lost (issue 25 item 4): a server killed mid-game (SIGKILL, no shutdown) and started again
 * on the same port and folder, or with the same Redis (`REDIS_URL`, the test's own redis-server on
 * a free loopback port), restores the room with its id; both players rejoin their seats with
 * their tokens and find the same seq and stateHash, a stranger is refused the seats, and the game
 * goes on. An abandoned room is disposed after its documented time and its saved game deleted.
 *
 * A restart with 20 saved rooms (issue 36) serves a join of the room the background would restore
 * last, and a new room, within 2 s of `listening` (the process warms up on one stored room before
 * it listens; the joined room is restored on demand, ahead of the background), before the
 * background restore is done (paced with `RESTORE_PAUSE_MS` to take at least 3 s on any machine,
 * so the order does not depend on the machine's speed). Measured at load 20: served 466 ms after
 * listening. The SDK's `leave()` on a room whose server is gone never resolves; `leaveRoom` bounds it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { SeatMessage } from '../../src/game/network';
import { LEAVE_TIMEOUT_MS } from '../../src/client/onlineGame';
import { leaveRoom, networkActions, sampleCreateOptions, sdk, startRedis, startServer, stopAllServers, tempDataDir, Watched } from './harness';

afterAll(() => stopAllServers());

/** Rooms saved before the restart, the pause between background restores (ms), and the bound of issue 36 (ms). */
const ROOMS = 20;
const PAUSE_MS = 150;
const JOIN_BOUND_MS = 2000;

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
  // The SDK's own leave() either waits for an onLeave that already came (the server is gone) or, when the socket's
  // close reaches it first, resolves with 1006 (abnormal closure, seen in a clean-clone run of session 40): which one
  // depends on timing, so both are accepted, and anything else (a throw, another code) fails. Bounded here.
  const hanging = await Promise.race([p2.room.leave(), new Promise((r) => setTimeout(() => r('still waiting'), 500))]);
  expect(['still waiting', 1006]).toContain(hanging);
  const t0 = performance.now();
  expect(await leaveRoom(p1.room)).toBeNull();
  expect(performance.now() - t0).toBeLessThan(LEAVE_TIMEOUT_MS);

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
  await leaveRoom(q1.room);
  await leaveRoom(q2.room);
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

  test('a restart with 20 saved rooms serves a join of one of them and a new room within 2 s of listening, before the background restore is done', async () => {
    const dir = tempDataDir();
    const env = { SIGHTLINE_DATA_DIR: dir, MAX_ROOMS_PER_ADDRESS: '40' };
    const a = await startServer(env);
    const made = await Promise.all(Array.from({ length: ROOMS }, (_, i) => sdk(a.url).create('battle', { ...sampleCreateOptions(i + 1), seat: 'p1', name: `P${i}` })));
    for (const r of made) r.reconnection.enabled = false;
    await a.stop('SIGKILL');
    // The room the background would restore last (it goes through the folder in this order).
    const stored = readdirSync(dir).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length));
    expect(stored.length).toBe(ROOMS);
    const last = stored[ROOMS - 1];

    // A pause between background restores makes the background take at least 20 x 150 ms = 3 s on
    // any machine, so a join served within 2 s was served ahead of it (checked below from the
    // server's own lines as well).
    const started = Date.now();
    const b = await startServer({ ...env, RESTORE_PAUSE_MS: String(PAUSE_MS) });
    const listening = Date.now();
    const since = <T>(p: Promise<T>) => p.then((v) => ({ v, ms: Date.now() - listening }));
    const [joined, created] = await Promise.all([
      since(
        sdk(b.url)
          .joinById(last, { seat: 'spectator' })
          .then(async (r) => {
            const w = new Watched(r);
            await w.until((x) => x.updates.length > 0, "the restored room's state");
            return w;
          }),
      ),
      since(sdk(b.url).create('battle', { ...sampleCreateOptions(99), seat: 'p1' })),
    ]);
    const watcher = joined.v;
    const fresh = created.v;
    const servedMs = joined.ms;
    const freshMs = created.ms;
    expect(watcher.room.roomId).toBe(last);
    await until(() => /^restore: background done at \d+/m.test(b.output()), 'the background restore', 45000);
    const out = b.output();
    const doneAt = Number(/^restore: background done at (\d+)/m.exec(out)![1]);
    const onDemand = new RegExp(`^restore: ${last} on demand in (\\d+) ms, (\\d+) of ${ROOMS} restored in the background before it`, 'm').exec(out);
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(JSON.stringify({ rooms: ROOMS, startToListeningMs: listening - started, warmUp: /^restore: warmed up on \S+ in (\d+) ms/m.exec(out)?.[1], joinServedMs: servedMs, newRoomMs: freshMs, onDemandRestoreMs: Number(onDemand?.[1]), backgroundBefore: Number(onDemand?.[2]), backgroundDoneAfterMs: doneAt - listening, loadAverage: load }));
    // Restored on demand, ahead of its turn (the last of 20), and served before the background was done.
    expect(onDemand, out).not.toBeNull();
    expect(Number(onDemand![2])).toBeLessThan(ROOMS - 1);
    expect(listening + servedMs).toBeLessThan(doneAt);
    await until(() => new RegExp(`^restored ${ROOMS} rooms`, 'm').test(b.output()), 'every room restored');
    // The bound of issue 36: 2 s from listening to the restored room's state at the client, and a new room.
    expect(servedMs).toBeLessThan(JOIN_BOUND_MS);
    expect(freshMs).toBeLessThan(JOIN_BOUND_MS);
    await leaveRoom(watcher.room);
    await leaveRoom(fresh);
    // 31-47 s at load 20-31 (two server starts of 15-17 s each); the timeout leaves room for worse.
  }, 90000);

  test('an abandoned room is disposed after ABANDONED_ROOM_SECONDS and its saved game deleted', async () => {
    const dir = tempDataDir();
    const s = await startServer({ SIGHTLINE_DATA_DIR: dir, ABANDONED_ROOM_SECONDS: '2' });
    const p1 = await sdk(s.url).create('battle', { ...sampleCreateOptions(3), seat: 'p1' });
    // Both players joined: the abandoned time applies (a room nobody joined: UNPAIRED_ROOM_SECONDS).
    const p2 = await sdk(s.url).joinById(p1.roomId, { seat: 'p2' });
    const file = join(dir, `${p1.roomId}.json`);
    await until(() => existsSync(file), 'the saved game');
    await leaveRoom(p2);
    const left = Date.now();
    await leaveRoom(p1);
    await until(() => !existsSync(file), 'the saved game deleted');
    expect(Date.now() - left).toBeGreaterThanOrEqual(1900);
    await expect(sdk(s.url).joinById(p1.roomId, { seat: 'spectator' })).rejects.toThrow();
  }, 120000);
});
