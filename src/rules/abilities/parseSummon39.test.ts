/**
 * Session 39 (sh39d): "Add 1 to casting rolls for this unit when it uses a Summon ability" (parseSummon39.ts) on the
 * real texts of dok-001 and sce-002, with fall-back twins that stay by hand.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema } from './schema';
import { importArmy } from '../../army/importArmy';
import { abilityRows } from '../../army/abilityReport';

function passive(effect: string) {
  const r = parseEffect({ declare: null, effect, timing: parseTiming('Passive', false), knownKeywords: ['WIZARD', 'STORMCAST ETERNALS'] });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

function rows(list: string, name: string) {
  const r = importArmy(new Uint8Array(readFileSync(`tests/fixtures/rosters/new-recruit/${list}/list.json`)), `${list}/list.json`);
  return abilityRows(r.army).filter((x) => x.ability.name === name).map((x) => x.ability);
}

describe('casting modifiers for SUMMON abilities (summon: true)', () => {
  it('Arcane Resonance (dok-001, Bloodwrack Medusa): +1 casting (Summon) and +1 banishment on this unit', () => {
    const [a] = rows('dok-001-all-units', 'Arcane Resonance');
    expect(a.resolves).toEqual([{ modify: 'cast', by: 1, targets: 'self', summon: true }, { modify: 'banish', by: 1, targets: 'self' }]);
  });

  it('Aetheric Manipulation (sce-002, Lord-Arcanum): "when it uses a SUMMON ability"', () => {
    const [a] = rows('sce-002-units-a', 'Aetheric Manipulation');
    expect(a.resolves).toEqual([{ modify: 'cast', by: 1, targets: 'self', summon: true }]);
  });

  it('stay by hand: Indomitable Loreseekers (more sentences), Aetheric Destabilisation (enemy units), and twins', () => {
    expect(rows('sce-002-units-a', 'Indomitable Loreseekers')[0].resolves).toBeNull();
    expect(rows('sce-002-units-a', 'Aetheric Destabilisation')[0].resolves).toBeNull();
    const twins = [
      'Add 1 to casting rolls for this unit when it uses a Summon ability and add 1 to unbinding rolls for this unit.',
      'Add 1 to casting rolls for friendly Wizards when they use Summon abilities.',
      'Add 1 to chanting rolls for this unit when it uses a Summon ability.',
      'Add 1 to casting rolls for this unit when it uses a Summon ability and add 1 to banishment rolls for friendly Wizards.',
      'Add 1 to casting rolls for this unit when it uses a Spell ability.',
    ];
    for (const t of twins) expect(passive(t).resolves, t).toBeNull();
    // The plain modifier, for contrast, has no `summon`.
    expect(passive('Add 1 to casting rolls for this unit.').resolves).toEqual([{ modify: 'cast', by: 1, targets: 'self' }]);
  });
});
