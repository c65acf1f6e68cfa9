/**
 * Monster Grapple (Gordrakk, the Fist of Gork, ij-001; session 41, sh41d; `abilities/parseGrapple41d.ts`,
 * `engine/grapple41d.ts`): the real text read, its twins by hand, and on the kit: p1's Shaman grapples p2's Shaman (made a
 * MONSTER, 2" apart: in combat), whose Staff (Attacks 3) then makes ceil(3 / 2) = 2 attacks when it fights.
 */
import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';
import { halveUp41d } from './grapple41d';
import { unitAbilityOptions } from '../../game/abilityOptions';
import type { GameState } from './state';
import type { RosterInput } from './roster';

const DECLARE = 'Pick an enemy Monster in combat with this unit to be the target.';
const GRAPPLE = "Roll a dice. On a 3+, pick 1 of the target's weapons. You must pick a Companion weapon if it has any. Halve the Attacks characteristic of that weapon (rounding up) for the rest of the turn.";
const combat = timing('Once Per Turn (Army), Any Combat Phase', 'combat', 'any', { per: 'turn', army: true });
const read = (effect: string, declare: string | null = DECLARE, t = combat) => parseEffect({ declare, effect, timing: t, knownKeywords: ['MONSTER'] });

describe('Monster Grapple, read (ij-001)', () => {
  it('the MONSTER in combat, a weapon of it (the use\'s choice), on 3+ its Attacks halved rounding up for the rest of the turn', () => {
    const p = read(GRAPPLE);
    expect(p.picks).toEqual([{ kind: 'enemyUnit', within: 3, visible: true, keyword: 'MONSTER' }, { kind: 'choice', weaponOfTarget41d: true }]);
    expect(p.resolves).toEqual([{ halveAttacks41d: 'choice', targets: 'targets', duration: 'turn', if: { roll: '3+' } }]);
  });
  it('twins stay by hand: "rounding down", "1 of the target\'s melee weapons", no Declare, a passive, "for the rest of the battle"', () => {
    expect(read(GRAPPLE.replace('rounding up', 'rounding down')).resolves).toBeNull();
    expect(read(GRAPPLE.replace("the target's weapons", "the target's melee weapons")).resolves).toBeNull();
    expect(read(GRAPPLE, null).resolves).toBeNull();
    expect(read(GRAPPLE, DECLARE, timing('Passive', 'passive', 'any')).resolves).toBeNull();
    expect(read(GRAPPLE.replace('the rest of the turn', 'the rest of the battle')).resolves).toBeNull();
  });
  it('halving rounds up: 3 → 2, 5 → 3, 1 → 1, twice 5 → 2', () => {
    expect([halveUp41d(3, 1), halveUp41d(5, 1), halveUp41d(1, 1), halveUp41d(5, 2), halveUp41d(5, undefined)]).toEqual([2, 3, 1, 2, 5]);
  });
});

/** p2's army with its Shaman a MONSTER, with a Companion weapon when asked. */
function p2Monster(companion: boolean): RosterInput {
  const r = roster('p2') as { units: { warscroll: { keywords: string[] }; weapons: object[] }[] } & RosterInput;
  r.units[0].warscroll.keywords = [...r.units[0].warscroll.keywords, 'MONSTER'];
  if (companion) r.units[0].weapons = [...r.units[0].weapons, { name: 'Jaws', range: 'melee', attacks: 5, hit: '4+', wound: '3+', rend: 1, damage: 2, abilities: ['companion'] }];
  return r;
}

describe('Monster Grapple on the kit (p1\'s Shaman at (10, 20), p2\'s MONSTER Shaman at (12, 20))', () => {
  const grapple = readAbility({ name: 'Monster Grapple', timing: combat, declare: DECLARE, effect: GRAPPLE }, ['MONSTER']);
  const ones = Array.from({ length: 30 }, () => 1);
  const start = (first: number, companion = false) => {
    const port = tablePortAt({ 'p1-boyz': [2, 2], 'p2-hero': [12, 20] });
    return { port, s: toPhase(gameAtHero(roster('p1', [grapple]), p2Monster(companion), port, [first, ...ones]), port, 'combat') };
  };
  const use = (choice?: string) => ({ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Monster Grapple', targets: ['p2-hero'], ...(choice ? { choice } : {}) }) as const;
  const fights = [
    { type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-hero' } as const,
    { type: 'pass', player: 'p1' } as const,
    { type: 'pass', player: 'p2' } as const,
    { type: 'fight', player: 'p2', unitId: 'p2-hero', target: 'p1-hero' } as const,
    { type: 'pass', player: 'p1' } as const,
    { type: 'pass', player: 'p2' } as const,
  ];
  const hitDice = (s: GameState, purpose: string) => s.log.filter((l) => l.kind === 'roll' && l.purpose === purpose).map((l) => (l as { dice: readonly number[] }).dice.length);

  it('a 4: the Staff picked, then p2\'s Shaman makes 2 attacks with it (3 halved, rounding up); p1\'s Shaman still 3', () => {
    const { port, s } = start(4);
    const r = play(play(s, port, [use('Staff')]).s, port, fights);
    expect(hitDice(r.s, 'hit:p2-hero:Staff')).toEqual([2]);
    expect(hitDice(r.s, 'hit:p1-hero:Staff')).toEqual([3]);
  });

  it('a 2: nothing, the Staff makes its 3 attacks', () => {
    const { port, s } = start(2);
    const r = play(play(s, port, [use('Staff')]).s, port, fights);
    expect(hitDice(r.s, 'hit:p2-hero:Staff')).toEqual([3]);
  });

  it('with a Companion weapon: the Staff refused, the Jaws (Attacks 5) accepted and halved to 3; no weapon or an unknown one refused', () => {
    const { port, s } = start(4, true);
    expect(refused(s, port, use('Staff'))).toMatchObject({ rule: 'Monster Grapple: Declare', reason: expect.stringContaining('a Companion weapon') });
    expect(refused(s, port, use()).rule).toBe('Monster Grapple: Declare');
    expect(refused(s, port, use('Claws')).rule).toBe('Monster Grapple: Declare');
    const r = play(play(s, port, [use('Jaws')]).s, port, fights);
    expect(hitDice(r.s, 'hit:p2-hero:Jaws')).toEqual([3]);
    expect(hitDice(r.s, 'hit:p2-hero:Staff')).toEqual([3]);
  });

  it('options: one entry per weapon that may be picked (the Staff; with a Companion weapon only the Jaws), each accepted', () => {
    for (const [companion, weapons] of [[false, ['Staff']], [true, ['Jaws']]] as const) {
      const { port, s } = start(4, companion);
      const mine = unitAbilityOptions(s, port, 'p1-hero').filter((e) => e.ability.name === 'Monster Grapple' && e.available);
      expect(mine.map((e) => (e.action as { choice?: string }).choice)).toEqual(weapons);
      for (const e of mine) expect(play(s, port, [e.action]).events.some((x) => x.type === 'abilityEffect')).toBe(true);
    }
  });
});
