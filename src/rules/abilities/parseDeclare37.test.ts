/**
 * The Declare shapes added in session 37 (decl37; docs/abilities.md "Declare shapes added in session 37
 * (decl37)"), each on the real texts of the fixture rosters (tests/fixtures/rosters/new-recruit; the
 * roster named for each, as exported, with its no-break spaces and hyphens) and with its fall-back twins:
 * the same shape with a part the vocabulary cannot say, which must leave the ability by hand
 * (`resolves: null`), never read with the part dropped.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema, AbilityPickSchema } from './schema';
import { importArmy } from '../../army/importArmy';
import { namedWeapon } from '../../army/abilities';

const LRL = ['LUMINETH REALM-LORDS', 'ORDER', 'INFANTRY', 'HERO', 'WIZARD (1)'];
const SCE = ['STORMCAST ETERNALS', 'ORDER', 'INFANTRY', 'CAVALRY', 'HERO', 'WIZARD (1)', 'PRIEST (1)'];

function parse(declare: string | null, effect: string, keywords: string[], timing = 'Your Hero Phase') {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, false), knownKeywords: keywords });
  for (const p of r.picks ?? []) expect(AbilityPickSchema.safeParse(p).success, JSON.stringify(p)).toBe(true);
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

// Elemental Push (lrl-001-all-units, 11 Wizards), exactly as exported.
const PUSH_DECLARE =
  'Pick a friendly **^^Lumineth\u00a0Realm\u2011lords Wizard^^** to cast this\u00a0spell, pick a visible friendly **^^Lumineth Realm-lords^^** unit wholly within 12" of them that was not set up this turn to be the target, then make a\u00a0casting roll of 2D6. Subtract 1 from the roll if the target is in combat.';
const PUSH_EFFECT = 'The target can move up to 5". It can pass through the combat ranges of enemy units but cannot end that move in combat.';

describe('Elemental Push (lrl): a casting roll modified by the target, and a move that passes through combat ranges', () => {
  it('reads the pick with castModifier and the move as a Retreat-like move of 5"', () => {
    const r = parse(PUSH_DECLARE, PUSH_EFFECT, LRL);
    expect(r.picks).toEqual([
      { kind: 'friendlyUnit', visible: true, within: 12, wholly: true, keyword: 'LUMINETH REALM-LORDS', cond: { setUp: false }, castModifier: { by: -1, if: { inCombat: true } } },
    ]);
    expect(r.resolves).toEqual([{ move: 'retreat', inches: 5, targets: 'targets' }]);
  });
  it('twin: "Subtract 1 from the roll for each enemy unit within 3" of the target" (not a state of the target): by hand', () => {
    expect(parse(PUSH_DECLARE.replace('if the target is in combat', 'for each enemy unit within 3" of the target'), PUSH_EFFECT, LRL).resolves).toBeNull();
  });
  it('twin: the same sentence after a chanting roll (a prayer\'s target is picked after the roll): by hand', () => {
    const d = 'Pick a friendly **^^Lumineth Realm-lords Priest^^** to chant this prayer, pick a visible friendly **^^Lumineth Realm-lords^^** unit wholly within 12" of them to be the target, then make a chanting roll of D6. Subtract 1 from the roll if the target is in combat.';
    expect(parse(d, PUSH_EFFECT, LRL).resolves).toBeNull();
  });
  it('twin: "up to 3 ... units" with "the target is in combat" (which target?): by hand', () => {
    const d = 'Pick a friendly **^^Lumineth Realm-lords Wizard^^** to cast this spell, pick up to 3 visible friendly **^^Lumineth Realm-lords^^** units wholly within 12" of them to be the targets, then make a casting roll of 2D6. Subtract 1 from the roll if the target is in combat.';
    expect(parse(d, PUSH_EFFECT, LRL).resolves).toBeNull();
  });
  it('twin: the move alone ("The target can move up to 5".", no word on combat ranges): not read here, by hand', () => {
    expect(parse(PUSH_DECLARE, 'The target can move up to 5".', LRL).resolves).toBeNull();
  });
  it('twin: "It can pass through models ..." (another permission): by hand', () => {
    expect(parse(PUSH_DECLARE, 'The target can move up to 5". It can pass through models and terrain features but cannot end that move in combat.', LRL).resolves).toBeNull();
  });
});

// Aethershock (sce-002-units-a: Domitan's Stormcoven, Stormcoven), exactly as exported.
const SHOCK_DECLARE = 'Pick a visible unit within 12" of the caster to be the target,\u00a0then make a casting roll of 2D6.';
const SHOCK_EFFECT = 'If the target is a friendly unit, it has **^^Strike-first^^** for the rest\u00a0of the turn. If the target is an enemy unit, it has **^^Strike-last^^** for the\u00a0rest of the turn.';

describe('Aethershock (sce): a pick of any unit, and "If the target is a friendly / an enemy unit"', () => {
  it('reads an anyUnit pick and two effects, each on its side', () => {
    const r = parse(SHOCK_DECLARE, SHOCK_EFFECT, SCE);
    expect(r.picks).toEqual([{ kind: 'anyUnit', visible: true, within: 12 }]);
    expect(r.resolves).toEqual([
      { strike: 'first', targets: 'targets', duration: 'turn', if: { side: 'friendly' } },
      { strike: 'last', targets: 'targets', duration: 'turn', if: { side: 'enemy' } },
    ]);
  });
  it('twin: "If the target is a friendly Hero, ..." (a keyword, not a side): by hand', () => {
    expect(parse(SHOCK_DECLARE, SHOCK_EFFECT.replace('a friendly unit', 'a friendly Hero'), SCE).resolves).toBeNull();
  });
  it('twin: "Pick up to 2 visible units ..." (any units, several): by hand', () => {
    expect(parse('Pick up to 2 visible units within 12" of the caster to be the targets, then make a casting roll of 2D6.', SHOCK_EFFECT, SCE).resolves).toBeNull();
  });
  it('twin: "Pick another visible unit ..." (another: of which side?): by hand', () => {
    expect(parse('Pick another visible unit within 12" of the caster to be the target, then make a casting roll of 2D6.', SHOCK_EFFECT, SCE).resolves).toBeNull();
  });
  it('twin: "Pick a visible unit within 12" of this unit" without "to be the target": by hand', () => {
    expect(parse('Pick a visible unit within 12" of the caster, then make a casting roll of 2D6.', SHOCK_EFFECT, SCE).resolves).toBeNull();
  });
});

describe('a named weapon in the plural ("this unit\'s Decimator Thunderaxes"): the roster\'s weapon of that name in the singular', () => {
  const weapons = [{ name: 'Decimator Thunderaxe' }, { name: 'Starsoul Mace' }];
  it('exact name first, then name + "s" / "es"; none or two fitting: undefined', () => {
    expect(namedWeapon('Decimator Thunderaxes', weapons)?.name).toBe('Decimator Thunderaxe');
    expect(namedWeapon('Starsoul Maces', weapons)?.name).toBe('Starsoul Mace');
    expect(namedWeapon('Starsoul Mace', weapons)?.name).toBe('Starsoul Mace');
    expect(namedWeapon('Thunderaxes', weapons)).toBeUndefined();
    expect(namedWeapon('Axes', [{ name: 'Axe' }, { name: 'Axes' }])?.name).toBe('Axes');
  });
  it('sce-002-units-a and skv-001-all-units: Decimating Blow, Lightning Strikes, Cleaving Blow, Gas Clouds are applied, on the roster\'s weapon', () => {
    const sce = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/sce-002-units-a/list.json')), 'sce-002-units-a');
    const skv = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/skv-001-all-units/list.json')), 'skv-001-all-units');
    const find = (army: typeof sce.army, unit: string, name: string) => army.units.find((u) => u.name === unit)!.warscroll.abilities!.find((a) => a.name === name)!;
    expect(find(sce.army, 'Decimators', 'Decimating Blow').resolves).toEqual([{ modify: 'damage', by: 1, weapon: 'Decimator Thunderaxe', targets: 'self', while: { models: 10, unit: 'target' } }]);
    expect(find(sce.army, 'Vanquishers', 'Lightning Strikes').resolves?.[0]).toMatchObject({ weapon: 'Celestial Greatsword' });
    expect(find(sce.army, 'Dracothian Guard Desolators', 'Cleaving Blow').resolves?.[0]).toMatchObject({ weapon: 'Thunderaxe' });
    expect(find(skv.army, 'Acolyte Globadiers', 'Gas Clouds').resolves?.[0]).toMatchObject({ weapon: 'Poisoned Wind Globe' });
  });
});

// Atavistic Tempest (sce-002-units-a, Krondys), exactly as exported.
const TEMPEST_DECLARE = 'Pick a visible enemy unit within 18" of the caster to be the target, then make a casting roll of 2D6.';
const TEMPEST_EFFECT =
  "Pick 1 of the following effects to apply to the target until the start of your next turn:\n*Blinding Gales:* Subtract 1 from hit rolls for the target's attacks.\n*Meteor-hail:* Subtract 1 from the Rend characteristic of the target's weapons.\n*Flash-freezing Blizzard:* Subtract 1 from save rolls for the target.";

describe('"Pick 1 of the following effects": a choice, each branch read on its own', () => {
  it('Atavistic Tempest (sce): three branches, each a modifier until the start of your next turn; a choice pick after the target', () => {
    const r = parse(TEMPEST_DECLARE, TEMPEST_EFFECT, SCE);
    expect(r.picks).toEqual([
      { kind: 'enemyUnit', visible: true, within: 18 },
      { kind: 'choice', choices: ['Blinding Gales', 'Meteor-hail', 'Flash-freezing Blizzard'] },
    ]);
    expect(r.resolves).toEqual([
      { modify: 'hit', by: -1, attacks: 'all', targets: 'targets', duration: 'nextTurnStart', choice: 'Blinding Gales' },
      { modify: 'rend', by: -1, attacks: 'all', targets: 'targets', duration: 'nextTurnStart', choice: 'Meteor-hail' },
      { modify: 'save', by: -1, targets: 'targets', duration: 'nextTurnStart', choice: 'Flash-freezing Blizzard' },
    ]);
  });
  it('twin: one branch the vocabulary cannot say ("... cannot score critical hits"): the whole ability by hand', () => {
    expect(parse(TEMPEST_DECLARE, TEMPEST_EFFECT.replace('Subtract 1 from save rolls for the target.', "The target's attacks cannot score critical hits."), SCE).resolves).toBeNull();
  });
  it('twin: a branch with its own duration besides the lead-in\'s: by hand', () => {
    expect(parse(TEMPEST_DECLARE, TEMPEST_EFFECT.replace('for the target.', 'for the target for the rest of the turn.'), SCE).resolves).toBeNull();
  });
  it('twin: "to apply to the target" with a branch on this unit: by hand', () => {
    expect(parse(TEMPEST_DECLARE, TEMPEST_EFFECT.replace('Subtract 1 from save rolls for the target.', 'Add 1 to save rolls for this unit.'), SCE).resolves).toBeNull();
  });
  it('(The Light of Sigmar, sce): "Roll a dice. On a 3+, pick 1 of the following effects:" (a roll before the choice): not this reader\'s; read since session 39 by parseChoice39.ts (one gate dice for the use)', () => {
    const e = "Roll a dice. On a 3+, pick 1 of the following effects:\n• For the rest of the turn, subtract 1 from hit rolls for attacks made by enemy units while they are in combat with this unit.\n• Heal (D3) each friendly **^^Stormcast Eternals^^** unit within this unit's combat range.";
    expect(parse(null, e, SCE, 'Any Combat Phase').resolves?.every((x) => x.if?.rollOnce === 'use' && x.if.roll === '3+')).toBe(true);
  });
  it('twin (Power of Behemat, sob): "If the chanting roll was 10+, pick 2 instead" after the lead-in: by hand', () => {
    const e = 'Pick 1 of the following effects. If the chanting roll was 10+, pick 2 instead:\n*Shatter the Mountains:* Add 2" to the Move characteristic of friendly Sons of Behemat units for the rest of the turn.\n*Might of the Earth:* Heal (D3) each friendly Sons of Behemat unit.';
    expect(parse('Make a chanting roll of D6.', e, ['SONS OF BEHEMAT', 'PRIEST (1)']).resolves).toBeNull();
  });
  it('twin: the same choice in a prayer (its picks are made when it is answered): by hand', () => {
    expect(parse('Pick a visible enemy unit within 18" of this unit to be the target, then make a chanting roll of D6.', TEMPEST_EFFECT, SCE).resolves).toBeNull();
  });
  it('twin (Unleash the Stab-grot, kb): a branch that picks a unit of its own, and a sentence after the branches: by hand', () => {
    const e = "Pick 1 of the following effects:\n• Pick an enemy unit in combat with this unit to be the target. Inflict D3 mortal damage on the target.\n• This unit has Ward (5+) for the rest of the turn.\nAfter resolving either effect, remove this unit's Stab-grot from the battlefield.";
    expect(parse(null, e, ['KRULEBOYZ'], 'Your Combat Phase').resolves).toBeNull();
  });
});

const FEC = ['FLESH-EATER COURTS', 'DEATH', 'INFANTRY', 'HERO', 'PRIEST (1)'];
const CONVICTION_DECLARE = 'Pick a friendly **^^Flesh-eater\u00a0Courts Priest^^** to chant this prayer, pick a\u00a0visible friendly **^^Flesh-eater Courts^^**\u00a0unit wholly within 12" of them to be the\u00a0target, then make a chanting roll of D6.';
const CONVICTION_EFFECT = 'Until the start of your next turn,\u00a0the target has **^^Ward (5+)^^**. If the chanting\u00a0roll was 10+, you can pick another eligible unit to be a second target.';

describe('"If the chanting roll was N+, you can pick another eligible unit to be a second target" (countAt)', () => {
  it('Charnel Conviction (fec-001-ghb-kitchen-sink), exactly as exported', () => {
    const r = parse(CONVICTION_DECLARE, CONVICTION_EFFECT, FEC);
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', visible: true, within: 12, wholly: true, keyword: 'FLESH-EATER COURTS', countAt: { roll: 10, count: 2 } }]);
    expect(r.resolves).toEqual([{ ward: 5, targets: 'targets', duration: 'nextTurnStart' }]);
  });
  it('Killa Beat (ij-001-all-units): "you can pick up to 2 eligible units to be the targets instead of 1"', () => {
    const r = parse(
      'Pick a friendly **^^Ironjawz Priest^^** to chant this prayer, pick a visible friendly **^^Ironjawz^^** unit wholly within 12" of them to be the target, then make a chanting roll of D6.',
      "Add 1 to the Damage characteristic of the target's melee weapons until the start of your next turn. If the chanting roll was 10+, you can pick up to 2 eligible units to be the targets instead of 1.",
      ['IRONJAWZ', 'PRIEST (1)'],
    );
    expect(r.picks?.[0].countAt).toEqual({ roll: 10, count: 2 });
  });
  it('Demands of the Witness (sce-002-units-a, a warscroll prayer): 7+', () => {
    const r = parse(
      'Pick a visible friendly **^^Ruination Chamber^^** unit wholly within 12" of this unit to be the target, then make a chanting roll of D6.',
      "Until the start of your next turn, add 1 to the Rend characteristic of each target's melee weapons. If the chanting roll was 7+, you can pick another eligible unit to be a second target.",
      [...SCE, 'RUINATION CHAMBER'],
    );
    expect(r.picks?.[0].countAt).toEqual({ roll: 7, count: 2 });
    expect(r.resolves).toEqual([{ modify: 'rend', by: 1, attacks: 'melee', targets: 'targets', duration: 'nextTurnStart' }]);
  });
  it('twin: the same in a spell ("the casting roll": its target is named before the roll): by hand', () => {
    const d = CONVICTION_DECLARE.replace('Priest^^** to chant this prayer', 'Wizard^^** to cast this spell').replace('chanting roll of D6', 'casting roll of 2D6');
    expect(parse(d, CONVICTION_EFFECT.replace('chanting\u00a0roll', 'casting roll'), [...FEC, 'WIZARD (1)']).resolves).toBeNull();
  });
  it('twin: a sentence after it: by hand', () => {
    expect(parse(CONVICTION_DECLARE, `${CONVICTION_EFFECT} Heal (1) the target.`, FEC).resolves).toBeNull();
  });
  it('twin (Wrathful Repulsion, dok): a second target on another condition ("If there are any friendly Slaughter Queens ..."): by hand', () => {
    expect(parse(CONVICTION_DECLARE, CONVICTION_EFFECT.replace('If the chanting\u00a0roll was 10+', 'If there are any friendly Slaughter Queens on the battlefield'), FEC).resolves).toBeNull();
  });
  it('twin: "up to 3 ... units" already picked, then a second target: by hand', () => {
    const d = CONVICTION_DECLARE.replace('pick a\u00a0visible friendly **^^Flesh-eater Courts^^**\u00a0unit wholly within 12" of them to be the\u00a0target', 'pick up to 3 visible friendly **^^Flesh-eater Courts^^** units wholly within 12" of them to be the targets');
    expect(parse(d, CONVICTION_EFFECT, FEC).resolves).toBeNull();
  });
});

const NH = ['NIGHTHAUNT', 'DEATH', 'INFANTRY', 'HERO'];

describe('"Pick a friendly K unit ... to use this ability" (Ethereal Translocation, nh-001-all-units): the unit picked is the target', () => {
  it('read as a pick of one friendly Nighthaunt unit not in combat; the Effect\'s "that unit" is it', () => {
    const r = parse('Pick a friendly **^^Nighthaunt^^** unit that is not in combat to use this ability.', 'Remove that unit from the battlefield and set it up again on the battlefield more than 9" from all enemy units.', NH, 'Once Per Turn (Army), Your Movement Phase');
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', inCombat: false, keyword: 'NIGHTHAUNT' }]);
    expect(r.resolves).toEqual([{ setUp: 'battlefield', farther: 9, targets: 'targets' }]);
  });
  it('twin: "Pick up to 2 friendly ... units to use this ability": by hand', () => {
    expect(parse('Pick up to 2 friendly **^^Nighthaunt^^** units that are not in combat to use this ability.', 'Remove each target from the battlefield and set it up again on the battlefield more than 9" from all enemy units.', NH, 'Your Movement Phase').resolves).toBeNull();
  });
  it('twin: an enemy unit "to use this ability": by hand', () => {
    expect(parse('Pick an enemy unit to use this ability.', 'Remove that unit from the battlefield and set it up again on the battlefield more than 9" from all enemy units.', NH, 'Your Movement Phase').resolves).toBeNull();
  });
});
