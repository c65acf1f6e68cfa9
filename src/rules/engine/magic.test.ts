import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { reduce } from './reduce';
import { runActions, tablePort, type PortTables } from './testkit';
import type { RosterInput } from './roster';

const army = (f: string) => JSON.parse(readFileSync(new URL(`../../../assets/armies/${f}`, import.meta.url), 'utf8')) as RosterInput;
const SCE = army('stormcast-liberators.json');
const SK = army('skaven-clawlord.json');

const tables = (): PortTables => ({
  inCombat: new Set(),
  contests: {},
  distances: { 'sce-incantor|sce-liberators': 11.9, 'sce-incantor|sce-judicators': 12.1, 'sk-warlock|sce-incantor': 30 },
});
function hero(script: number[]): GameState {
  const g = createGame({ seed: 9, rosters: { p1: SCE, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] }, diceScript: script });
  if (!g.ok) throw new Error('roster');
  return runActions(g.state, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'endPhase', player: 'p1' }], tablePort(tables())).s;
}
const castShield: Action = { type: 'cast', player: 'p1', unitId: 'sce-incantor', spell: 'mysticShield', target: 'sce-liberators' };
const run = (s: GameState, actions: Action[], t = tables()) => runActions(s, actions, tablePort(t));

describe('magic (Magic 1.0-5.0), T-14 Mystic Shield', () => {
  it('casting roll 6 = CV 6 succeeds; an Unbind of 6 does not exceed it; the target gets WARD (6+) this turn (N-04: not +1 save)', () => {
    const { s, events } = run(hero([3, 3, 3, 3]), [castShield, { type: 'unbind', player: 'p2', unitId: 'sk-warlock' }]);
    expect(events.find((e) => e.type === 'unbindRoll')).toMatchObject({ roll: 6, castingRoll: 6, unbound: false });
    expect(s.effects).toContainEqual({ kind: 'ward', unitId: 'sce-liberators', value: 6, until: 'endOfTurn' });
    expect(s.pendingSpell).toBe(null);
  });

  it('T-14/T-16 Unbind 7 > 6 unbinds; only one Unbind per casting roll; the unbinder must be within 30" (30.0 ok, 30.1 not)', () => {
    const s0 = run(hero([3, 3, 4, 3]), [castShield]).s;
    expect(s0.pendingSpell).not.toBe(null);
    // While the spell waits, nothing else happens.
    expect(reduce(s0, { type: 'endPhase', player: 'p1' }, tablePort(tables()))).toMatchObject({ ok: false, rule: 'Magic 4.0' });
    const far = tables();
    far.distances!['sk-warlock|sce-incantor'] = 30.1;
    expect(reduce(s0, { type: 'unbind', player: 'p2', unitId: 'sk-warlock' }, tablePort(far))).toMatchObject({ ok: false, rule: 'Magic 4.0' });
    const { s } = run(s0, [{ type: 'unbind', player: 'p2', unitId: 'sk-warlock' }]);
    expect(s.effects.filter((e) => e.kind === 'ward')).toEqual([]);
    expect(reduce(s, { type: 'unbind', player: 'p2', unitId: 'sk-warlock' }, tablePort(tables()))).toMatchObject({ ok: false, rule: 'Magic 4.0' });
  });

  it('a roll of 5 fails with no Unbind window; power level 1 allows one spell; a double 1 miscasts (D3 mortal)', () => {
    const { s } = run(hero([2, 3]), [castShield]);
    expect(s.pendingSpell).toBe(null);
    expect(reduce(s, { ...castShield, spell: 'arcaneBolt', target: 'sk-clawlord' } as Action, tablePort(tables()))).toMatchObject({ ok: false, rule: 'Magic 1.1' });
    const m = run(hero([1, 1, 6]), [castShield]);
    expect(m.events.find((e) => e.type === 'miscast')).toBeTruthy();
    expect(m.s.units['sce-incantor'].damage).toBe(3);
  });

  it('target must be wholly within 12" (11.9 ok, 12.1 rejected) and the caster must know the spell', () => {
    const s = hero([]);
    expect(reduce(s, { ...castShield, target: 'sce-judicators' } as Action, tablePort(tables()))).toMatchObject({ ok: false, rule: 'Magic 2.0' });
    expect(reduce(s, { ...castShield, unitId: 'sce-lord' } as Action, tablePort(tables()))).toMatchObject({ ok: false, rule: 'Magic 1.1' });
  });

  it('Activate Place of Power (Terrain 1.2): a HERO within 3" at the start of the turn; CORE', () => {
    const g = createGame({ seed: 9, rosters: { p1: SCE, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] }, diceScript: [4] });
    if (!g.ok) throw new Error('roster');
    const t = { ...tables(), nearPlaceOfPower: new Set(['sce-incantor']) };
    const { s } = run(g.state, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'activatePlaceOfPower', player: 'p1', unitId: 'sce-incantor' }], t);
    expect(s.effects).toContainEqual({ kind: 'castingBonus', unitId: 'sce-incantor', value: 1, until: 'endOfTurn' });
    expect(reduce(s, { type: 'activatePlaceOfPower', player: 'p1', unitId: 'sce-lord' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Terrain 1.2' });
  });
});

describe('battle tactics (BattleTactics 2.0-3.0)', () => {
  it('T-47 Tactical Gambit: Do Not Waver completed after 2 units fought and none destroyed → 4 VP; once per battle', () => {
    const g = createGame({ seed: 9, rosters: { p1: SCE, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] } });
    if (!g.ok) throw new Error('roster');
    const t: PortTables = { inCombat: new Set(['sce-liberators|sk-clanrats', 'sce-vindictors|sk-stormvermin']), contests: {} };
    let { s } = run(g.state, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, { type: 'tacticalGambit', player: 'p1', tactic: 'doNotWaver' }], t);
    expect(reduce(s, { type: 'tacticalGambit', player: 'p1', tactic: 'attackOnTwoFronts' }, tablePort(t))).toMatchObject({ ok: false, rule: 'BattleTactics 2.0' });
    s = run(s, Array.from({ length: 5 }, () => ({ type: 'endPhase', player: 'p1' }) as Action), t).s;
    const fight = (player: 'p1' | 'p2', unitId: string, target: string): Action[] => [
      { type: 'fight', player, unitId, target },
      { type: 'pass', player: 'p1' },
      { type: 'pass', player: 'p2' },
    ];
    s = run(s, [
      ...fight('p1', 'sce-liberators', 'sk-clanrats'),
      ...fight('p2', 'sk-clanrats', 'sce-liberators'),
      ...fight('p1', 'sce-vindictors', 'sk-stormvermin'),
      ...fight('p2', 'sk-stormvermin', 'sce-vindictors'),
    ], t).s;
    const destroyed = ['sce-liberators', 'sce-vindictors'].some((u) => s.units[u].slain.length === 5);
    const r = run(s, [{ type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' }], t);
    expect(r.events.find((e) => e.type === 'tacticResult')).toMatchObject({ tactic: 'doNotWaver', completed: !destroyed });
    expect(r.s.players.p1.vp).toBe(destroyed ? 0 : 4);
  });
});
