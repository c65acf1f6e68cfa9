/**
 * The effect-text parser on real texts of the fixture rosters (tests/fixtures/rosters/new-recruit;
 * the roster named for each), one test per recognised shape, and for each its "fall-back twin":
 * a real text of the same shape with a condition, range or restriction the vocabulary cannot say,
 * which must be left to the player (`resolves: null`), never applied with the condition dropped.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect, casterClause } from './parseEffect';
import { parseTiming } from './parseTiming';
import { keywordSpecMatches, splitKeywords } from './parseKeywords';
import { AbilityEffectSchema, AbilityPickSchema } from './schema';

const KB = ['KRULEBOYZ', 'DESTRUCTION', 'INFANTRY', 'HERO', 'WIZARD (1)', 'MONSTER'];
const FEC = ['FLESH-EATER COURTS', 'DEATH', 'HERO', 'INFANTRY', 'CAVALRY', 'SERFS', 'KNIGHTS', 'NOBLE', 'WIZARD (1)', 'PRIEST (1)'];
const SCE = ['STORMCAST ETERNALS', 'ORDER', 'INFANTRY', 'CAVALRY', 'HERO', 'SACROSANCT CHAMBER', 'WARRIOR CHAMBER', 'RUINATION CHAMBER', 'WIZARD (1)'];
const SKV = ['SKAVEN', 'CHAOS', 'INFANTRY', 'HERO', 'PESTILENS', 'WIZARD (1)', 'MONSTER'];
const NH = ['NIGHTHAUNT', 'DEATH', 'INFANTRY', 'HERO', 'WIZARD (1)'];

function parse(effect: string, opts: { declare?: string; timing?: string; keywords?: string[] } = {}) {
  const r = parseEffect({
    declare: opts.declare ?? null,
    effect,
    timing: parseTiming(opts.timing, opts.timing === undefined),
    knownKeywords: opts.keywords ?? [],
  });
  // Whatever is produced is valid vocabulary.
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  for (const p of r.picks ?? []) expect(AbilityPickSchema.safeParse(p).success, JSON.stringify(p)).toBe(true);
  return r;
}

describe('heal', () => {
  it('"Heal (D3) this unit." (Blessed Blood, fec; Regeneration, kb)', () => {
    expect(parse('Heal (D3) this unit.', { timing: 'Start of Any Turn' })).toEqual({ resolves: [{ heal: 'D3', targets: 'self' }] });
    expect(parse('Heal (3) this unit.', { timing: 'Your Hero Phase' }).resolves).toEqual([{ heal: 3, targets: 'self' }]);
  });
  it('the Declare\'s targets: Echoes of the Vermindoom (skv), up to 3 visible friendly Skaven units wholly within 13"', () => {
    expect(parse('Heal (D3) each target.', { timing: 'Once Per Turn (Army), End of Any Turn', declare: 'Pick up to 3 visible friendly **^^Skaven^^** units wholly within 13" of this unit to be the targets.', keywords: SKV })).toEqual({
      resolves: [{ heal: 'D3', targets: 'targets' }],
      picks: [{ kind: 'friendlyUnit', count: 3, visible: true, within: 13, wholly: true, keyword: 'SKAVEN' }],
    });
  });
  it('Mantle of the First Storm (sce) heals only "if any enemy models were slain by this unit\'s attacks this turn": read since session 39 (slewByAttacks, parseSelf39.test.ts); "this battle" stays by hand', () => {
    expect(parse("If any enemy models were slain by this unit's attacks this turn, Heal (4) this unit.", { timing: 'End of Any Turn' }).resolves).toEqual([{ heal: 4, targets: 'self', if: { slewByAttacks: true, unit: 'self' } }]);
    expect(parse("If any enemy models were slain by this unit's attacks this battle, Heal (4) this unit.", { timing: 'End of Any Turn' }).resolves).toBeNull();
  });
  it('Fixin\' Beat (ij) heals more on a chanting roll of 8+ "instead": read since session 36\'s second pass (parseEffectShapes36b.test.ts); healing something else instead stays by hand', () => {
    const opts = { timing: 'Your Hero Phase', declare: 'Pick a friendly Ironjawz Priest to chant this prayer, pick a visible friendly Ironjawz unit wholly within 12" of them to be the target, then make a chanting roll of D6.', keywords: ['IRONJAWZ', 'PRIEST'] };
    expect(parse('Heal (D6) the target. If the chanting roll was 8+, Heal (D3+3) the target instead.', opts).resolves).toEqual([
      { heal: 'D6', targets: 'targets', unlessCastRoll: 8 },
      { heal: 'D3+3', targets: 'targets', if: { castRoll: 8 } },
    ]);
    expect(parse('Heal (D6) the target. If the chanting roll was 8+, Heal (D3+3) this unit instead.', opts).resolves).toEqual([
      { heal: 'D6', targets: 'targets', unlessCastRoll: 8 },
      { heal: 'D3+3', targets: 'self', if: { castRoll: 8 } },
    ]);
    expect(parse('Heal (D6) the target. If the chanting roll was 8+, the target has Ward (5+) for the rest of the turn instead.', opts).resolves).toBeNull();
  });
});

describe('mortal damage', () => {
  it('Wither (skv lore): a lore spell on its caster, a visible enemy unit within 13" of them', () => {
    const declare = 'Pick a friendly **^^Skaven Wizard^^** to cast this spell, pick a visible enemy unit within 13" of them to be the target, then make a casting roll of 2D6.';
    expect(parse('Inflict D3 mortal damage on the target.', { timing: 'Your Hero Phase', declare, keywords: SKV })).toEqual({
      resolves: [{ mortal: 'D3', targets: 'targets' }],
      picks: [{ kind: 'enemyUnit', visible: true, within: 13 }],
    });
    expect(casterClause(declare)).toEqual({ keywords: 'Skaven', kind: 'WIZARD' });
  });
  it('twin: Mighty \'Eadbutt\'s shape with another kind of effect for a WIZARD: by hand (Mighty \'Eadbutt itself is read since session 38, parseAlt38.ts)', () => {
    expect(parse('Inflict D3 mortal damage on the target. If the target is a Wizard, the target has Strike-last for the rest of the turn instead.', { timing: 'Your Hero Phase', declare: 'Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.' }).resolves).toBeNull();
  });
  it('twin: Mighty \'Eadbutt (ij) does more to a WIZARD: read since session 38 (parseKbIj38.ts); after a roll-gated mortal damage, by hand', () => {
    expect(parse('Inflict D3 mortal damage on the target. If the target is a Wizard, inflict 3 mortal damage on the target instead.', { timing: 'Your Hero Phase', declare: 'Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.' }).resolves).toEqual([
      { mortal: 'D3', targets: 'targets', if: { notKeyword: 'WIZARD' } },
      { mortal: 3, targets: 'targets', if: { keyword: 'WIZARD' } },
    ]);
    expect(parse('Roll a dice. On a 3+, inflict D3 mortal damage on the target. If the target is a Wizard, inflict 3 mortal damage on the target instead.', { timing: 'Your Hero Phase', declare: 'Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.' }).resolves).toBeNull();
  });
  it('"Roll a dice for each model in the target unit. For each 6, inflict 1 mortal damage" (Da Black Pit, kb)', () => {
    expect(parse('Roll a dice for each model in the target unit. For each 6, inflict 1 mortal damage on the target.', { timing: 'Your Hero Phase', declare: 'Pick a friendly Kruleboyz Wizard to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.', keywords: KB }).resolves)
      .toEqual([{ mortal: 1, on: '6+', each: 'model', targets: 'targets' }]);
  });
  it('twin: Avalanche of Flesh (sob) rolls per model only after a 3+: by hand', () => {
    expect(parse('Roll a dice. On a 3+, roll a dice for each model in the target unit. For each 5+, inflict 1 mortal damage on the target.', { timing: 'Once Per Turn (Army), Any Combat Phase', declare: 'Pick an enemy Infantry unit in combat with this unit to be the target.' }).resolves).toBeNull();
  });
  it('"in combat with this unit" is within its 3" combat range and visible (Core 13.0): Calamitous Tail Sweep (sce)', () => {
    expect(parse('Roll a dice for each model in the target unit. For each 5+, inflict 1 mortal damage on the target.', { timing: 'Once Per Turn (Army), Any Combat Phase', declare: 'Pick an enemy unit in combat with this unit to be the target.' }).picks)
      .toEqual([{ kind: 'enemyUnit', within: 3, visible: true }]);
  });
  it('Runaway Coach (nh) "If this unit charged this phase, pick an enemy unit within 1" of it" and damage equal to the roll: read since session 36 (mortal "roll", parseEffectShapes36.test.ts)', () => {
    expect(parse('Roll a D3. On a 2+, inflict an amount of mortal damage equal on the target equal to the roll.', { timing: 'Any Charge Phase', declare: 'If this unit charged this phase, pick an enemy unit within 1" of it to be the target.' }).resolves).toEqual([{ mortal: 'roll', on: '2+', die: 'D3', targets: 'targets' }]);
  });
});

describe('a roll gating one effect', () => {
  it('"Roll a dice. On a 4+, the target has Strike-last for the rest of the turn." (Arch-Manipulator, skv)', () => {
    expect(parse('Roll a dice. On a 4+, the target has Strike-last for the rest of the turn.', { timing: 'Once Per Turn (Army), Any Combat Phase', declare: 'Pick an enemy unit in combat with this unit to be the target.' }).resolves)
      .toEqual([{ strike: 'last', targets: 'targets', duration: 'turn', if: { roll: '4+' } }]);
  });
  it('twin: Bait and Trap\'s shape (kb) with the bonus on this unit\'s state, not the target\'s: by hand (the target\'s own "is damaged" is read since session 37, parseRolls37.test.ts)', () => {
    expect(parse('Roll a dice. Add 1 to the roll if this unit is damaged. On a 3+, the target has Strike-last for the rest of the turn.', { timing: 'Any Combat Phase', declare: 'Pick an enemy Monster in combat with this unit to be the target.', keywords: KB }).resolves).toBeNull();
  });
  it('twin: Foul Elixirs (kb) has a second outcome on a 1: by hand', () => {
    expect(parse('Roll a dice. On a 2+, add 1 to save rolls for the target for the rest of the turn. On a 1, inflict D3 mortal damage on the target.', { timing: 'Once Per Turn (Army), Your Hero Phase', declare: 'Pick a friendly **^^Kruleboyz Infantry^^** unit wholly within 12" of this unit to be the target.', keywords: KB }).resolves).toBeNull();
  });
});

describe('roll modifiers', () => {
  it('Soul Energy of the First Host (sce): +1 wound for a visible friendly Sacrosanct Chamber unit wholly within 12"', () => {
    expect(parse("Add 1 to wound rolls for the target's attacks for the rest of the turn.", { timing: 'Any Combat Phase', declare: 'Pick a visible friendly **^^Sacrosanct Chamber^^** unit wholly within 12" of this unit to be the target.', keywords: SCE })).toEqual({
      resolves: [{ modify: 'wound', by: 1, attacks: 'all', targets: 'targets', duration: 'turn' }],
      picks: [{ kind: 'friendlyUnit', visible: true, within: 12, wholly: true, keyword: 'SACROSANCT CHAMBER' }],
    });
  });
  it('Mork\'s Kunnin\' (kb): +1 save "for attacks that target that friendly unit" is the unit\'s own save roll', () => {
    expect(parse('Until the start of your next turn, add 1 to save rolls for attacks that target that friendly unit', { timing: 'Your Hero Phase', declare: 'Pick a friendly Kruleboyz Wizard to cast this spell, pick a visible friendly Kruleboyz unit wholly within 12" of them, then make a casting roll of 2D6.', keywords: KB }).resolves)
      .toEqual([{ modify: 'save', by: 1, targets: 'targets', duration: 'nextTurnStart' }]);
  });
  it('Dead \'Ard (ij): the wound rolls of attacks that target this unit, read since session 35 as an `incoming` modifier (parseEffectShapes.test.ts)', () => {
    expect(parse('Subtract 1 from wound rolls for attacks that target this unit.').resolves).toEqual([{ modify: 'wound', by: -1, attacks: 'all', incoming: true, targets: 'self' }]);
  });
  it('an aura: Consecrated Revulsion (dok), +1 save for friendly Daughters of Khaine Infantry wholly within 12"', () => {
    expect(parse('Add 1 to save rolls for friendly **^^Daughters of Khaine Infantry^^** units while they are wholly within 12" of this unit.', { keywords: ['DAUGHTERS OF KHAINE', 'INFANTRY'] }).resolves)
      .toEqual([{ modify: 'save', by: 1, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'DAUGHTERS OF KHAINE INFANTRY' } }]);
  });
  it('twin: Musicians, Play! (fec) needs a believed Delusion and measures from any FEC Hero: by hand', () => {
    expect(parse('While you believe this Delusion, subtract 1 from hit rolls for shooting attacks that target friendly Flesh-eater Courts units while they are wholly within 12" of a friendly Flesh-eater Courts Hero.', { keywords: FEC }).resolves).toBeNull();
  });
  it('twin: Foster Competition (skv) names Stormvermin, which the army\'s keywords do not hold as a keyword run: by hand', () => {
    expect(parse('Add 1 to wound rolls for friendly Stormvermin units while they are wholly within 13"of this unit.', { keywords: SKV }).resolves).toBeNull();
  });
  it('casting: Staff of the Horned Rat (skv) +1; Aetheric Manipulation (sce) only "when it uses a SUMMON ability" (`summon`, session 39, parseSummon39.test.ts); a Spell ability stays by hand', () => {
    expect(parse('Add 1 to casting rolls for this unit.').resolves).toEqual([{ modify: 'cast', by: 1, targets: 'self' }]);
    expect(parse('Add 1 to casting rolls for this unit when it uses a **^^Summon^^** ability.').resolves).toEqual([{ modify: 'cast', by: 1, targets: 'self', summon: true }]);
    expect(parse('Add 1 to casting rolls for this unit when it uses a **^^Spell^^** ability.').resolves).toBeNull();
  });
  it('an activated modifier without a duration is not read (Core 28.1 needs one)', () => {
    expect(parse("Add 1 to hit rolls for this unit's attacks.", { timing: 'Your Hero Phase' }).resolves).toBeNull();
  });
});

describe('characteristics', () => {
  it('Choking Mist (kb): -1 Attacks of the target\'s weapons until the start of your next turn', () => {
    expect(parse("Subtract 1 from the Attacks characteristic of the target's weapons until the start of your next turn.", { timing: 'Your Hero Phase', declare: 'Pick a friendly Kruleboyz Wizard to cast this spell, pick a visible enemy unit within 12" of them to be the target, then make a casting roll of 2D6.', keywords: KB }).resolves)
      .toEqual([{ modify: 'attacks', by: -1, attacks: 'all', targets: 'targets', duration: 'nextTurnStart' }]);
  });
  it('Frenzied Fervour (dok): +1 Rend of melee weapons while it charged this turn', () => {
    expect(parse("Add 1 to the Rend characteristic of this unit's melee weapons if it charged in the same turn.").resolves)
      .toEqual([{ modify: 'rend', by: 1, attacks: 'melee', targets: 'self', while: { charged: true, unit: 'self' } }]);
  });
  it('twin: "within 12" of any friendly Nobles" (fec): by hand (a named weapon such as Dawnrider Charge\'s is read since session 35: parseEffectShapes.test.ts)', () => {
    expect(parse('Add 1 to the Rend characteristic of this unit\'s melee weapons while it is wholly within 12" of any friendly Nobles or Abhorrants.', { keywords: FEC }).resolves).toBeNull();
  });
  it('Lord of the Hammerhands (sce): +3 control for friendly Warrior Chamber units wholly within 12"; Stalwart Defenders (contesting an objective wholly within friendly territory) read since session 37 (tail37a); its enemy-territory twin: by hand', () => {
    expect(parse('Add 3 to the control scores of friendly Warrior Chamber units while they are wholly within 12" of this unit.', { keywords: SCE }).resolves)
      .toEqual([{ modify: 'control', by: 3, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'WARRIOR CHAMBER' } }]);
    expect(parse("Add 3 to this unit's control score while it is contesting an objective wholly within friendly territory.").resolves)
      .toEqual([{ modify: 'control', by: 3, targets: 'self', while: { contesting: 'friendlyTerritory', unit: 'self' } }]);
    expect(parse("Add 3 to this unit's control score while it is contesting an objective wholly within enemy territory.").resolves).toBeNull();
  });
  it('Behemoth Brawler (sob): -1 Attacks of enemy Monsters in combat with this unit, read since session 40 (sh40d, parseSob40.ts); its twin within 6": by hand', () => {
    expect(parse('Subtract 1 from the Attacks characteristic of enemy Monsters while they are in combat with this unit.').resolves).toEqual([{ modify: 'attacks', by: -1, attacks: 'all', targets: 'enemy', while: { within: 3, of: 'self', keyword: 'MONSTER' } }]);
    expect(parse('Subtract 1 from the Attacks characteristic of enemy Monsters while they are within 6" of this unit.').resolves).toBeNull();
  });
});

describe('ward, strike order, keywords, permissions', () => {
  it('Power of Kragnos (kb): friendly Kruleboyz units have Ward (6+) while wholly within 12" (an aura)', () => {
    expect(parse('Friendly **^^Kruleboyz^^** units have **^^Ward (6+)^^** while they are wholly within 12" of this unit.', { keywords: KB }).resolves)
      .toEqual([{ ward: 6, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'KRULEBOYZ' } }]);
  });
  it('Drawn to War (nh): wholly within this unit\'s combat range is wholly within 3"', () => {
    expect(parse('Friendly Nighthaunt Infantry Heroes have Ward (4+) while they are wholly within this unit\'s combat range.', { keywords: NH }).resolves)
      .toEqual([{ ward: 4, targets: 'friendly', while: { within: 3, of: 'self', wholly: true, keyword: 'NIGHTHAUNT INFANTRY HERO' } }]);
  });
  it('a ward for "both this unit and those Heroes" while any are within its combat range (lrl): read since session 37 (parsePermissions37.test.ts); with units that are no Heroes: by hand', () => {
    expect(parse("While any friendly Scinari Heroes are wholly within this unit's combat range, both this unit and those friendly units have Ward (5+).", { keywords: ['SCINARI', 'HERO'] }).resolves).toHaveLength(2);
    expect(parse("While any friendly Scinari units are wholly within this unit's combat range, both this unit and those friendly units have Ward (5+).", { keywords: ['SCINARI', 'HERO'] }).resolves).toBeNull();
  });
  it('Unleashed Rage (skv): Strike-first while it charged (Dracoline Fury, "while contesting an objective", is read since session 36: parseDeclare.test.ts)', () => {
    expect(parse('This unit has Strike-first if it charged in the same turn.').resolves).toEqual([{ strike: 'first', targets: 'self', while: { charged: true, unit: 'self' } }]);
  });
  it('Sludgeraker Venom (kb): the target has the keyword for the rest of the turn', () => {
    expect(parse('That unit has the Sludgeraker Venom keyword for the rest of the turn.', { timing: 'Your Hero Phase', declare: 'Pick a friendly **^^Kruleboyz^^** unit wholly within 12" of this unit to be the target.', keywords: KB }).resolves)
      .toEqual([{ keyword: 'SLUDGERAKER VENOM', add: true, targets: 'targets', duration: 'turn' }]);
  });
  it('Berserkers (skv): a charge after a run; twin Keep Up! (sob) only while wholly within 12" of a Mega-Gargant: by hand', () => {
    expect(parse('This unit can use a Run ability and still use Charge abilities later in the turn.').resolves).toEqual([{ mayChargeAfter: 'run', targets: 'self' }]);
    expect(parse('While this unit is wholly within 12" of a friendly Mega-Gargant, this unit can use Charge abilities even if it used a Run ability in the same turn.').resolves).toBeNull();
  });
  it('Steed of Shadows (dok): "this turn" is the duration of the permission', () => {
    expect(parse('The target can use Charge abilities this turn even if it used a Run ability in the same turn.', { timing: 'Your Hero Phase', declare: 'Pick a friendly Daughters of Khaine Wizard to cast this spell, pick a visible friendly Daughters of Khaine unit wholly within 12" of them to be the target, then make a casting roll of 2D6.', keywords: ['DAUGHTERS OF KHAINE'] }).resolves)
      .toEqual([{ mayChargeAfter: 'run', targets: 'targets', duration: 'turn' }]);
  });
});

describe('re-rolls', () => {
  it('Cruel Taskmaster (fec): re-roll charge rolls for a non-Hero FEC unit wholly within 12"', () => {
    expect(parse('For the rest of the turn, you can re-roll charge rolls for the target.', { timing: 'Your Charge Phase', declare: 'Pick a friendly non-**^^Hero Flesh-eater Courts^^** unit wholly within 12" of this unit to be the target.', keywords: FEC })).toEqual({
      resolves: [{ reroll: 'charge', which: 'any', targets: 'targets', duration: 'turn' }],
      picks: [{ kind: 'friendlyUnit', within: 12, wholly: true, keyword: 'FLESH-EATER COURTS', notKeyword: 'HERO' }],
    });
  });
  it('twin: Ride for Vengeance (sce) only if a Warrior Chamber unit has been destroyed: by hand', () => {
    expect(parse('If any friendly Warrior Chamber units have been destroyed this battle:\n• You can re-roll charge rolls for this unit.\n• This unit has Strike-first if it charged in the same turn.', { keywords: SCE }).resolves).toBeNull();
  });
});

describe('moves and set-up', () => {
  it('Shadow Leap (skv): set up again more than 9" from all enemy units', () => {
    expect(parse('Remove this unit from the battlefield and set it up again on the battlefield more than 9" from all enemy units.', { timing: 'Once Per Turn (Army), Your Movement Phase' }).resolves)
      .toEqual([{ setUp: 'battlefield', farther: 9, targets: 'self' }]);
  });
  it('Transporting Vortex (lrl): a friendly unit "wholly within 12" of this unit and not in combat" (inCombat: false)', () => {
    expect(parse('Remove the target from the battlefield and set it up again on the battlefield more than 9" from all enemy units.', { timing: 'Your Hero Phase', declare: 'Pick a visible friendly Lumineth Realm\u2011lords unit wholly within 12" of this unit and not in combat to be the target, then make a casting roll of 2D6.', keywords: ['LUMINETH REALM-LORDS'] })).toEqual({
      resolves: [{ setUp: 'battlefield', farther: 9, targets: 'targets' }],
      picks: [{ kind: 'friendlyUnit', visible: true, inCombat: false, within: 12, wholly: true, keyword: 'LUMINETH REALM-LORDS' }],
    });
  });
  it('twins: To Our Liege (fec, read since session 38: parseSetUp38.test.ts) set up "wholly within 6" of the battlefield edge" instead; Sneaky Sneakin\' (kb) with its dirty trick roll: by hand', () => {
    expect(parse('If this unit is not in combat, remove it from the battlefield and set it up again wholly within 6" of the battlefield edge and more than 9" from all enemy units.', { timing: 'Once Per Turn (Army), Your Movement Phase', keywords: FEC }).resolves).toBeNull();
    const sneaky = parse('Remove the target from the battlefield and set it up again wholly within 3" of a terrain feature and more than 9" from all enemy units.', {
      timing: 'Once Per Turn (Army), Any Hero Phase',
      declare: 'Pick a friendly **^^Kruleboyz Infantry^^** unit that has 10 or fewer models,  is not in combat and has not been the target of a **^^Dirty Trick^^** ability this turn to be the target, then make a dirty trick roll.',
      keywords: KB,
    });
    expect(sneaky.resolves).toBeNull();
    expect(sneaky.picks).toBeUndefined();
  });
  it('Seething Swarm (skv): return D3 slain models; twin Healing Light (sce) only if the target is not damaged: by hand', () => {
    expect(parse('You can return D3 slain models to this unit.', { timing: 'End of Any Turn' }).resolves).toEqual([{ returnModels: 'D3', targets: 'self' }]);
    expect(parse('If the target is damaged, Heal (D6) the target. If the target is not damaged, return a slain model to it.', { timing: 'Your Hero Phase', declare: 'Pick a visible friendly Sacrosanct Chamber unit that is not in combat and is within 12" of this unit to be the target.', keywords: SCE }).resolves).toBeNull();
  });
});

describe('Declares the picks cannot say fall back whole', () => {
  // "Infantry or Cavalry", "another" and "that was not set up this turn" are read since session 36 (parseDeclare.test.ts).
  it.each([
    ['"each" (Like Snapping Hounds, fec)', 'Pick each friendly **^^Serfs^^** unit in combat to be the targets.'],
  ])('%s', (_, declare) => {
    const r = parse('Heal (D3) the target.', { timing: 'Your Hero Phase', declare, keywords: [...KB, ...FEC] });
    expect(r.resolves).toBeNull();
    expect(r.picks).toBeUndefined();
  });
  it('a dirty trick roll (Venom-encrusted Weapons\' Declare, kb) is read since session 41 (sh41a, parseDirtyTricks41a.test.ts): the roll first', () => {
    const r = parse('Heal (D3) the target.', { timing: 'Your Hero Phase', declare: 'Pick a friendly **^^Kruleboyz Infantry^^** unit to be the target, then make a dirty trick roll.', keywords: [...KB, ...FEC] });
    expect(r.resolves).toEqual([{ dirtyTrickRoll41a: true }, { heal: 'D3', targets: 'targets' }]);
  });
});

describe('two effects joined by "and" are split only when no condition or duration is lost', () => {
  // The real text, with "until the start of your next turn", is read since session 39 (parseFecNh39.test.ts): the mortal damage is instant.
  it('twin: "inflict 1 mortal damage ... and the target has the Sentenced keyword" with no duration (nh): by hand', () => {
    expect(parse('Roll a dice. On a 3+, inflict 1 mortal damage on the target and the target has the Sentenced keyword.', { timing: 'Once Per Turn (Army), Your Hero Phase', declare: 'Pick a visible enemy unit within 18" of this unit to be the target.' }).resolves).toBeNull();
  });
  it('Saintly Assault (sce): a lead-in duration over bullets applies to each', () => {
    expect(parse("For the rest of the turn:\n• Add 1 to charge rolls for the targets.\n• Add 1 to the Attacks characteristic of the targets' melee weapons.", { timing: 'Once Per Battle, Your Charge Phase', declare: 'Pick up to 3 visible friendly **^^Stormcast Eternals Infantry^^** units wholly within 6" of this unit to be the targets.', keywords: SCE }).resolves)
      .toEqual([
        { modify: 'charge', by: 1, targets: 'targets', duration: 'turn' },
        { modify: 'attacks', by: 1, attacks: 'melee', targets: 'targets', duration: 'turn' },
      ]);
  });
});

describe('keyword runs', () => {
  it('are split on the army\'s keywords, longest first, and matched all together', () => {
    expect(splitKeywords('Flesh-eater Courts Infantry', FEC)).toEqual(['FLESH-EATER COURTS', 'INFANTRY']);
    expect(splitKeywords('Heroes', [])).toEqual(['HERO']);
    expect(splitKeywords('Stormvermin', SKV)).toBeNull();
    expect(keywordSpecMatches(['KRULEBOYZ', 'INFANTRY', 'DESTRUCTION'], 'KRULEBOYZ INFANTRY')).toBe(true);
    expect(keywordSpecMatches(['KRULEBOYZ', 'MONSTER'], 'KRULEBOYZ INFANTRY')).toBe(false);
    expect(keywordSpecMatches(['WIZARD (2)', 'KRULEBOYZ'], 'WIZARD')).toBe(true);
  });
});
