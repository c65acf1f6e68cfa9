/**
 * The dirty trick roll (session 41, sh41a; `abilities/parseDirtyTricks41a.ts`, `engine/dirtyTricks41a.ts`): the
 * Kruleboyz battle trait Dirty Tricks, Noisy Racket and Sinister Stare (kb-001) read from their real texts and played
 * on a real `worldPort` (60" x 44" table; the Skaregob Totem a 6" x 4" x 3" box, x 27-33, y 8-12; a second one at y 16-20). Dice scripted;
 * distances computed by hand from the box's edges and the 32 mm (1.26") bases (R = 0.63").
 */

import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { parseTiming } from '../abilities/parseTiming';
import { readAbility, roster, gameAtHero, play, refused, toPhase, DEFAULT_PLACEMENT, type Placement } from './abilityKit.test-helpers';
import { worldPort } from './worldPort';
import { aliveModels } from './core';
import type { GeometryPort } from './geometryPort';
import type { Ability } from '../abilities/schema';
import type { RosterInput } from './roster';
import type { GameState } from './state';

const R = 32 / 25.4 / 2;
const COUNTS: Record<string, number> = { hero: 1, boyz: 5, gits: 3 };
const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD'];
const BOX = { center: [30, 10] as [number, number], size: [6, 4, 3] as [number, number, number] };

function portWith(place: Placement, features: string[] = []): GeometryPort {
  const units = Object.entries({ ...DEFAULT_PLACEMENT, ...place }).map(([id, at]) => ({
    id,
    army: id.slice(0, 2),
    models: Array.from({ length: COUNTS[id.split('-')[1]] }, (_, i) => ({ id: `${id}-m${i + 1}`, base: { round: 32 }, pos: [at[0], at[1] + i * 1.3] as [number, number], height: 1.2 })),
  }));
  const terrain = features.map((id, i) => ({ id, type: 'obstacle' as const, abilities: ['cover' as const], boxes: [{ ...BOX, center: [BOX.center[0], BOX.center[1] + i * 8] as [number, number] }] }));
  return worldPort(makeWorld({ units, terrain }));
}

/** Real texts (kb-001-all-units). */
const TEXT = {
  rule: 'The effect of a **^^Dirty Trick^^** ability is only applied if you make a successful dirty trick roll. The success of a dirty trick roll depends on the number of **^^Dirty Trick^^** abilities your army has already used this battle round:\nFirst: 2+\nSecond: 3+\nThird: 4+\nFourth or subsequent: 5+',
  racketDeclare: 'Pick an enemy unit in combat with any friendly **^^Kruleboyz^^** units to be the target, then make a dirty trick roll.',
  racketEffect: 'The target has Strike-last for the rest of the turn.',
  venomDeclare: 'Pick a friendly **^^Kruleboyz Infantry^^** unit to be the target, then make a dirty trick roll.',
  venomEffect: "Until the start of your next turn, the target's attacks score critical hits on unmodified hit rolls of 5+.",
  stare: 'Add 1 to dirty trick rolls for friendly **^^Kruleboyz^^** units wholly within 12" of this terrain feature or for enemy units within 12" of this terrain feature. If this terrain feature has a Shouty Boss, add 1 to dirty trick rolls for friendly **^^Kruleboyz^^** units wholly within 18" of this terrain feature instead of wholly within 12" or for enemy units within 18" of this terrain feature instead of within 12".',
};
const PASSIVE = parseTiming('Passive', true);
const COMBAT = parseTiming('Once Per Turn (Army), Any Combat Phase');
const HERO = parseTiming('Once Per Turn (Army), Any Hero Phase');

const rule = readAbility({ id: 'army:dirty-tricks', name: 'Dirty Tricks', source: 'battleTrait', timing: PASSIVE, declare: '', effect: TEXT.rule }, KNOWN);
const racket = readAbility({ id: 'army:noisy-racket', name: 'Noisy Racket', source: 'battleTrait', keywords: ['DIRTY TRICK'], timing: COMBAT, declare: TEXT.racketDeclare, effect: TEXT.racketEffect }, KNOWN);
/** Venom-encrusted Weapons stays by hand (a browser test's example): a Dirty Trick ability used by hand still counts. */
const venom: Ability = { id: 'army:venom-encrusted-weapons', name: 'Venom-encrusted Weapons', source: 'battleTrait', keywords: ['DIRTY TRICK'], timing: HERO, declare: TEXT.venomDeclare, effect: TEXT.venomEffect, resolves: null };
/** A twin with a friendly pick (the shape of Venom's Declare) to measure Sinister Stare's friendly branch: Ward (6+). */
const trick = readAbility({ id: 'army:ward-trick', name: 'Ward Trick', source: 'battleTrait', keywords: ['DIRTY TRICK'], timing: HERO, declare: 'Pick a friendly unit to be the target, then make a dirty trick roll.', effect: 'The target has Ward (6+) for the rest of the turn.' }, KNOWN);
const stare = (feature: string) => ({ ...readAbility({ name: 'Sinister Stare', source: 'warscroll', timing: PASSIVE, declare: '', effect: TEXT.stare }, KNOWN), id: `${feature}:sinister-stare`, declare: null });

function p1With(army: Ability[], features: string[] = []): RosterInput {
  return { ...roster('p1', [], [], army), ...(features.length ? { factionTerrain: features.map((id) => ({ id, name: 'Skaregob Totem' })) } : {}) };
}

// p2's gits 1" from p1's boyz (in combat): x 14 + 2R + 1 = 16.26; p1's gits 1" from p2's boyz (46 - 2R - 1 = 43.74).
const FIGHT: Placement = { 'p2-gits': [14 + 2 * R + 1, 15], 'p1-gits': [46 - 2 * R - 1, 15] };
const strikeLast = (s: GameState, unit: string) => (s.abilities?.active ?? []).some((a) => 'strike' in a.effect && a.effect.strike === 'last' && a.units.includes(unit));
const rollEvent = (events: { type: string }[]) => events.find((e) => e.type === 'dirtyTrickRoll');

describe('reading (real texts)', () => {
  it('Dirty Tricks → the table; Noisy Racket → the roll first, then Strike-last; the pick is an enemy in combat with a KRULEBOYZ unit', () => {
    expect(rule.resolves).toEqual([{ dirtyTrickRule41a: [2, 3, 4, 5] }]);
    expect(racket.resolves).toEqual([{ dirtyTrickRoll41a: true }, { strike: 'last', targets: 'targets', duration: 'turn' }]);
    expect(racket.picks).toEqual([{ kind: 'enemyUnit', cond: { inCombatWithFoe: 'KRULEBOYZ' } }]);
    expect(stare('skaregob-totem').resolves).toEqual([{ dirtyTrickPlus41a: { by: 1, keyword: 'KRULEBOYZ', within: 12, shoutyBossWithin: 18 } }]);
  });
});

describe('the dirty trick roll on the table', () => {
  const port = portWith(FIGHT);
  const atCombat = (army: Ability[], dice: number[], p = port, features: string[] = []) => toPhase(gameAtHero(p1With(army, features), roster('p2'), p, dice), p, 'combat');

  it('the first Dirty Trick of the round: a 2 succeeds (2+), p2\'s gits have Strike-last', () => {
    const r = play(atCombat([rule, racket], [2]), port, [{ type: 'useAbility', player: 'p1', ability: 'army:noisy-racket', target: 'p2-gits' }]);
    expect(rollEvent(r.events)).toMatchObject({ roll: 2, modifier: 0, needed: 2, already: 0, success: true });
    expect(strikeLast(r.s, 'p2-gits')).toBe(true);
  });
  it('a 1 fails: no Strike-last, the reason logged', () => {
    const r = play(atCombat([rule, racket], [1]), port, [{ type: 'useAbility', player: 'p1', ability: 'army:noisy-racket', target: 'p2-gits' }]);
    expect(rollEvent(r.events)).toMatchObject({ roll: 1, needed: 2, success: false });
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-gits', why: 'dirty trick roll 1, needed 2+ (the 1st Dirty Trick ability this battle round)' });
    expect(strikeLast(r.s, 'p2-gits')).toBe(false);
  });
  it('after Venom-encrusted Weapons (by hand) in the hero phase, Noisy Racket is the 2nd: a 2 fails, a 3 succeeds', () => {
    for (const [face, ok] of [[2, false], [3, true]] as const) {
      const hero = play(gameAtHero(p1With([rule, racket, venom]), roster('p2'), port, [face]), port, [{ type: 'useAbility', player: 'p1', ability: 'army:venom-encrusted-weapons', target: 'p1-boyz' }]);
      expect(hero.events.some((e) => e.type === 'abilityAwaitsByHand')).toBe(true);
      const r = play(toPhase(hero.s, port, 'combat'), port, [{ type: 'useAbility', player: 'p1', ability: 'army:noisy-racket', target: 'p2-gits' }]);
      expect(rollEvent(r.events)).toMatchObject({ roll: face, needed: 3, already: 1, success: ok });
      expect(strikeLast(r.s, 'p2-gits')).toBe(ok);
    }
  });
  it('refused: an enemy unit in combat with no KRULEBOYZ unit (p2\'s boyz fight p1\'s gits only); an enemy not in combat', () => {
    const s = atCombat([rule, racket], []);
    expect(refused(s, port, { type: 'useAbility', player: 'p1', ability: 'army:noisy-racket', target: 'p2-boyz' })).toEqual({ reason: '"p2-boyz" is not a unit in combat with a KRULEBOYZ foe: pick an enemy unit in combat with a KRULEBOYZ foe', rule: 'Noisy Racket: Declare' });
    expect(refused(s, port, { type: 'useAbility', player: 'p1', ability: 'army:noisy-racket', target: 'p2-hero' }).rule).toBe('Noisy Racket: Declare');
  });
  it('no Dirty Tricks trait in the army: the ability is resolved by hand', () => {
    const r = play(atCombat([racket], []), port, [{ type: 'useAbility', player: 'p1', ability: 'army:noisy-racket', target: 'p2-gits' }]);
    expect(rollEvent(r.events)).toBeUndefined();
    expect(r.events.some((e) => e.type === 'abilityAwaitsByHand')).toBe(true);
  });
});

describe('Sinister Stare (+1 near the Skaregob Totem)', () => {
  // p2's gits at (16.26, 15): the box's corner (27, 12) is hypot(10.74, 3) - R = 10.52" from the nearest model: within 12".
  const near = portWith(FIGHT, ['skaregob-totem']);
  // The fight 6" to the left: p1's boyz at (8, 15), p2's gits at (10.26, 15): hypot(16.74, 3) - R = 16.38": within 18", not 12".
  const farPlace: Placement = { ...FIGHT, 'p1-boyz': [8, 15], 'p2-gits': [8 + 2 * R + 1, 15] };
  const far = portWith(farPlace, ['skaregob-totem']);
  const use = (s: GameState, p: GeometryPort) => play(s, p, [{ type: 'useAbility', player: 'p1', ability: 'army:noisy-racket', target: 'p2-gits' }]);
  const game = (p: GeometryPort, dice: number[], features = ['skaregob-totem']) => toPhase(gameAtHero(p1With([rule, racket, ...features.map(stare)], features), roster('p2'), p, dice), p, 'combat');

  it('an enemy target 10.52" from the feature: a 1 + 1 = 2 succeeds', () => {
    expect(near.distance('p2-gits', 'skaregob-totem')).toBeCloseTo(Math.hypot(27 - (14 + 2 * R + 1), 3) - R, 2);
    const r = use(game(near, [1]), near);
    expect(rollEvent(r.events)).toMatchObject({ roll: 1, modifier: 1, rules: ['Sinister Stare'], success: true });
    expect(strikeLast(r.s, 'p2-gits')).toBe(true);
  });
  it('two totems with the target in reach of both: still +1 (Core 5.3: the same passive once)', () => {
    const two = portWith(FIGHT, ['skaregob-totem', 'skaregob-totem-2']);
    // The second box at y 16-20: from the gits' model at (16.26, 16.3) its edge x = 27 is 27 - 16.26 - R = 10.11" away: both in reach.
    expect(two.distance('p2-gits', 'skaregob-totem-2')).toBeCloseTo(27 - (14 + 2 * R + 1) - R, 2);
    expect(rollEvent(use(game(two, [1], ['skaregob-totem', 'skaregob-totem-2']), two).events)).toMatchObject({ modifier: 1, rules: ['Sinister Stare'] });
  });
  it('16.38" away: no modifier (a 1 fails); with a Shouty Boss on the feature (18"): +1 (a 1 succeeds)', () => {
    expect(far.distance('p2-gits', 'skaregob-totem')).toBeCloseTo(Math.hypot(27 - (8 + 2 * R + 1), 3) - R, 2);
    const r = use(game(far, [1]), far);
    expect(rollEvent(r.events)).toMatchObject({ roll: 1, modifier: 0, success: false });
    const s = game(far, [1]);
    s.shoutyBoss = { 'skaregob-totem': { unitId: 'p1-hero', round: 1, turnInRound: 0 } };
    expect(rollEvent(use(s, far).events)).toMatchObject({ roll: 1, modifier: 1, success: true });
  });
  it('a friendly target: +1 for KRULEBOYZ boyz wholly within 12", none for the gits (no KRULEBOYZ)', () => {
    // p1's boyz at (20, 10) (column to y 15.2): the far edge of the farthest model 27 - 20 + R = 7.63" from the box: wholly within 12".
    const p = portWith({ 'p1-boyz': [20, 10], 'p1-gits': [20, 30] }, ['skaregob-totem']);
    const at = (dice: number[]) => gameAtHero(p1With([rule, trick, stare('skaregob-totem')], ['skaregob-totem']), roster('p2'), p, dice);
    const boyz = play(at([1]), p, [{ type: 'useAbility', player: 'p1', ability: 'army:ward-trick', target: 'p1-boyz' }]);
    expect(rollEvent(boyz.events)).toMatchObject({ modifier: 1, success: true });
    const gits = play(at([1]), p, [{ type: 'useAbility', player: 'p1', ability: 'army:ward-trick', target: 'p1-gits' }]);
    expect(rollEvent(gits.events)).toMatchObject({ modifier: 0, success: false });
  });
});

describe('Lethal Surprise: D3 mortal damage, then no Charge (+1 Damage) for the rest of the turn', () => {
  const surprise = readAbility({ id: 'army:lethal-surprise', name: 'Lethal Surprise', source: 'battleTrait', keywords: ['DIRTY TRICK'], timing: parseTiming('Once Per Turn (Army), Any Charge Phase'), declare: 'Pick an enemy unit that charged this turn and is in combat with any friendly **^^Kruleboyz^^** units to be the target, then make a dirty trick roll.', effect: 'Inflict D3 mortal damage on the target. In addition, for the rest of the turn, the target\'s weapons cannot be affected by the Charge (+1 Damage) weapon ability' }, KNOWN);
  // p2's Gutrippaz with Charge (+1 Damage) on their Wicked Hackas, 1" from p1's Gutrippaz and their models 0.37" to 2.18" from p1's Shaman (at x 14 + 4R + 2 = 18.52, y 17.6).
  const p2 = roster('p2');
  const p2c: RosterInput = { ...p2, units: p2.units.map((u) => (u.id === 'p2-boyz' ? { ...u, weapons: u.weapons.map((w) => (w.range === 'melee' ? { ...w, abilities: ['charge-damage'] } : w)) } : u)) };
  const port = portWith({ 'p2-boyz': [14 + 2 * R + 1, 15], 'p1-hero': [14 + 4 * R + 2, 17.6], 'p2-gits': [50, 35] });
  /** p1's charge phase with p2's Gutrippaz marked as having charged this turn (the state a charge leaves). */
  function charged(dice: number[]): GameState {
    const s = toPhase(gameAtHero(p1With([rule, surprise]), p2c, port, dice), port, 'charge');
    return { ...s, units: { ...s.units, 'p2-boyz': { ...s.units['p2-boyz'], turn: { ...s.units['p2-boyz'].turn, charged: true } } } };
  }
  const use = (s: GameState) => play(s, port, [{ type: 'useAbility', player: 'p1', ability: 'army:lethal-surprise', target: 'p2-boyz' }]);
  /** p1's Gutrippaz fight first (every hit roll a 1), then p2's Gutrippaz fight the Shaman: one hit (4), wound (4), save 1. */
  function p2Damage(s: GameState): number {
    const fights = play(toPhase(s, port, 'combat'), port, [
      { type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' },
      { type: 'fight', player: 'p2', unitId: 'p2-boyz', target: 'p1-hero' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' },
    ]);
    return fights.events.filter((e) => e.type === 'attacksResolved' && (e as { unitId?: string }).unitId === 'p2-boyz').reduce((a, e) => a + Number((e as { damage?: number }).damage ?? 0), 0);
  }

  it('reads whole: the roll, D3 mortal damage, the bar on the target for the turn; the pick charged this turn and fights a KRULEBOYZ unit', () => {
    expect(surprise.resolves).toEqual([{ dirtyTrickRoll41a: true }, { mortal: 'D3', targets: 'targets' }, { noWeaponAbility41a: 'charge-damage', targets: 'targets', duration: 'turn' }]);
    expect(surprise.picks).toEqual([{ kind: 'enemyUnit', cond: { charged: true, inCombatWithFoe: 'KRULEBOYZ' } }]);
  });
  it('roll 2 (2+), D3 face 3 → 2 mortal damage: 2 of 5 Gutrippaz slain; their hit on the Shaman does 1 damage, not 2', () => {
    // Dice: the trick 2, the D3 3 (→ 2); p1's 10 hit rolls 1; p2's 3 models: 6 hit rolls 4 1 1 1 1 1, wound 4, save 1.
    const r = use(charged([2, 3, ...Array(10).fill(1), 4, 1, 1, 1, 1, 1, 4, 1]));
    expect(rollEvent(r.events)).toMatchObject({ roll: 2, needed: 2, success: true });
    expect(aliveModels(r.s, 'p2-boyz')).toHaveLength(3);
    expect(p2Damage(r.s)).toBe(1);
  });
  it('without it (a failed roll: 1) the Charge (+1 Damage) applies: the same hit does 2', () => {
    // Dice: the trick 1; p1's 10 hit rolls 1; p2's 5 models: 10 hit rolls 4 and nine 1s, wound 4, save 1.
    const r = use(charged([1, ...Array(10).fill(1), 4, ...Array(9).fill(1), 4, 1]));
    expect(rollEvent(r.events)).toMatchObject({ roll: 1, success: false });
    expect(aliveModels(r.s, 'p2-boyz')).toHaveLength(5);
    expect(p2Damage(r.s)).toBe(2);
  });
  it('refused: an enemy in combat with a KRULEBOYZ unit that did not charge', () => {
    const s = toPhase(gameAtHero(p1With([rule, surprise]), p2c, port), port, 'charge');
    expect(refused(s, port, { type: 'useAbility', player: 'p1', ability: 'army:lethal-surprise', target: 'p2-boyz' }).rule).toBe('Lethal Surprise: Declare');
  });
});
