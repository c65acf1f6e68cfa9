/**
 * The Path to Glory battleplans' scoring on hand-built positions (Ascension › Battleplans,
 * INVENTORY §2.17, G23, T-52..T-61): objectives controlled and contested, burned; units escaped;
 * the centre held; corners held; Claim their Skulls (390 → 3); twists; first turn; withdrawing.
 */
import { describe, expect, it } from 'vitest';
import { ascensionEndOfTurn, canWithdraw, claimTheirSkullsVp, gloriousResult, type AscensionId, type AscensionSetup } from './ascension';
import type { Ctx, GameEvent } from './core';
import { reduce } from './reduce';
import { createGame, type GameState, type PlayerId } from './state';
import { sampleRoster, tablePort, type PortTables } from './testkit';

const setupOf = (id: AscensionId, roles: Record<PlayerId, string>, extra: Partial<AscensionSetup> = {}): AscensionSetup => ({ id, roles, table: { width: 60, depth: 44 }, neutralCorners: [[0, 0], [60, 44]], ...extra });

function game(id: AscensionId, roles: Record<PlayerId, string>, objectives: string[], extra: Partial<AscensionSetup> = {}, diceScript: number[] = []): GameState {
  const p2 = sampleRoster('p2');
  p2.units[0].points = 390;
  const r = createGame({ seed: 3, rosters: { p1: sampleRoster('p1'), p2 }, finishedDeployingFirst: 'p1', battleplan: { objectives, name: id, vpPerObjective: 0, ascension: setupOf(id, roles, extra) }, diceScript });
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return { ...r.state, stage: 'turn', active: 'p1', phase: 'endOfTurn' };
}

/** Runs the battleplan's end-of-turn scoring for `active` on a table-driven port with model positions. */
function endOfTurn(s: GameState, active: PlayerId, t: Partial<PortTables> = {}, positions: Record<string, [number, number]> = {}): { s: GameState; events: GameEvent[] } {
  const port = { ...tablePort({ inCombat: new Set(), contests: {}, ...t }), modelPosition: (id: string) => positions[id] ?? [30, 22] };
  const c: Ctx = { s: structuredClone({ ...s, active }), port, events: [] };
  ascensionEndOfTurn(c);
  return { s: c.s, events: c.events };
}
const vpBy = (events: GameEvent[]) => events.filter((e) => e.type === 'vpScored').map((e) => [e.rule, e.vp]);
const place = (unit: string, n: number, at: [number, number]) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${unit}-m${i + 1}`, at]));

describe('victory points on hand-built positions', () => {
  it('Take and Hold (The Ruined Settlement): 1 VP per objective the active player controls', () => {
    const s = game('the-ruined-settlement', { p1: 'north', p2: 'south' }, ['o1', 'o2', 'o3', 'o4', 'o5']);
    s.objectives = { o1: 'p1', o2: 'p1', o3: 'p2', o4: null, o5: null };
    expect(vpBy(endOfTurn(s, 'p1').events)).toEqual([['Take and Hold', 2]]);
    expect(vpBy(endOfTurn(s, 'p2').events)).toEqual([['Take and Hold', 1]]);
  });
  it('T-58 Relics of Myth: controlled and contested by the enemy 1 VP, not contested 2 VP', () => {
    const s = game('relics-of-myth', { p1: 'north', p2: 'south' }, ['o1', 'o2', 'o3']);
    s.objectives = { o1: 'p1', o2: 'p1', o3: 'p2' };
    const r = endOfTurn(s, 'p1', { contests: { 'p2-warriors': ['o1'], 'p1-hero': ['o2'] } });
    expect(vpBy(r.events)).toEqual([['Stake a Claim', 1], ['Ours For the Taking', 2]]);
    expect(r.s.players.p1.vp).toBe(3);
  });
  it('T-52 Claim their Skulls: a 390-point unit destroyed is worth 3 VP to its opponent, once; 99 → 0, 100 → 1', () => {
    expect([claimTheirSkullsVp(390), claimTheirSkullsVp(99), claimTheirSkullsVp(100)]).toEqual([3, 0, 1]);
    const s = game('the-decisive-battle', { p1: 'raider', p2: 'defender' }, []);
    s.units['p2-hero'].slain = ['p2-hero-m1'];
    // A-R16: only a unit destroyed by an enemy unit scores (the engine records who destroyed it).
    s.ascension!.destroyed = [{ unitId: 'p2-hero', by: null, round: 1 }];
    expect(vpBy(endOfTurn(s, 'p1', { landmarks: {} }).events)).toEqual([]);
    s.ascension!.destroyed = [{ unitId: 'p2-hero', by: 'p1-knights', round: 1 }];
    const r = endOfTurn(s, 'p1', { landmarks: {} });
    expect(vpBy(r.events)).toEqual([['Claim their Skulls', 3]]);
    expect(vpBy(endOfTurn(r.s, 'p2').events)).toEqual([]);
  });
  it('Hold the Centre: friendly units within 6" of the centre and no enemy units', () => {
    const s = game('the-decisive-battle', { p1: 'raider', p2: 'defender' }, []);
    expect(vpBy(endOfTurn(s, 'p1', { landmarks: { 'p1-hero|centre': 5.9 } }).events)).toEqual([['Hold the Centre', 1]]);
    expect(vpBy(endOfTurn(s, 'p1', { landmarks: { 'p1-hero|centre': 5.9, 'p2-knights|centre': 6 } }).events)).toEqual([]);
    expect(vpBy(endOfTurn(s, 'p1', { landmarks: { 'p1-hero|centre': 6.1 } }).events)).toEqual([]);
  });
  it('Take the Flanks: a neutral corner with friendly units and no enemy units wholly within 12"', () => {
    const s = game('the-decisive-battle', { p1: 'raider', p2: 'defender' }, []);
    // 32 mm bases: radius 0.63". Centre at (8, 8): 11.31 + 0.63 = 11.94 ≤ 12 (wholly within); at (8.2, 8.2): 12.23 > 12.
    const mine = { ...place('p1-hero', 1, [8, 8]) };
    expect(vpBy(endOfTurn(s, 'p1', {}, mine).events)).toEqual([['Take the Flanks', 1]]);
    expect(vpBy(endOfTurn(s, 'p1', {}, { ...place('p1-hero', 1, [8.2, 8.2]) }).events)).toEqual([]);
    expect(vpBy(endOfTurn(s, 'p1', {}, { ...mine, ...place('p2-knights', 5, [5, 5]) }).events)).toEqual([]);
    // Both neutral corners held: 2 VP.
    expect(vpBy(endOfTurn(s, 'p1', {}, { ...mine, ...place('p1-knights', 5, [55, 40]) }).events)).toEqual([['Take the Flanks', 2]]);
  });
  it('T-61 Escape to Safety: a trespasser unit within 3" of the Escape Route, not in combat, escapes for D3 VP at the end of either turn', () => {
    const s = game('the-ambush', { p1: 'trespasser', p2: 'ambusher' }, [], { escapeEdge: 'y0' }, [5]);
    // y = 3.6: 3.6 - 0.63 = 2.97 ≤ 3 (within); the knights are in combat and stay.
    const pos = { ...place('p1-hero', 1, [30, 3.6]), ...place('p1-knights', 5, [20, 2]), ...place('p1-warriors', 10, [30, 4]) };
    const r = endOfTurn(s, 'p2', { inCombat: new Set(['p1-knights|p2-hero']) }, pos);
    expect(vpBy(r.events)).toEqual([['Escape to Safety', 3]]);
    expect(r.events.find((e) => e.type === 'vpScored')?.player).toBe('p1');
    expect(r.s.units['p1-hero'].status).toBe('removed');
    expect(r.s.ascension?.escaped).toEqual(['p1-hero']);
    // Escaped, not destroyed: no Claim their Skulls for the ambusher.
    expect(vpBy(endOfTurn(r.s, 'p1', {}, pos).events).filter((x) => x[0] === 'Claim their Skulls')).toEqual([]);
  });
  it('T-60 Burn It Down: after Take and Hold the raider burns a controlled objective for D3; it scores no more', () => {
    const s = game('wreck-and-ruin', { p1: 'raider', p2: 'defender' }, ['o1', 'o2', 'o3', 'o4', 'o5'], {}, [4]);
    s.objectives = { o1: 'p1', o2: 'p1', o3: 'p1', o4: null, o5: 'p2' };
    const r = endOfTurn(s, 'p1');
    expect(vpBy(r.events)).toEqual([['Take and Hold', 3], ['Burn It Down', 2]]);
    expect(r.s.ascension?.burned).toEqual(['o1']);
    expect(vpBy(endOfTurn(r.s, 'p1').events)[0]).toEqual(['Take and Hold', 2]);
    // The defender never burns.
    expect(vpBy(endOfTurn(s, 'p2').events)).toEqual([['Take and Hold', 1]]);
  });
  it('T-59 The Ritual: Power Grows 1 per site + D3 for the altar; Iconoclasts 1 per contested-not-controlled + D3 per controlled', () => {
    const s = game('the-ritual', { p1: 'ritualist', p2: 'attacker' }, ['site-1', 'site-2', 'site-3', 'altar'], { sites: ['site-1', 'site-2', 'site-3'], altar: 'altar' }, [6, 3]);
    s.objectives = { 'site-1': 'p1', 'site-2': 'p1', 'site-3': 'p2', altar: 'p1' };
    expect(vpBy(endOfTurn(s, 'p1').events)).toEqual([['Power Grows (sites of power)', 2], ['Power Grows (altar)', 3]]);
    const r = endOfTurn(s, 'p2', { contests: { 'p2-warriors': ['site-1'], 'p2-knights': ['site-3'] } });
    expect(vpBy(r.events)).toEqual([['Iconoclasts (contested)', 1], ['Iconoclasts (controlled)', 3]]);
  });
});

describe('twists, first turn, Glorious Victory, withdrawing', () => {
  const fresh = (id: AscensionId, roles: Record<PlayerId, string>, script: number[] = []) => {
    const r = createGame({ seed: 9, rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p2') }, finishedDeployingFirst: 'p1', battleplan: { objectives: [], name: id, vpPerObjective: 0, ascension: setupOf(id, roles) }, diceScript: script });
    if (!r.ok) throw new Error('bad game');
    return r.state;
  };
  const port = tablePort({ inCombat: new Set(), contests: {} });
  it('T-62: with no underdog the players roll off and the winner rolls the twist', () => {
    // Roll-off 2 v 5 → p2 rolls; twist D3 from face 6 → 3 (Line-breakers).
    const r = reduce(fresh('the-decisive-battle', { p1: 'raider', p2: 'defender' }, [2, 5, 6]), { type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, port);
    expect(r.ok && r.state.ascension?.twists).toEqual([{ round: 1, roller: 'p2', underdog: false, roll: 3, name: 'Line-breakers' }]);
  });
  it('Wreck and Ruin rolls a D6 twist table (INVENTORY §3.3 D8): 4 → At All Costs', () => {
    const r = reduce(fresh('wreck-and-ruin', { p1: 'raider', p2: 'defender' }, [6, 1, 4]), { type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, port);
    expect(r.ok && r.state.ascension?.twists[0]).toMatchObject({ roller: 'p1', roll: 4, name: 'At All Costs' });
  });
  it('The Ambush: the ambusher takes the first turn; Wreck and Ruin: the raider chooses', () => {
    const amb = fresh('the-ambush', { p1: 'trespasser', p2: 'ambusher' });
    const no = reduce(amb, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, port);
    expect(!no.ok && no.rule).toBe('Ascension › The Ambush › First Turn');
    expect(reduce(amb, { type: 'chooseFirstTurn', player: 'p1', first: 'p2' }, port).ok).toBe(true);
    const wr = fresh('wreck-and-ruin', { p1: 'defender', p2: 'raider' });
    const byDefender = reduce(wr, { type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, port);
    expect(!byDefender.ok && byDefender.reason).toMatch(/the raider \(p2\) chooses/);
    expect(reduce(wr, { type: 'chooseFirstTurn', player: 'p2', first: 'p1' }, port).ok).toBe(true);
  });
  it('T-53 Glorious Victory and a withdrawal: the opponent wins a major victory whatever the VP', () => {
    expect(gloriousResult({ p1: 14, p2: 9 }, null)).toEqual({ p1: 'major-victory', p2: 'major-defeat' });
    expect(gloriousResult({ p1: 14, p2: 10 }, null)).toEqual({ p1: 'minor-victory', p2: 'minor-defeat' });
    expect(gloriousResult({ p1: 3, p2: 3 }, null)).toEqual({ p1: 'draw', p2: 'draw' });
    expect(gloriousResult({ p1: 20, p2: 0 }, 'p1')).toEqual({ p1: 'major-defeat', p2: 'major-victory' });
  });
  it('T-54 withdrawing: at the start of the hero phase, when at least half the starting units are destroyed', () => {
    const s = { ...fresh('the-ruined-settlement', { p1: 'north', p2: 'south' }), stage: 'turn' as const, active: 'p1' as const, phase: 'hero' as const };
    s.units['p1-knights'].slain = s.players.p1.roster.units[2].models.map((m) => m.id);
    expect(canWithdraw(s, 'p1')).toEqual({ ok: false, reason: '1 of 3 starting units destroyed: at least half must be' });
    s.units['p1-hero'].slain = ['p1-hero-m1'];
    expect(canWithdraw(s, 'p1')).toEqual({ ok: true });
    expect(canWithdraw({ ...s, phase: 'movement' }, 'p1').ok).toBe(false);
    const r = reduce(s, { type: 'withdraw', player: 'p1' }, port);
    expect(r.ok && [r.state.stage, r.state.winner, r.state.ascension?.result]).toEqual(['ended', 'p2', { p1: 'major-defeat', p2: 'major-victory' }]);
    const refused = reduce({ ...s, units: { ...s.units, 'p1-hero': { ...s.units['p1-hero'], slain: [] } } }, { type: 'withdraw', player: 'p1' }, port);
    expect(!refused.ok && refused.rule).toBe('Ascension › Path to Glory Battles › Withdrawing from Battle');
  });
});

describe('Wreck and Ruin: Raise the Alarm (T-60); The Ambush: no movement phase in the ambusher\'s first turn (T-61)', () => {
  const port = tablePort({ inCombat: new Set(), contests: {} });
  const inMovement = (script: number[], twist?: PlayerId) => {
    const r = createGame({ seed: 2, rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p2') }, finishedDeployingFirst: 'p1', reserves: { p2: ['p2-knights'] }, battleplan: { objectives: [], name: 'wreck-and-ruin', vpPerObjective: 0, ascension: setupOf('wreck-and-ruin', { p1: 'raider', p2: 'defender' }) }, diceScript: script });
    if (!r.ok) throw new Error('bad game');
    const s: GameState = { ...r.state, stage: 'turn', active: 'p2', phase: 'movement' };
    if (twist) s.ascension!.twists.push({ round: 1, roller: twist, underdog: true, roll: 1, name: 'Uncertain Reinforcements' });
    return s;
  };
  const at = (y: number) => Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`p2-knights-m${i + 1}`, [10 + 2 * i, y] as [number, number]]));
  const setUp = (s: GameState, y: number) => reduce(s, { type: 'setUpReserve', player: 'p2', unitId: 'p2-knights', positions: at(y) }, port);
  it('an arrival roll of 4 sets the unit up wholly within 6" of the edge', () => {
    const r = setUp(inMovement([4]), 5.3); // 5.3 + 0.63 = 5.93 ≤ 6
    expect(r.ok && r.state.units['p2-knights'].status).toBe(undefined);
    expect(r.ok && r.events.find((e) => e.type === 'arrivalRoll')).toMatchObject({ roll: 4, modifier: 0, arrives: true });
  });
  it('a 3 leaves it in reserve and it cannot try again this phase; a raider underdog\'s Uncertain Reinforcements turns a 4 into 3', () => {
    const r = setUp(inMovement([3]), 2);
    expect(r.ok && r.state.units['p2-knights'].status).toBe('reserve');
    const again = r.ok ? setUp(r.state, 2) : r;
    expect(!again.ok && again.reason).toMatch(/already made its arrival roll/);
    const w = setUp(inMovement([4], 'p1'), 2);
    expect(w.ok && w.events.find((e) => e.type === 'arrivalRoll')).toMatchObject({ roll: 4, modifier: -1, arrives: false });
    const d = setUp(inMovement([3], 'p2'), 2);
    expect(d.ok && d.events.find((e) => e.type === 'arrivalRoll')).toMatchObject({ roll: 3, modifier: 1, arrives: true });
  });
  it('more than 6" from every edge is refused before any roll', () => {
    const r = setUp(inMovement([6]), 5.5); // 5.5 + 0.63 = 6.13
    expect(!r.ok && r.rule).toBe('Ascension › Wreck and Ruin › Reinforcements');
  });
  it('the ambusher\'s first turn goes from the hero phase to the shooting phase', () => {
    const r = createGame({ seed: 2, rosters: { p1: sampleRoster('p1'), p2: sampleRoster('p2') }, finishedDeployingFirst: 'p2', battleplan: { objectives: [], name: 'the-ambush', vpPerObjective: 0, ascension: setupOf('the-ambush', { p1: 'trespasser', p2: 'ambusher' }, { escapeEdge: 'y0' }) } });
    if (!r.ok) throw new Error('bad game');
    let s = r.state;
    for (const a of [{ type: 'chooseFirstTurn', player: 'p2', first: 'p2' }, { type: 'endPhase', player: 'p2' }, { type: 'endPhase', player: 'p2' }] as const) {
      const x = reduce(s, a, port);
      if (!x.ok) throw new Error(x.reason);
      s = x.state;
    }
    expect([s.active, s.phase]).toEqual(['p2', 'shooting']);
  });
});

describe('Retreat without mortal damage: Steel Discipline, Tactical Withdrawal', () => {
  const port = tablePort({ inCombat: new Set(['p1-warriors|p2-warriors']), contests: {} });
  const make = (abilities: string[], twist: boolean) => {
    const p1 = sampleRoster('p1');
    p1.units[1].campaign = { unitId: 'p1-warriors', renown: 5, rank: 'Aspiring', path: 'defender', abilities, enhancements: [] };
    const r = createGame({ seed: 2, rosters: { p1, p2: sampleRoster('p2') }, finishedDeployingFirst: 'p1', battleplan: { objectives: [], name: 'the-decisive-battle', vpPerObjective: 0, ascension: setupOf('the-decisive-battle', { p1: 'raider', p2: 'defender' }) }, diceScript: [6] });
    if (!r.ok) throw new Error('bad game');
    const s: GameState = { ...r.state, stage: 'turn', active: 'p1', phase: 'movement' };
    if (twist) s.ascension!.twists.push({ round: 1, roller: 'p1', underdog: true, roll: 2, name: 'Tactical Withdrawal' });
    return reduce(s, { type: 'retreat', player: 'p1', unitId: 'p1-warriors' }, port);
  };
  it('a Retreat normally costs D3 mortal damage (a scripted 6 → 3)', () => {
    const r = make(['Hardened Resolve'], false);
    expect(r.ok && r.events.find((e) => e.type === 'retreat')).toMatchObject({ mortal: 3 });
  });
  it('with Steel Discipline, or the underdog\'s Tactical Withdrawal this round, none is inflicted and nothing is rolled', () => {
    for (const r of [make(['Steel Discipline'], false), make([], true)]) {
      expect(r.ok && r.events.find((e) => e.type === 'retreat')).toMatchObject({ mortal: 0 });
      expect(r.ok && r.state.log.filter((e) => e.kind === 'roll').length).toBe(0);
    }
  });
});


describe('Search for the Artefact (Ascension › Quests) on hand-built positions', () => {
  // "At the end of each of your turns, you can pick a friendly HERO that is not within friendly
  // territory, is not in combat and is within 1" of a terrain feature. If you do so, roll a dice.
  // On a 4+, that HERO finds a clue and you gain 1 quest point."
  const QUEST = { quests: { p1: 'search-for-the-artefact' } };
  const searching = (dice: number[]) => {
    const s = game('the-ruined-settlement', { p1: 'north', p2: 'south' }, ['o1'], QUEST, dice);
    s.territories = { p1: 'north', p2: 'south' };
    return s;
  };
  const table = (over: Partial<PortTables> = {}): Partial<PortTables> => ({ terrain: ['ruin'], distances: { 'p1-hero|ruin': 0.5 }, territories: { 'p1-hero|north': { distance: 10, wholly: false } }, ...over });
  const searches = (s: GameState) => s.log.filter((e) => e.kind === 'roll' && e.purpose.startsWith('searchForTheArtefact'));

  it('a HERO outside friendly territory, not in combat, 0.5" from a terrain feature rolls a 4: finds a clue, 1 quest point (roll logged with the rule)', () => {
    const { s, events } = endOfTurn(searching([4]), 'p1', table());
    expect(s.ascension?.clues).toEqual({ p1: 1, p2: 0 });
    expect(searches(s)).toMatchObject([{ kind: 'roll', player: 'p1', purpose: 'searchForTheArtefact:p1-hero', dice: [4] }]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'clueSearch', unitId: 'p1-hero', roll: 4, found: true, clues: 1, rule: 'Ascension › Quests › Search for the Artefact' }));
  });
  it('a roll of 3 finds no clue', () => {
    const { s } = endOfTurn(searching([3]), 'p1', table());
    expect(s.ascension?.clues).toEqual({ p1: 0, p2: 0 });
    expect(searches(s)).toHaveLength(1);
  });
  it('no search: within friendly territory, in combat, more than 1" from every terrain feature, or in the opponent\'s turn', () => {
    const cases: [Partial<PortTables>, PlayerId][] = [
      [table({ territories: { 'p1-hero|north': { distance: 0, wholly: false } } }), 'p1'],
      [table({ inCombat: new Set(['p1-hero|p2-warriors']) }), 'p1'],
      [table({ distances: { 'p1-hero|ruin': 1.5 } }), 'p1'],
      [table(), 'p2'],
    ];
    for (const [t, active] of cases) {
      const { s } = endOfTurn(searching([6]), active, t);
      expect(s.ascension?.clues).toEqual({ p1: 0, p2: 0 });
      expect(searches(s)).toHaveLength(0);
    }
  });
  it('only a HERO searches: the warriors next to the terrain do not', () => {
    const { s } = endOfTurn(searching([6]), 'p1', table({ distances: { 'p1-hero|ruin': 5, 'p1-warriors|ruin': 0 } }));
    expect(searches(s)).toHaveLength(0);
  });
  it('a game without a quest has no clue count and rolls nothing (plays as before)', () => {
    const s = game('the-ruined-settlement', { p1: 'north', p2: 'south' }, ['o1'], {}, [6]);
    s.territories = { p1: 'north', p2: 'south' };
    expect(s.ascension).not.toHaveProperty('clues');
    const r = endOfTurn(s, 'p1', table());
    expect(searches(r.s)).toHaveLength(0);
    expect(r.s.ascension).not.toHaveProperty('clues');
  });
});
