/**
 * The game server through `@colyseus/sdk` (issue 25 items 2 and 6, NETWORK.md): two players and
 * a spectator; a taken seat refused; foreign and spectator actions refused with `Network: seat`;
 * every client sees the same `stateHash` after each `seq`, and it is the hash the same actions give
 * in a local game session; the snapshot carries no seed; a dropped player reconnects with
 * `client.reconnect(token)` and keeps its seat (Node 20: `globalThis.WebSocket` from `ws`); a
 * flood, a malformed message, an unknown message type and an oversized message each close only
 * their sender's connection, and the room plays on; a kicked player takes its seat back only with
 * its token; invalid create options fail with their paths; the per-address room cap holds.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Room } from '@colyseus/sdk';
import { GameSession } from '../../src/game/session';
import { readBundledNode } from '../../src/game/node';
import { SEAT_RULE, type SeatMessage, type PresenceMessage } from '../../src/game/network';
import { hotseatSetup } from '../../workers/gameSetup';
import { leaveRoom, networkActions, sampleCreateOptions, sdk, startServer, stopAllServers, tempDataDir, type ServerProcess, Watched } from './harness';
import type { Action } from '../../src/rules/engine';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ SIGHTLINE_DATA_DIR: tempDataDir(), MAX_ROOMS_PER_ADDRESS: '3' });
}, 60000);
afterAll(() => stopAllServers());

const closed = (room: Room) => new Promise<number>((r) => room.onLeave((code) => r(code)));

describe('battle room', () => {
  test('two players and a spectator: seats, refusals, the same hash everywhere, snapshot, reconnection, hostile clients', async () => {
    const p1 = new Watched(await sdk(server.url).create('battle', { ...sampleCreateOptions(7), seat: 'p1', name: 'Ann' }));
    const roomId = p1.room.roomId;
    const p2 = new Watched(await sdk(server.url).joinById(roomId, { seat: 'p2', name: 'Bob' }));
    const spec = new Watched(await sdk(server.url).joinById(roomId, { seat: 'spectator', name: 'Cy' }));
    for (const w of [p1, p2, spec]) await w.until((x) => x.updates.length > 0, 'the join update');
    expect(p2.last<SeatMessage>('seat')?.seat).toBe('p2');
    expect(spec.last<SeatMessage>('seat')).toEqual({ seat: 'spectator', roomId });

    // A second client for a taken seat is refused.
    await expect(sdk(server.url).joinById(roomId, { seat: 'p1' })).rejects.toThrow(/Network: seat: seat p1 is taken/);
    // A foreign action and a spectator's action: refused with the seat rule, nothing changes.
    expect(await p2.act({ type: 'chooseFirstTurn', player: 'p1', first: 'p2' })).toMatchObject({ ok: false, rule: SEAT_RULE });
    expect(await spec.act({ type: 'chooseFirstTurn', player: 'p1', first: 'p1' })).toMatchObject({ ok: false, rule: SEAT_RULE });

    // The same actions in a local session: the hash every client must see after each seq.
    const local = new GameSession({ readBundled: readBundledNode });
    expect((await local.startOnTable(hotseatSetup(7))).ok).toBe(true);
    expect(p1.updates[0]).toMatchObject({ seq: 0, stateHash: local.hash() });
    const actions = networkActions();
    for (const a of actions.slice(0, 10)) {
      const who = a.player === 'p1' ? p1 : p2;
      const r = await who.act(a);
      const l = local.act(a);
      expect(r.ok, JSON.stringify(r)).toBe(l.ok);
      if (!r.ok) continue;
      const seq = local.summary().actions;
      expect(r.seq).toBe(seq);
      for (const w of [p1, p2, spec]) expect((await w.update(seq)).stateHash, `client after seq ${seq}`).toBe(local.hash());
    }
    // A rule's refusal comes back with its rule (p1 acting in p2's turn is refused by the engine).
    const refused = await p1.act({ type: 'endPhase', player: 'p1' });
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.rule).not.toBe(SEAT_RULE);

    // The snapshot: the saved game without its seed, every accepted action.
    p1.room.send('snapshot');
    await p1.until((w) => !!w.last('snapshot'), 'the snapshot');
    const snap = p1.last<Record<string, unknown>>('snapshot')!;
    expect(snap.seed).toBeUndefined();
    expect(snap.format).toBe('sightline-game/2');
    expect((snap.actions as unknown[]).length).toBe(local.summary().actions);

    // p2 drops (not consented) and reconnects with its token within 60 s: same seat, current seq.
    p2.room.reconnection.enabled = false;
    const token = p2.room.reconnectionToken;
    const dropped = closed(p2.room);
    p2.room.connection.close(4999, 'network gone');
    await dropped;
    await p1.until((w) => w.last<PresenceMessage>('presence')?.p2.connected === false, 'p2 shown disconnected');
    await expect(sdk(server.url).joinById(roomId, { seat: 'p2' })).rejects.toThrow(/seat p2 is taken/);
    const p2b = new Watched(await sdk(server.url).reconnect(token));
    await p2b.until((w) => w.updates.length > 0, 'the reconnect update');
    expect(p2b.updates[0]).toMatchObject({ seq: local.summary().actions, stateHash: local.hash() });
    await p1.until((w) => w.last<PresenceMessage>('presence')?.p2.connected === true, 'p2 shown connected again');
    for (const a of actions.slice(10)) {
      const r = await p2b.act(a);
      expect(r.ok, JSON.stringify(r)).toBe(true);
      local.act(a);
      for (const w of [p1, p2b, spec]) expect((await w.update(local.summary().actions)).stateHash).toBe(local.hash());
    }

    // Hostile clients: each closes only its own connection; the room and the others play on.
    const hostile = async (send: (room: Room) => void) => {
      const w = new Watched(await sdk(server.url).joinById(roomId, { seat: 'spectator' }));
      await w.until((x) => x.updates.length > 0, 'the hostile join');
      w.room.reconnection.enabled = false;
      const gone = closed(w.room);
      send(w.room);
      return gone;
    };
    expect(await hostile((r) => r.send('act', { nonsense: true }))).toBe(4002); // malformed
    expect(await hostile((r) => r.send('act', { action: { type: 'endPhase' } }))).toBe(4002); // no player
    expect(await hostile((r) => r.send('hello', {}))).toBe(4002); // unknown type
    expect(await hostile((r) => r.send('act', { action: { type: 'move', player: 'p1', pad: 'x'.repeat(300 * 1024) } }))).toBe(1009); // oversized
    expect(await hostile((r) => { for (let i = 0; i < 60; i++) r.send('snapshot'); })).toBe(4002); // flood
    // The players still play; every client still agrees.
    const after = { type: 'endPhase', player: local.summary().toAct } as Action;
    const who = after.player === 'p1' ? p1 : p2b;
    expect((await who.act(after)).ok).toBe(true);
    local.act(after);
    for (const w of [p1, p2b, spec]) expect((await w.update(local.summary().actions)).stateHash).toBe(local.hash());

    // A kicked player is not waited for: its seat is free again, but only for its token.
    const p1token = p1.last<SeatMessage>('seat')!.token!;
    p1.room.reconnection.enabled = false;
    const kicked = closed(p1.room);
    p1.room.send('act', { bad: 1 });
    expect(await kicked).toBe(4002);
    await spec.until((w) => w.last<PresenceMessage>('presence')?.p1.held === false, 'p1 seat freed');
    await expect(sdk(server.url).joinById(roomId, { seat: 'p1' })).rejects.toThrow(/belongs to Ann; rejoin it with its token/);
    const p1b = new Watched(await sdk(server.url).joinById(roomId, { seat: 'p1', token: p1token }));
    await p1b.until((w) => w.updates.length > 0, 'p1 back');
    expect(p1b.updates[0].stateHash).toBe(local.hash());
    for (const w of [p1b, p2b, spec]) await leaveRoom(w.room);
  }, 180000);

  test('invalid create options fail with every problem and its path; the per-address cap holds', async () => {
    await expect(sdk(server.url).create('battle', { seat: 'p1', scenario: {}, armies: { a: {} } })).rejects.toThrow(/armies: expected exactly two armies/);
    const bad = sampleCreateOptions(1);
    (bad.armies as Record<string, { units: { warscroll: { move: unknown } }[] }>).south.units[0].warscroll.move = -3;
    await expect(sdk(server.url).create('battle', { ...bad, seat: 'p1' })).rejects.toThrow(/rosters?\.p1|p1.*units\[0\]|units\.0/);
    const bounds = sampleCreateOptions(1);
    (bounds.scenario as { battlefield: { widthInches: number } }).battlefield = { widthInches: 100000 } as never;
    await expect(sdk(server.url).create('battle', { ...bounds, seat: 'p1' })).rejects.toThrow(/scenario\.battlefield/);
    await expect(sdk(server.url).create('battle', { ...sampleCreateOptions(1), seat: 'p1', restore: 'x' })).rejects.toThrow(/restore: not a client option/);
    // The first test's room is still open (its spectator stayed); the cap is 3 rooms per address.
    const rooms: Room[] = [];
    for (let i = 0; i < 2; i++) rooms.push(await sdk(server.url).create('battle', { ...sampleCreateOptions(i), seat: 'p1' }));
    await expect(sdk(server.url).create('battle', { ...sampleCreateOptions(9), seat: 'p1' })).rejects.toThrow(/already has 3 open rooms \(at most 3\)/);
    for (const r of rooms) await leaveRoom(r);
  }, 120000);
});
