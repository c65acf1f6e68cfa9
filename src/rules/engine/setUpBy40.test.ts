/**
 * "If this unit was set up this turn using the 'Scions of the Storm' ability, pick up to 3 enemy units within 10" of
 * it to be the targets." (Blazing Impact, sce-001 / sce-002 ×3; issue 34, session 40, sh40c): the Declare's condition
 * read (`abilities/parseSetUpBy40.ts`) and checked against the record of the ability that set the unit up this turn
 * (`engine/setUpBy40.ts`; Core 24.0, 24.1), on the kit's table with the Gutrippaz as a Stormcast Eternals unit
 * placed in reserve before the battle. Guided by Lightning (sce-002, Lord-Imperatant): the same condition on its
 * pick, and "Each target can immediately move D3". The targets cannot move into combat during any part of that move."
 * (`abilities/parseMove40.ts`: a move checked as a Normal Move's path, Core 14.1).
 */
import { describe, expect, it } from 'vitest';
import { ability, play, readAbility, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { createGame, type GameState } from './state';
import type { RosterInput } from './roster';

const DECLARE = "If this unit was set up this turn using the 'Scions of the Storm' ability, pick up to 3 enemy units within 10\" of it to be the targets.";
const EFFECT = 'Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.';
const movement = timing('Your Movement Phase', 'movement', 'your');
const SCE = ['STORMCAST ETERNALS', 'INFANTRY', 'WARRIOR CHAMBER', 'ORDER'];
const read = (declare: string) => parseEffect({ declare, effect: EFFECT, timing: movement, knownKeywords: SCE });

describe('Blazing Impact, read (real text, sce-001 Annihilators)', () => {
  it('the pick carries unitIf {setUp: true, setUpBy: "Scions of the Storm"} on this unit; up to 3 enemy units within 10"', () => {
    const p = read(DECLARE);
    expect(p.resolves).not.toBeNull();
    expect(p.picks).toHaveLength(1);
    expect(p.picks![0]).toEqual({ kind: 'enemyUnit', count: 3, within: 10, unitIf: { setUp: true, setUpBy: 'Scions of the Storm', unit: 'self' } });
    expect(p.resolves).toEqual([{ mortal: 'roll', on: '2+', die: 'D3', targets: 'targets' }]);
  });

  it('fall-back twins stay by hand: "set up this turn using" without a quoted ability, "set up this battle using ...", another unit set up', () => {
    expect(read('If this unit was set up this turn using an ability, pick up to 3 enemy units within 10" of it to be the targets.').resolves).toBeNull();
    expect(read("If this unit was set up this battle using the 'Scions of the Storm' ability, pick up to 3 enemy units within 10\" of it to be the targets.").resolves).toBeNull();
    expect(read("If a friendly unit was set up this turn using the 'Scions of the Storm' ability, pick up to 3 enemy units within 10\" of it to be the targets.").resolves).toBeNull();
  });
});

describe('Blazing Impact on the kit (the Gutrippaz as STORMCAST ETERNALS in reserve; p2\'s Gutrippaz at (46, 15), Hobgrots at (50, 35))', () => {
  const parsed = read(DECLARE);
  const blazing = ability({ name: 'Blazing Impact', timing: movement, declare: DECLARE, effect: EFFECT, picks: parsed.picks, resolves: parsed.resolves });
  const port = tablePortAt();
  const at = (x: number, y: number) => Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [x, y + i * 1.3] as [number, number]]));
  function stormcast(r: RosterInput): RosterInput {
    return { ...r, units: r.units.map((u) => (u.id === 'p1-boyz' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'STORMCAST ETERNALS'] } } : u)) };
  }
  function atMovement(p1: RosterInput, script: number[]): GameState {
    const g = createGame({ seed: 7, rosters: { p1, p2: roster('p2') }, finishedDeployingFirst: 'p1', reserves: { p1: ['p1-boyz'] }, diceScript: script });
    if (!g.ok) throw new Error(JSON.stringify(g.issues));
    const s = play(g.state, port, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }]).s;
    return toPhase(s, port, 'movement');
  }

  it('set up from reserve at (42, 24)-(42, 29.2) (5.5" from p2\'s Gutrippaz, 8.6" from the Hobgrots, 32 mm bases): D6 6 → D3 3 on the Gutrippaz (3 of 5 slain, Health 1), D6 2 → D3 1 on the Hobgrots (nothing, 2+ needed)', () => {
    const s = atMovement(stormcast(roster('p1', [], [blazing])), [6, 2]);
    const r = play(s, port, [
      { type: 'setUpReserve', player: 'p1', unitId: 'p1-boyz', positions: at(42, 24) },
      { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Blazing Impact', targets: ['p2-boyz', 'p2-gits'] },
    ]);
    expect(r.s.units['p1-boyz'].turn).toMatchObject({ setUp: true, setUpBy: 'Scions of the Storm' });
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-boyz', amount: 3, dice: [3] }), expect.objectContaining({ unitId: 'p2-gits', amount: 0, dice: [1] })]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(3);
    expect(r.s.units['p2-gits'].slain).toEqual([]);
  });

  it('refused when the unit was not set up this turn (on the battlefield from the start), and for a unit of another faction set up from reserve (no Scions of the Storm)', () => {
    const g = createGame({ seed: 7, rosters: { p1: stormcast(roster('p1', [], [blazing])), p2: roster('p2') }, finishedDeployingFirst: 'p1', diceScript: [6] });
    if (!g.ok) throw new Error(JSON.stringify(g.issues));
    const onTable = toPhase(play(g.state, port, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }]).s, port, 'movement');
    const why = refused(onTable, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Blazing Impact', targets: ['p2-boyz'] });
    expect(why.reason).toContain("set up this turn using the 'Scions of the Storm' ability");
    const kruleboyz = play(atMovement(roster('p1', [], [blazing]), [6]), port, [{ type: 'setUpReserve', player: 'p1', unitId: 'p1-boyz', positions: at(42, 24) }]).s;
    expect(kruleboyz.units['p1-boyz'].turn.setUp).toBe(true);
    expect(kruleboyz.units['p1-boyz'].turn.setUpBy).toBeUndefined();
    expect(refused(kruleboyz, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Blazing Impact', targets: ['p2-boyz'] }).reason).toContain('Scions of the Storm');
  });
});

const GUIDED_DECLARE = "Pick up to 3 friendly Stormcast Eternals units wholly within 12\" of this unit that were set up this turn using the 'Scions of the Storm' ability to be the targets.";
const GUIDED_EFFECT = 'Each target can immediately move D3". The targets cannot move into combat during any part of that move.';
const guidedTiming = timing('Once Per Battle (Army), Your Movement Phase', 'movement', 'your', { per: 'battle', army: true });

describe('Guided by Lightning, read (real text, sce-002 Lord-Imperatant)', () => {
  it('the pick: up to 3 friendly STORMCAST ETERNALS units wholly within 12", set up this turn by Scions of the Storm; a D3 move each, under the Normal Move\'s rule', () => {
    const p = parseEffect({ declare: GUIDED_DECLARE, effect: GUIDED_EFFECT, timing: guidedTiming, knownKeywords: SCE });
    expect(p.picks).toEqual([{ kind: 'friendlyUnit', count: 3, keyword: 'STORMCAST ETERNALS', within: 12, wholly: true, cond: { setUp: true, setUpBy: 'Scions of the Storm' } }]);
    expect(p.resolves).toEqual([{ move: 'normal', inches: 'D3', targets: 'targets' }]);
  });

  it('fall-back twins stay by hand: the move without its rule, a rule on another subject, "can move into combat", a passive', () => {
    const read2 = (effect: string, t = guidedTiming) => parseEffect({ declare: GUIDED_DECLARE, effect, timing: t, knownKeywords: SCE }).resolves;
    expect(read2('Each target can immediately move D3".')).toBeNull();
    expect(read2('Each target can immediately move D3". This unit cannot move into combat during any part of that move.')).toBeNull();
    expect(read2('Each target can immediately move D3". The targets can move into combat during any part of that move.')).toBeNull();
    expect(parseEffect({ declare: null, effect: 'This unit can immediately move D3". It cannot move into combat during any part of that move.', timing: timing('Passive', 'passive', 'any'), knownKeywords: SCE }).resolves).toBeNull();
  });
});

describe('Guided by Lightning on the kit (the Shaman at (10, 20) holds it; the Gutrippaz, STORMCAST ETERNALS, set up from reserve at x = 20; p2\'s Hobgrots at (26, 15))', () => {
  const guided = readAbility({ name: 'Guided by Lightning', timing: guidedTiming, declare: GUIDED_DECLARE, effect: GUIDED_EFFECT }, SCE);
  const port = tablePortAt({ 'p2-gits': [26, 15] });
  const at = (x: number) => Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [x, 15 + i * 1.3] as [number, number]]));
  const move = (x: number) => ({ type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: Object.fromEntries(Object.entries(at(x)).map(([k, v]) => [k, [v]])) }) as const;
  function setUp(script: number[]): GameState {
    const p1 = roster('p1', [guided]);
    const sce = { ...p1, units: p1.units.map((u) => (u.id === 'p1-boyz' || u.id === 'p1-gits' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'STORMCAST ETERNALS'] } } : u)) };
    const g = createGame({ seed: 7, rosters: { p1: sce, p2: roster('p2') }, finishedDeployingFirst: 'p1', reserves: { p1: ['p1-boyz'] }, diceScript: script });
    if (!g.ok) throw new Error(JSON.stringify(g.issues));
    const s = toPhase(play(g.state, port, [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }]).s, port, 'movement');
    return play(s, port, [{ type: 'setUpReserve', player: 'p1', unitId: 'p1-boyz', positions: at(20) }]).s;
  }

  it('D6 4 → D3 2: a 2" move back to x = 18 accepted (a unit set up this turn: the move is the ability\'s, not a MOVE ability); 2.5" refused; 2" towards the Hobgrots (2.74" away at the end) refused, Core 14.1', () => {
    const used = play(setUp([4]), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Guided by Lightning', targets: ['p1-boyz'] }]);
    expect(used.events.find((e) => e.type === 'abilityMove')).toMatchObject({ unitId: 'p1-boyz', moveAs: 'normal', maxInches: 2 });
    expect(play(used.s, port, [move(18)]).s.positions['p1-boyz-m1']).toEqual([18, 15]);
    expect(refused(used.s, port, move(17.5)).reason).toContain('this move allows 2"');
    const into = refused(used.s, port, move(22));
    expect(into.rule).toBe('Core 14.1');
    expect(into.reason).toContain('into combat');
  });

  it('refused on a STORMCAST ETERNALS unit not set up this turn (p1\'s Hobgrots with the keyword, on the table from the start)', () => {
    const s = setUp([4]);
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Guided by Lightning', targets: ['p1-gits'] }).reason).toContain("set up this turn using the 'Scions of the Storm' ability");
  });
});
