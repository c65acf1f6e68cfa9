/**
 * The roll effects added in session 37 by roll37 (issue 34, docs/abilities.md "Roll effects added in session
 * 37 (roll37)"; parseRolls.ts), each on real texts of the fixture rosters (tests/fixtures/rosters/new-recruit;
 * the roster named for each) and with fall-back twins: texts of the same shape with a condition, a subject or
 * an outcome the vocabulary cannot say, which must stay by hand (`resolves: null`), never applied with it dropped.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema } from './schema';

const KW = ['KRULEBOYZ', 'SONS OF BEHEMAT', 'STORMCAST ETERNALS', 'SKAVEN', 'LUMINETH REALM-LORDS', 'DAUGHTERS OF KHAINE', 'FLESH-EATER COURTS', 'INFANTRY', 'CAVALRY', 'HERO', 'MONSTER', 'WIZARD', 'PRIEST'];

function parse(effect: string, declare: string | null, timingText: string) {
  const r = parseEffect({ declare, effect, timing: parseTiming(timingText, false), knownKeywords: KW });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

const IN_COMBAT = 'Pick an enemy unit in combat with this unit to be the target.';

describe('dice for each model of the target unit, with the chanting roll\'s alternative', () => {
  const BILE_DECLARE = 'Pick a friendly **^^Skaven Priest^^** to chant this prayer, pick a visible enemy unit within 13" of them to be the target, then make a chanting roll of D6.';
  const BILE = 'Roll a number of dice equal to the number of models in the target unit. For each 5+, inflict 1 mortal damage on the target. If the chanting roll was 8+, inflict 1 mortal damage on the target for each 4+ instead.';
  it('"Roll a number of dice equal to the number of models in the target unit. For each 5+, ... If the chanting roll was 8+, ... for each 4+ instead." (skv-001 Bile-torrent, a prayer)', () => {
    const r = parse(BILE, BILE_DECLARE, 'Your Hero Phase');
    expect(r.picks).toEqual([{ kind: 'enemyUnit', visible: true, within: 13 }]);
    expect(r.resolves).toEqual([
      { mortal: 1, on: '5+', each: 'model', targets: 'targets', unlessCastRoll: 8 },
      { mortal: 1, on: '4+', each: 'model', targets: 'targets', if: { castRoll: 8 } },
    ]);
  });
  it('"Roll a dice for each model in the target unit. For each 6, inflict 1 mortal damage on the target." still reads (kb-001 Da Black Pit)', () => {
    const r = parse('Roll a dice for each model in the target unit. For each 6, inflict 1 mortal damage on the target.', 'Pick a friendly **^^Kruleboyz Wizard^^** to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.', 'Your Hero Phase');
    expect(r.resolves).toEqual([{ mortal: 1, on: '6+', each: 'model', targets: 'targets' }]);
  });
  it('"Roll a number of dice equal to the target\'s Health characteristic, to a maximum of 10. For each 4+, ..." (kb-001 Strangle Hex, a spell); "... equal to the number of damage points the target has. For each 5+, ..." (kb-001 Aggravate Wounds)', () => {
    const hex = parse('Roll a number of dice equal to the target\'s Health characteristic, to a maximum of 10. For each 4+, inflict 1 mortal damage on the target.', 'Pick a visible enemy unit within 18" of this unit to be the target, then make a casting roll of 2D6.', 'Your Hero Phase');
    expect(hex.resolves).toEqual([{ mortal: 1, on: '4+', each: 'health', max: 10, targets: 'targets' }]);
    const aggravate = parse('Roll a number of dice equal to the number of damage points the target has. For each 5+, inflict 1 mortal damage on the target.', 'Pick an enemy **^^Monster^^** in combat with this unit to be the target.', 'Once Per Turn (Army), End of Any Turn');
    expect(aggravate.resolves).toEqual([{ mortal: 1, on: '5+', each: 'damage', targets: 'targets' }]);
  });
  it('fall-back twins: no chanting roll to read; dice counted from something else; a consequence the vocabulary cannot say', () => {
    // The same text on an ability without a casting / chanting roll: "the chanting roll" is nothing to read.
    expect(parse(BILE, IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    // Dice equal to the charge roll (kb-001 Vulcha Dive), the Health without its maximum, this unit's models, the fury level (kb-001 Just Keep Stabbin').
    expect(parse('Roll a number of dice equal to the unmodified charge roll. For each 4+, inflict 1 mortal damage on the target.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a number of dice equal to the target\'s Health characteristic. For each 4+, inflict 1 mortal damage on the target.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a number of dice equal to the number of models in this unit. For each 5+, inflict 1 mortal damage on the target.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a number of dice equal to your fury level. For each 3+, inflict 1 mortal damage on the target.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    // What follows depends on the damage points allocated and is not one effect on the target (fec-001 Shriek of Terror itself is read since session 38, parseRolls38.ts).
    expect(parse('Roll a dice for each model in the target unit. For each 6, inflict 1 mortal damage on the target. If 3 or more damage points are allocated to the target by this ability, the target cannot use commands and it has Strike-last.', 'Pick an enemy **^^Infantry^^** unit in combat with this unit to be the target.', 'Any Combat Phase').resolves).toBeNull();
    // The alternative with another consequence.
    expect(parse('Roll a number of dice equal to the number of models in the target unit. For each 5+, inflict 1 mortal damage on the target. If the chanting roll was 8+, inflict 2 mortal damage on the target for each 4+ instead.', 'Pick a friendly **^^Skaven Priest^^** to chant this prayer, pick a visible enemy unit within 13" of them to be the target, then make a chanting roll of D6.', 'Your Hero Phase').resolves).toBeNull();
  });
});

describe('rolls against the target\'s Health characteristic (slay)', () => {
  it('"Roll a dice. If the roll is at least double the target\'s Health characteristic, 1 model in the target unit is slain." (kb-001 Easy Meat; sob-001 Stuff \'Em in Me Bag)', () => {
    const r = parse('Roll a dice. If the roll is at least double the target\'s Health characteristic, 1 model in the target unit is slain.', IN_COMBAT, 'Once Per Turn (Army), Enemy Hero Phase');
    expect(r.picks).toEqual([{ kind: 'enemyUnit', visible: true, within: 3 }]); // "in combat with this unit": within 3" (the parser's reading of combat range)
    expect(r.resolves).toEqual([{ slay: 'model', dice: 'D6', health: 'double', targets: 'targets' }]);
  });
  it('"Roll a dice. If the roll exceeds the target\'s Health characteristic, 1 model in the target unit is slain." (kb-001 Tear Limb From Limb, Crush to Death)', () => {
    const r = parse('Roll a dice. If the roll exceeds the target\'s Health characteristic, 1 model in the target unit is slain.', 'Pick an enemy **^^Infantry^^** unit within 1" of this unit to be the target.', 'Once Per Turn (Army), End of Any Turn');
    expect(r.picks).toEqual([{ kind: 'enemyUnit', within: 1, keyword: 'INFANTRY' }]);
    expect(r.resolves).toEqual([{ slay: 'model', dice: 'D6', health: 'exceeds', targets: 'targets' }]);
  });
  it('"Roll 2D6. If the roll exceeds the target\'s Health characteristic, it is automatically destroyed." (kb-001 Toxic Stash)', () => {
    const r = parse('Roll 2D6. If the roll exceeds the target\'s Health characteristic, it is automatically destroyed.', 'Pick an enemy **^^Infantry Hero^^** in combat with this unit to be the target.', 'Once Per Battle, Any Combat Phase');
    expect(r.resolves).toEqual([{ slay: 'unit', dice: '2D6', health: 'exceeds', targets: 'targets' }]);
  });
  it('"Roll 3 dice. For each roll that equals or exceeds / is at least double the target\'s Health characteristic, 1 model in the target unit is slain." (sce-002 Cavernous Jaws; sob-001 Stuff \'Em in Me Net)', () => {
    expect(parse('Roll 3 dice. For each roll that equals or exceeds the target\'s Health characteristic, 1 model in the target unit is slain.', IN_COMBAT, 'Once Per Turn (Army), Any Combat Phase').resolves).toEqual([{ slay: 'model', dice: 'D6', times: 3, health: 'atLeast', targets: 'targets' }]);
    expect(parse('Roll 3 dice. For each roll that is at least double the target\'s Health characteristic, 1 model in the target unit is slain.', IN_COMBAT, 'Once Per Turn, Any Combat Phase').resolves).toEqual([{ slay: 'model', dice: 'D6', times: 3, health: 'double', targets: 'targets' }]);
  });
  it('fall-back twins: another test or outcome, a modified roll, several targets, no target, one roll read as many', () => {
    // "equal to or less than" with mortal damage as the outcome (dok-001 Crystal Touch's own Strike-last is read since session 38, parseRolls38.ts).
    expect(parse('Roll a dice. If the roll is equal to or less than the target\'s Health characteristic, inflict D3 mortal damage on the target.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    // sce-002 Vice-like Grip: a list of effects follows.
    expect(parse('Roll 2D6. If the result exceeds the target\'s Health characteristic, for the rest of the turn: • The target cannot use commands.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    // A modifier to the roll ("Add 1 to the roll if the target is damaged"): not read.
    expect(parse('Roll a dice. Add 1 to the roll if the target is damaged. If the roll exceeds the target\'s Health characteristic, 1 model in the target unit is slain.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    // A further consequence after the slain model.
    expect(parse('Roll a dice. If the roll exceeds the target\'s Health characteristic, 1 model in the target unit is slain and this unit has Strike-first for the rest of the turn.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    // Up to 3 targets: "the target's Health characteristic" of which?
    expect(parse('Roll a dice. If the roll exceeds the target\'s Health characteristic, 1 model in the target unit is slain.', 'Pick up to 3 enemy units in combat with this unit to be the targets.', 'Any Combat Phase').resolves).toBeNull();
    // No Declare: no target.
    expect(parse('Roll a dice. If the roll exceeds the target\'s Health characteristic, 1 model in the target unit is slain.', null, 'Any Combat Phase').resolves).toBeNull();
    // "Roll 3 dice. If the roll ...": which roll?
    expect(parse('Roll 3 dice. If the roll exceeds the target\'s Health characteristic, 1 model in the target unit is slain.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    // fec-001 Off With Their Head!, the target picked inside the Effect, with a trigger it is not read for (the real text: parseAfterFight40.ts, session 40).
    expect(parse('Immediately after that Fight ability has been resolved, pick an enemy Infantry Hero in combat with this unit to be the target. Roll 2D6. If the roll exceeds the target\'s Health characteristic, it is automatically destroyed.', null, 'Reaction: You declared a Shoot ability for this unit').resolves).toBeNull();
  });
});

describe('halve the Move characteristic, then roll against the Save characteristic', () => {
  const HEAT_DECLARE = 'Pick a friendly **^^Lumineth Realm-lords Wizard^^** to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.';
  const HEAT = 'Halve the target\'s Move characteristic until the start of your next turn, then roll a dice. If the roll equals or exceeds the target\'s Save characteristic, inflict D3 mortal damage on it.';
  it('"Halve the target\'s Move characteristic until the start of your next turn, then roll a dice. If the roll equals or exceeds the target\'s Save characteristic, inflict D3 mortal damage on it." (lrl-001 Overwhelming Heat)', () => {
    const r = parse(HEAT, HEAT_DECLARE, 'Your Hero Phase');
    expect(r.picks).toEqual([{ kind: 'enemyUnit', visible: true, within: 18 }]);
    expect(r.resolves).toEqual([
      { halve: 'move', targets: 'targets', duration: 'nextTurnStart' },
      { mortal: 'D3', vs: 'save', targets: 'targets' },
    ]);
  });
  it('fall-back twins: the halving without a duration; a condition on it; the damage on more units; another characteristic', () => {
    expect(parse('Halve the target\'s Move characteristic, then roll a dice. If the roll equals or exceeds the target\'s Save characteristic, inflict D3 mortal damage on it.', HEAT_DECLARE, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Halve the target\'s Move characteristic until the start of your next turn if it is in combat, then roll a dice. If the roll equals or exceeds the target\'s Save characteristic, inflict D3 mortal damage on it.', HEAT_DECLARE, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Halve the target\'s Move characteristic until the start of your next turn, then roll a dice. If the roll equals or exceeds the target\'s Save characteristic, inflict D3 mortal damage on it and each other enemy unit within 3" of it.', HEAT_DECLARE, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Halve the target\'s Move characteristic until the start of your next turn, then roll a dice. If the roll exceeds the target\'s Control characteristic, inflict D3 mortal damage on it.', HEAT_DECLARE, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Halve the Attacks characteristic of the target\'s melee weapons until the start of your next turn.', HEAT_DECLARE, 'Your Hero Phase').resolves).toBeNull();
  });
});

describe('"If this unit ..., roll a dice. On a N+, ..." and "Then, roll a dice."', () => {
  const PARAGON_DECLARE = 'Pick a visible friendly **^^Daughters of Khaine Infantry^^** unit wholly within 12" of this unit to be the target.';
  it('"If this unit is in combat, add 1 to the Rend ... If this unit is not in combat, roll a dice. On a 3+, add 1 to the Rend ..." (dok-001 Paragon of Slaughter)', () => {
    const r = parse('If this unit is in combat, add 1 to the Rend characteristic of the target\'s melee weapons for the rest of the turn. If this unit is not in combat, roll a dice. On a 3+, add 1 to the Rend characteristic of the target\'s melee weapons for the rest of the turn.', PARAGON_DECLARE, 'Once Per Turn (Army), Your Hero Phase');
    expect(r.resolves).toEqual([
      { modify: 'rend', by: 1, attacks: 'melee', targets: 'targets', duration: 'turn', if: { inCombat: true, unit: 'self' } },
      { modify: 'rend', by: 1, attacks: 'melee', targets: 'targets', duration: 'turn', if: { roll: '3+', inCombat: false, unit: 'self' } },
    ]);
  });
  it('"This unit can make a pile-in move. Then, roll a dice. On a 4+, inflict 5D6 mortal damage on the target." (sob-001 Beast-breaking Strike; Pulverising Strike, 4D6)', () => {
    const r = parse('This unit can make a pile-in move. Then, roll a dice. On a 4+, inflict 5D6 mortal damage on the target.', 'Pick an enemy **^^Monster^^** in combat with this unit to be the target.', 'Any Combat Phase');
    expect(r.resolves).toEqual([{ move: 'pileIn', inches: 3, targets: 'self' }, { mortal: '5D6', on: '4+', targets: 'targets' }]);
    expect(parse('This unit can make a pile-in move. Then, roll a dice. On a 4+, inflict 4D6 mortal damage on the target.', IN_COMBAT, 'Any Combat Phase').resolves).toEqual([{ move: 'pileIn', inches: 3, targets: 'self' }, { mortal: '4D6', on: '4+', targets: 'targets' }]);
  });
  it('"Roll a dice for each model in this unit. If any of the rolls are a 6, the target has Strike-last for the rest of the turn." (sce-001 / sce-002 Brace for Impact)', () => {
    const r = parse('Roll a dice for each model in this unit. If any of the rolls are a 6, the target has Strike-last for the rest of the turn.', 'Pick an enemy unit that charged this turn and is in combat with this unit to be the target.', 'Any Charge Phase');
    expect(r.picks).toEqual([{ kind: 'enemyUnit', within: 3, visible: true, cond: { charged: true } }]);
    expect(r.resolves).toEqual([{ strike: 'last', targets: 'targets', duration: 'turn', if: { roll: '6+', rollEach: 'model' } }]);
  });
  it('fall-back twins of Brace for Impact: "are a 5" (exactly 5), several targets, dice for the target\'s models, all of the rolls', () => {
    const declare = 'Pick an enemy unit in combat with this unit to be the target.';
    expect(parse('Roll a dice for each model in this unit. If any of the rolls are a 5, the target has Strike-last for the rest of the turn.', declare, 'Any Charge Phase').resolves).toBeNull();
    expect(parse('Roll a dice for each model in this unit. If any of the rolls are a 6, the target has Strike-last for the rest of the turn.', 'Pick up to 3 enemy units in combat with this unit to be the targets.', 'Any Charge Phase').resolves).toBeNull();
    expect(parse('Roll a dice for each model in the target unit. If any of the rolls are a 6, the target has Strike-last for the rest of the turn.', declare, 'Any Charge Phase').resolves).toBeNull();
    expect(parse('Roll a dice for each model in this unit. If all of the rolls are a 6, the target has Strike-last for the rest of the turn.', declare, 'Any Charge Phase').resolves).toBeNull();
  });
  it('fall-back twins: a condition the vocabulary cannot say before the roll (fec-001 Elite Guardians\' shape: that one is read since session 38, parseRolls38.ts), a roll modified first, the damage on units found by a move (a twin of sce-002 Draconic Onslaught with 2 targets), several targets', () => {
    expect(parse('If this unit is in combat with any enemy units that ran this turn, roll a dice. On a 3+, for the rest of the turn, this unit has Strike-first but ward rolls cannot be made for it.', null, 'Once Per Turn (Army), Any Combat Phase').resolves).toBeNull();
    expect(parse('If this unit is wholly within 6" of a terrain feature, roll a dice. On a 3+, add 1 to the Rend characteristic of the target\'s melee weapons for the rest of the turn.', PARAGON_DECLARE, 'Your Hero Phase').resolves).toBeNull();
    // Draconic Onslaught itself is read since session 40 (sh40f, passedAcross40f.test.ts): its twin with 2 targets stays by hand.
    expect(parse('If this unit charged this turn, roll a dice. On a 3+, this unit can move 2D6". It can pass through the combat ranges of enemy units and can end that move in combat. Then, pick up to 2 enemy units that this unit passed across during that move. Inflict D3 mortal damage on each of them.', null, 'Once Per Turn (Army), Any Combat Phase').resolves).toBeNull();
    expect(parse('This unit can make a pile-in move. Then, roll a dice. On a 4+, inflict 5D6 mortal damage on each enemy unit within 3" of this unit.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('This unit can make a pile-in move. Then, roll a dice. Add 1 to the roll if the target is a Monster. On a 4+, inflict 5D6 mortal damage on the target.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('This unit can make a pile-in move. Then, roll a dice. On a 4+, inflict 5D6 mortal damage on the target.', 'Pick up to 3 enemy units in combat with this unit to be the targets.', 'Any Combat Phase').resolves).toBeNull();
    // An aura after the roll (nh-001 Another Link in the Chain's shape): one roll, not one for each friendly unit.
    expect(parse('If this unit is not in combat, roll a dice. On a 3+, for the rest of the turn, add 1 to hit rolls for combat attacks made by friendly Kruleboyz units while they are wholly within 12" of this unit.', null, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice. On a 3+, for the rest of the turn, add 1 to hit rolls for combat attacks made by friendly Kruleboyz units while they are wholly within 12" of this unit.', null, 'Any Combat Phase').resolves).toBeNull();
  });
});

describe('"Add N to the roll if the target ..." before "On a N+, ..." (rollPlus / onPlus)', () => {
  it('"Roll a dice. Add 1 to the roll if the target is damaged. On a 3+, the target has Strike-last for the rest of the turn." (kb-001 Bait and Trap)', () => {
    const r = parse('Roll a dice. Add 1 to the roll if the target is damaged. On a 3+, the target has **^^Strike-last^^** for the rest of the turn.', 'Pick an enemy **^^Monster^^** in combat with this unit to be the target.', 'Any Combat Phase');
    expect(r.resolves).toEqual([{ strike: 'last', targets: 'targets', duration: 'turn', if: { roll: '3+', rollPlus: { by: 1, if: { damaged: 1 } } } }]);
  });
  it('"Roll a D3. Add 2 to the roll if the target charged this turn. On a 2+, inflict an amount of mortal damage on the target equal to the roll." (lrl-001 Rain of Stone)', () => {
    const r = parse('Roll a D3. Add 2 to the roll if the target charged this turn. On a 2+, inflict an amount of mortal damage on the target equal to the roll.', IN_COMBAT, 'Once Per Turn (Army), Any Combat Phase');
    expect(r.resolves).toEqual([{ mortal: 'roll', on: '2+', die: 'D3', onPlus: { by: 2, if: { charged: true } }, targets: 'targets' }]);
  });
  it('"Roll a dice. Add 1 to the roll if the target is a Monster. On a 3+, subtract 1 from hit rolls for the target\'s attacks for the rest of the turn." (lrl-001 Blinding Bolts\' Effect, with a plain Declare)', () => {
    const r = parse('Roll a dice. Add 1 to the roll if the target is a **^^Monster^^**. On a 3+, subtract 1 from hit rolls for the target\'s attacks for the rest of the turn.', IN_COMBAT, 'Any Shooting Phase');
    expect(r.resolves).toEqual([{ modify: 'hit', by: -1, attacks: 'all', targets: 'targets', duration: 'turn', if: { roll: '3+', rollPlus: { by: 1, if: { keyword: 'MONSTER' } } } }]);
  });
  it('fall-back twins: the bonus from something else than the target (ij-001 Aggressively Bossy, nh-001 a Sentenced keyword the army does not know), subtracted, for each, several targets, two effects on the roll, a D3 with another outcome', () => {
    expect(parse('Roll a dice. Add 1 to the roll if this terrain feature has a Shouty Boss. On a 4+, inflict D3 mortal damage on the target.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice. Add 1 to the roll if the target is a Sentenced unit. On a 5+, inflict D3 mortal damage on the target.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice. Subtract 1 from the roll if the target is damaged. On a 3+, the target has Strike-last for the rest of the turn.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice. Add 1 to the roll for each damage point the target has. On a 3+, the target has Strike-last for the rest of the turn.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice. Add 1 to the roll if the target is damaged. On a 3+, the target has Strike-last for the rest of the turn.', 'Pick up to 3 enemy units in combat with this unit to be the targets.', 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice. Add 1 to the roll if the target is damaged. On a 3+, the target has Strike-last for the rest of the turn and this unit has Strike-first for the rest of the turn.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a D3. Add 2 to the roll if the target charged this turn. On a 2+, inflict D3 mortal damage on the target.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
  });
});

