/**
 * Session 41 (sh41e): Hidden Weapon Team read whole (parseHidden41e.ts) from the imported skv-001 roster (4 units),
 * and fall-back twins that must stay by hand.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../army/importArmy';
import { parseEffect } from './parseEffect';
import type { AbilityTiming } from './schema';

const PASSIVE: AbilityTiming = { text: 'Passive', when: 'passive', whose: 'any' };
const TEXT = 'While this unit is within the combat range of a friendly Clanrats unit that has 5 or more models, and there are no other friendly Weapon Team units within that unit\'s combat range, this unit is not visible to enemy units more than 13" away.';
const KNOWN = ['SKAVEN', 'INFANTRY', 'WEAPON TEAM', 'VERMINUS'];
const read = (effect: string, known = KNOWN, declare: string | null = null, timing: AbilityTiming = PASSIVE) => parseEffect({ declare, effect, timing, knownKeywords: known });

describe('Hidden Weapon Team (skv-001)', () => {
  it('the four imported warscrolls read it whole', () => {
    const r = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/skv-001-all-units/list.json')), 'skv-001/list.json');
    const holders = r.army.units.filter((u) => u.warscroll.abilities?.some((a) => a.name === 'Hidden Weapon Team'));
    expect(holders.map((u) => u.name).sort()).toEqual(['Acolyte Globadiers', 'Ratling Guns', 'Warpfire Throwers', 'Warpvolt Scourgers']);
    for (const u of holders) {
      const a = u.warscroll.abilities!.find((x) => x.name === 'Hidden Weapon Team')!;
      expect(a.effect).toBe(TEXT);
      expect(a.resolves).toEqual([{ hiddenBeyond: 13, screen: { named: 'Clanrats', models: 5, within: 3, noOther: 'WEAPON TEAM' }, targets: 'self' }]);
    }
  });

  it('fall-back twins stay by hand: the screen a keyword, no such keyword for the others, wholly within, visible to friendly units, a Declare, not a passive', () => {
    expect(read(TEXT, [...KNOWN, 'CLANRATS']).resolves).toBeNull();
    expect(read(TEXT, ['SKAVEN', 'INFANTRY']).resolves).toBeNull();
    expect(read(TEXT.replace('is within the combat range', 'is wholly within the combat range')).resolves).toBeNull();
    expect(read(TEXT.replace('to enemy units', 'to friendly units')).resolves).toBeNull();
    expect(read(TEXT, KNOWN, 'Pick an enemy unit to be the target.').resolves).toBeNull();
    expect(read(TEXT, KNOWN, null, { text: 'Your Hero Phase', when: 'hero', whose: 'your' }).resolves).toBeNull();
  });
});
