/**
 * Issue 16: on the default battlefield (real Kenney meshes), for every pair of units from
 * different armies, the game's shooting eligibility, range aside, equals the line-of-sight tool's
 * verdict (the engine worker's `visible` on the same table and positions).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import type { RosterInput } from '../../src/rules/engine/roster';
import { EngineApi } from '../../workers/engineApi';
import { GameApi, type TableGameInput } from '../../src/game/session';
import { hotseatSetup } from '../../workers/gameSetup';

/** Every unit of the army with a 200" rifle as its only ranged weapon: range never decides. */
function longRifles(roster: unknown): RosterInput {
  const r = structuredClone(roster) as { units: { weapons: { range: unknown }[]; models: { weapons?: string[] }[] }[] };
  for (const u of r.units) {
    u.weapons = [...u.weapons.filter((w) => w.range === 'melee'), { name: 'Test rifle', range: 200, attacks: 1, hit: 4, wound: 4, rend: 0, damage: 1 } as never];
    for (const m of u.models) delete m.weapons;
  }
  return r as unknown as RosterInput;
}

describe('the default battlefield: the game and the line-of-sight tool agree', () => {
  it('for every pair of units from different armies, both ways, shooting eligibility (range aside) equals the tool\'s visible', async () => {
    const base = hotseatSetup(4);
    const setup: TableGameInput = { ...base, armies: { p1: { ...base.armies.p1, roster: longRifles(base.armies.p1.roster) }, p2: { ...base.armies.p2, roster: longRifles(base.armies.p2.roster) } } };
    const api = new GameApi({ readBundled: readBundledNode });
    const r = await api.startOnTable(setup);
    if (!r.ok) throw new Error(r.problems.join('\n'));
    // The line-of-sight tool: the engine worker's API on the game's table, with the default meshes.
    const engine = new EngineApi();
    const meshFiles = Object.fromEntries(Object.entries(setup.bundled!).map(([src, path]) => [src, readFileSync(new URL(`../../${path}`, import.meta.url))]));
    const loaded = await engine.loadScenario(api.tableScenario(), meshFiles);
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    const toolSees = (a: string, b: string) => {
      const q = engine.query({ id: 'q', kind: 'visible', observer: a, target: b });
      if (!q.ok) throw new Error(JSON.stringify(q));
      return q.answer.value as boolean;
    };
    const end = (player: 'p1' | 'p2', n: number) => {
      for (let i = 0; i < n; i++) expect(api.act({ type: 'endPhase', player }).ok).toBe(true);
    };
    expect(api.act({ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }).ok).toBe(true);
    let compared = 0;
    let visiblePairs = 0;
    for (const [player, enemy] of [['p1', 'p2'], ['p2', 'p1']] as const) {
      end(player, 3);
      expect(api.summary()).toMatchObject({ phase: 'shooting', active: player });
      const shooters = api.summary().units.filter((u) => u.owner === player);
      const targets = api.summary().units.filter((u) => u.owner === enemy).map((u) => u.id);
      for (const u of shooters) {
        const o = api.options(u.id);
        if (!o.ok) throw new Error(o.reason);
        const shoot = new Map(o.entries.filter((e) => e.group === 'shoot' && e.target).map((e) => [e.target!, e]));
        for (const t of targets) {
          const e = shoot.get(t);
          expect(e, `${u.id} -> ${t} offered`).toBeDefined();
          // Refusals by other rules (Obscuring terrain, Guarded Hero) say nothing about visibility.
          if (!e!.available && e!.rejectedBy !== 'Core 16.0') continue;
          const sees = toolSees(u.id, t);
          expect(e!.available, `${u.id} -> ${t}: game ${e!.available ? 'may shoot' : `refuses (${e!.reason})`}, tool says ${sees ? 'visible' : 'not visible'}`).toBe(sees);
          compared++;
          if (sees) visiblePairs++;
        }
      }
      end(player, 4);
    }
    // Both verdicts occur and most pairs were compared (6 x 6 units, both ways).
    expect(compared).toBeGreaterThanOrEqual(50);
    expect(visiblePairs).toBeGreaterThan(0);
    expect(visiblePairs).toBeLessThan(compared);
  }, 120_000);
});
