import { describe, expect, it } from 'vitest';
import { analyseLayout, type ClassLayout, type TerritoryLayout } from '../../src/layout/analyse';
import { modelClass } from '../../src/layout/classes';
import { TargetingRules } from '../../src/layout/obscuring';
import { standingSpots, terrainRules } from '../../src/layout/standingSpots';
import { mmToInches } from '../../src/geometry/units';
import type { World } from '../../src/geometry/world';
import { worldOf } from './worlds';

// LAYOUT.md "By the rules, and graded": targetable, meanSeen, meanTargetable, within, asymmetryTargetable.

const NORTH_SOUTH = (w: number, d: number, depth: number) => ({
  north: [[0, d - depth], [w, d - depth], [w, d], [0, d]],
  south: [[0, 0], [w, 0], [w, depth], [0, depth]],
});
const R_INF = mmToInches(32) / 2;

/** A 16 x 20 table, territories 4" deep, and a 0.5" floor covering the whole north territory. */
const floorTable = (type: 'obscuring' | 'area') => ({
  battlefield: { width: 16, depth: 20 },
  territories: NORTH_SOUTH(16, 20, 4),
  terrain: [{ id: 'floor', type, pieces: [{ shape: 'box', center: [8, 18], size: [16, 4, 0.5] }] }],
});

/** The class's targeting rules on the world at a 1" grid, and the spot at a grid point. */
function spotIndex(w: World, cls: string): { rules: TargetingRules; at: (x: number, y: number) => number } {
  const c = modelClass(cls)!;
  const spots = standingSpots(terrainRules(w), c, 1);
  const rules = new TargetingRules(w, c, spots);
  const at = (px: number, py: number) => {
    for (let i = 0; i < spots.count; i++) if (spots.x[i] === px && spots.y[i] === py) return i;
    throw new Error(`no spot at ${px}, ${py}`);
  };
  return { rules, at };
}

/** Invariants every report must keep, whatever the table. */
function checkInvariants(c: ClassLayout): void {
  for (const t of Object.values(c.territories)) {
    expect(t.targetable).toBeLessThanOrEqual(t.exposure);
    expect(t.meanTargetable).toBeLessThanOrEqual(t.meanSeen + 1e-12);
    expect(t.meanSeen).toBeLessThanOrEqual(t.exposure + 1e-12);
    const ranges = Object.keys(t.within).map(Number).sort((a, b) => a - b);
    expect(ranges.length).toBeGreaterThan(0);
    for (let i = 1; i < ranges.length; i++) expect(t.within[String(ranges[i])]).toBeGreaterThanOrEqual(t.within[String(ranges[i - 1])]);
    expect(t.within[String(ranges[ranges.length - 1])]).toBeLessThanOrEqual(t.targetable);
    let targetable = 0;
    for (const h of t.heatmap) {
      expect(h[4]).toBeLessThanOrEqual(h[3]);
      if (h[4] > 0) targetable++;
      expect(h[5] === null).toBe(h[4] === 0);
    }
    expect(targetable).toBe(t.targetableSpots);
    expect(t.targetable).toBe(t.spots ? targetable / t.spots : 0);
  }
  const ts = Object.values(c.territories).map((t) => t.targetable);
  expect(c.asymmetryTargetable).toBeCloseTo(Math.max(...ts) - Math.min(...ts), 12);
}

describe('layout analysis: targetable by the rules (Terrain 1.2, Obscuring)', () => {
  it('an Obscuring floor covering a whole territory: targetable 0 at threat 0, only the spots within 3" of the threat zone when the threat reaches it', async () => {
    const world = await worldOf(floorTable('obscuring'));
    const r = analyseLayout(world, { grid: 1 });
    const north = r.classes[0].territories.north;
    expect(north.spots).toBeGreaterThan(0);
    // Seen from everywhere (a 0.5" floor blocks no line of sight) but wholly on the Obscuring floor.
    expect(north.exposure).toBe(1);
    expect(north.meanSeen).toBe(1);
    expect(north.targetable).toBe(0);
    expect(north.targetableSpots).toBe(0);
    expect(north.meanTargetable).toBe(0);
    expect(north.within).toEqual({ '12': 0, '18': 0, '24': 0 });
    expect(Object.keys(r.classes[0].territories.south.within)).toEqual(['12', '18', '24']);
    checkInvariants(r.classes[0]);

    // Threat 10: the zone reaches the spots at y = 13 (move 13 - (4 - r) = 9.63"), not y = 14 (10.63").
    // North's rows are y = 17, 18, 19; only y = 17 is within 3" of a zone base (gap 4 - 2r = 2.74").
    const t = analyseLayout(world, { grid: 1, threat: 10 }).classes[0];
    const n10 = t.territories.north;
    expect(n10.exposure).toBe(1);
    const rows = new Set(n10.heatmap.map((h) => h[1]));
    expect([...rows].sort()).toEqual([17, 18, 19]);
    for (const h of n10.heatmap) {
      expect(h[4] > 0).toBe(h[1] === 17);
      if (h[1] === 17) expect(h[5]).toBeCloseTo(4 - 2 * R_INF, 3);
    }
    expect(n10.targetable).toBeCloseTo(1 / 3, 12);
    expect(n10.within['12']).toBeCloseTo(1 / 3, 12);
    checkInvariants(t);
  });

  it('the same piece as plain area terrain: targetable equals exposure, spot by spot', async () => {
    const world = await worldOf(floorTable('area'));
    for (const threat of [0, 10]) {
      const c = analyseLayout(world, { grid: 1, threat }).classes[0];
      for (const t of Object.values(c.territories)) {
        expect(t.targetable).toBe(t.exposure);
        expect(t.meanTargetable).toBe(t.meanSeen);
        for (const h of t.heatmap) expect(h[4]).toBe(h[3]);
      }
      expect(c.asymmetryTargetable).toBe(c.asymmetry);
      checkInvariants(c);
    }
  });

  it('behind (Terrain 1.1, plan view): every line between the bases must cross the feature beyond the shooter\'s combat range', async () => {
    // A low (0.5") Obscuring block in the middle of a 20 x 20 table: it hides nothing, but protects.
    const block = async (width: number, y: number, depth: number) =>
      worldOf({
        battlefield: { width: 20, depth: 20 },
        territories: NORTH_SOUTH(20, 20, 4),
        terrain: [{ id: 'block', type: 'obscuring', pieces: [{ shape: 'box', center: [10, y], size: [width, depth, 0.5] }] }],
      });
    // 1.4" wide: both outer tangents (0.63" either side of the line of fire) cross it: behind.
    let w = await block(1.4, 10, 1);
    let { rules, at } = spotIndex(w, 'infantry');
    expect(rules.protector(at(10, 2), at(10, 18))).toBe(0);
    expect(rules.protector(at(10, 18), at(10, 2))).toBe(0);
    // A shooter off to the side draws a line past it.
    expect(rules.protector(at(14, 2), at(10, 18))).toBe(-1);
    // 1.0" wide: the tangent lines pass beside it (0.5" < 0.63"): not behind.
    w = await block(1.0, 10, 1);
    ({ rules, at } = spotIndex(w, 'infantry'));
    expect(rules.protector(at(10, 2), at(10, 18))).toBe(-1);
    // A full-width band 1.5" to 2" in front of the shooter: every line crosses it, but within 3" of
    // the shooter's base (ignored, Terrain 1.1): not behind. Target 5" away (gap 3.74" > 3").
    w = await block(20, 6.5, 1);
    ({ rules, at } = spotIndex(w, 'infantry'));
    expect(rules.gap(at(10, 5), at(10, 10))).toBeCloseTo(5 - 2 * R_INF, 9);
    expect(rules.protector(at(10, 5), at(10, 10))).toBe(-1);
    // The band at 3.5" to 4" in front: every line leaves it 4" - 0.63" = 3.37" from the base: behind.
    w = await block(20, 8.75, 0.5);
    ({ rules, at } = spotIndex(w, 'infantry'));
    expect(rules.protector(at(10, 5), at(10, 10))).toBe(0);
    // (A target within 3" of the shooter is never behind: the closest points' segment lies in the
    // combat range, INVENTORY G18.2; 004's exception matters for "wholly on": the floor test.)
    // Cavalry (60 x 35 mm ovals along x) shooting along y: the tangent points are 30 mm to either side.
    // 30 mm = 1.18": a block 2.5" wide protects, 2.2" wide does not.
    w = await block(2.5, 10, 1);
    ({ rules, at } = spotIndex(w, 'cavalry'));
    expect(rules.protector(at(10, 2), at(10, 18))).toBe(0);
    w = await block(2.2, 10, 1);
    ({ rules, at } = spotIndex(w, 'cavalry'));
    expect(rules.protector(at(10, 2), at(10, 18))).toBe(-1);
    // Shooting along x, the tangent points are 17.5 mm = 0.69" to either side: a block 1.6" deep protects.
    w = await worldOf({ battlefield: { width: 20, depth: 20 }, territories: NORTH_SOUTH(20, 20, 4), terrain: [{ id: 'block', type: 'obscuring', pieces: [{ shape: 'box', center: [10, 10], size: [1, 1.6, 0.5] }] }] });
    ({ rules, at } = spotIndex(w, 'cavalry'));
    expect(rules.protector(at(3, 10), at(17, 10))).toBe(0);
    w = await block(2.2, 10, 1);
    ({ rules, at } = spotIndex(w, 'monster'));
    // Monster: 100 mm bases (1.97" radius) are wider than the block: a line passes beside it.
    expect(rules.protector(at(10, 3), at(10, 17))).toBe(-1);
  });

  it('a full-width low Obscuring wall: everything seen, nothing targetable beyond 3"; within grows with the range', async () => {
    const world = await worldOf({
      battlefield: { width: 24, depth: 30 },
      territories: NORTH_SOUTH(24, 30, 4),
      terrain: [{ id: 'wall', type: 'obscuring', pieces: [{ shape: 'box', center: [12, 15], size: [24, 0.5, 0.5] }] }],
    });
    const c = analyseLayout(world, { grid: 2, classes: ['infantry', 'monster'] });
    for (const k of c.classes) {
      for (const t of Object.values(k.territories)) {
        expect(t.exposure).toBe(1);
        expect(t.targetable).toBe(0);
      }
      checkInvariants(k);
    }
    // Without the wall: targetable everywhere. At a 1" grid south's front row is y = 3, north's rows
    // are y = 27, 28, 29: plan gaps 24 - 2r = 22.74", 23.74", 24.74" (r = 16 mm).
    const empty = await worldOf({ battlefield: { width: 24, depth: 30 }, territories: NORTH_SOUTH(24, 30, 4) });
    const open = analyseLayout(empty, { grid: 1, ranges: [20, 23, 24, 25] }).classes[0];
    const n = open.territories.north;
    expect(n.targetable).toBe(1);
    expect(n.within).toEqual({ '20': 0, '23': 1 / 3, '24': 2 / 3, '25': 1 });
    for (const h of n.heatmap) expect(h[5]).toBeCloseTo(h[1] - 3 - 2 * R_INF, 3);
    const dflt = analyseLayout(empty, { grid: 1 }).classes[0].territories.north.within;
    expect(dflt).toEqual({ '12': 0, '18': 0, '24': 2 / 3 });
    checkInvariants(open);
  });

  it('targetable <= exposure and within grows with the range on random tables', async () => {
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let k = 0; k < 6; k++) {
      const terrain = Array.from({ length: 5 }, (_, i) => {
        const type = (['obscuring', 'area', 'obstacle'] as const)[i % 3];
        return rnd() < 0.5
          ? { id: `t${i}`, type, pieces: [{ shape: 'box', center: [2 + rnd() * 20, 6 + rnd() * 12], size: [0.5 + rnd() * 5, 0.5 + rnd() * 5, 0.3 + rnd() * 4], rotation: rnd() * 90 }] }
          : { id: `t${i}`, type, pieces: [{ shape: 'cylinder', center: [2 + rnd() * 20, 6 + rnd() * 12], radius: 0.4 + rnd() * 2, height: 0.3 + rnd() * 4 }] };
      });
      const world = await worldOf({ battlefield: { width: 24, depth: 24 }, territories: NORTH_SOUTH(24, 24, 5), terrain });
      const r = analyseLayout(world, { grid: 2, classes: ['infantry', 'cavalry'], threat: k % 2 ? 4 : 0 });
      for (const c of r.classes) checkInvariants(c);
    }
  });

  const symmetric = {
    battlefield: { width: 20, depth: 16 },
    territories: NORTH_SOUTH(20, 16, 4),
    terrain: [
      { id: 'a', type: 'obscuring', pieces: [{ shape: 'box', center: [5, 5.5], size: [10, 0.5, 0.8] }] },
      { id: 'b', type: 'obscuring', pieces: [{ shape: 'box', center: [15, 10.5], size: [10, 0.5, 0.8] }] },
      { id: 'c', type: 'obscuring', pieces: [{ shape: 'cylinder', center: [3, 9], radius: 1.2, height: 4 }] },
      { id: 'd', type: 'obscuring', pieces: [{ shape: 'cylinder', center: [17, 7], radius: 1.2, height: 4 }] },
      { id: 'e', type: 'area', pieces: [{ shape: 'box', center: [10, 8], size: [2, 2, 3] }] },
    ],
  };
  const mirrored = {
    battlefield: { width: 20, depth: 16 },
    territories: NORTH_SOUTH(20, 16, 4),
    terrain: [
      { id: 'a', type: 'obscuring', pieces: [{ shape: 'box', center: [6, 5.5], size: [6, 0.5, 0.8] }] },
      { id: 'b', type: 'obscuring', pieces: [{ shape: 'box', center: [6, 10.5], size: [6, 0.5, 0.8] }] },
      { id: 'c', type: 'obscuring', pieces: [{ shape: 'cylinder', center: [14, 8], radius: 1.5, height: 4 }] },
    ],
  };
  const close = (a: TerritoryLayout, b: TerritoryLayout) => {
    // Within one spot (LAYOUT.md guarantee), for every new measure.
    const one = 1 / a.spots + 1e-12;
    expect(a.spots).toBe(b.spots);
    expect(Math.abs(a.targetable - b.targetable)).toBeLessThanOrEqual(one);
    expect(Math.abs(a.meanSeen - b.meanSeen)).toBeLessThanOrEqual(one);
    expect(Math.abs(a.meanTargetable - b.meanTargetable)).toBeLessThanOrEqual(one);
    for (const k of Object.keys(a.within)) expect(Math.abs(a.within[k] - b.within[k])).toBeLessThanOrEqual(one);
  };

  it('symmetric layouts (a half turn, a mirror) give both territories the same graded answers; swapping them swaps the answers', async () => {
    for (const [layout, classes] of [[symmetric, ['infantry', 'cavalry']], [mirrored, ['infantry', 'cavalry', 'monster']]] as const) {
      const r = analyseLayout(await worldOf(layout), { grid: 1, classes: [...classes] });
      for (const c of r.classes) {
        const n = c.territories.north;
        const s = c.territories.south;
        close(n, s);
        expect(c.asymmetryTargetable).toBeLessThanOrEqual(1 / n.spots + 1e-12);
        checkInvariants(c);
      }
      // The table protects somewhere: the measures are not all saturated.
      expect(r.classes[0].territories.north.meanTargetable).toBeLessThan(r.classes[0].territories.north.meanSeen);
      const swapped = analyseLayout(await worldOf({ ...layout, territories: { north: layout.territories.south, south: layout.territories.north } }), { grid: 1, classes: [classes[0]] });
      const a = swapped.classes[0].territories.north;
      const b = r.classes[0].territories.south;
      expect(a.targetable).toBe(b.targetable);
      expect(a.meanTargetable).toBe(b.meanTargetable);
      expect(a.within).toEqual(b.within);
      expect(a.heatmap).toEqual(b.heatmap);
    }
  });
});

describe('the proof for a spot (issue 29, item 7)', () => {
  it('names the shooters that target it, the best witness, and the Obscuring feature that protects it from the others; agrees with the heatmap', async () => {
    const { spotProof } = await import('../../src/layout/spotProof');
    const { segmentHitsOccluder } = await import('../../src/geometry/occluders');
    const world = await worldOf({
      battlefield: { width: 20, depth: 20 },
      territories: NORTH_SOUTH(20, 20, 4),
      terrain: [{ id: 'block', type: 'obscuring', pieces: [{ shape: 'box', center: [10, 10], size: [1.4, 1, 0.5] }] }],
    });
    const report = analyseLayout(world, { grid: 1 }).classes[0];
    const north = report.territories.north;
    const proof = spotProof(world, 'north', 10.2, 17.9, { grid: 1 });
    if ('problems' in proof) throw new Error(proof.problems.join('; '));
    expect(proof.spot).toEqual([10, 18, 0]);
    const heat = north.heatmap.find((h) => h[0] === 10 && h[1] === 18)!;
    expect(proof.seeing / proof.threatZoneSpots).toBeCloseTo(heat[3], 3);
    expect(proof.targeting.length / proof.threatZoneSpots).toBeCloseTo(heat[4], 3);
    expect(proof.targeting[0][3]).toBe(heat[5]);
    // The 0.5" block hides nothing: every shooter sees it; those straight behind the block cannot target it.
    expect(proof.seeing).toBe(proof.threatZoneSpots);
    expect(proof.protectors).toEqual([{ featureId: 'block', reason: 'behind', shooters: proof.seeing - proof.targeting.length }]);
    expect(proof.protectedFrom.some(([x, y]) => x === 10 && y === 2)).toBe(true);
    expect(proof.protectedFrom.some(([x]) => x === 14)).toBe(false);
    expect(proof.targeting.some(([x, y]) => x === 14 && y === 2)).toBe(true);
    // The best witness starts in the nearest targeting model's volume, ends in the spot's, and touches no terrain.
    const best = proof.best!;
    expect(best.gapInches).toBe(proof.targeting[0][3]);
    const [a, b] = best.witness!;
    expect(Math.hypot(a[0] - best.from[0], a[1] - best.from[1])).toBeLessThanOrEqual(R_INF + 0.001);
    expect(Math.hypot(b[0] - 10, b[1] - 18)).toBeLessThanOrEqual(R_INF + 0.001);
    for (const o of world.terrain.occluders) expect(segmentHitsOccluder(o, a[0], a[1], a[2], b[0], b[1], b[2])).toBe(false);

    // Wholly on an Obscuring floor: nothing targets it, the floor protects it from every shooter.
    const floor = await worldOf(floorTable('obscuring'));
    const p = spotProof(floor, 'north', 8, 18, { grid: 1 });
    if ('problems' in p) throw new Error(p.problems.join('; '));
    expect(p.targeting).toEqual([]);
    expect(p.best).toBeNull();
    expect(p.protectors).toEqual([{ featureId: 'floor', reason: 'wholly on', shooters: p.threatZoneSpots }]);
    // Bad requests are problems, not throws.
    const bad = spotProof(floor, 'east', 8, 18);
    expect('problems' in bad && bad.problems[0]).toMatch(/unknown territory "east"/);
    const off = spotProof(floor, 'north', 8, 10);
    expect('problems' in off && off.problems[0]).toMatch(/no standing spot/);
  });
});
