/**
 * Tables and armies for the game tests: a battlefield the code has never seen (built here), with a
 * Kenney tower loaded from a GLB file outside the bundled assets and an inline-mesh wall with a
 * window, and two small armies of long-range shooters and targets.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RosterInput } from '../../src/rules/engine/roster';

/** Triangles of an axis-aligned box `[x0,y0,z0]-[x1,y1,z1]`, appended to `v`/`t` (inline mesh form). */
function box(v: [number, number, number][], t: [number, number, number][], a: [number, number, number], b: [number, number, number]): void {
  const o = v.length;
  for (const z of [a[2], b[2]]) for (const y of [a[1], b[1]]) for (const x of [a[0], b[0]]) v.push([x, y, z]);
  // corners: 0..3 bottom (x,y): (a,a) (b,a) (a,b) (b,b); 4..7 top.
  const q = (i: number, j: number, k: number, l: number) => t.push([o + i, o + j, o + k], [o + i, o + k, o + l]);
  q(0, 2, 3, 1); // bottom
  q(4, 5, 7, 6); // top
  q(0, 1, 5, 4); // south
  q(2, 6, 7, 3); // north
  q(0, 4, 6, 2); // west
  q(1, 3, 7, 5); // east
}

/**
 * The wall with a window: 10" wide (x 5-15), 0.5" thick (y 14.75-15.25), 6" tall, with a window
 * 2" wide (x 9-11) from 1" to 3" up. Four boxes around the hole, one inline mesh.
 */
export function windowWall(): { vertices: [number, number, number][]; triangles: [number, number, number][] } {
  const v: [number, number, number][] = [];
  const t: [number, number, number][] = [];
  box(v, t, [5, 14.75, 0], [9, 15.25, 6]);
  box(v, t, [11, 14.75, 0], [15, 15.25, 6]);
  box(v, t, [9, 14.75, 0], [11, 15.25, 1]);
  box(v, t, [9, 14.75, 3], [11, 15.25, 6]);
  return { vertices: v, triangles: t };
}

/** An inline mesh of one axis-aligned box `a`-`b`, inches. */
export function boxMesh(a: [number, number, number], b: [number, number, number]): { vertices: [number, number, number][]; triangles: [number, number, number][] } {
  const v: [number, number, number][] = [];
  const t: [number, number, number][] = [];
  box(v, t, a, b);
  return { vertices: v, triangles: t };
}

/** A 1-model unit of the given army at `position`, 2" tall on a 32 mm base. */
const one = (id: string, army: string, position: [number, number]) => ({ id, army, models: [{ id: `${id}-1`, base: { round: 32 }, height: 2, position }] });

/**
 * Writes the unseen table into a fresh folder with its tower GLB (a copy of a Kenney piece, so it
 * is not a bundled asset) and returns the scenario path. 40" x 30"; south territory y 0-8, north
 * y 22-30. `gunner-a` (10, 6) looks at `target-window` (10, 24) only through the window;
 * `gunner-b` (30, 6) looks at `target-tower` (30, 24) past the tower at (30, 15).
 */
export function unseenTable(): { dir: string; path: string; scenario: Record<string, unknown> } {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-table-'));
  copyFileSync(new URL('../../assets/kenney/castle/archive-tower-base.glb', import.meta.url), join(dir, 'tower-base.glb'));
  copyFileSync(new URL('../../assets/kenney/castle/archive-tower-mid.glb', import.meta.url), join(dir, 'tower-mid.glb'));
  const scenario = {
    name: 'Unseen table',
    battlefield: { width: 40, depth: 30 },
    terrain: [
      { id: 'tower', type: 'obstacle', pieces: [
        { shape: 'mesh', src: 'tower-base.glb', position: [30, 15, 0], scale: 1.95 },
        { shape: 'mesh', src: 'tower-mid.glb', position: [30, 15, 1.97], scale: 1.95 },
      ] },
      { id: 'window-wall', type: 'obstacle', pieces: [{ shape: 'mesh', ...windowWall() }] },
    ],
    objectives: [{ id: 'obj-mid', position: [20, 15] }],
    territories: { south: [[0, 0], [40, 0], [40, 8], [0, 8]], north: [[0, 22], [40, 22], [40, 30], [0, 30]] },
    units: [one('gunner-a', 'south', [10, 6]), one('gunner-b', 'south', [30, 6]), one('target-window', 'north', [10, 24]), one('target-tower', 'north', [30, 24])],
  };
  const path = join(dir, 'unseen.json');
  writeFileSync(path, JSON.stringify(scenario));
  return { dir, path, scenario };
}

/** The shooters' army: two HERO gunners with a 30" rifle (Core 16.0). */
export function gunners(): RosterInput {
  const gunner = (id: string) => ({
    id,
    name: `Gunner ${id.slice(-1).toUpperCase()}`,
    warscroll: { move: 5, health: 5, save: '4+', control: 1, keywords: ['HERO', 'INFANTRY'] },
    weapons: [
      { name: 'Longrifle', range: 30, attacks: 2, hit: 3, wound: 3, rend: 1, damage: 2 },
      { name: 'Knife', range: 'melee', attacks: 1, hit: 4, wound: 4, rend: 0, damage: 1 },
    ],
    models: [{ id: `${id}-1`, base: { shape: 'round', diameterMm: 32 } }],
  });
  return { name: 'Gunners', faction: 'Test', general: 'gunner-a', regiments: [{ leader: 'gunner-a', units: [] }, { leader: 'gunner-b', units: [] }], units: [gunner('gunner-a'), gunner('gunner-b')] } as unknown as RosterInput;
}

/** The targets' army: two HERO targets with a knife. */
export function targets(): RosterInput {
  const target = (id: string) => ({
    id,
    name: id,
    warscroll: { move: 5, health: 5, save: '4+', control: 1, keywords: ['HERO', 'INFANTRY'] },
    weapons: [{ name: 'Knife', range: 'melee', attacks: 1, hit: 4, wound: 4, rend: 0, damage: 1 }],
    models: [{ id: `${id}-1`, base: { shape: 'round', diameterMm: 32 } }],
  });
  return { name: 'Targets', faction: 'Test', general: 'target-window', regiments: [{ leader: 'target-window', units: [] }, { leader: 'target-tower', units: [] }], units: [target('target-window'), target('target-tower')] } as unknown as RosterInput;
}
