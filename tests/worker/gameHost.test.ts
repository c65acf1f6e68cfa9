/**
 * The game worker's change-with-snapshot (`workers/gameHost.ts`, issue 35 item 6): a change is
 * answered with its snapshot in one message, the set-up only when it is not the one sent last, and
 * the set-up plus each answer's actions and replay position is exactly the session's own snapshot.
 */
import { describe, expect, test } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { GameSession } from '../../src/game/session';
import { gameHost } from '../../workers/gameHost';
import { hotseatSetup } from '../../workers/gameSetup';
import { liberatorsForward, roundOne } from './gameFixtures';

describe('gameHost.changeAndSnapshot', () => {
  test('the set-up is sent with the first change of a game only; set-up + actions is the session snapshot; a refusal sends none', async () => {
    const host = gameHost(new GameSession({ readBundled: readBundledNode }));
    const first = await host.changeAndSnapshot('startOnTable', [hotseatSetup(7)]);
    expect(first.result.ok).toBe(true);
    expect(first.snapshot?.setup).toBeDefined();
    const setup = first.snapshot!.setup!;
    const [a1, a2] = roundOne();
    for (const a of [a1, a2]) {
      const r = await host.changeAndSnapshot('act', [a]);
      expect(r.result.ok).toBe(true);
      expect(r.snapshot?.setup).toBeUndefined();
      expect({ saved: { ...setup, actions: r.snapshot!.actions }, replay: r.snapshot!.replay }).toEqual(host.snapshot());
    }
    // The same action again is refused (not the player's turn to choose): no snapshot.
    const refused = await host.changeAndSnapshot('act', [a1]);
    expect(refused.result.ok).toBe(false);
    expect(refused.snapshot).toBeNull();
    // A new game: a new set-up, sent again.
    const again = await host.changeAndSnapshot('startOnTable', [hotseatSetup(8)]);
    expect(again.snapshot?.setup).toBeDefined();
    expect({ saved: { ...again.snapshot!.setup!, actions: again.snapshot!.actions }, replay: again.snapshot!.replay }).toEqual(host.snapshot());
  });
});

/**
 * The live drag label's question (issue 35 item 6): a newer one makes the worker give up an older
 * one still searching, and an answer is always one state's `shortestPaths`, even when the game
 * changed between two models.
 */
describe('gameHost.liveShortestPaths', () => {
  /** A game in p1's movement phase (hot-seat set-up 7; reading messages after every model) and the Liberators' goals `dy` inches north of their set-up. */
  async function started() {
    const host = gameHost(new GameSession({ readBundled: readBundledNode }), { liveSliceMs: 0 });
    const setup = hotseatSetup(7);
    expect((await host.changeAndSnapshot('startOnTable', [setup])).result.ok).toBe(true);
    for (const a of roundOne(setup).slice(0, 3)) expect(host.act(a).ok).toBe(true);
    const paths = (liberatorsForward(setup, 0) as unknown as { paths: Record<string, [number, number][]> }).paths;
    const goals = (dy: number) => Object.fromEntries(Object.entries(paths).map(([id, [[x, y]]]) => [id, [x, y + dy] as [number, number]]));
    return { host, setup, goals };
  }
  const opts = { ignoreUnit: true, avoidCombat: true, orStraight: { kind: 'normal' as const } };

  test('a newer question makes the older one be given up; the newer is answered as shortestPaths answers it', async () => {
    const { host, goals } = await started();
    expect(Object.keys(goals(2)).length).toBeGreaterThan(1);
    const older = host.liveShortestPaths(1, goals(2), opts);
    const newer = host.liveShortestPaths(2, goals(3), opts);
    const [a, b] = await Promise.all([older, newer]);
    expect(a).toMatchObject({ ok: false, superseded: true });
    expect(b).toEqual(host.shortestPaths(goals(3), opts));
    // Every Liberator 3" north on open ground: 3" each.
    if (!b.ok) throw new Error('no answer');
    for (const ans of Object.values(b.answers)) expect(ans.ok && ans.answer.value).toBeCloseTo(3, 6);
    // A question older than the newest seen is given up at once.
    expect(await host.liveShortestPaths(1, goals(2), opts)).toMatchObject({ ok: false, superseded: true });
  });

  test('the game changed between two models: answered again on the new state (never half and half)', async () => {
    const { host, setup, goals } = await started();
    const before = host.shortestPaths(goals(2), opts);
    const live = host.liveShortestPaths(10, goals(2), opts);
    // The Liberators move 4.5" north while the question is between two models.
    expect(host.act(liberatorsForward(setup)).ok).toBe(true);
    const r = await live;
    const after = host.shortestPaths(goals(2), opts);
    expect(r).toEqual(after);
    expect(after).not.toEqual(before);
    if (!r.ok) throw new Error('no answer');
    // Now 2.5" back south from where they stand (the path's plan length at least that).
    for (const ans of Object.values(r.answers)) expect(ans.ok && (ans.answer.value as number)).toBeGreaterThanOrEqual(2.5 - 1e-6);
  });
});
