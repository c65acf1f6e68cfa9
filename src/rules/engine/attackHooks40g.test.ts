/**
 * Session 40 (sh40g; `abilities/parseAttack40g.ts`, `engine/ward40g.ts`, `engine/attackAbilities.ts` `damageTimes`):
 * doubled Damage (Master of Assassins, skv-001; The Prime Huntress, sce-002) and ward-roll modifiers (Relic Censer,
 * sce-002; Corrupting Influence, skv-001) read from the real texts, their fall-back twins, and in play on the kit's
 * table with scripted dice, each result computed by hand.
 *
 * Rules: Core 17.0 step 4 (the Damage characteristic inflicted), Core 27.0 (multiply after set, before add), Core 18.1
 * (a ward roll for each damage point; the roll equals or exceeds the ward value: the point is removed).
 */
import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { weaponAbilities } from './attackAbilities';
import { wardRollModifier } from './ward40g';
import { computeDamage } from '../damage';
import type { RosterInput } from './roster';
import type { Action, GameState } from './state';

const PASSIVE = timing('Passive', 'passive', 'any');
const KW = ['HERO', 'MONSTER', 'SKAVEN', 'STORMCAST ETERNALS', 'KRULEBOYZ', 'INFANTRY'];
const readPassive = (effect: string) => parseEffect({ declare: null, effect, timing: PASSIVE, knownKeywords: KW });
const MASTER = "Double the Damage characteristic of this unit's melee weapons for attacks that target an enemy Hero.";
const PRIME = "Double the Damage characteristic of this unit's Thengavar for attacks that target Monsters.";
const CORRUPTING = 'Subtract 1 from ward rolls for enemy units while they are within 13" of this unit.';
const CENSER_T = timing('Your Shooting Phase', 'shooting', 'your');
const CENSER_D = 'Pick an enemy unit within 12" of this unit to be the target.';
const CENSER = 'Roll a dice. On a 2+, subtract 1 from ward rolls made by the target for the rest of the turn.';

describe('doubled Damage and ward-roll modifiers, read (real texts)', () => {
  it('Master of Assassins and The Prime Huntress: {double: "damage"} on this unit, by range or named weapon, against the keyword', () => {
    expect(readPassive(MASTER).resolves).toEqual([{ double: 'damage', attacks: 'melee', against: ['HERO'], targets: 'self' }]);
    expect(readPassive(PRIME).resolves).toEqual([{ double: 'damage', weapon: 'Thengavar', against: ['MONSTER'], targets: 'self' }]);
  });

  it('Corrupting Influence: an aura on enemy units within 13"; Relic Censer: on the target for the rest of the turn, on a 2+', () => {
    expect(readPassive(CORRUPTING).resolves).toEqual([{ modify: 'ward', by: -1, targets: 'enemy', while: { within: 13, of: 'self' } }]);
    const censer = parseEffect({ declare: CENSER_D, effect: CENSER, timing: CENSER_T, knownKeywords: KW });
    expect(censer.resolves).toEqual([{ modify: 'ward', by: -1, targets: 'targets', duration: 'turn', if: { roll: '2+' } }]);
    expect(censer.picks).toEqual([{ kind: 'enemyUnit', within: 12 }]);
  });

  it('fall-back twins stay by hand: a target that is no keyword, a condition after the keyword, several weapons, an aura of another unit, a second condition', () => {
    expect(readPassive(MASTER.replace('an enemy Hero', 'an enemy unit that has 5 or more models')).resolves).toBeNull();
    expect(readPassive(MASTER.replace('.', ' if this unit charged this turn.')).resolves).toBeNull();
    expect(readPassive(PRIME.replace('Thengavar', 'Thengavar and Talons')).resolves).toBeNull();
    expect(readPassive(PRIME.replace('Monsters', 'enemy units')).resolves).toBeNull();
    expect(readPassive(CORRUPTING.replace('this unit', 'a friendly Clanrats unit')).resolves).toBeNull();
    expect(readPassive(CORRUPTING.replace('.', ' and contesting an objective.')).resolves).toBeNull();
    expect(readPassive(CORRUPTING.replace('within 13" of this unit', 'this unit is damaged')).resolves).toBeNull();
  });
});

/** p2's Shaman and Gutrippaz given WARD (5+) (Core 18.1), the Hobgrots too. */
const warded = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => ({ ...u, warscroll: { ...u.warscroll, ward: 5 } })) });
// p1's Gutrippaz (Bow 18") at (10, 15), p1's Shaman at (10, 10); p2's Gutrippaz at (20, 10) (within 13" of p1's Shaman),
// p2's Shaman at (22, 22), p2's Hobgrots at (40, 10) (more than 13" away).
const port = tablePortAt({ 'p1-hero': [10, 10], 'p1-boyz': [10, 15], 'p1-gits': [2, 40], 'p2-boyz': [20, 10], 'p2-hero': [22, 22], 'p2-gits': [40, 10] });
const atShooting = (p1: RosterInput, p2: RosterInput = roster('p2')): GameState => toPhase(gameAtHero(p1, p2, port), port, 'shooting');
const shoot = (s: GameState, dice: number[], target: string) =>
  play({ ...s, diceScript: dice } as GameState, port, [{ type: 'shoot', player: 'p1', unitId: 'p1-boyz', target }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);

describe('doubled Damage in the attack sequence (Core 17.0 step 4, Core 27.0)', () => {
  // The Prime Huntress's shape with the kit's Bow and Heroes ("Double the Damage characteristic of this unit's Bow for attacks that target an enemy Hero").
  const huntress = readAbility({ name: 'The Prime Huntress', timing: PASSIVE, declare: null as unknown as string, effect: PRIME.replace('Thengavar', 'Bow').replace('Monsters', 'an enemy Hero') }, KW);
  const master = readAbility({ name: 'Master of Assassins', timing: PASSIVE, declare: null as unknown as string, effect: MASTER }, KW);

  it('the Bow at p2\'s Shaman (HERO): hits 4 1 1 1 1, wound 4, save 1 → 1 × 2 = 2 damage points on the Shaman (Health 5)', () => {
    const r = shoot(atShooting(roster('p1', [], [huntress])), [4, 1, 1, 1, 1, 4, 1], 'p2-hero');
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ hits: [4, 1, 1, 1, 1], wounds: [4], saves: [1], damage: 2 });
    expect(r.s.units['p2-hero'].damage).toBe(2);
  });

  it('the same dice at p2\'s Gutrippaz (no HERO): 1 damage point, 1 model slain; Master of Assassins (melee weapons) leaves the Bow at 1 against the Shaman', () => {
    const boyz = shoot(atShooting(roster('p1', [], [huntress])), [4, 1, 1, 1, 1, 4, 1], 'p2-boyz');
    expect(boyz.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ damage: 1 });
    expect(boyz.s.units['p2-boyz'].slain).toHaveLength(1);
    const melee = shoot(atShooting(roster('p1', [], [master])), [4, 1, 1, 1, 1, 4, 1], 'p2-hero');
    expect(melee.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ damage: 1 });
    expect(melee.s.units['p2-hero'].damage).toBe(1);
  });

  it('the modifiers the Play panel reads: ×2 for the melee Wicked Hacka against the Shaman, none against the Hobgrots nor for the Bow', () => {
    const s = atShooting(roster('p1', [], [master]));
    const [hacka, bow] = roster('p1').units.find((u) => u.id === 'p1-boyz')!.weapons;
    expect(weaponAbilities(s, port, 'p1-boyz', 'p2-hero', hacka).damageTimes).toBe(2);
    expect(weaponAbilities(s, port, 'p1-boyz', 'p2-gits', hacka).damageTimes).toBeUndefined();
    expect(weaponAbilities(s, port, 'p1-boyz', 'p2-hero', bow).damageTimes).toBeUndefined();
  });
});

describe('the expected damage with damageTimes (the Play panel, `damageProfile.ts`)', () => {
  it('1 attack, hit 4+, wound 4+, no save, Damage D3 (mean 2): 1/4 × 2 = 0.5; doubled: 1/4 × 4 = 1; doubled then +1 (Core 27.0): 1/4 × 5 = 1.25', () => {
    const d3 = { models: 1, weapon: { attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 'D3' } };
    const target = { save: '-', health: 10 };
    expect(computeDamage(d3, target).value).toBeCloseTo(0.5, 12);
    expect(computeDamage(d3, target, { damageTimes: 2 }).value).toBeCloseTo(1, 12);
    expect(computeDamage(d3, target, { damageTimes: 2, damageAdd: 1 }).value).toBeCloseTo(1.25, 12);
  });
});

describe('ward-roll modifiers in the damage sequence (Core 18.1)', () => {
  const censer = readAbility({ name: 'Relic Censer', timing: CENSER_T, declare: CENSER_D, effect: CENSER }, KW);
  const corrupting = readAbility({ name: 'Corrupting Influence', timing: PASSIVE, declare: null as unknown as string, effect: CORRUPTING }, KW);
  const use: Action = { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Relic Censer', targets: ['p2-boyz'] };
  /** The Bows at p2's Gutrippaz (WARD 5+): hits 4 4 1 1 1, wounds 4 4, saves 1 1 → 2 damage points; ward rolls 5 6. */
  const BOWS = [4, 4, 1, 1, 1, 4, 4, 1, 1, 5, 6];

  it('without a modifier the ward rolls 5 and 6 remove both points: no model slain', () => {
    const r = shoot(atShooting(roster('p1'), warded(roster('p2'))), BOWS, 'p2-boyz');
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ pool: 2, ward: 5, wardDice: [5, 6], allocated: 0 });
    expect(r.s.units['p2-boyz'].slain).toHaveLength(0);
  });

  it('Relic Censer, a 2: -1 → 5 - 1 = 4 fails, 6 - 1 = 5 saves: 1 point, 1 model slain; a 1: no modifier', () => {
    const s = atShooting(roster('p1', [censer]), warded(roster('p2')));
    const used = play({ ...s, diceScript: [2] } as GameState, port, [use]).s;
    expect(wardRollModifier(used, port, 'p2-boyz').by).toBe(-1);
    expect(wardRollModifier(used, port, 'p2-gits').by).toBe(0);
    const r = shoot(used, BOWS, 'p2-boyz');
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ pool: 2, ward: 5, wardDice: [5, 6], wardModifier: -1, allocated: 1 });
    expect(r.s.units['p2-boyz'].slain).toHaveLength(1);
    const failed = play({ ...s, diceScript: [1] } as GameState, port, [use]).s;
    expect(wardRollModifier(failed, port, 'p2-boyz').by).toBe(0);
  });

  it('Corrupting Influence on p1\'s Shaman: p2\'s Gutrippaz (within 13") -1, 1 model slain by the same dice; p2\'s Hobgrots (beyond 13") none', () => {
    const s = atShooting(roster('p1', [corrupting]), warded(roster('p2')));
    expect(wardRollModifier(s, port, 'p2-boyz').by).toBe(-1);
    expect(wardRollModifier(s, port, 'p2-gits').by).toBe(0);
    expect(wardRollModifier(s, port, 'p1-boyz').by).toBe(0);
    const r = shoot(s, BOWS, 'p2-boyz');
    expect(r.events.find((e) => e.type === 'damageResolved')).toMatchObject({ wardDice: [5, 6], wardModifier: -1, allocated: 1 });
    expect(r.s.units['p2-boyz'].slain).toHaveLength(1);
  });
});
