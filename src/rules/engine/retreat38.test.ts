/**
 * Retreats an ability permits or spares (issue 34, session 38, ab38c; `abilities/parseRetreat38.ts`,
 * `engine/retreat38.ts`). Real texts: Predator Knights (fec-001 Morbheg Knights), Too Quick to Hit-hit (skv-001, an
 * army passive). Core 14.1: Retreat, in your movement phase, for a unit in combat: D3 mortal damage, then a move up to
 * its Move characteristic that may pass through and must end outside enemy combat ranges.
 */
import { describe, expect, it } from 'vitest';
import { ability, gameAtHero, play, refused, roster, tablePortAt, timing } from './abilityKit.test-helpers';
import { parseEffect } from '../abilities/parseEffect';

const PREDATOR = 'Inflict D3 mortal damage on the target. Then, this unit can use a Retreat ability as if it were your movement phase. No mortal damage is inflicted on this unit by that Retreat ability.';
const PREDATOR_DECLARE = 'Pick an enemy unit in combat with this unit to be the target.';
const TOO_QUICK = 'No mortal damage is inflicted on friendly Skaven Infantry and Cavalry units by Retreat abilities.';
const endOfEnemyTurn = timing('Once Per Turn (Army), End of Enemy Turn', 'endOfTurn', 'enemy', { per: 'turn', army: true });
const passive = timing('Passive', 'passive', 'any');

describe('Retreats without their mortal damage, read (real texts)', () => {
  it('Predator Knights (fec-001): D3 mortal damage on the target, then a Retreat permit without mortal damage', () => {
    expect(parseEffect({ declare: PREDATOR_DECLARE, effect: PREDATOR, timing: endOfEnemyTurn, knownKeywords: [] }).resolves).toEqual([
      { mortal: 'D3', targets: 'targets' },
      { retreatNow: true, noDamage: true, targets: 'self' },
    ]);
  });

  it('Too Quick to Hit-hit (skv-001): friendly SKAVEN INFANTRY and SKAVEN CAVALRY units', () => {
    expect(parseEffect({ declare: null, effect: TOO_QUICK, timing: passive, knownKeywords: ['SKAVEN', 'INFANTRY', 'CAVALRY'] }).resolves).toEqual([
      { retreatNoDamage: true, targets: 'friendly', while: { keyword: 'SKAVEN INFANTRY' } },
      { retreatNoDamage: true, targets: 'friendly', while: { keyword: 'SKAVEN CAVALRY' } },
    ]);
  });

  it('fall-back twins stay by hand: the passive in an activated ability, a faction keyword the army lacks, three alternatives, "Retreat" permit in a passive, "without any mortal damage" after a roll (Black-hearted Lackeys)', () => {
    const read = (effect: string, t = passive, known = ['SKAVEN', 'INFANTRY', 'CAVALRY']) => parseEffect({ declare: null, effect, timing: t, knownKeywords: known }).resolves;
    expect(read(TOO_QUICK, timing('Your Hero Phase', 'hero', 'your'))).toBeNull();
    expect(read(TOO_QUICK, passive, ['KRULEBOYZ', 'INFANTRY'])).toBeNull();
    expect(read('No mortal damage is inflicted on friendly Skaven Infantry and Cavalry and Monster units by Retreat abilities.', passive, ['SKAVEN', 'INFANTRY', 'CAVALRY', 'MONSTER'])).toBeNull();
    expect(read('This unit can use a Retreat ability as if it were your movement phase.')).toBeNull();
    expect(parseEffect({ declare: PREDATOR_DECLARE, effect: 'Roll a D3. On a 2+, this unit immediately uses the \'Retreat\' ability without any mortal damage being inflicted on it. Then, inflict an amount of mortal damage on the target equal to the roll.', timing: timing('Once Per Turn (Army), Your Movement Phase', 'movement', 'your', { per: 'turn', army: true }), knownKeywords: [] }).resolves).toBeNull();
  });
});

// p1's Gutrippaz in combat with p2's Hobgrots (centres 1.4" apart); the Shaman out of the way.
const port = tablePortAt({ 'p1-hero': [4, 40], 'p1-boyz': [14, 15], 'p2-gits': [15.4, 15] });
const back = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`p1-boyz-m${i + 1}`, [[10, 15 + i * 1.3] as [number, number]]]));

describe('Predator Knights\' Retreat on the kit (its Effect on the Gutrippaz; used in p1\'s hero phase to play it in one turn)', () => {
  const heroPhase = timing('Your Hero Phase', 'hero', 'your');
  const mk = (effect: string) => ability({ name: 'Predator Knights', timing: heroPhase, declare: PREDATOR_DECLARE, effect, ...(({ picks, resolves }) => ({ picks, resolves }))(parseEffect({ declare: PREDATOR_DECLARE, effect, timing: heroPhase, knownKeywords: [] }) as never) });

  it('D3 = 2 (a D6 of 4 halved, rounding up) on the Hobgrots, then a Retreat outside the movement phase with no mortal damage (event retreat, mortal 0), 4" back to x = 10', () => {
    const s = gameAtHero(roster('p1', [], [mk(PREDATOR)]), roster('p2'), port, [4]);
    const r = play(s, port, [
      { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Predator Knights', targets: ['p2-gits'] },
      { type: 'retreat', player: 'p1', unitId: 'p1-boyz' },
      { type: 'move', player: 'p1', unitId: 'p1-boyz', kind: 'retreat', paths: back },
    ]);
    expect(r.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p2-gits', amount: 2 });
    expect(r.events.find((e) => e.type === 'retreat')).toMatchObject({ unitId: 'p1-boyz', mortal: 0 });
    expect(r.s.units['p1-boyz'].slain).toEqual([]);
    expect(r.s.positions['p1-boyz-m1']).toEqual([10, 15]);
  });

  it('without "No mortal damage ..." the permitted Retreat inflicts its D3 (a D6 of 6: 3); without the ability a Retreat in the hero phase is refused', () => {
    const s = gameAtHero(roster('p1', [], [mk(PREDATOR.replace(' No mortal damage is inflicted on this unit by that Retreat ability.', ''))]), roster('p2'), port, [4, 6]);
    const r = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Predator Knights', targets: ['p2-gits'] }, { type: 'retreat', player: 'p1', unitId: 'p1-boyz' }]);
    expect(r.events.find((e) => e.type === 'retreat')).toMatchObject({ unitId: 'p1-boyz', mortal: 3 });
    expect(refused(gameAtHero(roster('p1'), roster('p2'), port), port, { type: 'retreat', player: 'p1', unitId: 'p1-boyz' }).rule).toBe('Core 14.1');
  });
});

describe('Too Quick to Hit-hit on the kit (as "friendly Kruleboyz Infantry and Cavalry units", an army passive)', () => {
  const text = TOO_QUICK.replace('Skaven', 'Kruleboyz');
  const tooQuick = ability({ name: 'Too Quick to Hit-hit', timing: passive, effect: text, resolves: parseEffect({ declare: null, effect: text, timing: passive, knownKeywords: ['KRULEBOYZ', 'INFANTRY', 'CAVALRY'] }).resolves });

  it('the Gutrippaz (KRULEBOYZ INFANTRY) Retreat in the movement phase with no mortal damage; without the passive the D3 (a D6 of 6: 3) is inflicted', () => {
    const withIt = play(gameAtHero(roster('p1', [], [], [tooQuick]), roster('p2'), port, [6]), port, [{ type: 'endPhase', player: 'p1' }, { type: 'retreat', player: 'p1', unitId: 'p1-boyz' }]);
    expect(withIt.events.find((e) => e.type === 'retreat')).toMatchObject({ unitId: 'p1-boyz', mortal: 0, rule: expect.stringContaining('Too Quick to Hit-hit') });
    const without = play(gameAtHero(roster('p1'), roster('p2'), port, [6]), port, [{ type: 'endPhase', player: 'p1' }, { type: 'retreat', player: 'p1', unitId: 'p1-boyz' }]);
    expect(without.events.find((e) => e.type === 'retreat')).toMatchObject({ unitId: 'p1-boyz', mortal: 3 });
  });
});
