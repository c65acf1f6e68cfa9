import { describe, expect, it } from 'vitest';
import { BoxGeometry, CylinderGeometry, Vector3 } from 'three';
import { meshColumns, triangleMeetsBox } from './meshColumns';
import { meshOccluder, occluderContains } from './occluders';
import { mulberry32 } from '../rules/dice';
import { positionsOf } from '../../tests/fixtures/meshPositions';

const v = (x: number, y: number, z: number) => new Vector3(x, y, z);

describe('triangleMeetsBox', () => {
  it('a triangle through the box, beside it, and one whose plane misses it', () => {
    const c = v(0, 0, 0);
    const h = v(1, 1, 1);
    expect(triangleMeetsBox(v(-2, 0, 0), v(2, 0.5, 0), v(0, 3, 0), c, h)).toBe(true);
    expect(triangleMeetsBox(v(1.5, 1.5, 0), v(3, 1.5, 0), v(1.5, 3, 0), c, h)).toBe(false);
    expect(triangleMeetsBox(v(-3, -3, 1.5), v(3, -3, 1.5), v(0, 3, 1.5), c, h)).toBe(false);
    // Only a cross-product axis separates: a tilted triangle near the box's edge.
    expect(triangleMeetsBox(v(1.2, 1.2, -5), v(1.2, 1.2, 5), v(3, -0.5, 0), c, h)).toBe(false);
  });
});

describe('meshColumns: boxes inside a closed mesh stretched toward its bottom and top', () => {
  it('a tower standing on the table gives a column from just above the table', () => {
    const o = meshOccluder(positionsOf(new BoxGeometry(2, 2, 3).translate(5, 5, 1.5)), 0);
    const cols = meshColumns(o);
    expect(cols.length).toBeGreaterThan(0);
    const low = Math.min(...cols.map((c) => c.bounds[2]));
    const high = Math.max(...cols.map((c) => c.bounds[5]));
    expect(low).toBeLessThan(1e-5);
    expect(high).toBeGreaterThan(3 - 1e-5);
  });
  it('every point of every column lies in the solid (random frusta, both ways up, and boxes)', () => {
    const rnd = mulberry32(11);
    let points = 0;
    for (let trial = 0; trial < 12; trial++) {
      const g =
        trial % 3 === 2
          ? new BoxGeometry(1 + 2 * rnd(), 1 + 2 * rnd(), 1 + 3 * rnd()).rotateZ(rnd())
          : new CylinderGeometry(0.3 + 1.5 * rnd(), 0.3 + 1.5 * rnd(), 1 + 4 * rnd(), 12).rotateX(Math.PI / 2);
      g.computeBoundingBox();
      g.translate(0, 0, -g.boundingBox!.min.z);
      const o = meshOccluder(positionsOf(g), 0);
      for (const c of meshColumns(o)) {
        const b = c.bounds;
        for (let k = 0; k < 300; k++) {
          const p = [0, 1, 2].map((a) => {
            const r = rnd();
            return r < 0.15 ? b[a] : r < 0.3 ? b[a + 3] : b[a] + (b[a + 3] - b[a]) * rnd();
          });
          expect(occluderContains(o, p[0], p[1], p[2])).toBe(true);
          points++;
        }
      }
    }
    expect(points).toBeGreaterThan(1000);
  });
});
