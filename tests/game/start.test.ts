/**
 * Starting a game on a table (GAME.md `start`): armies join the scenario (units it places start
 * there, with its bases and heights), the others are set up by Core 10.1 (checked here with the
 * geometry: wholly within the territory, more than 9" from the enemy's, on the table, apart and
 * coherent), or in the deployment phase; bad set-ups are refused with their paths.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { footprintFromBase } from '../../src/geometry/footprint';
import { footprintGap } from '../../src/geometry/footprintGap';
import { footprintInsidePolygon, footprintPolygonDistance, type Polygon } from '../../src/geometry/polygon';
import { coherencyOf } from '../../src/geometry/coherency';
import { readBundledNode } from '../../src/game/node';
import { GameApi, type TableGameInput } from '../../src/game/session';
import { defaultBundledMeshes, sampleRosters } from '../../workers/gameSetup';

const DEFAULT = JSON.parse(readFileSync(new URL('../../assets/scenarios/default.json', import.meta.url), 'utf8'));

function input(over: Partial<TableGameInput> = {}): TableGameInput {
  const r = sampleRosters();
  return { scenario: structuredClone(DEFAULT), bundled: defaultBundledMeshes(), armies: { p1: { army: 'south', roster: r.p1 }, p2: { army: 'north', roster: r.p2 } }, seed: 9, ...over };
}

async function start(i: TableGameInput) {
  const api = new GameApi({ readBundled: readBundledNode });
  return { api, r: await api.startOnTable(i) };
}

describe('starting a game on a table', () => {
  it('automatic set-up follows Core 10.1: wholly within the territory, more than 9" from the enemy territory, bases apart, units coherent', async () => {
    const { api, r } = await start(input());
    if (!r.ok) throw new Error(r.problems.join('\n'));
    const table = api.tableScenario()!;
    const terr = DEFAULT.territories as Record<string, Polygon>;
    const all = (table.units ?? []).flatMap((u) => u.models.map((m) => ({ unit: u, f: footprintFromBase(m.base, m.position, m.facing ?? 0) })));
    // Every unit of both sample armies is on the table; the scenario's own units are not in the game.
    expect(new Set((table.units ?? []).map((u) => u.id))).toEqual(new Set([...sampleRosters().p1.units, ...sampleRosters().p2.units].map((u) => (u as { id: string }).id)));
    for (const { unit, f } of all) {
      const own = terr[unit.army];
      const enemy = terr[unit.army === 'south' ? 'north' : 'south'];
      expect(footprintInsidePolygon(f, own), `${unit.id} wholly within ${unit.army}`).toBe(true);
      expect(footprintPolygonDistance(f, enemy), `${unit.id} from the enemy territory`).toBeGreaterThan(9);
    }
    for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) expect(footprintGap(all[i].f, all[j].f).gapInches).toBeGreaterThan(0.29);
    for (const u of table.units ?? []) expect(coherencyOf(u.models.map((m) => footprintFromBase(m.base, m.position)), 0.5).coherent, `${u.id} coherent`).toBe(true);
    // And the engine agrees: every unit may make a Normal Move from there (nothing overlaps, Core 15.0).
    expect(api.act({ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }).ok).toBe(true);
  });

  it('a unit the scenario places starts there with its bases and heights; in the deployment phase it is already set up', async () => {
    const i = input({ deploy: 'manual' });
    const sc = i.scenario as typeof DEFAULT;
    sc.units = [{ id: 'sk-ratogors', army: 'north', models: [1, 2, 3].map((k) => ({ id: `sk-ratogors-${k}`, base: { round: 60 }, height: 2.8, position: [20 + 3 * k, 36] })) }];
    const { api, r } = await start(i);
    if (!r.ok) throw new Error(r.problems.join('\n'));
    const s = api.summary();
    expect(s.stage).toBe('deployment');
    expect(s.units.find((u) => u.id === 'sk-ratogors')?.deployed).toBe(true);
    expect(s.units.filter((u) => u.id !== 'sk-ratogors').every((u) => !u.deployed)).toBe(true);
    const rat = api.tableScenario()!.units!.find((u) => u.id === 'sk-ratogors')!;
    expect(rat.models.map((m) => [m.position, m.base, m.height])).toEqual([1, 2, 3].map((k) => [[20 + 3 * k, 36], { round: 60 }, 2.8]));
    // Heights from the table reach the rules' World: the game's own visibility sees a 2.8"-tall model.
    const q = api.query({ id: 'h', kind: 'distance', from: 'sk-ratogors-1', to: 'sk-ratogors-2' });
    expect(q).toMatchObject({ ok: true, answer: { value: expect.closeTo(3 - 60 / 25.4, 6) } });
  });

  it('bad set-ups are refused with their paths, and nothing starts', async () => {
    const problems = async (i: TableGameInput) => {
      const { api, r } = await start(i);
      expect(api.hasGame()).toBe(false);
      return r.ok ? [] : r.problems;
    };
    const r = sampleRosters();
    expect(await problems(input({ armies: { p1: { army: 'east', roster: r.p1 }, p2: { army: 'north', roster: r.p2 } } }))).toEqual([expect.stringMatching(/^armies\.p1: "east" is not an army of the scenario/)]);
    expect((await problems(input({ armies: { p1: { army: 'north', roster: r.p1 }, p2: { army: 'north', roster: r.p2 } } }))).join('\n')).toMatch(/both players chose "north"/);
    expect((await problems(input({ battleplan: 'no-such-plan' }))).join('\n')).toMatch(/^battleplan: unknown battleplan "no-such-plan"/m);
    const wrongArmy = input();
    (wrongArmy.scenario as typeof DEFAULT).units = [{ id: 'sk-warlock', army: 'south', models: [{ id: 'sk-warlock-1', base: { round: 32 }, height: 1.2, position: [30, 5] }] }];
    expect((await problems(wrongArmy)).join('\n')).toMatch(/^scenario\.units\[0\]\.army: unit "sk-warlock" is in army "south" on the table but in p2's army "north"/m);
    const wrongModel = input();
    (wrongModel.scenario as typeof DEFAULT).units = [{ id: 'sk-warlock', army: 'north', models: [{ id: 'warlock-x', base: { round: 32 }, height: 1.2, position: [30, 40] }] }];
    const wm = (await problems(wrongModel)).join('\n');
    expect(wm).toMatch(/scenario\.units\[0\]\.models: the army's model "sk-warlock-1"/);
    expect(wm).toMatch(/scenario\.units\[0\]\.models\[0\]\.id: "warlock-x" is not a model/);
    const clash = input();
    (clash.scenario as typeof DEFAULT).objectives[0].id = 'sk-clanrats';
    expect((await problems(clash)).join('\n')).toMatch(/rosters\.p2\.units\[3\]: id "sk-clanrats" is also scenario\.objectives\[0\]\.id/);
    const badScenario = input();
    (badScenario.scenario as typeof DEFAULT).battlefield.width = 1e9;
    expect((await problems(badScenario)).join('\n')).toMatch(/^scenario\.battlefield\.width: /m);
  });
});
