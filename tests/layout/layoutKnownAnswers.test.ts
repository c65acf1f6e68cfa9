import { describe, expect, it } from 'vitest';
import { analyseLayout, type LayoutReport } from '../../src/layout/analyse';
import { classFootprint, modelClass } from '../../src/layout/classes';
import { mmToInches } from '../../src/geometry/units';
import { worldOf } from './worlds';

const NORTH_SOUTH = (w: number, d: number, depth: number) => ({
  north: [[0, d - depth], [w, d - depth], [w, d], [0, d]],
  south: [[0, 0], [w, 0], [w, depth], [0, depth]],
});

describe('layout analysis: known answers', () => {
  it('an empty table is seen everywhere (exposure 1, nothing to hide in)', async () => {
    const world = await worldOf({ battlefield: { width: 16, depth: 12 }, territories: NORTH_SOUTH(16, 12, 3) });
    const r = analyseLayout(world, { grid: 2 });
    for (const t of Object.values(r.classes[0].territories)) {
      expect(t.spots).toBeGreaterThan(0);
      expect(t.exposure).toBe(1);
      expect(t.hidingCapacity).toBe(0);
      for (const h of t.heatmap) expect(h[3]).toBe(1);
    }
    expect(r.classes[0].asymmetry).toBe(0);
  });

  it('a full-width wall taller than the models hides everything (exposure 0)', async () => {
    const world = await worldOf({
      battlefield: { width: 16, depth: 12 },
      territories: NORTH_SOUTH(16, 12, 5),
      terrain: [{ id: 'wall', type: 'obscuring', pieces: [{ shape: 'box', center: [8, 6], size: [16, 1, 6] }] }],
    });
    const r = analyseLayout(world, { grid: 2, classes: ['infantry', 'monster'] });
    for (const c of r.classes) {
      for (const t of Object.values(c.territories)) {
        expect(t.spots).toBeGreaterThan(0);
        expect(t.exposure).toBe(0);
        expect(t.hidingCapacity).toBeGreaterThan(0);
        expect(t.fireLanes.lines).toBe(0);
      }
    }
  });

  it('counts standing spots by hand on a simple table', async () => {
    // 12 x 8, territories 12 x 3 at each end, grid 1, infantry (32 mm: radius 0.63").
    const world = await worldOf({ battlefield: { width: 12, depth: 8 }, territories: NORTH_SOUTH(12, 8, 3) });
    const r = analyseLayout(world, { grid: 1 });
    const rad = mmToInches(32) / 2;
    // Wholly within the south territory [0, 12] x [0, 3]: x in [rad, 12 - rad], y in [rad, 3 - rad] on whole inches.
    const xs = Math.floor(12 - rad) - Math.ceil(rad) + 1;
    const ys = Math.floor(3 - rad) - Math.ceil(rad) + 1;
    expect(r.classes[0].territories.south.spots).toBe(xs * ys);
    expect(r.classes[0].territories.north.spots).toBe(xs * ys);
    // A block in the south territory removes the spots whose base would overlap it (it stands on top if wholly on it).
    const blocked = await worldOf({
      battlefield: { width: 12, depth: 8 },
      territories: NORTH_SOUTH(12, 8, 3),
      terrain: [{ id: 'block', type: 'obstacle', abilities: ['impassable'], pieces: [{ shape: 'box', center: [6, 1.5], size: [2, 3, 2] }] }],
    });
    const rb = analyseLayout(blocked, { grid: 1 });
    // Impassable: bases overlapping x in (5, 7) are excluded: centres with |x - 6| < 1 + rad.
    let lost = 0;
    for (let x = Math.ceil(rad); x <= Math.floor(12 - rad); x++) if (Math.abs(x - 6) < 1 + rad) lost++;
    expect(rb.classes[0].territories.south.spots).toBe((xs - lost) * ys);
  });

  it('objective reach on an empty table equals the hand-computed distance', async () => {
    const world = await worldOf({
      battlefield: { width: 20, depth: 30 },
      territories: NORTH_SOUTH(20, 30, 6),
      objectives: [{ id: 'mid', position: [10, 15], diameterMm: 40 }],
    });
    for (const id of ['infantry', 'monster']) {
      const r = analyseLayout(world, { grid: 1, classes: [id] });
      const f = classFootprint(modelClass(id)!, 0, 0);
      // Wholly within the south territory: centre y <= 6 - radius; contesting: centre within 3" + radius + marker radius of (10, 15).
      const expected = 15 - (3 + f.semiMajor + mmToInches(40) / 2) - (6 - f.semiMajor);
      expect(r.classes[0].objectives.mid.south.reach).toBeCloseTo(expected, 3);
      expect(r.classes[0].objectives.mid.north.reach).toBeCloseTo(expected, 3);
      expect(r.classes[0].objectives.mid.south.exposed).toBe(1);
    }
  });

  const symmetric = {
    battlefield: { width: 20, depth: 16 },
    territories: NORTH_SOUTH(20, 16, 4),
    terrain: [
      { id: 'a', type: 'obscuring', pieces: [{ shape: 'box', center: [5, 5.5], size: [10, 0.5, 4] }] },
      { id: 'b', type: 'obscuring', pieces: [{ shape: 'box', center: [15, 10.5], size: [10, 0.5, 4] }] },
      { id: 'c', type: 'obscuring', pieces: [{ shape: 'cylinder', center: [3, 13], radius: 1, height: 4 }] },
      { id: 'd', type: 'obscuring', pieces: [{ shape: 'cylinder', center: [17, 3], radius: 1, height: 4 }] },
    ],
    objectives: [{ id: 'o', position: [10, 8], diameterMm: 40 }],
  };

  it('a point-symmetric layout gives both territories the same exposure; swapping the territories swaps the answers', async () => {
    const r = analyseLayout(await worldOf(symmetric), { grid: 1 });
    const c = r.classes[0];
    const n = c.territories.north;
    const s = c.territories.south;
    expect(n.spots).toBe(s.spots);
    expect(Math.abs(n.exposedSpots - s.exposedSpots)).toBeLessThanOrEqual(1);
    expect(n.exposure).toBeLessThan(1);
    expect(n.exposure).toBeGreaterThan(0);
    const swapped = analyseLayout(await worldOf({ ...symmetric, territories: { north: symmetric.territories.south, south: symmetric.territories.north } }), { grid: 1 });
    const cs = swapped.classes[0];
    expect(cs.territories.north.exposure).toBe(s.exposure);
    expect(cs.territories.south.exposure).toBe(n.exposure);
    expect(cs.territories.north.heatmap).toEqual(s.heatmap);
    expect(cs.objectives.o.north).toEqual(c.objectives.o.south);
  });

  it('a larger threat distance never lowers exposure', async () => {
    const world = await worldOf(symmetric);
    let last: LayoutReport | null = null;
    for (const threat of [0, 2, 5, 9]) {
      const r = analyseLayout(world, { grid: 2, threat });
      if (last) {
        for (const name of ['north', 'south']) {
          expect(r.classes[0].territories[name].exposure).toBeGreaterThanOrEqual(last.classes[0].territories[name].exposure);
          expect(r.classes[0].territories[name].threatZoneSpots).toBeGreaterThanOrEqual(last.classes[0].territories[name].threatZoneSpots);
        }
      }
      last = r;
    }
  });
});
