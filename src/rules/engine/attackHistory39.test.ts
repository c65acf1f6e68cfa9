/**
 * Session 39 (sh39d): abilities whose Declare picks a unit by what this unit's attacks did to it (attackHistory39.ts,
 * abilities/attackedBy39.ts), played with scripted dice on the test table: a Shoot ability's damage sequence
 * (Core 16.0, 17.0, 18.0) records the target, then the ability is used on it.
 */

import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, refused, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import { abilityStrike, hasKeywordNow } from '../abilities/passives';
import { attackedByHolds } from '../abilities/attackedBy39';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD'];
const SHOOTING = timing('Once Per Turn (Army), Any Shooting Phase', 'shooting', 'any', { per: 'turn', army: true });

/** Hurricane Winds (lrl-001), as printed. */
const hurricane = (): Ability =>
  readAbility({ name: 'Hurricane Winds', timing: SHOOTING, declare: "Pick an enemy unit that had any damage points allocated to it this turn by this unit's shooting attacks to be the target.", effect: 'Roll a dice. On a 3+, the target has Strike-last for the rest of the turn.' }, KNOWN);
/** Spirit-scouring Flames' Declare (sce-002) with the test unit's ranged weapon (Bow) named; its Effect as printed. */
const flames = (weapon: string): Ability =>
  readAbility({ name: 'Spirit-scouring Flames', timing: SHOOTING, declare: `Pick an enemy unit that had any damage points allocated to it this turn by attacks made with this unit's ${weapon} to be the target.`, effect: 'The target has the Soulburned keyword for the rest of the battle.' }, KNOWN);
/** Hail of Bolts (sce-002), as printed. */
const hail = (): Ability =>
  readAbility({ name: 'Hail of Bolts', timing: SHOOTING, declare: "Pick a visible enemy Infantry unit that had any models slain this phase by this unit's shooting attacks to be the target.", effect: 'Roll a dice. On a 3+, for the rest of the turn, subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1.' }, KNOWN);
/** Blinding Bolts (lrl-001), as printed. */
const blinding = (): Ability =>
  readAbility({ name: 'Blinding Bolts', timing: SHOOTING, declare: "Pick an enemy unit that was targeted by all this unit's shooting attacks this phase to be the target.", effect: 'Roll a dice. Add 1 to the roll if the target is a Monster. On a 3+, subtract 1 from hit rolls for the target\'s attacks for the rest of the turn.' }, KNOWN);

// p1's Gutrippaz (5 models, a Bow each: 1 attack, 4+ to hit, 4+ to wound, Rend 0, Damage 1) 10" from p2's units.
const port = tablePortAt({ 'p1-boyz': [30, 15], 'p2-gits': [40, 15], 'p2-hero': [40, 30], 'p2-boyz': [55, 40] });

/** p1's shooting phase, the Gutrippaz shoot `target` with the dice given (5 hit rolls, then wound and save rolls). */
function shotAt(abilities: Ability[], target: string, dice: number[]): GameState {
  const s0 = gameAtHero(roster('p1', [], abilities), roster('p2'), port);
  const sh = toPhase(s0, port, 'shooting');
  return play({ ...sh, diceScript: dice } as GameState, port, [{ type: 'shoot', player: 'p1', unitId: 'p1-boyz', target }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]).s;
}

describe('attack history picks (attackedBy) in play', () => {
  it('Hurricane Winds: hits 4 4 1 1 1, wounds 5 4, saves 2 2 (6+ Save) → 2 damage points on the Hobgrot Slittaz, 2 models slain; then a 3 → Strike-last on them', () => {
    const s = shotAt([hurricane()], 'p2-gits', [4, 4, 1, 1, 1, 5, 4, 2, 2]);
    expect(s.units['p2-gits'].slain).toHaveLength(2);
    expect(s.units['p1-boyz'].turn.attacks39).toEqual([{ phase: 'shooting', shooting: true, targets: ['p2-gits'], damaged: [{ target: 'p2-gits', weapons: ['Bow'], slain: true }] }]);
    // A unit the Bows did not damage: refused (the Declare's condition).
    expect(refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Hurricane Winds', targets: ['p2-hero'] }).reason).toMatch(/had damage allocated by its shooting attacks this turn/);
    const used = play({ ...s, diceScript: [3] } as GameState, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Hurricane Winds', targets: ['p2-gits'] }]).s;
    expect(abilityStrike(used, port, 'p2-gits')).toEqual({ first: false, last: true });
  });

  it('every attack missed (hits 1 1 1 1 1): nothing allocated, so no unit can be picked', () => {
    const s = shotAt([hurricane()], 'p2-gits', [1, 1, 1, 1, 1]);
    expect(s.units['p1-boyz'].turn.attacks39).toEqual([{ phase: 'shooting', shooting: true, targets: ['p2-gits'], damaged: [] }]);
    refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Hurricane Winds', targets: ['p2-gits'] });
  });

  it('a named weapon: damage from the Bow lets "attacks made with this unit\'s Bow" pick the unit, not "... Wicked Hacka"', () => {
    const s = shotAt([flames('Bow')], 'p2-gits', [4, 1, 1, 1, 1, 4, 2]);
    const used = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Spirit-scouring Flames', targets: ['p2-gits'] }]);
    expect(hasKeywordNow(used.s, port, 'p2-gits', 'SOULBURNED')).toBe(true);
    const hacka = shotAt([flames('Wicked Hacka')], 'p2-gits', [4, 1, 1, 1, 1, 4, 2]);
    refused(hacka, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Spirit-scouring Flames', targets: ['p2-gits'] });
  });

  it('Hail of Bolts: models slain on the Slittaz (Health 1) → pickable; 2 damage points on the Shaman (Health 5), none slain → refused', () => {
    const gits = shotAt([hail()], 'p2-gits', [4, 4, 1, 1, 1, 5, 4, 2, 2]);
    play({ ...gits, diceScript: [3] } as GameState, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Hail of Bolts', targets: ['p2-gits'] }]);
    // The Shaman (Save 5+): hits 4 4, wounds 4 4, saves 2 2 → 2 damage points, no model slain.
    const hero = shotAt([hail()], 'p2-hero', [4, 4, 1, 1, 1, 4, 4, 2, 2]);
    expect(hero.units['p2-hero'].damage).toBe(2);
    expect(refused(hero, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Hail of Bolts', targets: ['p2-hero'] }).reason).toMatch(/had models slain/);
  });

  it('Blinding Bolts: the unit all the shooting attacks of this phase targeted (even with no damage) → pickable; another unit → refused; "this phase": not in the next phase', () => {
    const s = shotAt([blinding()], 'p2-gits', [1, 1, 1, 1, 1]);
    refused(s, port, { type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Blinding Bolts', targets: ['p2-hero'] });
    const used = play({ ...s, diceScript: [3] } as GameState, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-boyz', ability: 'Blinding Bolts', targets: ['p2-gits'] }]);
    expect(used.events.some((e) => e.type === 'abilityEffect')).toBe(true);
    // In the charge phase the shooting phase's attacks are no longer "this phase" (the condition as the engine checks it).
    const cond = { what: 'targetedByAll', shooting: true, phase: true } as const;
    expect(attackedByHolds(s, cond, 'p2-gits', 'p1-boyz')).toBe(true);
    const later = play(s, port, [{ type: 'endPhase', player: 'p1' }]).s;
    expect(later.phase).toBe('charge');
    expect(attackedByHolds(later, cond, 'p2-gits', 'p1-boyz')).toBe(false);
    // "This turn" still holds in the charge phase (Hurricane Winds' condition).
    expect(attackedByHolds(later, { what: 'targetedByAll', shooting: true }, 'p2-gits', 'p1-boyz')).toBe(true);
  });
});
