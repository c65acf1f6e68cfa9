/**
 * Session 40 (sh40b; `abilities/parseAfterShoot40.ts`, `engine/afterShoot40.ts`): Heartseekers and Agonising Spasms
 * in play on the kit's table with scripted dice, each result computed by hand. The real Effects (dok-001) are read
 * with the kit's names: "Blood Stalkers" becomes "Gutrippaz" (the kit's unit with a Bow) in Heartseekers' +1.
 *
 * Rules: Core 5.2 (reactions to a declared Shoot ability), Core 16.0-18.0 (attacks, damage sequence), Core 14.3
 * (charge roll: 2D6), Core 32.2 (control scores), Core 28.1 (durations).
 */
import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { chargeDiceCount } from './chargeDice';
import { maxControlScore } from '../abilities/passives';
import type { GameState } from './state';
import type { RosterInput } from './roster';

const KW = ['KRULEBOYZ', 'HERO', 'INFANTRY', 'WIZARD'];
const SHOOT = 'You declared a Shoot ability for this unit';
const HEART = "After that Shoot ability has been resolved, if all of this unit's attacks targeted the same enemy unit, roll a dice. Add 1 to the roll if any other friendly Gutrippaz units picked that enemy unit to be the target of all of their shooting attacks this turn. On a 3+, until the start of your next turn, subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1.";
const SPASMS = "After that Shoot ability has been resolved, if all of this unit's attacks made as part of that Shoot ability targeted the same enemy unit and any enemy models were slain by those attacks, roll a dice. On a 3+, that enemy unit has a maximum control score of 1 for the rest of the turn.";
const heartseekers = readAbility({ name: 'Heartseekers', timing: timing(`Once Per Turn (Army), Reaction: ${SHOOT}`, 'reaction', 'your', { per: 'turn', army: true }, SHOOT), declare: null as unknown as string, effect: HEART }, KW);
const spasms = readAbility({ name: 'Agonising Spasms', timing: timing(`Reaction: ${SHOOT}`, 'reaction', 'your', undefined, SHOOT), declare: null as unknown as string, effect: SPASMS }, KW);

// p1's Gutrippaz (Bow 18", 5 models) and Shaman 13-14" from p2's Gutrippaz (5 models, Health 1, Save 5+) and Hobgrots.
const port = tablePortAt({ 'p1-hero': [10, 10], 'p1-boyz': [10, 15], 'p1-gits': [2, 40], 'p2-boyz': [24, 15], 'p2-gits': [24, 25], 'p2-hero': [50, 5] });
/** The Shaman gets a Bow too (1 attack), so that it can shoot after the Gutrippaz. */
const withShamanBow = (r: RosterInput): RosterInput => ({ ...r, units: r.units.map((u) => (u.id === 'p1-hero' ? { ...u, weapons: [...u.weapons, { name: 'Bow', range: 18, attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1 }] } : u)) });
const atShooting = (p1: RosterInput, dice: number[]): GameState => toPhase(gameAtHero(p1, roster('p2'), port, dice), port, 'shooting');
const shootWith = (s: GameState, unitId: string, target: string, ability?: string) =>
  play(s, port, [{ type: 'shoot', player: 'p1', unitId, target }, ...(ability ? [{ type: 'useAbility' as const, player: 'p1' as const, unitId, ability }, { type: 'pass' as const, player: 'p2' as const }, { type: 'pass' as const, player: 'p1' as const }] : [{ type: 'pass' as const, player: 'p1' as const }, { type: 'pass' as const, player: 'p2' as const }])]);

describe('Heartseekers: after the Shoot, 3+ (+1 if another Gutrippaz unit shot only at that unit): -1 dice for its charge rolls until your next turn', () => {
  it('the Gutrippaz\' 5 Bow attacks all at p2\'s Gutrippaz (5 hit rolls of 1: no damage), then a 3: p2\'s Gutrippaz charge with 1 dice, in p2\'s turn too', () => {
    const r = shootWith(atShooting(roster('p1', [], [heartseekers]), [1, 1, 1, 1, 1, 3]), 'p1-boyz', 'p2-boyz', 'Heartseekers');
    expect(r.events.find((e) => e.type === 'abilityEffect' && e.name === 'Heartseekers' && !('afterShoot40' in (e.effect as object)))).toMatchObject({ units: ['p2-boyz'], duration: 'nextTurnStart', effect: { modify: 'chargeDice', by: -1 } });
    expect(chargeDiceCount(r.s, port, 'p2-boyz').count).toBe(1);
    expect(chargeDiceCount(r.s, port, 'p2-gits').count).toBe(2);
    // p2's turn (its charge phase): still 1 dice (it lasts until the start of p1's next turn, record.ts).
    let s = r.s;
    while (s.active === 'p1') s = play(s, port, [{ type: 'endPhase', player: 'p1' }]).s;
    expect(chargeDiceCount(s, port, 'p2-boyz').count).toBe(1);
    s = toPhase(s, port, 'charge');
    expect([s.active, s.phase, chargeDiceCount(s, port, 'p2-boyz').count]).toEqual(['p2', 'charge', 1]);
  });

  it('a 2 fails (abilityEffectSkipped "rolled 2, needed 3+"): 2 dice still', () => {
    const r = shootWith(atShooting(roster('p1', [], [heartseekers]), [1, 1, 1, 1, 1, 2]), 'p1-boyz', 'p2-boyz', 'Heartseekers');
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped' && e.name === 'Heartseekers')).toMatchObject({ why: 'rolled 2, needed 3+' });
    expect(chargeDiceCount(r.s, port, 'p2-boyz').count).toBe(2);
  });

  it('the +1: the Gutrippaz shot only at p2\'s Gutrippaz this turn, then the Shaman (Heartseekers) at them: 2 + 1 = 3 applies; Gutrippaz at the Hobgrots instead: 2 fails', () => {
    // Gutrippaz: 5 hit rolls of 1; Shaman: 1 hit roll of 1, then its dice 2.
    const dice = [1, 1, 1, 1, 1, 1, 2];
    const p1 = withShamanBow(roster('p1', [heartseekers]));
    const same = shootWith(shootWith(atShooting(p1, dice), 'p1-boyz', 'p2-boyz').s, 'p1-hero', 'p2-boyz', 'Heartseekers');
    expect(same.events.find((e) => e.type === 'abilityEffect' && e.name === 'Heartseekers' && !('afterShoot40' in (e.effect as object)))).toMatchObject({ units: ['p2-boyz'] });
    expect(chargeDiceCount(same.s, port, 'p2-boyz').count).toBe(1);
    const other = shootWith(shootWith(atShooting(p1, dice), 'p1-boyz', 'p2-gits').s, 'p1-hero', 'p2-boyz', 'Heartseekers');
    expect(other.events.find((e) => e.type === 'abilityEffectSkipped' && e.name === 'Heartseekers')).toMatchObject({ why: 'rolled 2, needed 3+' });
    expect(chargeDiceCount(other.s, port, 'p2-boyz').count).toBe(2);
  });
});

describe('Agonising Spasms: after the Shoot, if models of the one enemy unit were slain, 3+: its maximum control score is 1 for the rest of the turn', () => {
  it('1 hit (6 1 1 1 1), wound 6, save 1: 1 model slain; then a 3: p2\'s Gutrippaz max control 1; gone in p2\'s turn', () => {
    const r = shootWith(atShooting(roster('p1', [], [spasms]), [6, 1, 1, 1, 1, 6, 1, 3]), 'p1-boyz', 'p2-boyz', 'Agonising Spasms');
    expect(r.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ hits: [6, 1, 1, 1, 1], wounds: [6], saves: [1], damage: 1 });
    expect(r.events.find((e) => e.type === 'abilityEffect' && e.name === 'Agonising Spasms' && !('afterShoot40' in (e.effect as object)))).toMatchObject({ units: ['p2-boyz'], duration: 'turn', effect: { maxControl: 1 } });
    expect(maxControlScore(r.s, port, 'p2-boyz')).toBe(1);
    expect(maxControlScore(r.s, port, 'p2-gits')).toBeNull();
    let s = r.s;
    while (s.active === 'p1') s = play(s, port, [{ type: 'endPhase', player: 'p1' }]).s;
    expect(maxControlScore(s, port, 'p2-boyz')).toBeNull();
  });

  it('no model slain (5 hit rolls of 1): skipped without a dice ("no enemy models were slain by those attacks")', () => {
    const r = shootWith(atShooting(roster('p1', [], [spasms]), [1, 1, 1, 1, 1, 6]), 'p1-boyz', 'p2-boyz', 'Agonising Spasms');
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped' && e.name === 'Agonising Spasms')).toMatchObject({ why: 'no enemy models were slain by those attacks' });
    expect(maxControlScore(r.s, port, 'p2-boyz')).toBeNull();
    expect(r.s.diceScript).toEqual([6]);
  });

  it('a model slain but a 2: nothing', () => {
    const r = shootWith(atShooting(roster('p1', [], [spasms]), [6, 1, 1, 1, 1, 6, 1, 2]), 'p1-boyz', 'p2-boyz', 'Agonising Spasms');
    expect(r.events.find((e) => e.type === 'abilityEffectSkipped' && e.name === 'Agonising Spasms')).toMatchObject({ why: 'rolled 2, needed 3+' });
    expect(maxControlScore(r.s, port, 'p2-boyz')).toBeNull();
  });
});
