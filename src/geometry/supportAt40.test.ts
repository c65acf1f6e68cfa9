import { describe, expect, it } from 'vitest';
import { makeWorld, rad } from '../../tests/scenario/geomKit';
import { supportAt, surfaceHeightAt } from './standing';

/**
 * `supportAt` (A-G28: a model stands by itself when the surface at its height covers the base
 * centre and at least half of the footprint) answers open ground without its rays (session 40,
 * issue 35 item 6): a base whose bounds stay clear of every feature's. A 32 mm base (r =
 * 0.629921") beside a box 1" x 10" x 2" at x 19.5-20.5 (y 15-25): clear of it, the answer must be
 * what the rays give (the table everywhere: all supported at z 0, none at 0.5"); 0.1" over the
 * box's edge the rays are asked (a sliver of the base on the box's top: the outer column of the
 * 15 x 15 samples, at 0.93 R from the centre).
 */
const R = rad(32);
const w = makeWorld({ terrain: [{ id: 'wall', type: 'area', boxes: [{ center: [20, 20], size: [1, 10, 2] }] }], units: [] });
const base = (x: number, y: number) => ({ x, y, semiMajor: R, semiMinor: R, facingRad: 0 });

describe('supportAt on open ground (session 40)', () => {
  it('a base 0.01" short of the wall: the table under all of it, as each ray says', () => {
    const f = base(19.5 - R - 0.01, 20);
    // The rays: the table at the centre and at the base's rim nearest the wall.
    expect(surfaceHeightAt(w.terrain, f.x, f.y)).toBe(0);
    expect(surfaceHeightAt(w.terrain, f.x + R * 0.99, f.y)).toBe(0);
    expect(supportAt(w.terrain, f, 0)).toEqual({ fraction: 1, centreSupported: true });
    expect(supportAt(w.terrain, f, 0.5)).toEqual({ fraction: 0, centreSupported: false });
  });
  it('a base 0.1" over the wall\'s edge at the table: the centre on the table, a sliver on the wall (rays asked)', () => {
    const f = base(19.5 - R + 0.1, 20);
    const s = supportAt(w.terrain, f, 0);
    expect(s.centreSupported).toBe(true);
    expect(s.fraction).toBeGreaterThan(0.9);
    expect(s.fraction).toBeLessThan(1);
    const top = supportAt(w.terrain, f, 2);
    expect(top.centreSupported).toBe(false);
    expect(top.fraction).toBeCloseTo(1 - s.fraction, 12);
  });
});
