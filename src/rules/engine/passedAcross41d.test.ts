/**
 * Moves across enemy units, session 41 (sh41d; `abilities/parsePassedAcross41d.ts`, `engine/passedAcross41d.ts`, with
 * session 40's record `passedAcross40f.ts`). Real texts: Destructive Bulk (ij-001, Megaboss on Maw-krusha), Carve a
 * Path (ij-001, Maw-grunta with Hakkin' Krew), Rolling Doom (skv-001, Doomwheel). In play on the kit's table (32 mm
 * bases, 1.26" across; p2's Gutrippaz in a column at x = 14 from y = 19.4, 1.3" apart), the ability on p1's Shaman.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';
import type { RosterInput } from './roster';
import { resourceCount } from '../abilities/resourceCounts38';
import { upToTargets41d } from './passedAcross41d';

const BULK = 'If this unit charged this turn, roll a D3. On a 2+, this unit can move 2D6". It can move through the combat range of enemy units and can end that move in combat. Then, pick an enemy unit that this unit passed across during that move. Inflict an amount of mortal damage on the target equal to the D3 roll. If the target is Infantry, double the mortal damage inflicted.';
const CARVE = 'If this unit is in combat, it can move a distance up to its Move characteristic. It can pass through models and the combat ranges of enemy units, but it cannot end that move in combat.\nThen, pick each enemy unit that this unit passed across during that move to be the targets. Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll. Then, this unit gains 2 momentum points.';
const ROLLING = 'This unit can move a distance up to its Move characteristic. This unit can pass through other models and the combat ranges of enemy units, but it cannot end that move in combat.\nThen, pick up to 3 enemy units that this unit passed across during that move to be the targets. Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.\nDesigner\'s Note: *This unit can use this ability even if it is in combat.*';
const combat = timing('Once Per Turn (Army), Any Combat Phase', 'combat', 'any', { per: 'turn', army: true });
const movement = timing('Your Movement Phase', 'movement', 'your');
const carveTiming = timing('Once Per Turn (Army), Your Movement Phase', 'movement', 'your', { per: 'turn', army: true });
const read = (effect: string, t = combat, declare: string | null = null) => parseEffect({ declare, effect, timing: t, knownKeywords: ['INFANTRY'] }).resolves;

describe('moves across enemy units, session 41: read (real texts)', () => {
  it('Destructive Bulk (ij-001): charged, the use\'s D3 on 2+, 2D6" ending anywhere, then that D3 as mortal damage on one unit passed across, doubled on INFANTRY', () => {
    expect(read(BULK)).toEqual([
      { move: 'free', inches: '2D6', end: 'any', targets: 'self', if: { charged: true, unit: 'self', useRoll: { die: 'D3', on: '2+' } }, passedAcross: { pick: 'one', mortal: 'useRoll', double: 'INFANTRY' } },
    ]);
  });
  it('Carve a Path (ij-001): in combat, up to its Move characteristic through any models, not ending in combat, a D3 each on 2+, and 2 momentum points', () => {
    const cond = { inCombat: true, unit: 'self' };
    expect(read(CARVE, carveTiming)).toEqual([
      { move: 'free', inches: 'move', end: 'notInCombat', through: 'models', targets: 'self', if: cond, passedAcross: { pick: 'each', mortal: 'roll', die: 'D3', on: '2+' } },
      { resource: 'momentum point', gain: 2, targets: 'self', if: cond },
    ]);
  });
  it('Rolling Doom (skv-001): up to its Move characteristic through other models, then up to 3 units passed across, a D3 each on 2+ (the Designer\'s Note read)', () => {
    expect(read(ROLLING, movement)).toEqual([
      { move: 'free', inches: 'move', end: 'notInCombat', through: 'models', targets: 'self', passedAcross: { pick: 'upTo', count: 3, mortal: 'roll', die: 'D3', on: '2+' } },
    ]);
  });
  it('fall-back twins stay by hand: "If the target is a Hero" (no such keyword rule here), the damage "equal to the 2D6 roll", a Declare, a passive, a reaction, a sentence more, "pass through models in friendly units", no condition on Carve a Path', () => {
    expect(read(BULK.replace('If the target is Infantry', 'If the target is a Hero'))).toBeNull();
    expect(read(BULK.replace('equal to the D3 roll', 'equal to the 2D6 roll'))).toBeNull();
    expect(read(BULK, combat, 'Pick an enemy unit to be the target.')).toBeNull();
    expect(read(BULK, timing('Passive', 'passive', 'any'))).toBeNull();
    expect(read(ROLLING, timing('Reaction: You declared a Charge ability for this unit', 'reaction', 'your', undefined, 'You declared a Charge ability for this unit'))).toBeNull();
    expect(read(`${ROLLING} Then, heal (3) this unit.`, movement)).toBeNull();
    expect(read(ROLLING.replace('other models', 'models in friendly units'), movement)).toBeNull();
    expect(read(CARVE.replace('If this unit is in combat, it can', 'It can'), carveTiming)).toBeNull();
  });
});

/** p1's army with the ability on its Shaman (Move `move`), given FLY when `fly`. */
function heroWith(a: Ability, move = 5, fly = false): RosterInput {
  const r = roster('p1', [a]) as { units: { warscroll: { keywords: string[]; move: number } }[] } & RosterInput;
  r.units[0].warscroll.move = move;
  if (fly) r.units[0].warscroll.keywords = [...r.units[0].warscroll.keywords, 'FLY'];
  return r;
}
/** p2's army with the Hobgrot Slittaz not INFANTRY (a unit the doubling must not touch). */
function p2NoInfantryGits(): RosterInput {
  const r = roster('p2') as { units: { name: string; warscroll: { keywords: string[] } }[] } & RosterInput;
  const gits = r.units.find((u) => u.name === 'Hobgrot Slittaz')!;
  gits.warscroll.keywords = gits.warscroll.keywords.filter((k) => k !== 'INFANTRY');
  return r;
}
const hero = (to: [number, number]) => ({ 'p1-hero-m1': [to] });
const slainOf = (s: GameState, u: string) => s.units[u].slain.length;

describe('Destructive Bulk on the kit (the flying Shaman charged; Gutrippaz at x = 14, Hobgrots not INFANTRY at x = 16)', () => {
  const bulk = ability({ name: 'Destructive Bulk', timing: combat, effect: BULK, resolves: read(BULK) });
  // Dice: the use's D3 (a scripted 4 is a D3 of 2), then 2D6 = 4 + 4 = 8".
  const start = (dice: number[], charged = true) => {
    const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [2, 2], 'p2-boyz': [14, 19.4], 'p2-gits': [16, 19.6] });
    const s0 = toPhase(gameAtHero(heroWith(bulk, 5, true), p2NoInfantryGits(), port, dice), port, 'combat');
    s0.units['p1-hero'].turn.charged = charged;
    return { port, s: play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Destructive Bulk' }]).s };
  };
  const move = { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([18, 20]) } as const;

  it('D3 = 2, 8" over both units: the Gutrippaz picked take 2 doubled = 4 mortal damage (4 of 5 slain, Health 1)', () => {
    const { port, s } = start([4, 4, 4]);
    expect(s.units['p1-hero'].turn.pendingMove).toMatchObject({ maxInches: 8, as: 'free', useRoll41d: 2 });
    const r = play(s, port, [{ ...move, target: 'p2-boyz' }]);
    expect(r.events.find((e) => e.type === 'passedAcross')).toMatchObject({ units: ['p2-boyz', 'p2-gits'] });
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-boyz', amount: 4 })]);
    expect(slainOf(r.s, 'p2-boyz')).toBe(4);
  });

  it('D3 = 3 on the Hobgrots (not INFANTRY here): 3, not doubled (all 3 slain); no dice rolled at the move (the damage is the gate\'s D3)', () => {
    const { port, s } = start([6, 4, 4]);
    const r = play(s, port, [{ ...move, target: 'p2-gits' }]);
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-gits', amount: 3 })]);
    expect(r.s.log.filter((l) => l.kind === 'roll').length).toBe(s.log.filter((l) => l.kind === 'roll').length);
    expect(slainOf(r.s, 'p2-gits')).toBe(3);
  });

  it('D3 = 1 (a scripted 2): no move; not charged: no roll and no move', () => {
    expect(start([2]).s.units['p1-hero'].turn.pendingMove).toBeNull();
    expect(start([], false).s.units['p1-hero'].turn.pendingMove).toBeNull();
  });

  it('over both units without a pick: refused, naming them', () => {
    const { port, s } = start([4, 4, 4]);
    expect(refused(s, port, move)).toMatchObject({ rule: 'Destructive Bulk: Effect', reason: expect.stringContaining('p2-boyz, p2-gits') });
  });
});

describe('Carve a Path on the kit (the Shaman, Move 8, in combat with the Gutrippaz: 0.83" from the first)', () => {
  const carve = ability({ name: 'Carve a Path', timing: carveTiming, effect: CARVE, resolves: read(CARVE, carveTiming) });
  // D3 rolls at the move: a scripted 5 (D3 3) for the Gutrippaz.
  const start = (place: Record<string, [number, number]> = {}) => {
    const port = tablePortAt({ 'p1-hero': [12, 20], 'p1-boyz': [2, 2], 'p2-boyz': [14, 19.4], ...place });
    const s0 = toPhase(gameAtHero(heroWith(carve, 8), roster('p2'), port, [5]), port, 'movement');
    return { port, s0, s: play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Carve a Path' }]).s };
  };

  it('7.5" through the Gutrippaz column (no FLY) to x = 19.5 (4.28" from them): D3 = 3 mortal (3 slain); 2 momentum points', () => {
    const { port, s } = start();
    expect(s.units['p1-hero'].turn.pendingMove).toMatchObject({ maxInches: 8, as: 'free', end: 'notInCombat', through: 'models' });
    expect(resourceCount(s, 'p1-hero', 'momentum point')).toBe(2);
    const r = play(s, port, [{ type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([19.5, 20]) }]);
    expect(r.events.find((e) => e.type === 'passedAcross')).toMatchObject({ units: ['p2-boyz'] });
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-boyz', dice: [3], amount: 3 })]);
    expect(slainOf(r.s, 'p2-boyz')).toBe(3);
  });

  it('ending at x = 17 (1.74" from them: in combat) refused; 8.5" refused (Move 8)', () => {
    const { port, s } = start();
    expect(refused(s, port, { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([17, 20]) }).reason).toContain('cannot end this move in combat');
    expect(refused(s, port, { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([20.5, 20]) }).reason).toContain('allows 8"');
  });

  it('not in combat (the Gutrippaz 20" away): no move, no momentum points', () => {
    const { s } = start({ 'p2-boyz': [34, 19.4] });
    expect(s.units['p1-hero'].turn.pendingMove).toBeNull();
    expect(resourceCount(s, 'p1-hero', 'momentum point')).toBe(0);
  });
});

describe('Rolling Doom on the kit (the Shaman, Move 12, not flying, in combat; its own Gutrippaz at x = 11.3 and p2\'s three units at x = 13, 15.5, 17.5 in its way)', () => {
  const rolling = ability({ name: 'Rolling Doom', timing: movement, effect: ROLLING, resolves: read(ROLLING, movement) });
  // D3 rolls at the move, one per target in the order of the units: scripted 3 (D3 2), 1 (D3 1), 6 (D3 3).
  const start = () => {
    const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [11.3, 17.5], 'p2-hero': [15.5, 20], 'p2-boyz': [13, 19.4], 'p2-gits': [17.5, 19.6] });
    const s0 = toPhase(gameAtHero(heroWith(rolling, 12), roster('p2'), port, [3, 1, 6]), port, 'movement');
    return { port, s: play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Rolling Doom' }]).s };
  };
  const move = { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([22, 20]) } as const;

  it('12" to x = 22 (3.26" from the Hobgrots) through its own Gutrippaz, over p2\'s Shaman, Gutrippaz and Hobgrots (3 units, no pick needed): 2, 0 and 3 mortal damage', () => {
    const { port, s } = start();
    const r = play(s, port, [move]);
    expect(r.events.find((e) => e.type === 'passedAcross')).toMatchObject({ units: ['p2-hero', 'p2-boyz', 'p2-gits'] });
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([
      expect.objectContaining({ unitId: 'p2-hero', dice: [2], amount: 2 }),
      expect.objectContaining({ unitId: 'p2-boyz', dice: [1], amount: 0 }),
      expect.objectContaining({ unitId: 'p2-gits', dice: [3], amount: 3 }),
    ]);
    expect(r.s.units['p2-hero'].damage).toBe(2);
    expect(slainOf(r.s, 'p2-gits')).toBe(3);
  });

  it('the player picks 1 of them (the Hobgrots: one D3, a scripted 3 = 2, 2 slain); a unit not passed across, or the same unit twice, is refused; targets on another move refused', () => {
    const { port, s } = start();
    const r = play(s, port, [{ ...move, targets: ['p2-gits'] }]);
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-gits', dice: [2], amount: 2 })]);
    expect(slainOf(r.s, 'p2-gits')).toBe(2);
    expect(refused(s, port, { ...move, paths: hero([10, 12]), targets: ['p2-gits'] }).reason).toContain('was not passed across');
    expect(refused(s, port, { ...move, targets: ['p2-gits', 'p2-gits'] }).rule).toBe('Core 28.2');
  });

  it('more than 3 units passed across: refused without targets, refused with 4 (unit check of the pick)', () => {
    const then = { pick: 'upTo', count: 3, mortal: 'roll', die: 'D3', on: '2+' } as const;
    const why = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        return (e as { reason: string }).reason;
      }
      return 'accepted';
    };
    expect(why(() => upToTargets41d(then, ['a', 'b', 'c', 'd'], undefined, 'Rolling Doom: Effect'))).toBe('pick up to 3 of the enemy units this unit passed across (the move\'s targets): a, b, c, d');
    expect(why(() => upToTargets41d(then, ['a', 'b', 'c', 'd'], ['a', 'b', 'c', 'd'], 'Rolling Doom: Effect'))).toBe('at most 3 units can be picked (4 given)');
    expect(upToTargets41d(then, ['a', 'b', 'c', 'd'], ['d', 'a'], 'Rolling Doom: Effect')).toEqual(['d', 'a']);
  });
});
