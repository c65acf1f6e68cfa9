/**
 * The Declare shapes added in session 36, second pass (issue 34, docs/abilities.md "Declare shapes
 * added in session 36, second pass"), each on real texts of the fixture rosters
 * (tests/fixtures/rosters/new-recruit; the roster named for each) and with its fall-back twins: the
 * same shape with a part the vocabulary cannot say, which must leave the ability by hand
 * (`resolves: null`), never read with the part dropped.
 */

import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityPickSchema } from './schema';

const SKV = ['SKAVEN', 'CHAOS', 'INFANTRY', 'HERO', 'MONSTER', 'WIZARD (1)'];
const SCE = ['STORMCAST ETERNALS', 'ORDER', 'INFANTRY', 'CAVALRY', 'HERO', 'MONSTER', 'WIZARD (1)', 'PRIEST (1)', 'SACROSANCT CHAMBER'];
const LRL = ['LUMINETH REALM-LORDS', 'ORDER', 'INFANTRY', 'HERO', 'WIZARD (1)'];
const NH = ['NIGHTHAUNT', 'DEATH', 'INFANTRY', 'HERO'];

function parse(declare: string | null, effect: string, keywords: string[], timing = 'Your Hero Phase') {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, false), knownKeywords: keywords });
  for (const p of r.picks ?? []) expect(AbilityPickSchema.safeParse(p).success, JSON.stringify(p)).toBe(true);
  return r;
}

const D3_ROLL = 'Roll a D3 for each target. On a 2+, inflict an amount of mortal damage on the target equal to the roll.';

describe('"Pick each ... unit ... to be the targets": every unit that fits (each)', () => {
  it('Fissures In Reality (skv-001-all-units): each enemy unit in combat with this unit', () => {
    const r = parse('Pick each enemy unit in combat with this unit to be the targets.', D3_ROLL, SKV, 'Any Combat Phase');
    expect(r.picks).toEqual([{ kind: 'enemyUnit', each: true, within: 3, visible: true }]);
    expect(r.resolves).toEqual([{ mortal: 'roll', on: '2+', die: 'D3', targets: 'targets' }]);
  });
  it('Starlight Mantle (sce-002-units-a): "If this unit is in combat, pick each visible friendly Stormcast Eternals unit within its combat range"', () => {
    const r = parse(
      'If this unit is in combat, pick each visible friendly **^^Stormcast Eternals^^** unit within its combat range to be the targets.',
      'For the rest of the turn, the targets have **^^Ward (5+)^^** and this unit has **^^Strike-last^^**.',
      SCE,
      'Once Per Turn (Army), Any Combat Phase',
    );
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', each: true, visible: true, within: 3, keyword: 'STORMCAST ETERNALS', unitIf: { inCombat: true, unit: 'self' } }]);
    expect(r.resolves).not.toBeNull();
  });
  it('twin: "to be a target" (Bomb Rat, skv) is not "to be the targets": by hand', () => {
    expect(parse('Pick each enemy unit that has a friendly **Bomb Rat** token to be a target.', D3_ROLL, SKV).resolves).toBeNull();
  });
  it('twin: "each ... to be the target" (singular) is no shape: by hand', () => {
    expect(parse('Pick each enemy unit in combat with this unit to be the target.', D3_ROLL, SKV).resolves).toBeNull();
  });
  it('twin: "each friendly Serfs unit in combat" (in combat with what?) stays by hand', () => {
    expect(parse('Pick each friendly Serfs unit in combat to be the targets.', D3_ROLL, ['SERFS', 'INFANTRY']).resolves).toBeNull();
  });
  it('twin: "each enemy unit that this unit passed across during that move" stays by hand', () => {
    expect(parse('Pick each enemy unit that this unit passed across during that move to be the targets.', D3_ROLL, SKV).resolves).toBeNull();
  });
});

describe('"Pick any number of (different) ... units ... to be the targets": one or more (anyNumber)', () => {
  it('the Declare of The Light of Truth (lrl-001-all-units) without its casting roll: any number of different visible enemy units within 18"', () => {
    const r = parse('Pick any number of different visible enemy units within 18" of this unit to be the targets.', 'Inflict D3 mortal damage on each target.', LRL);
    expect(r.picks).toEqual([{ kind: 'enemyUnit', anyNumber: true, visible: true, within: 18 }]);
    expect(r.resolves).toEqual([{ mortal: 'D3', targets: 'targets' }]);
  });
  it('The Light of Truth itself, a spell: read since session 37 (decl37: `cast` takes `targets`)', () => {
    expect(parse('Pick any number of different visible enemy units within 18" of this unit to be the targets, then make a casting roll of 2D6.', 'Inflict D3 mortal damage on each target.', LRL).picks).toEqual([{ kind: 'enemyUnit', anyNumber: true, visible: true, within: 18 }]);
  });
  it('twin: "any number of ... to be the target" (singular): by hand', () => {
    expect(parse('Pick any number of different visible enemy units within 18" of this unit to be the target.', 'Inflict D3 mortal damage on each target.', LRL).resolves).toBeNull();
  });
  it('No Rest for the Wicked (nh): the Declare reads (friendly Nighthaunt units on the battlefield); its Effect (returning models up to D3+3 Health) keeps it by hand', () => {
    const r = parse('Pick any number of friendly **^^Nighthaunt^^** units on the battlefield to be the targets.', 'For each target, you can return a number of slain models to that unit with a combined Health characteristic of up to D3+3.', NH);
    expect(r.resolves).toBeNull();
    expect(r.unparsed).toMatch(/return a number of slain models/);
  });
});

describe('a warscroll name as the noun of a pick (warscroll; the importer passes the army\'s unit names)', () => {
  const SKV_NAMES = ['Gutter Runners', 'Clanrats', 'Warlock Engineer'];
  const charge = 'Add 2 to charge rolls for the target for the rest of the turn.';
  const parseNamed = (declare: string, names: string[] = SKV_NAMES) =>
    parseEffect({ declare, effect: charge, timing: parseTiming('Your Movement Phase', false), knownKeywords: SKV, unitNames: names });
  it('Diversionary Assault (skv-001-all-units): "a visible friendly Gutter Runners unit wholly within 13" of this unit"', () => {
    const r = parseNamed('Pick a visible friendly **Gutter Runners** unit wholly within\n13" of this unit to be the target.');
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', visible: true, within: 13, wholly: true, warscroll: 'Gutter Runners' }]);
    expect(AbilityPickSchema.safeParse(r.picks![0]).success).toBe(true);
    expect(r.resolves).toEqual([{ modify: 'charge', by: 2, targets: 'targets', duration: 'turn' }]);
  });
  it('Eager Death-Dealers (nh-001-all-units): "a visible friendly Grimghast Reapers unit wholly within 12" of this unit"', () => {
    const r = parseEffect({
      declare: 'Pick a visible friendly **Grimghast Reapers** unit wholly within 12" of this unit to be the target.',
      effect: "Add 1 to wound rolls for the target's combat attacks for the rest of the turn.",
      timing: parseTiming('Your Combat Phase', false),
      knownKeywords: NH,
      unitNames: ['Grimghast Reapers', 'Chainrasps'],
    });
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', visible: true, within: 12, wholly: true, warscroll: 'Grimghast Reapers' }]);
  });
  it('twin: the same text when the army has no unit of that name (no names passed, or another army): by hand', () => {
    expect(parseNamed('Pick a visible friendly **Gutter Runners** unit wholly within\n13" of this unit to be the target.', []).resolves).toBeNull();
    expect(parseNamed('Pick a visible friendly **Gutter Runners** unit wholly within\n13" of this unit to be the target.', ['Clanrats']).resolves).toBeNull();
  });
  it('twin: a name with a keyword or another name beside it ("Skaven Gutter Runners unit", "Gutter Runners or Clanrats unit"): by hand', () => {
    expect(parseNamed('Pick a visible friendly Skaven Gutter Runners unit wholly within 13" of this unit to be the target.').resolves).toBeNull();
    expect(parseNamed('Pick a visible friendly Gutter Runners or Clanrats unit wholly within 13" of this unit to be the target.').resolves).toBeNull();
  });
  it('a keyword run of the army is still read as keywords even when a unit has that name (Skaven)', () => {
    const r = parseNamed('Pick a visible friendly Skaven unit wholly within 13" of this unit to be the target.', ['Skaven', ...SKV_NAMES]);
    expect(r.picks).toEqual([{ kind: 'friendlyUnit', visible: true, within: 13, wholly: true, keyword: 'SKAVEN' }]);
  });
});
