/**
 * Issue 35 items 2 and 6 (session 40): the live drag label's question answered along a whole drag,
 * pointer move after pointer move, as the page asks it (`GameSession.shortestPaths` with the whole
 * unit's drop points, `orStraight`), on the bench's case: the 20 Clanrats north of the command
 * tower (`towerGame`, Move 10"). The engine now keeps the walks of the search's pieces between two
 * questions on the same state (`shortestMovePath`'s piece walks on `World.memoize`): the answers
 * must not depend on what was asked before, and the label's verdict must be the drop's.
 *
 * - The same drag asked forwards on one session and backwards on another gives the same answer
 *   at every offset (each session's kept walks come from other questions).
 * - At every offset, the label's verdict is the engine's verdict on the drop the page sends (each
 *   model's measured path, or its straight line when the label found none, `sendMove`): a model
 *   blocked, or the worst model's path over the 10" allowance, is refused; every path within it is
 *   accepted, or refused only for where the unit ends (coherency, Core 15.0 bases overlapping).
 */
import { describe, expect, it } from 'vitest';
import { RANKS, towerGame } from '../../src/cli/benchGame';

const r3 = (v: number) => Math.round(v * 1000) / 1000;
/** The unit's drop points when the drag moved it by (dx, dy), as the page computes them (`dropPoints`). */
const goalsOf = (ids: readonly string[], dx: number, dy: number) => Object.fromEntries(ids.map((id, i) => [id, [r3(RANKS[i][0] + dx), r3(RANKS[i][1] + dy)] as [number, number]]));
const LABEL = { ignoreUnit: true, avoidCombat: true, orStraight: { kind: 'normal' as const } };
/** The Clanrats' Move (towerGame), inches. */
const ALLOWANCE = 10;

/**
 * A drag's pointer moves: south round the tower to 11.6" (past the allowance: the worst model's
 * path is over 10"), then back north-east, as a hand moves (steps of 0.3-0.8").
 */
const DRAG: [number, number][] = [
  ...Array.from({ length: 16 }, (_, k) => [r3(0.05 * k), r3(-0.725 * (k + 1))] as [number, number]),
  ...Array.from({ length: 10 }, (_, k) => [r3(0.75 + 0.3 * (k + 1)), r3(-11.6 + 0.6 * (k + 1))] as [number, number]),
];

describe('the live label along a drag round the command tower (issue 35, session 40)', () => {
  it('answers each pointer move as if asked alone, and its verdict is the drop verdict', { timeout: 600_000 }, async () => {
    const forwards = await towerGame();
    const backwards = await towerGame();
    const ids = forwards.summary().units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds;
    const back = new Map<string, unknown>();
    for (const [dx, dy] of [...DRAG].reverse()) back.set(`${dx},${dy}`, backwards.shortestPaths(goalsOf(ids, dx, dy), LABEL));
    const seen = { blocked: 0, tooFar: 0, accepted: 0, endRefused: 0, roundTower: 0 };
    for (const [dx, dy] of DRAG) {
      const goals = goalsOf(ids, dx, dy);
      const label = forwards.shortestPaths(goals, LABEL);
      expect(label).toEqual(back.get(`${dx},${dy}`));
      if (!label.ok) throw new Error(label.problems.join('; '));
      const paths: Record<string, [number, number][]> = {};
      let blocked = false;
      let worst = 0;
      for (const id of ids) {
        const a = label.answers[id];
        if (!a.ok) throw new Error(`${id}: ${a.problems.join('; ')}`);
        if (a.answer.value === null) blocked = true;
        else worst = Math.max(worst, a.answer.value as number);
        if (a.answer.value !== null && !a.answer.straight) seen.roundTower++;
        // The drop sends the measured path, else the straight line (sendMove).
        paths[id] = a.answer.value === null ? [goals[id]] : (a.answer.path as [number, number][]).slice(1);
      }
      const moved = forwards.act({ type: 'move', player: 'p2', unitId: 'sk-clanrats', kind: 'normal', paths });
      if (moved.ok) forwards.undo();
      const at = `offset (${dx}, ${dy}): label ${blocked ? 'blocked' : worst.toFixed(2)}, drop ${moved.ok ? 'accepted' : moved.reason}`;
      if (blocked || worst > ALLOWANCE + 1e-9) {
        expect(moved.ok, at).toBe(false);
        if (blocked) seen.blocked++;
        else seen.tooFar++;
      } else if (moved.ok) seen.accepted++;
      else {
        expect(moved.reason, at).toMatch(/coherent|overlapping/);
        seen.endRefused++;
      }
    }
    // Each verdict was seen, and paths round the tower were searched (not only straight lines).
    expect(seen.blocked).toBeGreaterThan(0);
    expect(seen.tooFar).toBeGreaterThan(0);
    expect(seen.accepted).toBeGreaterThan(0);
    expect(seen.roundTower).toBeGreaterThan(0);
  });
});
