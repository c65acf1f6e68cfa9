import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeWorld, rad, volumeOf, witnessProblems, type BoxSpec, type Cyl, type ModelSpec, type P3, type UnitSpec } from '../../tests/scenario/geomKit';
import { unitsInCombat, withinCombatRange } from './combat';
import { modelVisible, unitVisible, type VisibilityResult } from './visibility';

/**
 * True line of sight (Core 6.0, INVENTORY G3): any point of the observer's volume to any point of
 * the target's volume through the air; terrain, the table and every model outside the observer's
 * unit block (the target's unit-mates too). Every witness is re-checked here with this file's own
 * exact segment-vs-box and segment-vs-cylinder tests (tests/scenario/geomKit.ts), never the engine's.
 *
 * Standard pair: observer O at (10, 20) and target T at (20, 20), 32 mm bases (radius
 * 16/25.4 = 0.629921"), so O spans x in [9.370079, 10.629921] and T x in [19.370079, 20.629921];
 * both keep |y - 20| <= 0.63 everywhere, so any segment between them keeps |y - 20| <= 0.63.
 */
const R32 = rad(32);
const m32 = (id: string, x: number, y: number, height: number, extra: Partial<ModelSpec> = {}): ModelSpec => ({ id, base: { round: 32 }, pos: [x, y], height, ...extra });

const O = m32('o', 10, 20, 2);
const T = m32('t', 20, 20, 2);

function scene(opts: { observer?: ModelSpec; target?: ModelSpec; boxes?: BoxSpec[]; observerMates?: ModelSpec[]; targetMates?: ModelSpec[]; others?: ModelSpec[] }) {
  const o = opts.observer ?? O;
  const t = opts.target ?? T;
  const units: UnitSpec[] = [
    { id: 'uo', army: 'north', models: [o, ...(opts.observerMates ?? [])] },
    { id: 'ut', army: 'south', models: [t, ...(opts.targetMates ?? [])] },
  ];
  if (opts.others?.length) units.push({ id: 'u3', army: 'third', models: opts.others });
  const world = makeWorld({ terrain: (opts.boxes ?? []).map((b, i) => ({ id: `wall${i}`, boxes: [b] })), units });
  return { world, o, t };
}

/** Asserts the witness is valid against the listed blockers (own checks only). */
function expectValidWitness(r: VisibilityResult, o: ModelSpec, t: ModelSpec, boxes: BoxSpec[], blockers: ModelSpec[]) {
  expect(r.visible).toBe(true);
  const problems = witnessProblems(r.witness as [P3, P3] | undefined, {
    observer: volumeOf(o),
    target: volumeOf(t),
    boxes,
    blockers: blockers.map((m) => volumeOf(m)),
  });
  expect(problems).toEqual([]);
}

/** z of the segment where it crosses the plane x = x0. */
const zAtX = (w: [P3, P3], x0: number) => w[0][2] + ((w[1][2] - w[0][2]) * (x0 - w[0][0])) / (w[1][0] - w[0][0]);
const yAtX = (w: [P3, P3], x0: number) => w[0][1] + ((w[1][1] - w[0][1]) * (x0 - w[0][0])) / (w[1][0] - w[0][0]);

describe('visibility: walls', () => {
  it('a full wall (3" tall, 10" long, between 2" tall models) blocks', () => {
    // Segments keep |y - 20| <= 0.63 < 5 (the wall spans y in [15, 25]) and z <= 2 < 3, and must
    // cross x in [14.75, 15.25]: every one of them enters the wall.
    const wall: BoxSpec = { center: [15, 20], size: [0.5, 10, 3] };
    const { world } = scene({ boxes: [wall] });
    expect(modelVisible(world, 'o', 't').visible).toBe(false);
    expect(modelVisible(world, 't', 'o').visible).toBe(false);
    expect(unitVisible(world, 'uo', 'ut').visible).toBe(false);
  });

  it('a low wall (1" tall) does not: the witness passes above it', () => {
    const wall: BoxSpec = { center: [15, 20], size: [0.5, 10, 1] };
    const { world } = scene({ boxes: [wall] });
    const r = modelVisible(world, 'o', 't');
    expectValidWitness(r, O, T, [wall], []);
    const w = r.witness as [P3, P3];
    // the witness crosses the wall's slab x in [14.75, 15.25] inside its y-range, so it must be above z = 1 there
    expect(Math.abs(yAtX(w, 15) - 20)).toBeLessThan(5);
    expect(zAtX(w, 14.75)).toBeGreaterThan(1);
    expect(zAtX(w, 15.25)).toBeGreaterThan(1);
  });

  it('a 0.3" gap between two wall boxes is seen through (gap on the centre line)', () => {
    // box 1: y in [14.85, 19.85]; box 2: y in [20.15, 25.15]; both 3" tall (taller than the models)
    const b1: BoxSpec = { center: [15, 17.35], size: [0.5, 5, 3] };
    const b2: BoxSpec = { center: [15, 22.65], size: [0.5, 5, 3] };
    const { world } = scene({ boxes: [b1, b2] });
    const r = modelVisible(world, 'o', 't');
    expectValidWitness(r, O, T, [b1, b2], []);
    const y = yAtX(r.witness as [P3, P3], 15);
    expect(y).toBeGreaterThan(19.85);
    expect(y).toBeLessThan(20.15);
  });

  it('a 0.3" gap off the centre line (y in [20.25, 20.55]) is still found', () => {
    // e.g. the segment along y = 20.4 from (10, 20.4, 1) to (20, 20.4, 1) lies in both volumes
    // (|20.4 - 20| = 0.4 < 0.63) and passes through the gap.
    const b1: BoxSpec = { center: [15, 17.75], size: [0.5, 5, 3] }; // y in [15.25, 20.25]
    const b2: BoxSpec = { center: [15, 23.05], size: [0.5, 5, 3] }; // y in [20.55, 25.55]
    const { world } = scene({ boxes: [b1, b2] });
    const r = modelVisible(world, 'o', 't');
    expectValidWitness(r, O, T, [b1, b2], []);
  });

  it('closing the gap (0.3" gap filled by a third box) blocks', () => {
    const b1: BoxSpec = { center: [15, 17.35], size: [0.5, 5, 3] };
    const b2: BoxSpec = { center: [15, 22.65], size: [0.5, 5, 3] };
    const plug: BoxSpec = { center: [15, 20], size: [0.5, 0.4, 3] };
    const { world } = scene({ boxes: [b1, b2, plug] });
    expect(modelVisible(world, 'o', 't').visible).toBe(false);
  });

  it('a tall observer (6") sees over a 3" wall to a 2" target', () => {
    // from the near top rim (10.63, 20, 6) to the near top rim of T (19.37, 20, 2):
    // z at x = 15.25 is 6 - 4 * (15.25 - 10.63) / (19.37 - 10.63) = 3.886 > 3
    const tall = m32('o', 10, 20, 6);
    const wall: BoxSpec = { center: [15, 20], size: [0.5, 20, 3] };
    const { world } = scene({ observer: tall, boxes: [wall] });
    const r = modelVisible(world, 'o', 't');
    expectValidWitness(r, tall, T, [wall], []);
    // and the other way round (the geometry is the same)
    const back = modelVisible(world, 't', 'o');
    expectValidWitness(back, T, tall, [wall], []);
  });
});

describe('visibility: the tip of the spear (similar triangles)', () => {
  // Wall x in [14.75, 15.25], y in [5, 35], z in [0, 3]; observer 2" tall. In the x-z plane (the
  // wall is longer than anything in y) a segment from (xo, zo) to (xt, zt) clears the wall iff it
  // is above z = 3 at x = 14.75 (it rises, since zo <= 2 < 3):
  //   zt > 3 + (3 - zo)(xt - 14.75)/(14.75 - xo).
  // The right side is smallest for zo = 2 (observer top), xo = 10 - r (observer's FAR rim) and
  // xt = 20 - r (target's near rim):
  //   h* = 3 + (1)(5.25 - r)/(4.75 + r) = 3 + 4.620079/5.379921 = 3.858764...
  const wall: BoxSpec = { center: [15, 20], size: [0.5, 30, 3] };
  const hStar = 3 + (5.25 - R32) / (4.75 + R32);

  it('h* = 3.8587...', () => {
    expect(hStar).toBeCloseTo(3.858763, 5);
  });

  it('a target 0.05" taller than h* is visible (and sees back)', () => {
    const t = m32('t', 20, 20, hStar + 0.05);
    const { world } = scene({ target: t, boxes: [wall] });
    const r = modelVisible(world, 'o', 't');
    expectValidWitness(r, O, t, [wall], []);
    const w = r.witness as [P3, P3];
    expect(zAtX(w, 14.75)).toBeGreaterThan(3);
    // the witness must end high on the target: above the line through the wall top, i.e. > 3.85 - (small)
    expect(Math.max(w[0][2], w[1][2])).toBeGreaterThan(3);
    const back = modelVisible(world, 't', 'o');
    expectValidWitness(back, t, O, [wall], []);
  });

  it('a target 0.05" shorter than h* is not visible (either way)', () => {
    const t = m32('t', 20, 20, hStar - 0.05);
    const { world } = scene({ target: t, boxes: [wall] });
    expect(modelVisible(world, 'o', 't').visible).toBe(false);
    expect(modelVisible(world, 't', 'o').visible).toBe(false);
    expect(modelVisible(world, 'o', 't', { mode: 'exhaustive' }).visible).toBe(false);
  });

  it('independent check of the bound: no segment between the sampled volumes clears the wall when h = h* - 0.05', () => {
    // brute force on the x-z rectangles' boundary (the binding points are on the boundary)
    const h = hStar - 0.05;
    let clears = 0;
    for (let i = 0; i <= 40; i++) {
      for (let j = 0; j <= 40; j++) {
        const xo = 10 - R32 + (2 * R32 * i) / 40;
        const xt = 20 - R32 + (2 * R32 * j) / 40;
        const zo = 2;
        const zt = h;
        const z1 = zo + ((zt - zo) * (14.75 - xo)) / (xt - xo);
        if (z1 > 3) clears++;
      }
    }
    expect(clears).toBe(0);
  });
});

describe('visibility: models in the way', () => {
  // C: a 100 mm base (radius 1.9685") 5" tall at (15, 20). Any segment between O and T crosses
  // x = 15 with |y - 20| <= 0.63 < 1.9685 and 0 <= z <= 2 < 5: inside C. C fully covers.
  const C = { id: 'c', base: { round: 100 }, pos: [15, 20] as [number, number], height: 5 };

  it('a third unit\'s model that fully covers the line blocks', () => {
    const { world } = scene({ others: [C] });
    expect(modelVisible(world, 'o', 't').visible).toBe(false);
    expect(unitVisible(world, 'uo', 'ut').visible).toBe(false);
  });

  it('T-03(c) the same model in the OBSERVER\'s unit is transparent: visible', () => {
    const { world } = scene({ observerMates: [C] });
    const r = modelVisible(world, 'o', 't');
    expectValidWitness(r, O, T, [], []);
  });

  it('T-03(b) the same model in the TARGET\'s unit blocks (only the observer\'s unit is transparent)', () => {
    const { world } = scene({ targetMates: [C] });
    expect(modelVisible(world, 'o', 't').visible).toBe(false);
    // ... while T looking back at O sees through its own unit-mate
    const back = modelVisible(world, 't', 'o');
    expectValidWitness(back, T, O, [], []);
  });

  it('a short model in the way (1" tall) does not block 2" models: the witness passes over it', () => {
    const low = { ...C, height: 1 };
    const { world } = scene({ others: [low] });
    const r = modelVisible(world, 'o', 't');
    expectValidWitness(r, O, T, [], [low]);
  });

  it('a model is always visible to itself', () => {
    const { world } = scene({ others: [C] });
    expect(modelVisible(world, 'o', 'o').visible).toBe(true);
  });
});

describe('visibility: Core 7.0 picture, the Rat Ogor behind the wall (INVENTORY T-04a)', () => {
  // Liberator L: 40 mm (r = 0.7874") at (20, 20), 1.6" tall.
  // Rat Ogor A: 50 mm (r = 0.9843") at (22.5, 20): plan gap 2.5 - 0.7874 - 0.9843 = 0.7283 <= 3.
  // Rat Ogor B: 50 mm at (20, 23): plan gap 3 - 1.7717 = 1.2283 <= 3, but behind a wall
  // x in [15, 25], y in [21.2, 21.6], 4" tall (taller than everyone): any L-B segment keeps
  // x in [19, 21] and z <= 2.2 < 4 and must cross y in [21.2, 21.6] -> blocked.
  // L-A segments keep y in [19.0157, 20.9843] < 21.2: the wall is not between them.
  const L: ModelSpec = { id: 'lib', base: { round: 40 }, pos: [20, 20], height: 1.6 };
  const A: ModelSpec = { id: 'ogA', base: { round: 50 }, pos: [22.5, 20], height: 2.2 };
  const B: ModelSpec = { id: 'ogB', base: { round: 50 }, pos: [20, 23], height: 2.2 };
  const wall: BoxSpec = { center: [20, 21.4], size: [10, 0.4, 4] };
  const units: UnitSpec[] = [
    { id: 'liberators', army: 'order', models: [L] },
    { id: 'ratogors', army: 'chaos', models: [A, B] },
  ];

  it('T-04(a) both Rat Ogors are within 3" horizontally; the hidden one is not visible either way; the unit is in combat via the visible one', () => {
    const world = makeWorld({ terrain: [{ id: 'wall', boxes: [wall] }], units });
    expect(withinCombatRange(world, 'lib', 'ogA')).toBe(true);
    expect(withinCombatRange(world, 'lib', 'ogB')).toBe(true);
    expect(modelVisible(world, 'lib', 'ogB').visible).toBe(false);
    expect(modelVisible(world, 'ogB', 'lib').visible).toBe(false);
    const seen = modelVisible(world, 'lib', 'ogA');
    // ogB is ogA's unit-mate: a blocker for the Liberator
    expectValidWitness(seen, L, A, [wall], [B]);
    const c = unitsInCombat(world, 'liberators', 'ratogors');
    expect(c.inCombat).toBe(true);
    expect(c.pair && [...c.pair].sort()).toEqual(['lib', 'ogA']);
  });

  it('without the visible Rat Ogor the units are not in combat (within range but not visible)', () => {
    const world = makeWorld({ terrain: [{ id: 'wall', boxes: [wall] }], units: [units[0], { id: 'ratogors', army: 'chaos', models: [B] }] });
    const c = unitsInCombat(world, 'liberators', 'ratogors');
    expect(c.inCombat).toBe(false);
    expect(c.reason).toMatch(/not visible/);
  });
});

describe('visibility: properties (fast-check)', () => {
  /** A random wall between O and T and a random unit-mate of O dropped anywhere near the line. */
  const arb = fc.record({
    wallX: fc.double({ min: 12, max: 18, noNaN: true }),
    wallY: fc.double({ min: 17, max: 23, noNaN: true }),
    wallLen: fc.double({ min: 0.3, max: 8, noNaN: true }),
    wallThick: fc.double({ min: 0.2, max: 1.5, noNaN: true }),
    wallH: fc.double({ min: 0.5, max: 4, noNaN: true }),
    wallRot: fc.double({ min: 0, max: 180, noNaN: true }),
    mateX: fc.double({ min: 11.5, max: 18.5, noNaN: true }),
    mateY: fc.double({ min: 18.5, max: 21.5, noNaN: true }),
    mateBase: fc.constantFrom(25, 40, 60, 100),
    mateH: fc.double({ min: 0.5, max: 6, noNaN: true }),
    targetH: fc.double({ min: 0.5, max: 5, noNaN: true }),
  });

  it('moving a model of the observer\'s own unit into the line never changes the answer; witnesses are valid', () => {
    fc.assert(
      fc.property(arb, (p) => {
        const wall: BoxSpec = { center: [p.wallX, p.wallY], size: [p.wallThick, p.wallLen, p.wallH], rotationDeg: p.wallRot };
        // Every model stands at an explicit elevation 0 (a wall under a footprint would otherwise
        // lift it: that is standing.ts's business, not this property's).
        const o = { ...O, elevation: 0 };
        const t = m32('t', 20, 20, p.targetH, { elevation: 0 });
        const mate: ModelSpec = { id: 'mate', base: { round: p.mateBase }, pos: [p.mateX, p.mateY], height: p.mateH, elevation: 0 };
        const without = scene({ observer: o, target: t, boxes: [wall] });
        const withMate = scene({ observer: o, target: t, boxes: [wall], observerMates: [mate] });
        const r0 = modelVisible(without.world, 'o', 't');
        const r1 = modelVisible(withMate.world, 'o', 't');
        expect(r1.visible).toBe(r0.visible);
        if (r1.visible) expectValidWitness(r1, o, t, [wall], []);
        // the mate as a third party DOES block whatever passes through it; the answer may only get worse
        const asThird = scene({ observer: o, target: t, boxes: [wall], others: [mate] });
        const r2 = modelVisible(asThird.world, 'o', 't');
        if (r2.visible) expectValidWitness(r2, o, t, [wall], [mate]);
        if (!r0.visible) expect(r2.visible).toBe(false);
      }),
      { numRuns: 60, seed: 42 },
    );
  });
});

describe('visibility: completeness within the engine\'s documented resolution (fast-check)', () => {
  // modelVisible documents: any line of sight that stays clear when its ends move by the samples'
  // covering radius (<= 0.5 * hypot(0.2, 0.2) + 1e-4 = 0.1415" at the default 0.2" spacing) is found.
  // So: if this test finds a surface-to-surface segment that is clear of every blocker INFLATED by
  // 0.2" (so it stays clear after moving both ends by up to 0.2"), the engine must answer visible.
  const DELTA = 0.2;
  const inflateBox = (b: BoxSpec): BoxSpec => ({ ...b, size: [b.size[0] + 2 * DELTA, b.size[1] + 2 * DELTA, b.size[2] + 2 * DELTA], elevation: (b.elevation ?? 0) - DELTA });
  const inflateCyl = (k: Cyl): Cyl => ({ ...k, a: k.a + DELTA, b: k.b + DELTA, z0: k.z0 - DELTA, z1: k.z1 + DELTA });

  const wallArb = fc.record({
    x: fc.double({ min: 12, max: 18, noNaN: true }),
    y: fc.double({ min: 16, max: 24, noNaN: true }),
    len: fc.double({ min: 0.5, max: 8, noNaN: true }),
    thick: fc.double({ min: 0.2, max: 1.5, noNaN: true }),
    h: fc.double({ min: 0.5, max: 4, noNaN: true }),
    rot: fc.double({ min: 0, max: 180, noNaN: true }),
  });
  const blockerArb = fc.record({
    x: fc.double({ min: 12, max: 18, noNaN: true }),
    y: fc.double({ min: 17, max: 23, noNaN: true }),
    base: fc.constantFrom(25, 40, 60),
    h: fc.double({ min: 0.5, max: 4, noNaN: true }),
  });

  it('a robustly clear segment exists => the engine says visible (and its witness is valid)', () => {
    fc.assert(
      fc.property(fc.array(wallArb, { minLength: 1, maxLength: 3 }), fc.array(blockerArb, { maxLength: 2 }), fc.double({ min: 0.5, max: 5, noNaN: true }), fc.integer({ min: 1, max: 1 << 30 }), (ws, bs, th, seed0) => {
        const o = { ...O, elevation: 0 };
        const t = m32('t', 20, 20, th, { elevation: 0 });
        const boxes: BoxSpec[] = ws.map((w) => ({ center: [w.x, w.y], size: [w.thick, w.len, w.h], rotationDeg: w.rot }));
        const others: ModelSpec[] = bs.map((b, i) => ({ id: `x${i}`, base: { round: b.base }, pos: [b.x, b.y], height: b.h, elevation: 0 }));
        const { world } = scene({ observer: o, target: t, boxes, others });
        const r = modelVisible(world, 'o', 't');
        const blockers = others.map((m) => volumeOf(m));
        if (r.visible) expectValidWitness(r, o, t, boxes, others);
        // own random search over surface points
        let seed = seed0;
        const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
        const surf = (k: Cyl): P3 => {
          const u = rnd();
          const ang = 2 * Math.PI * rnd();
          if (u < 0.5) return [k.x + k.a * Math.cos(ang), k.y + k.a * Math.sin(ang), k.z0 + (k.z1 - k.z0) * rnd()];
          const s = Math.sqrt(rnd()) * k.a;
          return [k.x + s * Math.cos(ang), k.y + s * Math.sin(ang), u < 0.9 ? k.z1 : k.z0];
        };
        const ov = volumeOf(o);
        const tv = volumeOf(t);
        const fat = { boxes: boxes.map(inflateBox), blockers: blockers.map(inflateCyl) };
        for (let i = 0; i < 1500; i++) {
          const seg: [P3, P3] = [surf(ov), surf(tv)];
          const robust = witnessProblems(seg, { observer: ov, target: tv, ...fat }).length === 0;
          if (robust) {
            expect(r.visible, `robustly clear: ${JSON.stringify(seg)}`).toBe(true);
            break;
          }
        }
      }),
      { numRuns: 120, seed: 99 },
    );
  });
});

export type { Cyl };
