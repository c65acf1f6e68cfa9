/**
 * Session 40 (sh40d): Black Horror of Ulgu's Declare (dok-001, real text) read by `parsePoint40.ts` and its Effect by
 * `parsePermissions.ts` (`noRun`), with fall-back twins of the same shape that must stay by hand.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';

const DECLARE = 'Pick a friendly Daughters of Khaine Wizard to cast this spell, pick a point on the battlefield within 18" of them, pick up to 3 enemy units within 3" of that point to be the targets, then make a casting roll of 2D6.';
const EFFECT = 'The targets cannot use Run abilities until the start of your next turn.';
const read = (declare: string, effect = EFFECT) => parseEffect({ declare, effect, timing: parseTiming('Your Hero Phase', false), knownKeywords: ['DAUGHTERS OF KHAINE', 'WIZARD', 'HERO'] });

describe('"pick a point on the battlefield within 18" of them, pick up to 3 enemy units within 3" of that point" (Black Horror of Ulgu)', () => {
  it('the real text: a point pick within 18" of the caster, then up to 3 enemy units within 3" of the point; no Run until the start of the next turn', () => {
    expect(read(DECLARE)).toEqual({
      resolves: [{ noRun: true, targets: 'targets', duration: 'nextTurnStart' }],
      picks: [{ kind: 'point', within: 18 }, { kind: 'enemyUnit', count: 3, within: 3, fromPoint: true }],
    });
  });
  it('a keyword in the unit clause is kept (an enemy Hero within 3" of that point)', () => {
    expect(read(DECLARE.replace('up to 3 enemy units', 'an enemy Hero').replace('to be the targets', 'to be the target'), 'The target cannot use Run abilities until the start of your next turn.').picks).toEqual([
      { kind: 'point', within: 18 },
      { kind: 'enemyUnit', keyword: 'HERO', within: 3, fromPoint: true },
    ]);
  });
  it('fall-back twins stay by hand: visible from the point, wholly within the point\'s range, a range of its own, an effect not read', () => {
    expect(read(DECLARE.replace('up to 3 enemy units within 3"', 'up to 3 visible enemy units within 3"')).resolves).toBeNull();
    expect(read(DECLARE.replace('units within 3" of that point', 'units wholly within 3" of that point')).resolves).toBeNull();
    expect(read(DECLARE.replace('pick up to 3 enemy units within 3"', 'pick up to 3 enemy units within 12" of them and within 3"')).resolves).toBeNull();
    expect(read(DECLARE, 'The targets cannot use Charge abilities until the start of your next turn.').resolves).toBeNull();
  });
});
