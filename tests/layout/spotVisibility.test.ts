import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modelVisible } from '../../src/geometry/visibility';
import { prismSurfaceSamples } from '../../src/geometry/volumeSamples';
import { World } from '../../src/geometry/world';
import { classFootprint, classVolumeHeight, modelClass } from '../../src/layout/classes';
import { relateSpots, SpotSamples } from '../../src/layout/spotVisibility';
import { standingSpots, terrainRules } from '../../src/layout/standingSpots';
import { footprintInsidePolygon } from '../../src/geometry/polygon';
import { loadScenarioFile } from '../../src/scenario/loadNode';
import { worldOf } from './worlds';

/** A random small layout: 1 to 4 boxes and cylinders of random size, height and turn on a 12 x 10 table. */
const piece = fc.oneof(
  fc.record({
    shape: fc.constant('box'),
    center: fc.tuple(fc.double({ min: 1, max: 11, noNaN: true }), fc.double({ min: 2, max: 8, noNaN: true })),
    size: fc.tuple(fc.double({ min: 0.3, max: 5, noNaN: true }), fc.double({ min: 0.3, max: 3, noNaN: true }), fc.double({ min: 0.5, max: 4, noNaN: true })),
    rotation: fc.double({ min: 0, max: 180, noNaN: true }),
  }),
  fc.record({
    shape: fc.constant('cylinder'),
    center: fc.tuple(fc.double({ min: 1, max: 11, noNaN: true }), fc.double({ min: 2, max: 8, noNaN: true })),
    radius: fc.double({ min: 0.2, max: 1.5, noNaN: true }),
    height: fc.double({ min: 0.5, max: 4, noNaN: true }),
  }),
);
const layout = fc.array(piece, { minLength: 1, maxLength: 4 });

async function randomWorld(pieces: object[]): Promise<World> {
  return worldOf({
    battlefield: { width: 12, depth: 10 },
    terrain: pieces.map((p, i) => ({ id: `t${i}`, type: 'obscuring', pieces: [p] })),
    territories: { north: [[0, 6], [12, 6], [12, 10], [0, 10]], south: [[0, 0], [12, 0], [12, 4], [0, 4]] },
  });
}

/** Spots of the lower and upper halves of the table at a 2" grid. */
function halves(world: World, classId: string) {
  const cls = modelClass(classId)!;
  const spots = standingSpots(terrainRules(world), cls, 2);
  const low: number[] = [];
  const high: number[] = [];
  for (let i = 0; i < spots.count; i++) (spots.y[i] < 5 ? low : high).push(i);
  return { cls, spots, low: Int32Array.from(low), high: Int32Array.from(high) };
}

describe('spot visibility (terrain only)', () => {
  it('samples each spot exactly as World samples a model there, bit for bit (on the table and on a floor, caps kept or not)', async () => {
    // A floor 1" high: spots on it stand at z = 1, the others at z = 0; two elevations, two classes.
    const world = await worldOf({
      battlefield: { width: 12, depth: 10 },
      terrain: [{ id: 'floor', type: 'obstacle', pieces: [{ shape: 'box', center: [8.5, 5], size: [5, 6, 1] }] }],
      territories: { north: [[0, 6], [12, 6], [12, 10], [0, 10]], south: [[0, 0], [12, 0], [12, 4], [0, 4]] },
    });
    for (const classId of ['infantry', 'cavalry']) {
      const cls = modelClass(classId)!;
      const spots = standingSpots(terrainRules(world), cls, 1);
      const samples = new SpotSamples(spots, cls);
      const elevations = new Set<number>();
      for (let i = 0; i < spots.count; i++) {
        elevations.add(spots.z[i]);
        const direct = prismSurfaceSamples({ footprint: classFootprint(cls, spots.x[i], spots.y[i]), zMin: spots.z[i], zMax: spots.z[i] + classVolumeHeight(cls) }, 0.25);
        for (const [keepTop, keepBottom] of [[false, false], [true, false], [true, true]] as const) {
          const t = samples.tree(i, keepTop, keepBottom);
          // The kept samples, in prismSurfaceSamples order (side, then top cap, then bottom cap), read through pointOfSample.
          // Every coordinate is compared as toBe does (Object.is); the mismatches are collected and
          // asserted empty once per tree (one expect per coordinate cost most of this file's CPU).
          const pointMismatches: string[] = [];
          let k = 0;
          for (let q = 0; q < direct.points.length / 3; q++) {
            const nz = direct.normals[3 * q + 2];
            if (nz > 0.5 ? !keepTop : nz < -0.5 ? !keepBottom : false) continue;
            const p = t.pointOfSample[k++];
            for (let c = 0; c < 3; c++) if (!Object.is(t.tree.points[3 * p + c], direct.points[3 * q + c])) pointMismatches.push(`spot ${i} sample ${q} axis ${c}: ${t.tree.points[3 * p + c]} != ${direct.points[3 * q + c]}`);
          }
          expect(pointMismatches).toEqual([]);
          expect(k).toBe(t.pointOfSample.length);
          // Node bounds are exactly the points' extremes.
          const { bounds, start, end, points } = t.tree;
          const loMismatches: string[] = [];
          const hiMismatches: string[] = [];
          for (let n = 0; n < start.length; n++) {
            for (let c = 0; c < 3; c++) {
              let lo = Infinity;
              let hi = -Infinity;
              for (let j = start[n]; j < end[n]; j++) {
                lo = Math.min(lo, points[3 * j + c]);
                hi = Math.max(hi, points[3 * j + c]);
              }
              if (!Object.is(bounds[6 * n + c], lo)) loMismatches.push(`spot ${i} node ${n} axis ${c}: low ${bounds[6 * n + c]} != ${lo}`);
              if (!Object.is(bounds[6 * n + 3 + c], hi)) hiMismatches.push(`spot ${i} node ${n} axis ${c}: high ${bounds[6 * n + 3 + c]} != ${hi}`);
            }
          }
          expect(loMismatches).toEqual([]);
          expect(hiMismatches).toEqual([]);
        }
      }
      expect([...elevations].sort()).toEqual([0, 1]);
    }
  });

  it('fast equals exhaustive on random layouts, every spot pair', async () => {
    await fc.assert(
      fc.asyncProperty(layout, fc.constantFrom('infantry', 'cavalry'), async (pieces, classId) => {
        const world = await randomWorld(pieces);
        const { cls, spots, low, high } = halves(world, classId);
        const samples = new SpotSamples(spots, cls);
        const fast = relateSpots(samples, world.terrain.occluders, low, high);
        const exhaustive = relateSpots(samples, world.terrain.occluders, low, high, { mode: 'exhaustive' });
        expect(fast.seen).toEqual(exhaustive.seen);
        expect(fast.rowSeen).toEqual(exhaustive.rowSeen);
        const rowsOnly = relateSpots(samples, world.terrain.occluders, low, high, { form: 'rows' });
        expect(rowsOnly.rowSeen).toEqual(fast.rowSeen);
      }),
      { numRuns: 200, seed: 19 },
    );
  }, 240_000);

  it("fast equals exhaustive behind the default battlefield's archive tower (two stacked closed meshes, the upper with windows, and an open roof): cavalry, every pair and the rows form", async () => {
    const loaded = await loadScenarioFile('assets/scenarios/default.json');
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    const world = loaded.world;
    const cls = modelClass('cavalry')!;
    const spots = standingSpots(terrainRules(world), cls, 1);
    const f = classFootprint(cls, 0, 0);
    const inside = (name: string) => [...Array(spots.count).keys()].filter((i) => ((f.x = spots.x[i]), (f.y = spots.y[i]), footprintInsidePolygon(f, world.territories[name])));
    // The tower stands at (24, 31), just south of the north territory: the north spots nearest it
    // against the 200 south spots nearest it.
    const near = (list: number[], k: number) => Int32Array.from(list.sort((a, b) => Math.hypot(spots.x[a] - 24, spots.y[a] - 31) - Math.hypot(spots.x[b] - 24, spots.y[b] - 31)).slice(0, k));
    const rows = near(inside('north'), 4);
    const cols = near(inside('south'), 200);
    const samples = new SpotSamples(spots, cls);
    const fast = relateSpots(samples, world.terrain.occluders, rows, cols);
    const exhaustive = relateSpots(samples, world.terrain.occluders, rows, cols, { mode: 'exhaustive' });
    expect(fast.seen).toEqual(exhaustive.seen);
    // Both answers occur: the tower hides some south spots from each of these, not all.
    const seen = fast.seen.reduce((a, b) => a + b, 0);
    expect(seen).toBeGreaterThan(100);
    expect(seen).toBeLessThan(fast.seen.length - 100);
    expect(relateSpots(samples, world.terrain.occluders, cols, rows, { form: 'rows' }).rowSeen).toEqual(relateSpots(samples, world.terrain.occluders, cols, rows, { form: 'rows', mode: 'exhaustive' }).rowSeen);
  }, 240_000); // a hang watchdog: 19 s in a loaded CI run, over 60 s at load 16-27 beside the other shared-module files

  it('fast equals exhaustive on random stacked and joined walls (a wall on a floor, walls meeting end to end), every spot pair', async () => {
    // Features of two pieces turned alike: a low floor with a wall standing on it, or two walls in a
    // line or an L, so stacked boxes and chained plan proofs are exercised.
    const feature = fc.record({
      kind: fc.constantFrom('floor', 'line', 'L'),
      x: fc.double({ min: 2, max: 10, noNaN: true }),
      y: fc.double({ min: 3, max: 7, noNaN: true }),
      len: fc.double({ min: 1, max: 5, noNaN: true }),
      h: fc.double({ min: 0.8, max: 3, noNaN: true }),
      floorH: fc.double({ min: 0.2, max: 1.2, noNaN: true }),
      rot: fc.constantFrom(0, 15, 90, 137.5),
      shift: fc.double({ min: -1, max: 1, noNaN: true }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(feature, { minLength: 1, maxLength: 2 }), fc.constantFrom('infantry', 'cavalry'), async (features, classId) => {
        const terrain = features.map((f, i) => {
          const r = (f.rot * Math.PI) / 180;
          const at = (u: number, v: number) => [f.x + Math.cos(r) * u - Math.sin(r) * v, f.y + Math.sin(r) * u + Math.cos(r) * v];
          const pieces =
            f.kind === 'floor'
              ? [
                  { shape: 'box', center: at(0, 0), size: [f.len, 2, f.floorH], rotation: f.rot },
                  { shape: 'box', center: at(f.shift * (f.len / 4), -0.75), size: [f.len / 2, 0.5, f.h], rotation: f.rot, elevation: f.floorH },
                ]
              : f.kind === 'line'
                ? [
                    { shape: 'box', center: at(-f.len / 2 + 0.25, 0), size: [f.len, 0.5, f.h], rotation: f.rot },
                    { shape: 'box', center: at(f.len / 2 - 0.25, 0), size: [f.len, 0.5, f.h * 0.8], rotation: f.rot },
                  ]
                : [
                    { shape: 'box', center: at(0, 0), size: [f.len, 0.5, f.h], rotation: f.rot },
                    { shape: 'box', center: at(-f.len / 2 + 0.25, -1.25 - 0.25), size: [0.5, 2.5, f.h * 0.7], rotation: f.rot },
                  ];
          return { id: `t${i}`, type: 'obstacle', pieces };
        });
        const world = await worldOf({
          battlefield: { width: 12, depth: 10 },
          terrain,
          territories: { north: [[0, 6], [12, 6], [12, 10], [0, 10]], south: [[0, 0], [12, 0], [12, 4], [0, 4]] },
        });
        const { cls, spots, low, high } = halves(world, classId);
        const samples = new SpotSamples(spots, cls);
        const fast = relateSpots(samples, world.terrain.occluders, low, high);
        const exhaustive = relateSpots(samples, world.terrain.occluders, low, high, { mode: 'exhaustive' });
        expect(fast.seen).toEqual(exhaustive.seen);
      }),
      { numRuns: 80, seed: 23 },
    );
  }, 240_000);

  it('every pair `visible` sees (two models, terrain only) is seen here too', async () => {
    await fc.assert(
      fc.asyncProperty(layout, async (pieces) => {
        const world = await randomWorld(pieces);
        const { cls, spots, low, high } = halves(world, 'infantry');
        const rel = relateSpots(new SpotSamples(spots, cls), world.terrain.occluders, low, high);
        // A world with only the terrain and two one-model units, moved to every pair.
        const probe = new World({ widthInches: 12, depthInches: 10, terrain: [], objectives: [], territories: {}, units: [], models: [] }, world.terrain);
        probe.units.set('a', { id: 'a', army: 'a', keywords: [], coherencyRangeInches: 0.5, modelIds: [] });
        probe.units.set('b', { id: 'b', army: 'b', keywords: [], coherencyRangeInches: 0.5, modelIds: [] });
        for (let r = 0; r < low.length; r++) {
          for (let c = 0; c < high.length; c++) {
            const i = low[r];
            const j = high[c];
            probe.setModel({ id: 'ma', unitId: 'a', footprint: classFootprint(cls, spots.x[i], spots.y[i]), elevation: spots.z[i], heightInches: cls.heightInches, baseThicknessInches: cls.baseThicknessInches });
            probe.setModel({ id: 'mb', unitId: 'b', footprint: classFootprint(cls, spots.x[j], spots.y[j]), elevation: spots.z[j], heightInches: cls.heightInches, baseThicknessInches: cls.baseThicknessInches });
            if (modelVisible(probe, 'ma', 'mb').visible) expect(rel.seen[r * high.length + c]).toBe(1);
          }
        }
      }),
      { numRuns: 100, seed: 6 },
    );
  }, 240_000);
});
