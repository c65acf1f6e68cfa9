/**
 * The effect shapes added in session 35 (issue 34, docs/abilities.md "Effect text"), each on real
 * texts of the fixture rosters (tests/fixtures/rosters/new-recruit; the roster named for each) and
 * with its "fall-back twin": a real text of the same shape with a condition the vocabulary cannot
 * say, which must stay by hand (`resolves: null`), never applied with the condition dropped.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema } from './schema';

const SCE = ['STORMCAST ETERNALS', 'ORDER', 'INFANTRY', 'CAVALRY', 'HERO', 'MONSTER', 'WIZARD (1)', 'PRIEST (1)'];

function parse(effect: string, opts: { declare?: string; timing?: string; keywords?: string[] } = {}) {
  const r = parseEffect({ declare: opts.declare ?? null, effect, timing: parseTiming(opts.timing, opts.timing === undefined), knownKeywords: opts.keywords ?? [] });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

describe('Battle Damaged: a named weapon\'s characteristic while this unit has N or more damage points', () => {
  it('"While this unit has 10 or more damage points, the Attacks characteristic of its Sludgeraker\'s Talons is 4." (kb Snatchaboss)', () => {
    expect(parse("While this unit has 10 or more damage points, the Attacks characteristic of its Sludgeraker's Talons is 4.").resolves).toEqual([
      { set: 'attacks', to: 4, weapon: "Sludgeraker's Talons", targets: 'self', while: { damaged: 10, unit: 'self' } },
    ]);
  });
  it('a weapon named without "its", with "and" in the name (kb Gobsprakk: Killabeak\'s Talons and Beak)', () => {
    expect(parse("While this unit has 10 or more damage points, the Attacks characteristic of Killabeak's Talons and Beak is 5.").resolves).toEqual([
      { set: 'attacks', to: 5, weapon: "Killabeak's Talons and Beak", targets: 'self', while: { damaged: 10, unit: 'self' } },
    ]);
  });
  it('the condition written once is on both halves: "... of its Fortcrusha Flail is 4 and this unit has a Control characteristic of 10" (Mega-Gargant)', () => {
    expect(parse('While this unit has 15 or more damage points, the Attacks characteristic of its Fortcrusha Flail is 4 and this unit has a Control characteristic of 10.').resolves).toEqual([
      { set: 'attacks', to: 4, weapon: 'Fortcrusha Flail', targets: 'self', while: { damaged: 15, unit: 'self' } },
      { set: 'control', to: 10, targets: 'self', while: { damaged: 15, unit: 'self' } },
    ]);
  });
  it('"While this unit is damaged, add 3 to the Attacks characteristic of its Warpforged Blade." (skv): damaged is 1 damage point', () => {
    expect(parse('While this unit is damaged, add 3 to the Attacks characteristic of its Warpforged Blade.').resolves).toEqual([
      { modify: 'attacks', by: 3, weapon: 'Warpforged Blade', targets: 'self', while: { damaged: 1, unit: 'self' } },
    ]);
  });
  it('a named weapon with a charge condition: Dawnrider Lances and Blades "if it charged in the same turn" (lrl; a passive: checked whenever it matters)', () => {
    expect(parse("Add 1 to the Rend characteristic of this unit's Dawnrider Lances and Blades if it charged in the same turn.").resolves).toEqual([
      { modify: 'rend', by: 1, weapon: 'Dawnrider Lances and Blades', targets: 'self', while: { charged: true, unit: 'self' } },
    ]);
  });
  it('against a keyword: "The Damage characteristic of this unit\'s Bow of the Wind\'s Vengeance is 3 for attacks that target Monsters." (lrl)', () => {
    expect(parse("The Damage characteristic of this unit's Bow of the Wind's Vengeance is 3 for attacks that target Monsters.", { keywords: SCE }).resolves).toEqual([
      { set: 'damage', to: 3, weapon: "Bow of the Wind's Vengeance", against: ['MONSTER'], targets: 'self' },
    ]);
  });
  it('twin: Karazai "While this unit has 5-9 damage points, ..." (a range, not "N or more"): by hand', () => {
    expect(parse("While this unit has 5-9 damage points, add 1 to the Attacks characteristic of its melee weapons.\nWhile this unit has 10 or more damage points, add 2 to the Attacks characteristic of its melee weapons").resolves).toBeNull();
  });
  it('twin: Nagash "While this unit has 10 or more damage points, subtract 3 from its power level": by hand', () => {
    expect(parse('While this unit has 10 or more damage points, subtract 3 from its power level.').resolves).toBeNull();
  });
  it('twin: the Royal Terrorgheist adds "a maximum Attacks characteristic of 10" before its Battle Damaged: by hand', () => {
    expect(parse("This unit's Skeletal Talons have a maximum Attacks characteristic of 10.\nWhile this unit has 10 or more damage points, the Attacks characteristic of its Skeletal Talons is 4.").resolves).toBeNull();
  });
  it('twins: "if the target unit has 10 or more models" (Thunderaxes), "an enemy unit that has 5 or more models" (Celestial Greatswords), "for each instance of ... on your battle scripture": by hand', () => {
    expect(parse("Add 1 to the Damage characteristic of this unit's Thunderaxes if the target unit has 10 or more models.").resolves).toBeNull();
    expect(parse("Add 1 to the Damage characteristic of this unit's Celestial Greatswords for attacks that target an enemy unit that has 5 or more models.", { keywords: SCE }).resolves).toBeNull();
    expect(parse("Add 1 to the Attacks characteristic of this unit's Firestealer Hammers for each instance of Alaithi, Rune of the Mountain depicted on your battle scripture.").resolves).toBeNull();
  });
  it('twin: "Add 1 to the Rend characteristic of this unit\'s melee weapons while it is wholly within 12" of any friendly Nobles or Abhorrants" (fec): "melee weapons" is no weapon name, by hand', () => {
    expect(parse('Add 1 to the Rend characteristic of this unit\'s melee weapons while it is wholly within 12" of any friendly Nobles or Abhorrants.').resolves).toBeNull();
  });
});
