/**
 * Session 39 (sh39c) shapes (parseKbIj39.ts): the real texts of the fixture rosters (as the importer gives them) and
 * fall-back twins of the same shapes with a word or condition the engine does not read, which must stay by hand
 * (`resolves: null`).
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema } from './schema';

const KW = ['IRONJAWZ', 'NIGHTHAUNT', 'LUMINETH REALM-LORDS', 'WARRIOR CHAMBER', 'DAUGHTERS OF KHAINE', 'INFANTRY', 'HERO', 'CAVALRY', 'MONSTER'];
const NAMES = ['Ardboy Big Boss', 'Ardboyz', 'Gore-gruntas'];

function parse(effect: string, declare: string | null, timing = 'Passive') {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, timing === 'Passive'), knownKeywords: KW, unitNames: NAMES });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

const rally = (who: Record<string, string>) => [{ rallyExtra: { rolls: 3 }, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, ...who } }];

describe('Rally extras: "... uses the \'Rally\' command, you can make 3 additional rally rolls of D6." (Commands 2.0)', () => {
  it('the real texts: Iron-fisted Commander (ij, a warscroll name), Captured Soul Energy (nh), Shining Example (lrl), Call to Battle (sce)', () => {
    expect(parse('If a friendly **Ardboyz** unit wholly within 12" of this unit uses the \'Rally\' command, you can make 3 additional rally rolls of D6.', null).resolves).toEqual(rally({ warscroll: 'Ardboyz' }));
    expect(parse('Each time a friendly **^^Nighthaunt^^** unit wholly within 12" of this unit uses the \'Rally\' command, you can make 3 additional rally rolls of D6.', null).resolves).toEqual(rally({ keyword: 'NIGHTHAUNT' }));
    expect(parse('Each time a friendly **^^Lumineth Realm-lords^^** unit wholly within 12" of this unit uses the \'Rally\' command, you can make 3 additional rally rolls of D6.', null).resolves).toEqual(rally({ keyword: 'LUMINETH REALM-LORDS' }));
    expect(parse('If a friendly **^^Warrior Chamber^^** unit wholly within 12" of this unit uses the \'Rally\' command, you can make 3 additional rally rolls of D6.', null).resolves).toEqual(rally({ keyword: 'WARRIOR CHAMBER' }));
  });
  it('twins by hand: a sentence more (Icon of Slaughter\'s D3 rally points), a name that is neither keyword nor warscroll, an activated ability, two keywords', () => {
    expect(parse('Each time a friendly **^^Daughters of Khaine^^** unit wholly within 12" of this unit uses the \'Rally\' command, you can make 3 additional rally rolls of D6. In addition, if there are any friendly **Hag Queens on Cauldrons of Blood** on the battlefield when that command is used, you receive D3 additional rally points.', null).resolves).toBeNull();
    expect(parse('If a friendly **Brutes** unit wholly within 12" of this unit uses the \'Rally\' command, you can make 3 additional rally rolls of D6.', null).resolves).toBeNull();
    expect(parse('If a friendly **^^Ironjawz^^** unit wholly within 12" of this unit uses the \'Rally\' command, you can make 3 additional rally rolls of D6.', null, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('If a friendly **^^Ironjawz Infantry^^** unit wholly within 12" of this unit uses the \'Rally\' command, you can make 3 additional rally rolls of D6.', null).resolves).toBeNull();
  });
});

const useRoll = { useRoll: { die: 'D3', on: '2+' } };

describe('The use\'s one D3 ("Roll a D3. On a 2+" and effects "equal to the roll")', () => {
  it('Light a Pyre (nh): the real texts, the mortal damage and the control score both from the one roll', () => {
    const r = parse('Roll a D3. On a 2+:\n• Inflict an amount of mortal damage on the target equal to the roll.\n• Add a number equal to the roll to this unit\'s control score for the rest of the turn.', 'If this unit is contesting an\nobjective, pick a visible enemy unit within\n6" of this unit to be the target.', 'Once Per Turn (army), End of Any Turn');
    expect(r.resolves).toEqual([
      { mortal: 'roll', targets: 'targets', if: useRoll },
      { modify: 'control', by: 1, byRoll: true, targets: 'self', duration: 'turn', if: useRoll },
    ]);
    expect(r.picks).toEqual([{ kind: 'enemyUnit', visible: true, within: 6, unitIf: { contesting: 'any', unit: 'self' } }]);
  });
  it('Gore-grunta Charge (ij): the real texts, +1 on a CAVALRY target from the same roll', () => {
    const r = parse('Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll. Add 1 to the mortal damage inflicted (if any) if the target is **^^Cavalry^^**.', 'If this unit charged this phase, pick an enemy unit within 1" of it to be the target.', 'Any Charge Phase');
    expect(r.resolves).toEqual([
      { mortal: 'roll', targets: 'targets', if: useRoll },
      { mortal: 1, targets: 'targets', if: { ...useRoll, keyword: 'CAVALRY' } },
    ]);
  });
  it('twins by hand: "for each target" (Festering Wounds\' list), a sentence after, a word that is no keyword, an unread item, a passive', () => {
    const pick3 = 'Pick up to 3 enemy units within 6" of this unit to be the targets.';
    expect(parse('Roll a D3 for each target. On a 2+:\n• Inflict an amount of mortal damage on the target equal to the roll.\n• Subtract 1 from wound rolls for the target\'s attacks for the rest of the turn.', pick3, 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll. Add 1 to the mortal damage inflicted (if any) if the target is **^^Cavalry^^**. Then, this unit has Strike-last for the rest of the turn.', 'Pick an enemy unit within 1" of this unit to be the target.', 'Any Charge Phase').resolves).toBeNull();
    expect(parse('Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll. Add 1 to the mortal damage inflicted (if any) if the target is damaged.', 'Pick an enemy unit within 1" of this unit to be the target.', 'Any Charge Phase').resolves).toBeNull();
    expect(parse('Roll a D3. On a 2+:\n• Inflict an amount of mortal damage on the target equal to the roll.\n• Add a number equal to the roll to this unit\'s save rolls for the rest of the turn.', 'Pick a visible enemy unit within 6" of this unit to be the target.', 'Your Hero Phase').resolves).toBeNull();
    expect(parse('Roll a D3. On a 2+:\n• Inflict an amount of mortal damage on the target equal to the roll.\n• Add a number equal to the roll to this unit\'s control score for the rest of the turn.', null).resolves).toBeNull();
  });
  it('Black-hearted Lackeys stays by hand: the Retreat comes before the damage "equal to the roll" (see docs/abilities.md, sh39c)', () => {
    expect(parse('Roll a D3. On a 2+, this unit immediately uses the \'Retreat\' ability without any mortal damage being inflicted on it. Then, inflict an amount of mortal damage on the target equal to the roll.', 'Pick an enemy unit in combat with this unit to be the target.', 'Once Per Turn (Army), Your Movement Phase').resolves).toBeNull();
  });
});

describe('Ironjawz Waaagh! (ij): a pick once per battle per Hero, and "the following effects apply to friendly K units while they are wholly within 18" of the target"', () => {
  const DECLARE = 'Pick a friendly **^^Ironjawz Hero^^** to be the target. You cannot pick the same **^^Hero^^** to be the target of this ability more than once per battle.';
  const EFFECT = 'For the rest of the turn, the following effects apply to friendly **^^Ironjawz^^** units while they are wholly within 18" of the target:\n• Add 1 to charge rolls for those units.\n• Add 1 to the Attacks characteristic of those units\' melee weapons.';
  const aura = { within: 18, wholly: true, of: 'picked', keyword: 'IRONJAWZ' };
  it('the real texts', () => {
    const r = parse(EFFECT, DECLARE, 'Once Per Turn (Army), Your Charge Phase');
    expect(r.resolves).toEqual([
      { modify: 'charge', by: 1, targets: 'friendly', duration: 'turn', while: aura },
      { modify: 'attacks', by: 1, attacks: 'melee', targets: 'friendly', duration: 'turn', while: aura },
    ]);
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', keyword: 'IRONJAWZ HERO', notPickedThisBattle: true }]);
  });
  it('twins by hand: up to 2 Heroes picked, an item on another unit, an item with a condition of its own, an item that is no modifier, a passive', () => {
    expect(parse(EFFECT, 'Pick up to 2 friendly **^^Ironjawz Heroes^^** to be the targets. You cannot pick the same **^^Hero^^** to be the target of this ability more than once per battle.', 'Your Charge Phase').resolves).toBeNull();
    expect(parse('For the rest of the turn, the following effects apply to friendly **^^Ironjawz^^** units while they are wholly within 18" of the target:\n• Add 1 to charge rolls for those units.\n• Add 1 to run rolls for this unit.', DECLARE, 'Your Charge Phase').resolves).toBeNull();
    expect(parse('For the rest of the turn, the following effects apply to friendly **^^Ironjawz^^** units while they are wholly within 18" of the target:\n• Add 1 to charge rolls for those units.\n• Add 1 to hit rolls for those units while they are in combat.', DECLARE, 'Your Charge Phase').resolves).toBeNull();
    expect(parse('For the rest of the turn, the following effects apply to friendly **^^Ironjawz^^** units while they are wholly within 18" of the target:\n• Add 1 to charge rolls for those units.\n• Those units have Ward (6+).', DECLARE, 'Your Charge Phase').resolves).toBeNull();
    expect(parse(EFFECT, null).resolves).toBeNull();
  });
});

describe('"... for attacks made by non-K units that target this unit" (Scare Taktikz, kb)', () => {
  it('the real text: the incoming modifier, the attacking unit not a HERO', () => {
    expect(parse('Roll a dice. On a 3+, subtract 1 from hit rolls for attacks made by non-**^^Hero^^** units that target this unit for the rest of the turn.', null, 'Any Combat Phase').resolves).toEqual([
      { modify: 'hit', by: -1, attacks: 'all', incoming: true, targets: 'self', duration: 'turn', if: { roll: '3+' }, while: { notKeyword: 'HERO', unit: 'target' } },
    ]);
  });
  it('twins by hand: "made by Hero units" (no "non-"), a word that is no keyword, a sentence after, a passive', () => {
    expect(parse('Roll a dice. On a 3+, subtract 1 from hit rolls for attacks made by **^^Hero^^** units that target this unit for the rest of the turn.', null, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice. On a 3+, subtract 1 from hit rolls for attacks made by non-damaged units that target this unit for the rest of the turn.', null, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice. On a 3+, subtract 1 from hit rolls for attacks made by non-**^^Hero^^** units that target this unit for the rest of the turn. This unit has Strike-last for the rest of the turn.', null, 'Any Combat Phase').resolves).toBeNull();
    expect(parse('Roll a dice. On a 3+, subtract 1 from hit rolls for attacks made by non-**^^Hero^^** units that target this unit for the rest of the turn.', null).resolves).toBeNull();
  });
});
