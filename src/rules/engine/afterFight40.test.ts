/**
 * Session 40 (sh40b; `abilities/parseAfterFight40.ts`, `engine/afterShoot40.ts` `afterFightPick40`): Off With Their
 * Head! (fec-001, Royal Decapitator) in play on the kit's table with scripted dice, each result computed by hand: the
 * real Effect read with the kit's keywords.
 *
 * Rules: Core 5.2 (a reaction to a declared Fight ability), Core 17.0-18.0 (attacks, damage sequence), Core 13.0 (in
 * combat), Core 28.0 (picks).
 */
import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import type { RosterInput } from './roster';
import { isAlive } from './core';

const FIGHT = 'You declared a Fight ability for this unit';
const OFF = "Immediately after that Fight ability has been resolved, pick an enemy Infantry Hero in combat with this unit to be the target. Roll 2D6. If the roll exceeds the target's Health characteristic, it is automatically destroyed.";
const off = readAbility({ name: 'Off With Their Head!', timing: timing(`Reaction: ${FIGHT}`, 'reaction', 'your', undefined, FIGHT), declare: null as unknown as string, effect: OFF }, ['KRULEBOYZ', 'HERO', 'INFANTRY', 'WIZARD']);

// p1's Gutrippaz (x 14, y 15-20.2) in combat with p2's Shaman (x 15.4, y 15; HERO INFANTRY, Health 5) and p2's Hobgrots (x 15.4, y 19-21.6).
const port = tablePortAt({ 'p1-hero': [2, 40], 'p1-boyz': [14, 15], 'p1-gits': [2, 30], 'p2-hero': [15.4, 15], 'p2-gits': [15.4, 19], 'p2-boyz': [40, 40] });
const ones = Array.from({ length: 8 }, () => 1); // the Gutrippaz' 8 Wicked Hacka hit rolls (4 models within 3" of the Shaman, 2 attacks each): all miss
/** p2's Hobgrots made HEROES too: two enemy INFANTRY HEROES in combat with the Gutrippaz. */
const gitsHeroes = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => (u.id === 'p2-gits' ? { ...u, warscroll: { ...u.warscroll, keywords: [...u.warscroll.keywords, 'HERO'] } } : u)) });
const fight = (p2: RosterInput, dice: number[], target = 'p2-hero') =>
  play(toPhase(gameAtHero(roster('p1', [], [off]), p2, port, dice), port, 'combat'), port, [
    { type: 'fight', player: 'p1', unitId: 'p1-boyz', target },
    { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Off With Their Head!' },
    { type: 'pass', player: 'p2' },
    { type: 'pass', player: 'p1' },
  ]);

describe("Off With Their Head!: after the Fight, 2D6 against the Health of the one enemy Infantry Hero in combat with this unit", () => {
  it('the Shaman the only one: 3 + 3 = 6 exceeds its Health 5: destroyed', () => {
    const r = fight(roster('p2'), [...ones, 3, 3]);
    expect(r.events.find((e) => e.type === 'abilitySlay')).toMatchObject({ unitId: 'p2-hero', rolls: [6], health: 5, slay: 'unit', count: 1 });
    expect(isAlive(r.s, 'p2-hero')).toBe(false);
    expect(r.s.diceScript).toEqual([]);
  });

  it('2 + 3 = 5 does not exceed 5: the Shaman stays', () => {
    const r = fight(roster('p2'), [...ones, 2, 3]);
    expect(r.events.find((e) => e.type === 'abilitySlay')).toMatchObject({ unitId: 'p2-hero', rolls: [5], count: 0 });
    expect(isAlive(r.s, 'p2-hero')).toBe(true);
  });

  it('two enemy Infantry Heroes in combat (the Hobgrots made HEROES): the player picks, so it waits to be resolved by hand, no dice', () => {
    const r = fight(gitsHeroes(roster('p2')), [...ones, 6, 6]);
    expect(r.events.find((e) => e.type === 'abilitySlay')).toBeUndefined();
    expect(r.events.find((e) => e.type === 'abilityAwaitsByHand' && e.name === 'Off With Their Head!')).toBeDefined();
    expect(r.s.abilities?.awaiting.find((x) => x.name === 'Off With Their Head!')?.targets).toEqual(['p1-boyz', 'p2-hero', 'p2-gits']);
    expect(r.s.diceScript).toEqual([6, 6]);
  });

  it('no enemy Infantry Hero in combat (the Shaman moved 10" away; the Gutrippaz fight the Hobgrots): skipped, no dice', () => {
    const far = tablePortAt({ 'p1-hero': [2, 40], 'p1-boyz': [14, 15], 'p1-gits': [2, 30], 'p2-hero': [25.4, 15], 'p2-gits': [15.4, 19], 'p2-boyz': [40, 40] });
    const s = toPhase(gameAtHero(roster('p1', [], [off]), roster('p2'), far, [...Array.from({ length: 10 }, () => 1), 6, 6]), far, 'combat');
    const r = play(s, far, [
      { type: 'fight', player: 'p1', unitId: 'p1-boyz', target: 'p2-gits' },
      { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Off With Their Head!' },
      { type: 'pass', player: 'p2' },
      { type: 'pass', player: 'p1' },
    ]);
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped' && e.name === 'Off With Their Head!')).toMatchObject({ why: expect.stringContaining('no unit can be picked') });
    expect(isAlive(r.s, 'p2-hero')).toBe(true);
  });
});
