/**
 * The Declare picks added in session 36, second pass (docs/abilities.md "Declare shapes added in
 * session 36, second pass") checked in play on the real table of the ability kit: each ability is
 * read by the parser from its real roster text, then used through the reducer. A pick that breaks
 * the Declare is refused with the ability's Declare as the rule.
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, readAbility, refused, roster, tablePortAt } from './abilityKit.test-helpers';
import type { GameState } from './state';
import { parseEffect } from '../abilities/parseEffect';
import { abilityStrike, abilityWard, modified } from '../abilities/passives';
import type { Ability } from '../abilities/schema';
import type { RosterInput } from './roster';
import { parseTiming } from '../abilities/parseTiming';
import { unitAbilityOptions } from '../../game/abilityOptions';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD (2)', 'STORMCAST ETERNALS'];

/** An ability as the importer reads it from its real texts (the timing as printed; used in p1's hero phase: the kit's). */
const read = (a: { id: string; name: string; declare: string; effect: string }) => readAbility({ ...a, timing: parseTiming('Your Hero Phase', false) }, KNOWN);

describe('Fissures In Reality (skv): "Pick each enemy unit in combat with this unit to be the targets"', () => {
  const fissures = read({
    id: 'fissures',
    name: 'Fissures In Reality',
    declare: 'Pick each enemy unit in combat with this unit to be the targets.',
    effect: 'Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.',
  });
  // The shaman (one 32 mm model) at (10, 20); p2's Gutrippaz from (12.5, 20) (1.24" apart, base edge to
  // base edge) and Slittaz from (10, 23) (1.74") are in combat with it; p2's shaman at (50, 20) is not.
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [30, 5], 'p2-boyz': [12.5, 20], 'p2-gits': [10, 23] });
  const s = gameAtHero(roster('p1', [fissures]), roster('p2'), port);
  it('naming only one of the two units in combat is refused, naming the one left out', () => {
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'fissures', targets: ['p2-boyz'] })).toEqual({
      reason: 'Fissures In Reality picks each unit that fits, and "p2-gits" is not picked: pick each enemy unit within 3" visible to this unit',
      rule: 'Fissures In Reality: Declare',
    });
  });
  it('a unit not in combat with it is refused', () => {
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'fissures', targets: ['p2-boyz', 'p2-hero'] }).reason).toMatch(/^"p2-hero" is not within 3" of "p1-hero"/);
  });
  it('without targets the engine picks both; D3 rolls 3 (scripted 6) and 1 (scripted 2): 3 Gutrippaz slain, no Slittaz', () => {
    const r = play({ ...s, diceScript: [6, 2] } as GameState, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'fissures' }]);
    const mortal = r.events.filter((e) => e.type === 'abilityMortal');
    expect(mortal).toHaveLength(2);
    expect(mortal[0]).toMatchObject({ unitId: 'p2-boyz', dice: [3], amount: 3 });
    expect(mortal[1]).toMatchObject({ unitId: 'p2-gits', dice: [1], amount: 0 });
    expect(r.s.units['p2-boyz'].slain).toHaveLength(3);
    expect(r.s.units['p2-gits'].slain).toHaveLength(0);
  });
  it('both named (any order) is accepted; the options offer one entry with both', () => {
    const r = play({ ...s, diceScript: [4, 4] } as GameState, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'fissures', targets: ['p2-gits', 'p2-boyz'] }]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(2);
    expect(r.s.units['p2-gits'].slain).toHaveLength(2);
    const entries = unitAbilityOptions(s, port, 'p1-hero').filter((o) => o.group === 'ability:fissures');
    expect(entries.map((o) => [o.available, o.action])).toEqual([[true, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'fissures', targets: ['p2-boyz', 'p2-gits'] }]]);
  });
  it('with no enemy unit in combat with it: refused, and the option says why', () => {
    const far = tablePortAt({ 'p1-hero': [10, 20] });
    const s2 = gameAtHero(roster('p1', [fissures]), roster('p2'), far);
    expect(refused(s2, far, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'fissures' })).toEqual({
      reason: 'Fissures In Reality: no unit can be picked: each enemy unit within 3" visible to this unit',
      rule: 'Fissures In Reality: Declare',
    });
  });
});

describe('Starlight Mantle (sce): "If this unit is in combat, pick each visible friendly Stormcast Eternals unit within its combat range"', () => {
  const mantle = read({
    id: 'mantle',
    name: 'Starlight Mantle',
    declare: 'If this unit is in combat, pick each visible friendly **^^Stormcast Eternals^^** unit within its combat range to be the targets.',
    effect: 'For the rest of the turn, the targets have **^^Ward (5+)^^** and this unit has **^^Strike-last^^**.',
  });
  // p1's shaman and Gutrippaz made STORMCAST ETERNALS; the Slittaz are not.
  const p1: RosterInput = (() => {
    const r = roster('p1', [mantle]);
    return { ...r, units: r.units.map((u) => (u.id !== 'p1-gits' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'STORMCAST ETERNALS'] } } : u)) };
  })();
  // The shaman at (10, 20); p1's Gutrippaz from (12.5, 18) (about 1.9" away), the Slittaz from (7.5, 20) (1.24"), p2's Slittaz from (10, 23).
  const inCombat = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [12.5, 18], 'p1-gits': [7.5, 20], 'p2-gits': [10, 23] });
  it('in combat: the engine picks the Stormcast Gutrippaz only (not the shaman itself, not the Slittaz); Ward (5+) on them, Strike-last on the shaman', () => {
    const s = gameAtHero(p1, roster('p2'), inCombat);
    const r = play(s, inCombat, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'mantle' }]);
    expect(abilityWard(r.s, inCombat, 'p1-boyz')).toBe(5);
    expect(abilityWard(r.s, inCombat, 'p1-hero')).toBeNull();
    expect(abilityWard(r.s, inCombat, 'p1-gits')).toBeNull();
    expect(abilityStrike(r.s, inCombat, 'p1-hero').last).toBe(true);
  });
  it('the unit using it named as a target is refused', () => {
    const s = gameAtHero(p1, roster('p2'), inCombat);
    expect(refused(s, inCombat, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'mantle', targets: ['p1-hero'] }).reason).toMatch(/^"p1-hero" is the unit using the ability: "each" picks the other units/);
  });
  it('not in combat (p2\'s Slittaz far away): refused with the Declare\'s condition', () => {
    const out = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [12.5, 18], 'p1-gits': [7.5, 20] });
    const s = gameAtHero(p1, roster('p2'), out);
    expect(refused(s, out, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'mantle' })).toEqual({
      reason: 'Starlight Mantle: no unit can be picked: each friendly STORMCAST ETERNALS unit within 3" visible to this unit',
      rule: 'Starlight Mantle: Declare',
    });
  });
});

describe('"Pick any number of different visible enemy units within 18" of this unit to be the targets" (anyNumber)', () => {
  const light = read({ id: 'light', name: 'Light', declare: 'Pick any number of different visible enemy units within 18" of this unit to be the targets.', effect: 'Inflict 1 mortal damage on each target.' });
  // From the shaman at (10, 20): p2's Gutrippaz from (20, 15) and Slittaz from (20, 30) within 18", p2's shaman at (50, 20) not.
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p2-boyz': [20, 15], 'p2-gits': [20, 30] });
  const s = gameAtHero(roster('p1', [light]), roster('p2'), port);
  it('two units within 18" both take the damage; one out of range among them refuses the whole use', () => {
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'light', targets: ['p2-boyz', 'p2-gits'] }]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(1);
    expect(r.s.units['p2-gits'].slain).toHaveLength(1);
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'light', targets: ['p2-boyz', 'p2-hero'] })).toMatchObject({ rule: 'Light: Declare' });
  });
  it('none named is refused (any number means at least one here); the same unit twice is refused (Core 28.0)', () => {
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'light' })).toEqual({ reason: 'Light: pick any number of different enemy units within 18" visible to this unit ("targets")', rule: 'Light: Declare' });
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'light', targets: ['p2-boyz', 'p2-boyz'] }).rule).toBe('Core 28.0');
  });
});

describe('Diversionary Assault (skv): "Pick a visible friendly Gutter Runners unit wholly within 13" of this unit" (warscroll name)', () => {
  // p1's Gutrippaz renamed Gutter Runners (the importer gives a unit its warscroll's name); the Slittaz are not.
  const p1 = (assault: Ability): RosterInput => {
    const r = roster('p1', [assault]);
    return { ...r, units: r.units.map((u) => (u.id === 'p1-boyz' ? { ...u, name: 'Gutter Runners' } : u)) };
  };
  const timing = parseTiming('Your Hero Phase', false);
  const p = parseEffect({ declare: 'Pick a visible friendly **Gutter Runners** unit wholly within\n13" of this unit to be the target.', effect: 'Add 2 to charge rolls for the target for the rest of the turn.', timing, knownKeywords: KNOWN, unitNames: ['Swampcalla Shaman', 'Gutter Runners', 'Hobgrot Slittaz'] });
  const assault = ability({ id: 'assault', name: 'Diversionary Assault', timing, declare: 'Pick a visible friendly Gutter Runners unit wholly within 13" of this unit to be the target.', effect: 'Add 2 to charge rolls for the target for the rest of the turn.', picks: p.picks, resolves: p.resolves });
  // The shaman at (10, 20); the Gutter Runners from (14, 15) and the Slittaz from (10, 26), both wholly within 13".
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [14, 15], 'p1-gits': [10, 26] });
  const s = gameAtHero(p1(assault), roster('p2'), port);
  it('the Slittaz (another warscroll) are refused naming the warscroll; the Gutter Runners are picked (+2 to charge rolls)', () => {
    expect(p.resolves).not.toBeNull();
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'assault', targets: ['p1-gits'] })).toEqual({
      reason: '"p1-gits" is not a Gutter Runners unit: pick a friendly Gutter Runners unit wholly within 13" visible to this unit',
      rule: 'Diversionary Assault: Declare',
    });
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'assault', targets: ['p1-boyz'] }]);
    expect(modified(r.s, port, 'p1-boyz', 'charge').add).toBe(2);
    expect(modified(r.s, port, 'p1-gits', 'charge').add).toBe(0);
  });
  it('p2\'s Gutrippaz (named Gutrippaz) are not Gutter Runners either: refused', () => {
    const near = tablePortAt({ 'p1-hero': [10, 20], 'p2-boyz': [16, 20] });
    const s2 = gameAtHero(p1(assault), roster('p2'), near);
    expect(refused(s2, near, { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'assault', targets: ['p2-boyz'] }).reason).toMatch(/^"p2-boyz" is not a friendly unit/);
  });
});

describe('an "each" pick in a spell: cast with no target, the engine picks every unit that fits', () => {
  const KNOWN_SPELL = { id: 'quake', name: 'Quake', source: 'spell' as const, castingValue: 5, keywords: ['SPELL'] };
  const timingHero = parseTiming('Your Hero Phase', false);
  const declare = 'Pick each enemy unit in combat with this unit to be the targets, then make a casting roll of 2D6.';
  const effect = 'Inflict 1 mortal damage on each target.';
  const p = parseEffect({ declare, effect, timing: timingHero, knownKeywords: KNOWN });
  const quake = ability({ ...KNOWN_SPELL, timing: timingHero, declare, effect, picks: p.picks, resolves: p.resolves });
  // As for Fissures In Reality: p2's Gutrippaz and Slittaz in combat with the shaman at (10, 20).
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [30, 5], 'p2-boyz': [12.5, 20], 'p2-gits': [10, 23] });
  const s = gameAtHero(roster('p1', [quake]), roster('p2'), port);
  it('the options offer one cast with no target; cast (2D6 of 12, p2 does not unbind) it slays one model of each', () => {
    expect(p.resolves).not.toBeNull();
    const offered = unitAbilityOptions(s, port, 'p1-hero').filter((o) => o.ability.name === 'Quake' && o.available);
    expect(offered.map((o) => o.action)).toEqual([{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'quake' }]);
    const r = play({ ...s, diceScript: [6, 6] } as GameState, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'quake' }, { type: 'pass', player: 'p2' }]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(1);
    expect(r.s.units['p2-gits'].slain).toHaveLength(1);
    expect(r.s.units['p2-hero'].slain ?? []).toHaveLength(0);
  });
  it('cast naming only one of them: refused with the Declare', () => {
    expect(refused(s, port, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'quake', target: 'p2-boyz' }).rule).toBe('Quake: Declare');
  });
});
