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
  it('twin: a maximum Attacks characteristic (read since session 39, sh39b) before a damaged sentence the vocabulary cannot say: by hand', () => {
    // Session 39: "a maximum Attacks characteristic of 10" (Necromantic Limits) is vocabulary now (maxAttacks), so
    // the Royal Terrorgheist's two sentences together are read whole; the twin keeps one sentence no reader knows.
    expect(parse("This unit's Skeletal Talons have a maximum Attacks characteristic of 10.\nWhile this unit has 10 or more damage points, subtract 3 from its power level.").resolves).toBeNull();
  });
  // The real "a maximum Attacks characteristic of 10" is read since session 39 (sh39b, parseFecNh39.test.ts): its twin says "minimum".
  it('twin: the Royal Terrorgheist\'s text with "a minimum Attacks characteristic of 10" before its Battle Damaged: by hand', () => {
    expect(parse("This unit's Skeletal Talons have a minimum Attacks characteristic of 10.\nWhile this unit has 10 or more damage points, the Attacks characteristic of its Skeletal Talons is 4.").resolves).toBeNull();
  });
  // "if the target unit has 10 or more models" and "... an enemy unit that has 5 or more models" are read since session 36 (parseDeclare.test.ts).
  // Session 41 (sh41c): the battle scripture is modelled (runes41c.ts): "for each instance of ..." is read; the opponent's scripture stays by hand.
  it('"for each instance of ... on your battle scripture": read since session 41 (sh41c); "your opponent\'s battle scripture": by hand', () => {
    expect(parse("Add 1 to the Attacks characteristic of this unit's Firestealer Hammers for each instance of Alaithi, Rune of the Mountain depicted on your battle scripture.").resolves).toEqual([{ modify: 'attacks', by: 1, weapon: 'Firestealer Hammers', targets: 'self', perRune41c: 'Alaithi' }]);
    expect(parse("Add 1 to the Attacks characteristic of this unit's Firestealer Hammers for each instance of Alaithi, Rune of the Mountain depicted on your opponent's battle scripture.").resolves).toBeNull();
  });
  it('twin: "Add 1 to the Rend characteristic of this unit\'s melee weapons while it is wholly within 12" of any friendly Nobles or Abhorrants" (fec): "melee weapons" is no weapon name, by hand', () => {
    expect(parse('Add 1 to the Rend characteristic of this unit\'s melee weapons while it is wholly within 12" of any friendly Nobles or Abhorrants.').resolves).toBeNull();
  });
});

const SKV = ['SKAVEN', 'CHAOS', 'INFANTRY', 'HERO', 'PRIEST (1)', 'WIZARD (1)', 'MONSTER'];
const DOK = ['DAUGHTERS OF KHAINE', 'ORDER', 'INFANTRY', 'HERO', 'PRIEST (1)', 'WIZARD (1)'];
const SKV_PRAYER = 'Pick a friendly Skaven Priest to chant this prayer, pick a visible friendly Skaven Infantry unit wholly within 13" of them to be the target, then make a chanting roll of D6.';
const SKV_PICK = [{ kind: 'friendlyUnit', visible: true, within: 13, wholly: true, keyword: 'SKAVEN INFANTRY' }];

describe('modifiers to the rolls of attacks that target a unit (incoming)', () => {
  it('"Subtract 1 from hit rolls for shooting attacks that target this unit." (Enshrouding Fumes, skv)', () => {
    expect(parse('Subtract 1 from hit rolls for shooting attacks that target this unit.').resolves).toEqual([{ modify: 'hit', by: -1, attacks: 'ranged', incoming: true, targets: 'self' }]);
  });
  it('"For the rest of the phase, add 1 to hit rolls for combat attacks that target that enemy unit." (a picked enemy, sce)', () => {
    expect(parse('For the rest of the phase, add 1 to hit rolls for combat attacks that target that enemy unit.', { timing: 'Your Combat Phase', declare: 'Pick an enemy unit in combat with this unit to be the target.' }).resolves).toEqual([
      { modify: 'hit', by: 1, attacks: 'melee', incoming: true, targets: 'targets', duration: 'phase' },
    ]);
  });
  it('"For the rest of the turn, add 1 to hit rolls for this unit\'s attacks and subtract 1 from hit rolls for attacks that target this unit."', () => {
    expect(parse("For the rest of the turn, add 1 to hit rolls for this unit's attacks and subtract 1 from hit rolls for attacks that target this unit.", { timing: 'Your Hero Phase' }).resolves).toEqual([
      { modify: 'hit', by: 1, attacks: 'all', targets: 'self', duration: 'turn' },
      { modify: 'hit', by: -1, attacks: 'all', incoming: true, targets: 'self', duration: 'turn' },
    ]);
  });
  // "... that target an enemy unit that has 10 or more models" (skv) is read since session 36 (parseDeclare.test.ts).
  it('twin: "While you believe this Delusion, ..." (fec): by hand', () => {
    expect(parse('While you believe this Delusion, subtract 1 from hit rolls for shooting attacks that target friendly Flesh-eater Courts units while they are wholly within 12" of a friendly Flesh-eater Courts Hero.', { keywords: ['FLESH-EATER COURTS', 'HERO'] }).resolves).toBeNull();
  });
  // Session 40 (sh40a): in its attack reaction "that enemy unit" is the attacker (`againstTrigger`, parseKbIj40.ts); elsewhere it stays by hand.
  it('"add 1 to hit rolls and wound rolls for this unit\'s combat attacks that target that enemy unit" (You Call Dat A Punch?, ij): read in its attack reaction (session 40), by hand in a phase', () => {
    expect(parse("For the rest of the turn, add 1 to hit rolls and wound rolls for this unit's combat attacks that target that enemy unit.", { timing: 'Once Per Turn (Army), Reaction: Opponent declared an Attack ability that targeted this unit' }).resolves).toEqual([
      { modify: 'hit', by: 1, attacks: 'melee', targets: 'self', duration: 'turn', againstTrigger: true },
      { modify: 'wound', by: 1, attacks: 'melee', targets: 'self', duration: 'turn', againstTrigger: true },
    ]);
    expect(parse("For the rest of the turn, add 1 to hit rolls and wound rolls for this unit's combat attacks that target that enemy unit.", { timing: 'Any Combat Phase' }).resolves).toBeNull();
  });
});

describe('"if the chanting / casting roll was N+" (castRoll), weapon abilities gained, critical hits on 5+', () => {
  it('Rabid-tough (skv): -1 to wound rolls for attacks that target that unit; +1 save if the chanting roll was 8+', () => {
    expect(parse('Subtract 1 from wound rolls for attacks that target that unit until the start of your next turn. In addition, if the chanting roll was 8+, add 1 to save rolls for the target until the start of your next turn', { timing: 'Your Hero Phase', declare: SKV_PRAYER, keywords: SKV })).toEqual({
      resolves: [
        { modify: 'wound', by: -1, attacks: 'all', incoming: true, targets: 'targets', duration: 'nextTurnStart' },
        { modify: 'save', by: 1, targets: 'targets', duration: 'nextTurnStart', if: { castRoll: 8 } },
      ],
      picks: SKV_PICK,
    });
  });
  it('Filth-crust (skv): +1 to wound for combat attacks; melee weapons have Crit (Mortal) if the chanting roll was 8+', () => {
    expect(parse("Add 1 to wound rolls for the target's combat attacks until the start of your next turn. In addition, if the chanting roll was 8+, the target's melee weapons have Crit (Mortal) until the start of your next turn.", { timing: 'Your Hero Phase', declare: SKV_PRAYER, keywords: SKV }).resolves).toEqual([
      { modify: 'wound', by: 1, attacks: 'melee', targets: 'targets', duration: 'nextTurnStart' },
      { weaponAbility: 'crit-mortal', attacks: 'melee', targets: 'targets', duration: 'nextTurnStart', if: { castRoll: 8 } },
    ]);
  });
  it('Catechism of Murder (dok): Crit (Auto-wound), and critical hits on unmodified 5+ if the chanting roll was 7+', () => {
    const declare = 'Pick a friendly Daughters of Khaine Priest to chant this prayer, pick a visible friendly Daughters of Khaine unit wholly within 12" of them to be the target, then make a chanting roll of D6.';
    expect(parse("The target's melee weapons have Crit (Auto-wound) until the start of your next turn. In addition, if the chanting roll was 7+, the target's combat attacks score critical hits on unmodified hit rolls of 5+ until the start of your next turn.", { timing: 'Your Hero Phase', declare, keywords: DOK }).resolves).toEqual([
      { weaponAbility: 'crit-auto-wound', attacks: 'melee', targets: 'targets', duration: 'nextTurnStart' },
      { critOn: 5, attacks: 'melee', targets: 'targets', duration: 'nextTurnStart', if: { castRoll: 7 } },
    ]);
  });
  it('Mindrazor (dok): "The target\'s melee weapons have Charge (+1 Damage) until the start of your next turn."', () => {
    const declare = 'Pick a friendly Daughters of Khaine Wizard to cast this spell, pick a visible friendly Daughters of Khaine unit wholly within 12" of them to be the target, then make a casting roll of 2D6.';
    expect(parse("The target's melee weapons have Charge (+1 Damage) until the start of your next turn.", { timing: 'Your Hero Phase', declare, keywords: DOK }).resolves).toEqual([{ weaponAbility: 'charge-damage', attacks: 'melee', targets: 'targets', duration: 'nextTurnStart' }]);
  });
  it('Healing Storm ("... instead", sce) and Bless Weapons ("this ability affects all ...", sce) are read since session 36\'s second pass (parseEffectShapes36b.test.ts); twins of them stay by hand', () => {
    const declare = 'Pick a friendly Stormcast Eternals Priest to chant this prayer, pick a visible friendly Stormcast Eternals unit wholly within 12" of them to be the target, then make a chanting roll of D6.';
    expect(parse('Heal (D3) the target. If the chanting roll was 8+, Heal (D3) each visible friendly Stormcast Eternals unit wholly within 12" of the chanter instead.', { timing: 'Your Hero Phase', declare, keywords: SCE }).resolves).not.toBeNull();
    expect(parse('Add 1 to the Attacks characteristic of the target\'s melee weapons until the start of your next turn. If the chanting roll was 12+, this ability affects all visible friendly Stormcast Eternals units wholly within 12" of the chanter.', { timing: 'Your Hero Phase', declare, keywords: SCE }).resolves).not.toBeNull();
    // Twins: a group "within 12\" of the target" (not of the chanter); "affects all" with a sentence after it.
    expect(parse('Heal (D3) the target. If the chanting roll was 8+, Heal (D3) each visible friendly Stormcast Eternals unit wholly within 12" of the target instead.', { timing: 'Your Hero Phase', declare, keywords: SCE }).resolves).toBeNull();
    expect(parse('Add 1 to the Attacks characteristic of the target\'s melee weapons until the start of your next turn. If the chanting roll was 12+, this ability affects all visible friendly Stormcast Eternals units wholly within 12" of the chanter. Heal (1) the target.', { timing: 'Your Hero Phase', declare, keywords: SCE }).resolves).toBeNull();
  });
  it('twin: "if the chanting roll was 8+" in an ability that makes no chanting roll (no Declare): by hand', () => {
    expect(parse("If the chanting roll was 8+, the target's melee weapons have Crit (Mortal) for the rest of the turn.", { timing: 'Your Hero Phase' }).resolves).toBeNull();
  });
  // Session 40 (sh40a, parseKbIj40.ts): read; the importer keeps it only when the picked warscroll's units have the weapon (army/abilities.ts).
  it('a named weapon of the target ("the target\'s Slitta-knives have Crit (Mortal) while they are wholly within 12" of this unit", kb): read since session 40; with "for the rest of the turn" by hand', () => {
    const opts = { timing: 'Deployment Phase', declare: 'Pick a friendly Hobgrot Slittaz unit within this unit\'s combat range to be the target.', keywords: ['KRULEBOYZ', 'HOBGROT SLITTAZ'] };
    expect(parse('For the rest of the battle, the target\'s Slitta-knives have Crit (Mortal) while they are wholly within 12" of this unit.', opts).resolves).toEqual([{ weaponAbility: 'crit-mortal', weapon: 'Slitta-knives', targets: 'targets', duration: 'battle', while: { within: 12, wholly: true, of: 'self' } }]);
    expect(parse('For the rest of the turn, the target\'s Slitta-knives have Crit (Mortal) while they are wholly within 12" of this unit.', opts).resolves).toBeNull();
  });
});
