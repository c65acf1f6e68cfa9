/**
 * Faction resources read from the real roster texts (session 38, ab38b; parseResources38.ts), their fall-back twins
 * (the same shapes with a part the engine cannot play: by hand), and the import's check that a resource is used only
 * with the passive that defines it (src/army/resourceCheck38.ts).
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { checkResourceDefinitions } from '../../army/resourceCheck38';
import type { Ability } from './schema';

const KW = ['IRONJAWZ', 'MAW-GRUNTA', 'HERO', 'MONSTER', 'PRIEST', 'PESTILENS', 'INFANTRY'];

function read(timing: string, declare: string | null, effect: string, passive = false) {
  return parseEffect({ declare, effect, timing: parseTiming(timing, passive), knownKeywords: KW });
}

/** Unstoppable Momentum (ij-001: Tuskboss on Maw-grunta, Maw-grunta Gougers, Maw-grunta with Hakkin' Krew). */
const MOMENTUM =
  "Each time this unit has charged as a result of using a Charge ability, it gains 1 momentum point. Each time it uses a Run ability, it gains 2 momentum points. It can have a maximum of 3 momentum points at once.\nAdd the number of momentum points this unit has to the Damage characteristic of its Maw-grunta's Tusks. At the end of each battle round, subtract 1 from its momentum points, to a minimum of 0.";

describe('resources: the real texts', () => {
  it('Unstoppable Momentum: two triggers, a maximum, a per-point Damage modifier on the named weapon, the decay', () => {
    expect(read('', null, MOMENTUM, true).resolves).toEqual([
      { resource: 'momentum point', gain: 1, on: 'charged' },
      { resource: 'momentum point', gain: 2, on: 'run' },
      { resource: 'momentum point', max: 3 },
      { modify: 'damage', by: 1, perResource: 'momentum point', weapon: "Maw-grunta's Tusks" },
      { resource: 'momentum point', gain: -1, on: 'endOfRound' },
    ]);
  });
  it('Head of the Stampede: 1 momentum point to each target (the Declare as printed)', () => {
    const r = read('Once Per Turn (Army), Any Charge Phase', 'If this unit charged this phase, pick up to 3 friendly Maw-grunta units wholly within 12" of this unit that charged this turn to be the targets.', 'Add 1 momentum point to each target.');
    expect(r.resolves).toEqual([{ resource: 'momentum point', gain: 1, targets: 'targets' }]);
    expect(r.picks?.[0]).toMatchObject({ kind: 'friendlyUnit', count: 3, within: 12, wholly: true });
  });
  it('Flattened into the Mud: the roll plus the momentum points of this unit gates Strike-last for the turn', () => {
    const r = read('Once Per Turn (Army), Any Combat Phase', 'If this unit charged this turn, pick an enemy unit within 1" of it to be the target.', 'Roll a dice and add the number of momentum points this unit has to the roll. On a 5+, the target has Strike-last for the rest of the turn.');
    expect(r.resolves).toEqual([{ strike: 'last', targets: 'targets', duration: 'turn', if: { roll: '5+', rollAddResource: 'momentum point' } }]);
  });
  it('Rhythm of Destruction: D3 ritual points if enemy models were slain by its combat attacks this turn', () => {
    expect(read('End of Any Turn', null, "If any enemy models were slain this turn by this unit's combat attacks, give this unit D3 ritual points.").resolves).toEqual([
      { resource: 'ritual point', gain: 'D3', if: { slewInCombat: true, unit: 'self' } },
    ]);
  });
  it('Strength From Victory (ij: Gordrakk, Megaboss, Megaboss on Maw-krusha): a Waaagh! token to a maximum of 3, +1 Attacks for each until the end of the next turn', () => {
    const text = "If any damage points were allocated to an enemy unit by this unit's combat attacks this turn and that enemy unit has been destroyed, give this unit a Waaagh! token, to a maximum of 3.\nUntil the end of the next turn, add 1 to the Attacks characteristic of this unit's weapons for each Waaagh! token it has.";
    expect(read('End of Any Turn', null, text).resolves).toEqual([
      { resource: 'waaagh! token', gain: 1, max: 3, if: { destroyedInCombat: true, unit: 'self' } },
      { modify: 'attacks', by: 1, perResource: 'waaagh! token', duration: 'nextTurnEnd' },
    ]);
  });
  it('Loyal Gryph-hound (sce-002 Lord-Imperatant): a token, Ward (5+) while it is on the battlefield, removed on a save roll of 1', () => {
    const text = "This unit's Gryph-hound is a token. This unit has Ward (5+) while its Gryph-hound is on the battlefield. If you make an unmodified save roll of 1 for this unit, remove its Gryph-hound from the battlefield after the Attack ability has been resolved (the damage point is still inflicted).";
    expect(read('', null, text, true).resolves).toEqual([
      { resource: 'gryph-hound', start: 1 },
      { ward: 5, targets: 'self', while: { has: { resource: 'gryph-hound', atLeast: 1 } } },
      { resource: 'gryph-hound', gain: -1, on: 'saveOf1' },
    ]);
  });
  it('Memorian (sce-002 Lord-Terminos): +3 control to friendly Ruination Chamber units wholly within 12" while this unit has its Memorian', () => {
    const text = "This unit's Memorian is a token. Add 3 to the control scores of friendly Ruination Chamber units wholly within 12\" of this unit while its Memorian is on the battlefield. If you make an unmodified save roll of 1 for this unit, remove its Memorian from the battlefield after the Attack ability has been resolved (the damage point is still inflicted).";
    expect(parseEffect({ declare: null, effect: text, timing: parseTiming('', true), knownKeywords: [...KW, 'RUINATION CHAMBER'] }).resolves).toEqual([
      { resource: 'memorian', start: 1 },
      { modify: 'control', by: 3, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'RUINATION CHAMBER', also: { has: { resource: 'memorian', atLeast: 1 }, unit: 'self' } } },
      { resource: 'memorian', gain: -1, on: 'saveOf1' },
    ]);
  });
  it('Feed on Pestilence: 1 ritual point (a reaction)', () => {
    expect(read('Reaction: You declared a Fight ability for a friendly Pestilens unit wholly within 13" of this unit', null, 'Give this unit 1 ritual point.').resolves).toEqual([{ resource: 'ritual point', gain: 1 }]);
  });
});

describe('resources: fall-back twins stay by hand', () => {
  it('a trigger the engine does not play ("uses a Fight ability")', () => {
    expect(read('', null, 'Each time this unit uses a Fight ability, it gains 1 momentum point.', true).resolves).toBeNull();
  });
  it('a maximum without "at once", a decay without its minimum', () => {
    expect(read('', null, 'It can have a maximum of 3 momentum points.', true).resolves).toBeNull();
    expect(read('', null, 'At the end of each battle round, subtract 1 from its momentum points.', true).resolves).toBeNull();
  });
  it('a per-point modifier with a condition after the weapon', () => {
    expect(read('', null, "Add the number of momentum points this unit has to the Damage characteristic of its Maw-grunta's Tusks while it is in combat.", true).resolves).toBeNull();
  });
  it('the roll plus points gating mortal damage (its own dice would not carry the points)', () => {
    expect(read('Your Hero Phase', 'Pick an enemy unit within 1" of this unit to be the target.', 'Roll a dice and add the number of momentum points this unit has to the roll. On a 5+, inflict D3 mortal damage on the target.').resolves).toBeNull();
  });
  it('points given to the target without a pick; rage dice (You Ain\'t Gonna Show Me Up)', () => {
    expect(read('Your Hero Phase', null, 'Add 1 momentum point to each target.').resolves).toBeNull();
    expect(read('End of Any Turn', null, "If this unit used a Fight ability this turn, spend 1 rage dice. If your opponent's fury level is lower than yours, they must increase their fury level by 1, to a maximum of 7.").resolves).toBeNull();
  });
  it('Strength From Victory with its condition changed ("a friendly unit", "this phase"), or without "to a maximum of 3", or "at the end of the next turn"', () => {
    const second = "Until the end of the next turn, add 1 to the Attacks characteristic of this unit's weapons for each Waaagh! token it has.";
    expect(read('End of Any Turn', null, `If any damage points were allocated to a friendly unit by this unit's combat attacks this turn and that friendly unit has been destroyed, give this unit a Waaagh! token, to a maximum of 3.\n${second}`).resolves).toBeNull();
    expect(read('End of Any Turn', null, `If any damage points were allocated to an enemy unit by this unit's combat attacks this phase and that enemy unit has been destroyed, give this unit a Waaagh! token, to a maximum of 3.\n${second}`).resolves).toBeNull();
    expect(read('End of Any Turn', null, `If any damage points were allocated to an enemy unit by this unit's combat attacks this turn and that enemy unit has been destroyed, give this unit a Waaagh! token.\n${second}`).resolves).toBeNull();
    expect(read('End of Any Turn', null, "Give this unit a Waaagh! token. At the end of the next turn, add 1 to the Attacks characteristic of this unit's weapons for each Waaagh! token it has.").resolves).toBeNull();
  });
  it('tokens: a removal the engine does not play (a casting roll, Pot-grot), "Klonk is a token", a token aura on enemy units (Sense Unholy Sorcery)', () => {
    expect(read('', null, "This unit's Pot-grot is a token. Add 1 to casting rolls for this unit while its Pot-grot is on the battlefield. If you make an unmodified casting roll of 4 or less for this unit, remove its Pot-grot from the battlefield.", true).resolves).toBeNull();
    expect(read('', null, "Klonk is a token. You can re-roll forgin' rolls for this unit while this unit's Klonk is on the battlefield.", true).resolves).toBeNull();
    expect(
      read('', null, "This unit's Gryph-crow is a token. Subtract 1 from casting rolls and chanting rolls for enemy units within 12\" of this unit while its Gryph-crow is on the battlefield.\nIf you make an unmodified save roll of 1 for this unit, remove its Gryph-crow from the battlefield after the Attack ability has been resolved (the damage point is still inflicted).", true).resolves,
    ).toBeNull();
  });
  it('The Croneseer (dok): tokens given by a blood rite the engine does not perform', () => {
    const text = 'Each time you perform a blood rite, immediately after the ability that destroyed a unit has been resolved, give this unit 1 prophecy token.\n• While this unit has 2 or more prophecy tokens, this unit cannot be picked to be the target of shooting attacks or Spell abilities used by enemy units.';
    expect(read('', null, text, true).resolves).toBeNull();
  });
});

describe('import: a resource is used only with the passive that defines it', () => {
  const momentum: Ability = { id: 'um', name: 'Unstoppable Momentum', source: 'warscroll', timing: parseTiming('', true), declare: null, effect: MOMENTUM, keywords: [], resolves: read('', null, MOMENTUM, true).resolves };
  const stampede: Ability = { id: 'hs', name: 'Head of the Stampede', source: 'warscroll', timing: parseTiming('Any Charge Phase', false), declare: 'Pick a friendly unit to be the target.', effect: 'Add 1 momentum point to each target.', keywords: [], resolves: [{ resource: 'momentum point', gain: 1, targets: 'targets' }] };
  const rhythm: Ability = { id: 'rd', name: 'Rhythm of Destruction', source: 'warscroll', timing: parseTiming('End of Any Turn', false), declare: null, effect: 'give this unit D3 ritual points', keywords: [], resolves: [{ resource: 'ritual point', gain: 'D3' }] };
  it('with Unstoppable Momentum in the army, Head of the Stampede stays auto', () => {
    const lists = [[stampede], [momentum]];
    expect(checkResourceDefinitions(lists)).toBe(0);
    expect(lists[0][0].resolves).not.toBeNull();
  });
  it('without it (or with it by hand), Head of the Stampede goes to by hand; ritual points need no definition', () => {
    const lists = [[stampede, rhythm], [{ ...momentum, resolves: null }]];
    expect(checkResourceDefinitions(lists)).toBe(1);
    expect(lists[0][0].resolves).toBeNull();
    expect(lists[0][1].resolves).not.toBeNull();
  });
});
