import { describe, expect, it } from 'vitest';
import { makeWorld, rad } from '../../tests/scenario/geomKit';
import { highestSurfaceUnder, scanSurfaceUnder } from './standing';

/**
 * The level-triangle shortcut of the surface scan (issue 35 item 6, session 40): a flat top's
 * triangle is answered with its height once the footprint's clip polygon surely meets it (its
 * centre or a corner inside the triangle by 1e-6"), else clipped as before. Known answers at a
 * box's edge: a 32 mm base (r = 0.629921") whose clip polygon's corner at angle 0 reaches x + r
 * exactly, so it stands on the 2" wall (x 19.5-20.5, y 15-25) when x + r > 19.5 and on the table
 * otherwise, both on either side of the shortcut's margin (2e-6": the shortcut; 1e-7": the clip).
 */
const R = rad(32);
const w = makeWorld({ terrain: [{ id: 'wall', type: 'area', boxes: [{ center: [20, 20], size: [1, 10, 2] }] }], units: [] });
const base = (x: number, y: number) => ({ x, y, semiMajor: R, semiMinor: R, facingRad: 0 });

describe('the surface under a base at a flat top\'s edge (level triangles)', () => {
  it.each([1e-3, 1e-5, 2e-6, 1e-7])('%s" over the wall\'s west edge: on the wall (2"); %s" short of it: the table', (d) => {
    for (const y of [15.5, 20, 24.5]) {
      expect(scanSurfaceUnder(w.terrain, base(19.5 - R + d, y))).toEqual({ z: 2, featureIndex: 0 });
      expect(highestSurfaceUnder(w.terrain, base(19.5 - R + d, y))).toEqual({ z: 2, featureIndex: 0 });
      expect(scanSurfaceUnder(w.terrain, base(19.5 - R - d, y))).toEqual({ z: 0, featureIndex: -1 });
    }
  });
  it('centre over the top, and a base past the wall\'s north-west corner diagonally (clear of it): 2", then the table', () => {
    expect(scanSurfaceUnder(w.terrain, base(20, 20))).toEqual({ z: 2, featureIndex: 0 });
    // The corner (19.5, 25): a base whose centre is r + 0.01" from it along the diagonal misses it.
    const k = (R + 0.01) / Math.SQRT2;
    expect(scanSurfaceUnder(w.terrain, base(19.5 - k, 25 + k))).toEqual({ z: 0, featureIndex: -1 });
    // r - 0.01" from it: over the corner.
    const j = (R - 0.01) / Math.SQRT2;
    expect(scanSurfaceUnder(w.terrain, base(19.5 - j, 25 + j))).toEqual({ z: 2, featureIndex: 0 });
  });
});
