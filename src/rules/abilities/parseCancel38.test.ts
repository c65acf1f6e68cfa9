/**
 * Session 38 (ab38d): "that ability has no effect on this unit" reactions (parseCancel38.ts) on the real texts of
 * sce-002 (every Ruination Chamber and Guardian of the Final Threshold of the export), with fall-back twins that
 * stay by hand.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEffect } from './parseEffect';
import { parseTiming } from './parseTiming';
import { AbilityEffectSchema, type Ability } from './schema';
import { resistanceFallback } from '../../army/resistance38';
import { importArmy } from '../../army/importArmy';
import { abilityRows } from '../../army/abilityReport';

function parse(effect: string, declare: string | null, timing: string) {
  const r = parseEffect({ declare, effect, timing: parseTiming(timing, false), knownKeywords: ['STORMCAST ETERNALS', 'HERO'] });
  for (const e of r.resolves ?? []) expect(AbilityEffectSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
  return r;
}

const PICKED = 'Once Per Turn (Army), Reaction: This unit was picked as the target of a non-Core ability';
const RESIST = 'Make a resistance roll of D6. On a 4+, that ability has no effect on this unit.';

describe('"Make a resistance roll of D6. On a N+, that ability has no effect on this unit." (ignoreTrigger)', () => {
  it('every Ruination Chamber and Guardian of the Final Threshold of sce-002 is read (11), each gated by its roll on this unit', () => {
    const r = importArmy(new Uint8Array(readFileSync('tests/fixtures/rosters/new-recruit/sce-002-units-a/list.json')), 'sce-002/list.json');
    const rows = abilityRows(r.army).filter((x) => x.ability.name === 'Ruination Chamber' || x.ability.name === 'Guardian of the Final Threshold');
    expect(rows).toHaveLength(11);
    for (const row of rows) {
      // The Reclusians' Memorian Descendants (tokens, by hand) add 1 to their resistance rolls: theirs stays by hand (src/army/resistance38.ts).
      if (row.holder === 'Reclusians') {
        expect(row.ability.resolves).toBeNull();
        continue;
      }
      const want = row.ability.name === 'Ruination Chamber' ? '4+' : '3+';
      expect(row.ability.resolves, row.holder).toEqual([{ ignoreTrigger: true, targets: 'self', if: { roll: want } }]);
    }
    // Iridan the Witness (Scourge of Aqshy)'s The Flames of Hope: the re-roll of resistance rolls, an aura the engine applies.
    const flames = abilityRows(r.army).find((x) => x.ability.name === 'The Flames of Hope');
    expect(flames?.ability.resolves).toEqual([{ reroll: 'resistance', which: 'any', targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'RUINATION CHAMBER' } }]);
  });
  it('an unread ability naming resistance rolls sends the reactions it may change back to by hand: its unit\'s, or the army\'s when it is on another unit', () => {
    const cancel = { id: 'rc', name: 'Ruination Chamber', source: 'warscroll', timing: parseTiming(PICKED, false), declare: null, effect: RESIST, keywords: [], resolves: [{ ignoreTrigger: true, targets: 'self', if: { roll: '4+' } }] } as Ability;
    const own = { ...cancel, id: 'm', name: 'Memorian Descendants', effect: "While any of this unit's Memorians are on the battlefield, add 1 to this unit's resistance rolls when using the 'Ruination Chamber' ability.", resolves: null } as Ability;
    const other = { ...own, id: 'o', name: 'Some Aura', effect: 'Add 1 to resistance rolls for friendly Ruination Chamber units wholly within 12" of this unit.' } as Ability;
    const u = (id: string, abilities: Ability[]) => ({ id, warscroll: { abilities } });
    const a = resistanceFallback([u('a', [cancel, own]), u('b', [cancel])], []);
    expect(a.map((x) => x.warscroll.abilities[0].resolves === null)).toEqual([true, false]);
    const b = resistanceFallback([u('a', [cancel]), u('b', [cancel]), u('c', [other])], []);
    expect(b.slice(0, 2).map((x) => x.warscroll.abilities[0].resolves === null)).toEqual([true, true]);
    expect(resistanceFallback([u('a', [cancel])], [other])[0].warscroll.abilities[0].resolves).toBeNull();
  });
  it('the "picked to be the target" wording (Guardian of the Final Threshold) reads the same', () => {
    expect(parse('Make a resistance roll of D6. On a 3+, that ability has no effect on this unit.', null, 'Once Per Turn (Army), Reaction: This unit was picked to be the target of a non-Core ability').resolves).toEqual([{ ignoreTrigger: true, targets: 'self', if: { roll: '3+' } }]);
  });
  it('fall-back twins stay by hand: another trigger, a Declare, more than this unit, a second sentence, a modified roll', () => {
    // The same Effect on a trigger that is not "picked as the target": what "that ability" is would be unknown.
    expect(parse(RESIST, null, 'Once Per Turn (Army), Reaction: Opponent declared a Spell ability').resolves).toBeNull();
    expect(parse(RESIST, null, 'Once Per Turn (Army), Reaction: This unit was picked as the target of a Core ability').resolves).toBeNull();
    expect(parse(RESIST, 'Pick a friendly unit wholly within 12" of this unit to be the target.', PICKED).resolves).toBeNull();
    expect(parse('Make a resistance roll of D6. On a 4+, that ability has no effect on this unit or any friendly unit wholly within 6" of it.', null, PICKED).resolves).toBeNull();
    expect(parse(`${RESIST} On a 1, inflict D3 mortal damage on this unit.`, null, PICKED).resolves).toBeNull();
    expect(parse('Make a resistance roll of D6, adding 1 to the roll if this unit is a Hero. On a 4+, that ability has no effect on this unit.', null, PICKED).resolves).toBeNull();
    expect(parse('Make a resistance roll of 2D6. On a 7+, that ability has no effect on this unit.', null, PICKED).resolves).toBeNull();
  });
});
