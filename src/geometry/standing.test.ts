import { describe, expect, it } from 'vitest';
import { makeWorld, rad } from '../../tests/scenario/geomKit';
import { highestSurfaceUnder, hullDistanceSq, planHull, scanSurfaceUnder } from './standing';

/**
 * The highest surface under a base (Core 15.0: the base rests on what is under it), read from the
 * terrain's plan grid (issue 28). A 32 mm base (r = 0.629921"). A box 1" x 10" x 2" at x 19.5-20.5
 * (y 15-25), a low slab 20" x 20" x 0.5" (x 30-50, y 10-30: its top triangles span many grid
 * cells) and a box 1" x 1" x 3" standing on the slab at (40, 20) (top at 3.5").
 */
const R = rad(32);
const world = () =>
  makeWorld({
    terrain: [
      { id: 'wall', type: 'area', boxes: [{ center: [20, 20], size: [1, 10, 2] }] },
      { id: 'slab', type: 'area', boxes: [{ center: [40, 20], size: [20, 20, 0.5] }, { center: [40, 20], size: [1, 1, 3], elevation: 0.5 }] },
    ],
    units: [],
  });
const base = (x: number, y: number) => ({ x, y, semiMajor: R, semiMinor: R, facingRad: 0 });

describe('highestSurfaceUnder', () => {
  const w = world();
  it('a base 0.001" short of the wall stands on the table; 0.001" over its edge, on the wall (2")', () => {
    expect(highestSurfaceUnder(w.terrain, base(19.5 - R - 0.001, 20))).toEqual({ z: 0, featureIndex: -1 });
    expect(highestSurfaceUnder(w.terrain, base(19.5 - R + 0.001, 20))).toEqual({ z: 2, featureIndex: 0 });
  });
  it('on the middle of a slab whose two top triangles span many cells: 0.5"', () => {
    expect(highestSurfaceUnder(w.terrain, base(33, 13))).toEqual({ z: 0.5, featureIndex: 1 });
  });
  it('touching the 3" block on the slab: its top, 3.5"; without the slab feature, the table', () => {
    expect(highestSurfaceUnder(w.terrain, base(40.5 + R - 0.001, 20)).z).toBeCloseTo(3.5, 9);
    expect(highestSurfaceUnder(w.terrain, base(40.5 + R + 0.001, 20)).z).toBeCloseTo(0.5, 9);
    expect(highestSurfaceUnder(w.terrain, base(40, 20), (i) => i !== 1)).toEqual({ z: 0, featureIndex: -1 });
  });
});

describe('planHull and hullDistanceSq (the shortcut for footprints clear of a feature, issue 28)', () => {
  // A 2" x 1" rectangle with points inside it and on its edges (dropped from the hull).
  const hull = planHull([0, 0, 2, 0, 2, 1, 0, 1, 1, 0.5, 1, 0, 0.5, 0.25, 2, 0.5]);
  it('keeps the four corners, counter-clockwise from the lowest-left', () => {
    expect([...hull]).toEqual([0, 0, 2, 0, 2, 1, 0, 1]);
  });
  it('measures 0 inside and on the outline, the squared distance to the nearest edge or corner outside', () => {
    expect(hullDistanceSq(hull, 1, 0.5)).toBe(0);
    expect(hullDistanceSq(hull, 2, 0.3)).toBe(0);
    expect(hullDistanceSq(hull, 1, 3)).toBeCloseTo(4, 12); // 2" above the top edge
    expect(hullDistanceSq(hull, -1, 0.5)).toBeCloseTo(1, 12); // 1" left of the left edge
    expect(hullDistanceSq(hull, 5, 5)).toBeCloseTo(9 + 16, 12); // 3-4-5 from the corner (2, 1)
    expect(hullDistanceSq(null, 0, 0)).toBe(Infinity);
  });
  it('the walls of the test table: clear of the wall by more than the radius, the table; touching it, the scan', () => {
    const w = world();
    // 0.1" clear of the wall (x 19.5): the shortcut answers the table, as the scan does.
    for (const x of [19.5 - R - 0.1, 19.5 - R + 0.001, 20.5 + R + 0.1]) {
      expect(highestSurfaceUnder(w.terrain, base(x, 20))).toEqual(scanSurfaceUnder(w.terrain, base(x, 20)));
    }
    expect(highestSurfaceUnder(w.terrain, base(19.5 - R + 0.001, 20)).z).toBeCloseTo(2, 9);
  });
});
