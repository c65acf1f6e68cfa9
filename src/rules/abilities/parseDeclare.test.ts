/**
 * The Declare shapes added in session 36 (issue 34, docs/abilities.md "Declare shapes added in
 * session 36"), each on real texts of the fixture rosters (tests/fixtures/rosters/new-recruit; the
 * roster named for each) and with its "fall-back twin": the same shape with a part the vocabulary
 * cannot say, which must leave the ability by hand (`resolves: null`), never read with the part dropped.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { readDeclareText, readUnitPhrase } from './parseDeclare';
import { parseTiming } from './parseTiming';
import { AbilityPickSchema } from './schema';

const KB = ['KRULEBOYZ', 'DESTRUCTION', 'INFANTRY', 'CAVALRY', 'HERO', 'MONSTER', 'WIZARD (1)'];
const SCE = ['STORMCAST ETERNALS', 'ORDER', 'INFANTRY', 'CAVALRY', 'HERO', 'MONSTER', 'WIZARD (1)', 'PRIEST (1)', 'SACROSANCT CHAMBER', 'WAR MACHINE'];
const FEC = ['FLESH-EATER COURTS', 'DEATH', 'INFANTRY', 'CAVALRY', 'HERO', 'WIZARD (1)'];
const SKV = ['SKAVEN', 'MOULDER', 'CHAOS', 'INFANTRY', 'HERO', 'MONSTER'];

function parse(declare: string | null, effect: string, keywords: string[], timing = 'Your Hero Phase') {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, false), knownKeywords: keywords });
  for (const p of r.picks ?? []) expect(AbilityPickSchema.safeParse(p).success, JSON.stringify(p)).toBe(true);
  return r;
}

describe('"another friendly unit": not the ability\'s unit (notSelf)', () => {
  it('All Part of da Plan (kb Killaboss on Great Gnashtoof)', () => {
    const r = parse('Pick another friendly Kruleboyz unit wholly within 9" of this unit to be the target.', "Add 3 to the target's control score until the start of your next turn.", KB);
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', notSelf: true, within: 9, wholly: true, keyword: 'KRULEBOYZ' }]);
    expect(r.resolves).toEqual([{ modify: 'control', by: 3, targets: 'targets', duration: 'nextTurnStart' }]);
  });
  it('Tyrannical Packmaster (skv Master Moulder): within this unit\'s combat range', () => {
    const r = parse("Pick another friendly Moulder unit within this unit's combat range to be the target.", 'Add 1 to charge rolls for the target for the rest of the turn.', SKV, 'Your Charge Phase');
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', notSelf: true, within: 3, keyword: 'MOULDER' }]);
  });
  it('twin: "another enemy unit" is not a shape (an enemy is never the unit itself): by hand', () => {
    expect(parse('Pick another enemy unit wholly within 9" of this unit to be the target.', "Add 3 to the target's control score until the start of your next turn.", KB).resolves).toBeNull();
  });
  it('twin: "another friendly Gnawhole" as a set-up distance (skv, Effect side) is not a pick: by hand', () => {
    expect(parse(null, 'Remove this unit from the battlefield and set it up again wholly within 6" of another friendly Gnawhole and more than 9" from all enemy units.', SKV, 'Your Movement Phase').resolves).toBeNull();
  });
});

describe('keyword alternatives: "Infantry or Cavalry", "Wizard or Priest", "Hero or Monster" (anyKeyword)', () => {
  it('Deranged Transformation (fec Abhorrant Archregent): "a visible friendly Flesh-eater Courts Infantry or Cavalry unit wholly within 12" of them"', () => {
    const r = parse(
      'Pick a friendly Flesh-eater Courts Wizard to cast this spell, pick a visible friendly Flesh-eater Courts Infantry or Cavalry unit wholly within 12" of them to be the target, then make a casting roll of 2D6.',
      'Until the start of your next turn:\n• Add 2" to the target\'s Move characteristic.\n• Add 1 to wound rolls for the target\'s combat attacks.',
      FEC,
    );
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', visible: true, within: 12, wholly: true, keyword: 'FLESH-EATER COURTS', anyKeyword: ['INFANTRY', 'CAVALRY'] }]);
    expect(r.resolves).toHaveLength(2);
  });
  it('the noun as the second alternative: "a visible enemy Wizard or Priest within 18" of this unit" (nh), "Hero or Monster in combat with this unit"', () => {
    expect(readDeclareText('Pick a visible enemy Wizard or Priest within 18" of this unit to be the target.', SCE).picks).toEqual([
      { kind: 'enemyUnit', visible: true, within: 18, anyKeyword: ['WIZARD', 'PRIEST'] },
    ]);
    expect(readDeclareText('Pick a visible enemy Hero or Monster in combat with this unit to be the target.', SCE).picks).toEqual([
      { kind: 'enemyUnit', visible: true, within: 3, anyKeyword: ['HERO', 'MONSTER'] },
    ]);
  });
  it('alternatives and a noun keyword: "an enemy Infantry or Cavalry Hero" is a HERO that is INFANTRY or CAVALRY', () => {
    expect(readUnitPhrase('Infantry or Cavalry Hero', SCE, true)).toEqual({ keyword: 'HERO', anyKeyword: ['INFANTRY', 'CAVALRY'] });
  });
  it('twins: three alternatives, "and", an unknown word, and alternatives where an effect names its units: by hand', () => {
    const strike = 'The target has Strike-last for the rest of the turn.';
    expect(parse('Pick an enemy Infantry or Cavalry or Monster unit in combat with this unit to be the target.', strike, SCE, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Pick an enemy Infantry and Cavalry unit in combat with this unit to be the target.', strike, SCE, 'Any Combat Phase').resolves).toBeNull();
    // kb: "Gutrippaz" and "Hobgrot Slittaz" are warscroll names, not keywords of the army.
    expect(parse("Pick a friendly Gutrippaz or Hobgrot Slittaz unit that has not used a Fight ability this turn and is within this unit's combat range to be the target.", strike, KB, 'Any Combat Phase').resolves).toBeNull();
    // Effects (auras) do not read alternatives: "friendly Infantry or Cavalry units" stays by hand.
    expect(parse(null, 'Friendly Infantry or Cavalry units have Ward (6+) while they are wholly within 12" of this unit.', SCE, 'Passive').resolves).toBeNull();
  });
});

describe('"War Machine" as the noun of a pick', () => {
  it('Arcane Engineer (sce Lord-Ordinator): "a visible friendly Sacrosanct Chamber War Machine wholly within 12" of this unit"', () => {
    const r = parse('Pick a visible friendly Sacrosanct Chamber War Machine wholly within 12" of this unit to be the target.', "The target's attacks score critical hits on unmodified hit rolls of 4+ for the rest of the phase.", SCE, 'Once Per Turn (Army), Any Shooting Phase');
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', visible: true, within: 12, wholly: true, keyword: 'SACROSANCT CHAMBER WAR MACHINE' }]);
    expect(r.resolves).toEqual([{ critOn: 4, attacks: 'all', targets: 'targets', duration: 'phase' }]);
  });
});

describe('"the closest visible enemy unit" not picked by this ability this turn (closest, notPickedThisTurn)', () => {
  const LIGHTNING_BLAST =
    'Pick a friendly Stormcast Eternals Wizard to cast this spell, then pick the closest visible enemy unit to them that has not been picked to be the target of this ability this turn to be the target. If 2 or more visible enemy units are tied to be the closest, you can pick which is the target. Then, make a casting roll of 2D6.';
  it('Lightning Blast (sce Lore of the Storm): the tie sentence and "Then, make a casting roll" are read', () => {
    const r = parse(LIGHTNING_BLAST, 'Inflict D3 mortal damage on the target.', SCE);
    expect(r.picks).toEqual([{ kind: 'enemyUnit', closest: true, visible: true, notPickedThisTurn: true }]);
    expect(r.resolves).toEqual([{ mortal: 'D3', targets: 'targets' }]);
  });
  it('without "that has not been picked ...": closest only', () => {
    expect(readDeclareText('Pick the closest visible enemy unit to this unit to be the target.', SCE).picks).toEqual([{ kind: 'enemyUnit', closest: true, visible: true }]);
  });
  it('twins: a tie sentence about other units, a closest unit with a keyword or another clause: by hand', () => {
    const mortal = 'Inflict D3 mortal damage on the target.';
    expect(parse(LIGHTNING_BLAST.replace('2 or more visible enemy units', '2 or more friendly units'), mortal, SCE).resolves).toBeNull();
    expect(parse(LIGHTNING_BLAST.replace('closest visible enemy unit', 'closest visible enemy Hero'), mortal, SCE).resolves).toBeNull();
    expect(parse(LIGHTNING_BLAST.replace('this turn to be the target', 'this battle to be the target'), mortal, SCE).resolves).toBeNull();
    expect(parse('Pick the closest visible enemy unit to this unit that has 10 or more models to be the target.', mortal, SCE).resolves).toBeNull();
  });
});

describe('a condition on the unit attacked: "that has N or more models" (models, unit: "target")', () => {
  const passive = (effect: string) => parse(null, effect, [...SCE, ...SKV], 'Passive');
  it('Overwhelming Fire / Explosive Payload (skv): "Add 1 to hit rolls for this unit\'s shooting attacks that target an enemy unit that has 10 or more models."', () => {
    expect(passive("Add 1 to hit rolls for this unit's shooting attacks that target an enemy unit that has 10 or more models.").resolves).toEqual([
      { modify: 'hit', by: 1, attacks: 'ranged', targets: 'self', while: { models: 10, unit: 'target' } },
    ]);
  });
  it('Cleaving Blow (sce Desolators) "... Thunderaxes if the target unit has 10 or more models", Lightning Strikes (sce Vanquishers) "... for attacks that target an enemy unit that has 5 or more models"', () => {
    expect(passive("Add 1 to the Damage characteristic of this unit's Thunderaxes if the target unit has 10 or more models.").resolves).toEqual([
      { modify: 'damage', by: 1, weapon: 'Thunderaxes', targets: 'self', while: { models: 10, unit: 'target' } },
    ]);
    expect(passive("Add 1 to the Damage characteristic of this unit's Celestial Greatswords for attacks that target an enemy unit that has 5 or more models.").resolves).toEqual([
      { modify: 'damage', by: 1, weapon: 'Celestial Greatswords', targets: 'self', while: { models: 5, unit: 'target' } },
    ]);
  });
  it('twins: "the target unit" of an ability with a pick, an effect that is no attack roll or characteristic, "fewer models": by hand', () => {
    // With a Declare "the target unit" is the pick, not the unit attacked.
    expect(parse('Pick a visible enemy unit within 12" of this unit to be the target.', 'Add 1 to hit rolls for this unit\'s attacks if the target unit has 10 or more models for the rest of the turn.', SCE).resolves).toBeNull();
    expect(passive("Add 1 to this unit's control score if the target unit has 10 or more models.").resolves).toBeNull();
    expect(passive("Add 1 to hit rolls for this unit's shooting attacks that target an enemy unit that has 10 or fewer models.").resolves).toBeNull();
    expect(passive("Add 1 to save rolls for this unit if the target unit has 10 or more models.").resolves).toBeNull();
  });
});

describe('conditions on the ability\'s unit: a Declare\'s "If this unit ..., pick ..." (unitIf), objectives (contesting), "it" after a leading condition', () => {
  const NH = ['NIGHTHAUNT', 'DEATH', 'INFANTRY', 'HERO'];
  it('Empower (sce Evocators): "If this unit is contesting an objective you control, pick a visible friendly non-Hero Stormcast Eternals Infantry unit within 12" of this unit"', () => {
    const r = parse('If this unit is contesting an objective you control, pick a visible friendly non-Hero Stormcast Eternals Infantry unit within 12" of this unit to be the target.', "Add 1 to wound rolls for the target's combat attacks for the rest of the turn.", SCE, 'Any Combat Phase');
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', visible: true, within: 12, keyword: 'STORMCAST ETERNALS INFANTRY', notKeyword: 'HERO', unitIf: { contesting: 'controlled', unit: 'self' } }]);
    expect(r.resolves).toEqual([{ modify: 'wound', by: 1, attacks: 'melee', targets: 'targets', duration: 'turn' }]);
    // Overwhelming Storm (sce Cursebreakers): "that you control".
    expect(readDeclareText('If this unit is contesting an objective that you control, pick a friendly non-Hero Stormcast Eternals Infantry unit within 12" of this unit to be the target.', SCE).picks[0].unitIf).toEqual({ contesting: 'controlled', unit: 'self' });
  });
  it('"If this unit charged this phase, pick an enemy unit within 1" of it" in a charge phase (Gore-grunta Charge, ij); "did not charge this turn" (Unbreakable Bulwark, lrl)', () => {
    expect(readDeclareText('If this unit charged this phase, pick an enemy unit within 1" of it to be the target.', KB, { when: 'charge' }).picks).toEqual([{ kind: 'enemyUnit', within: 1, unitIf: { charged: true, unit: 'self' } }]);
    expect(readDeclareText('If this unit did not charge this turn, pick an enemy unit in combat with it to be the target.', KB, { when: 'combat' }).picks).toEqual([{ kind: 'enemyUnit', within: 3, visible: true, unitIf: { charged: false, unit: 'self' } }]);
  });
  it('Nimbus of Power (nh Black Coach), On the Winds Aetheric (sce): "If this unit is not in combat, remove it from the battlefield and set it up again ... more than 9" from all enemy units"', () => {
    expect(parse(null, 'If this unit is not in combat, remove it from the battlefield and set it up again on the battlefield more than 9" from all enemy units.', NH, 'Once Per Turn (Army), Your Movement Phase').resolves).toEqual([
      { setUp: 'battlefield', farther: 9, targets: 'self', if: { inCombat: false, unit: 'self' } },
    ]);
  });
  it('Dracoline Fury (sce): "While this unit is contesting an objective you do not control, it has Strike-first."', () => {
    expect(parse(null, 'While this unit is contesting an objective you do not control, it has Strike-first.', SCE, 'Passive').resolves).toEqual([
      { strike: 'first', targets: 'self', while: { contesting: 'notControlled', unit: 'self' } },
    ]);
  });
  it('twins: "charged this phase" outside a charge phase, an objective "wholly within friendly territory", "you can pick", two picks after the condition: by hand', () => {
    const mortal = 'Inflict D3 mortal damage on the target.';
    expect(parse('If this unit charged this phase, pick an enemy unit within 1" of it to be the target.', mortal, KB, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('If this unit is contesting an objective wholly within friendly territory, pick an enemy unit within 1" of it to be the target.', mortal, KB, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('If this unit is not in combat, you can pick up to 2 friendly Vanguard-Palladors units that are not in combat to be the targets.', mortal, SCE, 'Your Movement Phase').resolves).toBeNull();
    // Stalwart Defenders' passive is read since session 37 (tail37a; engine/contestingTerritory37.test.ts); enemy territory is not.
    expect(parse(null, "Add 3 to this unit's control score while it is contesting an objective wholly within enemy territory.", SCE, 'Passive').resolves).toBeNull();
    // To Our Liege (fec) is read since session 38 (parseSetUp38.test.ts); its twin near the battlefield edge is no shape: by hand though the condition is read.
    expect(parse(null, 'If this unit is not in combat, remove it from the battlefield and set it up again wholly within 6" of the battlefield edge and more than 9" from all enemy units.', FEC, 'Your Movement Phase').resolves).toBeNull();
  });
});

describe('a condition on this unit before an aura (also): "If this unit charged this turn, ... friendly K units ... while they are wholly within 12" of this unit"', () => {
  it('Curse of Loyalty (nh Dreadblade Harrows)', () => {
    expect(parse(null, 'If this unit charged this turn, add 3 to the control scores of friendly Nighthaunt units while they are wholly within 12" of this unit.', ['NIGHTHAUNT'], 'Passive').resolves).toEqual([
      { modify: 'control', by: 3, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'NIGHTHAUNT', also: { charged: true, unit: 'self' } } },
    ]);
  });
  it('Aura of Purity (sce Gardus): "for the rest of the turn" in a passive after "charged this turn" is the charge\'s own turn', () => {
    expect(parse(null, 'If this unit charged this turn, for the rest of the turn, friendly Stormcast Eternals units have Ward (5+) while they are wholly within 12" of this unit.', SCE, 'Passive').resolves).toEqual([
      { ward: 5, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'STORMCAST ETERNALS', also: { charged: true, unit: 'self' } } },
    ]);
  });
  it('twins: the same aura in an activated ability (its duration would outlast the condition), "for the rest of the turn" after "is in combat": by hand', () => {
    expect(parse(null, 'If this unit charged this turn, for the rest of the turn, friendly Stormcast Eternals units have Ward (5+) while they are wholly within 12" of this unit.', SCE, 'Your Hero Phase').resolves).toBeNull();
    expect(parse(null, 'If this unit is in combat, for the rest of the turn, friendly Stormcast Eternals units have Ward (5+) while they are wholly within 12" of this unit.', SCE, 'Passive').resolves).toBeNull();
  });
});

describe('"While this unit is wholly within 12" of a friendly Mega-Gargant, ..." (ofFriendly)', () => {
  const SOB = ['SONS OF BEHEMAT', 'MEGA-GARGANT', 'GARGANT', 'MONSTER'];
  it('Keep Up! (sob Mancrusher Gargant): the permission while near a friendly MEGA-GARGANT', () => {
    expect(parse(null, 'While this unit is wholly within 12" of a friendly Mega-Gargant, this unit can use Charge abilities even if it used a Run ability in the same turn.', SOB, 'Passive').resolves).toEqual([
      { mayChargeAfter: 'run', targets: 'self', while: { within: 12, wholly: true, ofFriendly: ['MEGA-GARGANT'], unit: 'self' } },
    ]);
  });
  it('twins: a warscroll name (Wicked Wardens, dok), a keyword not of the army (Royal Approval, fec: "Nobles"), on an aura: by hand', () => {
    expect(parse(null, "While this unit is wholly within 12\" of a friendly Hag Queen on Cauldron of Blood, this unit's melee weapons have Anti-charge (+1 Rend).", ['DAUGHTERS OF KHAINE'], 'Passive').resolves).toBeNull();
    expect(parse(null, 'Add 1 to the Rend characteristic of this unit\'s melee weapons while it is wholly within 12" of any friendly Nobles or Abhorrants.', [...FEC, 'ABHORRANT'], 'Passive').resolves).toBeNull();
    expect(parse(null, 'While this unit is wholly within 12" of a friendly Mega-Gargant, friendly Gargant units have Ward (6+) while they are wholly within 12" of this unit.', SOB, 'Passive').resolves).toBeNull();
  });
});

describe('the picked unit\'s own state: "that charged this turn", "that was not set up this turn" (cond)', () => {
  const IJ = ['IRONJAWZ', 'DESTRUCTION', 'INFANTRY'];
  it('Dance of Death (dok Sisters of Slaughter), Brace for Impact (sce): "an enemy unit that charged this turn and is in combat with this unit"', () => {
    expect(readDeclareText('Pick an enemy unit that charged this turn and is in combat with this unit to be the target.', SCE).picks).toEqual([{ kind: 'enemyUnit', within: 3, visible: true, cond: { charged: true } }]);
  });
  it('Mighty Destroyers (ij): "a friendly Ironjawz unit that was not set up this turn"; Get In There And Wallop \'Em! (ij): "... wholly within 12" of this unit and that was not set up this turn"', () => {
    expect(readDeclareText('Pick a friendly Ironjawz unit that was not set up this turn to be the target.', IJ).picks).toEqual([{ kind: 'friendlyUnit', keyword: 'IRONJAWZ', cond: { setUp: false } }]);
    expect(readDeclareText('Pick a friendly Ironjawz unit wholly within 12" of this unit and that was not set up this turn to be the target.', IJ).picks).toEqual([{ kind: 'friendlyUnit', keyword: 'IRONJAWZ', within: 12, wholly: true, cond: { setUp: false } }]);
  });
  it('twins: "in combat with any friendly Kruleboyz units" (Lethal Surprise, kb), "that charged this phase", "that has not used a Fight ability this turn": by hand', () => {
    const strike = 'The target has Strike-last for the rest of the turn.';
    expect(parse('Pick an enemy unit that charged this turn and is in combat with any friendly Kruleboyz units to be the target.', strike, KB, 'Any Charge Phase').resolves).toBeNull();
    expect(parse('Pick an enemy unit that charged this phase and is in combat with this unit to be the target.', strike, KB, 'Any Combat Phase').resolves).toBeNull();
    expect(parse("Pick a friendly Kruleboyz unit that has not used a Fight ability this turn and is within this unit's combat range to be the target.", strike, KB, 'Any Combat Phase').resolves).toBeNull();
  });
});
