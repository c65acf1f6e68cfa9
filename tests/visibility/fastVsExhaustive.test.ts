import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { footprintFromBase } from '../../src/geometry/footprint';
import { convexSolidTriangles, type ConvexSolid } from '../../src/geometry/solids';
import { mmToInches } from '../../src/geometry/units';
import { modelVisible, unitVisible, witnessIsClear } from '../../src/geometry/visibility';
import { modelInputOf, World, type ModelInput, type TerrainFeatureInput, type WorldInput } from '../../src/geometry/world';
import { mulberry32, rockMesh } from '../../src/cli/benchScene';

/**
 * The fast visibility search (empty-shaft and closure proofs, capsule culling) must decide exactly
 * what the exhaustive mode decides (every sample pair against every blocker) on the same sample
 * points. Random scenes: walls, cylinders, a closed rock mesh, blocking models.
 */

const SPACING = 0.5; // coarse samples keep the exhaustive mode cheap enough for 1,000 scenes

function randomScene(seed: number): { world: World; observer: string; target: string } {
  const rand = mulberry32(seed);
  const terrain: TerrainFeatureInput[] = [];
  const nWalls = 1 + Math.floor(rand() * 4);
  for (let i = 0; i < nWalls; i++) {
    const solid: ConvexSolid = {
      kind: 'box',
      center: [6 + rand() * 12, 4 + rand() * 12],
      size: [0.3 + rand() * 4, 0.3 + rand() * 1, 0.5 + rand() * 4],
      rotationDeg: rand() * 180,
      elevation: rand() < 0.2 ? rand() * 2 : 0,
    };
    terrain.push({ id: `wall-${i}`, type: 'obstacle', abilities: [], pieces: [{ positions: convexSolidTriangles(solid), solid }] });
  }
  if (rand() < 0.5) {
    const solid: ConvexSolid = { kind: 'cylinder', center: [6 + rand() * 12, 4 + rand() * 12], radius: 0.3 + rand() * 1.5, height: 0.5 + rand() * 3, elevation: 0 };
    terrain.push({ id: 'pillar', type: 'obstacle', abilities: [], pieces: [{ positions: convexSolidTriangles(solid), solid }] });
  }
  if (rand() < 0.5) {
    terrain.push({ id: 'rock', type: 'area', abilities: [], pieces: [{ positions: rockMesh(rand, 6 + rand() * 12, 4 + rand() * 12, 0.5 + rand() * 1.5, 0.5 + rand() * 3, 2) }] });
  }
  const models: ModelInput[] = [];
  const units = [
    { id: 'obs', army: 'a', keywords: [], coherencyRangeInches: 0.5, modelIds: [] as string[] },
    { id: 'tgt', army: 'b', keywords: [], coherencyRangeInches: 0.5, modelIds: [] as string[] },
    { id: 'third', army: 'b', keywords: [], coherencyRangeInches: 0.5, modelIds: [] as string[] },
  ];
  const bases = [{ round: 25 }, { round: 32 }, { round: 50 }, { oval: [60, 35] as [number, number] }];
  const add = (id: string, unit: number, x: number, y: number) => {
    const base = bases[Math.floor(rand() * bases.length)];
    models.push({
      id,
      unitId: units[unit].id,
      footprint: footprintFromBase(base, [x, y], rand() * 360),
      elevation: rand() < 0.2 ? rand() * 3 : 0,
      heightInches: 0.6 + rand() * 2.5,
      baseThicknessInches: mmToInches(4),
    });
    units[unit].modelIds.push(id);
  };
  add('o1', 0, 2 + rand() * 3, 2 + rand() * 16);
  add('o2', 0, 2 + rand() * 3, 2 + rand() * 16);
  add('t1', 1, 19 + rand() * 3, 2 + rand() * 16);
  add('t2', 1, 19 + rand() * 3, 2 + rand() * 16);
  add('x1', 2, 8 + rand() * 8, 2 + rand() * 16);
  const input: WorldInput = { widthInches: 24, depthInches: 20, terrain, objectives: [], territories: {}, units, models };
  return { world: new World(input), observer: 'o1', target: rand() < 0.5 ? 't1' : 't2' };
}

describe('fast visibility equals the exhaustive mode', () => {
  it('on 1,000 random scenes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { world, observer, target } = randomScene(seed);
        const fast = modelVisible(world, observer, target, { spacingInches: SPACING });
        const slow = modelVisible(world, observer, target, { spacingInches: SPACING, mode: 'exhaustive' });
        expect(fast.visible).toBe(slow.visible);
        if (fast.visible) expect(witnessIsClear(world, observer, target, fast.witness!)).toBe(true);
      }),
      { numRuns: 1000, seed: 4242 },
    );
  });
});

/**
 * Crowds: ranks of other units' models (and a wall) between two units, where blockage is proven by
 * several occluders together (fused closure proofs) as well as one at a time.
 */
function crowdScene(seed: number): World {
  const rand = mulberry32(seed);
  const terrain: TerrainFeatureInput[] = [];
  if (rand() < 0.5) {
    const solid: ConvexSolid = { kind: 'box', center: [8 + rand() * 8, 4 + rand() * 12], size: [0.3, 2 + rand() * 6, 0.5 + rand() * 3], rotationDeg: 60 + rand() * 60, elevation: rand() < 0.3 ? 0.5 + rand() : 0 };
    terrain.push({ id: 'wall', type: 'obstacle', abilities: [], pieces: [{ positions: convexSolidTriangles(solid), solid }] });
  }
  const units = [
    { id: 'obs', army: 'a', keywords: [], coherencyRangeInches: 0.5, modelIds: [] as string[] },
    { id: 'tgt', army: 'b', keywords: [], coherencyRangeInches: 0.5, modelIds: [] as string[] },
    { id: 'rank1', army: 'b', keywords: [], coherencyRangeInches: 0.5, modelIds: [] as string[] },
    { id: 'rank2', army: 'a', keywords: [], coherencyRangeInches: 0.5, modelIds: [] as string[] },
  ];
  const models: ModelInput[] = [];
  const add = (unit: number, x: number, y: number, height: number) => {
    const id = `${units[unit].id}-${units[unit].modelIds.length}`;
    models.push({ id, unitId: units[unit].id, footprint: footprintFromBase({ round: [25, 32, 40][Math.floor(rand() * 3)] }, [x, y]), elevation: 0, heightInches: height, baseThicknessInches: mmToInches(4) });
    units[unit].modelIds.push(id);
  };
  const yo = 6 + rand() * 8;
  const yt = 6 + rand() * 8;
  for (let i = 0; i < 2; i++) add(0, 2 + rand() * 1.5, yo + 1.6 * i, 1 + rand() * 1.5);
  for (let i = 0; i < 2; i++) add(1, 21 + rand() * 1.5, yt + 1.6 * i, 1 + rand() * 1.5);
  // Two ranks across the line, with gaps; each model a little taller or shorter than the lines.
  for (let rank = 0; rank < 3; rank++) {
    const x = 7 + rank * 4 + rand() * 2;
    const y0 = Math.min(yo, yt) - 2.5 + rand();
    const n = 6 + Math.floor(rand() * 3);
    const step = 1.2 + rand() * 0.5;
    for (let i = 0; i < n; i++) add(2 + (rank % 2), x + (rand() - 0.5) * 0.6, y0 + i * step + rank * 0.5, 1.2 + rand() * 2.5);
  }
  return new World({ widthInches: 24, depthInches: 20, terrain, objectives: [], territories: {}, units, models });
}

describe('fast visibility equals the exhaustive mode in crowds', () => {
  it('on 300 random crowds, both directions, whole units', () => {
    let blocked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const world = crowdScene(seed);
        for (const [o, t] of [['obs', 'tgt'], ['tgt', 'obs']]) {
          const fast = unitVisible(world, o, t, { spacingInches: SPACING });
          const slow = unitVisible(world, o, t, { spacingInches: SPACING, mode: 'exhaustive' });
          expect(fast.visible).toBe(slow.visible);
          if (fast.visible) expect(witnessIsClear(world, fast.observerModelId!, fast.targetModelId!, fast.witness!)).toBe(true);
          else blocked++;
        }
      }),
      { numRuns: 300, seed: 777 },
    );
    // Not vacuous: crowds do hide units.
    expect(blocked).toBeGreaterThan(150);
  });

  it('whole units (symmetric form) agree with the direct search over each observing model, in both directions', () => {
    // A whole-unit question is decided in its symmetric form (neither unit blocks, the witness
    // cut at the first target model it enters); the narrowed question (one observing model, the
    // whole target unit) still uses the direct form, where the target's unit-mates block.
    let differ = 0;
    let cases = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const world = crowdScene(seed);
        for (const [o, t] of [['obs', 'tgt'], ['tgt', 'obs']]) {
          const whole = unitVisible(world, o, t, { spacingInches: SPACING });
          const direct = world.unitModels(o).some((m) => unitVisible(world, o, t, { spacingInches: SPACING }, m.id).visible);
          cases++;
          if (whole.visible !== direct) differ++;
          if (whole.visible) {
            expect(world.models.get(whole.observerModelId!)!.unitId).toBe(o);
            expect(world.models.get(whole.targetModelId!)!.unitId).toBe(t);
            expect(witnessIsClear(world, whole.observerModelId!, whole.targetModelId!, whole.witness!)).toBe(true);
          }
        }
      }),
      { numRuns: 200, seed: 4242 },
    );
    expect(differ).toBe(0);
  });
});

describe('the stated bound: a line of sight with clearance of the covering radius is found', () => {
  it('through a hole just wider than the covering radius, at random placements', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.double({ min: 0.2, max: 0.8, noNaN: true }), (seed, along) => {
        const rand = mulberry32(seed);
        const spacing = 0.25;
        // Observer and target on the table, 8-16" apart.
        const ox = 2 + rand() * 2;
        const oy = 5 + rand() * 10;
        const tx = ox + 8 + rand() * 8;
        const ty = 5 + rand() * 10;
        const oh = 1 + rand() * 2;
        const th = 1 + rand() * 2;
        const base = { round: 32 };
        const models: ModelInput[] = [
          { id: 'o', unitId: 'O', footprint: footprintFromBase(base, [ox, oy]), elevation: 0, heightInches: oh, baseThicknessInches: mmToInches(4) },
          { id: 't', unitId: 'T', footprint: footprintFromBase(base, [tx, ty]), elevation: 0, heightInches: th, baseThicknessInches: mmToInches(4) },
        ];
        // A segment between random interior points of the two volumes...
        const r = mmToInches(32) / 2;
        const p = [ox + (rand() - 0.5) * r, oy + (rand() - 0.5) * r, 0.2 + rand() * (oh - 0.4)];
        const q = [tx + (rand() - 0.5) * r, ty + (rand() - 0.5) * r, 0.2 + rand() * (th - 0.4)];
        // ...crosses a wall, perpendicular to the segment in plan, with a hole around the crossing.
        const cx = p[0] + along * (q[0] - p[0]);
        const cy = p[1] + along * (q[1] - p[1]);
        const cz = p[2] + along * (q[2] - p[2]);
        const horiz = Math.hypot(q[0] - p[0], q[1] - p[1]);
        const slope = Math.abs(q[2] - p[2]) / horiz;
        const ux = (q[0] - p[0]) / horiz;
        const uy = (q[1] - p[1]) / horiz;
        const thick = 0.25;
        const baseInput: WorldInput = {
          widthInches: 30,
          depthInches: 20,
          terrain: [],
          objectives: [],
          territories: {},
          units: [
            { id: 'O', army: 'a', keywords: [], coherencyRangeInches: 0.5, modelIds: ['o'] },
            { id: 'T', army: 'b', keywords: [], coherencyRangeInches: 0.5, modelIds: ['t'] },
          ],
          models,
        };
        const probe = new World(baseInput);
        const rho = Math.max(probe.surfaceSamples('o', spacing).coveringRadiusInches, probe.surfaceSamples('t', spacing).coveringRadiusInches);
        // Half-size of the hole: the clearance, plus the slant of the segment through the wall's thickness.
        const h = rho + 0.02 + (thick / 2) * (1 + slope);
        const rot = (Math.atan2(uy, ux) * 180) / Math.PI; // box x-extent along the segment (thickness)
        const wx = -uy;
        const wy = ux; // along the wall
        const span = 6;
        const pieces: ConvexSolid[] = [
          // left and right of the hole, full height
          { kind: 'box', center: [cx + wx * (h + span / 2), cy + wy * (h + span / 2)], size: [thick, span, 6], rotationDeg: rot, elevation: 0 },
          { kind: 'box', center: [cx - wx * (h + span / 2), cy - wy * (h + span / 2)], size: [thick, span, 6], rotationDeg: rot, elevation: 0 },
          // below and above the hole
          { kind: 'box', center: [cx, cy], size: [thick, 2 * h, Math.max(0.001, cz - h)], rotationDeg: rot, elevation: 0 },
          { kind: 'box', center: [cx, cy], size: [thick, 2 * h, 6], rotationDeg: rot, elevation: cz + h },
        ];
        const terrain: TerrainFeatureInput[] = pieces.map((solid, i) => ({ id: `w${i}`, type: 'obstacle', abilities: [], pieces: [{ positions: convexSolidTriangles(solid), solid }] }));
        const world = new World({ ...baseInput, terrain });
        const res = modelVisible(world, 'o', 't', { spacingInches: spacing });
        expect(res.visible).toBe(true);
        expect(witnessIsClear(world, 'o', 't', res.witness!)).toBe(true);
      }),
      { numRuns: 200, seed: 777 },
    );
  });
});

/**
 * Sample trees are cut from pooled memory that a world hands back when a model moves or the world
 * is replaced (SampleArena, World.dropVisibilityCaches): a tree read after its memory went to
 * another would give wrong answers. A world whose models keep moving, beside other worlds dropping
 * their trees into the pool, must answer exactly as a fresh world built at the same positions.
 */
describe('sample-tree memory reuse never changes an answer', () => {
  const fresh = (w: World): World =>
    new World(
      {
        widthInches: w.widthInches,
        depthInches: w.depthInches,
        terrain: [],
        objectives: [],
        territories: {},
        units: [...w.units.values()].map((u) => ({ ...u, modelIds: [...u.modelIds] })),
        models: [...w.models.values()].map(modelInputOf),
      },
      w.terrain,
    );
  const pairs = [['obs', 'tgt'], ['tgt', 'obs'], ['obs', 'rank1'], ['rank2', 'tgt'], ['rank1', 'rank2'], ['rank2', 'obs']];

  it('on 60 crowds, one unit moved at a time, with other worlds releasing their trees in between', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rand = mulberry32(seed ^ 0x5f3759df);
        const world = crowdScene(seed);
        for (let step = 0; step < 5; step++) {
          const got = pairs.map(([o, t]) => unitVisible(world, o, t, { spacingInches: SPACING }));
          // Another world's trees go to the pool, so the next ones built here reuse that memory.
          const other = crowdScene(seed + step + 1);
          for (const [o, t] of pairs) unitVisible(other, o, t, { spacingInches: SPACING });
          other.dropVisibilityCaches();
          const want = pairs.map(([o, t]) => unitVisible(fresh(world), o, t, { spacingInches: SPACING }));
          expect(got).toEqual(want);
          // Asked again after the pool changed hands: the cached answers and trees still hold.
          expect(pairs.map(([o, t]) => unitVisible(world, o, t, { spacingInches: SPACING }))).toEqual(want);
          // Move a random model of one unit (its trees and its unit's are released; the other
          // units' cached trees stay and are read again next step).
          {
            const unit = ['obs', 'tgt', 'rank1', 'rank2'][step % 4];
            const ids = world.units.get(unit)!.modelIds;
            const m = world.models.get(ids[Math.floor(rand() * ids.length)])!;
            const input = modelInputOf(m);
            world.setModel({ ...input, footprint: { ...input.footprint, x: m.footprint.x + (rand() - 0.5) * 2, y: m.footprint.y + (rand() - 0.5) * 2 }, elevation: 0 });
          }
        }
      }),
      { numRuns: 60, seed: 99 },
    );
  });
});
