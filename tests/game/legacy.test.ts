/**
 * Old saved games and battlefield files still load (issue 16): the first format's battlefield
 * (boxes and cylinders) becomes a scenario with the same features, pieces and objectives, and a
 * replay of the recorded sample game keeps its state hash through the one table format.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { upgradeSavedGame } from '../../src/game/savedGame';
import { parseScenario } from '../../src/scenario/validate';
import { replaySaved } from '../../src/rules/engine/worldPortGame';
import { GameApi } from '../../src/game/session';

const sample = JSON.parse(readFileSync(new URL('../../assets/games/sample-game.json', import.meta.url), 'utf8'));

describe('games saved in the first format', () => {
  it('their battlefield becomes a valid scenario with the same features, pieces, types, objectives and set-up', () => {
    const up = upgradeSavedGame(sample);
    if (!up.ok) throw new Error(up.problems.join('\n'));
    expect(up.upgraded).toBe(true);
    expect(up.saved.format).toBe('sightline-game/2');
    const parsed = parseScenario(up.saved.table.scenario);
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const bf = sample.battlefield as { width: number; depth: number; terrain: { id: string; type: string; boxes?: { center: number[]; size: number[]; rotationDeg?: number }[]; cylinders?: unknown[] }[]; objectives: { id: string; x: number; y: number }[]; placement: Record<string, [number, number]> };
    const s = parsed.scenario;
    expect(s.battlefield).toEqual({ width: bf.width, depth: bf.depth });
    expect((s.terrain ?? []).map((t) => [t.id, t.type, t.pieces.length])).toEqual(bf.terrain.map((t) => [t.id, t.type, (t.boxes?.length ?? 0) + (t.cylinders?.length ?? 0)]));
    expect((s.objectives ?? []).map((o) => [o.id, ...o.position])).toEqual(bf.objectives.map((o) => [o.id, o.x, o.y]));
    const b0 = bf.terrain.find((t) => t.boxes?.length)!.boxes![0];
    const p0 = s.terrain!.find((t) => t.pieces.some((p) => p.shape === 'box'))!.pieces.find((p) => p.shape === 'box') as unknown as { center: number[]; size: number[]; rotation: number };
    expect([p0.center, p0.size, p0.rotation]).toEqual([b0.center, b0.size, b0.rotationDeg ?? 0]);
    // Every placed model is a model of the table at its placement, in army p1 or p2.
    const onTable = Object.fromEntries((s.units ?? []).flatMap((u) => u.models.map((m) => [m.id, { at: m.position, army: u.army }])));
    expect(Object.keys(onTable).sort()).toEqual(Object.keys(bf.placement).sort());
    for (const [id, p] of Object.entries(bf.placement)) expect(onTable[id].at).toEqual(p);
  });

  it('the sample game replays to the same state hash through the headless replay and the game API (upgraded on load)', async () => {
    const direct = replaySaved(sample).summary.stateHash;
    const api = new GameApi();
    const r = await api.load(sample);
    if (!r.ok) throw new Error(r.problems.join('\n'));
    expect(api.hash()).toBe(direct);
    // Saved again, it is a game of the new format that loads to the same hash.
    const again = new GameApi();
    const saved = api.save();
    expect(saved.format).toBe('sightline-game/2');
    expect((await again.load(JSON.parse(JSON.stringify(saved)))).ok).toBe(true);
    expect(again.hash()).toBe(direct);
  });

  it('a broken old file is refused with its paths, never thrown', async () => {
    const bad = structuredClone(sample);
    bad.battlefield.width = -1;
    const api = new GameApi();
    const r = await api.load(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.some((p) => p.startsWith('battlefield.width'))).toBe(true);
    const nope = await api.load({ format: 'nope' });
    expect(nope.ok).toBe(false);
  });
});
