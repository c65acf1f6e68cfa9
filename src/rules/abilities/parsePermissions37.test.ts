/**
 * The permissions and restrictions added in session 37 (perm37; docs/abilities.md "Permissions added in
 * session 37 (perm37)"): each on real texts of the fixture rosters (tests/fixtures/rosters/new-recruit, the
 * roster named for each), with fall-back twins (the same shape with a condition or a word the engine does
 * not read) that must stay by hand (`resolves: null`), never applied with a condition dropped.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { passiveCoherency } from './parsePermissions';
import { AbilityEffectSchema, type Ability } from './schema';

const KW = ['STORMCAST ETERNALS', 'LUMINETH REALM-LORDS', 'DAUGHTERS OF KHAINE', 'NIGHTHAUNT', 'SONS OF BEHEMAT', 'INFANTRY', 'HERO', 'PRIEST', 'WIZARD', 'MONSTER'];

function parse(effect: string, declare: string | null, timing = 'Passive') {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, timing === 'Passive'), knownKeywords: KW });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

const IN_COMBAT = 'Pick an enemy unit in combat with this unit to be the target.';
const DOK_PRAYER = 'Pick a friendly **^^Daughters of Khaine Priest^^** to chant this prayer, pick a visible friendly **^^Daughters of Khaine^^** unit wholly within 12" of them to be the target, then make a chanting roll of D6.';

describe('"the target cannot use commands" (noCommands; Commands 1.2)', () => {
  it('"Roll a dice. On a 3+, the target cannot use commands for the rest of the turn." (sce-002 Soul-shaking Roar, Thunderstruck)', () => {
    const r = parse('Roll a dice. On a 3+, the target cannot use commands for the rest of the turn.', IN_COMBAT, 'Once Per Turn (Army), Any Combat Phase');
    expect(r.picks).toEqual([{ kind: 'enemyUnit', within: 3, visible: true }]);
    expect(r.resolves).toEqual([{ noCommands: true, targets: 'targets', duration: 'turn', if: { roll: '3+' } }]);
  });
  it('"Roll a dice. On a 3+, the target cannot use commands until the start of your next turn." (lrl-001 Darkness of the Soul)', () => {
    expect(parse('Roll a dice. On a 3+, the target cannot use commands until the start of your next turn.', 'Pick a visible enemy unit within 18" of this unit to be the target.', 'Once Per Turn (Army), Your Hero Phase').resolves)
      .toEqual([{ noCommands: true, targets: 'targets', duration: 'nextTurnStart', if: { roll: '3+' } }]);
  });
  // Ghostly Howl's own "If any models ... are slain by this ability" is read since session 39 (parseFecNh39.test.ts): its twin counts models.
  it('fall-back twins: a condition on 3 models slain (Ghostly Howl\'s twin), a second sentence (Terrible Madness), "but the target ... this phase" (Doomfang\'s twin), a terrain feature aura with a word more (Screams of the Penitent itself is read in session 38: parseTerrain38.test.ts), no duration in an activated ability', () => {
    expect(parse('Inflict D3 mortal damage on the target. If 3 or more models in the target unit are slain by this ability, the target cannot use commands for the rest of the turn.', IN_COMBAT, 'Any Shooting Phase').resolves).toBeNull();
    expect(parse('The target cannot use commands until the start of your next turn. In addition, roll a number of dice equal to the number of models in the target unit. For each 6, inflict 1 mortal damage on the target.', 'Pick a visible enemy unit within 13" of this unit to be the target, then make a casting roll of 2D6.', 'Your Hero Phase').resolves).toBeNull();
    // Doomfang itself is read since session 40 (parseWhole40.ts, whole40.test.ts); its twin here: "but the target ...".
    expect(parse('This unit has Strike-first for the rest of the turn but the target cannot use commands this phase.', null, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Enemy units cannot use commands while they are within 3" of this terrain feature and in combat.', null).resolves).toBeNull();
    expect(parse('Roll a dice. On a 3+, the target cannot use commands.', IN_COMBAT, 'Any Combat Phase').resolves).toBeNull();
  });
});

describe('"can use Unbind abilities as if it had Wizard (1)" (unbindAsWizard; Magic 4.0)', () => {
  it('"This unit can use Unbind abilities as if it had Wizard (1)." (sce-002 Staff of Abjuration, Warrior Mages)', () => {
    expect(parse('This unit can use **^^Unbind^^** abilities as if it had **^^Wizard (1)^^**.', null).resolves).toEqual([{ unbindAsWizard: 1, targets: 'self' }]);
  });
  it('fall-back twins: a target picked by a spell (Spell-eaters), Wizard (2), a condition on where it is', () => {
    expect(parse("If a friendly **^^Nighthaunt^^** unit wholly within 12\" of this unit was picked to be the target of that spell, this unit can use the 'Unbind' ability as if it had **^^Wizard (1)^^**. Add 1 to the unbinding roll for that ability.", null, 'Reaction: Opponent declared a Spell ability').resolves).toBeNull();
    expect(parse('This unit can use Unbind abilities as if it had Wizard (2).', null).resolves).toBeNull();
    expect(parse('This unit can use Unbind abilities as if it had Wizard (1) while it is contesting an objective wholly within friendly territory.', null).resolves).toBeNull();
  });
});

describe('"This unit has a coherency range of 2"" (coherency; Core 15.1)', () => {
  it('Dispersed Formation (sce-002 Prosecutors): a passive on this unit; the importer sets the warscroll\'s coherency range', () => {
    const r = parse('This unit has a coherency range of 2".', null);
    expect(r.resolves).toEqual([{ coherency: 2, targets: 'self' }]);
    const ability = { id: 'a', name: 'Dispersed Formation', source: 'warscroll', timing: parseTiming('Passive', true), declare: null, effect: '', keywords: [], resolves: r.resolves } as Ability;
    expect(passiveCoherency([ability])).toBe(2);
    expect(passiveCoherency([{ ...ability, resolves: null }])).toBeUndefined();
  });
  it('fall-back twins: an activated ability with a duration; a condition', () => {
    expect(parse('This unit has a coherency range of 2" for the rest of the turn.', null, 'Your Movement Phase').resolves).toBeNull();
    expect(parse('This unit has a coherency range of 2" while it is in combat.', null).resolves).toBeNull();
  });
});

describe('"ignore the first damage point that would be allocated to <S> in each phase" (ignoreFirstDamage; Core 18.2)', () => {
  it('Covenant of the Iron Heart (dok-001): +10 control, and at a chanting roll of 6+ the first damage point in each phase ignored, until the start of your next turn', () => {
    const r = parse("Add 10 to the target's control score until the start of your next turn. In addition, if the chanting roll was 6+, ignore the first damage point that would be allocated to the target in each phase until the start of your next turn.", DOK_PRAYER, 'Your Hero Phase');
    expect(r.resolves).toEqual([
      { modify: 'control', by: 10, targets: 'targets', duration: 'nextTurnStart' },
      { ignoreFirstDamage: 'phase', targets: 'targets', duration: 'nextTurnStart', if: { castRoll: 6 } },
    ]);
  });
  it('Empowered Through Excruciation (nh-001): an aura on each friendly Nighthaunt unit wholly within 12" of this unit', () => {
    expect(parse('Ignore the first damage point that would be allocated to each friendly **^^Nighthaunt^^** unit wholly within 12" of this unit in each phase.', null).resolves)
      .toEqual([{ ignoreFirstDamage: 'phase', targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'NIGHTHAUNT' } }]);
  });
  it('fall-back twins: "each visible friendly" with a model slain first (Executioner and Enforcer), "in each turn", no duration in a prayer', () => {
    expect(parse('1 model in the target unit is automatically slain. Then, until the start of your next turn, ignore the first damage point that would be allocated to each visible friendly **^^Flesh-eater Courts^^** unit in each phase while it is wholly within 12" of this unit.', 'Pick another friendly Flesh-eater Courts Infantry unit within this unit\'s combat range to be the target.', 'Once Per Turn (Army), Your Hero Phase').resolves).toBeNull();
    expect(parse('Ignore the first damage point that would be allocated to this unit in each turn.', null).resolves).toBeNull();
    expect(parse('Ignore the first damage point that would be allocated to the target in each phase.', DOK_PRAYER, 'Your Hero Phase').resolves).toBeNull();
  });
});

describe('"If this unit would be automatically destroyed, it is not automatically destroyed" (notDestroyed)', () => {
  const SON = 'If this unit would be automatically destroyed, it is not automatically destroyed. Instead, allocate 6 damage points to it (ward rolls cannot be made for those damage points).';
  it('Son of Behemat (sob-001 Mega-Gargants), Avatar of Destruction (ij-001 Kragnos): 6 damage points instead, no ward rolls', () => {
    expect(parse(SON, null).resolves).toEqual([{ notDestroyed: 6, noWard: true, targets: 'self' }]);
  });
  it('fall-back twins: ward rolls allowed (the text does not say so), another sentence after, an activated ability, the first sentence alone', () => {
    expect(parse('If this unit would be automatically destroyed, it is not automatically destroyed. Instead, allocate 6 damage points to it.', null).resolves).toBeNull();
    expect(parse(`${SON} This unit has Ward (6+).`, null).resolves).toEqual([{ notDestroyed: 6, noWard: true, targets: 'self' }, { ward: 6, targets: 'self' }]);
    expect(parse(`${SON} This unit can fly.`, null).resolves).toBeNull();
    expect(parse(SON, null, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('If this unit would be automatically destroyed, it is not automatically destroyed.', null).resolves).toBeNull();
  });
});

describe('"can immediately use the \'Normal Move\' or \'Retreat\' ability as if it were your movement phase" (movementPhaseMove; Core 14.1)', () => {
  it('Wrench Souls (nh-001, a spell): the target', () => {
    const r = parse("The target can immediately use the 'Normal Move' or 'Retreat' ability as if it were your movement phase.", 'Pick a friendly **^^Nighthaunt Wizard^^** to cast this spell, pick a visible friendly non-Hero **^^Nighthaunt Infantry^^** unit wholly within 12" of them to be the target, then make a casting roll of 2D6.', 'Your Hero Phase');
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', visible: true, within: 12, wholly: true, keyword: 'NIGHTHAUNT INFANTRY', notKeyword: 'HERO' }]);
    expect(r.resolves).toEqual([{ movementPhaseMove: 'normalOrRetreat', targets: 'targets' }]);
  });
  it('Drifting on Spectral Tides (nh-001, End of Any Turn): this unit, on a 3+', () => {
    expect(parse("Roll a dice. On a 3+, this unit can immediately use the 'Normal Move' or the 'Retreat' ability as if it were your movement phase.", null, 'End of Any Turn').resolves)
      .toEqual([{ movementPhaseMove: 'normalOrRetreat', targets: 'self', if: { roll: '3+' } }]);
  });
  // Scrap-bang (a Retreat without mortal damage) is read since session 41 (sh41a): engine/scrapBang41a.test.ts.
  it('fall-back twins: a Run counted (Omens of Doom), no "immediately" (Castellan of Azyr), a condition first (Light in the Dark), a passive', () => {
    expect(parse("That unit can immediately use the 'Normal Move' ability as if it were your movement phase and counts as having used a Run ability this turn.", 'Pick a visible friendly Daughters of Khaine unit wholly within 12" of this unit to be the target.', 'Your Hero Phase').resolves).toBeNull();
    expect(parse("Each target can use the 'Normal Move' ability as if it were your movement phase.", 'Pick up to 3 friendly Stormcast Eternals Infantry units to be the targets.', 'Deployment Phase').resolves).toBeNull();
    expect(parse("If the target is not in combat, the target can immediately use the 'Normal Move' ability as if it were your movement phase.", 'Pick a friendly Stormcast Eternals unit wholly within 12" of this unit to be the target.', 'End of Any Turn').resolves).toBeNull();
    expect(parse("This unit can immediately use the 'Normal Move' ability as if it were your movement phase.", null).resolves).toBeNull();
  });
});

describe('"can pass through models in non-Monster units and parts of terrain features that are less than 4" tall" (passThrough; Core 15.0, 15.2)', () => {
  it('Longshanks (sob-001, each Mega-Gargant): a passive on this unit', () => {
    expect(parse('This unit can pass through models in non-**^^Monster^^** units and parts of terrain features that are less than 4" tall.', null).resolves)
      .toEqual([{ passThrough: 'nonMonster', terrainBelow: 4, targets: 'self' }]);
  });
  it('fall-back twins: models in enemy units as a passive (Relentless as the Driving Current\'s move is read since session 38: abilityMove38.test.ts), models alone, a condition', () => {
    expect(parse('This unit can pass through models in enemy units.', null).resolves).toBeNull();
    expect(parse('This unit can pass through models in non-Monster units.', null).resolves).toBeNull();
    expect(parse('This unit can pass through models in non-Monster units and parts of terrain features that are less than 4" tall while it is not in combat.', null).resolves).toBeNull();
  });
});

describe('"While any friendly K Heroes are wholly within this unit\'s combat range, both this unit and those Heroes have Ward (5+)" (friendlyNear, notKeyword)', () => {
  it('Guardians of the Scinari (lrl-001 Vanari Bladelords)', () => {
    expect(parseEffect({ declare: null, effect: "While any friendly **^^Scinari Heroes^^** are wholly within this unit's combat range, both this unit and those friendly units have **^^Ward (5+)^^**.", timing: parseTiming('Passive', true), knownKeywords: ['LUMINETH REALM-LORDS', 'SCINARI', 'HERO'] }).resolves).toEqual([
      { ward: 5, targets: 'self', while: { friendlyNear: { within: 3, wholly: true, keyword: 'SCINARI HERO' } } },
      { ward: 5, targets: 'friendly', while: { within: 3, of: 'self', wholly: true, keyword: 'SCINARI HERO' } },
    ]);
  });
  it('Royal Bodyguard (fec-001 Cryptguard): "non-Monster" on both sides', () => {
    expect(parseEffect({ declare: null, effect: "While any friendly non-**^^Monster Flesh-eater Courts Heroes^^** are wholly within this unit's combat range, both this unit and those **^^Heroes^^** have **^^Ward (5+)^^**.", timing: parseTiming('Passive', true), knownKeywords: ['FLESH-EATER COURTS', 'HERO', 'MONSTER'] }).resolves).toEqual([
      { ward: 5, targets: 'self', while: { friendlyNear: { within: 3, wholly: true, keyword: 'FLESH-EATER COURTS HERO', notKeyword: 'MONSTER' } } },
      { ward: 5, targets: 'friendly', while: { within: 3, of: 'self', wholly: true, keyword: 'FLESH-EATER COURTS HERO', notKeyword: 'MONSTER' } },
    ]);
  });
  it('fall-back twins: units that are no Heroes, "A or B", an activated ability ("within", not wholly, is read since session 38: conditions38.test.ts)', () => {
    const known = ['LUMINETH REALM-LORDS', 'SCINARI', 'HERO', 'WIZARD'];
    const p = (effect: string, timing = 'Passive') => parseEffect({ declare: null, effect, timing: parseTiming(timing, timing === 'Passive'), knownKeywords: known }).resolves;
    expect(p("While any friendly Scinari units are wholly within this unit's combat range, both this unit and those friendly units have Ward (5+).")).toBeNull();
    expect(p("While any friendly Scinari or Wizard Heroes are wholly within this unit's combat range, both this unit and those friendly units have Ward (5+).")).toBeNull();
    expect(p("While any friendly Scinari Heroes are within 6\" of this unit, both this unit and those friendly units have Ward (5+).")).toBeNull();
    expect(p("While any friendly Scinari Heroes are wholly within this unit's combat range, both this unit and those friendly units have Ward (5+).", 'Your Hero Phase')).toBeNull();
  });
});

describe('"When this unit uses the \'Redeploy\' command, if you roll a 1-3 ..., you can use a value of 4 instead" (redeployAtLeast; Commands 3.0)', () => {
  it('Outmanoeuvre (dok-001 Doomfire Warlocks): a passive on this unit', () => {
    expect(parse("When this unit uses the 'Redeploy' command, if you roll a 1-3 when determining the distance this unit can move, you can use a value of 4 instead.", null).resolves)
      .toEqual([{ redeployAtLeast: 4, targets: 'self' }]);
  });
  // Commanding View itself (a reaction to a friendly unit's Redeploy) is read since session 40 (parseRedeploy40.ts); its twin here is the opponent's Redeploy.
  it('fall-back twins: "that unit" in a reaction to the opponent\'s Redeploy, 1-3 → 5, an activated ability', () => {
    expect(parse('If you roll a 1-3 when determining the distance that unit can move, you can use a value of 4 instead.', null, "Reaction: Opponent declared the 'Redeploy' command for an enemy unit wholly within 12\" of this unit").resolves).toBeNull();
    expect(parse("When this unit uses the 'Redeploy' command, if you roll a 1-3 when determining the distance this unit can move, you can use a value of 5 instead.", null).resolves).toBeNull();
    expect(parse("When this unit uses the 'Redeploy' command, if you roll a 1-3 when determining the distance this unit can move, you can use a value of 4 instead.", null, 'Your Hero Phase').resolves).toBeNull();
  });
});
