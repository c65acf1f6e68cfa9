/**
 * Reactions to the Redeploy command that raise its roll (issue 34, session 40, sh40c; Commands 3.0;
 * `abilities/parseRedeploy40.ts`, `engine/redeploy40.ts`). Real texts: Commanding View (kb-001, Killaboss on
 * Corpse-rippa Vulcha), Lord of Assassins (skv-001, Verminlord Deceiver). In play on the kit's table: p2's Gutrippaz
 * Redeploy in p1's movement phase, p2's Shaman reacts with Commanding View.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import type { Action, GameState } from './state';

const VIEW_TIMING = 'Reaction: You declared the \'Redeploy\' command for a friendly Gutrippaz unit wholly within 12" of this unit';
const ASSASSINS_TIMING = 'Reaction: You declared the \'Redeploy\' command for a friendly Eshin Infantry unit wholly within 13" of this unit';
const EFFECT = 'If you roll a 1-3 when determining the distance that unit can move, you can use a value of 4 instead.';
const read = (timingText: string, effect = EFFECT, declare: string | null = null) => parseEffect({ declare, effect, timing: parseTiming(timingText, timingText === 'Passive'), knownKeywords: ['KRULEBOYZ', 'SKAVEN', 'ESHIN', 'INFANTRY'], unitNames: ['Gutrippaz'] }).resolves;

describe('Commanding View / Lord of Assassins, read (real texts)', () => {
  it('both: {redeployDeclaredAtLeast: 4}', () => {
    expect(read(VIEW_TIMING)).toEqual([{ redeployDeclaredAtLeast: 4 }]);
    expect(read(ASSASSINS_TIMING)).toEqual([{ redeployDeclaredAtLeast: 4 }]);
  });

  it('fall-back twins stay by hand: 1-2 → 4, another command, the opponent\'s Redeploy, a passive, a Declare, a second sentence', () => {
    expect(read(VIEW_TIMING, EFFECT.replace('1-3', '1-2'))).toBeNull();
    expect(read(VIEW_TIMING.replace('Redeploy', 'At the Double'))).toBeNull();
    expect(read(VIEW_TIMING.replace('You declared', 'Opponent declared').replace('friendly', 'enemy'))).toBeNull();
    expect(read('Passive')).toBeNull();
    expect(read(VIEW_TIMING, EFFECT, 'Pick this unit to be the target.')).toBeNull();
    expect(read(VIEW_TIMING, `${EFFECT} That unit can move through models.`)).toBeNull();
  });
});

describe('Commanding View on the kit (p2\'s Gutrippaz at (46, 15)-(46, 20.2), the Shaman at (50, 20): wholly within 12")', () => {
  const t = parseTiming(VIEW_TIMING, false);
  const view = ability({ name: 'Commanding View', timing: t, effect: EFFECT, resolves: read(VIEW_TIMING) });
  const redeploy = { type: 'command', player: 'p2', command: 'redeploy', unitId: 'p2-boyz' } as Action;
  const react = { type: 'useAbility', player: 'p2', unitId: 'p2-hero', ability: 'Commanding View' } as Action;
  const back = (dx: number) => ({ type: 'move', player: 'p2', unitId: 'p2-boyz', kind: 'redeploy', paths: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p2-boyz-m${i + 1}`, [[46 - dx, 15 + i * 1.3]]])) }) as Action;
  const inP1Movement = (dice: number[], port = tablePortAt()): GameState => toPhase(gameAtHero(roster('p1'), roster('p2', [view]), port, dice), port, 'movement');

  it('a Redeploy roll of 2 is raised to 4 by the reaction: a 4" move back accepted, 4.5" refused (Commands 3.0)', () => {
    const port = tablePortAt();
    const r = play(inP1Movement([2], port), port, [redeploy, react]);
    expect(r.events.find((e) => e.type === 'redeploy')).toMatchObject({ roll: 2, maxInches: 2 });
    expect(r.events.find((e) => e.type === 'abilityEffect')).toMatchObject({ name: 'Commanding View', units: ['p2-boyz'], redeploy: { roll: 2, maxInches: 4 } });
    expect(r.s.units['p2-boyz'].turn).toMatchObject({ redeployRoll: 4, pendingMove: { kind: 'redeploy', maxInches: 4 } });
    expect(play(r.s, port, [back(4)]).s.positions['p2-boyz-m1']).toEqual([42, 15]);
    expect(refused(r.s, port, back(4.5)).rule).toBe('Commands 3.0');
  });

  it('a roll of 5 stays 5 (skipped, with why); without the reaction a 2 allows 2"', () => {
    const port = tablePortAt();
    const five = play(inP1Movement([5], port), port, [redeploy, react]);
    expect(five.events.find((e) => e.type === 'abilityEffectSkipped')).toMatchObject({ unitId: 'p2-boyz', why: 'the Redeploy roll was 5, not below 4' });
    expect(five.s.units['p2-boyz'].turn.pendingMove).toMatchObject({ maxInches: 5 });
    const two = play(inP1Movement([2], port), port, [redeploy]);
    expect(refused(two.s, port, back(4)).rule).toBe('Commands 3.0');
  });

  it('not offered for Gutrippaz more than 12" from the Shaman (the trigger\'s condition): the reaction is refused', () => {
    const port = tablePortAt({ 'p2-hero': [58, 40] });
    const s = play(inP1Movement([2], port), port, [redeploy]).s;
    expect(refused(s, port, react).reason).toMatch(/12/);
  });
});
