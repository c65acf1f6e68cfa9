/**
 * Kruleboyz (kb-001) and Ironjawz (ij-001) shapes read in session 38 (ab38a; parseKbIj38.ts): the real texts
 * of the fixture rosters, and fall-back twins of the same shapes with a word or condition the engine does not
 * read, which must stay by hand (`resolves: null`).
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema } from './schema';

const KW = ['KRULEBOYZ', 'IRONJAWZ', 'INFANTRY', 'HERO', 'PRIEST', 'WIZARD', 'MONSTER'];
const PRAYER = 'Pick a friendly **^^Ironjawz Priest^^** to chant this prayer, pick a visible friendly **^^Ironjawz^^** unit wholly within 12" of them to be the target, then make a chanting roll of D6.';
const SPELL = 'Pick a friendly **^^Ironjawz Wizard^^** to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.';

function parse(effect: string, declare: string | null, timing = 'Passive') {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, timing === 'Passive'), knownKeywords: KW });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

describe('"In addition, if the chanting roll was 8+, ..." lasting as the sentence before it (Get \'Em Beat, ij-001)', () => {
  it('the real text: +1 charge for the turn; +1 charge dice for the turn at 8+', () => {
    expect(parse('For the rest of the turn, add 1 to charge rolls for the target. In addition, if the chanting roll was 8+, add 1 to the number of dice rolled when making charge rolls for the target, to a maximum of 3.', PRAYER, 'Your Hero Phase').resolves).toEqual([
      { modify: 'charge', by: 1, targets: 'targets', duration: 'turn' },
      { modify: 'chargeDice', by: 1, targets: 'targets', duration: 'turn', if: { castRoll: 8 } },
    ]);
  });
  it('twins by hand: no duration before it, a roll before it (does the 8+ need the 3+ too?), a Declare without a chanting roll', () => {
    expect(parse('Heal (D3) the target. In addition, if the chanting roll was 8+, add 1 to charge rolls for the target.', PRAYER, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Roll a dice. On a 3+, add 1 to charge rolls for the target for the rest of the turn. In addition, if the chanting roll was 8+, add 1 to run rolls for the target.', PRAYER, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('For the rest of the turn, add 1 to charge rolls for the target. In addition, if the chanting roll was 8+, add 1 to run rolls for the target.', 'Pick a visible friendly unit wholly within 12" of this unit to be the target.', 'Your Hero Phase').resolves).toBeNull();
  });
});

describe('"If the target is a K, inflict N mortal damage on the target instead." (Mighty \'Eadbutt, ij-001)', () => {
  it('the real text: D3 unless the target is a WIZARD, 3 if it is', () => {
    expect(parse('Inflict D3 mortal damage on the target. If the target is a **^^Wizard^^**, inflict 3 mortal damage on the target instead.', SPELL, 'Your Hero Phase').resolves).toEqual([
      { mortal: 'D3', targets: 'targets', if: { notKeyword: 'WIZARD' } },
      { mortal: 3, targets: 'targets', if: { keyword: 'WIZARD' } },
    ]);
  });
  it('twins by hand: gated mortal damage before it, a word that is no keyword, no "instead"', () => {
    expect(parse('Roll a dice. On a 3+, inflict D3 mortal damage on the target. If the target is a **^^Wizard^^**, inflict 3 mortal damage on the target instead.', SPELL, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Inflict D3 mortal damage on the target. If the target is a damaged unit, inflict 3 mortal damage on the target instead.', SPELL, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Inflict D3 mortal damage on the target. If the target is a **^^Wizard^^**, inflict 3 mortal damage on the target.', SPELL, 'Your Hero Phase').resolves).toBeNull();
  });
});

describe('a power level while a big friendly unit is near (Brutal Power, ij-001; Magic 1.1)', () => {
  it('the real text → friendlyNear with models', () => {
    expect(parse('Add 1 to this unit\'s power level while there are any friendly **^^Ironjawz^^** units that have 10 or more models wholly within 12" of it.', null).resolves).toEqual([
      { modify: 'power', by: 1, targets: 'self', while: { friendlyNear: { within: 12, wholly: true, keyword: 'IRONJAWZ', models: 10 } } },
    ]);
  });
  it('twins by hand: not a passive, "non-K" units, a word more', () => {
    expect(parse('Add 1 to this unit\'s power level while there are any friendly **^^Ironjawz^^** units that have 10 or more models wholly within 12" of it.', null, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Add 1 to this unit\'s power level while there are any friendly non-**^^Hero^^** units that have 10 or more models wholly within 12" of it.', null).resolves).toBeNull();
    expect(parse('Add 1 to this unit\'s power level while there are any friendly **^^Ironjawz^^** units that have 10 or more models wholly within 12" of it and in combat.', null).resolves).toBeNull();
  });
});

describe('an aura written "made by friendly K units wholly within N" of this unit" (That\'s Ours, Ya Gitz, kb-001)', () => {
  it('the real text: +1 to hit for the combat attacks of friendly KRULEBOYZ units wholly within 12", while this unit contests an objective its player does not control', () => {
    expect(parse('While this unit is contesting an objective you do not control, add 1 to hit rolls for combat attacks made by friendly **^^Kruleboyz^^** units wholly within 12" of this unit.', null).resolves).toEqual([
      { modify: 'hit', by: 1, attacks: 'melee', targets: 'friendly', while: { within: 12, of: 'self', wholly: true, also: { contesting: 'notControlled', unit: 'self' }, keyword: 'KRULEBOYZ' } },
    ]);
  });
  it('twin by hand: a condition the engine does not read after the aura', () => {
    expect(parse('While this unit is contesting an objective you do not control, add 1 to hit rolls for combat attacks made by friendly **^^Kruleboyz^^** units wholly within 12" of this unit that charged this turn.', null).resolves).toBeNull();
  });
});

describe('"the Damage characteristic of this unit\'s X is N if the target is a K" (Skewering Bolts, kb-001)', () => {
  it('the real text (no Declare: "the target" is the unit attacked) → set Damage 6 against MONSTER for the turn', () => {
    expect(parse('For the rest of the turn, the Damage characteristic of this unit\'s Beast-skewer Bolts is 6 if the target is a **^^Monster^^**.', null, 'Once Per Turn (Army), Your Shooting Phase').resolves).toEqual([
      { set: 'damage', to: 6, weapon: 'Beast-skewer Bolts', against: ['MONSTER'], targets: 'self', duration: 'turn' },
    ]);
  });
  it('twin by hand: with a Declare, "the target" is the unit picked, not the unit attacked', () => {
    expect(parse('For the rest of the turn, the Damage characteristic of this unit\'s Beast-skewer Bolts is 6 if the target is a **^^Monster^^**.', 'Pick a visible enemy unit within 18" of this unit to be the target.', 'Your Shooting Phase').resolves).toBeNull();
  });
});
