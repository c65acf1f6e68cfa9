import { describe, expect, it } from 'vitest';
import { keptTerrainEdges, keptTerrainGeometry } from './keptTerrainGeometry';
import type { TerrainView } from './types';

/**
 * The terrain geometry kept for the page (session 40): a feature drawn again by a new mount (its
 * soup a new array with the same values, as `buildBattlefield` makes it) gets the same geometry
 * and edges; a feature whose soup changed (moved in the sandbox) gets new ones and the old are
 * disposed. The feature: one triangle 2" tall, (0,0,0), (1,0,0), (0,1,2).
 */
const feature = (id: string, dz = 0): TerrainView => ({ id, name: id, type: 'obstacle', abilities: [], positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 2 + dz]), maxHeight: 2 + dz, pieceCount: 1 });

describe('keptTerrainGeometry', () => {
  it('the same feature from a new soup: the same geometry and edges; a changed soup: new ones, the old disposed', () => {
    const a = keptTerrainGeometry(feature('wall-40'));
    const e = keptTerrainEdges(feature('wall-40'), undefined, 35);
    expect(keptTerrainGeometry(feature('wall-40'))).toBe(a);
    expect(keptTerrainEdges(feature('wall-40'), undefined, 35)).toBe(e);
    // Height-shaded: the top vertex (z 2 of 2) is the type's colour, the foot 0.72 of it.
    const colors = a.getAttribute('color');
    expect(colors.getX(0) / colors.getX(2)).toBeCloseTo(0.72, 5);
    const disposed: string[] = [];
    a.addEventListener('dispose', () => disposed.push('geometry'));
    e.addEventListener('dispose', () => disposed.push('edges'));
    const moved = keptTerrainGeometry(feature('wall-40', 0.5));
    expect(moved).not.toBe(a);
    expect(disposed.sort()).toEqual(['edges', 'geometry']);
    expect(moved.getAttribute('position').getZ(2)).toBe(2.5);
    // Another colour is another geometry too.
    expect(keptTerrainGeometry(feature('wall-40', 0.5), '#ff0000')).not.toBe(moved);
  });
});
