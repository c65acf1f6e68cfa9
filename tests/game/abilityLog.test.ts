/**
 * The battle log of an army's abilities (ABILITIES.md "Play": "The log says 'by hand', quotes the
 * ability, and shows each effect and roll to both players"), on the real Kruleboyz export against
 * the Skaven sample in p1's first hero phase: Sludgeraker Venom (auto, its Declare's pick) and
 * Foul Elixirs (by hand) used through the session, every line in players' words (no id).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { effectWords } from '../../src/game/abilityWords';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { defaultBundledMeshes, sampleRosters, sampleTable } from '../../workers/gameSetup';

const KB = fileURLToPath(new URL('../fixtures/rosters/new-recruit/kb-001-all-units/list.ros', import.meta.url));

describe('battle log: army abilities in players\' words', () => {
  const api = new GameApi({ readBundled: readBundledNode });
  beforeAll(async () => {
    const kb = api.readArmy(readFileSync(KB), 'list.ros');
    if (!kb.ok) throw new Error('the Kruleboyz export is read');
    const r = await api.startOnTable({ seed: 7, scenario: sampleTable({}), bundled: defaultBundledMeshes(), armies: { p1: { army: 'south', roster: kb.army }, p2: { army: 'north', roster: sampleRosters().p2 } } });
    if (!r.ok) throw new Error(r.problems.join('; '));
    expect(api.act({ type: 'chooseFirstTurn', player: (api.summary() as unknown as { decider: string }).decider, first: 'p1' }).ok).toBe(true);
    expect(api.act({ type: 'endPhase', player: 'p1' }).ok).toBe(true);
  });

  it('an ability the engine applies: who used it on whom, then its effect on the unit picked; the unit marks it used', () => {
    const n = api.log().length;
    const r = api.act({ type: 'useAbility', player: 'p1', unitId: 'snatchaboss-on-sludgeraker-beast', ability: 'snatchaboss-on-sludgeraker-beast:sludgeraker-venom', targets: ['kruleboyz-monsta-killaz'] });
    expect(r.ok, r.ok ? '' : (r as { reason: string }).reason).toBe(true);
    expect(api.log().slice(n).map((l) => [l.text, l.rule])).toEqual([
      ['Snatchaboss on Sludgeraker Beast uses Sludgeraker Venom (Your Hero Phase) on Kruleboyz Monsta-killaz', 'Sludgeraker Venom (warscroll)'],
      ['Sludgeraker Venom: Kruleboyz Monsta-killaz gains SLUDGERAKER VENOM until the end of the turn', 'Sludgeraker Venom (warscroll)'],
    ]);
    expect(api.summary().units.find((u) => u.id === 'snatchaboss-on-sludgeraker-beast')?.abilitiesUsed).toEqual(['Sludgeraker Venom']);
    expect(api.summary().units.find((u) => u.id === 'kruleboyz-monsta-killaz')?.abilitiesUsed).toBeUndefined();
  });

  it('an ability resolved by hand: declared with its Effect quoted, then "by hand" with the Effect and each effect picked', () => {
    const n = api.log().length;
    expect(api.act({ type: 'useAbility', player: 'p1', unitId: 'swampcalla-shaman-with-pot-grot', ability: 'swampcalla-shaman-with-pot-grot:foul-elixirs' }).ok).toBe(true);
    const effect = { modify: 'save', by: 1, attacks: 'all', targets: ['swampcalla-shaman-with-pot-grot'], duration: 'turn' } as const;
    expect(api.act({ type: 'resolveByHand', player: 'p1', ability: 'swampcalla-shaman-with-pot-grot:foul-elixirs', effects: [effect] }).ok).toBe(true);
    const quoted = '“Roll a dice. On a 2+, add 1 to save rolls for the target for the rest of the turn. On a 1, inflict D3 mortal damage on the target.”';
    expect(api.log().slice(n).map((l) => l.text)).toEqual([
      'Swampcalla Shaman with Pot-grot uses Foul Elixirs (Once Per Turn (Army), Your Hero Phase)',
      `Foul Elixirs is resolved by hand: ${quoted}`,
      'p1 resolves Foul Elixirs by hand (1 effect)',
      `By hand: Foul Elixirs ${quoted}`,
      'Foul Elixirs (by hand): +1 to save rolls for Swampcalla Shaman with Pot-grot until the end of the turn',
    ]);
  });

  it('effects in words: the vocabulary\'s own words never shown (self, targets, nextTurnStart, pileIn)', () => {
    const name = (id: string) => ({ gutrippaz: 'Gutrippaz' })[id] ?? id;
    expect(effectWords({ modify: 'attacks', by: -1, attacks: 'melee', targets: 'targets', duration: 'nextTurnStart' }, name)).toBe('-1 to the Attacks characteristic (melee attacks) for the target until the start of your next turn');
    expect(effectWords({ ward: 6, targets: 'friendly', while: { within: 12, of: 'self', wholly: true, keyword: 'KRULEBOYZ', unit: 'target' } }, name)).toBe('WARD (6+) for friendly units while wholly within 12" of this unit, the target is KRULEBOYZ');
    expect(effectWords({ move: 'pileIn', inches: 3, targets: ['gutrippaz'] }, name)).toBe('an extra pile-in move of 3" for Gutrippaz');
    expect(effectWords({ mortal: 'D3', on: '4+', each: 'model', targets: 'targets' }, name)).toBe('on a 4+, D3 mortal damage for each model on the target');
    expect(effectWords({ cp: 1 }, name)).toBe('+1 command point');
    expect(effectWords({ returnModels: 1, targets: 'self' }, name)).toBe('return 1 slain model for this unit');
  });
});
