/**
 * "Roll a dice. On a 3+, pick 1 of the following effects:" (session 39, sh39a; parseChoice39.ts): the real texts of
 * sce-002 (Light in the Dark, The Light of Sigmar, Knight-Azyros and Tornus the Redeemed) read whole, and twins of the
 * same shape that stay by hand (Rampaging Destruction's lead-in, a branch of mortal damage, a Declare of several
 * units, "pick up to 2", a branch with a non-keyword).
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';

const SCE = ['STORMCAST ETERNALS', 'HERO', 'INFANTRY', 'CAVALRY', 'MONSTER', 'PROSECUTORS'];
const NAMES = ['Knight-Azyros', 'Prosecutors', 'Tornus the Redeemed'];
const endOfTurn = parseTiming('Once Per Turn (Army), End of Any Turn');
const combat = parseTiming('Any Combat Phase');
const read = (declare: string | null, effect: string, timing = combat) => parseEffect({ declare, effect, timing, knownKeywords: SCE, unitNames: NAMES });

const LIGHT_IN_THE_DARK = `Roll a dice. On a 3+, pick 1 of the following effects:
• If the target is in combat, the target can immediately use the 'Retreat' ability as if it were your movement phase without any mortal damage being inflicted on it.
• If the target is not in combat, the target can immediately use the 'Normal Move' ability as if it were your movement phase.`;
const RETREAT = "If the target is in combat, the target can immediately use the 'Retreat' ability as if it were your movement phase without any mortal damage being inflicted on it.";
const MOVE = "If the target is not in combat, the target can immediately use the 'Normal Move' ability as if it were your movement phase.";
const LIGHT_OF_SIGMAR = `Roll a dice. On a 3+, pick 1 of the following effects:
• For the rest of the turn, subtract 1 from hit rolls for attacks made by enemy units while they are in combat with this unit.
• Heal (D3) each friendly Stormcast Eternals unit within this unit's combat range.`;
const BLIND = 'For the rest of the turn, subtract 1 from hit rolls for attacks made by enemy units while they are in combat with this unit.';
const HEAL = "Heal (D3) each friendly Stormcast Eternals unit within this unit's combat range.";

describe('Light in the Dark (sce-002 Knight-Azyros): a gated choice on the Declare\'s one target', () => {
  const declare = 'Pick a friendly Prosecutors unit wholly within 12" of this unit to be the target.';
  it('the real text: Retreat without mortal damage if in combat, a Normal Move if not, both behind one 3+ for the use', () => {
    expect(read(declare, LIGHT_IN_THE_DARK, endOfTurn)).toEqual({
      resolves: [
        { retreatNow: true, noDamage: true, targets: 'targets', if: { inCombat: true, roll: '3+', rollOnce: 'use' }, choice: RETREAT },
        { movementPhaseMove: 'normal', targets: 'targets', if: { inCombat: false, roll: '3+', rollOnce: 'use' }, choice: MOVE },
      ],
      picks: [
        { kind: 'friendlyUnit', within: 12, wholly: true, keyword: 'PROSECUTORS' },
        { kind: 'choice', choices: [RETREAT, MOVE] },
      ],
    });
  });
  it('twins by hand: up to 3 targets ("the target" is no one unit); no Declare; a branch of mortal damage (gated by a roll of its own)', () => {
    expect(read('Pick up to 3 friendly Prosecutors units wholly within 12" of this unit to be the targets.', LIGHT_IN_THE_DARK, endOfTurn).resolves).toBeNull();
    expect(read(null, LIGHT_IN_THE_DARK, endOfTurn).resolves).toBeNull();
    expect(read(declare, `Roll a dice. On a 3+, pick 1 of the following effects:\n• Inflict D3 mortal damage on the target.\n• ${MOVE}`, endOfTurn).resolves).toBeNull();
  });
});

describe('The Light of Sigmar (sce-002 Knight-Azyros, Tornus the Redeemed): one dice for the use, then an enemy aura or a heal around this unit', () => {
  it('the real text: -1 to hit for enemy units in combat with this unit for the rest of the turn, or Heal (D3) each friendly Stormcast Eternals unit within 3"', () => {
    expect(read(null, LIGHT_OF_SIGMAR)).toEqual({
      resolves: [
        { modify: 'hit', by: -1, attacks: 'all', targets: 'enemy', duration: 'turn', while: { within: 3, of: 'self' }, if: { roll: '3+', rollOnce: 'use' }, choice: BLIND },
        { heal: 'D3', targets: 'friendly', if: { within: 3, of: 'self', keyword: 'STORMCAST ETERNALS', roll: '3+', rollOnce: 'use' }, choice: HEAL },
      ],
      picks: [{ kind: 'choice', choices: [BLIND, HEAL] }],
    });
  });
  it('twins by hand: "pick up to 2"; a sentence after the branches; a group that is no keyword of the army; Rampaging Destruction\'s lead-in (ij / kb / sob Kragnos)', () => {
    expect(read(null, LIGHT_OF_SIGMAR.replace('pick 1 of the following effects', 'pick up to 2 of the following effects')).resolves).toBeNull();
    expect(read(null, `${LIGHT_OF_SIGMAR}\nThis unit cannot use this ability again this battle.`).resolves).toBeNull();
    expect(read(null, LIGHT_OF_SIGMAR.replace('friendly Stormcast Eternals unit', 'friendly Redeemer unit')).resolves).toBeNull();
    expect(
      // Session 41 (sh41d) reads the real text (rampage41d.test.ts); "within 2"" stays by hand.
      read(null, `If this unit charged this phase, pick 1 of the following effects:\n• Roll a dice for each enemy unit within 2" of this unit. On a 2+, inflict an amount of mortal damage on that unit equal to the roll.\n• Pick an enemy Monster in combat with this unit and roll 2D6. On a 7, this ability has no effect. Otherwise, inflict an amount of mortal damage on that unit equal to the results on the dice used for the 2D6 roll multiplied together.`, parseTiming('Once Per Turn (Army), Any Charge Phase')).resolves,
    ).toBeNull();
  });
});
