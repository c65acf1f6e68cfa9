/**
 * Session 39 (sh39c) shapes played by the engine on a real table (the ability kit's `worldPort`), with scripted
 * dice and results computed by hand: the Rally extras (`rallyExtra` rolls, Commands 2.0) and the use's one D3
 * (`if: {useRoll}`, "equal to the roll"). The Effects are the real texts (Captured Soul Energy, nh-001; Light a
 * Pyre, nh-001; Gore-grunta Charge, ij-001) with the faction keyword swapped to the kit's KRULEBOYZ; Light a Pyre and
 * Gore-grunta Charge get the kit's plain Declare (their own Declares are read in parseKbIj39.test.ts; the
 * condition they carry is not this session's shape).
 */

import { describe, expect, it } from 'vitest';
import { parseTiming } from '../abilities/parseTiming';
import { modified } from '../abilities/passives';
import { weaponAbilities } from './attackAbilities';
import { gameAtHero, play, readAbility, refused, roster, tablePortAt, toPhase } from './abilityKit.test-helpers';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD', 'CAVALRY'];

describe('Rally extras: "Each time a friendly Kruleboyz unit wholly within 12" of this unit uses the \'Rally\' command, you can make 3 additional rally rolls of D6." (Captured Soul Energy, nh-001; Commands 2.0)', () => {
  const soul = readAbility({ name: 'Captured Soul Energy', timing: parseTiming('Passive', true), declare: '', effect: 'Each time a friendly **^^Kruleboyz^^** unit wholly within 12" of this unit uses the \'Rally\' command, you can make 3 additional rally rolls of D6.' }, KNOWN);
  // Faces: 4 4 4 1 1 1 | 5 6 1. Six dice give 3 points (4+); nine give 5.
  const DICE = [4, 4, 4, 1, 1, 1, 5, 6, 1];
  function rally(place: Record<string, [number, number]>, unitId: string) {
    const port = tablePortAt(place);
    const s = gameAtHero(roster('p1', [soul]), roster('p2'), port, DICE);
    return play(s, port, [{ type: 'command', player: 'p1', command: 'rally', unitId }]);
  }
  it('the Gutrippaz (KRULEBOYZ) wholly within 12" of the shaman: 6 + 3 = 9 rally rolls, 5 points (4, 4, 4, 5, 6)', () => {
    const r = rally({}, 'p1-boyz');
    expect(r.events.find((e) => e.type === 'rallyRolls')).toMatchObject({ unitId: 'p1-boyz', dice: DICE, points: 5, extraRolls: 3 });
    expect(r.s.pendingRally).toEqual({ unitId: 'p1-boyz', points: 5 });
  });
  it('the Gutrippaz 20" from the shaman: the six dice of Commands 2.0, 3 points', () => {
    const r = rally({ 'p1-boyz': [30, 20] }, 'p1-boyz');
    expect(r.events.find((e) => e.type === 'rallyRolls')).toMatchObject({ unitId: 'p1-boyz', dice: [4, 4, 4, 1, 1, 1], points: 3 });
    expect(r.events.find((e) => e.type === 'rallyRolls')).not.toHaveProperty('extraRolls');
  });
  it('the Hobgrot Slittaz (not KRULEBOYZ) beside the shaman: six dice', () => {
    const r = rally({ 'p1-gits': [12, 24] }, 'p1-gits');
    expect(r.events.find((e) => e.type === 'rallyRolls')).toMatchObject({ dice: [4, 4, 4, 1, 1, 1], points: 3 });
  });
  it('the shaman and the Gutrippaz both have it (Core 5.3: the same passive once): the Gutrippaz still roll 9 dice, not 12', () => {
    const port = tablePortAt({});
    const s = gameAtHero(roster('p1', [soul], [soul]), roster('p2'), port, [...DICE, 6, 6, 6]);
    const r = play(s, port, [{ type: 'command', player: 'p1', command: 'rally', unitId: 'p1-boyz' }]);
    expect(r.events.find((e) => e.type === 'rallyRolls')).toMatchObject({ dice: DICE, points: 5, extraRolls: 3 });
  });
});

describe('The use\'s one D3: "Roll a D3. On a 2+: • Inflict an amount of mortal damage on the target equal to the roll. • Add a number equal to the roll to this unit\'s control score for the rest of the turn." (Light a Pyre, nh-001)', () => {
  const pyre = readAbility({ name: 'Light a Pyre', timing: parseTiming('Your Hero Phase', false), declare: 'Pick a visible enemy unit within 6" of this unit to be the target.', effect: 'Roll a D3. On a 2+:\n• Inflict an amount of mortal damage on the target equal to the roll.\n• Add a number equal to the roll to this unit\'s control score for the rest of the turn.' }, KNOWN);
  // The Gutrippaz (p1-boyz) 4" from p2's Gutrippaz (5 models of Health 1).
  const port = tablePortAt({ 'p1-boyz': [40, 15], 'p2-boyz': [46, 15] });
  function use(face: number) {
    const s = gameAtHero(roster('p1', [], [pyre]), roster('p2'), port, [face]);
    return play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Light a Pyre', target: 'p2-boyz' }]);
  }
  it('a scripted 6 is a D3 of 3: 3 mortal damage (3 models of Health 1 slain) and +3 control score for the turn, one dice rolled', () => {
    const r = use(6);
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-boyz', amount: 3 })]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(3);
    expect(modified(r.s, port, 'p1-boyz', 'control').add).toBe(3);
    expect(r.s.log.filter((l) => l.kind === 'roll' && l.purpose.includes('Light a Pyre'))).toHaveLength(1);
  });
  it('a scripted 3 is a D3 of 2: 2 mortal damage and +2 control score', () => {
    const r = use(3);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(2);
    expect(modified(r.s, port, 'p1-boyz', 'control').add).toBe(2);
  });
  it('a scripted 1 is a D3 of 1: nothing (On a 2+)', () => {
    const r = use(1);
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(0);
    expect(modified(r.s, port, 'p1-boyz', 'control').add).toBe(0);
    expect(r.events.filter((e) => e.type === 'abilityEffectSkipped').map((e) => e.why)).toEqual(['rolled 1, needed 2+', 'rolled 1, needed 2+']);
  });
});

describe('"Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll. Add 1 to the mortal damage inflicted (if any) if the target is Cavalry." (Gore-grunta Charge, ij-001)', () => {
  const charge = readAbility({ name: 'Gore-grunta Charge', timing: parseTiming('Your Hero Phase', false), declare: 'Pick a visible enemy unit within 6" of this unit to be the target.', effect: 'Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll. Add 1 to the mortal damage inflicted (if any) if the target is **^^Cavalry^^**.' }, KNOWN);
  const port = tablePortAt({ 'p1-boyz': [40, 15], 'p2-boyz': [46, 15] });
  function use(face: number, cavalry: boolean) {
    const p2 = roster('p2');
    const r2 = cavalry ? { ...p2, units: p2.units.map((u) => (u.id === 'p2-boyz' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'CAVALRY'] } } : u)) } : p2;
    const s = gameAtHero(roster('p1', [], [charge]), r2, port, [face]);
    return play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Gore-grunta Charge', target: 'p2-boyz' }]);
  }
  it('D3 of 2 (face 4) on CAVALRY: 2 + 1 = 3 models slain, one dice', () => {
    const r = use(4, true);
    expect(r.events.filter((e) => e.type === 'abilityMortal').map((e) => e.amount)).toEqual([2, 1]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(3);
    expect(r.s.log.filter((l) => l.kind === 'roll' && l.purpose.includes('Gore-grunta'))).toHaveLength(1);
  });
  it('D3 of 2 on a unit that is not CAVALRY: 2 slain', () => {
    const r = use(4, false);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(2);
  });
  it('D3 of 1 (face 2) on CAVALRY: no mortal damage at all ("if any")', () => {
    const r = use(2, true);
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(0);
  });
});

describe('Ironjawz Waaagh! (ij-001, Once Per Turn (Army), Your Charge Phase): a pick once per battle per Hero, and an aura around the target for the rest of the turn', () => {
  const waaagh = readAbility({
    id: 'ironjawz-waaagh',
    name: 'Ironjawz Waaagh!',
    timing: parseTiming('Once Per Turn (Army), Your Charge Phase', false),
    declare: 'Pick a friendly **^^Kruleboyz Hero^^** to be the target. You cannot pick the same **^^Hero^^** to be the target of this ability more than once per battle.',
    effect: 'For the rest of the turn, the following effects apply to friendly **^^Kruleboyz^^** units while they are wholly within 18" of the target:\n• Add 1 to charge rolls for those units.\n• Add 1 to the Attacks characteristic of those units\' melee weapons.',
  }, KNOWN);
  // The shaman at (10, 20); the Gutrippaz at (14, 15) (wholly within 18"); p2 far off.
  const port = tablePortAt({});
  const atCharge = () => toPhase(gameAtHero(roster('p1', [], [], [waaagh]), roster('p2'), port), port, 'charge');
  it('the Gutrippaz wholly within 18" of the shaman: +1 charge and +1 Attacks (melee) for the turn; moved 30" away, neither', () => {
    const r = play(atCharge(), port, [{ type: 'useAbility', player: 'p1', ability: 'ironjawz-waaagh', target: 'p1-hero' }]);
    expect(modified(r.s, port, 'p1-boyz', 'charge').add).toBe(1);
    expect(modified(r.s, port, 'p1-boyz', 'attacks', { weapon: 'melee' }).add).toBe(1);
    expect(modified(r.s, port, 'p1-boyz', 'attacks', { weapon: 'ranged' }).add).toBe(0);
    const far = tablePortAt({ 'p1-boyz': [40, 30] });
    expect(modified(r.s, far, 'p1-boyz', 'charge').add).toBe(0);
    expect(modified(r.s, port, 'p1-gits', 'charge').add).toBe(0); // not KRULEBOYZ
  });
  it('the same Hero cannot be picked again in a later turn of the battle (refused as the Declare), and the effect lapsed at the end of the turn', () => {
    const used = play(atCharge(), port, [{ type: 'useAbility', player: 'p1', ability: 'ironjawz-waaagh', target: 'p1-hero' }]).s;
    // p1's charge phase of the next battle round (p2's turn between; as abilities.test.ts's Big Waaagh).
    let t = toPhase(used, port, 'endOfTurn');
    t = play(t, port, [{ type: 'endPhase', player: 'p1' }]).s;
    t = toPhase(t, port, 'endOfTurn');
    t = play(t, port, [{ type: 'endPhase', player: 'p2' }]).s;
    t = play(t, port, [{ type: 'chooseFirstTurn', player: t.decider!, first: 'p1' }, { type: 'endPhase', player: 'p1' }]).s;
    const later = toPhase(t, port, 'charge');
    expect([later.round, later.active, later.phase]).toEqual([2, 'p1', 'charge']);
    expect(modified(later, port, 'p1-boyz', 'charge').add).toBe(0);
    expect(refused(later, port, { type: 'useAbility', player: 'p1', ability: 'ironjawz-waaagh', target: 'p1-hero' })).toMatchObject({ reason: expect.stringContaining('already picked to be the target of Ironjawz Waaagh! this battle') });
  });
});

describe('Scare Taktikz (kb-001 Gutrippaz, Any Combat Phase): "Roll a dice. On a 3+, subtract 1 from hit rolls for attacks made by non-Hero units that target this unit for the rest of the turn."', () => {
  const scare = readAbility({ name: 'Scare Taktikz', timing: parseTiming('Any Combat Phase', false), declare: '', effect: 'Roll a dice. On a 3+, subtract 1 from hit rolls for attacks made by non-**^^Hero^^** units that target this unit for the rest of the turn.' }, KNOWN);
  const port = tablePortAt({});
  const hacka = roster('p2').units[1].weapons[0];
  const staff = roster('p2').units[0].weapons[0];
  function used(face: number) {
    const s = toPhase(gameAtHero(roster('p1', [], [scare]), roster('p2'), port, [face]), port, 'combat');
    return play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Scare Taktikz' }]).s;
  }
  it('a 3: -1 to hit for the (non-HERO) Gutrippaz\'s attacks on this unit, none for the HERO\'s, none on another unit', () => {
    const s = used(3);
    expect(weaponAbilities(s, port, 'p2-boyz', 'p1-boyz', hacka).hit).toBe(-1);
    expect(weaponAbilities(s, port, 'p2-hero', 'p1-boyz', staff).hit).toBe(0);
    expect(weaponAbilities(s, port, 'p2-boyz', 'p1-gits', hacka).hit).toBe(0);
  });
  it('a 2: no effect', () => {
    expect(weaponAbilities(used(2), port, 'p2-boyz', 'p1-boyz', hacka).hit).toBe(0);
  });
});
