/**
 * The effect vocabulary's extensions of session 35 (docs/abilities.md) applied in play: named
 * weapons and the "damaged" condition (Battle Damaged), modifiers to the rolls of attacks that target
 * a unit (`incoming`), weapon abilities gained, critical hits on 5+ and "if the casting roll was N+"
 * (`castRoll`). Each with a known answer from
 * scripted dice on the real table of the ability kit.
 */

import { describe, expect, it } from 'vitest';
import { KB, ability, gameAtHero, play, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { modified } from '../abilities/passives';
import type { AbilityEffect } from '../abilities/schema';
import type { GameState } from './state';

const passive = (name: string, resolves: AbilityEffect[]) => ability({ name, timing: timing('Passive', 'passive', 'any'), effect: name, resolves });

describe('named weapons and the damaged condition (Battle Damaged)', () => {
  // The shaman (Staff: 3 attacks, hit 4+) in combat with p2's Gutrippaz.
  const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-boyz': [31.5, 15] });
  const damaged = passive('Battle Damaged', [
    { set: 'attacks', to: 1, weapon: 'Staff', targets: 'self', while: { damaged: 3, unit: 'self' } },
    { set: 'control', to: 10, targets: 'self', while: { damaged: 3, unit: 'self' } },
  ]);
  function fight(s: GameState) {
    const f = play(toPhase(s, port, 'combat'), port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    return f.events.find((e) => e.type === 'attacksResolved') as { attacks: number; abilities?: string[] } | undefined;
  }
  it('under 3 damage points the Staff keeps its 3 attacks; with 3 it has 1 ("the Attacks characteristic of its Staff is 1")', () => {
    const s0 = gameAtHero(roster('p1', [damaged]), roster('p2'), port);
    expect(fight({ ...s0, units: { ...s0.units, 'p1-hero': { ...s0.units['p1-hero'], damage: 2 } } })?.attacks).toBe(3);
    const hurt = { ...s0, units: { ...s0.units, 'p1-hero': { ...s0.units['p1-hero'], damage: 3 } } };
    expect(fight(hurt)).toMatchObject({ attacks: 1, abilities: ['Battle Damaged (warscroll)'] });
    // The Control characteristic of 10 under the same condition (Core 32.2 control scores).
    expect(modified(hurt, port, 'p1-hero', 'control').set).toBe(10);
    expect(modified(s0, port, 'p1-hero', 'control').set).toBeUndefined();
  });
  it('an effect on a weapon the attack is not made with does not apply; outside an attack (no weapon) neither', () => {
    const other = passive('Other weapon', [{ modify: 'attacks', by: 2, weapon: 'Wicked Hacka', targets: 'self' }]);
    const s0 = gameAtHero(roster('p1', [other]), roster('p2'), port);
    expect(fight(s0)?.attacks).toBe(3);
    expect(modified(s0, port, 'p1-hero', 'attacks').add).toBe(0);
    expect(modified(s0, port, 'p1-hero', 'attacks', { weaponName: 'wicked hacka' }).add).toBe(2);
  });
});

describe('incoming modifiers, weapon abilities gained, critical hits on 5+', () => {
  const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-boyz': [31.5, 15] });
  function fight(s: GameState, dice: number[]) {
    const f = play({ ...toPhase(s, port, 'combat'), diceScript: dice } as GameState, port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    return f.events.find((e) => e.type === 'attacksResolved') as unknown as { hitModifier: number; hits: number[]; wounds: number[]; mortal: number; abilities?: string[] };
  }
  it('"Subtract 1 from hit rolls for attacks that target this unit" on the target: the attacker\'s hit modifier is -1; a shooting-only one does not change a combat attack', () => {
    const fumes = passive('Fumes', [{ modify: 'hit', by: -1, attacks: 'all', incoming: true, targets: 'self' }]);
    const shootingOnly = passive('Shooting fumes', [{ modify: 'hit', by: -1, attacks: 'ranged', incoming: true, targets: 'self' }]);
    expect(fight(gameAtHero(roster('p1'), roster('p2', [], [fumes]), port), [4, 4, 4])).toMatchObject({ hitModifier: -1, abilities: ['Fumes (warscroll)'] });
    expect(fight(gameAtHero(roster('p1'), roster('p2', [], [shootingOnly]), port), [4, 4, 4]).hitModifier).toBe(0);
    // An incoming modifier is not the unit's own: its own attacks are not changed.
    const mine = gameAtHero(roster('p1', [fumes]), roster('p2'), port);
    expect(modified(mine, port, 'p1-hero', 'hit').add).toBe(0);
  });
  it('Crit (Mortal) gained and critical hits on 5+: an unmodified 5 is a critical hit that inflicts mortal damage (no wound roll)', () => {
    const crit = passive('Crit', [{ weaponAbility: 'crit-mortal', attacks: 'melee', targets: 'self' }, { critOn: 5, attacks: 'melee', targets: 'self' }]);
    // Staff: 3 attacks, hit 4+; hits 5, 2, 2. Without the ability the 5 is an ordinary hit and is rolled to wound.
    const plain = fight(gameAtHero(roster('p1'), roster('p2'), port), [5, 2, 2, 4, 1]);
    expect(plain).toMatchObject({ hits: [5, 2, 2], mortal: 0 });
    expect(plain.wounds.length).toBe(1);
    const r = fight(gameAtHero(roster('p1', [crit]), roster('p2'), port), [5, 2, 2, 2]);
    expect(r.wounds).toEqual([]);
    expect(r.mortal).toBeGreaterThan(0);
    expect(r.abilities).toEqual(['Crit (warscroll)']);
    // Only melee: a ranged-only grant does not change it.
    const ranged = passive('Ranged crit', [{ critOn: 5, attacks: 'ranged', targets: 'self' }]);
    expect(fight(gameAtHero(roster('p1', [ranged]), roster('p2'), port), [5, 2, 2, 4, 1]).wounds.length).toBe(1);
  });
});

describe('"if the casting roll was N+" (castRoll): checked with the roll the spell was cast with', () => {
  const port = tablePortAt({ 'p2-hero': [30, 20], 'p2-boyz': [20, 15] });
  // Choking Mist's shape (CV 7) with a second clause "In addition, if the casting roll was 10+, subtract 1 from hit rolls for the target's attacks ...".
  const mist = { ...KB.chokingMist, resolves: [...KB.chokingMist.resolves!, { modify: 'hit', by: -1, attacks: 'all', targets: 'targets', duration: 'nextTurnStart', if: { castRoll: 10 } } as AbilityEffect] };
  const cast = (dice: number[]) =>
    play(gameAtHero(roster('p1', [], [], [mist]), roster('p2'), port, dice), port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-boyz' }, { type: 'pass', player: 'p2' }]);
  it('cast with 4+4 = 8: the first clause applies, the 10+ clause is skipped (logged with the roll)', () => {
    const r = cast([4, 4]);
    expect(modified(r.s, port, 'p2-boyz', 'attacks').add).toBe(-1);
    expect(modified(r.s, port, 'p2-boyz', 'hit').add).toBe(0);
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-boyz', why: 'the roll was 8, needed 10+' });
  });
  it('cast with 5+5 = 10: both clauses apply', () => {
    const r = cast([5, 5]);
    expect(modified(r.s, port, 'p2-boyz', 'attacks').add).toBe(-1);
    expect(modified(r.s, port, 'p2-boyz', 'hit').add).toBe(-1);
  });
});
