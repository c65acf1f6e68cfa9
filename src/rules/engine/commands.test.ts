import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { reduce } from './reduce';
import { tablePort, type PortTables } from './testkit';
import { runActions } from './testkit';
import { buildWorld, worldPort } from './worldPort';
import type { Roster, RosterInput } from './roster';

const army = (f: string) => JSON.parse(readFileSync(new URL(`../../../assets/armies/${f}`, import.meta.url), 'utf8')) as RosterInput;
const SCE = army('stormcast-liberators.json');
const SK = army('skaven-clawlord.json');

function tables(): PortTables {
  return {
    inCombat: new Set(),
    contests: {},
    distances: {
      'sk-acolytes|sce-liberators': 6,
      'sk-acolytes|sce-judicators': 5,
      'sk-warlock|sce-incantor': 20,
      'sk-warlock|sce-liberators': 10,
      'sce-liberators|sk-clanrats': 0.3,
    },
    // The judicators are closer to the acolytes but not visible: not a legal shooting target.
    hidden: new Set(['sk-acolytes|sce-judicators']),
  };
}
function run(s: GameState, actions: Action[], t = tables()) {
  return runActions(s, actions, tablePort(t));
}
const end = (n: number, player: 'p1' | 'p2' = 'p1'): Action[] => Array.from({ length: n }, () => ({ type: 'endPhase', player }) as Action);
/**
 * A game where p1 takes the first turn, advanced `phases` phases (0 = start of turn), with scripted
 * dice. Both players start with 5 CP: 4 (Commands 1.1) + 1 for underspending (ArmyComp 1.2.1: the
 * sample armies cost 750 and 590 points of their 1000-point limit); equal auxiliaries, no underdog.
 */
function game(phases: number, script: number[] = [], t = tables()): GameState {
  const g = createGame({ seed: 5, rosters: { p1: SCE, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] }, diceScript: script });
  if (!g.ok) throw new Error('roster');
  const s = run(g.state, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }], t).s;
  expect([s.players.p1.cp, s.players.p2.cp]).toEqual([5, 5]);
  return run(s, end(phases), t).s;
}
const cmd = (player: 'p1' | 'p2', command: string, unitId: string, target?: string): Action =>
  ({ type: 'command', player, command, unitId, ...(target ? { target } : {}) }) as Action;
const rej = (s: GameState, a: Action, t = tables()) => reduce(s, a, tablePort(t));

const MM_PER_INCH = 25.4;
/** The first `n` (default all) models of a unit in a row along x from (x, y), 0.3" between bases (inches). */
function row(r: Roster, unitId: string, x: number, y: number, n?: number): Record<string, [number, number]> {
  const u = r.units.find((v) => v.id === unitId)!;
  const out: Record<string, [number, number]> = {};
  u.models.slice(0, n).forEach((m, i) => {
    const d = m.base.shape === 'round' ? m.base.diameterMm / MM_PER_INCH : m.base.lengthMm / MM_PER_INCH;
    out[m.id] = [x + i * (d + 0.3), y];
  });
  return out;
}

describe('Magical Intervention (Commands 2.0)', () => {
  it('enemy hero phase, a WIZARD or PRIEST, 1 CP: one SPELL as if it were your hero phase, -1 to the casting roll', () => {
    let s = game(1, [4, 3]); // p1's hero phase
    expect(s.phase).toBe('hero');
    // Not in your own hero phase; not a WIZARD/PRIEST; a spell in the enemy hero phase needs the command.
    expect(rej(s, cmd('p1', 'magicalIntervention', 'sce-incantor'))).toMatchObject({ ok: false, rule: 'Commands 2.0' });
    expect(rej(s, cmd('p2', 'magicalIntervention', 'sk-clawlord'))).toMatchObject({ ok: false, rule: 'Commands 2.0' });
    const bolt: Action = { type: 'cast', player: 'p2', unitId: 'sk-warlock', spell: 'arcaneBolt', target: 'sce-liberators' };
    expect(rej(s, bolt)).toMatchObject({ ok: false, rule: 'Magic 2.0' });
    s = run(s, [cmd('p2', 'magicalIntervention', 'sk-warlock')]).s;
    expect(s.players.p2.cp).toBe(4);
    // Each command once per army per phase (Commands 1.2).
    expect(rej(s, cmd('p2', 'magicalIntervention', 'sk-warlock'))).toMatchObject({ ok: false, rule: 'Commands 1.2' });
    // 4 + 3 = 7, -1 = 6 < CV 7: the spell fails (no Unbind window).
    const r = run(s, [bolt]);
    expect(r.events.find((e) => e.type === 'spellFailed')).toMatchObject({ dice: [4, 3], roll: 6, castingValue: 7 });
    // The command allowed one SPELL: the effect is used up.
    expect(r.s.effects.some((e) => e.kind === 'magicalIntervention')).toBe(false);
  });

  it('a successful intervention spell can be unbound by the active player (Magic 4.0)', () => {
    let s = game(1, [5, 3, 6, 6]);
    s = run(s, [cmd('p2', 'magicalIntervention', 'sk-warlock'), { type: 'cast', player: 'p2', unitId: 'sk-warlock', spell: 'arcaneBolt', target: 'sce-liberators' }]).s;
    expect(s.pendingSpell).toMatchObject({ player: 'p2', castingRoll: 7 });
    const r = run(s, [{ type: 'unbind', player: 'p1', unitId: 'sce-incantor' }]);
    expect(r.events.find((e) => e.type === 'unbindRoll')).toMatchObject({ roll: 12, unbound: true });
  });
});

describe('Covering Fire (Commands 4.0)', () => {
  it('T-43 Covering Fire: enemy shooting phase: the closest legal target, -1 to hit, a reactions window from the active player (All-out Defence allowed)', () => {
    let s = game(3, [4, 4, 4, 1, 4]); // p1's shooting phase
    expect(s.phase).toBe('shooting');
    expect(rej(s, cmd('p1', 'coveringFire', 'sce-judicators'))).toMatchObject({ ok: false, rule: 'Commands 4.0' });
    // The hidden judicators (5") are not a legal target: the target is the liberators (6"), not anything else.
    expect(rej(s, cmd('p2', 'coveringFire', 'sk-acolytes', 'sce-lord'))).toMatchObject({ ok: false, rule: 'Commands 4.0' });
    // No unit to shoot within range: rejected, no CP spent.
    expect(rej(s, cmd('p2', 'coveringFire', 'sk-clanrats'))).toMatchObject({ ok: false, rule: 'Commands 4.0' });
    let r = run(s, [cmd('p2', 'coveringFire', 'sk-acolytes')]);
    s = r.s;
    expect(s.players.p2.cp).toBe(4);
    expect(s.pendingAttack).toMatchObject({ player: 'p2', unitId: 'sk-acolytes', toReact: 'p1', coveringFire: true, assignments: [{ weapon: 'Poisoned Wind Globe', target: 'sce-liberators' }] });
    // The covering unit has used its command this phase: no All-out Attack (I-2).
    expect(rej(s, cmd('p2', 'allOutAttack', 'sk-acolytes'))).toMatchObject({ ok: false });
    // The active player reacts first: All-out Defence on the target (the designer's note).
    r = run(s, [cmd('p1', 'allOutDefence', 'sce-liberators'), { type: 'pass', player: 'p2' }, { type: 'pass', player: 'p1' }]);
    // 5 acolytes × 1 attack: hits on 4+ with -1 → rolls 4,4,4 miss (3), ... every die is 4 or 1 → no hit.
    const att = r.events.find((e) => e.type === 'attacksResolved');
    expect(att).toMatchObject({ hitModifier: -1, saveModifier: expect.any(Number) });
    expect((att!.hits as number[]).slice(0, 4)).toEqual([4, 4, 4, 1]);
    expect(att!.wounds).toEqual([]);
  });

  it('T-40 Covering Fire: not a unit in combat, nor one that Redeployed (RUN) this turn (001 wording); ties need a target', () => {
    const t = tables();
    t.inCombat = new Set(['sk-acolytes|sce-vindictors']);
    let s = game(3, [], t);
    expect(rej(s, cmd('p2', 'coveringFire', 'sk-acolytes'), t)).toMatchObject({ ok: false, rule: 'Commands 4.0', reason: expect.stringContaining('combat') });
    // Redeploy in the enemy movement phase has the RUN keyword (I-1).
    const t2 = tables();
    s = game(2, [3], t2);
    s = run(s, [cmd('p2', 'redeploy', 'sk-acolytes'), ...end(1)], t2).s;
    expect(rej(s, cmd('p2', 'coveringFire', 'sk-acolytes'), t2)).toMatchObject({ ok: false, rule: 'Commands 4.0', reason: expect.stringContaining('RUN') });
    // Two equally close targets: the player picks one.
    const t3 = tables();
    t3.hidden = new Set();
    t3.distances!['sk-acolytes|sce-judicators'] = 6;
    s = game(3, [], t3);
    expect(rej(s, cmd('p2', 'coveringFire', 'sk-acolytes'), t3)).toMatchObject({ ok: false, rule: 'Commands 4.0', reason: expect.stringContaining('equally close') });
    expect(run(s, [cmd('p2', 'coveringFire', 'sk-acolytes', 'sce-judicators')], t3).s.pendingAttack).toMatchObject({ assignments: [{ target: 'sce-judicators' }] });
  });
});

describe('Counter-charge (Commands 5.0)', () => {
  it('enemy charge phase, 2 CP: the unit declares a CHARGE as if it were its charge phase; no Forward to Victory for it (I-2)', () => {
    const t = tables();
    t.distances!['sk-clanrats|sce-liberators'] = 0.3;
    let s = game(4, [5, 4], t); // p1's charge phase
    expect(s.phase).toBe('charge');
    expect(rej(s, cmd('p1', 'counterCharge', 'sce-liberators'), t)).toMatchObject({ ok: false, rule: 'Commands 5.0' });
    // p2 cannot Charge in p1's charge phase without the command.
    expect(rej(s, { type: 'charge', player: 'p2', unitId: 'sk-clanrats' }, t)).toMatchObject({ ok: false, rule: 'Core 14.3' });
    const r = run(s, [cmd('p2', 'counterCharge', 'sk-clanrats')], t);
    s = r.s;
    expect(s.players.p2.cp).toBe(3);
    expect(r.events.find((e) => e.type === 'chargeRoll')).toMatchObject({ unitId: 'sk-clanrats', dice: [5, 4], roll: 9 });
    expect(s.units['sk-clanrats'].turn.pendingMove).toEqual({ kind: 'charge', maxInches: 9 });
    expect(rej(s, cmd('p2', 'forwardToVictory', 'sk-clanrats'), t)).toMatchObject({ ok: false, rule: 'Commands 1.2' });
    // The charge move (the table port: 1" path, ends within 1/2" of the liberators).
    s = run(s, [{ type: 'move', player: 'p2', unitId: 'sk-clanrats', kind: 'charge', paths: { 'sk-clanrats-1': [[1, 0]] } }], t).s;
    expect(s.units['sk-clanrats'].turn.charged).toBe(true);
    // Once per army per phase; 2 CP needed.
    expect(rej(s, cmd('p2', 'counterCharge', 'sk-ratogors'), t)).toMatchObject({ ok: false, rule: 'Commands 1.2' });
  });

  it('T-36 Counter-charge: not in combat; a unit that used a RUN ability (Redeploy) this turn cannot Charge (Core 14.3); 2 CP', () => {
    const t = tables();
    t.inCombat = new Set(['sk-ratogors|sce-vindictors']);
    let s = game(2, [2], t);
    s = run(s, [cmd('p2', 'redeploy', 'sk-clanrats'), ...end(2)], t).s;
    expect(rej(s, cmd('p2', 'counterCharge', 'sk-ratogors'), t)).toMatchObject({ ok: false, rule: 'Commands 5.0' });
    expect(rej(s, cmd('p2', 'counterCharge', 'sk-clanrats'), t)).toMatchObject({ ok: false, rule: 'Core 14.3' });
    // p2 has 4 CP left (5 - 1 for Redeploy); a Counter-charge costs 2.
    expect(s.players.p2.cp).toBe(4);
  });
});

describe('Forward to Victory (Commands 5.0)', () => {
  // Commands 5.0: "Reaction: You declared a CHARGE ability — FORWARD TO VICTORY: With their charge
  // faltering, a rousing command gives the unit renewed energy to reach their foes. Used By: The
  // unit using that CHARGE ability. Effect: You can re-roll the charge roll." A reaction to the
  // declaration: it re-rolls the roll the move is made with, so it comes before the charge move.
  it('re-rolls the charge roll before the charge move; refused once the charge move is made', () => {
    const t = tables();
    t.distances!['sce-liberators|sk-clanrats'] = 0.3;
    const s = game(4, [1, 1, 5, 4], t); // p1's charge phase; charge roll 2, re-roll 9
    expect(s.phase).toBe('charge');
    const declared = run(s, [{ type: 'charge', player: 'p1', unitId: 'sce-liberators' }], t).s;
    const move: Action = { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'charge', paths: { 'sce-liberators-1': [[1, 0]] } };
    // Before the move: accepted, the new roll is the one the move uses.
    const r = run(declared, [cmd('p1', 'forwardToVictory', 'sce-liberators')], t);
    expect(r.events.find((e) => e.type === 'chargeReroll')).toMatchObject({ before: 2, roll: 9 });
    expect(r.s.units['sce-liberators'].turn.pendingMove).toEqual({ kind: 'charge', maxInches: 9 });
    expect(run(r.s, [move], t).s.units['sce-liberators'].turn.charged).toBe(true);
    // After the move: refused, and no CP spent.
    const moved = run(declared, [move], t).s;
    expect(moved.units['sce-liberators'].turn.charged).toBe(true);
    expect(rej(moved, cmd('p1', 'forwardToVictory', 'sce-liberators'), t)).toMatchObject({ ok: false, rule: 'Commands 5.0', reason: expect.stringContaining('charge move') });
  });
});

describe('Power Through (Commands 8.0)', () => {
  /** p1's end of turn, the liberators having charged (a hand-made state) and in combat with the clanrats and ratogors. */
  function charged(t: PortTables): GameState {
    t.inCombat = new Set(['sce-liberators|sk-clanrats', 'sce-liberators|sk-ratogors']);
    const s = game(1, [], t);
    const libs = s.units['sce-liberators'];
    return { ...s, phase: 'endOfTurn', units: { ...s.units, 'sce-liberators': { ...libs, turn: { ...libs.turn, charged: true } } } };
  }

  it('T-41 Power Through: end of turn: a unit that charged, D3 mortal damage on an enemy in combat with lower Health, then a move up to Move', () => {
    const t = tables();
    const s = charged(t);
    expect(s.phase).toBe('endOfTurn');
    // Health: liberators 2, clanrats 1 (lower), ratogors 4 (not lower).
    expect(rej(s, cmd('p1', 'powerThrough', 'sce-liberators', 'sk-ratogors'), t)).toMatchObject({ ok: false, rule: 'Commands 8.0', reason: expect.stringContaining('Health') });
    expect(rej(s, cmd('p1', 'powerThrough', 'sce-liberators'), t)).toMatchObject({ ok: false, rule: 'Commands 8.0' });
    expect(rej(s, cmd('p1', 'powerThrough', 'sce-liberators', 'sk-stormvermin'), t)).toMatchObject({ ok: false, rule: 'Commands 8.0' });
    expect(rej(s, cmd('p1', 'powerThrough', 'sce-vindictors', 'sk-clanrats'), t)).toMatchObject({ ok: false, rule: 'Commands 8.0', reason: expect.stringContaining('charge') });
    const slainBefore = s.units['sk-clanrats'].slain.length;
    const r = run({ ...s, diceScript: [5] }, [cmd('p1', 'powerThrough', 'sce-liberators', 'sk-clanrats')], t);
    // D3 from a 5 = 3 mortal damage: 3 clanrats (Health 1) slain.
    expect(r.events.find((e) => e.type === 'powerThrough')).toMatchObject({ mortal: 3, maxInches: 5 });
    expect(r.s.units['sk-clanrats'].slain.length).toBe(slainBefore + 3);
    expect(r.s.units['sce-liberators'].turn.pendingMove).toMatchObject({ kind: 'powerThrough', maxInches: 5 });
    // The move: up to Move (5"); 6" rejected.
    expect(rej(r.s, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'powerThrough', paths: { 'sce-liberators-1': [[6, 0]] } }, t)).toMatchObject({ ok: false, rule: 'Commands 8.0' });
    run(r.s, [{ type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'powerThrough', paths: { 'sce-liberators-1': [[4, 0]] } }], t);
    // Wrong phase.
    expect(rej(game(1), cmd('p1', 'powerThrough', 'sce-liberators', 'sk-clanrats'))).toMatchObject({ ok: false, rule: 'Commands 8.0' });
  });
});

describe('Power Through move over the real worldPort (Commands 8.0)', () => {
  it('T-41 Power Through: may pass through and end in the combat range of units in combat with it at the start, not of others', () => {
    const g = createGame({ seed: 2, rosters: { p1: SCE, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] }, diceScript: [1] });
    if (!g.ok) throw new Error('roster');
    const ro = { p1: g.state.players.p1.roster, p2: g.state.players.p2.roster };
    // Liberators at y = 10 (x 10..16.9), clanrats 1.5" north (in combat), stormvermin east from x = 24 (6.6" away).
    const placement = { ...row(ro.p1, 'sce-liberators', 10, 10), ...row(ro.p2, 'sk-clanrats', 10, 11.5, 5), ...row(ro.p2, 'sk-stormvermin', 24, 10, 5) };
    const port = worldPort(buildWorld({ width: 60, depth: 44, placement }, ro));
    let s = g.state;
    const step = (a: Action) => {
      const r = reduce(s, a, port);
      if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.reason} (${r.rule})`);
      s = r.state;
    };
    step({ type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    // Skip to the end of turn with the liberators marked as having charged (a hand-made state).
    s = { ...s, phase: 'endOfTurn', units: { ...s.units, 'sce-liberators': { ...s.units['sce-liberators'], turn: { ...s.units['sce-liberators'].turn, charged: true } } } };
    step(cmd('p1', 'powerThrough', 'sce-liberators', 'sk-clanrats'));
    expect(s.units['sce-liberators'].turn.pendingMove).toMatchObject({ allowed: ['sk-clanrats'] });
    const libs = Object.keys(row(ro.p1, 'sce-liberators', 0, 0));
    const shift = (dx: number, dy: number): Record<string, [number, number][]> => Object.fromEntries(libs.map((id) => [id, [[port.modelPosition(id)![0] + dx, port.modelPosition(id)![1] + dy]]]));
    // East 5": the front liberator would end within 3" of the stormvermin (not in combat at the start).
    expect(reduce(s, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'powerThrough', paths: shift(5, 0) }, port)).toMatchObject({ ok: false, rule: 'Commands 8.0' });
    // South 2": still within the clanrats' combat range: allowed.
    step({ type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'powerThrough', paths: shift(0, -2) });
    expect(port.modelPosition('sce-liberators-1')).toEqual([10, 8]);
  });
});

describe('Rally: returned models are set up by Core 22.0 (Commands 2.0), over the real worldPort', () => {
  // Commands 2.0 RALLY: "You can spend a number of rally points equal to the Health characteristic
  // of that unit to return a slain model to that unit." Core 22.0: "set up those models, one at a
  // time, in coherency (see 15.1) with the model(s) in that unit that were not returned or added
  // this turn. The new models can only be set up in combat with an enemy unit if their unit is
  // already in combat with that enemy unit." — "Returned models must be set up in coherency with
  // the models in their unit that were not returned as part of that ability."
  /**
   * p1's hero phase: the liberators stood in a row (x 10, 11.56, 13.12, 14.68, 16.24 at y 10; 0.3"
   * gaps); models 5 then 4 were slain (4 damage points, Health 2). `edit` changes the positions
   * (a hand-made state) before Rally is declared (6 rally rolls of 4: 6 points).
   */
  function rallied(edit: (ro: { p1: Roster; p2: Roster }) => Record<string, [number, number]> = () => ({})) {
    const g = createGame({ seed: 2, rosters: { p1: SCE, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] }, diceScript: [4, 4, 4, 4, 4, 4] });
    if (!g.ok) throw new Error('roster');
    const ro = { p1: g.state.players.p1.roster, p2: g.state.players.p2.roster };
    const placement = { ...row(ro.p1, 'sce-liberators', 10, 10), ...row(ro.p2, 'sk-clanrats', 40, 30, 5) };
    const port = worldPort(buildWorld({ width: 60, depth: 44, placement }, ro));
    let s = g.state;
    const step = (a: Action) => {
      const r = reduce(s, a, port);
      if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.reason} (${r.rule})`);
      s = r.state;
    };
    step({ type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    step({ type: 'endPhase', player: 'p1' });
    expect(s.phase).toBe('hero');
    step({ type: 'setSlainPriority', player: 'p1', unitId: 'sce-liberators', modelIds: ['sce-liberators-5', 'sce-liberators-4'] });
    step({ type: 'allocateDamage', player: 'p1', unitId: 'sce-liberators', points: 4 });
    expect(s.units['sce-liberators'].slain).toEqual(['sce-liberators-5', 'sce-liberators-4']);
    s = { ...s, positions: { ...s.positions, ...edit(ro) } };
    step(cmd('p1', 'rally', 'sce-liberators'));
    expect(s.pendingRally).toEqual({ unitId: 'sce-liberators', points: 6 });
    return { s, port };
  }
  const spend = (returnModels: number, positions?: Record<string, [number, number]>): Action =>
    ({ type: 'spendRally', player: 'p1', heal: 0, returnModels, ...(positions ? { positions } : {}) }) as Action;

  it('the player places returned models in coherency with the models not returned; the keys pick which slain models return', () => {
    const { s, port } = rallied();
    // Next to the first liberator (0.3" north of it): accepted. Model 5 returns although model 4 was slain last.
    const r = reduce(s, spend(1, { 'sce-liberators-5': [10, 11.56] }), port);
    expect(r).toMatchObject({ ok: true });
    if (!r.ok) return;
    expect(r.state.units['sce-liberators'].slain).toEqual(['sce-liberators-4']);
    expect(r.state.positions['sce-liberators-5']).toEqual([10, 11.56]);
    expect(port.modelPosition('sce-liberators-5')).toEqual([10, 11.56]);
    expect(r.events.find((e) => e.type === 'rallied')).toMatchObject({ returned: ['sce-liberators-5'], positions: { 'sce-liberators-5': [10, 11.56] } });
    // Out of coherency: refused (Core 22.0), and the model stays slain.
    expect(reduce(s, spend(1, { 'sce-liberators-5': [30, 20] }), port)).toMatchObject({ ok: false, rule: 'Core 22.0' });
    expect(port.modelPosition('sce-liberators-5')).toBeNull();
    // "One at a time ... with the model(s) that were not returned": model 5 at the end of the row
    // touches only model 4, which is returned too: refused.
    expect(reduce(s, spend(2, { 'sce-liberators-4': [14.68, 10], 'sce-liberators-5': [16.24, 10] }), port)).toMatchObject({ ok: false, rule: 'Core 22.0' });
    // Both next to models that stayed: accepted.
    expect(reduce(s, spend(2, { 'sce-liberators-4': [14.68, 10], 'sce-liberators-5': [10, 11.56] }), port).ok).toBe(true);
    // A position per returned model, for slain models of the unit only.
    expect(reduce(s, spend(2, { 'sce-liberators-4': [14.68, 10] }), port)).toMatchObject({ ok: false, rule: 'Core 22.0' });
    expect(reduce(s, spend(1, { 'sce-liberators-1': [10, 11.56] }), port)).toMatchObject({ ok: false, rule: 'Core 22.0' });
  });

  it('without positions (older saved games): the last slain model returns where it was removed only if that is legal', () => {
    // Model 4 was removed at (14.68, 10), next to model 3: the old behaviour, still legal.
    const a = rallied();
    const r = reduce(a.s, spend(1), a.port);
    expect(r).toMatchObject({ ok: true });
    if (r.ok) expect(r.state.units['sce-liberators'].slain).toEqual(['sce-liberators-5']);
    // The unit has since moved 10" north: the model would come back out of coherency — refused.
    const b = rallied((ro) => row(ro.p1, 'sce-liberators', 10, 20, 3));
    expect(reduce(b.s, spend(1), b.port)).toMatchObject({ ok: false, rule: 'Core 22.0', reason: expect.stringContaining('coherency') });
  });

  it('returned models cannot be set up in combat with an enemy unit their unit is not already in combat with', () => {
    // Clanrats from x 18.3: 4.06" from model 3 (the unit is not in combat), 2.5" from where model 4 was.
    const { s, port } = rallied((ro) => row(ro.p2, 'sk-clanrats', 18.3, 10, 5));
    expect(reduce(s, spend(1, { 'sce-liberators-4': [14.68, 10] }), port)).toMatchObject({ ok: false, rule: 'Core 22.0', reason: expect.stringContaining('sk-clanrats') });
    expect(reduce(s, spend(1), port)).toMatchObject({ ok: false, rule: 'Core 22.0' });
    expect(reduce(s, spend(1, { 'sce-liberators-4': [10, 11.56] }), port).ok).toBe(true);
  });
});
