/**
 * Session 39 (sh39d): Declares that pick a unit by what the ability's unit's attacks did to it this turn or phase
 * (parseHistory39.ts), on the real texts of the fixture rosters (lrl-001, sce-002, nh-001), with fall-back twins that
 * stay by hand.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema, AbilityPickSchema } from './schema';
import { importArmy } from '../../army/importArmy';
import { abilityRows } from '../../army/abilityReport';

const SHOOTING = 'Once Per Turn (Army), Any Shooting Phase';

function parse(declare: string, effect: string, timing = SHOOTING) {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, false), knownKeywords: ['STORMCAST ETERNALS', 'INFANTRY', 'MONSTER', 'HERO'] });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  for (const p of r.picks ?? []) expect(AbilityPickSchema.safeParse(p).success, JSON.stringify(p)).toBe(true);
  return r;
}

function rosterAbility(list: string, name: string) {
  const r = importArmy(new Uint8Array(readFileSync(`tests/fixtures/rosters/new-recruit/${list}/list.json`)), `${list}/list.json`);
  const row = abilityRows(r.army).find((x) => x.ability.name === name);
  if (!row) throw new Error(`${name} not in ${list}`);
  return row.ability;
}

describe('picks by the attack history of this unit (attackedBy)', () => {
  it('Hurricane Winds (lrl-001): "had any damage points allocated to it this turn by this unit\'s shooting attacks"; Strike-last on a 3+', () => {
    const a = rosterAbility('lrl-001-all-units', 'Hurricane Winds');
    expect(a.picks).toEqual([{ kind: 'enemyUnit', cond: { attackedBy: { what: 'damaged', shooting: true } } }]);
    expect(a.resolves).toEqual([{ strike: 'last', targets: 'targets', duration: 'turn', if: { roll: '3+' } }]);
  });

  it('Blinding Bolts (lrl-001): "targeted by all this unit\'s shooting attacks this phase"', () => {
    const a = rosterAbility('lrl-001-all-units', 'Blinding Bolts');
    expect(a.picks).toEqual([{ kind: 'enemyUnit', cond: { attackedBy: { what: 'targetedByAll', shooting: true, phase: true } } }]);
    expect(a.resolves).not.toBeNull();
  });

  it('Spirit-scouring Flames (sce-002) and Ghostly Howl (nh-001): "by attacks made with this unit\'s <weapon>"', () => {
    const flames = rosterAbility('sce-002-units-a', 'Spirit-scouring Flames');
    expect(flames.picks).toEqual([{ kind: 'enemyUnit', cond: { attackedBy: { what: 'damaged', weapon: 'Spirit-scouring Flames' } } }]);
    expect(flames.resolves).toEqual([{ keyword: 'SOULBURNED', add: true, targets: 'targets', duration: 'battle' }]);
    const r = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/nh-001-all-units/list.json')), 'nh/list.json');
    const howl = abilityRows(r.army).find((x) => x.holder === 'Thorns of the Briar Queen' && x.ability.name === 'Ghostly Howl')!.ability;
    expect(howl.picks).toEqual([{ kind: 'enemyUnit', cond: { attackedBy: { what: 'damaged', weapon: 'Piercing Scream' } } }]);
    expect(howl.resolves).not.toBeNull();
  });

  it('Hail of Bolts (sce-002): "a visible enemy Infantry unit that had any models slain this phase by this unit\'s shooting attacks"', () => {
    const a = rosterAbility('sce-002-units-a', 'Hail of Bolts');
    expect(a.picks).toEqual([{ kind: 'enemyUnit', visible: true, keyword: 'INFANTRY', cond: { attackedBy: { what: 'slain', shooting: true, phase: true } } }]);
    expect(a.resolves).toEqual([{ modify: 'chargeDice', by: -1, targets: 'targets', duration: 'turn', if: { roll: '3+' } }]);
  });

  it('Subduing Shots (sce-002): the Declare reads ("this phase", a Monster), its Effect (Rampage abilities) keeps it by hand', () => {
    const a = rosterAbility('sce-002-units-a', 'Subduing Shots');
    expect(a.resolves).toBeNull();
    const declareOnly = parse(a.declare!, 'Roll a dice. On a 3+, inflict 1 mortal damage on the target.');
    expect(declareOnly.picks).toEqual([{ kind: 'enemyUnit', visible: true, keyword: 'MONSTER', cond: { attackedBy: { what: 'damaged', shooting: true, phase: true } } }]);
  });

  it('fall-back twins stay by hand: another time span, a friendly unit, another tail after it, combat attacks, "this battle"', () => {
    const effect = 'Roll a dice. On a 3+, the target has Strike-last for the rest of the turn.';
    const twins = [
      "Pick an enemy unit that had any damage points allocated to it this battle by this unit's shooting attacks to be the target.",
      "Pick a friendly unit that had any damage points allocated to it this turn by this unit's shooting attacks to be the target.",
      "Pick an enemy unit that had any damage points allocated to it this turn by this unit's shooting attacks and is within 12\" of this unit to be the target.",
      "Pick an enemy unit that had any damage points allocated to it this turn by this unit's combat attacks to be the target.",
      "Pick an enemy unit that had any damage points allocated to it this turn by this unit's shooting attacks or spells to be the target.",
      "Pick an enemy unit that was targeted by all this unit's shooting attacks this turn to be the target.",
      "Pick an enemy unit that had any models slain this battle by this unit's shooting attacks to be the target.",
    ];
    for (const d of twins) expect(parse(d, effect).resolves, d).toBeNull();
    // The shape itself, for contrast.
    expect(parse("Pick an enemy unit that had any damage points allocated to it this turn by this unit's shooting attacks to be the target.", effect).resolves).not.toBeNull();
  });
});
