/**
 * The effect shapes added in session 36's second pass (issue 34, docs/abilities.md "Effect shapes added
 * in session 36, second pass"): a casting / chanting roll of N+ replacing what the Effect said before
 * ("... instead", "this ability affects all visible friendly K units wholly within 12" of the chanter"),
 * each on real texts of the fixture rosters (tests/fixtures/rosters/new-recruit; the roster named for
 * each) and with fall-back twins that must stay by hand (`resolves: null`), never applied with a
 * condition dropped.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema } from './schema';

const KW = ['STORMCAST ETERNALS', 'IRONJAWZ', 'SKAVEN', 'INFANTRY', 'HERO', 'PRIEST', 'WIZARD'];

function parse(effect: string, declare: string | null, timing = 'Your Hero Phase') {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, timing === 'Passive'), knownKeywords: KW });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

const SCE_PRAYER = (unit: string) =>
  `Pick a friendly **^^Stormcast Eternals Priest^^** to chant this prayer, pick a visible friendly **^^${unit}^^** unit wholly within 12" of them to be the target, then make a chanting roll of D6.`;
const SCE_PICK = { kind: 'friendlyUnit', visible: true, within: 12, wholly: true, keyword: 'STORMCAST ETERNALS' };
const HEALING_STORM = 'Heal (D3) the target. If the chanting roll was 8+, **Heal (D3)** each visible friendly **^^Stormcast Eternals^^** unit wholly within 12" of the chanter instead.';
const BLESS_WEAPONS = 'Add 1 to the Attacks characteristic of the target\'s melee weapons until the start of your next turn. If the chanting roll was 12+, this ability affects all visible friendly **^^Stormcast Eternals^^** units wholly within 12" of the chanter.';
const IJ_PRAYER = 'Pick a friendly **^^Ironjawz Priest^^** to chant this prayer, pick a visible friendly **^^Ironjawz^^** unit wholly within 12" of them to be the target, then make a chanting roll of D6.';

describe('"If the chanting roll was N+, ... instead": the effect before applies below N, the new one at N+', () => {
  it('"Heal (D3) the target. If the chanting roll was 8+, Heal (D3) each visible friendly Stormcast Eternals unit wholly within 12" of the chanter instead." (sce-001 / sce-002 Healing Storm)', () => {
    const r = parse(HEALING_STORM, SCE_PRAYER('Stormcast Eternals'));
    expect(r.picks).toEqual([SCE_PICK]);
    expect(r.resolves).toEqual([
      { heal: 'D3', targets: 'targets', unlessCastRoll: 8 },
      { heal: 'D3', targets: 'friendly', if: { within: 12, wholly: true, keyword: 'STORMCAST ETERNALS', castRoll: 8 }, visible: true },
    ]);
  });
  it('"Heal (D6) the target. If the chanting roll was 8+, Heal (D3+3) the target instead." (ij-001 Fixin\' Beat)', () => {
    expect(parse("Heal (D6) the target. If the chanting roll was 8+, Heal (D3+3) the target instead.", IJ_PRAYER).resolves).toEqual([
      { heal: 'D6', targets: 'targets', unlessCastRoll: 8 },
      { heal: 'D3+3', targets: 'targets', if: { castRoll: 8 } },
    ]);
  });
  it('fall-back twins: another kind of effect instead; a roll-gated effect before; two effects before; a condition on the target (Mighty \'Eadbutt); a group with "non-", of the target, or of enemy units; no chanting roll; a passive', () => {
    // Instead of healing, mortal damage: not the same effect replaced.
    expect(parse('Heal (D3) the target. If the chanting roll was 8+, inflict 3 mortal damage on the target instead.', IJ_PRAYER).resolves).toBeNull();
    // The effect before is gated on its own roll: which one "instead" replaces is not one effect.
    expect(parse('Roll a dice. On a 3+, Heal (D3) the target. If the chanting roll was 8+, Heal (3) the target instead.', IJ_PRAYER).resolves).toBeNull();
    // Two effects before "instead": which one it replaces is not said.
    expect(parse('Heal (D3) the target and the target has Ward (6+) for the rest of the turn. If the chanting roll was 8+, Heal (3) the target instead.', IJ_PRAYER).resolves).toBeNull();
    // The alternative hangs on the target's keyword, not on the roll (ij-001 Mighty 'Eadbutt's shape, read since session 38, parseAlt38.ts, but not with two effects before it).
    expect(parse("Inflict D3 mortal damage on the target and the target has Strike-last for the rest of the turn. If the target is a Wizard, inflict 3 mortal damage on the target instead.", 'Pick a friendly **^^Ironjawz Wizard^^** to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.').resolves).toBeNull();
    // ij-001 Mighty 'Eadbutt: the alternative hangs on the target's keyword, not on the roll (read by session 38's
    // parseKbIj38.ts after one ungated mortal damage; after a roll-gated one, by hand).
    expect(parse("Roll a dice. On a 3+, inflict D3 mortal damage on the target. If the target is a Wizard, inflict 3 mortal damage on the target instead.", 'Pick a friendly **^^Ironjawz Wizard^^** to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.').resolves).toBeNull();
    expect(parse('Heal (D3) the target. If the chanting roll was 8+, Heal (D3) each visible friendly non-**^^Hero^^** **^^Stormcast Eternals^^** unit wholly within 12" of the chanter instead.', SCE_PRAYER('Stormcast Eternals')).resolves).toBeNull();
    expect(parse('Heal (D3) the target. If the chanting roll was 8+, Heal (D3) each visible friendly **^^Stormcast Eternals^^** unit wholly within 12" of the target instead.', SCE_PRAYER('Stormcast Eternals')).resolves).toBeNull();
    expect(parse('Inflict 1 mortal damage on the target. If the chanting roll was 8+, inflict 1 mortal damage on each visible enemy unit within 12" of the chanter instead.', SCE_PRAYER('Stormcast Eternals')).resolves).toBeNull();
    // No chanting roll in the Declare: "the chanting roll" names nothing.
    expect(parse('Heal (D3) the target. If the chanting roll was 8+, Heal (3) the target instead.', 'Pick a visible friendly unit wholly within 12" of this unit to be the target.').resolves).toBeNull();
    expect(parse('Heal (D3) this unit. If the chanting roll was 8+, Heal (3) this unit instead.', null, 'Passive').resolves).toBeNull();
  });
});

describe('"If the chanting roll was N+, this ability affects all visible friendly K units wholly within M" of the chanter"', () => {
  it('Bless Weapons (sce-001 / sce-002): the target below 12; at 12+ every visible friendly Stormcast Eternals unit wholly within 12" instead (the target among them, once)', () => {
    const r = parse(BLESS_WEAPONS, SCE_PRAYER('Stormcast Eternals Infantry'));
    expect(r.picks).toEqual([{ ...SCE_PICK, keyword: 'STORMCAST ETERNALS INFANTRY' }]);
    expect(r.resolves).toEqual([
      { modify: 'attacks', by: 1, attacks: 'melee', targets: 'targets', duration: 'nextTurnStart', unlessCastRoll: 12 },
      { modify: 'attacks', by: 1, attacks: 'melee', targets: 'friendly', duration: 'nextTurnStart', if: { within: 12, wholly: true, keyword: 'STORMCAST ETERNALS', castRoll: 12 }, visible: true },
    ]);
  });
  it('fall-back twins: a sentence after it; an effect on this unit before it; an effect already on a roll; enemy units; a group without a keyword', () => {
    const d = SCE_PRAYER('Stormcast Eternals');
    expect(parse(`${BLESS_WEAPONS} Heal (1) the target.`, d).resolves).toBeNull();
    expect(parse('Add 1 to the Attacks characteristic of this unit\'s melee weapons until the start of your next turn. If the chanting roll was 12+, this ability affects all visible friendly **^^Stormcast Eternals^^** units wholly within 12" of the chanter.', d).resolves).toBeNull();
    expect(parse('Add 1 to the Attacks characteristic of the target\'s melee weapons until the start of your next turn. In addition, if the chanting roll was 8+, add 1 to hit rolls for the target until the start of your next turn. If the chanting roll was 12+, this ability affects all visible friendly **^^Stormcast Eternals^^** units wholly within 12" of the chanter.', d).resolves).toBeNull();
    expect(parse('Add 1 to the Attacks characteristic of the target\'s melee weapons until the start of your next turn. If the chanting roll was 12+, this ability affects all visible enemy units within 12" of the chanter.', d).resolves).toBeNull();
    expect(parse('Add 1 to the Attacks characteristic of the target\'s melee weapons until the start of your next turn. If the chanting roll was 12+, this ability affects all visible friendly units wholly within 12" of the chanter.', d).resolves).toBeNull();
  });
});

describe('"This unit has a maximum control score of N" (maxControl)', () => {
  it('"This unit has a maximum control score of 1." (fec-001 / sce-002 Beast, a passive)', () => {
    expect(parse('This unit has a maximum control score of 1.', null, 'Passive').resolves).toEqual([{ maxControl: 1, targets: 'self' }]);
  });
  it('fall-back twins: dok-001 Agonising Spasms with "for the rest of the battle" (the real text is read by parseAfterShoot40.ts, session 40); a non-passive without a duration; a condition the vocabulary cannot say', () => {
    expect(parse("After that Shoot ability has been resolved, if all of this unit's attacks made as part of that Shoot ability targeted the same enemy unit and any enemy models were slain by those attacks, roll a dice. On a 3+, that enemy unit has a maximum control score of 1 for the rest of the battle.", null, 'Reaction: You declared a Shoot ability for this unit').resolves).toBeNull();
    expect(parse('This unit has a maximum control score of 1.', null).resolves).toBeNull();
    expect(parse('This unit has a maximum control score of 1 while it is contesting an objective wholly within friendly territory.', null, 'Passive').resolves).toBeNull();
  });
});
