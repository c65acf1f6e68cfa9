/**
 * Breaka-harness (session 41, sh41a; `abilities/parseDirtyTricks41a.ts`, kb-001 Breaka-boss on Mirebrute Troggoth):
 * "Make a breaka-roll of D3. • Inflict an amount of mortal damage on this unit equal to the breaka-roll. • Double the
 * breaka-roll and add that value to the Attacks characteristic of this unit's Mirebrute's Clubs for the rest of the
 * turn." Read from the real text, played on the kit's Shaman with its Staff (Attacks 3) named instead; dice scripted.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from '../abilities/parseEffect';
import { parseTiming } from '../abilities/parseTiming';
import { readAbility, roster, gameAtHero, play, tablePortAt, toPhase } from './abilityKit.test-helpers';

const KNOWN = ['KRULEBOYZ', 'INFANTRY', 'HERO', 'WIZARD'];
const COMBAT = parseTiming('Any Combat Phase');
const TEXT = (weapon: string) => `Make a breaka-roll of D3.\n• Inflict an amount of mortal damage on this unit equal to the breaka-roll.\n• Double the breaka-roll and add that value to the Attacks characteristic of this unit's **${weapon}** for the rest of the turn.`;
const read = (effect: string, timing = COMBAT, declare: string | null = null) => parseEffect({ declare, effect, timing, knownKeywords: KNOWN });

describe('reading Breaka-harness', () => {
  it('the use\'s one D3 (no gate): mortal damage on this unit equal to it, twice it on the named weapon\'s Attacks for the turn', () => {
    const once = { useRoll: { die: 'D3', on: '1+' } };
    expect(read(TEXT("Mirebrute's Clubs")).resolves).toEqual([
      { mortal: 'roll', targets: 'self', if: once },
      { modify: 'attacks', by: 1, byRoll: true, byRollTimes41a: 2, weapon: "Mirebrute's Clubs", targets: 'self', duration: 'turn', if: once },
    ]);
  });
  it('twins by hand: two different roll names, "Triple", a Declare, a passive, a sentence more', () => {
    expect(read(TEXT('Clubs').replace('equal to the breaka-roll', 'equal to the smash-roll')).resolves).toBeNull();
    expect(read(TEXT('Clubs').replace('Double the', 'Triple the')).resolves).toBeNull();
    expect(read(TEXT('Clubs'), COMBAT, 'Pick an enemy unit in combat with this unit to be the target.').resolves).toBeNull();
    expect(read(TEXT('Clubs'), parseTiming('Passive', true)).resolves).toBeNull();
    expect(read(`${TEXT('Clubs')} This unit has Strike-last for the rest of the turn.`).resolves).toBeNull();
  });
});

describe('Breaka-harness on the table (the Shaman\'s Staff, Attacks 3)', () => {
  const harness = readAbility({ name: 'Breaka-harness', timing: COMBAT, declare: '', effect: TEXT('Staff') }, KNOWN);
  const ability = { ...harness, declare: null };
  // p2's Gutrippaz 1" from the Shaman (x 10 + 2R + 1); p1's Gutrippaz out of the way.
  const R = 32 / 25.4 / 2;
  const port = tablePortAt({ 'p1-hero': [10, 20], 'p2-boyz': [10 + 2 * R + 1, 20], 'p1-boyz': [20, 28] });
  for (const [face, d3] of [[5, 3], [2, 1]] as const) {
    it(`D3 face ${face} → ${d3}: ${d3} mortal damage on the Shaman, its Staff makes ${3 + 2 * d3} attacks this turn`, () => {
      const s = toPhase(gameAtHero(roster('p1', [ability]), roster('p2'), port, [face, ...Array(20).fill(1)]), port, 'combat');
      const used = play(s, port, [{ type: 'useAbility', player: 'p1', unitId: 'p1-hero', ability: 'Breaka-harness' }]);
      expect(used.events.find((e) => e.type === 'abilityMortal')).toMatchObject({ unitId: 'p1-hero', amount: d3 });
      const fought = play(used.s, port, [{ type: 'fight', player: 'p1', unitId: 'p1-hero', target: 'p2-boyz' }, { type: 'pass', player: 'p1' }, { type: 'pass', player: 'p2' }]);
      expect(fought.events.find((e) => e.type === 'attacksResolved')).toMatchObject({ unitId: 'p1-hero', weapon: 'Staff', attacks: 3 + 2 * d3 });
    });
  }
});
