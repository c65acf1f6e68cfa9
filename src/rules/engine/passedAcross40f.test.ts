/**
 * Moves followed by a sentence on the enemy units "this unit passed across during that move" (issue 34, session 40,
 * sh40f; `abilities/parsePassedAcross40f.ts`, `engine/passedAcross40f.ts`). Real texts: Draconic Onslaught (sce-002,
 * Stormdrake Guard), Soaring Terror (fec-001, Royal Zombie Dragon), Fight and Flight (dok-001, Khinerai Lifetakers).
 * In play on the kit's table (32 mm bases, 1.26" across; p2's units in columns along +y, 1.3" apart), the ability
 * on p1's Swampcalla Shaman given FLY (Core 15.4: it may pass over models, as the dragons and Khinerai do).
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';
import type { RosterInput } from './roster';

const ONSLAUGHT = 'If this unit charged this turn, roll a dice. On a 3+, this unit can move 2D6". It can pass through the combat ranges of enemy units and can end that move in combat. Then, pick an enemy unit that this unit passed across during that move. Inflict D3 mortal damage on that enemy unit.';
const SOARING = ONSLAUGHT.replace('and can end', 'but must end');
const FLIGHT = 'If this unit is in combat, it can move 12". It can pass through the combat ranges of enemy units but cannot end that move in combat. Then, roll a D3 for each enemy unit that this unit passed across during that move. On a 2+, inflict an amount of mortal damage on that enemy unit equal to the roll.';
const BULK = 'If this unit charged this turn, roll a D3. On a 2+, this unit can move 2D6". It can move through the combat range of enemy units and can end that move in combat. Then, pick an enemy unit that this unit passed across during that move. Inflict an amount of mortal damage on the target equal to the D3 roll. If the target is Infantry, double the mortal damage inflicted.';
const combat = timing('Once Per Turn (Army), Any Combat Phase', 'combat', 'any', { per: 'turn', army: true });
const read = (effect: string, t = combat, declare: string | null = null) => parseEffect({ declare, effect, timing: t, knownKeywords: ['INFANTRY'] }).resolves;

describe('"passed across" moves, read (real texts)', () => {
  it('Draconic Onslaught (sce-002): charged, 3+, 2D6" free move ending anywhere, then D3 mortal on one unit passed across', () => {
    expect(read(ONSLAUGHT)).toEqual([{ move: 'free', inches: '2D6', end: 'any', targets: 'self', if: { charged: true, unit: 'self', roll: '3+' }, passedAcross: { pick: 'one', mortal: 'D3' } }]);
  });
  it('Soaring Terror (fec-001): the same, but it must end that move in combat', () => {
    expect(read(SOARING)).toEqual([{ move: 'free', inches: '2D6', end: 'inCombat', targets: 'self', if: { charged: true, unit: 'self', roll: '3+' }, passedAcross: { pick: 'one', mortal: 'D3' } }]);
  });
  it('Fight and Flight (dok-001): in combat, 12", cannot end in combat, then a D3 for each unit passed across, 2+: mortal equal to the roll', () => {
    expect(read(FLIGHT)).toEqual([{ move: 'free', inches: 12, end: 'notInCombat', targets: 'self', if: { inCombat: true, unit: 'self' }, passedAcross: { pick: 'each', mortal: 'roll', die: 'D3', on: '2+' } }]);
  });
  it('fall-back twins stay by hand: Destructive Bulk with the damage equal to "the 2D6 roll" (session 41, sh41d, reads the real text: passedAcross41d.test.ts), "pick up to 3", a Declare, a passive, no condition, "D6 mortal damage", a Move characteristic, "passed through"', () => {
    expect(read(BULK.replace('equal to the D3 roll', 'equal to the 2D6 roll'))).toBeNull();
    expect(read(ONSLAUGHT.replace('pick an enemy unit that', 'pick up to 3 enemy units that'))).toBeNull();
    expect(read(ONSLAUGHT, combat, 'Pick an enemy unit to be the target.')).toBeNull();
    expect(read(ONSLAUGHT, timing('Passive', 'passive', 'any'))).toBeNull();
    expect(read(ONSLAUGHT.replace('If this unit charged this turn, roll a dice. On a 3+, this', 'This'))).toBeNull();
    expect(read(ONSLAUGHT.replace('Inflict D3 mortal', 'Inflict D6 mortal'))).toBeNull();
    expect(read(FLIGHT.replace('it can move 12"', 'it can move a distance up to its Move characteristic'))).toBeNull();
    expect(read(FLIGHT.replace('passed across', 'passed through'))).toBeNull();
  });
});

/** p1's army with the ability on its Shaman, given FLY. */
function flyingHero(a: Ability): RosterInput {
  const r = roster('p1', [a]) as { units: { warscroll: { keywords: string[] } }[] } & RosterInput;
  r.units[0].warscroll.keywords = [...r.units[0].warscroll.keywords, 'FLY'];
  return r;
}
const hero = (to: [number, number]) => ({ 'p1-hero-m1': [to] });
const slainOf = (s: GameState, u: string) => s.units[u].slain.length;

describe('Draconic Onslaught on the kit (the Shaman charged; p2\'s Gutrippaz in a column at x = 14 from y = 19.4)', () => {
  const onslaught = ability({ name: 'Draconic Onslaught', timing: combat, effect: ONSLAUGHT, resolves: read(ONSLAUGHT) });
  // Dice: the 3+ roll 4, then 2D6 = 4 + 4 = 8", then the D3 (a scripted 3 is a D3 of 2).
  const start = (place: Record<string, [number, number]>, dice = [4, 4, 4, 3]) => {
    const port = tablePortAt({ 'p1-boyz': [2, 2], 'p2-boyz': [14, 19.4], ...place });
    const s0 = toPhase(gameAtHero(flyingHero(onslaught), roster('p2'), port, dice), port, 'combat');
    s0.units['p1-hero'].turn.charged = true;
    return { port, s: play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Draconic Onslaught' }]).s };
  };

  it('8" straight over the Gutrippaz (x 10 → 18 at y = 20: 0.6" from the first one\'s centre): crossed, recorded, D3 = 2 mortal damage on them (2 models slain)', () => {
    const { port, s } = start({ 'p1-hero': [10, 20] });
    expect(s.units['p1-hero'].turn.pendingMove).toMatchObject({ kind: 'ability', maxInches: 8, as: 'free', end: 'any', passedAcross: { pick: 'one', mortal: 'D3' } });
    const r = play(s, port, [{ type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([18, 20]) }]);
    expect(r.events.find((e) => e.type === 'passedAcross')).toEqual({ type: 'passedAcross', unitId: 'p1-hero', ability: 'Draconic Onslaught', units: ['p2-boyz'] });
    expect(r.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-boyz', amount: 2 });
    expect(slainOf(r.s, 'p2-boyz')).toBe(2);
  });

  it('beside them at 0.1" (y = 19.4 - 1.36 = 18.04: 1.36" from the first centre, bases 1.26"): nothing passed across, no damage', () => {
    const { port, s } = start({ 'p1-hero': [10, 18.04] });
    const r = play(s, port, [{ type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([18, 18.04]) }]);
    expect(r.events.find((e) => e.type === 'passedAcross')).toMatchObject({ units: [] });
    expect(r.events.some((e) => e.type === 'abilityMortal')).toBe(false);
    expect(slainOf(r.s, 'p2-boyz')).toBe(0);
  });

  it('over two units (the Hobgrots at x = 16 from y = 19.6 too; 2D6 = 9"): refused without a pick, refused naming a unit not passed across, accepted with the Hobgrots (D3 = 3: all 3 slain)', () => {
    const { port, s } = start({ 'p1-hero': [10, 20], 'p2-gits': [16, 19.6] }, [4, 4, 5, 5]);
    const move = { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([19, 20]) } as const;
    expect(refused(s, port, move)).toMatchObject({ rule: 'Draconic Onslaught: Effect', reason: expect.stringContaining('p2-boyz, p2-gits') });
    expect(refused(s, port, { ...move, target: 'p2-hero' }).reason).toContain('was not passed across');
    const r = play(s, port, [{ ...move, target: 'p2-gits' }]);
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([expect.objectContaining({ unitId: 'p2-gits', amount: 3 })]);
    expect(slainOf(r.s, 'p2-gits')).toBe(3);
    expect(slainOf(r.s, 'p2-boyz')).toBe(0);
  });

  it('a target on a move with no such sentence is refused; a roll of 2 grants no move', () => {
    const { port, s } = start({ 'p1-hero': [10, 20] }, [2]);
    expect(s.units['p1-hero'].turn.pendingMove).toBeNull();
    expect(refused(s, port, { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([12, 20]), target: 'p2-boyz' }).rule).toBe('Core 15.0');
  });
});

describe('Fight and Flight on the kit (the Shaman in combat with p2\'s Gutrippaz at x = 12.5; Hobgrots at x = 16)', () => {
  const flight = ability({ name: 'Fight and Flight', timing: combat, effect: FLIGHT, resolves: read(FLIGHT) });
  const start = () => {
    const port = tablePortAt({ 'p1-hero': [10, 20], 'p1-boyz': [2, 2], 'p2-boyz': [12.5, 19.4], 'p2-gits': [16, 19.6] });
    // D3 rolls: a scripted 3 (D3 2) for the Gutrippaz, a 1 (D3 1) for the Hobgrots.
    const s0 = toPhase(gameAtHero(flyingHero(flight), roster('p2'), port, [3, 1]), port, 'combat');
    return { port, s: play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Fight and Flight' }]).s };
  };

  it('11" to x = 21 (5.02" from the nearest Hobgrot: out of combat) over both units: a D3 each, 2 on the Gutrippaz (2 mortal), 1 on the Hobgrots (nothing)', () => {
    const { port, s } = start();
    const r = play(s, port, [{ type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([21, 20]) }]);
    expect(r.events.find((e) => e.type === 'passedAcross')).toMatchObject({ units: ['p2-boyz', 'p2-gits'] });
    expect(r.events.filter((e) => e.type === 'abilityMortal')).toEqual([
      expect.objectContaining({ unitId: 'p2-boyz', dice: [2], amount: 2 }),
      expect.objectContaining({ unitId: 'p2-gits', dice: [1], amount: 0 }),
    ]);
    expect(slainOf(r.s, 'p2-boyz')).toBe(2);
    expect(slainOf(r.s, 'p2-gits')).toBe(0);
  });

  it('ending at x = 18 (2" from the Hobgrots: in combat) is refused: it cannot end that move in combat', () => {
    const { port, s } = start();
    expect(refused(s, port, { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([18, 20]) })).toMatchObject({ rule: 'Fight and Flight: Effect', reason: expect.stringContaining('cannot end this move in combat') });
  });

  it('a pick is refused on "each" (the move\'s target is for "pick an enemy unit")', () => {
    const { port, s } = start();
    expect(refused(s, port, { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([21, 20]), target: 'p2-gits' }).reason).toContain('only for');
  });
});

describe('Fire and Flight (dok-001 Khinerai Heartrenders): after the Shoot ability has been resolved, a 2D6" move that cannot move into combat', () => {
  const SHOOT = 'You declared a Shoot ability for this unit';
  const FIRE = 'After that Shoot ability has been resolved, this unit can move 2D6". It cannot move into combat during any part of that move.';
  const reaction = timing(`Once Per Turn (Army), Reaction: ${SHOOT}`, 'reaction', 'your', { per: 'turn', army: true }, SHOOT);
  const fire = ability({ name: 'Fire and Flight', timing: reaction, effect: FIRE, resolves: read(FIRE, reaction) });
  // The Shaman (a Bow, 18") at (10, 10) shoots p2's Gutrippaz at (24, 15) (14.9"); p2's Hobgrots at (16, 4) are 6.9" from it (5.6" apart).
  const port = tablePortAt({ 'p1-hero': [10, 10], 'p1-boyz': [2, 40], 'p1-gits': [2, 30], 'p2-boyz': [24, 15], 'p2-gits': [16, 4], 'p2-hero': [50, 5] });
  const withBow = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => (u.id === 'p1-hero' ? { ...u, weapons: [...u.weapons, { name: 'Bow', range: 18, attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1 }] } : u)) });
  // Dice: the Bow's hit roll 1 (a miss), then 2D6 = 3 + 4 = 7".
  const shot = () => {
    const s = toPhase(gameAtHero(withBow(roster('p1', [fire])), roster('p2'), port, [1, 3, 4]), port, 'shooting');
    return play(s, port, [
      { type: 'shoot', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' },
      { type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Fire and Flight' },
      { type: 'pass', player: 'p2' },
      { type: 'pass', player: 'p1' },
    ]);
  };

  it('read (real text): {afterShootMove40f: {inches: "2D6"}, targets: "self", duration: "phase"}; twins: another trigger, "can move into combat", a Declare stay by hand', () => {
    expect(read(FIRE, reaction)).toEqual([{ afterShootMove40f: { inches: '2D6' }, targets: 'self', duration: 'phase' }]);
    expect(read(FIRE, timing('Reaction: You declared a Fight ability for this unit', 'reaction', 'your', undefined, 'You declared a Fight ability for this unit'))).toBeNull();
    expect(read(FIRE.replace('It cannot move into combat during any part of that move.', 'It can move into combat.'), reaction)).toBeNull();
    expect(read(FIRE, reaction, 'Pick an enemy unit to be the target.')).toBeNull();
  });

  it('after the attacks (1 miss) the move is 2D6 = 7": 7" back to (3, 10) accepted; 7.5" refused (Core 14.1, the Normal Move distance); towards the Hobgrots to (13, 7) (1.77" from them) refused: into combat', () => {
    const r = shot();
    const ev = r.events.map((e) => e.type);
    expect(ev.indexOf('abilityMove')).toBeGreaterThan(ev.indexOf('attacksResolved'));
    expect(r.events.find((e) => e.type === 'abilityMove')).toMatchObject({ unitId: 'p1-hero', ability: 'Fire and Flight', moveAs: 'normal', maxInches: 7 });
    expect(play(r.s, port, [{ type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([3, 10]) }]).s.positions['p1-hero-m1']).toEqual([3, 10]);
    expect(refused(r.s, port, { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([2.5, 10]) }).reason).toContain('would move 7.50" but this move allows 7"');
    expect(refused(r.s, port, { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([13, 7]) }).reason).toContain('into combat');
  });

  it('without the reaction the Shoot grants no move', () => {
    const s = toPhase(gameAtHero(withBow(roster('p1', [fire])), roster('p2'), port, [1, 3, 4]), port, 'shooting');
    const r = play(s, port, [{ type: 'shoot', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
    expect(r.s.units['p1-hero'].turn.pendingMove).toBeNull();
    expect(refused(r.s, port, { type: 'move', player: 'p1', unitId: 'p1-hero', kind: 'ability', paths: hero([3, 10]) }).reason).toContain('no move granted');
  });
});
