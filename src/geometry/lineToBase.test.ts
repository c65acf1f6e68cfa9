import { describe, expect, it } from 'vitest';
import { circleFootprint, footprintFromBase } from './footprint';
import { lineToBase } from './lineToBase';

/**
 * Sunder the Earth's line (INVENTORY A-G26), hand-computed. The WIZARD on a 40 mm base (r =
 * 0.787402") at (10, 10); the point 18" east of the base's edge: (28.787402, 10). The line runs
 * along y = 10 from x = 10.787402 to 28.787402.
 */
const R40 = 20 / 25.4;
const wizard = circleFootprint(10, 10, R40);
const P: [number, number] = [10 + R40 + 18, 10];

describe('lineToBase (Sunder the Earth, A-G26)', () => {
  it('the far end is the closest point of the base; the distance is 18"', () => {
    const r = lineToBase(P, [wizard], []);
    expect(r.end[0]).toBeCloseTo(10 + R40, 9);
    expect(r.end[1]).toBeCloseTo(10, 9);
    expect(r.distanceInches).toBeCloseTo(18, 9);
  });

  it('a 32 mm base (r = 0.629921") centred 0.6" off the line is crossed; 0.7" off is not; one beyond the point is not', () => {
    const r32 = 16 / 25.4;
    const others = [circleFootprint(20, 10.6, r32), circleFootprint(22, 9.3, r32), circleFootprint(29.5, 10, r32), circleFootprint(15, 10, r32)];
    // 0.6 < 0.629921: crossed; 0.7 > 0.629921: missed; the third is 0.712598" beyond the point (29.5 - 0.629921 = 28.870079 > 28.787402); the fourth sits on the line.
    expect(lineToBase(P, [wizard], others).crossed).toEqual([0, 3]);
  });

  it('an oval 60x35 mm base across the line (long axis along y) is crossed when its tip reaches it: centre 1.15" off, a = 1.181102"', () => {
    const near = footprintFromBase({ oval: [60, 35] }, [20, 11.15], 90);
    const far = footprintFromBase({ oval: [60, 35] }, [24, 11.2], 90);
    expect(lineToBase(P, [wizard], [near, far]).crossed).toEqual([0]);
  });

  it('a multi-model unit: the line goes to the closest base of all; a point on a base has distance 0', () => {
    const second = circleFootprint(12, 10, R40);
    const r = lineToBase(P, [wizard, second], []);
    expect(r.end[0]).toBeCloseTo(12 + R40, 9);
    expect(r.distanceInches).toBeCloseTo(16, 9);
    expect(lineToBase([10.5, 10], [wizard], []).distanceInches).toBe(0);
    expect(() => lineToBase(P, [], [])).toThrow(/no base/);
  });
});
