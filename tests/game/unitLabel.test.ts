/**
 * Issue 35 items 2 and 6: a whole unit's live drag label (`GameSession.shortestPaths` with
 * `orStraight`, asked at every pointer step) on the bench's case, the 20 Clanrats north of the
 * command tower (`towerGame`, Move 10"). The label and the drop agree: the drop sends what the
 * label measured (each model's path, or its straight line when the game answered it so); when the
 * label says a model is blocked (no path) the engine refuses the move, and when every model has a path within the allowance the engine
 * refuses it only for where the unit ends (coherency, bases overlapping), never for a path. A model
 * with a path keeps the search's answer; one without is answered by its straight line only when the
 * engine's own checks of that line pass.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANKS, towerGame, towerSetup } from '../../src/cli/benchGame';
import { readBundledNode } from '../../src/game/node';
import { GameSession } from '../../src/game/session';

const r3 = (v: number) => Math.round(v * 1000) / 1000;
/** The unit's drop points when the drag moved it by (dx, dy), as the page computes them (`dropPoints`). */
const goalsOf = (ids: readonly string[], dx: number, dy: number) => Object.fromEntries(ids.map((id, i) => [id, [r3(RANKS[i][0] + dx), r3(RANKS[i][1] + dy)] as [number, number]]));
/** A drag offset that brings the unit round the tower (the tower is 3-5" south of the front rank). */
const drag = fc.tuple(fc.double({ min: -2.5, max: 2.5, noNaN: true }), fc.double({ min: -8, max: -2, noNaN: true }));

describe('the whole unit live label round the command tower (issue 35)', () => {
  it('the label and the drop agree: blocked in the label is refused by the engine, a path within the allowance is not', async () => {
    const api = await towerGame();
    const ids = api.summary().units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds;
    const seen = { blocked: 0, accepted: 0, endRefused: 0 };
    fc.assert(
      fc.property(drag, ([dx, dy]) => {
        const goals = goalsOf(ids, dx, dy);
        const label = api.shortestPaths(goals, { ignoreUnit: true, avoidCombat: true, orStraight: { kind: 'normal' } });
        const plain = api.shortestPaths(goals, { ignoreUnit: true, avoidCombat: true });
        if (!label.ok || !plain.ok) throw new Error('no answers');
        const paths: Record<string, [number, number][]> = {};
        let blocked = false;
        let worst = 0;
        for (const id of ids) {
          const a = label.answers[id];
          const p = plain.answers[id];
          if (!a.ok || !p.ok) throw new Error(`${id}: ${a.ok ? '' : a.problems.join('; ')}`);
          // A model the search found a path for keeps it; one it found none for is answered with the
          // straight line only when the engine's checks pass (cost and combat ranges on the way).
          if (p.answer.value !== null) expect(a).toEqual(p);
          else if (a.answer.value !== null) expect(a.answer).toMatchObject({ straight: true, fallback: 'straight', path: [api.unitViews().flatMap((u) => u.models).find((m) => m.id === id)!.position!.slice(0, 2), goals[id]] });
          if (a.answer.value === null) blocked = true;
          else worst = Math.max(worst, a.answer.value as number);
          // The drop sends the measured path, else the straight line (sendMove).
          paths[id] = a.answer.value === null ? [goals[id]] : (a.answer.path as [number, number][]).slice(1);
        }
        const moved = api.act({ type: 'move', player: 'p2', unitId: 'sk-clanrats', kind: 'normal', paths });
        if (moved.ok) api.undo();
        if (blocked) {
          expect(moved.ok).toBe(false);
          seen.blocked++;
        } else if (worst <= 10) {
          if (moved.ok) seen.accepted++;
          else {
            expect(moved.reason).toMatch(/coherent|overlapping/);
            seen.endRefused++;
          }
        }
      }),
      { numRuns: 8, seed: 2 },
    );
    // Both sides were seen.
    expect(seen.blocked).toBeGreaterThan(0);
    expect(seen.accepted).toBeGreaterThan(0);
  });

  it('a goal within a visible enemy combat range stays blocked with orStraight, as the engine refuses it', async () => {
    // One Clanrat at (33.5, 15.2) north of the tower, a Judicator at (36, 11.25) south of it.
    const input = towerSetup();
    const sc = input.scenario as { units: { id: string; models: { position: [number, number] }[] }[] };
    for (const u of sc.units) {
      if (u.id === 'sk-clanrats') u.models.forEach((m, i) => (m.position = i === 0 ? [33.5, 15.2] : [28 + (i % 10) * 1.1, 21 + Math.floor(i / 10) * 1.1]));
      if (u.id === 'sce-judicators') u.models.forEach((m, i) => (m.position = i === 0 ? [36, 11.25] : [20 + 2 * i, 1.5]));
    }
    const api = new GameSession({ readBundled: readBundledNode });
    const r = await api.startOnTable(input);
    if (!r.ok) throw new Error(r.problems.join('\n'));
    for (const a of [{ type: 'chooseFirstTurn', player: 'p1', first: 'p2' }, { type: 'endPhase', player: 'p2' }, { type: 'endPhase', player: 'p2' }]) {
      const x = api.act(a);
      if (!x.ok) throw new Error(x.reason);
    }
    const id = api.summary().units.find((u) => u.id === 'sk-clanrats')!.aliveModelIds[0];
    // (37.5, 15.2): the base's gap to the Judicator's is under 3" (hypot(1.5, 3.95) less both radii).
    const to: [number, number] = [37.5, 15.2];
    const label = api.shortestPaths({ [id]: to }, { ignoreUnit: true, avoidCombat: true, orStraight: { kind: 'normal' } });
    if (!label.ok) throw new Error(label.problems.join('; '));
    expect(label.answers[id]).toMatchObject({ ok: true, answer: { value: null, rule: 'Core 14.1' } });
    const moved = api.act({ type: 'move', player: 'p2', unitId: 'sk-clanrats', kind: 'normal', paths: { [id]: [to] } });
    expect(moved.ok).toBe(false);
  });
});
