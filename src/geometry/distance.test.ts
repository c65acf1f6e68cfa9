import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseOf, makeWorld, pointInCyl, rad, T4, type BoxSpec, type Cyl, type ModelSpec, type P3 } from '../../tests/scenario/geomKit';
import { distanceBetween } from './distance';

/**
 * Distances (Core 2.1, INVENTORY G1, A-G1): 3D between the closest points of the base solids
 * S(m) = footprint x [elevation, elevation + thickness]; thickness 4 mm = 0.157480..." by default.
 * Every expected value is worked by hand in the comments. Exact to 1e-6".
 */
const MM = 25.4;
const R32 = rad(32); // 16/25.4 = 0.6299212598425197"
const R40 = rad(40); // 20/25.4 = 0.7874015748031497"
const EXACT = 1e-6;

const m32 = (id: string, x: number, y: number, extra: Partial<ModelSpec> = {}): ModelSpec => ({ id, base: { round: 32 }, pos: [x, y], height: 1.2, ...extra });

function inBox(p: P3, b: BoxSpec, tol = 1e-6): boolean {
  const th = ((b.rotationDeg ?? 0) * Math.PI) / 180;
  const dx = p[0] - b.center[0];
  const dy = p[1] - b.center[1];
  const u = Math.cos(th) * dx + Math.sin(th) * dy;
  const v = -Math.sin(th) * dx + Math.cos(th) * dy;
  const e = b.elevation ?? 0;
  return Math.abs(u) <= b.size[0] / 2 + tol && Math.abs(v) <= b.size[1] / 2 + tol && p[2] >= e - tol && p[2] <= e + b.size[2] + tol;
}

/** The points lie on/in the solids and are `value` apart. */
function expectPoints(r: { distanceInches: number; a: P3; b: P3 }, onA: (p: P3) => boolean, onB: (p: P3) => boolean) {
  expect(onA(r.a), `a = ${JSON.stringify(r.a)}`).toBe(true);
  expect(onB(r.b), `b = ${JSON.stringify(r.b)}`).toBe(true);
  expect(Math.abs(Math.hypot(r.a[0] - r.b[0], r.a[1] - r.b[1], r.a[2] - r.b[2]) - r.distanceInches)).toBeLessThan(EXACT);
}
const inBase = (k: Cyl) => (p: P3) => pointInCyl(p, k, 1e-7);

describe('distance: model to model (round bases)', () => {
  const A = m32('a1', 10, 10);
  const B = m32('b1', 20, 10);
  const world = makeWorld({ units: [{ id: 'a', army: 'n', models: [A] }, { id: 'b', army: 's', models: [B] }] });

  it('32 mm bases 10" apart on the table: 10 - 32/25.4 = 8.740157480314961', () => {
    const r = distanceBetween(world, 'a1', 'b1');
    expect(Math.abs(r.distanceInches - 8.740157480314961)).toBeLessThan(EXACT);
    expectPoints(r, inBase(baseOf(A)), inBase(baseOf(B)));
    // the closest points are on the centre line: x = 10 + 0.6299... and 20 - 0.6299...
    expect(r.a[0]).toBeCloseTo(10 + R32, 6);
    expect(r.b[0]).toBeCloseTo(20 - R32, 6);
    // symmetric
    expect(distanceBetween(world, 'b1', 'a1').distanceInches).toBeCloseTo(r.distanceInches, 9);
  });

  it('horizontal: the same 8.740157480314961 (both on the table)', () => {
    expect(Math.abs(distanceBetween(world, 'a1', 'b1', true).distanceInches - 8.740157480314961)).toBeLessThan(EXACT);
  });
});

describe('distance: one model elevated (3D, A-G1)', () => {
  // A on the table: base z in [0, 4/25.4] = [0, 0.15748031496062992].
  // B raised to elevation 3: base z in [3, 3.15748...]. Vertical gap = 3 - 0.15748... = 2.84251968503937.
  // Horizontal gap 10 - 32/25.4 = 8.740157480314961.
  // d = hypot(8.740157480314961, 2.84251968503937) = sqrt(76.390352... + 8.079918...) = 9.190758...
  const A = m32('a1', 10, 10);
  const B = m32('b1', 20, 10, { elevation: 3 });
  const C = m32('c1', 10, 10, { elevation: 3 }); // directly above A
  const world = makeWorld({ units: [{ id: 'a', army: 'n', models: [A] }, { id: 'b', army: 's', models: [B, C] }] });

  it('hypot(horizontal gap, vertical gap between the base solids)', () => {
    const expected = Math.hypot(10 - 32 / MM, 3 - 4 / MM);
    expect(expected).toBeCloseTo(9.19075, 4);
    const r = distanceBetween(world, 'a1', 'b1');
    expect(Math.abs(r.distanceInches - expected)).toBeLessThan(EXACT);
    expectPoints(r, inBase(baseOf(A)), inBase(baseOf(B)));
    // the closest points are the top rim of A and the bottom rim of B
    expect(r.a[2]).toBeCloseTo(T4, 9);
    expect(r.b[2]).toBeCloseTo(3, 9);
  });

  it('horizontal distance ignores the height: 8.740157480314961', () => {
    expect(Math.abs(distanceBetween(world, 'a1', 'b1', true).distanceInches - (10 - 32 / MM))).toBeLessThan(EXACT);
  });

  it('a model directly above another: the vertical gap 3 - 4/25.4 = 2.84251968503937', () => {
    const r = distanceBetween(world, 'a1', 'c1');
    expect(Math.abs(r.distanceInches - 2.84251968503937)).toBeLessThan(EXACT);
    expectPoints(r, inBase(baseOf(A)), inBase(baseOf(C)));
    expect(distanceBetween(world, 'a1', 'c1', true).distanceInches).toBe(0);
  });

  it('a thicker base narrows the vertical gap: thickness 10 mm -> 3 - 10/25.4', () => {
    const w = makeWorld({ units: [{ id: 'a', army: 'n', models: [m32('a1', 10, 10, { thicknessMm: 10 })] }, { id: 'b', army: 's', models: [C] }] });
    expect(Math.abs(distanceBetween(w, 'a1', 'c1').distanceInches - (3 - 10 / MM))).toBeLessThan(EXACT);
  });
});

describe('distance: model to a 40 mm objective marker (a 0-thick disk on the table, A-G16)', () => {
  const A = m32('a1', 10, 10);
  const H = m32('h1', 10, 12, { elevation: 2 });
  const world = makeWorld({
    objectives: [{ id: 'o1', pos: [15, 10] }, { id: 'o2', pos: [15, 12] }, { id: 'o3', pos: [10.5, 10] }],
    units: [{ id: 'a', army: 'n', models: [A, H] }],
  });

  it('on the table: 5 - 16/25.4 - 20/25.4 = 5 - 36/25.4 = 3.582677165354331', () => {
    const r = distanceBetween(world, 'a1', 'o1');
    expect(Math.abs(r.distanceInches - 3.582677165354331)).toBeLessThan(EXACT);
    expectPoints(r, inBase(baseOf(A)), (p) => Math.abs(p[2]) < 1e-9 && Math.hypot(p[0] - 15, p[1] - 10) <= R40 + 1e-9);
    expect(r.b[0]).toBeCloseTo(15 - R40, 6);
  });

  it('a model raised 2": hypot(3.582677165354331, 2)', () => {
    // the disk is at z = 0, the raised base's underside at z = 2
    const r = distanceBetween(world, 'h1', 'o2');
    expect(Math.abs(r.distanceInches - Math.hypot(5 - 36 / MM, 2))).toBeLessThan(EXACT);
  });

  it('a base overlapping the marker in plan, on the table: 0', () => {
    expect(distanceBetween(world, 'a1', 'o3').distanceInches).toBeLessThan(EXACT);
  });

  it('objective to objective: marker edge to marker edge, 2" apart vertically aligned: 2 - 40/25.4', () => {
    expect(Math.abs(distanceBetween(world, 'o1', 'o2').distanceInches - (2 - 40 / MM))).toBeLessThan(EXACT);
  });
});

describe('distance: model to a box terrain piece', () => {
  // Box: centre (20, 10), size 2 x 4 x 3: x in [19, 21], y in [8, 12], z in [0, 3].
  const box: BoxSpec = { center: [20, 10], size: [2, 4, 3] };
  const A = m32('a1', 10, 10); // faces the box's x = 19 face
  const E = m32('e1', 10, 10.5, { elevation: 5 }); // 2" above the box top (z = 3)
  const K = m32('k1', 16, 4); // towards the corner (19, 8): a 3-4-5 triangle
  const world = makeWorld({ terrain: [{ id: 'box', boxes: [box] }], units: [{ id: 'a', army: 'n', models: [A, E, K] }] });

  it('face: 19 - (10 + 16/25.4) = 8.37007874015748', () => {
    const r = distanceBetween(world, 'a1', 'box');
    expect(Math.abs(r.distanceInches - 8.37007874015748)).toBeLessThan(EXACT);
    expectPoints(r, inBase(baseOf(A)), (p) => inBox(p, box));
    expect(r.b[0]).toBeCloseTo(19, 6);
    // terrain first: the same value, points swapped
    const s = distanceBetween(world, 'box', 'a1');
    expect(Math.abs(s.distanceInches - 8.37007874015748)).toBeLessThan(EXACT);
    expectPoints(s, (p) => inBox(p, box), inBase(baseOf(A)));
  });

  it('a model 2" above the box top level: hypot(8.37007874015748, 5 - 3)', () => {
    // E's base underside is at z = 5, the box top at z = 3; the plan gap is to the x = 19 face
    const r = distanceBetween(world, 'e1', 'box');
    expect(Math.abs(r.distanceInches - Math.hypot(19 - 10 - R32, 2))).toBeLessThan(EXACT);
  });

  it('corner: centre (16, 4) to corner (19, 8) is 5, so 5 - 16/25.4 = 4.37007874015748', () => {
    const r = distanceBetween(world, 'k1', 'box');
    expect(Math.abs(r.distanceInches - (5 - R32))).toBeLessThan(EXACT);
    expectPoints(r, inBase(baseOf(K)), (p) => inBox(p, box));
    // the closest base point is in direction (0.6, 0.8) from the centre
    expect(r.a[0]).toBeCloseTo(16 + 0.6 * R32, 5);
    expect(r.a[1]).toBeCloseTo(4 + 0.8 * R32, 5);
  });

  it('horizontal option against terrain: the plan gap 8.37007874015748 even from 2" above', () => {
    expect(Math.abs(distanceBetween(world, 'e1', 'box', true).distanceInches - (19 - 10 - R32))).toBeLessThan(EXACT);
  });
});

describe('distance: model to a rotated box (closest base point not on any polygon vertex)', () => {
  // Box centre (30, 20), size 2 x 6 x 3, rotated 30 degrees: its +u face is the plane
  // u = 1 with u = (x - 30) cos 30 + (y - 20) sin 30. The model sits on the -u side on the
  // box's u axis at u = -6: its centre is 5" from the -u face (u = -1), so gap = 5 - 16/25.4.
  const c = Math.cos(Math.PI / 6);
  const s = Math.sin(Math.PI / 6);
  const box: BoxSpec = { center: [30, 20], size: [2, 6, 3], rotationDeg: 30 };
  const A = m32('a1', 30 - 6 * c, 20 - 6 * s);
  const world = makeWorld({ terrain: [{ id: 'rbox', boxes: [box] }], units: [{ id: 'a', army: 'n', models: [A] }] });

  it('gap = 5 - 16/25.4 = 4.37007874015748', () => {
    const r = distanceBetween(world, 'a1', 'rbox');
    expect(Math.abs(r.distanceInches - (5 - R32))).toBeLessThan(EXACT);
    expectPoints(r, inBase(baseOf(A)), (p) => inBox(p, box));
  });
});

describe('distance: an oval tip against a rotated box face, down to near-touching gaps', () => {
  // Box centre (30, 20), 2 x 6 x 3, rotated 17 degrees; a 60x35 oval facing 17 degrees on the
  // box's u axis, its tip g from the -u face: centre at u = -(1 + 30/25.4 + g), so the gap is g
  // (the tip is the oval's support point along -u; the face is the plane u = -1).
  it.each([1, 0.1, 0.01, 0.001])('gap %s', (g) => {
    const th = (17 * Math.PI) / 180;
    const k = 1 + 30 / MM + g;
    const box: BoxSpec = { center: [30, 20], size: [2, 6, 3], rotationDeg: 17 };
    const w = makeWorld({ terrain: [{ id: 'b', boxes: [box] }], units: [{ id: 'u', army: 'n', models: [{ id: 'o', base: { oval: [60, 35] }, facing: 17, pos: [30 - k * Math.cos(th), 20 - k * Math.sin(th)], height: 2 }] }] });
    const r = distanceBetween(w, 'o', 'b');
    expect(Math.abs(r.distanceInches - g)).toBeLessThan(EXACT);
    expect(inBox(r.b, box)).toBe(true);
  });
});

describe('distance: unit to unit is the distance between the closest models', () => {
  // a2 (14, 20) and b2 (17, 24): centres 5 apart (3-4-5) -> 5 - 32/25.4 = 3.740157480314961.
  // Other pairs: a1-b2 |(7, 14)| = 15.65, a2-b1 |(6, 10)| = 11.66, a1-b1 |(10, 20)| = 22.36.
  const a1 = m32('a1', 10, 10);
  const a2 = m32('a2', 14, 20);
  const b1 = m32('b1', 20, 30);
  const b2 = m32('b2', 17, 24);
  const world = makeWorld({
    objectives: [{ id: 'o', pos: [40, 30] }],
    units: [
      { id: 'ua', army: 'n', models: [a1, a2] },
      { id: 'ub', army: 's', models: [b1, b2] },
    ],
  });

  it('3.740157480314961, between a2 and b2', () => {
    const r = distanceBetween(world, 'ua', 'ub');
    expect(Math.abs(r.distanceInches - 3.740157480314961)).toBeLessThan(EXACT);
    expectPoints(r, inBase(baseOf(a2)), inBase(baseOf(b2)));
    expect(distanceBetween(world, 'ub', 'ua').distanceInches).toBeCloseTo(r.distanceInches, 9);
  });

  it('unit to model and unit to objective use the closest model', () => {
    // ua to b1: min(a1-b1, a2-b1) = |(6, 10)| - 32/25.4 = sqrt(136) - 1.2598...
    expect(Math.abs(distanceBetween(world, 'ua', 'b1').distanceInches - (Math.sqrt(136) - 32 / MM))).toBeLessThan(EXACT);
    // ub to o (40, 30): b1 at (20, 30) is 20 away -> 20 - 16/25.4 - 20/25.4
    expect(Math.abs(distanceBetween(world, 'ub', 'o').distanceInches - (20 - 36 / MM))).toBeLessThan(EXACT);
  });
});

describe('distance: an oval base against terrain (closest point on the ellipse tip)', () => {
  // 60x35 oval facing 0 at (10, 10): tip at x = 10 + 30/25.4; box face at x = 19 -> 9 - 30/25.4.
  const box: BoxSpec = { center: [20, 10], size: [2, 4, 3] };
  const world = makeWorld({
    terrain: [{ id: 'box', boxes: [box] }],
    units: [{ id: 'a', army: 'n', models: [{ id: 'o1', base: { oval: [60, 35] }, pos: [10, 10], height: 2 }, { id: 'o2', base: { oval: [60, 35] }, pos: [10, 20], facing: 90, height: 2 }] }],
  });
  it('tip: 9 - 30/25.4 = 7.818897637795276', () => {
    expect(Math.abs(distanceBetween(world, 'o1', 'box').distanceInches - (9 - 30 / MM))).toBeLessThan(EXACT);
  });
  it('facing 90 at (10, 20): closest is the flank to the box corner region; plan gap to x = 19 face is not reached (y = 20 > 12)', () => {
    // the oval spans y in [20 - 30/25.4, 20 + 30/25.4] = [18.82, 21.18] and x in [9.31, 10.69];
    // the box's nearest point is the edge x in [19, 21], y = 12 -> the corner (19, 12).
    // Closest point of the ellipse to (19, 12) is on its lower-right arc; the distance is checked
    // against an independent dense search of the ellipse (step < 1e-7 rad near the optimum).
    const a = 30 / MM;
    const b = 17.5 / MM;
    // facing 90: long axis along y. Boundary point (10 - b sin t, 20 + a cos t).
    let best = Infinity;
    let bt = 0;
    for (let i = 0; i < 200000; i++) {
      const t = (2 * Math.PI * i) / 200000;
      const d = Math.hypot(10 - b * Math.sin(t) - 19, 20 + a * Math.cos(t) - 12);
      if (d < best) {
        best = d;
        bt = t;
      }
    }
    for (let k = 0; k < 60; k++) {
      const h = (2 * Math.PI) / 200000 / 2 ** (k / 3);
      for (const t of [bt - h, bt + h]) {
        const d = Math.hypot(10 - b * Math.sin(t) - 19, 20 + a * Math.cos(t) - 12);
        if (d < best) {
          best = d;
          bt = t;
        }
      }
    }
    expect(Math.abs(distanceBetween(world, 'o2', 'box').distanceInches - best)).toBeLessThan(EXACT);
  });
});

describe('distance: properties (fast-check)', () => {
  const baseArb = fc.oneof(
    fc.constantFrom(25, 32, 40, 50, 60).map((d) => ({ round: d }) as { round: number } | { oval: [number, number] }),
    fc.constantFrom<[number, number]>([60, 35], [75, 42], [90, 52]).map((o) => ({ oval: o }) as { round: number } | { oval: [number, number] }),
  );
  const modelArb = fc.record({
    base: baseArb,
    x: fc.double({ min: 5, max: 25, noNaN: true }),
    y: fc.double({ min: 5, max: 25, noNaN: true }),
    facing: fc.double({ min: 0, max: 360, noNaN: true }),
    elevation: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 5, noNaN: true })),
  });

  /**
   * For sets the plain triangle inequality d(A,C) <= d(A,B) + d(B,C) is FALSE (A and C may both
   * touch a big B on opposite sides: 0 + 0 < d(A,C)). What holds: pick a in A, b1 in B with
   * |a b1| = d(A,B) and b2 in B, c in C with |b2 c| = d(B,C); then
   * d(A,C) <= |a c| <= |a b1| + |b1 b2| + |b2 c| <= d(A,B) + diam(B) + d(B,C),
   * with diam(B) the diameter of B's base SOLID = hypot(long axis, base thickness).
   */
  it('symmetry, and d(A,C) <= d(A,B) + diam(S(B)) + d(B,C)', () => {
    fc.assert(
      fc.property(modelArb, modelArb, modelArb, (a, b, c) => {
        const spec = (id: string, m: typeof a): ModelSpec => ({ id, base: m.base, pos: [m.x, m.y], facing: m.facing, elevation: m.elevation, height: 1 });
        const w = makeWorld({ units: [{ id: 'ua', army: 'x', models: [spec('a', a)] }, { id: 'ub', army: 'y', models: [spec('b', b)] }, { id: 'uc', army: 'z', models: [spec('c', c)] }] });
        const ab = distanceBetween(w, 'a', 'b').distanceInches;
        const ba = distanceBetween(w, 'b', 'a').distanceInches;
        const bc = distanceBetween(w, 'b', 'c').distanceInches;
        const ac = distanceBetween(w, 'a', 'c').distanceInches;
        expect(Math.abs(ab - ba)).toBeLessThan(1e-9);
        const longMm = 'round' in b.base ? b.base.round : Math.max(...b.base.oval);
        const diamB = Math.hypot(longMm / MM, 4 / MM);
        expect(ac).toBeLessThanOrEqual(ab + diamB + bc + 1e-9);
        expect(ab).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200, seed: 7 },
    );
  });

  it('the plain triangle inequality fails for sets: a concrete counterexample', () => {
    // B: a 60 mm base at (10, 10); A and C 32 mm bases touching B on opposite sides.
    const rb = rad(60);
    const w = makeWorld({
      units: [
        { id: 'ua', army: 'x', models: [m32('a', 10 - rb - R32, 10)] },
        { id: 'ub', army: 'y', models: [{ id: 'b', base: { round: 60 }, pos: [10, 10], height: 1 }] },
        { id: 'uc', army: 'z', models: [m32('c', 10 + rb + R32, 10)] },
      ],
    });
    const ab = distanceBetween(w, 'a', 'b').distanceInches;
    const bc = distanceBetween(w, 'b', 'c').distanceInches;
    const ac = distanceBetween(w, 'a', 'c').distanceInches;
    expect(ab).toBeLessThan(1e-9);
    expect(bc).toBeLessThan(1e-9);
    // a and c are 60/25.4 = 2.3622" apart (B's diameter)
    expect(ac).toBeCloseTo(60 / MM, 6);
    expect(ac).toBeGreaterThan(ab + bc);
  });
});
