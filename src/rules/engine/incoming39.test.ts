/**
 * Session 39 (sh39d): "Add 1 to wound rolls for combat attacks made by friendly <K> units that target that enemy unit
 * for the rest of the turn." (Coordinated Strike, sce-002; parseIncoming39.ts) in play: an `incoming` wound modifier on
 * the target for the attacks of units with the keywords only (Core 17.1), here with Kruleboyz keywords on the test table.
 */

import { describe, expect, it } from 'vitest';
import { gameAtHero, play, readAbility, roster, tablePortAt, timing, toPhase } from './abilityKit.test-helpers';
import type { Ability } from '../abilities/schema';
import type { GameState } from './state';

/** Coordinated Strike's Effect as printed with the test army's keyword; a plain Declare (the real one is `attackHistory39.test.ts`'s shape). */
const strike = (): Ability =>
  readAbility(
    { name: 'Coordinated Strike', timing: timing('Your Hero Phase', 'hero', 'your'), declare: 'Pick an enemy unit within 12" of this unit to be the target.', effect: 'Add 1 to wound rolls for combat attacks made by friendly Kruleboyz units that target that enemy unit for the rest of the turn.' },
    ['KRULEBOYZ', 'INFANTRY', 'HERO'],
  );

const port = tablePortAt({ 'p1-hero': [30, 15], 'p2-hero': [31.5, 15], 'p1-gits': [31.5, 17] });
const DICE = Array.from({ length: 40 }, () => 4);

/** p1 uses the ability on p2's Shaman (or not), then in the combat phase `attacker` fights it; the attacks' event. */
function fightAfter(use: boolean, attacker: string) {
  const s0 = gameAtHero(roster('p1', [strike()]), roster('p2'), port);
  const s1 = use ? play(s0, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Coordinated Strike', targets: ['p2-hero'] }]).s : s0;
  const f = play({ ...toPhase(s1, port, 'combat'), diceScript: DICE } as GameState, port, [{ type: 'fight', player: 'p1', unitId: attacker, target: 'p2-hero' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
  return f.events.find((e) => e.type === 'attacksResolved') as unknown as { woundModifier?: number; abilities?: string[] };
}

describe('incoming wound modifier for the attacks of friendly K units (Coordinated Strike)', () => {
  it('reads as an incoming +1 wound for melee attacks by KRULEBOYZ units on the target', () => {
    expect(strike().resolves).toEqual([{ modify: 'wound', by: 1, attacks: 'melee', incoming: true, against: ['KRULEBOYZ'], targets: 'targets', duration: 'turn' }]);
  });
  it('the Shaman (KRULEBOYZ) fighting the target: wound modifier +1; without the ability: none', () => {
    expect(fightAfter(true, 'p1-hero').woundModifier).toBe(1);
    expect(fightAfter(false, 'p1-hero').woundModifier).toBeUndefined();
  });
  it('the Hobgrot Slittaz (INFANTRY, not KRULEBOYZ) fighting the same target: no modifier', () => {
    expect(fightAfter(true, 'p1-gits').woundModifier).toBeUndefined();
  });
});
