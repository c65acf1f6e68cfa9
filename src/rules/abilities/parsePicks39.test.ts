/**
 * Wrathful Repulsion's Declare (dok-001 Hag Queen on Cauldron of Blood; session 39, sh39a; parsePicks39.ts): the real
 * text read into one pick with `cond: {foesCharged}` and `countIf`, and twins that stay by hand.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';

const DOK = ['DAUGHTERS OF KHAINE', 'HERO'];
const NAMES = ['Hag Queen on Cauldron of Blood', 'Slaughter Queen on Cauldron of Blood', 'Blood Sisters'];
const charge = parseTiming('Any Charge Phase');
const DECLARE = 'Pick a visible friendly Daughters of Khaine unit that is wholly within 12" of this unit and is in combat with an enemy unit that charged this turn to be the target. If there are any friendly Slaughter Queens on Cauldrons of Blood on the battlefield, you can pick another eligible unit to be a second target.';
const EFFECT = 'The targets have Ward (5+) for the rest of the turn.';
const read = (declare: string, names = NAMES) => parseEffect({ declare, effect: EFFECT, timing: charge, knownKeywords: DOK, unitNames: names });

describe('Wrathful Repulsion: a unit in combat with an enemy unit that charged, a second one with a Slaughter Queen on Cauldron of Blood', () => {
  it('the real text', () => {
    expect(read(DECLARE)).toEqual({
      resolves: [{ ward: 5, targets: 'targets', duration: 'turn' }],
      picks: [{ kind: 'friendlyUnit', visible: true, within: 12, wholly: true, keyword: 'DAUGHTERS OF KHAINE', cond: { foesCharged: true }, countIf: { count: 2, if: { friendlyOnBattlefield: ['Slaughter Queen on Cauldron of Blood'] } } }],
    });
  });
  it('the first sentence alone: one pick, no countIf', () => {
    expect(read(DECLARE.replace(/ If there are .*$/, '')).picks).toEqual([{ kind: 'friendlyUnit', visible: true, within: 12, wholly: true, keyword: 'DAUGHTERS OF KHAINE', cond: { foesCharged: true } }]);
  });
  it('twins by hand: no Slaughter Queen on Cauldron of Blood in the army; "charged this phase"; a group that is no keyword', () => {
    expect(read(DECLARE, ['Hag Queen on Cauldron of Blood']).resolves).toBeNull();
    expect(read(DECLARE.replace('charged this turn', 'charged this phase')).resolves).toBeNull();
    expect(read(DECLARE.replace('Daughters of Khaine unit', 'Witch Aelves unit')).resolves).toBeNull();
  });
});
