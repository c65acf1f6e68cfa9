import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGame, type Action, type GameState } from './state';
import { reduce, type ReduceResult } from './reduce';
import { sampleRoster, tablePort, type PortTables } from './testkit';
import { buildWorld, worldPort } from './worldPort';
import type { GeometryPort } from './geometryPort';
import type { RosterInput } from './roster';
import { recordScripted, replaySaved } from './worldPortGame';
import { stateHash } from './hash';

const army = (f: string) => JSON.parse(readFileSync(new URL(`../../../assets/armies/${f}`, import.meta.url), 'utf8')) as RosterInput;

/** Every sample unit wholly within its own territory and 20" from the enemy's. */
function tables(): PortTables {
  const territories: PortTables['territories'] = {};
  for (const p of ['p1', 'p2']) {
    for (const u of ['hero', 'warriors', 'knights']) {
      territories[`${p}-${u}|${p === 'p1' ? 'south' : 'north'}`] = { distance: 0, wholly: true };
      territories[`${p}-${u}|${p === 'p1' ? 'north' : 'south'}`] = { distance: 20, wholly: false };
    }
  }
  territories['p2-shrine|north'] = { distance: 0, wholly: true };
  return { inCombat: new Set(), contests: {}, territories, terrain: ['p2-shrine', 'ruins'], distances: { 'p2-shrine|ruins': 10, 'p2-shrine|o1': 8 } };
}

function newGame(factionTerrain?: { p2: string[] }): GameState {
  const r = createGame({
    seed: 3,
    rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p2') },
    territories: { p1: 'south', p2: 'north' },
    deployment: { beginsDeployment: 'p1', ...(factionTerrain ? { factionTerrain } : {}) },
    battleplan: { objectives: ['o1'] },
  });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.state;
}

/** Positions for every model of a sample unit (the table port ignores them). */
function at(unitId: string, n: number): Record<string, [number, number]> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`${unitId}-m${i + 1}`, [i, 0] as [number, number]]));
}
const SIZES: Record<string, number> = { hero: 1, warriors: 10, knights: 5 };
const deploy = (p: 'p1' | 'p2', u: string): Action => ({ type: 'deployUnit', player: p, unitId: `${p}-${u}`, positions: at(`${p}-${u}`, SIZES[u]) });

function must(s: GameState, a: Action, t: PortTables): { state: GameState; events: readonly { type: string; [k: string]: unknown }[] } {
  const r = reduce(s, a, tablePort(t));
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(a)}: ${r.reason} (${r.rule})`);
  return r;
}
function rule(r: ReduceResult): string {
  if (r.ok) throw new Error('expected a rejection');
  return r.rule;
}

describe('deployment phase (Core 10.0-10.1, 24.0) over a table port', () => {
  it('alternates DEPLOY abilities, Deploy Regiment deploys without alternating, the first to finish decides the first turn', () => {
    const t = tables();
    let s = newGame();
    expect(s.stage).toBe('deployment');
    expect(s.deployment).toMatchObject({ step: 'units', toDeploy: 'p1', finishedFirst: null });
    expect(Object.values(s.units).every((u) => u.status === 'undeployed')).toBe(true);
    // Nothing else happens before the deployment phase is over.
    expect(rule(reduce(s, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, tablePort(t)))).toBe('Core 12.0');
    expect(rule(reduce(s, { type: 'endPhase', player: 'p1' }, tablePort(t)))).toBe('Core 12.0');
    // p1 begins deployment (Core 10.0 step 2).
    expect(rule(reduce(s, deploy('p2', 'hero'), tablePort(t)))).toBe('Core 10.0');
    s = must(s, deploy('p1', 'hero'), t).state;
    expect(s.units['p1-hero'].status).toBeUndefined();
    expect(s.positions['p1-hero-m1']).toEqual([0, 0]);
    expect(s.deployment!.toDeploy).toBe('p2');
    // p2 declares Deploy Regiment: keeps deploying its units without alternating.
    s = must(s, { type: 'deployRegiment', player: 'p2', leader: 'p2-hero' }, t).state;
    expect(s.deployment!.toDeploy).toBe('p2');
    s = must(s, deploy('p2', 'warriors'), t).state;
    expect(s.deployment!.toDeploy).toBe('p2');
    expect(rule(reduce(s, deploy('p1', 'warriors'), tablePort(t)))).toBe('Core 10.0');
    s = must(s, deploy('p2', 'hero'), t).state;
    const r = must(s, deploy('p2', 'knights'), t);
    s = r.state;
    // p2 has deployed everything: p2 finished first; p1 continues alone (Core 10.0).
    expect(r.events.find((e) => e.type === 'deploymentFinished')).toMatchObject({ player: 'p2', first: true });
    expect(s.deployment).toMatchObject({ toDeploy: 'p1', finishedFirst: 'p2', regiment: null });
    s = must(s, deploy('p1', 'warriors'), t).state;
    expect(s.deployment!.toDeploy).toBe('p1');
    const end = must(s, deploy('p1', 'knights'), t);
    s = end.state;
    expect(end.events.find((e) => e.type === 'deploymentEnded')).toMatchObject({ decider: 'p2' });
    expect([s.stage, s.decider, s.deployment!.step]).toEqual(['firstTurn', 'p2', 'done']);
    expect(rule(reduce(s, deploy('p1', 'knights'), tablePort(t)))).toBe('Core 10.0');
    // Core 12.0: the player who finished setting up first decides.
    expect(rule(reduce(s, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, tablePort(t)))).toBe('Core 12.0');
    s = must(s, { type: 'chooseFirstTurn', player: 'p2', first: 'p1' }, t).state;
    expect([s.stage, s.active]).toEqual(['turn', 'p1']);
  });

  it('rejects illegal DEPLOY abilities with the section', () => {
    const t = tables();
    let s = newGame();
    // Not wholly within friendly territory; within 9" of enemy territory (Core 10.1).
    t.territories!['p1-hero|south'] = { distance: 0, wholly: false };
    expect(reduce(s, deploy('p1', 'hero'), tablePort(t))).toMatchObject({ ok: false, rule: 'Core 10.1', reason: expect.stringContaining('wholly within friendly territory') });
    t.territories!['p1-hero|south'] = { distance: 0, wholly: true };
    t.territories!['p1-hero|north'] = { distance: 9, wholly: false };
    expect(reduce(s, deploy('p1', 'hero'), tablePort(t))).toMatchObject({ ok: false, rule: 'Core 10.1', reason: expect.stringContaining('9"') });
    t.territories!['p1-hero|north'] = { distance: 9.01, wholly: false };
    // Every model must be set up (Core 24.0); only the unit's models.
    const partial = { ...deploy('p1', 'warriors'), positions: at('p1-warriors', 9) } as Action;
    expect(rule(reduce(s, partial, tablePort(t)))).toBe('Core 24.0');
    const extra = { ...deploy('p1', 'hero'), positions: { ...at('p1-hero', 1), 'p2-hero-m1': [0, 0] } } as Action;
    expect(rule(reduce(s, extra, tablePort(t)))).toBe('Core 24.0');
    // An enemy unit; an unknown unit.
    expect(rule(reduce(s, { ...deploy('p2', 'hero'), player: 'p1' } as Action, tablePort(t)))).toBe('Core 10.1');
    expect(rule(reduce(s, { type: 'deployUnit', player: 'p1', unitId: 'nobody', positions: {} }, tablePort(t)))).toBe('Core 10.1');
    s = must(s, deploy('p1', 'hero'), t).state;
    s = must(s, deploy('p2', 'hero'), t).state;
    // Already deployed; a regiment with a deployed unit; regiment with an unknown leader.
    expect(rule(reduce(s, deploy('p1', 'hero'), tablePort(t)))).toBe('Core 10.1');
    expect(rule(reduce(s, { type: 'deployRegiment', player: 'p1', leader: 'p1-hero' }, tablePort(t)))).toBe('Core 10.1');
    expect(rule(reduce(s, { type: 'deployRegiment', player: 'p1', leader: 'p1-warriors' }, tablePort(t)))).toBe('Core 10.1');
    // Malformed positions are schema errors.
    expect(rule(reduce(s, { type: 'deployUnit', player: 'p1', unitId: 'p1-warriors', positions: { x: [Infinity, 0] } }, tablePort(t)))).toBe('Engine: action schema');
  });

  it('endDeployment leaves the remaining units off the battlefield: they neither contest nor count', () => {
    const t = tables();
    t.contests = { 'p1-warriors': ['o1'], 'p2-hero': ['o1'] };
    let s = newGame();
    s = must(s, deploy('p1', 'hero'), t).state;
    expect(rule(reduce(s, { type: 'endDeployment', player: 'p1' }, tablePort(t)))).toBe('Core 10.0');
    s = must(s, deploy('p2', 'hero'), t).state;
    // p1 ends: its warriors and knights are never deployed; p1 finished first.
    s = must(s, { type: 'endDeployment', player: 'p1' }, t).state;
    expect(s.deployment).toMatchObject({ finishedFirst: 'p1', toDeploy: 'p2' });
    s = must(s, { type: 'endDeployment', player: 'p2' }, t).state;
    expect([s.stage, s.decider]).toEqual(['firstTurn', 'p1']);
    s = must(s, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, t).state;
    // o1: the undeployed p1 warriors do not contest; the p2 hero (control 2) takes it (Core 32.2).
    expect(s.objectives.o1).toBe('p2');
    s = must(s, { type: 'endPhase', player: 'p1' }, t).state;
    // Rally on an undeployed unit: not on the battlefield (Core 28.0).
    expect(rule(reduce(s, { type: 'command', player: 'p1', command: 'rally', unitId: 'p1-warriors' }, tablePort(t)))).toBe('Core 28.0');
  });

  it('T-51 step 1: faction terrain first (Core 10.0), wholly within friendly territory, more than 3" from objectives and terrain (Core 10.1)', () => {
    const t = tables();
    let s = newGame({ p2: ['p2-shrine'] });
    // p1 has no faction terrain: p2 goes first in step 1.
    expect(s.deployment).toMatchObject({ step: 'terrain', toDeploy: 'p2' });
    expect(rule(reduce(s, deploy('p1', 'hero'), tablePort(t)))).toBe('Core 10.0');
    expect(rule(reduce(s, { type: 'deployTerrain', player: 'p2', terrainId: 'ruins' }, tablePort(t)))).toBe('Core 10.1');
    t.distances!['p2-shrine|o1'] = 3;
    expect(reduce(s, { type: 'deployTerrain', player: 'p2', terrainId: 'p2-shrine' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 10.1', reason: expect.stringContaining('objective') });
    t.distances!['p2-shrine|o1'] = 3.1;
    t.distances!['p2-shrine|ruins'] = 2;
    expect(reduce(s, { type: 'deployTerrain', player: 'p2', terrainId: 'p2-shrine' }, tablePort(t))).toMatchObject({ ok: false, rule: 'Core 10.1', reason: expect.stringContaining('ruins') });
    t.distances!['p2-shrine|ruins'] = 10;
    t.territories!['p2-shrine|north'] = { distance: 0, wholly: false };
    expect(rule(reduce(s, { type: 'deployTerrain', player: 'p2', terrainId: 'p2-shrine' }, tablePort(t)))).toBe('Core 10.1');
    t.territories!['p2-shrine|north'] = { distance: 0, wholly: true };
    s = must(s, { type: 'deployTerrain', player: 'p2', terrainId: 'p2-shrine' }, t).state;
    expect(s.deployment).toMatchObject({ step: 'units', toDeploy: 'p1', terrainDeployed: ['p2-shrine'] });
  });
});

describe('deployment over the real worldPort (territories, 9", set-up poses)', () => {
  const SCE = army('stormcast-liberators.json');
  const SK = army('skaven-clawlord.json');
  function setup(): { state: GameState; port: GeometryPort } {
    const g = createGame({ seed: 1, rosters: { p1: SCE, p2: SK }, territories: { p1: 'south', p2: 'north' }, deployment: { beginsDeployment: 'p1' }, battleplan: { objectives: [] } });
    if (!g.ok) throw new Error(JSON.stringify(g.issues));
    const rosters = { p1: g.state.players.p1.roster, p2: g.state.players.p2.roster };
    const territories = { south: [[0, 0], [60, 0], [60, 12], [0, 12]] as [number, number][], north: [[0, 32], [60, 32], [60, 44], [0, 44]] as [number, number][] };
    const world = buildWorld({ width: 60, depth: 44, territories, terrain: [{ id: 'rock', type: 'obscuring', abilities: ['impassable'], boxes: [{ center: [50, 6], size: [4, 4, 3] }] }], placement: {} }, rosters);
    return { state: g.state, port: worldPort(world) };
  }
  const libs = (y: number, x0 = 10): Record<string, [number, number]> =>
    Object.fromEntries([1, 2, 3, 4, 5].map((i) => [`sce-liberators-${i}`, [x0 + (i - 1) * 1.6, y] as [number, number]]));
  const dep = (positions: Record<string, [number, number]>): Action => ({ type: 'deployUnit', player: 'p1', unitId: 'sce-liberators', positions });

  it('wholly within friendly territory and more than 9" from enemy territory; legal poses', () => {
    const st = setup();
    // Undeployed models are not on the battlefield.
    expect(st.port.modelPosition('sce-liberators-1')).toBeNull();
    // Liberators on 32 mm bases (radius 0.63"): centre y = 11.3 → edge 11.93 inside (12); 11.5 → out.
    expect(reduce(st.state, dep(libs(11.5)), st.port)).toMatchObject({ ok: false, rule: 'Core 10.1', reason: expect.stringContaining('wholly within') });
    // Off the battlefield edge (Core 24.0), on Impassable terrain, overlapping each other, not coherent.
    expect(reduce(st.state, dep(libs(0.3)), st.port)).toMatchObject({ ok: false, rule: 'Core 24.0' });
    expect(reduce(st.state, dep(libs(6, 47.5)), st.port)).toMatchObject({ ok: false, rule: 'Core 24.0' });
    const stacked = { ...libs(6), 'sce-liberators-2': [10.5, 6] as [number, number] };
    expect(reduce(st.state, dep(stacked), st.port)).toMatchObject({ ok: false, rule: 'Core 24.0' });
    const apart = { ...libs(6), 'sce-liberators-5': [30, 6] as [number, number] };
    expect(reduce(st.state, dep(apart), st.port)).toMatchObject({ ok: false, rule: 'Core 15.1' });
    // The rejection put the port back: nothing on the battlefield.
    expect(st.port.modelPosition('sce-liberators-1')).toBeNull();
    const r = reduce(st.state, dep(libs(11.3)), st.port);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(st.port.modelPosition('sce-liberators-1')).toEqual([10, 11.3]);
    expect(st.port.whollyWithinTerritory('sce-liberators', 'south')).toBe(true);
    // p2 (north from y = 32): 9" from the south territory edge (y = 12) reaches y = 21 → a unit at
    // y = 22 (base edge 21.2) is more than 9" from enemy territory but not in friendly territory;
    // with a 23"-deep north territory the Deploy Unit 9" rule binds.
    const s2 = r.state;
    const rat = (y: number): Action => ({ type: 'deployUnit', player: 'p2', unitId: 'sk-clawlord', positions: { 'sk-clawlord-1': [20, y] } });
    expect(reduce(s2, rat(22), st.port)).toMatchObject({ ok: false, rule: 'Core 10.1' });
    expect(reduce(s2, rat(33), st.port).ok).toBe(true);
  });

  it('T-51 the 9" gap is measured to the enemy territory polygon (plan view, A-G15)', () => {
    const g = createGame({ seed: 1, rosters: { p1: SCE, p2: SK }, territories: { p1: 'a', p2: 'b' }, deployment: { beginsDeployment: 'p1' }, battleplan: { objectives: [] } });
    if (!g.ok) throw new Error('setup');
    const rosters = { p1: g.state.players.p1.roster, p2: g.state.players.p2.roster };
    // Overlapping territories: p1's reaches y = 30, p2's starts at y = 20.
    const territories = { a: [[0, 0], [60, 0], [60, 30], [0, 30]] as [number, number][], b: [[0, 20], [60, 20], [60, 44], [0, 44]] as [number, number][] };
    const port = worldPort(buildWorld({ width: 60, depth: 44, territories, placement: {} }, rosters));
    // Base edge at 10.37 + 0.63 = 11.0 → 9.0" from y = 20: not "more than 9"" (Core 10.1).
    expect(reduce(g.state, dep(libs(10.37)), port)).toMatchObject({ ok: false, rule: 'Core 10.1' });
    expect(reduce(g.state, dep(libs(10.3)), port).ok).toBe(true);
  });

  it('the scripted policy plays the deployment phase; the recorded game replays to the same hash', { timeout: 180_000 }, () => {
    const saved = recordScripted(5, { p1: SCE, p2: SK }, true);
    const kinds = saved.actions.map((a) => (a as Action).type);
    expect(kinds.slice(0, 3)).toContain('deployRegiment');
    expect(kinds.filter((k) => k === 'deployUnit')).toHaveLength(SCE.units.length + SK.units.length);
    const a = replaySaved(saved);
    const b = replaySaved(JSON.parse(JSON.stringify(saved)));
    expect(a.summary.stage).toBe('ended');
    expect(stateHash(a.state)).toBe(stateHash(b.state));
    expect(a.state.deployment).toMatchObject({ step: 'done' });
  });
});
