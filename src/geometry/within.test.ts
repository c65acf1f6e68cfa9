import { describe, expect, it } from 'vitest';
import { makeWorld, rad, T4, type ModelSpec } from '../../tests/scenario/geomKit';
import { resolveEntity, type Entity } from './distance';
import { isWhollyWithin, isWithin, type WithinObject } from './within';
import type { World } from './world';

/**
 * Within / wholly within (Core 2.1.1, 9.1.2, 32.0; INVENTORY G2, A-G15, A-G27).
 * Territories are plan-view polygons (vertical prisms): "within" = any part of the base in the
 * polygon, "wholly within" = every part (touching the border from inside counts as inside).
 * Distances to objectives are 3D between the base solid and the 0-thick marker disk at z = 0.
 * 32 mm base: r = 0.629921"; 40 mm marker: R = 0.787402"; 60x35 oval: a = 1.181102", b = 0.688976";
 * base thickness 4 mm = 0.157480".
 */
const MM = 25.4;
const R32 = rad(32);
const R40 = rad(40);
const A60 = 30 / MM;
const B35 = 17.5 / MM;

const NORTH: [number, number][] = [
  [0, 32],
  [60, 32],
  [60, 44],
  [0, 44],
];
const SOUTH: [number, number][] = [
  [0, 0],
  [60, 0],
  [60, 32],
  [0, 32],
];
const terr = (poly: [number, number][]): WithinObject => ({ kind: 'territory', polygon: poly });
const ent = (w: World, id: string): Entity => {
  const e = resolveEntity(w, id);
  if (!e) throw new Error(id);
  return e;
};
const obj = (w: World, id: string): WithinObject => ({ kind: 'entity', entity: ent(w, id) });
const m32 = (id: string, x: number, y: number, extra: Partial<ModelSpec> = {}): ModelSpec => ({ id, base: { round: 32 }, pos: [x, y], height: 1.2, ...extra });

describe('territories (plan view)', () => {
  const world = makeWorld({
    territories: { north: NORTH, south: SOUTH },
    objectives: [{ id: 'border', pos: [30, 32] }, { id: 'deep', pos: [30, 40] }],
    units: [
      {
        id: 'u',
        army: 'n',
        models: [
          m32('straddle', 30, 32), // centre on the border y = 32
          m32('flush', 40, 32 + R32), // base edge touching the border from inside
          m32('nick', 45, 32 + R32 - 0.001), // 0.001" over the border
          m32('out', 50, 32 - R32 - 0.01), // 0.01" outside north
          { id: 'ovalY', base: { oval: [60, 35] }, facing: 90, pos: [10, 32 + B35 + 0.1], height: 2 }, // long axis across the border
          { id: 'ovalX', base: { oval: [60, 35] }, facing: 0, pos: [20, 32 + B35 + 0.1], height: 2 }, // long axis along it
        ],
      },
    ],
  });

  it('a base straddling the border is within both territories and wholly within neither', () => {
    const s = ent(world, 'straddle');
    expect(isWithin(s, terr(NORTH), 0)).toBe(true);
    expect(isWhollyWithin(s, terr(NORTH), 0)).toBe(false);
    expect(isWithin(s, terr(SOUTH), 0)).toBe(true);
    expect(isWhollyWithin(s, terr(SOUTH), 0)).toBe(false);
  });

  it('a base touching the border from inside is wholly within; 0.001" over is not', () => {
    expect(isWhollyWithin(ent(world, 'flush'), terr(NORTH), 0)).toBe(true);
    expect(isWhollyWithin(ent(world, 'nick'), terr(NORTH), 0)).toBe(false);
    expect(isWithin(ent(world, 'nick'), terr(SOUTH), 0)).toBe(true);
  });

  it('a base 0.01" outside is not within, but is within 0.01" (+ epsilon) and not within 0.005"', () => {
    const o = ent(world, 'out');
    expect(isWithin(o, terr(NORTH), 0)).toBe(false);
    expect(isWithin(o, terr(NORTH), 0.01)).toBe(true);
    expect(isWithin(o, terr(NORTH), 0.005)).toBe(false);
    expect(isWhollyWithin(o, terr(SOUTH), 0)).toBe(true);
  });

  it('an oval: long axis across the border straddles (reaches 32 + b + 0.1 - a = 31.608); along it, it is wholly within', () => {
    expect(isWhollyWithin(ent(world, 'ovalY'), terr(NORTH), 0)).toBe(false);
    expect(isWithin(ent(world, 'ovalY'), terr(SOUTH), 0)).toBe(true);
    expect(isWhollyWithin(ent(world, 'ovalX'), terr(NORTH), 0)).toBe(true);
    expect(isWithin(ent(world, 'ovalX'), terr(SOUTH), 0)).toBe(false);
  });

  it('T-17 Core 32.0: an objective marker on a border is within both territories and wholly within neither', () => {
    const b = ent(world, 'border');
    expect(isWithin(b, terr(NORTH), 0)).toBe(true);
    expect(isWithin(b, terr(SOUTH), 0)).toBe(true);
    expect(isWhollyWithin(b, terr(NORTH), 0)).toBe(false);
    expect(isWhollyWithin(b, terr(SOUTH), 0)).toBe(false);
    expect(isWhollyWithin(ent(world, 'deep'), terr(NORTH), 0)).toBe(true);
    expect(isWithin(ent(world, 'deep'), terr(SOUTH), 0)).toBe(false);
  });

  it('a unit is within if any model is, wholly within only if every model is', () => {
    const u = ent(world, 'u');
    expect(isWithin(u, terr(NORTH), 0)).toBe(true);
    expect(isWhollyWithin(u, terr(NORTH), 0)).toBe(false);
    const inside = makeWorld({ territories: { north: NORTH }, units: [{ id: 'v', army: 'n', models: [m32('v1', 10, 40), m32('v2', 12, 40)] }] });
    expect(isWhollyWithin(ent(inside, 'v'), terr(NORTH), 0)).toBe(true);
  });
});

describe('wholly within 6" of an objective (3D, A-G1)', () => {
  // The farthest point of a base from a marker disk at z = 0 is on the base's TOP rim (z = T4),
  // on the far side: plan distance (d + e) - R from the disk, e = the base's extent away from the
  // marker, so the 3D distance is hypot(d + e - R, T4). Wholly within 6 iff that is <= 6:
  //   d* = sqrt(36 - T4^2) - e + R.
  // Round 32 mm: e = r = 0.629921 -> d* = 5.997933 - 0.629921 + 0.787402 = 6.155414
  // Oval 60x35, long axis towards the marker: e = a = 1.181102 (the far tip is the farthest point:
  //   f(x) = (x + d)^2 + b^2 (1 - x^2/a^2) is convex in x, so its max is at x = a).
  // Oval 60x35, short axis towards the marker: e = b = 0.688976 (g(y) = a^2 (1 - y^2/b^2) + (y + d)^2
  //   is concave with its peak at y = d b^2/(a^2 - b^2) = 3.2 > b for d ~ 6, so the max is at y = b).
  const S = Math.sqrt(36 - T4 * T4);
  const cases: { what: string; base: ModelSpec['base']; facing: number; e: number; markerMm: number }[] = [
    { what: 'round 32 mm, 40 mm marker', base: { round: 32 }, facing: 0, e: R32, markerMm: 40 },
    { what: 'round 32 mm, point-like marker (1e-6 mm)', base: { round: 32 }, facing: 0, e: R32, markerMm: 1e-6 },
    { what: 'oval 60x35 long axis towards the marker', base: { oval: [60, 35] }, facing: 0, e: A60, markerMm: 40 },
    { what: 'oval 60x35 short axis towards the marker', base: { oval: [60, 35] }, facing: 90, e: B35, markerMm: 40 },
    { what: 'oval 60x35 long axis towards a point-like marker', base: { oval: [60, 35] }, facing: 180, e: A60, markerMm: 1e-6 },
  ];

  it.each(cases)('$what: wholly within at d* - 0.01, not at d* + 0.01; within at both', ({ base, facing, e, markerMm }) => {
    const R = markerMm / MM / 2;
    const dStar = S - e + R;
    const world = makeWorld({
      objectives: [{ id: 'o', pos: [30, 22], diameterMm: markerMm }],
      units: [
        {
          id: 'u',
          army: 'n',
          models: [
            { id: 'in', base, facing, pos: [30 + dStar - 0.01, 22], height: 2 },
            { id: 'out', base, pos: [30, 22 - (dStar + 0.01)], height: 2, facing: facing - 90 },
          ],
        },
      ],
    });
    expect(isWhollyWithin(ent(world, 'in'), obj(world, 'o'), 6)).toBe(true);
    expect(isWhollyWithin(ent(world, 'out'), obj(world, 'o'), 6)).toBe(false);
    expect(isWithin(ent(world, 'in'), obj(world, 'o'), 6)).toBe(true);
    expect(isWithin(ent(world, 'out'), obj(world, 'o'), 6)).toBe(true);
    // the unit: one model in, one not -> within but not wholly within
    expect(isWithin(ent(world, 'u'), obj(world, 'o'), 6)).toBe(true);
    expect(isWhollyWithin(ent(world, 'u'), obj(world, 'o'), 6)).toBe(false);
  });

  it('the numbers: round d* = 6.155414, long-axis oval d* = 5.604233, short-axis oval d* = 6.096359', () => {
    expect(S - R32 + R40).toBeCloseTo(6.155414, 5);
    expect(S - A60 + R40).toBeCloseTo(5.604233, 5);
    expect(S - B35 + R40).toBeCloseTo(6.096359, 5);
  });

  it('a unit is wholly within only when every model is', () => {
    const dStar = S - R32 + R40;
    const mk = (ds: number[]) =>
      makeWorld({
        objectives: [{ id: 'o', pos: [30, 22] }],
        units: [{ id: 'u', army: 'n', models: ds.map((d, i) => m32(`m${i}`, 30 + d * Math.cos(i), 22 + d * Math.sin(i))) }],
      });
    const all = mk([dStar - 0.01, 3, 1.5]);
    expect(isWhollyWithin(ent(all, 'u'), obj(all, 'o'), 6)).toBe(true);
    const oneOut = mk([dStar - 0.01, 3, dStar + 0.01]);
    expect(isWhollyWithin(ent(oneOut, 'u'), obj(oneOut, 'o'), 6)).toBe(false);
    expect(isWithin(ent(oneOut, 'u'), obj(oneOut, 'o'), 6)).toBe(true);
  });

  it('within (not wholly) uses the closest point: plan gap d - r - R on the table', () => {
    // d = 6 + r + R - 0.01 -> gap 5.99 (within 6); d = 6 + r + R + 0.01 -> gap 6.01 (not)
    const world = makeWorld({
      objectives: [{ id: 'o', pos: [30, 22] }],
      units: [{ id: 'u', army: 'n', models: [m32('a', 30 + 6 + R32 + R40 - 0.01, 22), m32('b', 30 - (6 + R32 + R40 + 0.01), 22)] }],
    });
    expect(isWithin(ent(world, 'a'), obj(world, 'o'), 6)).toBe(true);
    expect(isWithin(ent(world, 'b'), obj(world, 'o'), 6)).toBe(false);
  });
});

describe('wholly within another unit (3D base solids, Core 2.1.1): the bounds and the sampling agree', () => {
  // Two bases of equal height standing on the table: the farthest point of the subject from the
  // object is on the subject's far rim, in plan view, so the distance is exact in plan.
  // Round 32 mm subject, round 32 mm object, centres d apart: farthest = d + r - r = d.
  // Round 32 mm subject, 60x35 oval object with its long axis towards it: farthest = d + r - a
  // (the upper bound d + r - b is larger, so the sampling decides near the limit).
  const X = 12;
  const pair = (d: number, object: ModelSpec['base']) =>
    makeWorld({
      units: [
        { id: 's', army: 'n', models: [m32('s1', 30 + d, 22)] },
        { id: 'o', army: 'n', models: [{ id: 'o1', base: object, facing: 0, pos: [30, 22], height: 1.2 }] },
      ],
    });
  it('round to round: wholly within 12" at d = 11.99 (the bound decides), not at d = 12.01 (the sampling decides)', () => {
    const near = pair(X - 0.01, { round: 32 });
    const far = pair(X + 0.01, { round: 32 });
    expect(isWhollyWithin(ent(near, 's'), obj(near, 'o'), X)).toBe(true);
    expect(isWhollyWithin(ent(far, 's'), obj(far, 'o'), X)).toBe(false);
  });
  it('round to an oval end-on: wholly within at d + r - a = 11.99, not at 12.01 (both decided by sampling)', () => {
    const near = pair(X - 0.01 - R32 + A60, { oval: [60, 35] });
    const far = pair(X + 0.01 - R32 + A60, { oval: [60, 35] });
    expect(isWhollyWithin(ent(near, 's'), obj(near, 'o'), X)).toBe(true);
    expect(isWhollyWithin(ent(far, 's'), obj(far, 'o'), X)).toBe(false);
  });
  it('a base whose centre is beyond the limit is not wholly within (d - r = 12.5)', () => {
    const w = pair(X + 0.5 + R32, { round: 32 });
    expect(isWhollyWithin(ent(w, 's'), obj(w, 'o'), X)).toBe(false);
    expect(isWithin(ent(w, 's'), obj(w, 'o'), X)).toBe(true);
  });
});
