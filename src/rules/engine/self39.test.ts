/**
 * Session 39 (sh39d): Mantle of the First Storm and Lightning Quick (sce-002; parseSelf39.ts) in play with scripted
 * dice on the test table: a Fight ability slays models, then the heal at the end of the turn; a Retreat without its D3.
 */

import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import type { Ability } from '../abilities/schema';
import { modified } from '../abilities/passives';
import type { GameState } from './state';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD'];
const mantle = (): Ability => readAbility({ name: 'Mantle of the First Storm', timing: timing('End of Any Turn', 'endOfTurn', 'any'), declare: '', effect: "If any enemy models were slain by this unit's attacks this turn, Heal (4) this unit." }, KNOWN);
const quick = (): Ability => readAbility({ name: 'Lightning Quick', timing: timing('Passive', 'passive', 'any'), declare: '', effect: 'No mortal damage is inflicted on this unit by Retreat abilities.' }, KNOWN);

describe('Mantle of the First Storm: Heal (4) if enemy models were slain by this unit\'s attacks this turn', () => {
  const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-gits': [31.5, 15] });
  /** The Shaman (3 damage points) fights the Slittaz (Save 6+, Health 1) with the dice given, then the turn's end. */
  function foughtThenEnd(dice: number[], gitsFight = false) {
    const s0 = gameAtHero(roster('p1', [mantle()]), roster('p2'), port);
    const hurt = structuredClone(toPhase(s0, port, 'combat'));
    hurt.units['p1-hero'].damage = 3;
    const f = play({ ...hurt, diceScript: dice } as GameState, port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-gits' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]).s;
    // The Slittaz left alive fight back (their hits: the next dice).
    const g = gitsFight ? play(f, port, [{ type: 'fight', player: 'p2', unitId: 'p2-gits', target: 'p1-hero' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]).s : f;
    return toPhase(g, port, 'endOfTurn');
  }

  it('hits 4 4 4, wounds 3 3 3, saves 2 2 2 (Rend 1), Damage D3 1 1 1 → 3 Slittaz slain; at the end of the turn 3 damage points healed (Heal 4)', () => {
    const end = foughtThenEnd([4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1]);
    expect(end.units['p2-gits'].slain).toHaveLength(3);
    expect(end.units['p1-hero'].damage).toBe(3);
    const r = play(end, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Mantle of the First Storm' }]);
    expect(r.s.units['p1-hero'].damage).toBe(0);
  });

  it('every attack missed (hits 1 1 1; the Slittaz\' 1 1 1 too): no model slain, the heal is skipped (3 damage points stay)', () => {
    const end = foughtThenEnd([1, 1, 1, 1, 1, 1], true);
    const r = play(end, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Mantle of the First Storm' }]);
    expect(r.s.units['p1-hero'].damage).toBe(3);
    expect(r.events.some((e) => e.type === 'abilityEffectSkipped')).toBe(true);
  });
});

describe('Lightning Quick: no mortal damage on this unit from Retreat abilities (Core 14.1)', () => {
  const port = tablePortAt({ 'p1-boyz': [30, 15], 'p2-boyz': [31.5, 15] });
  const retreatIn = (boyz: Ability[]) => {
    const s0 = gameAtHero(roster('p1', [], boyz), roster('p2'), port);
    const mv = toPhase(s0, port, 'movement');
    return play({ ...mv, diceScript: [5] } as GameState, port, [{ type: 'retreat', player: 'p1', unitId: 'p1-boyz' }]);
  };
  it('with it: the Retreat inflicts 0 (rule named); without it the scripted die 5 (a D3 of 3) slays 3 Gutrippaz (Health 1)', () => {
    const spared = retreatIn([quick()]);
    expect(spared.events.find((e) => e.type === 'retreat')).toMatchObject({ mortal: 0, rule: expect.stringContaining('Lightning Quick') });
    expect(spared.s.units['p1-boyz'].slain).toHaveLength(0);
    const plain = retreatIn([]);
    expect(plain.events.find((e) => e.type === 'retreat')).toMatchObject({ mortal: 3 });
    expect(plain.s.units['p1-boyz'].slain).toHaveLength(3);
  });
});

describe('Cruel Commander (skv-001): "Inflict 1 mortal damage on the target. Then, add 5 to the target\'s control score until the start of your next turn."', () => {
  const port = tablePortAt({});
  const cruel = (): Ability =>
    readAbility({ name: 'Cruel Commander', timing: timing('Your Hero Phase', 'hero', 'your'), declare: 'Pick a friendly non-Hero Kruleboyz Infantry unit wholly within 13" of this unit to be the target.', effect: "Inflict 1 mortal damage on the target. Then, add 5 to the target's control score until the start of your next turn." }, KNOWN);
  it('on the Gutrippaz (5 models, Health 1): 1 model slain, then control score +5', () => {
    const s0 = gameAtHero(roster('p1', [cruel()]), roster('p2'), tablePortAt({ 'p1-boyz': [14, 20] }));
    const r = play(s0, tablePortAt({ 'p1-boyz': [14, 20] }), [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Cruel Commander', targets: ['p1-boyz'] }]);
    expect(r.s.units['p1-boyz'].slain).toHaveLength(1);
    expect(modified(r.s, port, 'p1-boyz', 'control').add).toBe(5);
  });
});
