/**
 * Issue 28: a whole unit's drop answered in one call (`GameSession.shortestPaths`). On the bench's
 * case (`npm run bench:game`, `moves`): the 20 Clanrats in two ranks north of the command tower
 * dropped 7.1" south, every model's path is exactly the one the per-model `shortestPath` query
 * answers, and the engine accepts the move made of them.
 */
import { describe, expect, it } from 'vitest';
import { RANKS, towerGame } from '../../src/cli/benchGame';
import type { GameQueryAnswer } from '../../src/game/session';
import type { Answer } from '../../src/scenario/answer';

const DROP: [number, number] = [0, -7.1];
const r3 = (v: number) => Math.round(v * 1000) / 1000;
/** The answer of a query result (its problems thrown: the case needs every answer). */
function answerOf(r: GameQueryAnswer): Answer {
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return r.answer;
}

describe('shortestPaths: a whole unit dropped round the command tower', () => {
  it('answers every model as its own shortestPath query does, and the engine accepts the move', async () => {
    const api = await towerGame();
    const ids = api.summary().units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds;
    expect(ids).toHaveLength(20);
    const goals = Object.fromEntries(ids.map((id, i) => [id, [r3(RANKS[i][0] + DROP[0]), r3(RANKS[i][1] + DROP[1])] as [number, number]]));
    const batch = api.shortestPaths(goals, { ignoreUnit: true, avoidCombat: true });
    if (!batch.ok) throw new Error(batch.problems.join('\n'));
    expect(Object.keys(batch.answers)).toEqual(ids);
    const inches: number[] = [];
    for (const id of ids) {
      const one = api.query({ id, kind: 'shortestPath', model: id, to: goals[id], ignoreUnit: true, avoidCombat: true });
      expect(batch.answers[id]).toEqual(one);
      const a = batch.answers[id];
      if (!a.ok) throw new Error(a.problems.join('\n'));
      expect(a.answer.path).toBeDefined();
      inches.push(a.answer.value as number);
    }
    // Every path at least the straight 7.1" (no path is shorter than the straight line); the four
    // models in the tower's column (x 35.45 and 36.55, both ranks) go round it, the others straight.
    const detours = ids.map((id, i) => answerOf(batch.answers[id]).straight === false && i).filter((i) => i !== false);
    expect(detours).toEqual([4, 5, 14, 15]);
    inches.forEach((v, i) => (detours.includes(i) ? expect(v).toBeGreaterThan(7.1 + 0.05) : expect(v).toBe(7.1)));
    // Same paths as before issue 28's work or shorter (docs/performance.md: 7.376369" and 7.482345").
    expect(Math.max(inches[4], inches[5])).toBeLessThanOrEqual(7.376369 + 1e-6);
    expect(Math.max(inches[14], inches[15])).toBeLessThanOrEqual(7.482345 + 1e-6);
    // The engine's verdict on the move made of these paths (Core 15.0: Move 10" here).
    const paths = Object.fromEntries(ids.map((id) => [id, (answerOf(batch.answers[id]).path as [number, number][]).slice(1)]));
    const moved = api.act({ type: 'move', player: 'p2', unitId: 'sk-clanrats', kind: 'normal', paths });
    if (!moved.ok) throw new Error(moved.reason);
    for (const id of ids) expect(moved.summary.board.positions[id]).toEqual(goals[id]);
  });

  it('answers each model on its own: an unknown model or a goal inside the tower does not spoil the others', async () => {
    const api = await towerGame();
    const ids = api.summary().units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds;
    const r = api.shortestPaths({ [ids[0]]: [RANKS[0][0], RANKS[0][1] - 3], 'no-such-model': [10, 10], [ids[4]]: [36, 13] }, { ignoreUnit: true, avoidCombat: true });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    expect(r.answers[ids[0]]).toMatchObject({ ok: true, answer: { id: ids[0], value: 3, straight: true } });
    expect(r.answers['no-such-model']).toEqual({ ok: false, problems: ['queries[0].model: unknown id "no-such-model"'] });
    // (36, 13) is the middle of the command tower (x 35.07-36.93, y 11.93-14.07): no path ends there on the ground.
    expect(r.answers[ids[4]]).toEqual(api.query({ id: ids[4], kind: 'shortestPath', model: ids[4], to: [36, 13], ignoreUnit: true, avoidCombat: true }));
    expect(api.shortestPaths(null as never)).toMatchObject({ ok: false });
  });
});
