import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { reduce } from './reduce';
import { sampleRoster, tablePort, type PortTables } from './testkit';
import { runActions } from './testkit';
import { buildWorld, worldPort } from './worldPort';

function run(s: GameState, actions: Action[], t: PortTables) {
  return runActions(s, actions, tablePort(t));
}
function game(opts: { terrainFeatures?: string[]; territories?: boolean } = {}): GameState {
  const r = createGame({
    seed: 4,
    rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p2') },
    finishedDeployingFirst: 'p1',
    battleplan: { objectives: ['o1'], ...(opts.terrainFeatures ? { terrainFeatures: opts.terrainFeatures } : {}) },
    ...(opts.territories === false ? {} : { territories: { p1: 'south', p2: 'north' } }),
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.state;
}
const first: Action = { type: 'chooseFirstTurn', player: 'p1', first: 'p1' };
const endTurn = (p: 'p1' | 'p2' = 'p1'): Action[] => Array.from({ length: 7 }, () => ({ type: 'endPhase', player: p }) as Action);
const gambit = (tactic: string, extra: Record<string, string> = {}): Action => ({ type: 'tacticalGambit', player: 'p1', tactic, ...extra }) as Action;
const tables = (): PortTables => ({ inCombat: new Set(), contests: {}, terrain: ['ruins', 'tower', 'far'], terrainContests: {} });

describe('terrain control (Core 32.3)', () => {
  it('T-19 controlled like objectives (control scores), but lost when no unit of the controller contests it any more', () => {
    const t = tables();
    // p1 warriors 10 × 1 + standard bearer 1 = 11 vs p2 knights 5; the warriors also contest o1 (1 objective AND 1 feature).
    t.terrainContests = { 'p1-warriors': ['ruins'], 'p2-knights': ['ruins'] };
    t.contests = { 'p1-warriors': ['o1'] };
    let r = run(game({ terrainFeatures: ['ruins'] }), [first], t);
    expect(r.events.find((e) => e.type === 'terrainControl')).toMatchObject({ terrainId: 'ruins', scores: { p1: 11, p2: 5 }, controller: 'p1' });
    expect(r.s.objectives.o1).toBe('p1');
    expect(r.s.terrainControl).toEqual({ ruins: 'p1' });
    // Heroes only: 2 vs 2, a tie, p1 keeps it while its hero contests.
    t.terrainContests = { 'p1-hero': ['ruins'], 'p2-hero': ['ruins'] };
    r = run(r.s, endTurn(), t);
    expect(r.s.terrainControl.ruins).toBe('p1');
    // Only p2's hero: p2 (2 > 0). Then nobody contests: nobody controls it (objectives would stay).
    t.terrainContests = { 'p2-hero': ['ruins'] };
    r = run(r.s, endTurn('p2'), t);
    expect(r.s.terrainControl.ruins).toBe('p2');
    t.terrainContests = {};
    r = run(r.s, [{ type: 'chooseFirstTurn', player: r.s.decider, first: 'p1' }, ...endTurn()], t);
    expect(r.s.terrainControl.ruins).toBe(null);
    expect(r.s.objectives.o1).toBe('p1');
  });

  it('a unit contesting two controlled features must pick one (Core 32.3 with 32.1)', () => {
    const t = tables();
    t.terrainContests = { 'p1-warriors': ['ruins', 'tower'] };
    const s = game({ terrainFeatures: ['ruins', 'tower'] });
    expect(reduce(s, first, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 32.3' });
    expect(reduce(s, { type: 'chooseContestedObjective', player: 'p1', unitId: 'p1-warriors', objectiveId: 'far' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 32.1' });
    const r = run(s, [{ type: 'chooseContestedObjective', player: 'p1', unitId: 'p1-warriors', objectiveId: 'tower' }, first], t);
    expect(r.s.terrainControl).toEqual({ ruins: null, tower: 'p1' });
  });
});

describe('territory battle tactics (BattleTactics 3.0)', () => {
  it('Take Their Land: a feature wholly or partially within enemy territory and wholly outside friendly territory, controlled at the end of the turn', () => {
    const t = tables();
    t.territories = {
      'ruins|north': { distance: 0, wholly: false },
      'ruins|south': { distance: 4, wholly: false },
      'tower|north': { distance: 0, wholly: true },
      'tower|south': { distance: 0, wholly: false },
      'far|north': { distance: 2, wholly: false },
      'far|south': { distance: 9, wholly: false },
    };
    const s = run(game(), [first], t).s;
    expect(reduce(s, gambit('takeTheirLand', { terrainId: 'tower' }), tablePort(t))).toMatchObject({ ok: false, rule: 'BattleTactics 3.0', reason: expect.stringContaining('outside friendly') });
    expect(reduce(s, gambit('takeTheirLand', { terrainId: 'far' }), tablePort(t))).toMatchObject({ ok: false, rule: 'BattleTactics 3.0', reason: expect.stringContaining('enemy territory') });
    expect(reduce(s, gambit('takeTheirLand'), tablePort(t))).toMatchObject({ ok: false, rule: 'BattleTactics 3.0' });
    expect(reduce(s, gambit('doNotWaver', { terrainId: 'ruins' }), tablePort(t))).toMatchObject({ ok: false, rule: 'BattleTactics 3.0' });
    const noTerr = run(game({ territories: false }), [first], t).s;
    expect(reduce(noTerr, gambit('takeTheirLand', { terrainId: 'ruins' }), tablePort(t))).toMatchObject({ ok: false, rule: 'BattleTactics 3.0' });
    let r = run(s, [gambit('takeTheirLand', { terrainId: 'ruins' })], t);
    expect(r.s.tactics.current).toMatchObject({ tactic: 'takeTheirLand', terrainId: 'ruins' });
    // p1's knights (5) beat p2's hero (2) on the ruins at the end of the turn → 4 VP.
    t.terrainContests = { 'p1-knights': ['ruins'], 'p2-hero': ['ruins'] };
    r = run(r.s, endTurn(), t);
    expect(r.events.find((e) => e.type === 'terrainControl')).toMatchObject({ terrainId: 'ruins', scores: { p1: 5, p2: 2 }, controller: 'p1' });
    expect(r.events.find((e) => e.type === 'tacticResult')).toMatchObject({ tactic: 'takeTheirLand', completed: true, vp: 4 });
    expect(r.s.players.p1.vp).toBe(4);
  });

  it('Take Their Land fails when the enemy out-scores you there', () => {
    const t = tables();
    t.territories = { 'ruins|north': { distance: 0, wholly: true } };
    t.terrainContests = { 'p1-hero': ['ruins'], 'p2-knights': ['ruins'] };
    const r = run(game(), [first, gambit('takeTheirLand', { terrainId: 'ruins' }), ...endTurn()], t);
    expect(r.events.find((e) => e.type === 'tacticResult')).toMatchObject({ completed: false });
    expect(r.s.players.p1.vp).toBe(0);
  });

  it('T-47 Seize the Centre: 2+ friendly units within 3" of the centre and not in combat', () => {
    const t = tables();
    t.landmarks = { 'p1-hero|centre': 3, 'p1-warriors|centre': 0.5, 'p1-knights|centre': 3.2 };
    let r = run(game(), [first, gambit('seizeTheCentre'), ...endTurn()], t);
    expect(r.events.find((e) => e.type === 'tacticResult')).toMatchObject({ tactic: 'seizeTheCentre', completed: true });
    // The warriors in combat: only the hero qualifies.
    const t2 = tables();
    t2.landmarks = t.landmarks;
    t2.inCombat = new Set(['p1-warriors|p2-warriors']);
    r = run(game(), [first, gambit('seizeTheCentre'), ...endTurn().slice(0, 5)], t2);
    // Both in combat fight first (Core 13.1).
    r = run(r.s, [
      { type: 'fight', player: 'p1', unitId: 'p1-warriors', target: 'p2-warriors' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' },
      { type: 'fight', player: 'p2', unitId: 'p2-warriors', target: 'p1-warriors' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' },
      { type: 'endPhase', player: 'p1' }, { type: 'endPhase', player: 'p1' },
    ], t2);
    expect(r.events.find((e) => e.type === 'tacticResult')).toMatchObject({ tactic: 'seizeTheCentre', completed: false });
  });

  it('T-47 Take the Flanks: within 6" of each short edge, not wholly within friendly territory, not set up this turn', () => {
    const t = tables();
    t.landmarks = { 'p1-hero|shortEdge0': 5, 'p1-knights|shortEdge1': 6 };
    let r = run(game(), [first, gambit('takeTheFlanks'), ...endTurn()], t);
    expect(r.events.find((e) => e.type === 'tacticResult')).toMatchObject({ tactic: 'takeTheFlanks', completed: true, vp: 4 });
    // The knights wholly within friendly territory: that flank fails.
    const t2 = { ...tables(), landmarks: t.landmarks, territories: { 'p1-knights|south': { distance: 0, wholly: true } } };
    r = run(game(), [first, gambit('takeTheFlanks'), ...endTurn()], t2);
    expect(r.events.find((e) => e.type === 'tacticResult')).toMatchObject({ completed: false });
    // Needs territories.
    expect(reduce(run(game({ territories: false }), [first], t).s, gambit('takeTheFlanks'), tablePort(t))).toMatchObject({ ok: false, rule: 'BattleTactics 3.0' });
  });
});

describe('territory, landmark and terrain-control questions of the real worldPort', () => {
  it('answers in plan view (A-G15, A-G17, A-G17b)', () => {
    const g = createGame({ seed: 1, rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p2') }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] } });
    if (!g.ok) throw new Error('roster');
    const rosters = { p1: g.state.players.p1.roster, p2: g.state.players.p2.roster };
    const port = worldPort(
      buildWorld(
        {
          width: 60,
          depth: 44,
          territories: { south: [[0, 0], [60, 0], [60, 12], [0, 12]], north: [[0, 32], [60, 32], [60, 44], [0, 44]] },
          terrain: [
            { id: 'straddle', type: 'obstacle', boxes: [{ center: [20, 32], size: [4, 2, 1] }] },
            { id: 'inside', type: 'obstacle', boxes: [{ center: [40, 38], size: [4, 2, 1] }] },
            { id: 'middle', type: 'area', boxes: [{ center: [30, 22], size: [4, 4, 0.5] }] },
          ],
          // The hero 1.5" from the centre (30, 22) and 2" from the west edge; warriors far away.
          placement: { 'p1-hero-m1': [1.63 + 0.37, 22], ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p1-warriors-m${i + 1}`, [30 + i * 1.6, 25.6]])) },
        },
        rosters,
      ),
    );
    expect(port.withinTerritory('straddle', 'north', 0)).toBe(true);
    expect(port.whollyWithinTerritory('straddle', 'north')).toBe(false);
    expect(port.whollyWithinTerritory('inside', 'north')).toBe(true);
    expect(port.withinTerritory('inside', 'south', 0)).toBe(false);
    expect(port.withinTerritory('middle', 'north', 7.9)).toBe(false);
    expect(port.withinTerritory('middle', 'north', 8.1)).toBe(true);
    expect(port.terrainFeatures()).toEqual(['straddle', 'inside', 'middle']);
    // Hero: 32 mm base (r 0.63"), centre x = 2 → 1.37" from the west (short) edge.
    expect(port.landmarkDistance('p1-hero', 'shortEdge0')).toBeCloseTo(1.37, 3);
    expect(port.landmarkDistance('p1-hero', 'shortEdge1')).toBeCloseTo(60 - 2.63, 3);
    // Warriors: front model at (30, 25.6): 3.6 - 0.63 = 2.97" from the centre.
    expect(port.landmarkDistance('p1-warriors', 'centre')).toBeCloseTo(2.97, 3);
    // Terrain control: models within 3" (plan) of the 'middle' footprint (y ≤ 24): 25.6 - 0.63 - 24 = 0.97".
    expect(port.terrainContestingModels('p1-warriors', 'middle').length).toBeGreaterThan(0);
    expect(port.terrainContestingModels('p1-hero', 'middle')).toEqual([]);
  });
});
