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
import { abilityStrike, abilityWard, modified } from '../abilities/passives';
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

/** Charnel Conviction (fec-001-ghb-kitchen-sink, Abhorrant Archregent; chanting value 4), the faction keyword swapped. */
function conviction(): Ability {
  const declare = 'Pick a friendly **^^Kruleboyz Priest^^** to chant this prayer, pick a\u00a0visible friendly **^^Kruleboyz^^**\u00a0unit wholly within 12" of them to be the\u00a0target, then make a chanting roll of D6.';
  const effect = 'Until the start of your next turn,\u00a0the target has **^^Ward (5+)^^**. If the chanting\u00a0roll was 10+, you can pick another eligible unit to be a second target.';
  const r = parseEffect({ declare, effect, timing: parseTiming('Your Hero Phase', false), knownKeywords: KNOWN });
  if (r.resolves === null) throw new Error(`not read: ${r.unparsed}`);
  return ability({ id: 'charnel-conviction', name: 'Charnel Conviction', source: 'prayer', timing: timing('Your Hero Phase', 'hero', 'your'), chantingValue: 4, keywords: ['PRAYER'], declare, effect, resolves: r.resolves, ...(r.picks ? { picks: r.picks } : {}) });
}

describe('Charnel Conviction: "If the chanting roll was 10+, you can pick another eligible unit to be a second target" (countAt)', () => {
  // The kit's shaman made a PRIEST (1) too, at (10, 20); its Gutrippaz at (14, 15). The Slittaz are not KRULEBOYZ, so the
  // second unit is the shaman itself (the pick is "a visible friendly Kruleboyz unit wholly within 12" of them").
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [14, 15] });
  function atChant(points: number, die: number): GameState {
    const r = roster('p1', [conviction()]);
    const priest = { ...r, units: r.units.map((u) => (u.id === 'p1-hero' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'PRIEST (1)'] } } : u)) };
    const s = gameAtHero(priest, roster('p2'), port, [die]);
    s.ritualPoints['p1-hero'] = points;
    return play(s, port, [{ type: 'chant', player: 'p1', unitId: 'p1-hero', prayer: 'charnel-conviction' }]).s;
  }
  it('6 + 4 ritual points = 10: both the Gutrippaz and the shaman get Ward (5+)', () => {
    const r = play(atChant(4, 6), port, [{ type: 'answerPrayer', player: 'p1', choice: 'answer', targets: ['p1-boyz', 'p1-hero'] }]);
    expect(r.events.find((e) => e.type === 'prayerAnswered')).toMatchObject({ total: 10 });
    expect(abilityWard(r.s, port, 'p1-boyz')).toBe(5);
    expect(abilityWard(r.s, port, 'p1-hero')).toBe(5);
  });
  it('6 + 3 = 9: a second unit is refused naming the roll needed; one unit is accepted', () => {
    const s = atChant(3, 6);
    expect(refused(s, port, { type: 'answerPrayer', player: 'p1', choice: 'answer', targets: ['p1-boyz', 'p1-hero'] })).toEqual({
      reason: 'Charnel Conviction: more than one unit only on a chanting roll of 10+ (the roll was 9)',
      rule: 'Charnel Conviction: Declare',
    });
    const r = play(s, port, [{ type: 'answerPrayer', player: 'p1', choice: 'answer', target: 'p1-boyz' }]);
    expect(abilityWard(r.s, port, 'p1-boyz')).toBe(5);
    expect(abilityWard(r.s, port, 'p1-hero')).toBeNull();
  });
  it('at 10, a third unit is refused; the Slittaz (not KRULEBOYZ) are refused as the second', () => {
    const s = atChant(4, 6);
    expect(refused(s, port, { type: 'answerPrayer', player: 'p1', choice: 'answer', targets: ['p1-boyz', 'p1-hero', 'p1-gits'] }).reason).toBe('Charnel Conviction picks 2 unit(s); 3 given');
    expect(refused(s, port, { type: 'answerPrayer', player: 'p1', choice: 'answer', targets: ['p1-boyz', 'p1-gits'] }).reason).toMatch(/^"p1-gits" is not KRULEBOYZ/);
  });
});

/** The Light of Truth (lrl-001-all-units, Teclis; CV 7), exactly as exported. */
const lightOfTruth = spell(
  'light-of-truth',
  'The Light of Truth',
  7,
  'Pick any number of different\u00a0visible enemy units within 18" of this unit\u00a0to be the targets, then make a casting roll\u00a0of 2D6.',
  'Inflict D3 mortal damage on each target.',
);

describe('The Light of Truth: "any number of" units in a spell (cast takes `targets`)', () => {
  // The caster at (10, 20); p2's Gutrippaz (Health 1) at (18, 20) and Slittaz (Health 1) at (18, 28), both within 18"; p2's shaman at (50, 20).
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p2-boyz': [18, 20], 'p2-gits': [18, 28] });
  it('cast on both (4 + 4 = 8 >= 7), D3 of 3 (die 6) and 2 (die 3): 3 Gutrippaz and 2 Slittaz slain', () => {
    const s = gameAtHero(roster('p1', [lightOfTruth]), roster('p2'), port, [4, 4, 6, 3]);
    const r = play(s, port, [{ type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'light-of-truth', target: 'p2-boyz', targets: ['p2-gits'] }, { type: 'pass', player: 'p2' }]);
    expect(r.s.units['p2-boyz'].slain).toHaveLength(3);
    expect(r.s.units['p2-gits'].slain).toHaveLength(2);
  });
  it('the shaman 40" away among the targets: refused with the Declare; the same unit twice: refused (Core 28.0)', () => {
    const s = gameAtHero(roster('p1', [lightOfTruth]), roster('p2'), port, [4, 4]);
    expect(refused(s, port, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'light-of-truth', target: 'p2-boyz', targets: ['p2-hero'] }).rule).toBe('The Light of Truth: Declare');
    expect(refused(s, port, { type: 'cast', player: 'p1', unitId: 'p1-hero', spell: 'light-of-truth', target: 'p2-boyz', targets: ['p2-boyz'] }).rule).toBe('Core 28.0');
  });
});

describe('Ethereal Translocation (nh, an army ability): "Pick a friendly Nighthaunt unit that is not in combat to use this ability"', () => {
  const declare = 'Pick a friendly **^^Kruleboyz^^** unit that is not in combat to use this ability.';
  const effect = 'Remove that unit from the battlefield and set it up again on the battlefield more than 9" from all enemy units.';
  const timingText = 'Once Per Turn (Army), Your Movement Phase';
  const r = parseEffect({ declare, effect, timing: parseTiming(timingText, false), knownKeywords: KNOWN });
  const translocation = ability({ id: 'ethereal-translocation', name: 'Ethereal Translocation', timing: parseTiming(timingText, false), declare, effect, picks: r.picks, resolves: r.resolves });
  // p1's shaman at (10, 20); its Gutrippaz at (14, 15); p2's Slittaz at (17, 15) (in combat with the Gutrippaz, as above); p2's others far.
  const port = tablePortAt(CLOSE);
  function atMovement(): GameState {
    const s = gameAtHero(roster('p1', [], [], [translocation]), roster('p2'), port);
    return play(s, port, [{ type: 'endPhase', player: 'p1' }]).s;
  }
  it('the Gutrippaz in combat cannot be picked: refused with the Declare', () => {
    expect(r.resolves).not.toBeNull();
    const s = atMovement();
    expect(s.phase).toBe('movement');
    expect(refused(s, port, { type: 'useAbility', player: 'p1', ability: 'ethereal-translocation', targets: ['p1-boyz'] })).toMatchObject({ rule: 'Ethereal Translocation: Declare' });
  });
  it('the shaman (not in combat) is set up again at (30, 40): 24.64" from the nearest Slittaz (17, 17.6), more than 9" from every enemy unit', () => {
    const s = atMovement();
    const moved = play(s, port, [{ type: 'useAbility', player: 'p1', ability: 'ethereal-translocation', targets: ['p1-hero'], positions: { 'p1-hero-m1': [30, 40] } }]).s;
    expect(moved.positions['p1-hero-m1']).toEqual([30, 40]);
    expect(moved.units['p1-hero'].turn.setUp).toBe(true);
  });
  it('set up at (25.5, 15), 8.5" - 1.26" = 7.24" from the Slittaz: refused (more than 9" from all enemy units)', () => {
    const s = atMovement();
    expect(refused(s, port, { type: 'useAbility', player: 'p1', ability: 'ethereal-translocation', targets: ['p1-hero'], positions: { 'p1-hero-m1': [25.5, 15] } }).reason).toMatch(/more than 9" from every enemy unit/);
  });
});
