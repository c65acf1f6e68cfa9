/**
 * Tokens and Waaagh! tokens in play (session 38, ab38b): the real texts of Loyal Gryph-hound and Memorian (sce-002) and
 * Strength From Victory (ij-001) parsed here and played on the kit's table with scripted dice.
 */

import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, roster, tablePortAt, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { modified } from '../abilities/passives';
import { resourceCount } from '../abilities/resourceCounts38';
import { wardOf } from './core';
import type { Ability } from '../abilities/schema';
import type { RosterInput } from './roster';
import type { GameState } from './state';
import type { GeometryPort } from './geometryPort';

const KW = ['KRULEBOYZ', 'INFANTRY', 'WIZARD', 'HERO', 'RUINATION CHAMBER'];

function real(name: string, timingText: string, passive: boolean, effect: string): Ability {
  const t = parseTiming(timingText, passive);
  const r = parseEffect({ declare: null, effect, timing: t, knownKeywords: KW });
  if (r.resolves === null) throw new Error(`not read: ${r.unparsed}`);
  return ability({ name, timing: t, effect, resolves: r.resolves });
}

const LOYAL = "This unit's Gryph-hound is a token. This unit has Ward (5+) while its Gryph-hound is on the battlefield. If you make an unmodified save roll of 1 for this unit, remove its Gryph-hound from the battlefield after the Attack ability has been resolved (the damage point is still inflicted).";
const MEMORIAN = "This unit's Memorian is a token. Add 3 to the control scores of friendly Ruination Chamber units wholly within 12\" of this unit while its Memorian is on the battlefield. If you make an unmodified save roll of 1 for this unit, remove its Memorian from the battlefield after the Attack ability has been resolved (the damage point is still inflicted).";
const VICTORY = "If any damage points were allocated to an enemy unit by this unit's combat attacks this turn and that enemy unit has been destroyed, give this unit a Waaagh! token, to a maximum of 3.\nUntil the end of the next turn, add 1 to the Attacks characteristic of this unit's weapons for each Waaagh! token it has.";

describe('Loyal Gryph-hound (sce-002 Lord-Imperatant) on p2\'s hero, shot by p1\'s 5 Gutrippaz (Bow: 1 attack each, 4+/4+, Damage 1)', () => {
  // p1-boyz 10" from p2's hero on the open table (p2's boyz far from it: no Guarded Hero).
  const port = tablePortAt({ 'p1-boyz': [30, 18], 'p2-hero': [40, 20], 'p2-boyz': [55, 5] });
  const shoot = (saves: number[]) => {
    const s0 = toPhase(gameAtHero(roster('p1'), roster('p2', [real('Loyal Gryph-hound', '', true, LOYAL)]), port), port, 'shooting');
    // 5 hits, 5 wounds, the saves (Save 5+), then one ward roll of 5 for the one damage point.
    const s = { ...s0, diceScript: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, ...saves, 5] } as GameState;
    return play(s, port, [{ type: 'shoot', player: 'p1', unitId: 'p1-boyz', target: 'p2-hero' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
  };

  it('with its token the hero has Ward (5+) from the start (the token is the unit\'s without any state written)', () => {
    const s0 = gameAtHero(roster('p1'), roster('p2', [real('Loyal Gryph-hound', '', true, LOYAL)]), port);
    expect(s0.resources).toBeUndefined();
    expect(resourceCount(s0, 'p2-hero', 'gryph-hound')).toBe(1);
    expect(wardOf(s0, 'p2-hero', port)).toBe(5);
  });

  it('saves 1 6 6 6 6: the 1 fails, the ward roll of 5 still saves that damage point, then the Gryph-hound is removed: no Ward', () => {
    const r = shoot([1, 6, 6, 6, 6]);
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ saves: [1, 6, 6, 6, 6] });
    expect(r.s.units['p2-hero'].damage).toBe(0);
    expect(resourceCount(r.s, 'p2-hero', 'gryph-hound')).toBe(0);
    expect(r.events.find((e) => e.type === 'resourceChanged')).toMatchObject({ unitId: 'p2-hero', resource: 'gryph-hound', before: 1, after: 0, ability: 'Loyal Gryph-hound' });
    expect(wardOf(r.s, 'p2-hero', port)).toBe(null);
  });

  it('saves 2 6 6 6 6: the 2 fails too (Save 5+) but is no unmodified 1: the Gryph-hound stays, Ward (5+)', () => {
    const r = shoot([2, 6, 6, 6, 6]);
    expect(r.s.units['p2-hero'].damage).toBe(0);
    expect(resourceCount(r.s, 'p2-hero', 'gryph-hound')).toBe(1);
    expect(r.s.resources).toBeUndefined();
    expect(wardOf(r.s, 'p2-hero', port)).toBe(5);
  });
});

describe('Memorian (sce-002 Lord-Terminos) on p1\'s hero: +3 control to friendly Ruination Chamber units wholly within 12" while it has its Memorian', () => {
  const port = tablePortAt({});
  /** p1 with the Memorian on its hero and RUINATION CHAMBER on its boyz (4-6" from the hero). */
  function p1(): RosterInput {
    const r = roster('p1', [real('Memorian', '', true, MEMORIAN)]);
    return { ...r, units: r.units.map((u) => (u.id === 'p1-boyz' ? { ...u, warscroll: { ...u.warscroll, keywords: [...(u.warscroll.keywords ?? []), 'RUINATION CHAMBER'] } } : u)) };
  }
  it('the boyz +3, the gits (not Ruination Chamber) +0; with the Memorian removed, +0', () => {
    const s = gameAtHero(p1(), roster('p2'), port);
    expect(modified(s, port, 'p1-boyz', 'control').add).toBe(3);
    expect(modified(s, port, 'p1-gits', 'control').add).toBe(0);
    const removed: GameState = { ...s, resources: { 'p1-hero': { memorian: 0 } } };
    expect(modified(removed, port, 'p1-boyz', 'control').add).toBe(0);
  });
  it('the boyz 13" away (not wholly within 12"): +0', () => {
    const far = tablePortAt({ 'p1-boyz': [23, 20] });
    expect(modified(gameAtHero(p1(), roster('p2'), far), far, 'p1-boyz', 'control').add).toBe(0);
  });
});

describe('Strength From Victory (ij-001) on p1\'s hero (Staff: 3 attacks)', () => {
  const port = tablePortAt({});
  const victory = () => real('Strength From Victory', 'End of Any Turn', false, VICTORY);
  /** p1's hero's combat attacks damaged p2's gits this turn; `destroyed`: every gits model slain. */
  function afterCombat(s: GameState, destroyed: boolean): GameState {
    const gits = s.units['p2-gits'];
    return {
      ...s,
      units: {
        ...s.units,
        'p1-hero': { ...s.units['p1-hero'], turn: { ...s.units['p1-hero'].turn, combatDamaged: ['p2-gits'] } },
        'p2-gits': { ...gits, slain: destroyed ? ['p2-gits-m1', 'p2-gits-m2', 'p2-gits-m3'] : ['p2-gits-m1'] },
      },
    };
  }
  const staff = (s: GameState, p: GeometryPort) => modified(s, p, 'p1-hero', 'attacks', { weapon: 'melee', weaponName: 'Staff' }).add;
  const use = (s: GameState) => play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Strength From Victory' }]).s;
  const endPhase = (s: GameState) => play(s, port, [{ type: 'endPhase', player: s.active! }]).s;

  it('the gits destroyed: 1 Waaagh! token, +1 Attacks through the next turn (p2\'s), gone when it ends', () => {
    const end = afterCombat(toPhase(gameAtHero(roster('p1', [victory()]), roster('p2'), port), port, 'endOfTurn'), true);
    const s = use(end);
    expect(resourceCount(s, 'p1-hero', 'waaagh! token')).toBe(1);
    expect(staff(s, port)).toBe(1);
    const p2turn = toPhase(endPhase(s), port, 'combat');
    expect(p2turn.active).toBe('p2');
    expect(staff(p2turn, port)).toBe(1);
    // The end of p2's turn is the end of the battle round: the effect ends with it (the token stays).
    const next = toPhase(p2turn, port, 'endOfTurn');
    const roundOver = endPhase(next);
    expect(roundOver.stage).toBe('firstTurn');
    expect(staff(roundOver, port)).toBe(0);
    expect(resourceCount(roundOver, 'p1-hero', 'waaagh! token')).toBe(1);
  });

  it('the gits damaged but not destroyed: no token, so +0', () => {
    const s = use(afterCombat(toPhase(gameAtHero(roster('p1', [victory()]), roster('p2'), port), port, 'endOfTurn'), false));
    expect(s.resources).toBeUndefined();
    expect(staff(s, port)).toBe(0);
  });

  it('at most 3 tokens: with 3, a 4th is not given (+3); used again at the end of p2\'s turn, the new effect replaces the old (+3, not +6)', () => {
    const three: GameState = { ...afterCombat(toPhase(gameAtHero(roster('p1', [victory()]), roster('p2'), port), port, 'endOfTurn'), true), resources: { 'p1-hero': { 'waaagh! token': 3 } } };
    const s = use(three);
    expect(resourceCount(s, 'p1-hero', 'waaagh! token')).toBe(3);
    expect(staff(s, port)).toBe(3);
    const p2end = toPhase(endPhase(s), port, 'endOfTurn');
    const again = use(p2end);
    expect((again.abilities?.active ?? []).filter((e) => e.name === 'Strength From Victory')).toHaveLength(1);
    expect(staff(again, port)).toBe(3);
    // That one lasts through the next turn (round 2's first), so the end of round 1 keeps it.
    const round2 = play(endPhase(again), port, [{ type: 'chooseFirstTurn', player: endPhase(again).decider, first: 'p1' }]).s;
    expect(staff(round2, port)).toBe(3);
  });
});
