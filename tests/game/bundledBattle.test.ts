/**
 * A battle started on a table saved with bundled mesh names (issue 39: Save writes
 * `bundled:kenney/...`). The page's `startBattle` and `onlineCreateOptions` carry each mesh by
 * `gameMeshes` (src/ui/files/meshes.ts): every bundled mesh by its asset path, whatever the form of
 * its name, so the game (the page's game worker runs this same `GameApi`) and the server start the
 * battle without the meshes' bytes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { gameMeshes, portableScenario } from '../../src/ui/files/meshes';
import { onlineCreateOptions } from '../../src/ui/play/online';
import { openRoomGame } from '../../server/roomGame';
import { sampleRosters } from '../../workers/gameSetup';

const DEFAULT = JSON.parse(readFileSync(new URL('../../assets/scenarios/default.json', import.meta.url), 'utf8')) as { terrain: { pieces: { src?: string }[] }[] };

/** The default battlefield as Save writes it: every Kenney piece named `bundled:kenney/...`. */
function savedTable(): typeof DEFAULT {
  const s = portableScenario(structuredClone(DEFAULT));
  const srcs = s.terrain.flatMap((t) => t.pieces.flatMap((p) => (p.src ? [p.src] : [])));
  expect(srcs.length).toBeGreaterThan(0);
  expect(srcs.every((src) => src.startsWith('bundled:kenney/'))).toBe(true);
  return s;
}

function armies() {
  const r = sampleRosters();
  return { p1: { army: 'south', roster: r.p1 as unknown }, p2: { army: 'north', roster: r.p2 as unknown } };
}

describe('a battle on a table saved with bundled mesh names', () => {
  it('gameMeshes carries bundled: and ../kenney names alike by their asset path, and other meshes by their bytes', () => {
    const s = savedTable();
    const { bundled, meshFiles } = gameMeshes(s, {});
    // One asset per name, the same as the default file's ../kenney/... names resolve to.
    for (const t of s.terrain) for (const p of t.pieces) if (p.src) expect(bundled[p.src]).toBe(`assets/${p.src.slice('bundled:'.length)}`);
    expect(meshFiles).toEqual({});
    const legacy = gameMeshes(DEFAULT, {});
    expect(Object.values(legacy.bundled).sort()).toEqual([...new Set(Object.values(bundled))].sort());
    // A mesh of the user's own travels as its bytes; one found nowhere is left for the game to name.
    const own = { ...s, terrain: [...s.terrain, { pieces: [{ src: 'my-ruin.glb' }] }, { pieces: [{ src: 'lost.glb' }] }] };
    const bytes = new Uint8Array([1, 2, 3]);
    const r = gameMeshes(own, { 'my-ruin.glb': bytes });
    expect(r.meshFiles).toEqual({ 'my-ruin.glb': bytes });
    expect(r.bundled['my-ruin.glb']).toBeUndefined();
    expect(r.bundled['lost.glb']).toBeUndefined();
  });

  it('the game starts on it with the bundled meshes alone (what startBattle sends the game worker)', async () => {
    const s = savedTable();
    const { bundled, meshFiles } = gameMeshes(s, {});
    const api = new GameApi({ readBundled: readBundledNode });
    const r = await api.startOnTable({ scenario: s, bundled, meshFiles, armies: armies(), seed: 11 });
    if (!r.ok) throw new Error(r.problems.join('\n'));
    // The saved game carries every mesh as its bundled asset, not as triangles.
    const saved = api.save() as { table: { meshes: Record<string, { bundled?: string }> } };
    for (const [src, ref] of Object.entries(saved.table.meshes)) expect(ref.bundled, src).toBe(bundled[src]);
    expect(Object.keys(saved.table.meshes).sort()).toEqual(Object.keys(bundled).sort());
  });

  it('the server opens a room from onlineCreateOptions on it', async () => {
    const options = onlineCreateOptions({ scenario: savedTable(), armies: armies(), deploy: 'auto' });
    expect(Object.values(options.bundled as Record<string, string>).every((p) => p.startsWith('assets/kenney/'))).toBe(true);
    const room = await openRoomGame(options, { maxSavedActions: 10_000, maxTableTriangles: 1_000_000, triangleBudget: 1_000_000 });
    if (!room.ok) throw new Error(room.problems.join('\n'));
    expect(room.game).toBeTruthy();
  });
});
