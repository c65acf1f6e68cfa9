/**
 * Session 39 (sh39b; `abilities/parseFecNh39.ts`, `engine/afterFight39.ts`): the Flesh-eater Courts and Nighthaunt
 * shapes in play on the kit's table with scripted dice, each result computed by hand. The real Effects are read with
 * the kit's keywords (Declares: the kit's army in place of Nighthaunt).
 *
 * Rules: Core 17.0-18.0 (attacks, damage sequence), Core 28.1 (durations), Core 5.3 (each ability once), Core 27.0
 * (characteristics: set, then add).
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, readAbility, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { modified } from '../abilities/passives';
import type { GameState } from './state';
import type { RosterInput } from './roster';

const KB = ['KRULEBOYZ', 'HERO', 'INFANTRY', 'WIZARD'];
const heroPhase = timing('Your Hero Phase', 'hero', 'your');
const passive = timing('Passive', 'passive', 'any');

describe('Fell Blades (nh-001): after a Fight whose attacks all targeted one enemy unit, -1 to that unit\'s save rolls this turn', () => {
  const FELL = 'Until the start of your next turn, each time the target uses a Fight ability, if all of its attacks targeted the same enemy unit, after that ability has been resolved, subtract 1 from save rolls for that enemy unit for the rest of the turn.';
  const fell = readAbility({ name: 'Fell Blades', timing: heroPhase, declare: 'Pick a visible friendly Kruleboyz unit wholly within 12" of this unit to be the target.', effect: FELL }, KB);
  // p1's Gutrippaz (x 14, y 15-20.2) in combat with p2's Gutrippaz (x 15.4) and p2's Hobgrots (x 15.4, y 19-21.6); the Shaman 4" behind.
  const port = tablePortAt({ 'p1-hero': [10, 18], 'p1-boyz': [14, 15], 'p2-boyz': [15.4, 15], 'p2-gits': [15.4, 19], 'p1-gits': [40, 40], 'p2-hero': [50, 5] });
  // The Gutrippaz get a second melee weapon (a Shiv), so that their attacks can be split between two units.
  const withShiv = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => (u.id === 'p1-boyz' ? { ...u, weapons: [...u.weapons, { name: 'Shiv', range: 'melee' as const, attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1 }] } : u)) });
  const ones = Array.from({ length: 60 }, () => 1); // every roll a 1: no hit, no damage; the effect alone is tested
  const start = (cast: boolean): GameState => {
    let s = gameAtHero(withShiv(roster('p1', [fell])), roster('p2'), port, ones);
    if (cast) s = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Fell Blades', targets: ['p1-boyz'] }]).s;
    return toPhase(s, port, 'combat');
  };
  const fight = (s: GameState, weaponTargets?: Record<string, string>) =>
    play(s, port, [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz', ...(weaponTargets ? { weaponTargets } : {}) }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);

  it('all attacks on p2\'s Gutrippaz: their save rolls -1 for the rest of the turn (not the Hobgrots\'); gone next turn', () => {
    const r = fight(start(true));
    expect(r.events.find((e) => e.type === 'abilityEffect' && e.name === 'Fell Blades')).toMatchObject({ units: ['p2-boyz'], duration: 'turn', effect: { modify: 'save', by: -1 } });
    expect(modified(r.s, port, 'p2-boyz', 'save').add).toBe(-1);
    expect(modified(r.s, port, 'p2-gits', 'save').add).toBe(0);
    // p2's units fight back (every roll a 1), then the turn ends.
    let s = play(r.s, port, [
      { type: 'fight', player: 'p2', unitId: 'p2-boyz', target: 'p1-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' },
      { type: 'fight', player: 'p2', unitId: 'p2-gits', target: 'p1-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' },
    ]).s;
    expect(modified(s, port, 'p2-boyz', 'save').add).toBe(-1);
    while (s.active === 'p1') s = play(s, port, [{ type: 'endPhase', player: s.active }]).s; // to p2's turn
    expect(modified(s, port, 'p2-boyz', 'save').add).toBe(0);
  });

  it('the Shiv\'s attacks on the Hobgrots: two units targeted, no modifier (abilityEffectSkipped); without the spell, nothing', () => {
    const split = fight(start(true), { Shiv: 'p2-gits' });
    expect(split.events.find((e) => e.type === 'abilityEffectSkipped' && e.name === 'Fell Blades')).toMatchObject({ why: 'its attacks targeted 2 units, not the same enemy unit' });
    expect(modified(split.s, port, 'p2-boyz', 'save').add).toBe(0);
    expect(modified(split.s, port, 'p2-gits', 'save').add).toBe(0);
    const none = fight(start(false));
    expect(modified(none.s, port, 'p2-boyz', 'save').add).toBe(0);
  });

  it('the modifier is used: p2\'s Gutrippaz (Save 5+) then attacked by the Shaman (rend 1) save on 7+ (saveModifier -2: rend 1 and Fell Blades)', () => {
    const port2 = tablePortAt({ 'p1-hero': [14, 21.5], 'p1-boyz': [14, 15], 'p2-boyz': [15.4, 15], 'p2-gits': [40, 40], 'p1-gits': [30, 40], 'p2-hero': [50, 5] });
    let s = gameAtHero(withShiv(roster('p1', [fell])), roster('p2'), port2, ones);
    s = play(s, port2, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Fell Blades', targets: ['p1-boyz'] }]).s;
    s = toPhase(s, port2, 'combat');
    s = play(s, port2, [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]).s;
    // p2's Gutrippaz fight back (all ones), then the Shaman: 3 attacks, hit 4+ (6, 6, 6), wound 3+ (6, 6, 6), saves 6, 6, 6 (6 - 2 = 4 < 5: all fail).
    s = play(s, port2, [{ type: 'fight', player: 'p2', unitId: 'p2-boyz', target: 'p1-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]).s;
    s = { ...s, diceScript: [6, 6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1] };
    const r = play(s, port2, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    const att = r.events.find((e) => e.type === 'attacksResolved' && e.unitId === 'p1-hero');
    expect(att).toMatchObject({ target: 'p2-boyz', saveModifier: -2, saves: [6, 6, 6] });
  });
});

describe('Necromantic Limits (fec-001): a maximum Attacks characteristic on a named weapon', () => {
  const LIMITS = "This unit's Wicked Hacka have a maximum Attacks characteristic of 1.";
  const port = tablePortAt({ 'p1-boyz': [14, 15], 'p2-boyz': [15.4, 15], 'p1-hero': [30, 40], 'p2-gits': [40, 40], 'p1-gits': [45, 30], 'p2-hero': [50, 5] });
  const fightWith = (abilities: ReturnType<typeof ability>[]) => {
    const s = toPhase(gameAtHero(roster('p1', [], abilities), roster('p2'), port, Array.from({ length: 60 }, () => 1)), port, 'combat');
    return play(s, port, [{ type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
  };
  const attacks = (r: ReturnType<typeof fightWith>) => r.events.find((e) => e.type === 'attacksResolved' && e.weapon === 'Wicked Hacka');

  it('5 Gutrippaz × Attacks 2 = 10 attacks; capped at 1 each: 5; with +1 Attacks (3 each) still 5', () => {
    expect(attacks(fightWith([]))).toMatchObject({ attacks: 10 });
    const limits = readAbility({ name: 'Necromantic Limits', timing: passive, declare: '', effect: LIMITS }, KB);
    expect(attacks(fightWith([limits]))).toMatchObject({ attacks: 5 });
    const plus = ability({ name: 'Frenzy', timing: passive, effect: '(test)', resolves: [{ modify: 'attacks', by: 1, attacks: 'melee', targets: 'self' }] });
    expect(attacks(fightWith([plus]))).toMatchObject({ attacks: 15 });
    expect(attacks(fightWith([plus, limits]))).toMatchObject({ attacks: 5 });
  });
});

describe('"If any models are slain as a result of this ability" (Wraithstorm, nh-001)', () => {
  const WRAITH = 'Inflict D3 mortal damage on the target. If any models are slain as a result of this ability, inflict a further D3 mortal damage on the target';
  const wraith = readAbility({ name: 'Wraithstorm', timing: heroPhase, declare: 'Pick a visible enemy unit within 12" of this unit to be the target.', effect: WRAITH }, KB);
  const port = tablePortAt({ 'p1-hero': [40, 20], 'p2-gits': [46, 20], 'p2-hero': [46, 10] });
  const use = (target: string, dice: number[]) => play(gameAtHero(roster('p1', [wraith]), roster('p2'), port, dice), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Wraithstorm', targets: [target] }]);

  it('the Hobgrots (Health 1): D3 = 2 (dice 4) slays 2, then a further D3 = 1 (dice 2) slays the third', () => {
    const r = use('p2-gits', [4, 2]);
    expect(r.events.filter((e) => e.type === 'abilityMortal').map((e) => (e as unknown as { amount: number }).amount)).toEqual([2, 1]);
    expect(r.s.units['p2-gits'].slain).toHaveLength(3);
  });

  it('the Shaman (Health 5): D3 = 2 slays nobody, no further damage (skipped, the next dice unused)', () => {
    const r = use('p2-hero', [4, 6]);
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toHaveLength(1);
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ why: 'no model of it was slain by this ability' });
    expect(r.s.units['p2-hero'].damage).toBe(2);
    expect(r.s.diceScript).toEqual([6]);
  });
});

describe('Staring Death in the Face (nh-001): one roll, the control score only for a Hero', () => {
  const STARE = "Roll a dice. On a 2+, subtract 1 from the Attacks characteristic of the target's melee weapons for the rest of the turn. In addition, if the target is a Hero, subtract 5 from the target's control score for the rest of the turn.";
  const stare = readAbility({ name: 'Staring Death in the Face', timing: heroPhase, declare: 'Pick a visible enemy unit within 12" of this unit to be the target.', effect: STARE }, KB);
  const port = tablePortAt({ 'p1-hero': [40, 20], 'p2-gits': [46, 20], 'p2-hero': [46, 10] });
  const use = (target: string, dice: number[]) => play(gameAtHero(roster('p1', [stare]), roster('p2'), port, dice), port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Staring Death in the Face', targets: [target] }]);

  it('the Shaman (a Hero), roll 2: -1 Attacks and -5 control, one dice rolled', () => {
    const r = use('p2-hero', [2, 1]);
    expect(modified(r.s, port, 'p2-hero', 'attacks', { weapon: 'melee' }).add).toBe(-1);
    expect(modified(r.s, port, 'p2-hero', 'control').add).toBe(-5);
    expect(r.s.diceScript).toEqual([1]);
  });

  it('the Hobgrots (no Hero), roll 4: -1 Attacks only; the Shaman, roll 1: neither', () => {
    const g = use('p2-gits', [4]);
    expect(modified(g.s, port, 'p2-gits', 'attacks', { weapon: 'melee' }).add).toBe(-1);
    expect(modified(g.s, port, 'p2-gits', 'control').add).toBe(0);
    const h = use('p2-hero', [1, 6]);
    expect(modified(h.s, port, 'p2-hero', 'attacks', { weapon: 'melee' }).add).toBe(0);
    expect(modified(h.s, port, 'p2-hero', 'control').add).toBe(0);
    expect(h.s.diceScript).toEqual([6]);
  });
});

describe('"Ignore positive / negative modifiers" (Ethereal, Excommunication, Supreme Swordmaster) and Grim Justice, in a fight', () => {
  // p1's Shaman (Staff: 3 attacks, hit 4+, wound 3+, Rend 1, Damage D3) in combat with p2's Gutrippaz (Save 5+) and p2's Shaman (a WIZARD, Save 5+).
  const port = tablePortAt({ 'p1-hero': [14, 15], 'p2-boyz': [15.4, 15], 'p2-hero': [12.6, 15], 'p1-boyz': [30, 40], 'p1-gits': [40, 40], 'p2-gits': [50, 40] });
  const passiveOf = (name: string, effect: string) => readAbility({ name, timing: passive, declare: '', effect }, KB);
  const ETHEREAL = 'Ignore negative modifiers to save rolls for friendly Kruleboyz units, excluding Swampcalla Shaman.';
  // Hits 6 6 6, wounds 6 6 6, saves 5 5 5, then damage dice.
  const dice = [6, 6, 6, 6, 6, 6, 5, 5, 5, 2, 2, 2];
  function fightOf(p1: RosterInput, p2: RosterInput, target: string, hero: ReturnType<typeof readAbility>[] = []) {
    let s = gameAtHero(p1, p2, port);
    for (const a of hero) s = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: a.name, targets: [target] }]).s;
    s = toPhase(s, port, 'combat');
    s = { ...s, diceScript: [...dice] };
    const r = play(s, port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    return r.events.find((e) => e.type === 'attacksResolved' && e.unitId === 'p1-hero') as unknown as { saveModifier: number; hitModifier: number; woundModifier?: number; saves: number[]; damage: number };
  }

  it('Ethereal: Rend 1 ignored for the Gutrippaz (saveModifier 0: 5 5 5 all save, no damage); not for the Shaman it excludes (-1: all fail)', () => {
    const plain = fightOf(roster('p1'), roster('p2'), 'p2-boyz');
    expect(plain).toMatchObject({ saveModifier: -1, saves: [5, 5, 5] });
    expect(plain.damage).toBeGreaterThan(0);
    const eth = fightOf(roster('p1'), roster('p2', [], [], [passiveOf('Ethereal', ETHEREAL)]), 'p2-boyz');
    expect(eth).toMatchObject({ saveModifier: 0, saves: [5, 5, 5], damage: 0 });
    const excluded = fightOf(roster('p1'), roster('p2', [], [], [passiveOf('Ethereal', ETHEREAL)]), 'p2-hero');
    expect(excluded).toMatchObject({ saveModifier: -1 });
    expect(excluded.damage).toBeGreaterThan(0);
  });

  it('Excommunication: the Gutrippaz\' +1 save ignored (saveModifier 1 - 1 = 0 without it, -1 with it)', () => {
    const plus = passiveOf('Shields', 'Add 1 to save rolls for this unit.');
    const excom = readAbility({ name: 'Excommunication', timing: heroPhase, declare: 'Pick a visible enemy unit within 18" of this unit to be the target.', effect: 'Until the start of your next turn, ignore positive modifiers to save rolls for the target.' }, KB);
    expect(fightOf(roster('p1'), roster('p2', [], [plus]), 'p2-boyz')).toMatchObject({ saveModifier: 0, damage: 0 });
    expect(fightOf(roster('p1', [excom]), roster('p2', [], [plus]), 'p2-boyz', [excom])).toMatchObject({ saveModifier: -1 });
  });

  it('Supreme Swordmaster: the Gutrippaz\' -1 to hit rolls for attacks that target them ignored (hitModifier -1 → 0)', () => {
    const dodge = passiveOf('Dodge', 'Subtract 1 from hit rolls for attacks that target this unit.');
    const sword = passiveOf('Supreme Swordmaster', "Ignore negative modifiers to hit rolls and wound rolls for this unit's attacks.");
    expect(fightOf(roster('p1'), roster('p2', [], [dodge]), 'p2-boyz')).toMatchObject({ hitModifier: -1 });
    expect(fightOf(roster('p1', [sword]), roster('p2', [], [dodge]), 'p2-boyz')).toMatchObject({ hitModifier: 0 });
  });

  it('Grim Justice: +1 hit and +1 wound with the Staff against the Shaman (a WIZARD), not against the Gutrippaz', () => {
    const grim = passiveOf('Grim Justice', "Add 1 to hit rolls and wound rolls for attacks made with this unit's Staff if the target is a Priest or a Wizard.");
    expect(fightOf(roster('p1', [grim]), roster('p2'), 'p2-hero')).toMatchObject({ hitModifier: 1, woundModifier: 1 });
    const boyz = fightOf(roster('p1', [grim]), roster('p2'), 'p2-boyz');
    expect(boyz.hitModifier).toBe(0);
    expect(boyz.woundModifier).toBeUndefined();
  });
});

describe('Mounting Dread (nh-001 battle trait): the battle round number off enemy control scores in combat with friendly K units', () => {
  const DREAD = 'Subtract the current battle round number from the control scores of enemy units while they are in combat with any friendly Kruleboyz units.';
  // p1's Gutrippaz in combat with p2's Gutrippaz (KRULEBOYZ); p1's Hobgrots in combat with p2's Hobgrots only (no KRULEBOYZ keyword).
  const port = tablePortAt({ 'p1-boyz': [14, 15], 'p2-boyz': [15.4, 15], 'p1-gits': [30, 30], 'p2-gits': [31.4, 30], 'p1-hero': [5, 40], 'p2-hero': [55, 5] });
  const dread = readAbility({ name: 'Mounting Dread', timing: passive, declare: '', effect: DREAD }, KB);

  it('round 1: -1 on p1\'s Gutrippaz, none on p1\'s Hobgrots nor on p2\'s own units; round 2: -2', () => {
    const s = gameAtHero(roster('p1'), roster('p2', [], [], [dread]), port);
    expect(modified(s, port, 'p1-boyz', 'control').add).toBe(-1);
    expect(modified(s, port, 'p1-gits', 'control').add).toBe(0);
    expect(modified(s, port, 'p2-boyz', 'control').add).toBe(0);
    expect(modified({ ...s, round: 2 }, port, 'p1-boyz', 'control').add).toBe(-2);
  });
});
