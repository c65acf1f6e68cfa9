/**
 * Session 39 (sh39d): Coordinated Strike (sce-002; parseIncoming39.ts and parseHistory39.ts) on its real text, with
 * fall-back twins that stay by hand.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { importArmy } from '../../army/importArmy';
import { abilityRows } from '../../army/abilityReport';

const DECLARE = 'Pick an enemy unit within 12" of this unit to be the target.';
const parse = (effect: string) => parseEffect({ declare: DECLARE, effect, timing: parseTiming('Your Shooting Phase', false), knownKeywords: ['STORMCAST ETERNALS', 'VANGUARD CHAMBER'] }).resolves;

describe('"... for combat attacks made by friendly K units that target that enemy unit"', () => {
  it('Coordinated Strike (sce-002, Vanguard-Raptors with Hurricane Crossbows): the Hurricane Crossbows\' target, +1 wound for Vanguard Chamber melee attacks on it', () => {
    const r = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/sce-002-units-a/list.json')), 'sce-002/list.json');
    const a = abilityRows(r.army).find((x) => x.ability.name === 'Coordinated Strike')!.ability;
    expect(a.picks).toEqual([{ kind: 'enemyUnit', cond: { attackedBy: { what: 'damaged', weapon: 'Hurricane Crossbows' } } }]);
    expect(a.resolves).toEqual([{ modify: 'wound', by: 1, attacks: 'melee', incoming: true, against: ['VANGUARD CHAMBER'], targets: 'targets', duration: 'turn' }]);
  });

  it('stay by hand: save rolls, enemy units, keywords the army does not have, no duration', () => {
    expect(parse('Add 1 to save rolls for combat attacks made by friendly Vanguard Chamber units that target that enemy unit for the rest of the turn.')).toBeNull();
    expect(parse('Add 1 to wound rolls for combat attacks made by enemy Vanguard Chamber units that target that enemy unit for the rest of the turn.')).toBeNull();
    expect(parse('Add 1 to wound rolls for combat attacks made by friendly Warrior Chamber units that target that enemy unit for the rest of the turn.')).toBeNull();
    expect(parse('Add 1 to wound rolls for combat attacks made by friendly Vanguard Chamber units that target that enemy unit.')).toBeNull();
    // Shooting attacks read as ranged.
    expect(parse('Add 1 to hit rolls for shooting attacks made by friendly Vanguard Chamber units that target the target for the rest of the turn.')).toEqual([{ modify: 'hit', by: 1, attacks: 'ranged', incoming: true, against: ['VANGUARD CHAMBER'], targets: 'targets', duration: 'turn' }]);
  });
});
