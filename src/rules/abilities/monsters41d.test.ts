/**
 * In Their Element (Morgok's Krushas, ij-001; session 41, sh41d; `monsters41d.ts`): the real text read, its twins by
 * hand, and in play on the kit: p1's Gutrippaz hold it and destroy p2's Shaman (made a MONSTER) with Rampaging
 * Destruction's 2D6 product (`rampage41d.ts`), after which their attacks have +1 to wound for the rest of the battle.
 */
import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { modified } from './passives';
import { ability, gameAtHero, play, roster, tablePortAt, timing, toPhase } from '../engine/abilityKit.test-helpers';
import { RAMPAGE_MONSTER_41D } from './parseRampage41d';
import type { RosterInput } from '../engine/roster';

const ELEMENT = 'The first time an enemy Monster is destroyed by this unit, add 1 to wound rolls for this unit\'s attacks for the rest of the battle.';
const passive = timing('Passive', 'passive', 'any');
const read = (effect: string, t = passive, declare: string | null = null) => parseEffect({ declare, effect, timing: t, knownKeywords: ['MONSTER'] }).resolves;

describe('In Their Element, read (ij-001)', () => {
  it('a passive +1 to wound for its attacks while the unit has destroyed an enemy MONSTER this battle', () => {
    expect(read(ELEMENT)).toEqual([{ modify: 'wound', by: 1, attacks: 'all', targets: 'self', while: { destroyedMonster41d: true, unit: 'self' } }]);
  });
  it('twins stay by hand: "for the rest of the turn", "a Hero", an activated timing, a Declare', () => {
    expect(read(ELEMENT.replace('the rest of the battle', 'the rest of the turn'))).toBeNull();
    expect(read(ELEMENT.replace('an enemy Monster', 'an enemy Hero'))).toBeNull();
    expect(read(ELEMENT, timing('Your Hero Phase', 'hero', 'your'))).toBeNull();
    expect(read(ELEMENT, passive, 'Pick an enemy unit to be the target.')).toBeNull();
  });
});

const RAMPAGE =
  'If this unit charged this phase, pick 1 of the following effects:\n• Roll a dice for each enemy unit within 1" of this unit. On a 2+, inflict an amount of mortal damage on that unit equal to the roll.\n• Pick an enemy Monster in combat with this unit and roll 2D6. On a 7, this ability has no effect. Otherwise, inflict an amount of mortal damage on that unit equal to the results on the dice used for the 2D6 roll multiplied together.';

/** p2's army with its Shaman (Health 5) a MONSTER, or not. */
function p2(monster: boolean): RosterInput {
  const r = roster('p2') as { units: { warscroll: { keywords: string[] } }[] } & RosterInput;
  if (monster) r.units[0].warscroll.keywords = [...r.units[0].warscroll.keywords, 'MONSTER'];
  return r;
}

describe('In Their Element in play (p1\'s Gutrippaz, 0.74" from p2\'s Shaman)', () => {
  const charge = timing('Once Per Turn (Army), Any Charge Phase', 'charge', 'any', { per: 'turn', army: true });
  const rp = parseEffect({ declare: null, effect: RAMPAGE, timing: charge, knownKeywords: ['MONSTER'] });
  const element = ability({ name: 'In Their Element', timing: passive, effect: ELEMENT, resolves: read(ELEMENT) });
  const rampage = ability({ name: 'Rampaging Destruction', timing: charge, effect: RAMPAGE, picks: rp.picks, resolves: rp.resolves });
  const start = (monster: boolean, dice: number[]) => {
    const port = tablePortAt({ 'p1-hero': [2, 2], 'p1-boyz': [10, 20], 'p2-hero': [10, 18], 'p2-boyz': [40, 30], 'p2-gits': [50, 35] });
    const s = toPhase(gameAtHero(roster('p1', [], [element, rampage]), p2(monster), port, dice), port, 'charge');
    s.units['p1-boyz'].turn.charged = true;
    return { port, s };
  };
  const use = { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Rampaging Destruction', choice: RAMPAGE_MONSTER_41D, targets: ['p2-hero'] } as const;

  it('before: +0 to wound; the MONSTER destroyed by them (2 × 6 = 12 mortal, Health 5): recorded, +1 to wound for melee and ranged attacks, still in the next turn', () => {
    const { port, s } = start(true, [2, 6]);
    expect(modified(s, port, 'p1-boyz', 'wound', { weapon: 'melee' }).add).toBe(0);
    const r = play(s, port, [use]);
    expect(r.events.some((e) => e.type === 'unitDestroyed' && e.unitId === 'p2-hero')).toBe(true);
    expect(r.s.monsterSlayers41d).toEqual(['p1-boyz']);
    expect(modified(r.s, port, 'p1-boyz', 'wound', { weapon: 'melee' }).add).toBe(1);
    expect(modified(r.s, port, 'p1-boyz', 'wound', { weapon: 'ranged' }).add).toBe(1);
    expect(modified(r.s, port, 'p1-hero', 'wound', { weapon: 'melee' }).add).toBe(0);
    const later = toPhase(toPhase(r.s, port, 'hero'), port, 'combat');
    expect(later.active).toBe('p2');
    expect(modified(later, port, 'p1-boyz', 'wound', { weapon: 'melee' }).add).toBe(1);
  });

  it('a Shaman that is no MONSTER destroyed (the within-1" branch, a 6: 6 mortal, Health 5): nothing recorded, +0; the MONSTER damaged but not destroyed (1 × 3 = 3): +0', () => {
    const a = start(false, [6]);
    const ra = play(a.s, a.port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Rampaging Destruction', choice: rp.picks![0].choices![0] }]);
    expect(ra.events.some((e) => e.type === 'unitDestroyed' && e.unitId === 'p2-hero')).toBe(true);
    expect(ra.s.monsterSlayers41d).toBeUndefined();
    expect(modified(ra.s, a.port, 'p1-boyz', 'wound', { weapon: 'melee' }).add).toBe(0);
    const b = start(true, [1, 3]);
    const r = play(b.s, b.port, [use]);
    expect(r.s.units['p2-hero'].damage).toBe(3);
    expect(r.s.monsterSlayers41d).toBeUndefined();
    expect(modified(r.s, b.port, 'p1-boyz', 'wound', { weapon: 'melee' }).add).toBe(0);
  });
});
