/**
 * Issue 18 ("the table tells the state"): the summary gives each unit's Move, whether it moved or
 * shot this turn (from the accepted actions of the turn), whether it is in combat (the engine's
 * `inCombat`), its run/charge rolls and its ranged weapons' ranges.
 */
import { describe, expect, test } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { GameApi, unitInCombat } from '../../src/game/session';
import { engagedSetup } from '../../workers/gameSetup';

async function engaged(seed: number): Promise<GameApi> {
  const api = new GameApi({ readBundled: readBundledNode });
  const r = await api.startOnTable(engagedSetup(seed));
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return api;
}

function act(api: GameApi, a: unknown) {
  const r = api.act(a);
  if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.reason}`);
  return r;
}

const unit = (api: GameApi, id: string) => api.summary().units.find((u) => u.id === id)!;

describe('GameApi.summary: the state the table marks', () => {
  test('in combat = the engine inCombat; Move and ranged weapons from the warscroll', async () => {
    const api = await engaged(7);
    const s = api.summary();
    for (const u of s.units) expect(u.inCombat, u.id).toBe(u.deployed && u.alive > 0 && unitInCombat(api, u.id));
    expect(unit(api, 'sce-liberators').inCombat).toBe(true);
    expect(unit(api, 'sk-ratogors').inCombat).toBe(true);
    expect(s.units.some((u) => !u.inCombat)).toBe(true);
    const libs = unit(api, 'sce-liberators');
    expect(libs.move).toBe(5);
    expect(libs.ranges).toEqual([]);
    const ranged = s.units.filter((u) => u.ranges.length > 0);
    expect(ranged.length).toBeGreaterThan(0);
    for (const u of ranged) for (const r of u.ranges) expect(r.range).toBeGreaterThan(0);
  });

  test('moved and shot this turn (from the accepted actions of the turn; an undone move is not counted)', async () => {
    const api = await engaged(7);
    act(api, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    act(api, { type: 'endPhase', player: 'p1' }); // start of turn -> hero
    act(api, { type: 'endPhase', player: 'p1' }); // hero -> movement
    const s0 = api.summary();
    expect(s0.phase).toBe('movement');
    expect(s0.units.some((u) => u.moved || u.shot)).toBe(false);
    // A unit out of combat moves 1" (every model; the first offset the engine accepts).
    const mover = s0.units.find((u) => u.owner === 'p1' && !u.inCombat && u.deployed && u.ranges.length > 0)!;
    const accepted = [[0, -1], [0, 1], [1, 0], [-1, 0]].some(([dx, dy]) => {
      const paths = Object.fromEntries(mover.aliveModelIds.map((id) => [id, [[s0.board.positions[id][0] + dx, s0.board.positions[id][1] + dy]]]));
      return api.act({ type: 'move', player: 'p1', unitId: mover.id, kind: 'normal', paths }).ok;
    });
    expect(accepted).toBe(true);
    expect(unit(api, mover.id).moved).toBe(true);
    // Undone: not moved any more; done again.
    const last = api.save().actions.at(-1);
    expect(api.undo().ok).toBe(true);
    expect(unit(api, mover.id).moved).toBe(false);
    act(api, last);
    expect(unit(api, mover.id).moved).toBe(true);
    expect(api.summary().units.filter((u) => u.moved).map((u) => u.id)).toEqual([mover.id]);
    act(api, { type: 'endPhase', player: 'p1' }); // movement -> shooting: still this turn
    expect(unit(api, mover.id).moved).toBe(true);
    const opts = api.options(mover.id);
    const shoot = opts.ok ? opts.entries.find((e) => e.group === 'shoot' && e.available) : undefined;
    if (shoot) {
      act(api, shoot.action);
      // A reactions window may be open: let the other player pass.
      for (let i = 0; i < 3 && api.summary().pendingAttack; i++) act(api, { type: 'pass', player: api.summary().pendingAttack!.toReact });
      expect(unit(api, mover.id).shot).toBe(true);
    }
  });
});

describe('dice steps in plain words (issue 18)', () => {
  test('a save roll that meets the Save but fails through the rend says why (Core 17.1)', async () => {
    // The Liberators (rend 1 hammers) fight the Rat Ogors in the engaged set-up, seeds 1..40; each
    // save step's dice that meet the Save unmodified and fail modified are named with the sum.
    let explained = 0;
    for (let seed = 1; seed <= 40 && explained < 2; seed++) {
      const api = await engaged(seed);
      act(api, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
      for (let i = 0; i < 5; i++) act(api, { type: 'endPhase', player: 'p1' });
      const steps = [act(api, { type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-ratogors' })];
      while (api.summary().pendingAttack) steps.push(act(api, { type: 'pass', player: api.summary().pendingAttack!.toReact }));
      for (const st of steps.flatMap((r) => r.steps).filter((x) => x.label === 'Save rolls')) {
        const m = /^(\d)\+ \(modifier (-\d)\)$/.exec(st.target ?? '');
        if (!m) continue;
        const save = Number(m[1]);
        const mod = Number(m[2]);
        const lost = st.dice.filter((d) => d !== 1 && d >= save && d + mod < save);
        if (lost.length === 0) {
          expect(st.outcome).not.toContain('under');
          continue;
        }
        const worst = Math.max(...lost);
        expect(st.outcome).toContain(`${worst} − ${-mod} = ${worst + mod}, under ${save}+ (modifier ${mod}, Core 17.1)`);
        expect(st.successes).toBe(st.dice.filter((d) => d !== 1 && d + mod >= save).length);
        explained++;
      }
    }
    expect(explained).toBeGreaterThan(0);
  });
});
