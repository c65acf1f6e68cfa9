/**
 * Session 39 (sh39d): Lightning Quick and Mantle of the First Storm (sce-002; parseSelf39.ts) on their real texts, with
 * fall-back twins that stay by hand.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { importArmy } from '../../army/importArmy';
import { abilityRows } from '../../army/abilityReport';

const parse = (effect: string, timing: string) => parseEffect({ declare: null, effect, timing: parseTiming(timing, false), knownKeywords: ['STORMCAST ETERNALS'] });

describe('sentences about this unit alone (session 39)', () => {
  const r = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/sce-002-units-a/list.json')), 'sce-002/list.json');
  const find = (name: string) => abilityRows(r.army).find((x) => x.ability.name === name)!.ability;

  it('Lightning Quick (Stormstrike Palladors, Scourge of Aqshy): no Retreat mortal damage on this unit', () => {
    expect(find('Lightning Quick').resolves).toEqual([{ retreatNoDamage: true, targets: 'self' }]);
  });

  it('Mantle of the First Storm (Bastian Carthalos): Heal (4) this unit if enemy models were slain by its attacks this turn', () => {
    expect(find('Mantle of the First Storm').resolves).toEqual([{ heal: 4, targets: 'self', if: { slewByAttacks: true, unit: 'self' } }]);
  });

  it('stay by hand: the passive twin of Mantle, the activated twin of Lightning Quick, another clause with its own condition', () => {
    expect(parse("If any enemy models were slain by this unit's attacks this turn, Heal (4) this unit.", 'Passive').resolves).toBeNull();
    expect(parse('No mortal damage is inflicted on this unit by Retreat abilities.', 'Your Hero Phase').resolves).toBeNull();
    expect(parse("If any enemy models were slain by this unit's attacks this turn, Heal (4) this unit while it is in combat.", 'End of Any Turn').resolves).toBeNull();
    expect(parse("If any enemy models were slain by this unit's attacks this battle, Heal (4) this unit.", 'End of Any Turn').resolves).toBeNull();
  });
});

describe('"Then, <clause>" after unconditional effects (session 39)', () => {
  const r = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/skv-001-all-units/list.json')), 'skv/list.json');
  const find = (name: string) => abilityRows(r.army).find((x) => x.ability.name === name)!.ability;

  it('Cruel Commander (skv-001): 1 mortal damage on the target, then +5 control until your next turn; Unleashed Warp-fury: D3 on this unit, then +1 Attacks', () => {
    expect(find('Cruel Commander').resolves).toEqual([{ mortal: 1, targets: 'targets' }, { modify: 'control', by: 5, targets: 'targets', duration: 'nextTurnStart' }]);
    expect(find('Unleashed Warp-fury').resolves).toEqual([{ mortal: 'D3', targets: 'self' }, { modify: 'attacks', by: 1, attacks: 'melee', targets: 'self', duration: 'turn' }]);
  });

  it('stay by hand: "Then," after a roll gate or a condition, and "Then," first', () => {
    const declare = 'Pick a friendly Skaven unit wholly within 13" of this unit to be the target.';
    const p = (effect: string) => parseEffect({ declare, effect, timing: parseTiming('Your Hero Phase', false), knownKeywords: ['SKAVEN'] }).resolves;
    expect(p("Roll a dice. On a 3+, inflict 1 mortal damage on the target. Then, add 5 to the target's control score until the start of your next turn.")).toBeNull();
    expect(p("If the target is in combat, inflict 1 mortal damage on the target. Then, add 5 to the target's control score until the start of your next turn.")).toBeNull();
    expect(p("Then, add 5 to the target's control score until the start of your next turn.")).toBeNull();
  });
});
