/**
 * The Declare shapes added in session 37 (decl37; docs/abilities.md "Declare shapes added in session 37
 * (decl37)") in play on the ability kit's real table: each spell is read by the parser from its real
 * roster text (the faction keyword swapped for the kit's KRULEBOYZ), then cast through the reducer.
 * Results are computed by hand from the scripted dice and the placements.
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing } from './abilityKit.test-helpers';
import type { GameState } from './state';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { abilityStrike, modified } from '../abilities/passives';
import type { Ability } from '../abilities/schema';
import { unitAbilityOptions } from '../../game/abilityOptions';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD (2)'];

function spell(id: string, name: string, castingValue: number, declare: string, effect: string): Ability {
  const r = parseEffect({ declare, effect, timing: parseTiming('Your Hero Phase', false), knownKeywords: KNOWN });
  if (r.resolves === null) throw new Error(`${name} not read: ${r.unparsed}`);
  return ability({ id, name, source: 'spell', timing: timing('Your Hero Phase', 'hero', 'your'), castingValue, keywords: ['SPELL'], declare, effect, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
}

/** Elemental Push (lrl-001-all-units, CV 6), the faction keyword swapped. */
const push = spell(
  'elemental-push',
  'Elemental Push',
  6,
  'Pick a friendly **^^Kruleboyz Wizard^^** to cast this spell, pick a visible friendly **^^Kruleboyz^^** unit wholly within 12" of them that was not set up this turn to be the target, then make a casting roll of 2D6. Subtract 1 from the roll if the target is in combat.',
  'The target can move up to 5". It can pass through the combat ranges of enemy units but cannot end that move in combat.',
);

// The caster at (4, 20); p1's Gutrippaz (5 models, 32 mm) at x = 14, y = 15 ... 20.2: wholly within 12" of it
// (the farthest, (14, 15), is 11.18" centre to centre). p2's Slittaz at x = 17, y = 15 ... 17.6: 3" - 1.26"
// = 1.74" base to base from the Gutrippaz, so both are in combat; "far" leaves the Slittaz at (50, 35).
const CLOSE = { 'p1-hero': [4, 20], 'p1-boyz': [14, 15], 'p2-gits': [17, 15] } as Record<string, [number, number]>;
const FAR = { 'p1-hero': [4, 20], 'p1-boyz': [14, 15] } as Record<string, [number, number]>;
const boyzPaths = (dx: number, dy = 0): Record<string, [number, number][]> =>
  Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [[14 + dx, 15 + i * 1.3 + dy] as [number, number]]]));

describe('Elemental Push: "Subtract 1 from the roll if the target is in combat" (castModifier)', () => {
  it('the Gutrippaz in combat: 3 + 3 = 6, minus 1 = 5 < 6: the spell fails, and the modifier is logged with the ability', () => {
    const port = tablePortAt(CLOSE);
    const s = gameAtHero(roster('p1', [push]), roster('p2'), port, [3, 3]);
    const r = play(s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'elemental-push', target: 'p1-boyz' }]);
    expect(r.events.find((e) => e.type === 'castingRollModified')).toMatchObject({ name: 'Elemental Push', target: 'p1-boyz', by: -1, because: 'p1-boyz: in combat' });
    expect(r.events.find((e) => e.type === 'spellFailed')).toMatchObject({ roll: 5, castingValue: 6 });
  });
  it('the same dice on the caster itself (not in combat): 6, cast', () => {
    const port = tablePortAt(CLOSE);
    const s = gameAtHero(roster('p1', [push]), roster('p2'), port, [3, 3]);
    const r = play(s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'elemental-push', target: 'p1-hero' }]);
    expect(r.events.find((e) => e.type === 'castingRollModified')).toBeUndefined();
    expect(r.events.find((e) => e.type === 'spellCastRoll')).toMatchObject({ roll: 6, modifier: 0 });
  });
  it('the same dice with the Slittaz far away: 6, cast; the Gutrippaz may then move 5" as a Retreat moves', () => {
    const port = tablePortAt(FAR);
    const s = gameAtHero(roster('p1', [push]), roster('p2'), port, [3, 3]);
    const r = play(s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'elemental-push', target: 'p1-boyz' }, { type: 'pass', player: 'p2' }]);
    expect(r.events.find((e) => e.type === 'spellCastRoll')).toMatchObject({ roll: 6 });
    expect(r.s.units['p1-boyz'].turn.pendingMove).toMatchObject({ kind: 'ability', maxInches: 5, as: 'retreat' });
    expect(r.s.units['p1-boyz'].turn.usedRetreat).toBe(false);
  });
  it('a unit set up this turn cannot be picked: refused with the Declare, naming the condition', () => {
    const port = tablePortAt(FAR);
    const s = gameAtHero(roster('p1', [push]), roster('p2'), port, [3, 3]);
    s.units['p1-boyz'].turn.setUp = true;
    const no = refused(s, port, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'elemental-push', target: 'p1-boyz' });
    expect(no.rule).toBe('Elemental Push: Declare');
    expect(no.reason).toMatch(/^"p1-boyz" is not a unit not set up this turn/);
  });
  it('the move out of combat: 4" away from the Slittaz is accepted; 1" that ends still in combat is refused; 5.5" is refused', () => {
    const port = tablePortAt(CLOSE);
    // 5 + 4 = 9, minus 1 = 8 >= 6: cast.
    const s = gameAtHero(roster('p1', [push]), roster('p2'), port, [5, 4]);
    const r = play(s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'elemental-push', target: 'p1-boyz' }, { type: 'pass', player: 'p2' }]);
    expect(r.events.find((e) => e.type === 'spellCastRoll')).toMatchObject({ roll: 8, modifier: -1 });
    expect(refused(r.s, port, { type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: boyzPaths(0, -1) }).reason).toMatch(/would end within the combat range of enemy unit "p2-gits"/);
    expect(refused(r.s, port, { type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: boyzPaths(-5.5) }).reason).toMatch(/5\.50" but this move allows 5"/);
    const moved = play(r.s, port, [{ type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'ability', paths: boyzPaths(-4) }]).s;
    expect(moved.positions['p1-boyz-m1']).toEqual([10, 15]);
    expect(moved.units['p1-boyz'].turn.usedRetreat).toBe(false);
  });
});

/** Aethershock (sce-002-units-a, Domitan's Stormcoven; CV 7): a pick of any visible unit. Cast with 4 + 4 = 8. */
const shock = spell(
  'aethershock',
  'Aethershock',
  7,
  'Pick a visible unit within 12" of the caster to be the target, then make a casting roll of 2D6.',
  'If the target is a friendly unit, it has **^^Strike-first^^** for the rest of the turn. If the target is an enemy unit, it has **^^Strike-last^^** for the rest of the turn.',
);

describe('Aethershock: "Pick a visible unit" (anyUnit) and "If the target is a friendly / an enemy unit" (side)', () => {
  // The caster at (10, 20); p1's Gutrippaz at (14, 15); p2's Gutrippaz at (18, 20), 8" away; p2's shaman at (50, 20).
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [14, 15], 'p2-boyz': [18, 20] });
  it('the options offer friendly and enemy units alike, not the shaman 40" away', () => {
    const s = gameAtHero(roster('p1', [shock]), roster('p2'), port);
    const targets = unitAbilityOptions(s, port, 'p1-hero').filter((o) => o.ability.name === 'Aethershock' && o.available).map((o) => o.target);
    expect(targets).toContain('p1-boyz');
    expect(targets).toContain('p2-boyz');
    expect(targets).not.toContain('p2-hero');
  });
  it('on the friendly Gutrippaz: Strike-first, not Strike-last', () => {
    const s = gameAtHero(roster('p1', [shock]), roster('p2'), port, [4, 4]);
    const r = play(s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'aethershock', target: 'p1-boyz' }, { type: 'pass', player: 'p2' }]);
    expect(abilityStrike(r.s, port, 'p1-boyz')).toEqual({ first: true, last: false });
  });
  it('on the enemy Gutrippaz: Strike-last, not Strike-first', () => {
    const s = gameAtHero(roster('p1', [shock]), roster('p2'), port, [4, 4]);
    const r = play(s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'aethershock', target: 'p2-boyz' }, { type: 'pass', player: 'p2' }]);
    expect(abilityStrike(r.s, port, 'p2-boyz')).toEqual({ first: false, last: true });
  });
  it('the shaman 40" away is refused with the Declare', () => {
    const s = gameAtHero(roster('p1', [shock]), roster('p2'), port, [4, 4]) as GameState;
    expect(refused(s, port, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'aethershock', target: 'p2-hero' })).toMatchObject({ rule: 'Aethershock: Declare' });
  });
});

/** Atavistic Tempest (sce-002-units-a, Krondys, Son of Dracothion; CV 7), exactly as exported. */
const tempest = spell(
  'atavistic-tempest',
  'Atavistic Tempest',
  7,
  'Pick a visible enemy unit within 18" of the caster to be the target, then make a casting roll of 2D6.',
  "Pick 1 of the following effects to apply to the target until the start of your next turn:\n*Blinding Gales:* Subtract 1 from hit rolls for the target's attacks.\n*Meteor-hail:* Subtract 1 from the Rend characteristic of the target's weapons.\n*Flash-freezing Blizzard:* Subtract 1 from save rolls for the target.",
);

describe('Atavistic Tempest: "Pick 1 of the following effects" (a choice made when the spell is cast)', () => {
  // The caster at (10, 20); p2's Gutrippaz at (18, 20), 8" away and visible.
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p2-boyz': [18, 20] });
  it('the options offer each choice on each target (one group per choice, the choice in the action)', () => {
    const s = gameAtHero(roster('p1', [tempest]), roster('p2'), port);
    const boyz = unitAbilityOptions(s, port, 'p1-hero').filter((o) => o.ability.name === 'Atavistic Tempest' && o.available && o.target === 'p2-boyz');
    expect(boyz.map((o) => [o.group, o.action])).toEqual(
      ['Blinding Gales', 'Meteor-hail', 'Flash-freezing Blizzard'].map((ch) => [`ability:atavistic-tempest|${ch}`, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'atavistic-tempest', target: 'p2-boyz', choice: ch }]),
    );
    expect(boyz[2].label).toBe('Cast Atavistic Tempest: Flash-freezing Blizzard (casting value 7) → p2-boyz');
  });
  it('cast with "Flash-freezing Blizzard" (4 + 4 = 8): -1 to the target\'s save rolls only, until the start of p1\'s next turn', () => {
    const s = gameAtHero(roster('p1', [tempest]), roster('p2'), port, [4, 4]);
    const r = play(s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'atavistic-tempest', target: 'p2-boyz', choice: 'Flash-freezing Blizzard' }, { type: 'pass', player: 'p2' }]);
    expect(modified(r.s, port, 'p2-boyz', 'save').add).toBe(-1);
    expect(modified(r.s, port, 'p2-boyz', 'hit').add).toBe(0);
    expect(modified(r.s, port, 'p2-boyz', 'rend').add).toBe(0);
    expect(r.events.filter((e) => e.type === 'abilityEffect').map((e) => (e as unknown as { effect: { choice?: string } }).effect.choice)).toEqual(['Flash-freezing Blizzard']);
  });
  it('cast with no choice, or a choice it does not offer: refused with the Declare, listing the choices', () => {
    const s = gameAtHero(roster('p1', [tempest]), roster('p2'), port, [4, 4]);
    const no = refused(s, port, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'atavistic-tempest', target: 'p2-boyz' });
    expect(no).toEqual({ reason: 'Atavistic Tempest: pick one of "Blinding Gales", "Meteor-hail", "Flash-freezing Blizzard" ("choice")', rule: 'Atavistic Tempest: Declare' });
    expect(refused(s, port, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'atavistic-tempest', target: 'p2-boyz', choice: 'Hail' }).rule).toBe('Atavistic Tempest: Declare');
  });
});
