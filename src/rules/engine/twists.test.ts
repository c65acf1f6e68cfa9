/**
 * The two twists that change the battlefield during play (Ascension, 004): Wild Fire (The Ruined
 * Settlement) and Spied Treasure (Relics of Myth), on table-driven ports and on the real
 * geometry (`worldPort` over a hand-built World). Every test quotes the rule it checks.
 *
 * Wild Fire: "The underdog can pick up to D3 terrain features. Those terrain features gain the
 * 'Obscuring' terrain ability until the start of the next battle round. In addition, roll a dice
 * for each unit that has any of those terrain features within its combat range. On a 4+, inflict
 * D3 mortal damage on that unit."
 *
 * Spied Treasure: "If possible, the underdog can place 1 new objective in neutral territory, more
 * than 9" from all other objectives and more than 3" from all units."
 */
import { describe, expect, it } from 'vitest';
import { makeWorld, type UnitSpec } from '../../../tests/scenario/geomKit';
import { spiedTreasureProblem, spiedTreasureSite, twistObscuring, type AscensionId, type AscensionSetup } from './ascension';
import { portView } from './core';
import type { GeometryPort } from './geometryPort';
import { stateHash } from './hash';
import { scriptedPolicy } from './policy';
import { reduce } from './reduce';
import { createGame, type Action, type GameState, type PlayerId } from './state';
import { runActions, sampleRoster, tablePort, type PortTables } from './testkit';
import { worldPort } from './worldPort';

/** A Path to Glory game of `id` at the first-turn choice; the dice script starts with the twist roll-off. */
function game(id: AscensionId, objectives: string[], script: number[], table = { width: 60, depth: 44 }): GameState {
  const setup: AscensionSetup = { id, roles: { p1: 'north', p2: 'south' }, table, neutralCorners: [] };
  const r = createGame({ seed: 7, rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p2') }, finishedDeployingFirst: 'p1', territories: { p1: 't1', p2: 't2' }, battleplan: { objectives, name: id, vpPerObjective: 0, ascension: setup }, diceScript: script });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.state;
}

/** The dice rolled, in order: purpose and faces (`state.log`). */
const rolls = (s: GameState) => s.log.flatMap((e) => (e.kind === 'roll' ? [[e.purpose, e.dice] as [string, number[]]] : []));
const start: Action = { type: 'chooseFirstTurn', player: 'p1', first: 'p1' };
const end = (p: PlayerId, n: number): Action[] => Array.from({ length: n }, () => ({ type: 'endPhase', player: p }) as Action);

describe('Wild Fire (The Ruined Settlement twist 2)', () => {
  const rule = 'Ascension › The Ruined Settlement › Wild Fire';
  /** Round 1: roll-off 6 v 1 → p1 rolls the D3 twist (face 3 → 2: Wild Fire), then "up to D3" features from `face`. */
  const wildFire = (face: number, rest: number[] = [], t: PortTables = { inCombat: new Set(), contests: {}, terrain: ['ruin', 'tower', 'wall'] }) =>
    runActions(game('the-ruined-settlement', [], [6, 1, 3, face, ...rest]), [start], tablePort(t)).s;
  const pick = (s: GameState, a: Record<string, unknown>, t: PortTables) => reduce(s, { type: 'twistPick', player: 'p1', ...a } as Action, tablePort(t));

  it('"up to D3 terrain features": the D3 is rolled with the twist (face 5 → 3) and recorded with it', () => {
    const s = wildFire(5);
    expect(s.ascension?.twists[0]).toEqual({ round: 1, roller: 'p1', underdog: false, roll: 2, name: 'Wild Fire', features: 3 });
    expect(rolls(s).map((d) => d[0])).toEqual(['twist-rolloff', 'twist-rolloff', 'twist', 'wildFire:features']);
  });

  it('refusals name the twist: unknown feature, more than the D3, a feature twice, none, a unit instead', () => {
    const t: PortTables = { inCombat: new Set(), contests: {}, terrain: ['ruin', 'tower', 'wall'] };
    const s = wildFire(2, [], t); // D3 = 1
    expect(s.ascension?.twists[0].features).toBe(1);
    expect(pick(s, { featureIds: ['bog'] }, t)).toMatchObject({ ok: false, rule, reason: '"bog" is not a terrain feature of the battlefield' });
    expect(pick(s, { featureIds: ['ruin', 'tower'] }, t)).toMatchObject({ ok: false, rule, reason: 'Wild Fire picks up to D3 terrain features: the D3 rolled 1, 2 picked' });
    expect(pick(s, { featureIds: [] }, t)).toMatchObject({ ok: false, rule });
    expect(pick(s, { unitId: 'p1-hero' }, t)).toMatchObject({ ok: false, rule, reason: 'Wild Fire picks up to 1 terrain features ("featureIds")' });
    const three = wildFire(6, [], t);
    expect(pick(three, { featureIds: ['ruin', 'ruin'] }, t)).toMatchObject({ ok: false, rule, reason: '"ruin" is picked twice' });
    expect(pick(three, { player: 'p2', featureIds: ['ruin'] }, t)).toMatchObject({ ok: false, rule });
    const r = pick(three, { featureIds: ['ruin', 'wall'] }, t);
    expect(r.ok && r.state.ascension?.twists[0].pick).toEqual({ featureIds: ['ruin', 'wall'] });
    expect(r.ok && pick(r.state, { featureIds: ['tower'] }, t)).toMatchObject({ ok: false, rule, reason: 'Wild Fire was already picked this battle round' });
  });

  it('"roll a dice for each unit that has any of those terrain features within its combat range. On a 4+, inflict D3 mortal damage" (nobody\'s kill)', () => {
    // Within 3" of the ruin: p1-knights and p2-hero; p2-warriors only near the tower (not picked).
    const t: PortTables = { inCombat: new Set(), contests: {}, terrain: ['ruin', 'tower'], terrainContests: { 'p1-knights': ['ruin'], 'p2-hero': ['ruin'], 'p2-warriors': ['tower'] } };
    // Roster order: p1-knights rolls 3 (nothing), p2-hero rolls 4 → D3 from 6 = 3 mortal damage.
    const r = runActions(wildFire(1, [3, 4, 6], t), [{ type: 'twistPick', player: 'p1', featureIds: ['ruin'] }], tablePort(t));
    expect(rolls(r.s).slice(4)).toEqual([['wildFire:p1-knights', [3]], ['wildFire:p2-hero', [4]], ['wildFire:p2-hero:mortal', [3]]]);
    expect(r.events.filter((e) => e.type === 'mortalDamage')).toEqual([{ type: 'mortalDamage', unitId: 'p2-hero', amount: 3, source: 'twist:Wild Fire' }]);
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ unitId: 'p2-hero', by: null });
    expect(r.s.units['p2-hero'].damage).toBe(3);
  });

  it('the picked features are Obscuring this battle round (Terrain 1.2): a target behind one cannot be shot from beyond 3"; not from the next battle round', () => {
    // p1-knights' Boltstorm (10") at p2-hero 8" away, behind the ruin (not an Obscuring feature of the battlefield).
    const t: PortTables = { inCombat: new Set(), contests: {}, terrain: ['ruin', 'tower'], distances: { 'p1-knights|p2-hero': 8 }, behindOrOn: { 'p2-hero|p1-knights': ['ruin'] } };
    const shoot: Action = { type: 'shoot', player: 'p1', unitId: 'p1-knights', target: 'p2-hero' };
    const toShooting = (s: GameState) => runActions(s, end('p1', 3), tablePort(t)).s;
    const unlit = toShooting(wildFire(1, [], t));
    expect(reduce(unlit, shoot, tablePort(t)).ok).toBe(true);
    const litTower = toShooting(runActions(wildFire(1, [], t), [{ type: 'twistPick', player: 'p1', featureIds: ['tower'] }], tablePort(t)).s);
    expect(reduce(litTower, shoot, tablePort(t)).ok).toBe(true);
    const lit = toShooting(runActions(wildFire(1, [], t), [{ type: 'twistPick', player: 'p1', featureIds: ['ruin'] }], tablePort(t)).s);
    expect(twistObscuring(lit)).toEqual(['ruin']);
    expect(reduce(lit, shoot, tablePort(t))).toMatchObject({ ok: false, rule: 'Terrain 1.2', reason: '"p2-hero" is behind or wholly on Obscuring terrain' });
    // "until the start of the next battle round": the record is this round's twist.
    expect(twistObscuring({ ...lit, round: 2 })).toEqual([]);
  });

  it('the real port: a feature passed as Obscuring protects a target behind it; units within 3" horizontally of it roll', () => {
    // A wall (cover only) from x 20 to 40 at y 11.5-12.5, 3" tall.
    const units: UnitSpec[] = [
      { id: 'a', army: 'p1', models: [{ id: 'a1', base: { round: 32 }, pos: [30, 5], height: 1.2 }] },
      { id: 'b', army: 'p2', models: [{ id: 'b1', base: { round: 32 }, pos: [30, 20], height: 1.2 }] },
      // 43 - 0.63 - 40 = 2.37" from the wall's end: within 3"; b is 20 - 0.63 - 12.5 = 6.87" from it.
      { id: 'c', army: 'p2', models: [{ id: 'c1', base: { round: 32 }, pos: [43, 12], height: 1.2 }] },
    ];
    const world = makeWorld({ terrain: [{ id: 'wall', abilities: ['cover'], boxes: [{ center: [30, 12], size: [20, 1, 3] }] }], units });
    const port = worldPort(world);
    expect(port.terrainProtection('b', 'a')).toEqual({ cover: true, obscuring: false });
    expect(port.terrainProtection('b', 'a', ['wall'])).toEqual({ cover: true, obscuring: true });
    expect(port.terrainProtection('b', 'a', ['other'])).toEqual({ cover: true, obscuring: false });
    expect(port.terrainContestingModels('c', 'wall')).toEqual(['c1']);
    expect(port.terrainContestingModels('b', 'wall')).toEqual([]);
  });

  it('the scripted policy lights the features near more enemy than friendly units, most first, up to the D3', () => {
    const t: PortTables = {
      inCombat: new Set(),
      contests: {},
      terrain: ['ruin', 'tower', 'wall', 'bog'],
      terrainContests: { 'p2-hero': ['tower', 'bog'], 'p2-knights': ['bog'], 'p2-warriors': ['wall'], 'p1-hero': ['wall'], 'p1-knights': ['ruin'] },
    };
    // D3 = 2: bog (2 enemy units), then tower (1); wall (1 enemy, 1 friendly) and ruin (friendly) are not lit.
    const s = wildFire(3, [1, 1, 1], t);
    const { action } = scriptedPolicy(tablePort(t)).next(s);
    expect(action).toEqual({ type: 'twistPick', player: 'p1', featureIds: ['bog', 'tower'] });
    // None burns more enemy than friendly units: the one nearest p1's units with none of them within 3" (the ruin burns p1-hero).
    const u: PortTables = { inCombat: new Set(), contests: {}, terrain: ['ruin', 'tower', 'wall'], terrainContests: { 'p1-hero': ['ruin'] }, distances: { 'p1-hero|ruin': 1, 'p1-knights|tower': 6, 'p1-warriors|wall': 4 } };
    expect(scriptedPolicy(tablePort(u)).next(wildFire(3, [], u)).action).toEqual({ type: 'twistPick', player: 'p1', featureIds: ['wall'] });
  });
});

describe('Spied Treasure (Relics of Myth twist 3) on the real geometry', () => {
  const rule = 'Ascension › Relics of Myth › Spied Treasure';
  // 60 x 44 table; p1's territory y ≤ 12, p2's y ≥ 32; objectives on the centre line. 32 mm bases
  // (radius 0.630"), the new 40 mm marker (radius 0.787"): base + marker = 1.417".
  const row = (unit: string, army: string, n: number, x0: number, y: number): UnitSpec => ({ id: unit, army, models: Array.from({ length: n }, (_, i) => ({ id: `${unit}-m${i + 1}`, base: { round: 32 }, pos: [x0 + 1.5 * i, y] as [number, number], height: 1.2 })) });
  const units: UnitSpec[] = [row('p1-hero', 'p1', 1, 30, 6), row('p1-warriors', 'p1', 10, 10, 6), row('p1-knights', 'p1', 5, 45, 6), row('p2-hero', 'p2', 1, 30, 38), row('p2-warriors', 'p2', 10, 10, 38), row('p2-knights', 'p2', 5, 14, 26)];
  const territories: Record<string, [number, number][]> = { t1: [[0, 0], [60, 0], [60, 12], [0, 12]], t2: [[0, 32], [60, 32], [60, 44], [0, 44]] };
  const objectives = [{ id: 'o1', pos: [30, 22] as [number, number] }, { id: 'o2', pos: [4, 22] as [number, number] }, { id: 'o3', pos: [56, 22] as [number, number] }];
  const world = () => makeWorld({ territories, objectives, units });
  /** Round 1, p1 rolls the twist: face 5 → D3 3, Spied Treasure. */
  const treasure = (port: GeometryPort, rest: number[] = []) => runActions(game('relics-of-myth', ['o1', 'o2', 'o3'], [6, 1, 5, ...rest]), [start], port).s;
  const pick = (s: GameState, at: [number, number], port: GeometryPort) => reduce(s, { type: 'twistPick', player: 'p1', at }, port);

  it('"in neutral territory": the whole marker outside both territories (A-R21): 12.5 reaches into p1\'s (12.5 - 0.787 < 12), 12.8 does not', () => {
    const port = worldPort(world());
    const s = treasure(port);
    expect(s.ascension?.twists[0].name).toBe('Spied Treasure');
    expect(pick(s, [20, 12.5], port)).toMatchObject({ ok: false, rule, reason: "an objective at (20, 12.5) would be within p1's territory, not in neutral territory" });
    expect(pick(s, [0.5, 22], port)).toMatchObject({ ok: false, rule, reason: 'an objective at (0.5, 22) would not be wholly on the battlefield' });
    expect(pick(s, [20, 12.8], port).ok).toBe(true);
  });

  it('"more than 9" from all other objectives", marker edge to marker edge: 10.5" between centres is 8.93", 10.6" is 9.03"', () => {
    const port = worldPort(world());
    const s = treasure(port);
    expect(pick(s, [40.5, 22], port)).toMatchObject({ ok: false, rule, reason: 'an objective at (40.5, 22) would be 8.93" from objective "o1": it must be more than 9"' });
    expect(pick(s, [40.6, 22], port).ok).toBe(true);
  });

  it('"more than 3" from all units", marker edge to base edge: 3.5" between centres is 2.08", 4.4" is 2.98", 4.5" is 3.08"', () => {
    const port = worldPort(world());
    const s = treasure(port);
    expect(pick(s, [17, 22.5], port)).toMatchObject({ ok: false, rule, reason: 'an objective at (17, 22.5) would be 2.08" from unit "p2-knights": it must be more than 3"' });
    expect(pick(s, [17, 21.6], port)).toMatchObject({ ok: false, rule, reason: 'an objective at (17, 21.6) would be 2.98" from unit "p2-knights": it must be more than 3"' });
    expect(pick(s, [17, 21.5], port).ok).toBe(true);
  });

  it('the new objective is an objective for the rest of the battle: contested, controlled and scored (Ours For the Taking: 2 VP); replays to the same hash', () => {
    const port = worldPort(world());
    const placed = runActions(treasure(port), [{ type: 'twistPick', player: 'p1', at: [20, 16] }], port);
    const id = 'spied-treasure-r1';
    expect(placed.events.find((e) => e.type === 'objectiveAdded')).toMatchObject({ objectiveId: id, at: [20, 16], rule });
    expect(placed.s.ascension?.twists[0].pick).toEqual({ at: [20, 16], objectiveId: id });
    expect(placed.s.ascension?.addedObjectives).toEqual([{ id, at: [20, 16], diameterInches: 40 / 25.4, round: 1 }]);
    expect(placed.s.battleplan.objectives).toEqual(['o1', 'o2', 'o3', id]);
    expect(placed.s.objectives[id]).toBeNull();
    // The port knows the marker: the hero (30, 6) and the marker (20, 16) are √200" apart centre to centre, less both radii.
    expect(port.distance('p1-hero', id)).toBeCloseTo(Math.hypot(10, 10) - 16 / 25.4 - 20 / 25.4, 3);
    // The hero stands 2" from the marker's centre (2 - 0.63 - 0.787 = 0.58" ≤ 3: contesting) at the end of p1's turn.
    const s = structuredClone(placed.s);
    s.positions = { ...s.positions, 'p1-hero-m1': [20, 18] };
    const r = runActions(s, end('p1', 7), port);
    expect(r.events.find((e) => e.type === 'control' && e.objectiveId === id && e.when === 'endOfTurn')).toMatchObject({ controller: 'p1', scores: { p1: 2, p2: 0 } });
    expect(r.events.find((e) => e.type === 'vpScored')).toMatchObject({ rule: 'Ours For the Taking', vp: 2, objectives: [id] });
    // A replay on a fresh World (a saved game loaded) reaches the same state, and its port learns the marker from the state.
    const fresh = worldPort(world());
    const again = runActions(treasure(fresh), [{ type: 'twistPick', player: 'p1', at: [20, 16] }], fresh).s;
    expect(stateHash(again)).toBe(stateHash(placed.s));
    expect(fresh.contests('p1-hero', id)).toBe(false);
    fresh.sync({ ...portView(s) });
    expect(fresh.contests('p1-hero', id)).toBe(true);
    // The port drops it again when synced to a state without it (a rejection keeps the state before the pick).
    fresh.sync(portView(treasure(fresh)));
    expect(() => fresh.distance('p1-hero', id)).toThrow(`unknown id ${id}`);
  });

  it('the scripted policy places it at the first legal point of a 1" grid nearest its units; with no legal point ("if possible") it picks nothing', () => {
    const port = worldPort(world());
    const s = treasure(port);
    const at = spiedTreasureSite(s, port, 'p1');
    expect(at).not.toBeNull();
    expect(spiedTreasureProblem(s, port, at!)).toBeNull();
    // Every grid point nearer p1's models' centroid is refused (the search's order, checked by brute force).
    const ms = Object.keys(s.units).filter((u) => u.startsWith('p1-')).flatMap((u) => s.players.p1.roster.units.find((x) => x.id === u)!.models.map((m) => port.modelPosition(m.id)!));
    const c = [ms.reduce((a, p) => a + p[0], 0) / ms.length, ms.reduce((a, p) => a + p[1], 0) / ms.length];
    const d = (p: readonly number[]) => Math.hypot(p[0] - c[0], p[1] - c[1]);
    for (let y = 1; y < 44; y++) for (let x = 1; x < 60; x++) if (d([x, y]) < d(at!) - 1e-9) expect(spiedTreasureProblem(s, port, [x, y])).not.toBeNull();
    const { action } = scriptedPolicy(port).next(s);
    expect(action).toEqual({ type: 'twistPick', player: 'p1', at });
    // Territories 1" apart: no 40 mm marker fits in neutral territory.
    const narrow = makeWorld({ territories: { t1: [[0, 0], [60, 0], [60, 21.5], [0, 21.5]], t2: [[0, 22.5], [60, 22.5], [60, 44], [0, 44]] }, objectives, units });
    const np = worldPort(narrow);
    const ns = treasure(np);
    expect(spiedTreasureSite(ns, np, 'p1')).toBeNull();
    expect(scriptedPolicy(np).next(ns).action).not.toMatchObject({ type: 'twistPick' });
  });

  it('a port that cannot measure a new marker refuses the pick with the rule', () => {
    const t = tablePort({ inCombat: new Set(), contests: {} });
    const s = treasure(t);
    expect(pick(s, [20, 16], t)).toMatchObject({ ok: false, rule, reason: 'this battlefield cannot measure a new objective marker' });
  });
});
