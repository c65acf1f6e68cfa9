/**
 * Issue 18, "the path a model takes is the engine's shortest legal path around terrain and models
 * (climbing only where it is cheaper)": the game's `shortestPath` query on a table with a 4" wall
 * in front of a model, and the engine accepting that path as the move, at the cost it answered.
 */
import { describe, expect, it } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { boxMesh, gunners, targets } from './tables';

/**
 * 40" x 30". gunner-a (32 mm base, r = 0.629921") at (10, 6), Move 5". A wall 1" wide (x 9.5-10.5),
 * 0.5" thick (y 7.5-8), 4" tall, straight ahead. The goal (10, 9.5): the straight line costs
 * 3.5" + 4" up + 4" down = 11.5" (over the allowance); round the wall's end the optimum is the two
 * tangents from (10, 6) and (10, 9.5) to discs of radius r at the corners (10.5, 7.5) and (10.5, 8),
 * the 0.5" between them and the arcs: about 4.39".
 */
function table() {
  return {
    name: 'Wall ahead',
    battlefield: { width: 40, depth: 30 },
    terrain: [{ id: 'wall', type: 'obstacle', pieces: [{ shape: 'mesh', ...boxMesh([9.5, 7.5, 0], [10.5, 8, 4]) }] }],
    territories: { south: [[0, 0], [40, 0], [40, 8], [0, 8]], north: [[0, 22], [40, 22], [40, 30], [0, 30]] },
    units: [
      { id: 'gunner-a', army: 'south', models: [{ id: 'gunner-a-1', base: { round: 32 }, height: 2, position: [10, 6] }] },
      { id: 'gunner-b', army: 'south', models: [{ id: 'gunner-b-1', base: { round: 32 }, height: 2, position: [30, 6] }] },
      { id: 'target-window', army: 'north', models: [{ id: 'target-window-1', base: { round: 32 }, height: 2, position: [10, 24] }] },
      { id: 'target-tower', army: 'north', models: [{ id: 'target-tower-1', base: { round: 32 }, height: 2, position: [30, 24] }] },
    ],
  };
}

/** The optimum round the wall's east end (hand geometry, see above). */
function optimum(): number {
  const r = 16 / 25.4;
  // From (10, 6) to the disc at (10.5, 7.5): distance, tangent, and the turn to heading north.
  const d = Math.hypot(0.5, 1.5);
  const tangent = Math.sqrt(d * d - r * r);
  // The heading turned at each corner: the centre's direction from north plus asin(r / d).
  const turn = Math.atan2(0.5, 1.5) + Math.asin(r / d);
  return 2 * (tangent + turn * r) + 0.5;
}

describe('the shortest path in a game', () => {
  it('goes round the 4" wall (not over it), and the engine accepts it at the cost answered', async () => {
    const api = new GameApi({ readBundled: readBundledNode });
    const r = await api.startOnTable({ scenario: table(), armies: { p1: { army: 'south', roster: gunners() }, p2: { army: 'north', roster: targets() } }, seed: 3 });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }]) expect(api.act(a).ok).toBe(true);
    expect(api.summary().phase).toBe('movement');
    // The straight line is refused: over the wall it costs 11.5".
    const straight = api.query({ id: 's', kind: 'movePath', model: 'gunner-a-1', path: [[10, 6], [10, 9.5]] });
    expect(straight).toMatchObject({ ok: true, answer: { value: 11.5 } });
    const over = api.act({ type: 'move', player: 'p1', unitId: 'gunner-a', kind: 'normal', paths: { 'gunner-a-1': [[10, 9.5]] } });
    expect(over).toMatchObject({ ok: false, rule: 'Core 14.1' });
    // The shortest path goes round, within the optimum + 2%.
    const q = api.query({ id: 'p', kind: 'shortestPath', model: 'gunner-a-1', to: [10, 9.5], ignoreUnit: true });
    if (!q.ok) throw new Error(q.problems.join('\n'));
    const best = optimum();
    expect(best).toBeGreaterThan(4.2);
    expect(best).toBeLessThan(4.6);
    const a = q.answer as unknown as { value: number; path: [number, number][]; straight: boolean; climbedInches: number };
    expect(a.straight).toBe(false);
    expect(a.climbedInches).toBe(0);
    expect(a.value).toBeGreaterThanOrEqual(best - 1e-6);
    expect(a.value).toBeLessThan(best * 1.02);
    // It passes beside the wall (either end: the table is symmetric about x = 10), the base clear of it.
    expect(Math.max(...a.path.map((p) => Math.abs(p[0] - 10)))).toBeGreaterThan(0.5 + 16 / 25.4 - 0.05);
    // The movePath of that path is the same number, and the engine takes the move.
    expect(api.query({ id: 'c', kind: 'movePath', model: 'gunner-a-1', path: a.path })).toMatchObject({ ok: true, answer: { value: a.value } });
    const moved = api.act({ type: 'move', player: 'p1', unitId: 'gunner-a', kind: 'normal', paths: { 'gunner-a-1': a.path.slice(1) } });
    expect(moved.ok).toBe(true);
    expect(api.summary().board.positions['gunner-a-1']).toEqual([10, 9.5]);
  });

  it('a refused goal says why, with its rule', async () => {
    const api = new GameApi({ readBundled: readBundledNode });
    const r = await api.startOnTable({ scenario: table(), armies: { p1: { army: 'south', roster: gunners() }, p2: { army: 'north', roster: targets() } }, seed: 3 });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    // On top of the other gunner.
    const q = api.query({ id: 'p', kind: 'shortestPath', model: 'gunner-a-1', to: [30, 6.3] });
    expect(q).toMatchObject({ ok: true, answer: { value: null, rule: 'Core 15.0', reason: expect.stringContaining('gunner-b-1') } });
    // avoidCombat (Core 14.1): a goal 2.24" from target-tower's base (within its combat range) is
    // refused for a Normal Move; without it the straight 14.5" is answered.
    expect(api.query({ id: 'c', kind: 'shortestPath', model: 'gunner-b-1', to: [30, 20.5], avoidCombat: true })).toMatchObject({ ok: true, answer: { value: null, rule: 'Core 14.1' } });
    expect(api.query({ id: 'c', kind: 'shortestPath', model: 'gunner-b-1', to: [30, 20.5] })).toMatchObject({ ok: true, answer: { value: 14.5, straight: true } });
    // Off the table: the query itself is refused with its path.
    const off = api.query({ id: 'p', kind: 'shortestPath', model: 'gunner-a-1', to: [100, 6] });
    expect(off.ok).toBe(false);
  });
});
