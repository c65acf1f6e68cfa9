/**
 * "Roll a dice. On a N+:" followed by a list of effects (session 37, tail37b; parseRollList37.ts): the real
 * roster texts read, and texts of the same shape with an item the engine cannot apply left to be resolved by hand.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';

const KW = ['SERFS', 'KNIGHTS', 'FLESH-EATER COURTS', 'INFANTRY', 'HERO', 'MONSTER'];

function parse(declare: string, effect: string, timing = 'Once Per Turn (Army), Your Hero Phase') {
  return parseEffect({ declare, effect, timing: parseTiming(timing, false), knownKeywords: KW });
}

const SERVANTS_DECLARE = 'Pick a friendly Serfs or Knights unit wholly within 12" of this unit to be the target.';
const SERVANTS = 'Roll a dice. On a 3+:\n• If the target is a Serfs unit, return up to 3 slain models to it.\n• If the target is a Knights unit, return 1 slain model to it.';

describe('Countless Servants (fec-001): one dice, each item gated by it and by the keyword of the target', () => {
  it('reads two returnModels effects sharing the one 3+ roll (rollOnce), each with its keyword', () => {
    const r = parse(SERVANTS_DECLARE, SERVANTS);
    expect(r.resolves).toEqual([
      { returnModels: 3, targets: 'targets', if: { roll: '3+', rollOnce: true, keyword: 'SERFS' } },
      { returnModels: 1, targets: 'targets', if: { roll: '3+', rollOnce: true, keyword: 'KNIGHTS' } },
    ]);
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', within: 12, wholly: true, anyKeyword: ['SERFS', 'KNIGHTS'] }]);
  });

  it('a keyword the army does not have, a sentence after the list, or one item only: by hand', () => {
    expect(parse(SERVANTS_DECLARE, SERVANTS.replace('a Knights unit', 'a Ghoul Courtier unit')).resolves).toBeNull();
    expect(parse(SERVANTS_DECLARE, `${SERVANTS}\nThen, this unit has Strike-last for the rest of the turn.`).resolves).toBeNull();
    expect(parse(SERVANTS_DECLARE, 'Roll a dice. On a 3+:\n• If the target is a Serfs unit, return up to 3 slain models to it.').resolves).toBeNull();
  });

  it('several targets (each would roll its own dice, Core 28.0): by hand', () => {
    expect(parse('Pick up to 2 friendly Serfs units wholly within 12" of this unit to be the targets.', SERVANTS).resolves).toBeNull();
  });
});

describe('lists with an item not read stay by hand (the real texts)', () => {
  const ENEMY = 'Pick an enemy unit in combat with this unit to be the target.';
  it('Scrap-bang (kb-001) is read whole since session 41 (sh41a, engine/scrapBang41a.test.ts); its twin with a Ward item instead of the Retreat stays by hand (mortal damage in a list gates itself)', () => {
    const r = parse(ENEMY, "Roll a dice. On a 3+:\n• Inflict 1 mortal damage on the target.\n• This unit has Ward (5+) for the rest of the turn.", 'End of Any Turn');
    expect(r.resolves).toBeNull();
    expect(r.unparsed).toBe('Inflict 1 mortal damage on the target');
  });
  it('Terrifying Monstrosity (skv-001): the first item reads, the control score "equal to the roll" does not', () => {
    const r = parse('Pick an enemy Infantry unit in combat with this unit to be the target.', "Roll a dice. On a 3+:\n• The target cannot use commands for the rest of the turn.\n• Subtract an amount equal to the roll from the target's control score until the start of your next turn.", 'Once Per Turn (Army), Any Combat Phase');
    expect(r.resolves).toBeNull();
    expect(r.unparsed).toMatch(/^Subtract an amount equal to the roll/);
  });
  it('Gaze of the Gnaw (skv-001): "for the rest of the turn:" lead, its items not read', () => {
    const r = parse(ENEMY, "Roll a dice. On a 2+, for the rest of the turn:\n• If this unit is in combat with the target when the target is picked to use a Fight ability, all of the target's attacks must target this unit.\n• Subtract 1 from hit rolls and wound rolls for the target's combat attacks that target this unit.", 'Once Per Turn (Army), Any Combat Phase');
    expect(r.resolves).toBeNull();
  });
  it('a list of two readable items under "On a 2+, for the rest of the turn:" reads both with the duration and one roll', () => {
    // The items are the first item of Terrifying Monstrosity and Vice-like Grip's "has Strike-last" (sce-002), in the lead of Gaze of the Gnaw.
    const r = parse(ENEMY, 'Roll a dice. On a 2+, for the rest of the turn:\n• The target cannot use commands.\n• The target has Strike-last.', 'Once Per Turn (Army), Any Combat Phase');
    expect(r.resolves).toEqual([
      { noCommands: true, targets: 'targets', duration: 'turn', if: { roll: '2+', rollOnce: true } },
      { strike: 'last', targets: 'targets', duration: 'turn', if: { roll: '2+', rollOnce: true } },
    ]);
  });
});

describe('Vice-like Grip (sce-002): "Roll 2D6. If the result exceeds the target\'s Health characteristic, for the rest of the turn:" + a list', () => {
  const DECLARE = 'Pick an enemy non-Monster Hero in combat with this unit to be the target.';
  const GRIP = "Roll 2D6. If the result exceeds the target's Health characteristic, for the rest of the turn:\n• The target has Strike-last.\n• The target cannot use commands.";
  const T = 'Once Per Turn (Army), Any Charge Phase';
  it('reads both items for the turn, gated by one 2D6 roll against the Health', () => {
    const gate = { rollHealth: { dice: '2D6', test: 'exceeds' }, rollOnce: true };
    expect(parse(DECLARE, GRIP, T).resolves).toEqual([
      { strike: 'last', targets: 'targets', duration: 'turn', if: gate },
      { noCommands: true, targets: 'targets', duration: 'turn', if: gate },
    ]);
  });
  it('"equals or exceeds" reads atLeast; an item not read, an item with a condition of its own, or a sentence after: by hand', () => {
    expect(parse(DECLARE, GRIP.replace('If the result exceeds', 'If the result equals or exceeds'), T).resolves?.[0].if).toEqual({ rollHealth: { dice: '2D6', test: 'atLeast' }, rollOnce: true });
    expect(parse(DECLARE, GRIP.replace('The target cannot use commands.', 'The target cannot use Fight abilities.'), T).resolves).toBeNull();
    expect(parse(DECLARE, GRIP.replace('The target has Strike-last.', 'If the target charged this turn, the target has Strike-last.'), T).resolves).toBeNull();
    expect(parse(DECLARE, `${GRIP}\nThis unit has Strike-first for the rest of the turn.`, T).resolves).toBeNull();
  });
});
