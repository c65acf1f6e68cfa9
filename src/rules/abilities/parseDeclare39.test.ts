/**
 * Session 39 (sh39d): a spell's pick "within 18"" with no unit named, read from the caster (parseDeclare39.ts), on the
 * real text of skv-001 (Tectonic Splintering), with fall-back twins that stay by hand.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { importArmy } from '../../army/importArmy';
import { abilityRows } from '../../army/abilityReport';

const EFFECT = 'Until the start of your next turn, subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1.';
const parse = (declare: string, timing = 'Your Hero Phase') => parseEffect({ declare, effect: EFFECT, timing: parseTiming(timing, false), knownKeywords: ['SKAVEN', 'WIZARD'] });

describe('"within 18"" of the caster in a spell\'s pick', () => {
  it('Tectonic Splintering (skv-001, Verminlord Warpseer): a visible enemy unit within 18" of this unit; fewer charge dice until your next turn', () => {
    const r = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/skv-001-all-units/list.json')), 'skv/list.json');
    const a = abilityRows(r.army).find((x) => x.ability.name === 'Tectonic Splintering')!.ability;
    expect(a.picks).toEqual([{ kind: 'enemyUnit', visible: true, within: 18 }]);
    expect(a.resolves).toEqual([{ modify: 'chargeDice', by: -1, targets: 'targets', duration: 'nextTurnStart' }]);
  });

  it('stay by hand: no casting roll (not a spell), another range after it, a second unit', () => {
    expect(parse('Pick a visible enemy unit within 18" to be the target.').resolves).toBeNull();
    expect(parse('Pick a visible enemy unit within 18" of an objective to be the target, then make a casting roll of 2D6.').resolves).toBeNull();
    expect(parse('Pick a visible enemy unit within 18" and a friendly unit to be the targets, then make a casting roll of 2D6.').resolves).toBeNull();
    // The same range written out reads the same.
    expect(parse('Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.').picks).toEqual(parse('Pick a visible enemy unit within 18" to be the target, then make a casting roll of 2D6.').picks);
  });
});
