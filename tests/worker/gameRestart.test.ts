/**
 * Game-worker restart (`src/client/gameClient.ts`, the pattern of `engineClient.ts`): the game
 * worker run by `@vitest/web-worker` (messages structured-cloned) is killed — terminated behind the
 * client's back (caught by the call watchdog), crashed through `simulateCrash`, or replaced by a
 * worker that never starts — and the client restarts it and restores the game from its snapshot
 * (the saved game and the replay position): same state hash, same log, nothing lost, the calls in
 * flight answered.
 */
import '@vitest/web-worker';
import { afterEach, describe, expect, test } from 'vitest';
import { createGameClient, GameWorkerDiedError, type GameClient, type GameClientOptions, type GameRestartEvent } from '../../src/client/gameClient';
import { GAME_READY_MESSAGE } from '../../workers/gameProtocol';
import { hotseatSetup } from '../../workers/gameSetup';
import { roundOne } from './gameFixtures';

const newWorker = () => new Worker(new URL('../../workers/game.worker.ts', import.meta.url), { type: 'module' });

const clients: GameClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});
function client(options: GameClientOptions = {}, factory: () => Worker = newWorker): GameClient {
  const c = createGameClient(factory, options);
  clients.push(c);
  return c;
}

/** A worker that starts (posts the ready message) but never answers a call: a hung worker. With `ready: false` it never starts. */
class HungWorker extends EventTarget {
  terminated = false;
  constructor(ready = true) {
    super();
    if (ready) setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: GAME_READY_MESSAGE })), 0);
  }
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
}

async function played(c: GameClient, n: number): Promise<void> {
  expect((await c.startOnTable(hotseatSetup(7))).ok).toBe(true);
  for (const a of roundOne().slice(0, n)) expect((await c.act(a)).ok).toBe(true);
}

describe('game worker restart', () => {
  test('terminated behind the client’s back: the next call restarts it and the game is restored (same hash, same log)', async () => {
    const restarts: GameRestartEvent[] = [];
    // The watchdog is short only for the call the dead worker never answers; the set-up and the
    // restored game get the generous default (a loaded machine is slow, not hung).
    const generous = 60_000;
    const c: GameClient = client({
      onRestart: (e) => {
        restarts.push(e);
        c.watchdogMs = generous;
      },
    });
    await played(c, 4);
    const hash = await c.hash();
    const log = await c.log();
    const old = c.worker;
    old.terminate(); // no goodbye: the call below goes unanswered until the watchdog
    // Only the call the dead worker never answers gets the short watchdog: the supervisor reads
    // watchdogMs at each arm, and the first arm after the kill is that call's; the restore into the
    // new worker and the retried call get the generous one (a loaded machine restores in > 400 ms).
    let arms = 0;
    Object.defineProperty(c, 'watchdogMs', { configurable: true, get: () => (arms++ === 0 ? 400 : generous), set: () => undefined });
    expect(await c.hash()).toBe(hash);
    expect(c.worker).not.toBe(old);
    expect(c.restarts).toBe(1);
    expect(restarts).toEqual([{ restarts: 1, cause: 'watchdog', restored: true, actions: 4 }]);
    expect(await c.log()).toEqual(log);
    // The game goes on in the new worker, exactly as it would have in the old one.
    for (const a of roundOne().slice(4)) expect((await c.act(a)).ok).toBe(true);
    expect((await c.summary()).vp).toEqual({ p1: 1, p2: 0 });
  });

  test('simulateCrash while an action is in flight: the action is answered once, nothing lost or doubled', async () => {
    const c = client();
    await played(c, 3);
    const ref = client();
    await played(ref, 4);
    const pending = c.act(roundOne()[3]);
    await c.simulateCrash();
    const r = await pending;
    expect(r.ok).toBe(true);
    expect(await c.hash()).toBe(await ref.hash());
    expect((await c.summary()).actions).toBe(4);
    expect(c.snapshot?.saved.actions).toHaveLength(4);
  });

  test('a replay resumes at the same step after a restart', async () => {
    const c = client();
    await played(c, roundOne().length);
    const saved = await c.save();
    expect((await c.load(saved, { replay: true })).ok).toBe(true);
    expect((await c.replayTo(5)).ok).toBe(true);
    const hash = await c.hash();
    await c.simulateCrash();
    expect(await c.hash()).toBe(hash);
    expect((await c.summary()).replay).toEqual({ index: 5, total: saved.actions.length });
    expect((await c.replayBack()).ok).toBe(true);
    expect((await c.summary()).replay?.index).toBe(4);
  });

  test('a worker that never starts is replaced (start-up watchdog); a dead retry rejects with GameWorkerDiedError', async () => {
    let made = 0;
    const c: GameClient = client({ startupWatchdogMs: 200 }, () => {
      if (made++ === 0) return new HungWorker(false) as unknown as Worker;
      c.startupWatchdogMs = 60_000; // a cold real worker may take a while to load its modules
      return newWorker();
    });
    expect((await c.startOnTable(hotseatSetup(7))).ok).toBe(true);
    expect(c.restarts).toBe(1);

    const dead = client({ watchdogMs: 150 }, () => new HungWorker() as unknown as Worker);
    await expect(dead.hash()).rejects.toBeInstanceOf(GameWorkerDiedError);
    expect(dead.restarts).toBe(2);
  });
});
