/**
 * Session 39 (sh39b; parseFecNh39.ts): the Flesh-eater Courts and Nighthaunt shapes read from the real roster exports
 * (fec-001, nh-001 as imported), and their fall-back twins (the same shape with a part the engine cannot play: by hand).
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../army/importArmy';
import { abilityRows } from '../../army/abilityReport';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';

function rows(list: string) {
  const r = importArmy(new Uint8Array(readFileSync(`tests/fixtures/rosters/new-recruit/${list}/list.json`)), `${list}/list.json`);
  return abilityRows(r.army);
}
const fec = rows('fec-001-ghb-kitchen-sink');
const nh = rows('nh-001-all-units');
const of = (rs: typeof fec, holder: string, name: string) => {
  const row = rs.find((x) => x.holder === holder && x.ability.name === name);
  if (!row) throw new Error(`${holder}: ${name} not in the roster`);
  return row.ability;
};

const KW = ['FLESH-EATER COURTS', 'NIGHTHAUNT', 'NOBLE', 'ABHORRANT', 'SERFS', 'HERO', 'INFANTRY', 'MONSTER', 'WIZARD', 'PRIEST'];
const read = (timing: string, declare: string | null, effect: string, passive = false) => parseEffect({ declare, effect, timing: parseTiming(timing, passive), knownKeywords: KW });

describe('the real texts as imported (fec-001, nh-001)', () => {
  it('Royal Approval (Crypt Ghouls ×2): +1 Rend of its melee weapons while wholly within 12" of any friendly Nobles or Abhorrants', () => {
    expect(of(fec, 'Crypt Ghouls', 'Royal Approval').resolves).toEqual([
      { modify: 'rend', by: 1, attacks: 'melee', targets: 'self', while: { within: 12, wholly: true, ofFriendly: ['NOBLE', 'ABHORRANT'], unit: 'self' } },
    ]);
  });

  it('Necromantic Limits (Royal Terrorgheist, Royal Zombie Dragon): the cap on the named weapon (the mount\'s possessive as the roster names it), and Battle Damaged\'s Attacks', () => {
    expect(of(fec, 'Royal Terrorgheist', 'Necromantic Limits').resolves).toEqual([
      { maxAttacks: 10, weapon: "Terrorgheist's Skeletal Talons", targets: 'self' },
      { set: 'attacks', to: 4, weapon: "Terrorgheist's Skeletal Talons", targets: 'self', while: { damaged: 10, unit: 'self' } },
    ]);
    expect(of(fec, 'Royal Zombie Dragon', 'Necromantic Limits').resolves).toEqual([
      { maxAttacks: 10, weapon: 'Draconic Claws', targets: 'self' },
      { set: 'attacks', to: 5, weapon: 'Draconic Claws', targets: 'self', while: { damaged: 10, unit: 'self' } },
    ]);
  });

  it('Fell Blades (the spell of four Nighthaunt wizards): after each Fight on one enemy unit, -1 save for it, until the start of your next turn', () => {
    for (const holder of ['Guardian of Souls', 'Lady Olynder, Mortarch of Grief', 'Nagash, Supreme Lord of the Undead', 'Reikenor the Grimhailer']) {
      const a = of(nh, holder, 'Fell Blades');
      expect(a.resolves).toEqual([{ foeAfterFight: { modify: 'save', by: -1 }, targets: 'targets', duration: 'nextTurnStart' }]);
      expect(a.picks?.[0]).toMatchObject({ kind: 'friendlyUnit', within: 12, wholly: true, visible: true, keyword: 'NIGHTHAUNT' });
    }
  });

  it('Wraithstorm and Ghostly Howl (Tomb Banshee): the second effect only if this use slew a model', () => {
    expect(of(nh, 'Reikenor the Grimhailer', 'Wraithstorm').resolves).toEqual([
      { mortal: 'D3', targets: 'targets' },
      { mortal: 'D3', targets: 'targets', if: { slainByUse: true } },
    ]);
    expect(of(nh, 'Tomb Banshee', 'Ghostly Howl').resolves).toEqual([
      { mortal: 'D3', targets: 'targets' },
      { noCommands: true, targets: 'targets', duration: 'turn', if: { slainByUse: true } },
    ]);
  });

  it('Staring Death in the Face (Lord Executioner) and Sentenced to Eternal Torment (Scriptor Mortis): one roll gating both sentences', () => {
    expect(of(nh, 'Lord Executioner', 'Staring Death in the Face').resolves).toEqual([
      { modify: 'attacks', by: -1, attacks: 'melee', targets: 'targets', duration: 'turn', if: { roll: '2+', rollOnce: true } },
      { modify: 'control', by: -5, targets: 'targets', duration: 'turn', if: { roll: '2+', rollOnce: true, keyword: 'HERO' } },
    ]);
    expect(of(nh, 'Scriptor Mortis', 'Sentenced to Eternal Torment').resolves).toEqual([
      { mortal: 1, targets: 'targets', if: { roll: '3+', rollOnce: true } },
      { keyword: 'SENTENCED', add: true, targets: 'targets', duration: 'nextTurnStart', if: { roll: '3+', rollOnce: true } },
    ]);
  });

  it('Ethereal (nh battle trait), Excommunication (fec prayer), Supreme Swordmaster (lrl-001): ignored modifiers; Grim Justice (Reikenor): Priest or Wizard', () => {
    expect(of(nh, '(army)', 'Ethereal').resolves).toEqual([{ ignoreModifiers: 'negative', rolls: ['save'], targets: 'friendly', while: { keyword: 'NIGHTHAUNT', notWarscroll: 'Nagash' } }]);
    expect(of(fec, 'Abhorrant Archregent', 'Excommunication').resolves).toEqual([
      { ignoreModifiers: 'positive', rolls: ['save'], duration: 'nextTurnStart', targets: 'targets' },
      { wardForbidden: true, targets: 'targets', duration: 'nextTurnStart', if: { castRoll: 10 } },
    ]);
    expect(of(rows('lrl-001-all-units'), 'The Light of Eltharion', 'Supreme Swordmaster').resolves).toEqual([{ ignoreModifiers: 'negative', rolls: ['hit', 'wound'], targets: 'self' }]);
    expect(of(nh, 'Reikenor the Grimhailer', 'Grim Justice').resolves).toEqual([
      { modify: 'hit', by: 1, weapon: 'Fellreaper', against: ['PRIEST', 'WIZARD'], targets: 'self' },
      { modify: 'wound', by: 1, weapon: 'Fellreaper', against: ['PRIEST', 'WIZARD'], targets: 'self' },
    ]);
  });

  // Thorns of the Briar Queen's Ghostly Howl was by hand for its Declare; sh39d's attack-history picks read it since
  // session 39 (parseHistory39.test.ts).
  it('still by hand in these rosters: Grief-stricken (control scores too), Judge, Jury and Executioner, Knightly Exemplar', () => {
    expect(of(nh, 'Lady Olynder, Mortarch of Grief', 'Grief-stricken').resolves).toBeNull();
    expect(of(nh, 'Scriptor Mortis', 'Judge, Jury and Executioner').resolves).toBeNull();
    expect(of(fec, 'Crypt Haunter Courtier', 'Knightly Exemplar').resolves).toBeNull();
  });
});

describe('fall-back twins stay by hand', () => {
  const hero = 'Your Hero Phase';
  const pick = 'Pick a visible enemy unit within 12" of this unit to be the target.';
  it('Royal Approval: a keyword the army lacks; "within" an enemy unit; the condition on another unit; in an activated ability', () => {
    const t = 'Add 1 to the Rend characteristic of this unit\'s melee weapons while it is wholly within 12" of any friendly Nobles or Abhorrants.';
    expect(read('', null, t, true).resolves).not.toBeNull();
    expect(read('', null, t.replace('Abhorrants', 'Varghulfs'), true).resolves).toBeNull();
    expect(read('', null, t.replace('any friendly', 'any enemy'), true).resolves).toBeNull();
    expect(read('', null, t.replace("this unit's melee weapons", "friendly Serfs units' melee weapons"), true).resolves).toBeNull();
    expect(read(hero, null, t).resolves).toBeNull();
  });

  it('slain by this ability: not the last sentence; no mortal damage before it; several targets; an unread clause', () => {
    const w = 'Inflict D3 mortal damage on the target. If any models are slain as a result of this ability, inflict a further D3 mortal damage on the target';
    expect(read(hero, pick, w).resolves).not.toBeNull();
    expect(read(hero, pick, `${w}. Heal (1) this unit.`).resolves).toBeNull();
    expect(read(hero, pick, 'The target has Strike-last for the rest of the turn. If any models are slain as a result of this ability, inflict D3 mortal damage on the target.').resolves).toBeNull();
    expect(read(hero, 'Pick up to 3 visible enemy units within 12" of this unit to be the targets.', w).resolves).toBeNull();
    expect(read(hero, pick, 'Inflict D3 mortal damage on the target. If any models in the target unit are slain by this ability, the target cannot use abilities for the rest of the turn.').resolves).toBeNull();
  });

  it('Fell Blades: another roll (hit rolls), another duration of the foe\'s modifier, "this unit"', () => {
    const fb = 'Until the start of your next turn, each time the target uses a Fight ability, if all of its attacks targeted the same enemy unit, after that ability has been resolved, subtract 1 from save rolls for that enemy unit for the rest of the turn.';
    const d = 'Pick a visible friendly Nighthaunt unit wholly within 12" of this unit to be the target.';
    expect(read(hero, d, fb).resolves).not.toBeNull();
    expect(read(hero, d, fb.replace('save rolls', 'hit rolls')).resolves).toBeNull();
    expect(read(hero, d, fb.replace('for the rest of the turn', 'for the rest of the battle')).resolves).toBeNull();
    expect(read(hero, d, fb.replace('each time the target uses', 'each time this unit uses')).resolves).toBeNull();
  });

  it('Necromantic Limits: "weapons" (no name); a minimum; in an activated ability', () => {
    expect(read('', null, "This unit's Skeletal Talons have a maximum Attacks characteristic of 10.", true).resolves).toEqual([{ maxAttacks: 10, weapon: 'Skeletal Talons', targets: 'self' }]);
    expect(read('', null, "This unit's melee weapons have a maximum Attacks characteristic of 10.", true).resolves).toBeNull();
    expect(read('', null, "This unit's Skeletal Talons have a minimum Attacks characteristic of 10.", true).resolves).toBeNull();
    expect(read(hero, null, "This unit's Skeletal Talons have a maximum Attacks characteristic of 10.").resolves).toBeNull();
  });

  it('ignore modifiers: control scores; no duration in an activated ability; a passive with a duration; "this unit\'s attacks" with save rolls; friendly units in an activated ability; a keyword the army lacks', () => {
    expect(read(hero, pick, "Ignore positive modifiers to the target's control score for the rest of the turn.").resolves).toBeNull();
    expect(read(hero, pick, 'Ignore positive modifiers to save rolls for the target.').resolves).toBeNull();
    expect(read('', null, 'Ignore negative modifiers to save rolls for this unit for the rest of the turn.', true).resolves).toBeNull();
    expect(read('', null, "Ignore negative modifiers to save rolls for this unit's attacks.", true).resolves).toBeNull();
    expect(read(hero, null, 'Ignore negative modifiers to save rolls for friendly Nighthaunt units for the rest of the turn.').resolves).toBeNull();
    expect(read('', null, 'Ignore negative modifiers to save rolls for friendly Stormcast Eternals units.', true).resolves).toBeNull();
    expect(read('', null, 'Ignore negative modifiers to save rolls for friendly Nighthaunt units.', true).resolves).toEqual([{ ignoreModifiers: 'negative', rolls: ['save'], targets: 'friendly', while: { keyword: 'NIGHTHAUNT' } }]);
  });

  it('Grim Justice: one keyword only; a weapon\'s "weapons"; a keyword the army lacks', () => {
    const g = "Add 1 to hit rolls and wound rolls for attacks made with this unit's Fellreaper if the target is a Priest or a Wizard.";
    expect(read('', null, g, true).resolves).not.toBeNull();
    expect(read('', null, g.replace(' or a Wizard', ''), true).resolves).toBeNull();
    expect(read('', null, g.replace('Fellreaper', 'melee weapons'), true).resolves).toBeNull();
    expect(read('', null, g.replace('Wizard', 'Gargant'), true).resolves).toBeNull();
  });

  it('one roll for two sentences: a keyword the army lacks; a sentence after; mortal damage and a clause without a duration; a second clause on this unit', () => {
    const d = 'Pick an enemy unit in combat with this unit to be the target.';
    const sd = "Roll a dice. On a 2+, subtract 1 from the Attacks characteristic of the target's melee weapons for the rest of the turn. In addition, if the target is a Hero, subtract 5 from the target's control score for the rest of the turn.";
    expect(read('Any Combat Phase', d, sd).resolves).not.toBeNull();
    expect(read('Any Combat Phase', d, sd.replace('is a Hero', 'is a Gargant')).resolves).toBeNull();
    expect(read('Any Combat Phase', d, `${sd} Heal (1) this unit.`).resolves).toBeNull();
    expect(read(hero, pick, 'Roll a dice. On a 3+, inflict 1 mortal damage on the target and the target has the Sentenced keyword.').resolves).toBeNull();
    expect(read(hero, pick, 'Roll a dice. On a 3+, inflict 1 mortal damage on the target and this unit has Strike-first for the rest of the turn.').resolves).toBeNull();
  });
});

describe('Mounting Dread (nh-001)', () => {
  it('the real text as imported, and twins: friendly units, a keyword the army lacks, in an activated ability', () => {
    expect(of(nh, '(army)', 'Mounting Dread').resolves).toEqual([{ modify: 'control', by: -1, perRound: true, targets: 'enemy', while: { inCombatWithFoe: 'NIGHTHAUNT' } }]);
    const t = 'Subtract the current battle round number from the control scores of enemy units while they are in combat with any friendly Nighthaunt units.';
    expect(read('', null, t.replace('of enemy units', 'of friendly units'), true).resolves).toBeNull();
    expect(read('', null, t.replace('Nighthaunt', 'Seraphon'), true).resolves).toBeNull();
    expect(read('Your Hero Phase', null, t).resolves).toBeNull();
  });
});
