import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { footprintFromBase, type Footprint } from './footprint';
import { footprintGap, footprintGapAtLeast, footprintGapAtMost } from './footprintGap';

/**
 * Plan-view gaps between bases, every expected value worked by hand. 1" = 25.4 mm, so a round
 * base of D mm has radius D / 50.8"; a 60x35 oval has semi-axes a = 30/25.4" and b = 17.5/25.4".
 * Exactness: 1e-6" (the tests use 1e-9 where the answer is a closed form).
 */
const MM = 25.4;
const EXACT = 1e-9;
const A60 = 30 / MM; // 60x35 oval: semi-major 1.181102..."
const B35 = 17.5 / MM; // semi-minor 0.688976..."

const round = (mm: number, x: number, y: number) => footprintFromBase({ round: mm }, [x, y]);
const oval = (x: number, y: number, facing: number) => footprintFromBase({ oval: [60, 35] }, [x, y], facing);

/** Is (x, y) on the boundary curve of f (implicit equation equal to 1, to 1e-9)? */
function onBoundary(f: Footprint, p: [number, number]): boolean {
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const dx = p[0] - f.x;
  const dy = p[1] - f.y;
  const u = (c * dx + s * dy) / f.semiMajor;
  const v = (-s * dx + c * dy) / f.semiMinor;
  return Math.abs(Math.hypot(u, v) - 1) < 1e-9;
}

/**
 * Distance from (px, py) (px, py >= 0, outside) to the ellipse of semi-axes a, b: a ternary search
 * over the angle of its first-quadrant arc (a, b) * (cos t, sin t), independent of the code's.
 */
function quarterArcDistance(a: number, b: number, px: number, py: number): number {
  const at = (t: number) => Math.hypot(a * Math.cos(t) - px, b * Math.sin(t) - py);
  let lo = 0;
  let hi = Math.PI / 2;
  for (let k = 0; k < 200; k++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    if (at(m1) < at(m2)) hi = m2;
    else lo = m1;
  }
  return at((lo + hi) / 2);
}

/** The gap, checked for symmetry, closest points on the boundaries, and |a - b| = gap. */
function gapChecked(f1: Footprint, f2: Footprint): number {
  const g = footprintGap(f1, f2);
  const h = footprintGap(f2, f1);
  expect(h.gapInches).toBeCloseTo(g.gapInches, 9);
  if (g.gapInches > 0) {
    expect(g.overlapping).toBe(false);
    expect(onBoundary(f1, g.a)).toBe(true);
    expect(onBoundary(f2, g.b)).toBe(true);
    expect(Math.hypot(g.a[0] - g.b[0], g.a[1] - g.b[1])).toBeCloseTo(g.gapInches, 9);
  }
  return g.gapInches;
}

describe('footprintGap: round vs round', () => {
  it('32 mm bases 10" apart centre to centre: 10 - 32/25.4 = 8.740157480...', () => {
    const g = footprintGap(round(32, 10, 5), round(32, 20, 5));
    // each radius 16/25.4 = 0.629921259...; gap = 10 - 2 * 0.629921259 = 8.740157480314961
    expect(Math.abs(g.gapInches - (10 - 32 / MM))).toBeLessThan(EXACT);
    expect(Math.abs(g.gapInches - 8.740157480314961)).toBeLessThan(EXACT);
    // closest points on the centre line: (10 + 0.6299..., 5) and (20 - 0.6299..., 5)
    expect(g.a[0]).toBeCloseTo(10 + 16 / MM, 12);
    expect(g.a[1]).toBeCloseTo(5, 12);
    expect(g.b[0]).toBeCloseTo(20 - 16 / MM, 12);
    expect(g.b[1]).toBeCloseTo(5, 12);
    expect(gapChecked(round(32, 10, 5), round(32, 20, 5))).toBeCloseTo(8.740157480314961, 9);
  });

  it('25 mm and 40 mm on a 3-4-5 diagonal (centres 10" apart): 10 - 12.5/25.4 - 20/25.4', () => {
    // centres (0,0) and (6,8): |c1 c2| = 10
    const gap = gapChecked(round(25, 0, 0), round(40, 6, 8));
    expect(Math.abs(gap - (10 - 32.5 / MM))).toBeLessThan(EXACT); // 8.720472440944881
    const g = footprintGap(round(25, 0, 0), round(40, 6, 8));
    // closest point of the first base: (0.6, 0.8) * 12.5/25.4
    expect(g.a[0]).toBeCloseTo(0.6 * 12.5 / MM, 12);
    expect(g.a[1]).toBeCloseTo(0.8 * 12.5 / MM, 12);
  });

  it('touching bases have gap 0; overlapping bases have gap 0 and are flagged', () => {
    // 25.4 mm bases have radius 0.5": centres 1" apart touch.
    expect(footprintGap(round(25.4, 0, 0), round(25.4, 1, 0)).gapInches).toBeLessThan(EXACT);
    const o = footprintGap(round(32, 0, 0), round(32, 1, 0)); // centres 1" < 1.2598" apart
    expect(o.gapInches).toBe(0);
    expect(o.overlapping).toBe(true);
    expect(o.signedInches).toBeCloseTo(1 - 32 / MM, 12); // penetration 0.2598"
  });
});

describe('footprintGap: round vs oval (60x35)', () => {
  // A circle whose centre lies on an axis of the ellipse, far enough out, is closest to the
  // vertex on that axis: the ellipse lies in the half-plane |u| <= a (or |v| <= b), and the
  // vertex is in it and on the centre line, so gap = d - (semi-axis) - r exactly.
  const r32 = 16 / MM;
  it.each([
    { facing: 0, at: [5, 0], expected: 5 - A60 - r32, what: 'long axis along x, circle on the long axis' },
    { facing: 0, at: [0, 5], expected: 5 - B35 - r32, what: 'long axis along x, circle on the short axis' },
    { facing: 90, at: [5, 0], expected: 5 - B35 - r32, what: 'long axis along y, circle on the short axis' },
    { facing: 90, at: [0, 5], expected: 5 - A60 - r32, what: 'long axis along y, circle on the long axis' },
    { facing: 45, at: [5 * Math.SQRT1_2, 5 * Math.SQRT1_2], expected: 5 - A60 - r32, what: 'facing 45, circle on the long axis' },
    { facing: 45, at: [-5 * Math.SQRT1_2, 5 * Math.SQRT1_2], expected: 5 - B35 - r32, what: 'facing 45, circle on the short axis' },
    { facing: 180, at: [-5, 0], expected: 5 - A60 - r32, what: 'facing 180 is the same oval' },
  ])('$what: gap $expected', ({ facing, at, expected }) => {
    // long axis: 5 - 30/25.4 - 16/25.4 = 5 - 46/25.4 = 3.188976377952756
    // short axis: 5 - 17.5/25.4 - 16/25.4 = 5 - 33.5/25.4 = 3.681102362204724
    const gap = gapChecked(oval(0, 0, facing), round(32, at[0], at[1]));
    expect(Math.abs(gap - expected)).toBeLessThan(1e-9);
  });

  it('long axis 5 - 46/25.4 = 3.188976..., short axis 5 - 33.5/25.4 = 3.681102... (numbers)', () => {
    expect(gapChecked(oval(0, 0, 0), round(32, 5, 0))).toBeCloseTo(3.188976377952756, 9);
    expect(gapChecked(oval(0, 0, 0), round(32, 0, 5))).toBeCloseTo(3.681102362204724, 9);
  });

  it('a circle touching the oval tip has gap 0; a circle around the oval centre overlaps', () => {
    // circle of radius 16/25.4 centred at a + r on the long axis touches the tip
    expect(footprintGap(oval(0, 0, 0), round(32, A60 + 16 / MM, 0)).gapInches).toBeLessThan(1e-9);
    const o = footprintGap(oval(0, 0, 30), round(32, 0.1, 0.1));
    expect(o.gapInches).toBe(0);
    expect(o.overlapping).toBe(true);
  });
});

describe('footprintGap: oval vs oval (60x35)', () => {
  // Half-plane argument in the frame of the line of centres: if ellipse 1 lies in u <= h1, ellipse
  // 2 in u >= d - h2 and both extreme points are on the centre line, gap = d - h1 - h2 exactly.
  it.each([
    { f1: 0, f2: 0, dir: 0, expected: 5 - 2 * A60, what: 'both facing 0, side by side along x (tip to tip)' },
    { f1: 90, f2: 90, dir: 0, expected: 5 - 2 * B35, what: 'both facing 90, side by side along x (flank to flank)' },
    { f1: 0, f2: 90, dir: 0, expected: 5 - A60 - B35, what: 'facing 0 and 90 along x (tip to flank)' },
    { f1: 90, f2: 0, dir: 90, expected: 5 - A60 - B35, what: 'facing 90 and 0 along y (tip to flank)' },
    { f1: 45, f2: 45, dir: 45, expected: 5 - 2 * A60, what: 'both facing 45 along the 45 degree line (tip to tip)' },
    { f1: 45, f2: 45, dir: 135, expected: 5 - 2 * B35, what: 'both facing 45 along the 135 degree line (flank to flank)' },
    { f1: 45, f2: 135, dir: 45, expected: 5 - A60 - B35, what: 'facing 45 and 135 along 45 (tip to flank)' },
    { f1: 0, f2: 0, dir: 90, expected: 5 - 2 * B35, what: 'both facing 0 along y (flank to flank)' },
  ])('$what', ({ f1, f2, dir, expected }) => {
    // tip to tip 5 - 60/25.4 = 2.637795275590551; flank to flank 5 - 35/25.4 = 3.622047244094488;
    // tip to flank 5 - 47.5/25.4 = 3.129921259842520
    const d = (dir * Math.PI) / 180;
    const gap = gapChecked(oval(0, 0, f1), oval(5 * Math.cos(d), 5 * Math.sin(d), f2));
    expect(Math.abs(gap - expected)).toBeLessThan(1e-9);
  });

  it('numbers: tip to tip 2.637795..., flank to flank 3.622047..., tip to flank 3.129921...', () => {
    expect(gapChecked(oval(10, 10, 0), oval(15, 10, 0))).toBeCloseTo(2.637795275590551, 9);
    expect(gapChecked(oval(10, 10, 90), oval(15, 10, 90))).toBeCloseTo(3.622047244094488, 9);
    expect(gapChecked(oval(10, 10, 0), oval(15, 10, 90))).toBeCloseTo(3.12992125984252, 9);
  });

  it('crossed ovals at the same centre overlap; tip-to-tip touching gives 0', () => {
    const o = footprintGap(oval(0, 0, 0), oval(0, 0, 90));
    expect(o.gapInches).toBe(0);
    expect(o.overlapping).toBe(true);
    expect(footprintGap(oval(0, 0, 0), oval(2 * A60, 0, 0)).gapInches).toBeLessThan(1e-9);
  });
});

describe('footprintGap: properties against a brute-force reference', () => {
  /**
   * Dense brute force over both boundaries: always >= the true gap (finite samples). Every pair
   * of the n x n samples is compared by its squared distance (flat arrays; the square root of the
   * least once): the same pairs and the same minimum as `Math.hypot` over each pair, to rounding.
   */
  function bruteGap(f1: Footprint, f2: Footprint, n = 1500): number {
    const pts = (f: Footprint) => {
      const out = new Float64Array(2 * n);
      const c = Math.cos(f.facingRad);
      const s = Math.sin(f.facingRad);
      for (let i = 0; i < n; i++) {
        const t = (2 * Math.PI * i) / n;
        const u = f.semiMajor * Math.cos(t);
        const v = f.semiMinor * Math.sin(t);
        out[2 * i] = f.x + c * u - s * v;
        out[2 * i + 1] = f.y + s * u + c * v;
      }
      return out;
    };
    const p = pts(f1);
    const q = pts(f2);
    let best = Infinity;
    for (let i = 0; i < p.length; i += 2) {
      const ax = p[i];
      const ay = p[i + 1];
      for (let j = 0; j < q.length; j += 2) {
        const dx = ax - q[j];
        const dy = ay - q[j + 1];
        const d2 = dx * dx + dy * dy;
        if (d2 < best) best = d2;
      }
    }
    return Math.sqrt(best);
  }

  const base = fc.oneof(
    fc.constantFrom(25, 28, 32, 40, 50, 60, 80).map((d) => ({ round: d }) as const),
    fc.constantFrom<[number, number]>([60, 35], [75, 42], [90, 52], [105, 70], [120, 92]).map((o) => ({ oval: o }) as const),
  );

  it('symmetric, never negative, and between the brute-force minimum minus its resolution and the minimum', () => {
    fc.assert(
      fc.property(base, base, fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0.5, max: 8, noNaN: true }), fc.double({ min: 0, max: 360, noNaN: true }), (b1, b2, f1deg, f2deg, d, dir) => {
        const t = (dir * Math.PI) / 180;
        const f1 = footprintFromBase(b1, [0, 0], f1deg);
        const f2 = footprintFromBase(b2, [d * Math.cos(t), d * Math.sin(t)], f2deg);
        const g = footprintGap(f1, f2).gapInches;
        const h = footprintGap(f2, f1).gapInches;
        expect(g).toBeGreaterThanOrEqual(0);
        expect(Math.abs(g - h)).toBeLessThan(1e-9);
        const brute = bruteGap(f1, f2);
        // nested footprints (one centre inside the other) have gap 0 with boundaries apart: skip
        const inside = (f: Footprint, x: number, y: number) => {
          const c = Math.cos(f.facingRad);
          const s = Math.sin(f.facingRad);
          return ((c * (x - f.x) + s * (y - f.y)) / f.semiMajor) ** 2 + ((-s * (x - f.x) + c * (y - f.y)) / f.semiMinor) ** 2 <= 1;
        };
        if (inside(f1, f2.x, f2.y) || inside(f2, f1.x, f1.y)) {
          expect(g).toBe(0);
        } else {
          // brute is attained by real boundary points, so the true gap is <= brute
          expect(g).toBeLessThanOrEqual(brute + 1e-9);
          // sampling resolution: arc step <= a * 2 pi / 1500 < 0.0101" for a <= 2.4"; the
          // nearest sample of each boundary is within half a step, so brute - gap <= one step.
          expect(g).toBeGreaterThanOrEqual(brute - 0.011);
        }
      }),
      { numRuns: 60, seed: 20240917 },
    );
  });
});

/**
 * footprintGapAtLeast and footprintGapAtMost agree with the exact gap at `inches`, and at thresholds 1e-6" either side
 * of the gap (where only the exact measure can decide) when the bases do not touch; true when those were checked.
 */
function agreesAtThreshold(f1: Footprint, f2: Footprint, inches: number): boolean {
  const gap = footprintGap(f1, f2).gapInches;
  expect(footprintGapAtLeast(f1, f2, inches)).toBe(gap >= inches);
  expect(footprintGapAtMost(f1, f2, inches)).toBe(gap <= inches);
  if (gap <= 1e-3) return false;
  expect(footprintGapAtLeast(f1, f2, gap - 1e-6)).toBe(true);
  expect(footprintGapAtLeast(f1, f2, gap + 1e-6)).toBe(false);
  expect(footprintGapAtMost(f1, f2, gap - 1e-6)).toBe(false);
  expect(footprintGapAtMost(f1, f2, gap + 1e-6)).toBe(true);
  return true;
}

describe('footprintGapAtLeast: the exact answer, decided by bounds where they are conclusive', () => {
  const base = fc.oneof(
    fc.constantFrom(25, 32, 40, 60, 100).map((d) => ({ round: d }) as const),
    fc.constantFrom<[number, number]>([60, 35], [75, 42], [90, 52], [120, 92]).map((o) => ({ oval: o }) as const),
  );

  it('agrees with footprintGap(...).gapInches >= inches for any bases, facings and distances, also at the threshold', () => {
    let nearThreshold = 0;
    fc.assert(
      fc.property(base, base, fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 6, noNaN: true }), fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true }), (b1, b2, f1deg, f2deg, d, dir, inches) => {
        const t = (dir * Math.PI) / 180;
        const f1 = footprintFromBase(b1, [10, 10], f1deg);
        const f2 = footprintFromBase(b2, [10 + d * Math.cos(t), 10 + d * Math.sin(t)], f2deg);
        if (agreesAtThreshold(f1, f2, inches)) nearThreshold++;
      }),
      { numRuns: 800, seed: 20261127 },
    );
    expect(nearThreshold).toBeGreaterThan(40);
  });

  it('equal bases facing the same way (decided by the doubled base): agrees with footprintGap, also at the threshold', () => {
    let nearThreshold = 0;
    fc.assert(
      fc.property(base, fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 6, noNaN: true }), fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: 0, max: 3, noNaN: true }), (b, facing, d, dir, inches) => {
        const t = (dir * Math.PI) / 180;
        const f1 = footprintFromBase(b, [10, 10], facing);
        const f2 = footprintFromBase(b, [10 + d * Math.cos(t), 10 + d * Math.sin(t)], facing);
        expect(footprintGapAtLeast(f2, f1, inches)).toBe(footprintGap(f1, f2).gapInches >= inches);
        if (agreesAtThreshold(f1, f2, inches)) nearThreshold++;
      }),
      { numRuns: 200, seed: 20261129 },
    );
    expect(nearThreshold).toBeGreaterThan(10);
  });

  it('known answers: two 60x35 ovals facing 30°, one behind the other along the long axis 0.3" apart, and diagonally', () => {
    // Along the long axis: centres 2a + 0.3 apart, the gap is 0.3 (the tips face each other).
    const c = Math.cos(Math.PI / 6);
    const s = Math.sin(Math.PI / 6);
    const a = oval(0, 0, 30);
    const b = oval((2 * A60 + 0.3) * c, (2 * A60 + 0.3) * s, 30);
    expect(footprintGapAtLeast(a, b, 0.3 - 1e-6)).toBe(true);
    expect(footprintGapAtLeast(a, b, 0.3 + 1e-6)).toBe(false);
    // Offset (2a, 2b) in the ovals' own axes: the gap is the distance from (2a, 2b) to the base
    // doubled, twice the distance from (a, b) to the base itself: 2 * 0.36268" = 0.72537" (the
    // nearest point of the quarter arc found by a ternary search over its angle, below).
    const u = 2 * A60;
    const v = 2 * B35;
    const diag = oval(u * c - v * s, u * s + v * c, 30);
    const want = 2 * quarterArcDistance(A60, B35, A60, B35);
    expect(want).toBeCloseTo(0.72537, 5);
    expect(footprintGapAtLeast(a, diag, want - 1e-6)).toBe(true);
    expect(footprintGapAtLeast(a, diag, want + 1e-6)).toBe(false);
    expect(footprintGap(a, diag).gapInches).toBeCloseTo(want, 9);
  });

  it('known answers: two 60x35 ovals side by side along their short axes, 0.3" apart; 32 mm rounds 1" apart', () => {
    const a = oval(0, 0, 90);
    const b = oval(2 * B35 + 0.3, 0, 90);
    expect(footprintGapAtLeast(a, b, 0.3 - 1e-6)).toBe(true);
    expect(footprintGapAtLeast(a, b, 0.3 + 1e-6)).toBe(false);
    const r1 = round(32, 0, 0);
    const r2 = round(32, 32 / MM + 1, 0);
    expect(footprintGapAtLeast(r1, r2, 1 - 1e-9)).toBe(true);
    expect(footprintGapAtLeast(r1, r2, 1 + 1e-9)).toBe(false);
    expect(footprintGapAtLeast(r1, r1, 0)).toBe(true);
    expect(footprintGapAtLeast(r1, r1, 0.01)).toBe(false);
    // At most: the same pairs the other way round; an overlap (gap 0) is within any range >= 0.
    expect(footprintGapAtMost(a, b, 0.3 + 1e-6)).toBe(true);
    expect(footprintGapAtMost(a, b, 0.3 - 1e-6)).toBe(false);
    expect(footprintGapAtMost(r1, r2, 1 + 1e-9)).toBe(true);
    expect(footprintGapAtMost(r1, r2, 1 - 1e-9)).toBe(false);
    expect(footprintGapAtMost(r1, r1, 0)).toBe(true);
    expect(footprintGapAtMost(r1, r1, -0.01)).toBe(false);
  });
});
