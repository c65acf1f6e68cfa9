/**
 * Faction terrain (ARMY.md: "faction terrain becomes a terrain feature the army can set up"; Core
 * 10.1, Deploy Faction Terrain): the Gnawholes of a real Skaven roster, imported, are set up wholly
 * within the army's territory, more than 3" from every objective and other terrain feature
 * (checked with the game's own distances), automatically or in the deployment phase's step 1.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importArmy } from '../../src/army/importArmy';
import { footprintFromBase } from '../../src/geometry/footprint';
import { readBundledNode } from '../../src/game/node';
import { GameApi, type TableGameInput } from '../../src/game/session';
import { defaultBundledMeshes, sampleRosters } from '../../workers/gameSetup';

const DEFAULT = JSON.parse(readFileSync(new URL('../../assets/scenarios/default.json', import.meta.url), 'utf8'));
const SKV = new URL('../fixtures/rosters/new-recruit/skv-001-all-units/list.ros', import.meta.url);

/** The Skaven sample army with the faction terrain of the real Skaven roster. */
function skavenWithGnawholes(): { roster: unknown; ids: string[] } {
  const imported = importArmy(new Uint8Array(readFileSync(SKV)), 'skv-001/list.ros').army as { factionTerrain?: { id: string; name: string }[] };
  expect(imported.factionTerrain?.map((t) => t.name)).toEqual(['Gnawhole', 'Gnawhole']);
  const roster = { ...sampleRosters().p2, factionTerrain: imported.factionTerrain };
  return { roster, ids: imported.factionTerrain!.map((t) => t.id) };
}

async function started(deploy: 'auto' | 'manual') {
  const { roster, ids } = skavenWithGnawholes();
  const input: TableGameInput = { scenario: { ...structuredClone(DEFAULT), units: [] }, bundled: defaultBundledMeshes(), armies: { p1: { army: 'south', roster: sampleRosters().p1 }, p2: { army: 'north', roster } }, seed: 5, deploy };
  const api = new GameApi({ readBundled: readBundledNode });
  const r = await api.startOnTable(input);
  if (!r.ok) throw new Error(r.problems.join('\n'));
  return { api, ids };
}

const distance = (api: GameApi, from: string, to: string) => {
  const q = api.query({ id: 'd', kind: 'distance', from, to });
  if (!q.ok) throw new Error(q.problems.join('; '));
  return q.answer.value as number;
};

describe('faction terrain of an imported army', () => {
  it('is set up automatically by Core 10.1: wholly within the territory, more than 3" from objectives and other terrain', async () => {
    const { api, ids } = await started('auto');
    const table = api.tableScenario()!;
    for (const id of ids) {
      const f = table.terrain!.find((t) => t.id === id)!;
      expect(f.type).toBe('faction');
      expect(f.abilities).toEqual(['cover']);
      const piece = f.pieces[0] as { shape: 'box'; center: [number, number]; size: [number, number, number] };
      // Wholly within the north territory (y 32 to 44, x 0 to 60).
      expect(piece.center[1] - piece.size[1] / 2).toBeGreaterThanOrEqual(32);
      expect(piece.center[1] + piece.size[1] / 2).toBeLessThanOrEqual(44);
      for (const o of table.objectives ?? []) expect(distance(api, id, o.id), `${id} to ${o.id}`).toBeGreaterThan(3);
      for (const t of table.terrain ?? []) if (t.id !== id) expect(distance(api, id, t.id), `${id} to ${t.id}`).toBeGreaterThan(3);
      // And no model stands on or in it: every model's base is clear of its footprint.
      for (const u of table.units ?? []) for (const m of u.models) {
        const fp = footprintFromBase(m.base, m.position);
        const dx = Math.max(0, Math.abs(fp.x - piece.center[0]) - piece.size[0] / 2);
        const dy = Math.max(0, Math.abs(fp.y - piece.center[1]) - piece.size[1] / 2);
        expect(Math.hypot(dx, dy), `${m.id} clear of ${id}`).toBeGreaterThan(fp.semiMajor);
      }
    }
  });

  it('in the deployment phase, the army deploys it first (Deploy Faction Terrain, Core 10.1), where it is shown', async () => {
    const { api, ids } = await started('manual');
    const s = api.state();
    expect(s.stage).toBe('deployment');
    expect(s.deployment?.factionTerrain.p2).toEqual(ids);
    // p1 has no faction terrain: p2 deploys theirs; a unit cannot be deployed before the terrain step ends.
    expect(api.act({ type: 'deployTerrain', player: 'p2', terrainId: 'no-such-feature' })).toMatchObject({ ok: false, rule: 'Core 10.1' });
    for (const id of ids) expect(api.act({ type: 'deployTerrain', player: 'p2', terrainId: id })).toMatchObject({ ok: true });
    expect(api.state().deployment?.step).toBe('units');
  });
});
