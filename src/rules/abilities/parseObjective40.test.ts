/**
 * Session 40 (sh40d; docs/abilities.md "Objective picks ..., session 40 (sh40d)"): the real roster texts of Ordained
 * Quest and His Will Be Done (sce-002 Knight-Questor, Questor Soulsworn) read by `parseObjective40.ts`, and fall-back
 * twins of the same shapes that must stay by hand.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { describeCondition } from './describe';

const QUEST = 'Pick an objective wholly outside friendly territory. That objective is considered by you to be questmarked.';
const WILL = "While this unit is contesting a questmarked objective:\n• Add 3 to this unit's control score.\n• This unit has Ward (5+).";
const deploy = parseTiming('Once Per Battle (Army), Deployment Phase', false);
const passive = parseTiming('Passive', true);
const read = (effect: string, timing = passive, declare: string | null = null) => parseEffect({ declare, effect, timing, knownKeywords: ['STORMCAST ETERNALS', 'HERO', 'INFANTRY'] });

describe('Ordained Quest: an objective picked and marked (sce-002)', () => {
  it('the real text: an objective pick wholly outside friendly territory, and the mark', () => {
    expect(read(QUEST, deploy)).toEqual({ resolves: [{ markObjective: 'questmarked' }], picks: [{ kind: 'objective', outsideTerritory: 'friendly' }] });
  });
  it('fall-back twins stay by hand: another territory, another mark, a Declare of its own, a passive', () => {
    expect(read(QUEST.replace('wholly outside friendly', 'wholly within enemy'), deploy).resolves).toBeNull();
    expect(read(QUEST.replace('questmarked', 'hallowed'), deploy).resolves).toBeNull();
    expect(read(QUEST, deploy, 'Pick a friendly unit to be the target.').resolves).toBeNull();
    expect(read(QUEST, passive).resolves).toBeNull();
  });
});

describe('His Will Be Done: "While this unit is contesting a questmarked objective:" and a list (sce-002)', () => {
  it('the real text: each bullet with the condition', () => {
    expect(read(WILL)).toEqual({
      resolves: [
        { modify: 'control', by: 3, targets: 'self', while: { contesting: 'questmarked', unit: 'self' } },
        { ward: 5, targets: 'self', while: { contesting: 'questmarked', unit: 'self' } },
      ],
    });
  });
  it('the condition in words (the by-hand dialog, the unit card)', () => {
    expect(describeCondition({ contesting: 'questmarked', unit: 'self' })).toContain('contesting an objective its player questmarked');
  });
  it('the same list with a condition the engine reads (an objective you control) reads the same way', () => {
    expect(read(WILL.replace('a questmarked objective', 'an objective you control')).resolves).toEqual([
      { modify: 'control', by: 3, targets: 'self', while: { contesting: 'controlled', unit: 'self' } },
      { ward: 5, targets: 'self', while: { contesting: 'controlled', unit: 'self' } },
    ]);
  });
  it('fall-back twins stay by hand: a state not read ("a hallowed objective"), a bullet not read, an activated ability', () => {
    expect(read(WILL.replace('questmarked', 'hallowed')).resolves).toBeNull();
    expect(read(WILL.replace('This unit has Ward (5+).', 'This unit can move through walls.')).resolves).toBeNull();
    expect(read(WILL, parseTiming('Your Hero Phase', false)).resolves).toBeNull();
  });
});
