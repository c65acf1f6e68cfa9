/**
 * Session 40 (sh40b; parseAfterFight40.ts): Off With Their Head! read from the real roster export (fec-001 as
 * imported), and its fall-back twins (the same shape with a part the engine cannot play: by hand).
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../army/importArmy';
import { abilityRows } from '../../army/abilityReport';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';

const fec = (() => {
  const list = 'fec-001-ghb-kitchen-sink';
  const r = importArmy(new Uint8Array(readFileSync(`tests/fixtures/rosters/new-recruit/${list}/list.json`)), `${list}/list.json`);
  return abilityRows(r.army);
})();

const FIGHT = 'Reaction: You declared a Fight ability for this unit';
const KW = ['FLESH-EATER COURTS', 'HERO', 'INFANTRY', 'MONSTER', 'WIZARD', 'PRIEST'];
const read = (timing: string, declare: string | null, effect: string) => parseEffect({ declare, effect, timing: parseTiming(timing, false), knownKeywords: KW });
const OFF = "Immediately after that Fight ability has been resolved, pick an enemy Infantry Hero in combat with this unit to be the target. Roll 2D6. If the roll exceeds the target's Health characteristic, it is automatically destroyed.";

describe('the real text as imported (fec-001)', () => {
  it('Off With Their Head! (both Royal Decapitators): after the Fight, an enemy INFANTRY HERO in combat with this unit, 2D6 exceeding its Health destroys it', () => {
    const rows = fec.filter((x) => x.ability.name === 'Off With Their Head!');
    expect(rows.map((x) => x.holder)).toEqual(['Royal Decapitator', 'Royal Decapitator']);
    for (const { ability } of rows) {
      expect(ability.effect).toBe(OFF);
      expect(ability.resolves).toEqual([{ afterFightPick40: { pick: { kind: 'enemyUnit', within: 3, visible: true, keyword: 'INFANTRY HERO' }, slay: { slay: 'unit', dice: '2D6', health: 'exceeds' } }, targets: 'self', duration: 'phase' }]);
    }
  });
});

describe('fall-back twins stay by hand', () => {
  it('a Shoot trigger, a phase timing, a Declare, two targets, a condition on the roll, another effect after', () => {
    expect(read(FIGHT, null, OFF).resolves).not.toBeNull();
    expect(read('Reaction: You declared a Shoot ability for this unit', null, OFF).resolves).toBeNull();
    expect(read('Any Combat Phase', null, OFF).resolves).toBeNull();
    expect(read(FIGHT, 'Pick an enemy unit in combat with this unit to be the target.', OFF).resolves).toBeNull();
    expect(read(FIGHT, null, OFF.replace('pick an enemy Infantry Hero in combat with this unit to be the target', 'pick up to 2 enemy Infantry Heroes in combat with this unit to be the targets')).resolves).toBeNull();
    expect(read(FIGHT, null, OFF.replace('Roll 2D6.', 'If this unit charged this turn, roll 2D6.')).resolves).toBeNull();
    expect(read(FIGHT, null, `${OFF} Then, this unit has Strike-last for the rest of the turn.`).resolves).toBeNull();
    expect(read(FIGHT, null, OFF.replace('it is automatically destroyed', 'inflict D3 mortal damage on it')).resolves).toBeNull();
  });
});
