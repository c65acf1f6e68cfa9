/**
 * "While this unit is wholly within 12" of a friendly <warscroll names>, ..." (session 39, sh39a; parseNear39.ts): the
 * real text of Wicked Wardens (dok-001 Blood Hags) read into `ofFriendlyNamed`, and twins of the same shape that
 * stay by hand (no name of the army's units in the list, a keyword in the list, an aura on other units).
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';

const DOK = ['DAUGHTERS OF KHAINE', 'HERO', 'INFANTRY', 'PRIEST', 'WIZARD'];
const NAMES = ['Blood Hags', 'Hag Queen on Cauldron of Blood', 'Slaughter Queen on Cauldron of Blood', 'Hag Queen'];
const passive = parseTiming('Passive', true);
const read = (effect: string, names: string[] = NAMES, known: string[] = DOK) => parseEffect({ declare: null, effect, timing: passive, knownKeywords: known, unitNames: names });

const WICKED = "While this unit is wholly within 12\" of a friendly Hag Queen on Cauldron of Blood, Slaughter Queen on Cauldron of Blood or Shrine of Dark Tribute, this unit's melee weapons have Anti-charge (+1 Rend).";

describe('Wicked Wardens (dok-001 Blood Hags): a warscroll-named aura on this unit (ofFriendlyNamed)', () => {
  it('the real text: this unit\'s melee weapons gain Anti-charge while wholly within 12" of one of the three', () => {
    expect(read(WICKED)).toEqual({
      resolves: [
        {
          weaponAbility: 'anti-charge',
          attacks: 'melee',
          targets: 'self',
          while: { within: 12, wholly: true, ofFriendlyNamed: ['Hag Queen on Cauldron of Blood', 'Slaughter Queen on Cauldron of Blood', 'Shrine of Dark Tribute'], unit: 'self' },
        },
      ],
    });
  });
  it('twins by hand: no name of the list is a unit of the army; without the army\'s names; a keyword in the list; an aura on other units', () => {
    expect(read(WICKED, ['Blood Hags', 'Hag Queen']).resolves).toBeNull();
    expect(parseEffect({ declare: null, effect: WICKED, timing: passive, knownKeywords: DOK }).resolves).toBeNull();
    expect(read("While this unit is wholly within 12\" of a friendly Hag Queen on Cauldron of Blood or Hero, this unit's melee weapons have Anti-charge (+1 Rend).").resolves).toBeNull();
    expect(read('While this unit is wholly within 12" of a friendly Hag Queen on Cauldron of Blood, friendly Daughters of Khaine units have Ward (6+) while they are wholly within 12" of this unit.').resolves).toBeNull();
  });
  it('a keyword list is still ofFriendly (Keep Up!, sob, session 36)', () => {
    expect(read('While this unit is wholly within 12" of a friendly Mega-Gargant, this unit can use Charge abilities even if it used a Run ability in the same turn.', ['Mancrusher Gargants'], ['MEGA-GARGANT']).resolves).toEqual([
      { mayChargeAfter: 'run', targets: 'self', while: { within: 12, wholly: true, ofFriendly: ['MEGA-GARGANT'], unit: 'self' } },
    ]);
  });
});
