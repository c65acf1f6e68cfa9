import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { reduce, type ReduceResult } from './reduce';
import { buildWorld, worldPort } from './worldPort';
import type { GeometryPort } from './geometryPort';
import type { Roster, RosterInput } from './roster';
import type { BattlefieldInput } from './battlefield';

const army = (f: string) => JSON.parse(readFileSync(new URL(`../../../assets/armies/${f}`, import.meta.url), 'utf8')) as RosterInput;
const SCE = army('stormcast-liberators.json');
const SK = army('skaven-clawlord.json');
const MM = 25.4;

/** A row of models along +x starting at (x, y), 0.3" apart edge to edge. */
function row(r: Roster, unitId: string, x: number, y: number): Record<string, [number, number]> {
  const u = r.units.find((v) => v.id === unitId)!;
  const out: Record<string, [number, number]> = {};
  u.models.forEach((m, i) => {
    const d = m.base.shape === 'round' ? m.base.diameterMm / MM : m.base.lengthMm / MM;
    out[m.id] = [x + i * (d + 0.3), y];
  });
  return out;
}

interface Setup {
  state: GameState;
  port: GeometryPort;
}
function setup(place: (p1: Roster, p2: Roster) => Record<string, [number, number]>, script: number[] = [], terrain: BattlefieldInput['terrain'] = []): Setup {
  const g = createGame({ seed: 11, rosters: { p1: SCE, p2: SK }, finishedDeployingFirst: 'p1', battleplan: { objectives: [] }, diceScript: script });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  const rosters = { p1: g.state.players.p1.roster, p2: g.state.players.p2.roster };
  const world = buildWorld({ width: 60, depth: 44, terrain, placement: place(rosters.p1, rosters.p2) }, rosters);
  return { state: g.state, port: worldPort(world) };
}
function ok(st: Setup, a: Action): ReduceResult & { ok: true } {
  const r = reduce(st.state, a, st.port);
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(a)}: ${r.reason} (${r.rule})`);
  st.state = r.state;
  return r;
}
function phases(st: Setup, n: number): void {
  for (let i = 0; i < n; i++) ok(st, { type: 'endPhase', player: st.state.active! });
}
/** Paths moving every listed model by (dx, dy). */
function shift(st: Setup, ids: string[], dx: number, dy: number): Record<string, [number, number][]> {
  const out: Record<string, [number, number][]> = {};
  for (const id of ids) {
    const p = st.port.modelPosition(id)!;
    out[id] = [[p[0] + dx, p[1] + dy]];
  }
  return out;
}
const LIBS = ['sce-liberators-1', 'sce-liberators-2', 'sce-liberators-3', 'sce-liberators-4', 'sce-liberators-5'];

describe('moves checked by geometry (Core 14.1, 14.3, 15.x) over the real worldPort', () => {
  const basic = (p1: Roster, p2: Roster) => ({ ...row(p1, 'sce-liberators', 10, 10), ...row(p2, 'sk-clawlord', 12, 25), ...row(p1, 'sce-prosecutors', 30, 10) });

  it('Normal Move: up to Move, positions committed; too far, into combat, or out of coherency are rejected', () => {
    const st = setup(basic);
    ok(st, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    phases(st, 2);
    expect(st.state.phase).toBe('movement');
    const far = reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'normal', paths: shift(st, LIBS, 0, 5.2) }, st.port);
    expect(far).toMatchObject({ ok: false, rule: 'Core 14.1' });
    // Clawlord base edge at y = 25 - 0.787; 3" combat range reaches y ≈ 21.2; a liberator front edge at 10 + 5 + 0.63 would stay out, 
    // but a 5" move of a single model breaks coherency (Core 15.1).
    const alone = reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'normal', paths: shift(st, ['sce-liberators-1'], 0, 5) }, st.port);
    expect(alone).toMatchObject({ ok: false, rule: 'Core 15.1' });
    const r = ok(st, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'normal', paths: shift(st, LIBS, 0, 5) });
    expect(r.events.find((e) => e.type === 'moved')).toMatchObject({ kind: 'normal', models: LIBS });
    expect(st.state.positions['sce-liberators-1']).toEqual([10, 15]);
    expect(st.port.modelPosition('sce-liberators-1')).toEqual([10, 15]);
    // One CORE ability per phase (Core 5.3).
    expect(reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'normal', paths: shift(st, LIBS, 0, 1) }, st.port)).toMatchObject({ ok: false, rule: 'Core 5.3' });
  });

  it('T-05: a Normal Move cannot pass through the combat range of a visible enemy; a FLY unit can but cannot end in combat (T-07)', () => {
    const st = setup((p1, p2) => ({ ...row(p1, 'sce-liberators', 10, 20), ...row(p2, 'sk-clawlord', 24, 23), ...row(p1, 'sce-prosecutors', 30, 22) }));
    ok(st, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    phases(st, 2);
    // Liberators walk +x past the Clawlord at y = 22 (within 3"): rejected even though they end outside.
    const through = reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'normal', paths: shift(st, LIBS, 5, 0) }, st.port);
    expect(through).toMatchObject({ ok: false, rule: 'Core 14.1' });
    // A detour of 5" straight down (away) is fine.
    ok(st, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'normal', paths: shift(st, LIBS, 0, -5) });
    const pros = ['sce-prosecutors-1', 'sce-prosecutors-2', 'sce-prosecutors-3'];
    // FLY: straight through the Clawlord's combat range to x - 12 ends at x ≈ 18..21.4: in combat → rejected (Core 15.4).
    const r0 = reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-prosecutors', kind: 'normal', paths: shift(st, pros, -12, 0) }, st.port);
    expect(r0, JSON.stringify(r0)).toMatchObject({ ok: false, rule: 'Core 15.4' });
    // Flying diagonally past it and landing outside its combat range is fine.
    const fly: Record<string, [number, number][]> = {};
    for (const id of pros) {
      const p = st.port.modelPosition(id)!;
      fly[id] = [[p[0] - 6, p[1] + 6]];
    }
    ok(st, { type: 'move', player: 'p1', unitId: 'sce-prosecutors', kind: 'normal', paths: fly });
  });

  it('Run: D6 added to Move (At the Double: +6"); the move needs the declaration', () => {
    const st = setup(basic, [3]);
    ok(st, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    phases(st, 2);
    expect(reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'run', paths: shift(st, LIBS, -8, 0) }, st.port)).toMatchObject({ ok: false, rule: 'Core 14.1' });
    ok(st, { type: 'run', player: 'p1', unitId: 'sce-liberators' });
    expect(reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'run', paths: shift(st, LIBS, -8.1, 0) }, st.port)).toMatchObject({ ok: false, rule: 'Core 14.1' });
    ok(st, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'run', paths: shift(st, LIBS, -8, 0) });
    ok(st, { type: 'run', player: 'p1', unitId: 'sce-prosecutors', atTheDouble: true });
    ok(st, { type: 'move', player: 'p1', unitId: 'sce-prosecutors', kind: 'run', paths: shift(st, ['sce-prosecutors-1', 'sce-prosecutors-2', 'sce-prosecutors-3'], 0, 18) });
  });

  it('T-36 Charge: roll 7 closes a 7.4" gap to 0.4" (charged); 7.6" cannot; N-18: no 12" limit to declare', () => {
    // Liberator front edge at y = 10 + r32; Clawlord near edge at y0 - r40. Gap 7.4".
    const r32 = 16 / MM;
    const r40 = 20 / MM;
    const y0 = 10 + r32 + 7.4 + r40;
    const st = setup((p1, p2) => ({ ...row(p1, 'sce-liberators', 10, 10), ...row(p2, 'sk-clawlord', 10, y0), ...row(p2, 'sk-ratogors', 40, 40) }), [3, 4]);
    ok(st, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    phases(st, 4);
    expect(st.state.phase).toBe('charge');
    ok(st, { type: 'charge', player: 'p1', unitId: 'sce-liberators' });
    expect(st.state.units['sce-liberators'].turn.chargeRoll).toBe(7);
    // 7.1" is more than the roll.
    expect(reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'charge', paths: shift(st, LIBS, 0, 7.1) }, st.port)).toMatchObject({ ok: false, rule: 'Core 14.3' });
    // 6.8" ends 0.6" away: not within 1/2".
    expect(reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'charge', paths: shift(st, LIBS, 0, 6.8) }, st.port)).toMatchObject({ ok: false, rule: 'Core 14.3' });
    const r = ok(st, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'charge', paths: shift(st, LIBS, 0, 7) });
    expect(r.events.find((e) => e.type === 'charged')).toMatchObject({ reached: ['sk-clawlord'] });
    expect(st.state.units['sce-liberators'].turn.charged).toBe(true);
    // N-18: the rat ogors (~30" away) can be charged at (the roll is made; the move simply cannot reach).
  });

  it('T-38 Retreat: D3 mortal damage first; must end outside every enemy combat range (visibility ignored)', () => {
    const st = setup((p1, p2) => ({ ...row(p1, 'sce-liberators', 10, 10), ...row(p2, 'sk-clawlord', 12, 12.5) }), [6]);
    ok(st, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    phases(st, 2);
    expect(reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'normal', paths: shift(st, LIBS, 0, -4) }, st.port)).toMatchObject({ ok: false, rule: 'Core 14.1' });
    const r = ok(st, { type: 'retreat', player: 'p1', unitId: 'sce-liberators' });
    // D3 from the scripted 6 → 3 mortal: 1 Liberator slain (Health 2) and 1 damage point.
    expect(r.events.find((e) => e.type === 'retreat')).toMatchObject({ mortal: 3 });
    expect(st.state.units['sce-liberators'].slain).toHaveLength(1);
    expect(st.state.units['sce-liberators'].damage).toBe(1);
    const alive = LIBS.filter((id) => !st.state.units['sce-liberators'].slain.includes(id));
    expect(reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'retreat', paths: shift(st, alive, 0, -1) }, st.port)).toMatchObject({ ok: false, rule: 'Core 14.1' });
    ok(st, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'retreat', paths: shift(st, alive, 0, -4.5) });
    // RETREAT: no shooting or charging this turn.
    phases(st, 2);
    expect(reduce(st.state, { type: 'charge', player: 'p1', unitId: 'sce-liberators' }, st.port)).toMatchObject({ ok: false, rule: 'Core 14.3' });
  });

  it('T-39 Pile-in: up to 3", no further from the target, still in combat with the same units', () => {
    const st = setup((p1, p2) => ({ ...row(p1, 'sce-liberators', 10, 10), ...row(p2, 'sk-clawlord', 12, 13) }));
    ok(st, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    phases(st, 5);
    expect(st.state.phase).toBe('combat');
    const back = reduce(st.state, { type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-clawlord', pileIn: { target: 'sk-clawlord', paths: shift(st, LIBS, 0, -0.5) } }, st.port);
    expect(back).toMatchObject({ ok: false, rule: 'Core 15.3' });
    const tooFar = reduce(st.state, { type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-clawlord', pileIn: { target: 'sk-clawlord', paths: { 'sce-liberators-1': [[10, 13.2]] } } }, st.port);
    expect(tooFar).toMatchObject({ ok: false, rule: "Core 15.3" });
    const r = ok(st, { type: 'fight', player: 'p1', unitId: 'sce-liberators', target: 'sk-clawlord', pileIn: { target: 'sk-clawlord', paths: shift(st, LIBS, 0, 0.5) } });
    expect(r.events.find((e) => e.type === 'moved')).toMatchObject({ kind: 'pileIn' });
    expect(st.state.pendingAttack?.unitId).toBe('sce-liberators');
  });

  it('Impassable and Unstable terrain through the port (Terrain 1.2)', () => {
    const terrain: BattlefieldInput['terrain'] = [
      { id: 'rock', type: 'obstacle', abilities: ['impassable'], boxes: [{ center: [12, 14], size: [20, 1, 0.5] }] },
    ];
    const st = setup(basic, [], terrain);
    ok(st, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' });
    phases(st, 2);
    expect(reduce(st.state, { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'normal', paths: shift(st, LIBS, 0, 5) }, st.port)).toMatchObject({ ok: false, rule: 'Terrain 1.2' });
  });
});
