/**
 * The game worker through comlink (`@vitest/web-worker`: a simulated worker, messages
 * structured-cloned): the same contract as the API, via the typed client.
 */
import '@vitest/web-worker';
import { afterEach, describe, expect, test } from 'vitest';
import { createGameClient, type GameClient } from '../../src/client/gameClient';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { hotseatSetup } from '../../workers/gameSetup';
import { liberatorsForward, roundOne } from './gameFixtures';

const clients: GameClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});
const client = () => {
  const c = createGameClient(() => new Worker(new URL('../../workers/game.worker.ts', import.meta.url), { type: 'module' }));
  clients.push(c);
  return c;
};

describe('game worker (comlink)', () => {
  test('new game, actions, a rejection as data, options, undo', async () => {
    const c = client();
    const r = await c.startOnTable(hotseatSetup(7));
    expect(r.ok).toBe(true);
    for (const a of roundOne().slice(0, 3)) expect((await c.act(a)).ok).toBe(true);
    const bad = await c.act(liberatorsForward(hotseatSetup(7), 8));
    expect(bad).toMatchObject({ ok: false, rule: 'Core 14.1' });
    const o = await c.options('sce-liberators');
    expect(o.ok && o.entries.find((e) => e.group === 'charge')).toMatchObject({ available: false, rejectedBy: 'Core 14.3' });
    const before = await c.hash();
    expect((await c.act(liberatorsForward())).ok).toBe(true);
    expect((await c.undo()).ok).toBe(true);
    expect(await c.hash()).toBe(before);
  });

  test('round 1 through the worker matches the API in this thread; save/load round-trips the hash', async () => {
    const c = client();
    await c.startOnTable(hotseatSetup(7));
    let last;
    for (const a of roundOne()) last = await c.act(a);
    expect(last).toMatchObject({ ok: true, summary: { vp: { p1: 1, p2: 0 }, round: 2 } });
    const direct = new GameApi({ readBundled: readBundledNode });
    await direct.startOnTable(hotseatSetup(7));
    for (const a of roundOne()) direct.act(a);
    expect(await c.hash()).toBe(direct.hash());
    const saved = await c.save();
    const c2 = client();
    expect((await c2.load(saved)).ok).toBe(true);
    expect(await c2.hash()).toBe(direct.hash());
    expect((await c2.load(saved, { replay: true })).ok).toBe(true);
    const step = await c2.replayStep();
    expect(step).toMatchObject({ ok: true, index: 1, total: saved.actions.length });
  });

  test('shortestPaths (issue 28): a whole unit in one call, each model answered as its own shortestPath query', async () => {
    const c = client();
    await c.startOnTable(hotseatSetup(7));
    for (const a of roundOne().slice(0, 3)) expect((await c.act(a)).ok).toBe(true);
    const s = await c.summary();
    const unit = s!.units.find((u) => u.id === 'sce-liberators')!;
    // Every Liberator 2" north (away from the enemy: a legal Normal Move).
    const goals = Object.fromEntries(unit.aliveModelIds.map((id) => [id, [s!.board.positions[id][0], s!.board.positions[id][1] + 2] as [number, number]]));
    const batch = await c.shortestPaths(goals, { ignoreUnit: true, avoidCombat: true });
    if (!batch.ok) throw new Error(batch.problems.join('\n'));
    for (const id of unit.aliveModelIds) {
      expect(batch.answers[id]).toEqual(await c.query({ id, kind: 'shortestPath', model: id, to: goals[id], ignoreUnit: true, avoidCombat: true }));
      expect(batch.answers[id]).toMatchObject({ ok: true, answer: { value: 2, straight: true } });
    }
  });
});
