/**
 * One seat, one connection (issue 36): after a drop the page has two ways back, the SDK's own
 * reconnection (its reconnection token) and the page's rejoin with its seat token (for a restarted
 * server). Here both succeed at the server, in the order that went wrong before: the SDK gets the
 * old connection back at once, but the page hears of it only late (a busy page: the old
 * connection's messages are held), so its rejoin runs too; the page hears of the SDK's success
 * just after the rejoin went out (the held messages are let go as `joinById` is called), and the
 * rejoin then takes the seat over with the seat token: the server closes the old session
 * (`SEAT_REPLACED_CODE`). The page must keep the seat on the rejoin's room (connected, never
 * "closed: opened in another tab", which the page said before), and its next actions are applied
 * and seen by the other player, with the same hash as a local session.
 */
import { afterAll, beforeAll, expect, onTestFinished, test, vi } from 'vitest';
import { Client, type Room } from '@colyseus/sdk';
import { GameSession } from '../../src/game/session';
import { readBundledNode } from '../../src/game/node';
import { OnlineGame, REJOIN_EVERY_MS, type OnlineStatus } from '../../src/client/onlineGame';
import { hotseatSetup } from '../../workers/gameSetup';
import { installWebSocketGlobal } from '../../server/webSocketGlobal';
import { networkActions, sampleCreateOptions, startServer, stopAllServers, tempDataDir, type ServerProcess } from './harness';

let server: ServerProcess;
beforeAll(async () => {
  installWebSocketGlobal();
  // The connection's story on the console (printed by vitest with a failure).
  Object.assign(globalThis, { SIGHTLINE_NET_TRACE: true });
  server = await startServer({ SIGHTLINE_DATA_DIR: tempDataDir() });
}, 60000);
afterAll(() => {
  Object.assign(globalThis, { SIGHTLINE_NET_TRACE: false });
  return stopAllServers();
});

/** Resolves once `ok()` holds, checked every 20 ms (rejects after 40 s naming `what`: a loaded machine). */
async function until(ok: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 40000;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The SDK room a game is on now (private to OnlineGame: the test reaches the transport, as a drop would). */
const roomOf = (g: OnlineGame) => (g as unknown as { room: Room }).room;
/** The hash of the last update a game got (null before the first). */
const lastHash = (g: OnlineGame) => (g as unknown as { last: { hash: string } | null }).last?.hash ?? null;

test('the SDK reconnects the old connection while the page rejoins with its seat token: the page keeps its seat on one connection and plays on', async () => {
  const ws = `ws://127.0.0.1:${server.port}`;
  const p1 = await OnlineGame.create(ws, sampleCreateOptions(7), 'p1', 'Ann');
  // Left when the test ends, passed or failed: no connection of this file outlives it (project `process`).
  onTestFinished(() => p1.leave());
  const p2 = await OnlineGame.join(ws, p1.roomId, 'p2', {}, 'Bob');
  onTestFinished(() => p2.leave());
  const local = new GameSession({ readBundled: readBundledNode });
  expect((await local.startOnTable(hotseatSetup(7))).ok).toBe(true);
  const actions = networkActions();
  // p1's first turn (actions 0-8), up to p2's start of turn.
  for (const a of actions.slice(0, 9)) {
    expect(a.player).toBe('p1');
    const r = await p1.act(a);
    expect(r.ok, JSON.stringify(r)).toBe(true);
    local.act(a);
  }
  await until(() => p2.connection.kind === 'connected' && p1.who?.p2.connected === true && lastHash(p2) === local.hash(), 'p2 connected, with p1\'s turn');

  // p2's old connection: the SDK tries again after 50 ms; the page hears nothing of it yet.
  const old = roomOf(p2);
  old.reconnection.minDelay = 50;
  old.reconnection.maxDelay = 50;
  const events = old.connection.events;
  const deliver = events.onmessage!;
  const held: unknown[] = [];
  let holding = true;
  events.onmessage = (e: unknown) => void (holding ? held.push(e) : deliver(e));
  const release = () => {
    if (!holding) return;
    holding = false;
    for (const e of held.splice(0)) deliver(e as MessageEvent);
  };
  // The page hears of the SDK's reconnection just as its rejoin goes out.
  const joinById = Client.prototype.joinById;
  const spy = vi.spyOn(Client.prototype, 'joinById').mockImplementation(function (this: Client, ...args: Parameters<Client['joinById']>) {
    release();
    return joinById.apply(this, args);
  });
  const statuses: OnlineStatus[] = [];
  p2.onStatus((s) => statuses.push(s));

  // Every presence message p1 receives is looked at (not only the last when polled): under load the drop and the SDK's
  // reconnection 50 ms later can arrive between two polls, and p1 would never be seen with p2 dropped.
  let sawDrop = false;
  const offPresence = p1.onPresence((p) => {
    if (p.p2.connected === false) sawDrop = true;
  });
  p2.simulateDrop();
  await until(() => sawDrop, 'the server sees p2 dropped');
  offPresence();
  // The server has the old session back (its presence says p2 is connected) ...
  await until(() => p1.who?.p2.connected === true, 'the SDK reconnected the old session at the server');
  // ... but the page is still reconnecting: its rejoin runs (after REJOIN_EVERY_MS) and takes the seat.
  expect(p2.connection.kind).toBe('reconnecting');
  await until(() => spy.mock.calls.length > 0, `the rejoin (after ${REJOIN_EVERY_MS} ms)`);
  spy.mockRestore();
  await until(() => roomOf(p2) !== old || p2.connection.kind === 'closed', 'the rejoin adopted');
  await until(() => p2.connection.kind !== 'reconnecting', 'p2 back');
  await new Promise((r) => setTimeout(r, 500));
  expect(p2.connection.kind).toBe('connected');
  expect(statuses.map((s) => s.kind)).not.toContain('closed');
  expect(roomOf(p2).sessionId).not.toBe(old.sessionId);
  await until(() => p1.who?.p2.connected === true && p1.who?.p2.held === true, 'p1 sees p2 connected');

  // p2 plays on: each action applied, p1 sees it, the same hash as the local session.
  for (const a of actions.slice(9, 11)) {
    expect(a.player).toBe('p2');
    const r = await p2.act(a);
    expect(r.ok, JSON.stringify(r)).toBe(true);
    local.act(a);
    expect(r.ok && r.summary.hash).toBe(local.hash());
    await until(() => lastHash(p1) === local.hash(), `p1 sees p2's ${a.type}`);
  }
  expect(await p1.log()).toEqual(local.log());
  expect(await p2.log()).toEqual(local.log());
}, 90000);
