/**
 * Session 40 (sh40b; parseAfterShoot40.ts): Heartseekers and Agonising Spasms read from the real roster export
 * (dok-001 as imported), and their fall-back twins (the same shape with a part the engine cannot play: by hand).
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../army/importArmy';
import { abilityRows } from '../../army/abilityReport';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';

const dok = (() => {
  const list = 'dok-001-all-units';
  const r = importArmy(new Uint8Array(readFileSync(`tests/fixtures/rosters/new-recruit/${list}/list.json`)), `${list}/list.json`);
  return abilityRows(r.army);
})();
const of = (holder: string, name: string) => {
  const row = dok.find((x) => x.holder === holder && x.ability.name === name);
  if (!row) throw new Error(`${holder}: ${name} not in the roster`);
  return row.ability;
};

const SHOOT = 'Reaction: You declared a Shoot ability for this unit';
const KW = ['DAUGHTERS OF KHAINE', 'HERO', 'INFANTRY', 'CAVALRY', 'WIZARD', 'PRIEST'];
const read = (timing: string, declare: string | null, effect: string) => parseEffect({ declare, effect, timing: parseTiming(timing, false), knownKeywords: KW, unitNames: ['Blood Stalkers', 'Bloodwrack Shrine'] });

const HEART = "After that Shoot ability has been resolved, if all of this unit's attacks targeted the same enemy unit, roll a dice. Add 1 to the roll if any other friendly Blood Stalkers units picked that enemy unit to be the target of all of their shooting attacks this turn. On a 3+, until the start of your next turn, subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1.";
const SPASMS = "After that Shoot ability has been resolved, if all of this unit's attacks made as part of that Shoot ability targeted the same enemy unit and any enemy models were slain by those attacks, roll a dice. On a 3+, that enemy unit has a maximum control score of 1 for the rest of the turn.";

describe('the real texts as imported (dok-001)', () => {
  it('Heartseekers (Blood Stalkers): after the Shoot, one enemy unit, a dice (+1 for other Blood Stalkers that shot only at it), 3+: -1 charge dice until your next turn', () => {
    const a = of('Blood Stalkers', 'Heartseekers');
    expect(a.effect).toBe(HEART);
    expect(a.resolves).toEqual([{ afterShoot40: { roll: 3, plusIfAllShotBy: 'Blood Stalkers', effect: { modify: 'chargeDice', by: -1 }, duration: 'nextTurnStart' }, targets: 'self', duration: 'phase' }]);
  });

  it('Agonising Spasms (Bloodwrack Shrine): after the Shoot, one enemy unit that lost models, 3+: a maximum control score of 1 for the rest of the turn', () => {
    const a = of('Bloodwrack Shrine', 'Agonising Spasms');
    expect(a.effect).toBe(SPASMS);
    expect(a.resolves).toEqual([{ afterShoot40: { slew: true, roll: 3, effect: { maxControl: 1 }, duration: 'turn' }, targets: 'self', duration: 'phase' }]);
  });
});

describe('fall-back twins stay by hand', () => {
  it('the texts themselves read with the reaction timing', () => {
    expect(read(`Once Per Turn (Army), ${SHOOT}`, null, HEART).resolves).not.toBeNull();
    expect(read(SHOOT, null, SPASMS).resolves).not.toBeNull();
  });

  it('another trigger (a Fight ability, the phase), a Declare, another duration or effect, a condition more', () => {
    expect(read('Reaction: You declared a Fight ability for this unit', null, HEART).resolves).toBeNull();
    expect(read('Your Shooting Phase', null, SPASMS).resolves).toBeNull();
    expect(read(SHOOT, 'Pick a visible enemy unit within 12" of this unit to be the target.', SPASMS).resolves).toBeNull();
    expect(read(SHOOT, null, SPASMS.replace('for the rest of the turn', 'for the rest of the battle')).resolves).toBeNull();
    expect(read(SHOOT, null, SPASMS.replace('that enemy unit has a maximum control score of 1', 'inflict D3 mortal damage on that enemy unit and it has a maximum control score of 1')).resolves).toBeNull();
    expect(read(SHOOT, null, HEART.replace('to a minimum of 1.', 'to a minimum of 1. If that enemy unit is a Monster, it cannot use Run abilities.')).resolves).toBeNull();
    expect(read(SHOOT, null, HEART.replace('this turn. On a 3+', 'this battle. On a 3+')).resolves).toBeNull();
    expect(read(SHOOT, null, SPASMS.replace('any enemy models were slain by those attacks', 'any enemy Heroes were slain by those attacks')).resolves).toBeNull();
  });
});
