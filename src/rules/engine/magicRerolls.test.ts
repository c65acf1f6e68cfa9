/**
 * Re-rolls of casting and chanting rolls granted by an army's abilities (ABILITIES.md `reroll:
 * "cast" | "chant"`; Core 2.2: "Some rules allow you to re-roll a dice roll, which means you get to
 * roll some or all of the dice again. You cannot re-roll a dice more than once, and re-rolls happen
 * before modifiers"). The engine re-rolls for the player only a roll that fails: `failed` every die
 * of it, `ones` the dice showing 1. Dice are scripted (the game's dice script).
 */
import { describe, expect, it } from 'vitest';
import { KB, ability, gameAtHero, play, roster, tablePortAt, timing } from './abilityKit.test-helpers';
import type { Ability } from '../abilities/schema';
import type { RosterInput } from './roster';

const port = tablePortAt({ 'p2-hero': [30, 20], 'p2-boyz': [20, 15] });
const passive = (name: string, resolves: Ability['resolves']): Ability => ability({ name, timing: timing('Passive', 'passive', 'any'), effect: name, resolves });
const castReroll = (which: 'failed' | 'ones') => passive(`Arcane Focus (${which})`, [{ reroll: 'cast', which }]);
const cast = { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'choking-mist', target: 'p2-boyz' } as const;

describe('casting rolls re-rolled by an ability (Magic 2.0, Core 2.2)', () => {
  it('without the ability, 3 + 2 = 5 fails against casting value 7', () => {
    const s0 = gameAtHero(roster('p1', [], [], [KB.chokingMist]), roster('p2'), port, [3, 2, 4, 4]);
    const r = play(s0, port, [cast]);
    expect(r.events.find((e) => e.type === 'spellFailed')).toMatchObject({ roll: 5, castingValue: 7 });
    expect(r.events.some((e) => e.type === 'abilityReroll')).toBe(false);
  });

  it('"re-roll casting rolls": 3 + 2 fails, both dice are rolled again (4 + 4 = 8): the spell is cast', () => {
    const s0 = gameAtHero(roster('p1', [castReroll('failed')], [], [KB.chokingMist]), roster('p2'), port, [3, 2, 4, 4]);
    const r = play(s0, port, [cast]);
    expect(r.events.find((e) => e.type === 'abilityReroll')).toMatchObject({ unitId: 'p1-hero', roll: 'cast', which: 'failed', before: [3, 2], dice: [4, 4] });
    expect(r.s.pendingSpell).toMatchObject({ castingRoll: 8 });
    expect(r.s.log.filter((e) => e.kind === 'roll').map((e) => e.purpose)).toContain('cast:p1-hero:choking-mist:reroll');
  });

  it('"re-roll casting rolls of 1": 1 + 5 fails, only the 1 is rolled again (3 + 5 = 8)', () => {
    const s0 = gameAtHero(roster('p1', [castReroll('ones')], [], [KB.chokingMist]), roster('p2'), port, [1, 5, 3, 6]);
    const r = play(s0, port, [cast]);
    expect(r.events.find((e) => e.type === 'abilityReroll')).toMatchObject({ which: 'ones', before: [1, 5], dice: [3, 5] });
    expect(r.s.pendingSpell).toMatchObject({ castingRoll: 8 });
  });

  it('a roll that succeeds (4 + 4 = 8) is not re-rolled', () => {
    const s0 = gameAtHero(roster('p1', [castReroll('failed')], [], [KB.chokingMist]), roster('p2'), port, [4, 4, 1, 1]);
    const r = play(s0, port, [cast]);
    expect(r.events.some((e) => e.type === 'abilityReroll')).toBe(false);
    expect(r.s.pendingSpell).toMatchObject({ castingRoll: 8 });
  });
});

describe('chanting rolls re-rolled by an ability (Magic 3.0, Core 2.2)', () => {
  const prayer = ability({ id: 'bless', name: 'Bless', source: 'prayer', chantingValue: 4, timing: timing('Your Hero Phase', 'hero', 'your'), effect: 'Gain 1 command point.', resolves: [{ cp: 1 }] });
  /** The roster with its hero a PRIEST as well. */
  const priestly = (abilities: Ability[]): RosterInput => {
    const r = roster('p1', abilities, [], [prayer]) as { units: { warscroll: { keywords: string[] } }[] };
    r.units[0].warscroll.keywords.push('PRIEST (1)');
    return r as unknown as RosterInput;
  };
  const chant = { type: 'chant', player: 'p1', unitId: 'p1-hero', prayer: 'bless' } as const;

  it('without the ability, a chanting roll of 1 fails the prayer', () => {
    const r = play(gameAtHero(priestly([]), roster('p2'), port, [1, 5, 2]), port, [chant]);
    expect(r.events.find((e) => e.type === 'prayerFailed')).toMatchObject({ roll: 1 });
  });

  it('"re-roll chanting rolls": the 1 is rolled again (5): the chanting roll is 5', () => {
    const r = play(gameAtHero(priestly([passive('Devout', [{ reroll: 'chant', which: 'failed' }])]), roster('p2'), port, [1, 5, 2]), port, [chant]);
    expect(r.events.find((e) => e.type === 'abilityReroll')).toMatchObject({ roll: 'chant', before: [1], dice: [5] });
    expect(r.events.find((e) => e.type === 'chantingRoll')).toMatchObject({ unmodified: 5 });
    expect(r.events.some((e) => e.type === 'prayerFailed')).toBe(false);
  });
});
