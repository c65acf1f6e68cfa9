/**
 * The effect shapes added in session 36 (issue 34, docs/abilities.md "Effect shapes added in session
 * 36"), each on real texts of the fixture rosters (tests/fixtures/rosters/new-recruit; the roster named
 * for each) and with fall-back twins: texts of the same shape with a condition or a subject the
 * vocabulary cannot say, which must stay by hand (`resolves: null`), never applied with it dropped.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema } from './schema';

const KW = ['DESTRUCTION', 'STORMCAST ETERNALS', 'SKAVEN', 'ESHIN', 'KRULEBOYZ', 'LUMINETH REALM-LORDS', 'HURAKAN', 'FLESH-EATER COURTS', 'INFANTRY', 'HERO', 'MONSTER', 'WIZARD (1)'];

function parse(effect: string, opts: { declare?: string; timing?: string } = {}) {
  const r = parseEffect({ declare: opts.declare ?? null, effect, timing: parseTiming(opts.timing, opts.timing === undefined), knownKeywords: KW });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

describe('mortal damage for unmodified save / hit rolls (mortalPerRoll)', () => {
  it('"Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the Fight ability has been resolved." (sce-002 Extremis Chamber, Sigmarite Thundershield)', () => {
    expect(parse('Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the **^^Fight^^** ability has been resolved.').resolves).toEqual([
      { mortalPerRoll: 1, roll: 'save', unmodified: 6, to: 'attacker', attacks: 'melee', targets: 'self' },
    ]);
  });
  it('"Until the start of your next turn, for each unmodified hit roll of 1 for a combat attack made by the target, inflict 1 mortal damage on the target after the Fight ability has been resolved." (fec-001 Miasma of Madness, a spell)', () => {
    const r = parse('Until the start of your next turn, for each unmodified hit roll of 1 for a combat attack made by the target, inflict 1 mortal damage on the target after the Fight ability has been resolved.', {
      timing: 'Your Hero Phase',
      declare: 'Pick a friendly Flesh-eater Courts Wizard to cast this spell, pick a visible enemy unit within 18" of them to be the target, then make a casting roll of 2D6.',
    });
    expect(r.picks).toEqual([{ kind: 'enemyUnit', visible: true, within: 18 }]);
    expect(r.resolves).toEqual([{ mortalPerRoll: 1, roll: 'hit', unmodified: 1, to: 'self', attacks: 'melee', targets: 'targets', duration: 'nextTurnStart' }]);
  });
  it('fall-back twins: any attack but "after the Fight ability"; a combat attack "after the Shoot ability"; the damage on another unit than the attacker; a condition the vocabulary cannot say', () => {
    expect(parse('Each time you make an unmodified save roll of 6 for an attack that targets this unit, inflict 1 mortal damage on the attacking unit after the Fight ability has been resolved.').resolves).toBeNull();
    expect(parse('Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the attacking unit after the Shoot ability has been resolved.').resolves).toBeNull();
    expect(parse('Each time you make an unmodified save roll of 6 for a combat attack that targets this unit, inflict 1 mortal damage on the closest enemy unit after the Fight ability has been resolved.').resolves).toBeNull();
    expect(parse('Each time you make an unmodified save roll of 6 for a combat attack that targets this unit while it is contesting an objective, inflict 1 mortal damage on the attacking unit after the Fight ability has been resolved.').resolves).toBeNull();
    const declare = 'Pick a visible enemy unit within 18" of this unit to be the target.';
    expect(parse('Until the start of your next turn, for each unmodified hit roll of 1 for a combat attack made by the target, inflict 1 mortal damage on this unit after the Fight ability has been resolved.', { timing: 'Your Hero Phase', declare }).resolves).toBeNull();
    // Without a duration a non-passive modifier would last for nothing the text says: by hand.
    expect(parse('For each unmodified hit roll of 1 for a combat attack made by the target, inflict 1 mortal damage on the target after the Fight ability has been resolved.', { timing: 'Your Hero Phase', declare }).resolves).toBeNull();
  });
});

describe('attacks that target the unit fail on an unmodified hit (or wound) roll of 1-N (failUnmodified)', () => {
  it('"If the unmodified hit roll for an attack that targets this unit is 1-4, the attack fails and the attack sequence ends." (skv-001 Deathmaster, Shadowy Killers)', () => {
    expect(parse('If the unmodified hit roll for an attack that targets this unit is 1-4, the attack fails and the attack sequence ends.').resolves).toEqual([{ failUnmodified: 'hit', upTo: 4, targets: 'self' }]);
  });
  it('"... hit roll or unmodified wound roll ... is 1-4" (nh-001 Lady Olynder, Mortarch of Grief)', () => {
    expect(parse('If the unmodified hit roll or unmodified wound roll for an attack that targets this unit is 1-4, the attack fails and the attack sequence ends.').resolves).toEqual([{ failUnmodified: 'hitWound', upTo: 4, targets: 'self' }]);
  });
  it('"Until the start of your next turn, if the unmodified hit roll for an attack that targets that friendly unit is 1-3, ..." (lrl-001 Beacon of Hysh, a spell with its Declare)', () => {
    const r = parse('Until the start of your next turn, if the unmodified hit roll for an attack that targets that friendly unit is 1-3, the attack fails and the attack sequence ends.', {
      timing: 'Your Hero Phase',
      declare: 'Pick a friendly Lumineth Realm-lords Wizard to cast this spell, pick a visible friendly non-Monster Lumineth Realm-lords unit wholly within 12" of them to be the target, then make a casting roll of 2D6.',
    });
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', visible: true, within: 12, wholly: true, keyword: 'LUMINETH REALM-LORDS', notKeyword: 'MONSTER' }]);
    expect(r.resolves).toEqual([{ failUnmodified: 'hit', upTo: 3, targets: 'targets', duration: 'nextTurnStart' }]);
  });
  it('fall-back twins: attacks made by the unit (not that target it), shooting attacks only, a condition on the attacker', () => {
    expect(parse('If the unmodified hit roll for an attack made by this unit is 1-4, the attack fails and the attack sequence ends.').resolves).toBeNull();
    expect(parse('If the unmodified hit roll for a shooting attack that targets this unit is 1-4, the attack fails and the attack sequence ends.').resolves).toBeNull();
    expect(parse('If the unmodified hit roll for an attack that targets this unit is 1-4 and the attacking unit charged this turn, the attack fails and the attack sequence ends.').resolves).toBeNull();
  });
});

describe('Shoot and Charge after a Run or Retreat (mayShootAfter, mayChargeAfter)', () => {
  it('"For the rest of the turn, this unit can use Shoot and/or Charge abilities even if it used a Run or Retreat ability in the same turn." (sce-002 Vanguard Chamber): four permissions', () => {
    expect(parse('For the rest of the turn, this unit can use **^^Shoot^^** and/or **^^Charge^^** abilities even if it used a **^^Run^^** or **^^Retreat^^** ability in the same turn.', { timing: 'Once Per Turn (Army), Your Hero Phase' }).resolves).toEqual([
      { mayShootAfter: 'run', targets: 'self', duration: 'turn' },
      { mayShootAfter: 'retreat', targets: 'self', duration: 'turn' },
      { mayChargeAfter: 'run', targets: 'self', duration: 'turn' },
      { mayChargeAfter: 'retreat', targets: 'self', duration: 'turn' },
    ]);
  });
  it('"For the rest of the turn, each target can use a Run ability and still use Shoot and/or Charge abilities later in the turn." (lrl-001 Windleap)', () => {
    const r = parse('For the rest of the turn, each target can use a Run ability and still use Shoot and/or Charge abilities later in the turn.', {
      timing: 'Once Per Battle (Army), Your Movement Phase',
      declare: 'Pick up to 3 visible friendly Hurakan units wholly within 12" of this unit to be the targets.',
    });
    expect(r.resolves).toEqual([
      { mayShootAfter: 'run', targets: 'targets', duration: 'turn' },
      { mayChargeAfter: 'run', targets: 'targets', duration: 'turn' },
    ]);
  });
  it('an aura with its condition written first: "While friendly Eshin units are wholly within 13" of this unit, they can use Shoot and/or Charge abilities even if they used a Run ability in the same turn." (skv-001 Running Death)', () => {
    const aura = { within: 13, of: 'self', wholly: true, keyword: 'ESHIN' };
    expect(parse('While friendly Eshin units are wholly within 13" of this unit, they can use Shoot and/or Charge abilities even if they used a Run ability in the same turn.').resolves).toEqual([
      { mayShootAfter: 'run', targets: 'friendly', while: aura },
      { mayChargeAfter: 'run', targets: 'friendly', while: aura },
    ]);
  });
  it('"While they are wholly within 12" of this unit, friendly Kruleboyz Infantry units can use Charge abilities even if they used a Run ability in the same turn." (kb-001 On da March)', () => {
    expect(parse('While they are wholly within 12" of this unit, friendly Kruleboyz Infantry units can use Charge abilities even if they used a Run ability in the same turn.').resolves).toEqual([
      { mayChargeAfter: 'run', targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'KRULEBOYZ INFANTRY' } },
    ]);
  });
  it('fall-back twins: a condition on a terrain feature (Keep Up!\'s shape, sob, with a terrain feature instead of a Mega-Gargant); an aura with a second condition; a Shoot permission without a duration in a phase', () => {
    expect(parse('While this unit is within 1" of a terrain feature, this unit can use Charge abilities even if it used a Run ability in the same turn.').resolves).toBeNull();
    expect(parse('While friendly Eshin units are wholly within 13" of this unit and not in combat, they can use Shoot and/or Charge abilities even if they used a Run ability in the same turn.').resolves).toBeNull();
    expect(parse('This unit can use Shoot abilities even if it used a Run ability in the same turn.', { timing: 'Your Hero Phase' }).resolves).toBeNull();
  });
});

describe('the number of dice of charge rolls (modify chargeDice)', () => {
  it('"Until the start of your next turn, subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1." (sce-002 Starfall)', () => {
    const r = parse('Until the start of your next turn, subtract 1 from the number of dice rolled when making charge rolls for the target, to a minimum of 1.', {
      timing: 'Your Hero Phase',
      declare: 'Pick a visible enemy unit within 18" of this unit to be the target.',
    });
    expect(r.resolves).toEqual([{ modify: 'chargeDice', by: -1, targets: 'targets', duration: 'nextTurnStart' }]);
  });
  it('"For the rest of the turn, add 1 to the number of dice rolled when making charge rolls for friendly Destruction units while they are wholly within 12" of this unit, to a maximum of 3." (ij-001 The End of Empires: the aura\'s condition before the bound)', () => {
    expect(parse('For the rest of the turn, add 1 to the number of dice rolled when making charge rolls for friendly Destruction units while they are wholly within 12" of this unit, to a maximum of 3.', { timing: 'Your Charge Phase' }).resolves).toEqual([
      { modify: 'chargeDice', by: 1, targets: 'friendly', duration: 'turn', while: { within: 12, of: 'self', wholly: true, keyword: 'DESTRUCTION' } },
    ]);
  });
  it('fall-back twins: another bound than the one the engine keeps (a maximum of 4, a minimum of 2), no bound, 2 dice at once', () => {
    expect(parse('Add 1 to the number of dice rolled when making charge rolls for this unit, to a maximum of 4.').resolves).toBeNull();
    expect(parse('Subtract 1 from the number of dice rolled when making charge rolls for this unit, to a minimum of 2.').resolves).toBeNull();
    expect(parse('Add 1 to the number of dice rolled when making charge rolls for this unit.').resolves).toBeNull();
    expect(parse('Add 2 to the number of dice rolled when making charge rolls for this unit, to a maximum of 3.').resolves).toBeNull();
  });
});

describe('mortal damage equal to the roll (mortal "roll")', () => {
  const declare = 'If this unit charged this phase, pick an enemy unit within 1" of it to be the target.';
  it('"Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll." (nh-001 Spectral Hunters, sce-002 Impaling Strikes, skv-001 Whirling Doom)', () => {
    expect(parse('Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.', { timing: 'Any Charge Phase', declare }).resolves).toEqual([{ mortal: 'roll', on: '2+', die: 'D3', targets: 'targets' }]);
    // The export's typo in Runaway Coach (nh-001): "an amount of mortal damage equal on the target equal to the roll".
    expect(parse('Roll a D3. On a 2+, inflict an amount of mortal damage equal on the target equal to the roll.', { timing: 'Any Charge Phase', declare }).resolves).toEqual([{ mortal: 'roll', on: '2+', die: 'D3', targets: 'targets' }]);
    expect(parse('Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.', { timing: 'Your Hero Phase', declare: 'Pick up to 3 visible enemy units within 6" of this unit to be the targets.' }).resolves).toEqual([
      { mortal: 'roll', on: '2+', die: 'D3', targets: 'targets' },
    ]);
  });
  it('fall-back twins: a second effect joined to it (Searing Desert Winds, lrl-001), a D3 on a 4+, several targets rolled once, another unit than the target, a modified roll (Rain of Stone)', () => {
    const three = 'Pick up to 3 visible enemy units within 6" of this unit to be the targets.';
    expect(parse('Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll and subtract 1 from wound rolls for the target\'s attacks for the rest of the turn.', { timing: 'Any Combat Phase', declare: three }).resolves).toBeNull();
    expect(parse('Roll a D3. On a 4+, inflict an amount of mortal damage on the target equal to the roll.', { timing: 'Any Charge Phase', declare }).resolves).toBeNull();
    expect(parse('Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll.', { timing: 'Your Hero Phase', declare: three }).resolves).toBeNull();
    expect(parse('Roll a D3. On a 2+, inflict an amount of mortal damage on each enemy unit within 3" of this unit equal to the roll.', { timing: 'Any Charge Phase', declare }).resolves).toBeNull();
    // Rain of Stone's "Add 2 to the roll if the target charged this turn" is read since session 37 (parseRolls37.test.ts); a bonus on this unit's state is not.
    expect(parse('Roll a D3. Add 2 to the roll if this unit charged this turn. On a 2+, inflict an amount of mortal damage on the target equal to the roll.', { timing: 'Your Hero Phase', declare: 'Pick a visible enemy unit within 12" of this unit to be the target.' }).resolves).toBeNull();
  });
});
