import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxInsideBox, boxPlanInterval, columnPairCovered, COVER_MARGIN_INCHES, coveredHeights, heightsMeet, LINES_STRIDE, PIECE_STRIDE, writeBoxPiece, writeCoverLines } from './columnPairs';
import { SCRATCH_SEGMENT, scratchSegmentHits, solidOccluder, type SolidOccluder } from './occluders';
import { convexSolidTriangles, type ConvexSolid } from './solids';

function box(cx: number, cy: number, sx: number, sy: number, z0: number, z1: number, rotationDeg = 0): SolidOccluder {
  const solid: ConvexSolid = { kind: 'box', center: [cx, cy], size: [sx, sy, z1 - z0], rotationDeg, elevation: z0 };
  return solidOccluder(solid, 0, convexSolidTriangles(solid));
}

function pieceOf(o: SolidOccluder): Float64Array {
  const D = new Float64Array(PIECE_STRIDE);
  writeBoxPiece(o, D, 0);
  return D;
}

/** The box segment test on the segment (ax, ay, za)-(bx, by, zb). */
function boxTest(o: SolidOccluder, ax: number, ay: number, za: number, bx: number, by: number, zb: number): boolean {
  SCRATCH_SEGMENT.set([ax, ay, za, bx, by, zb]);
  return scratchSegmentHits(o);
}

const iv = new Float64Array(2);

describe('column pairs against a box (the layout cover proof)', () => {
  it('plan interval: hand-computed for a box square to the columns and one turned 45 degrees', () => {
    // A 2" x 2" box at the origin, columns at x = -5 and x = 5: inside from x = -1 to 1.
    const square = box(0, 0, 2, 2, 0, 2);
    expect(boxPlanInterval(pieceOf(square), 0, -5, 0, 5, 0, iv)).toBe(true);
    expect(iv[0]).toBeCloseTo(0.4, 12);
    expect(iv[1]).toBeCloseTo(0.6, 12);
    // Turned 45 degrees its corners lie on the x axis, sqrt(2) from the centre.
    const turned = box(0, 0, 2, 2, 0, 2, 45);
    expect(boxPlanInterval(pieceOf(turned), 0, -5, 0, 5, 0, iv)).toBe(true);
    expect(iv[0]).toBeCloseTo((5 - Math.SQRT2) / 10, 12);
    expect(iv[1]).toBeCloseTo((5 + Math.SQRT2) / 10, 12);
    // A plan segment passing 1.5" to the side misses the square box.
    expect(boxPlanInterval(pieceOf(square), 0, -5, 1.5, 5, 1.5, iv)).toBe(false);
  });

  it('heights: a segment through the box heights somewhere on the plan interval meets it (hand-computed)', () => {
    // Plan interval [0.4, 0.6], box heights 0..2.
    expect(heightsMeet(0.4, 0.6, 0, 2, 1, 1)).toBe(true);
    expect(heightsMeet(0.4, 0.6, 0, 2, 3, 3)).toBe(false);
    // From 3" down to -1": 1.4" at 0.4, 0.6" at 0.6.
    expect(heightsMeet(0.4, 0.6, 0, 2, 3, -1)).toBe(true);
    // From 5" to 1": 3.4" to 2.6", over the box.
    expect(heightsMeet(0.4, 0.6, 0, 2, 5, 1)).toBe(false);
    // From 2.5" to 1.5": 2.1" at 0.4 (over), 1.9" at 0.6 (inside).
    expect(heightsMeet(0.4, 0.6, 0, 2, 2.5, 1.5)).toBe(true);
    // Grazing the top within the margin does not count.
    expect(heightsMeet(0.4, 0.6, 0, 2, 2 + COVER_MARGIN_INCHES / 2, 2 + COVER_MARGIN_INCHES / 2)).toBe(false);
  });

  const scene = fc.record({
    cx: fc.double({ min: -2, max: 2, noNaN: true }),
    cy: fc.double({ min: -2, max: 2, noNaN: true }),
    sx: fc.double({ min: 0.2, max: 4, noNaN: true }),
    sy: fc.double({ min: 0.2, max: 4, noNaN: true }),
    z0: fc.double({ min: 0, max: 2, noNaN: true }),
    h: fc.double({ min: 0.1, max: 4, noNaN: true }),
    rot: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 180, noNaN: true })),
    ax: fc.double({ min: -8, max: 8, noNaN: true }),
    ay: fc.double({ min: -8, max: 8, noNaN: true }),
    bx: fc.double({ min: -8, max: 8, noNaN: true }),
    by: fc.double({ min: -8, max: 8, noNaN: true }),
    za: fc.array(fc.double({ min: 0, max: 6, noNaN: true }), { minLength: 2, maxLength: 6 }),
    zb: fc.array(fc.double({ min: 0, max: 6, noNaN: true }), { minLength: 2, maxLength: 6 }),
  });

  it('what heightsMeet counts, the box segment test finds blocked; what it finds blocked with room to spare, heightsMeet counts (random boxes and columns)', () => {
    let counted = 0;
    fc.assert(
      fc.property(scene, (s) => {
        const o = box(s.cx, s.cy, s.sx, s.sy, s.z0, s.z0 + s.h, s.rot);
        const shrunk = box(s.cx, s.cy, s.sx, s.sy, s.z0 + 1e-6, s.z0 + s.h - 1e-6, s.rot);
        const D = pieceOf(o);
        const plan = boxPlanInterval(D, 0, s.ax, s.ay, s.bx, s.by, iv);
        for (const za of s.za) {
          for (const zb of s.zb) {
            const meets = plan && heightsMeet(iv[0], iv[1], D[8], D[9], za, zb);
            if (meets) {
              counted++;
              expect(boxTest(o, s.ax, s.ay, za, s.bx, s.by, zb)).toBe(true);
            }
            if (boxTest(shrunk, s.ax, s.ay, za, s.bx, s.by, zb)) expect(meets).toBe(true);
          }
        }
      }),
      { numRuns: 3000, seed: 7 },
    );
    expect(counted).toBeGreaterThan(1000);
  });

  // Taller boxes and lower columns, so that one box often covers a whole column pair.
  const tall = fc.record({
    cx: fc.double({ min: -1, max: 1, noNaN: true }),
    cy: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
    sx: fc.double({ min: 1, max: 4, noNaN: true }),
    sy: fc.double({ min: 1.5, max: 4, noNaN: true }),
    z0: fc.double({ min: 0, max: 0.2, noNaN: true }),
    h: fc.double({ min: 2.5, max: 5, noNaN: true }),
    rot: fc.oneof(fc.constant(0), fc.double({ min: -20, max: 20, noNaN: true })),
    ax: fc.double({ min: -8, max: -2, noNaN: true }),
    ay: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
    bx: fc.double({ min: 2, max: 8, noNaN: true }),
    by: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
    za: fc.array(fc.double({ min: 0.1, max: 3, noNaN: true }), { minLength: 2, maxLength: 6 }),
    zb: fc.array(fc.double({ min: 0.1, max: 3, noNaN: true }), { minLength: 2, maxLength: 6 }),
  });

  it('a piece covering the four end segments of a column pair blocks every segment between the columns', () => {
    let covered = 0;
    fc.assert(
      fc.property(tall, (s) => {
        const o = box(s.cx, s.cy, s.sx, s.sy, s.z0, s.z0 + s.h, s.rot);
        const D = pieceOf(o);
        const zaTop = Math.max(...s.za), zaBottom = Math.min(...s.za);
        const zbTop = Math.max(...s.zb), zbBottom = Math.min(...s.zb);
        if (!boxPlanInterval(D, 0, s.ax, s.ay, s.bx, s.by, iv) || !columnPairCovered(iv[0], iv[1], D[8], D[9], zaTop, zaBottom, zbTop, zbBottom)) return;
        covered++;
        for (const za of s.za) for (const zb of s.zb) expect(boxTest(o, s.ax, s.ay, za, s.bx, s.by, zb)).toBe(true);
        for (let k = 0; k <= 10; k++) expect(boxTest(o, s.ax, s.ay, zaBottom + ((zaTop - zaBottom) * k) / 10, s.bx, s.by, zbTop - ((zbTop - zbBottom) * k) / 10)).toBe(true);
      }),
      { numRuns: 3000, seed: 11 },
    );
    expect(covered).toBeGreaterThan(100);
  });

  it("coveredHeights' interval is heightsMeet's set of heights of the second column (but within 1e-12\" of its ends)", () => {
    const lines = new Float64Array(LINES_STRIDE);
    let inside = 0;
    fc.assert(
      fc.property(scene, (s) => {
        const o = box(s.cx, s.cy, s.sx, s.sy, s.z0, s.z0 + s.h, s.rot);
        const D = pieceOf(o);
        if (!boxPlanInterval(D, 0, s.ax, s.ay, s.bx, s.by, iv)) return;
        const lo = iv[0], hi = iv[1];
        writeCoverLines(lo, hi, D[8], D[9], lines, 0);
        for (const za of s.za) {
          coveredHeights(lines, 0, za, iv);
          for (const zb of s.zb) {
            const inInterval = iv[0] <= zb && zb <= iv[1];
            if (Math.abs(zb - iv[0]) < 1e-12 || Math.abs(zb - iv[1]) < 1e-12) continue;
            expect(inInterval).toBe(heightsMeet(lo, hi, D[8], D[9], za, zb));
            if (inInterval) inside++;
          }
        }
      }),
      { numRuns: 3000, seed: 13 },
    );
    expect(inside).toBeGreaterThan(1000);
  });

  it('a column starting inside the footprint (plan interval from 0): the heights at 0 are the first column\'s own', () => {
    const lines = new Float64Array(LINES_STRIDE);
    // Box heights 0..2, plan interval [0, 0.5].
    writeCoverLines(0, 0.5, 0, 2, lines, 0);
    // From inside the box's heights: every height of the other column.
    coveredHeights(lines, 0, 1, iv);
    expect(iv[0]).toBe(-Infinity);
    expect(iv[1]).toBe(Infinity);
    // From 3" up: only where the segment is below 2" at 0.5, zb <= 1 (less the margin).
    coveredHeights(lines, 0, 3, iv);
    expect(iv[1]).toBeCloseTo(1, 8);
    expect(iv[1]).toBeLessThan(1);
    expect(heightsMeet(0, 0.5, 0, 2, 3, 0.99)).toBe(true);
    expect(heightsMeet(0, 0.5, 0, 2, 3, 1.01)).toBe(false);
  });

  it('boxInsideBox: a smaller box inside, one poking out, one above, and a turned one', () => {
    const outer = box(0, 0, 4, 4, 0, 3);
    expect(boxInsideBox(box(0.5, 0.5, 2, 2, 0.5, 2.5), outer)).toBe(true);
    expect(boxInsideBox(box(1.5, 0, 2, 2, 0.5, 2.5), outer)).toBe(false);
    expect(boxInsideBox(box(0, 0, 2, 2, 0.5, 3.5), outer)).toBe(false);
    // A 2" square turned 45 degrees reaches sqrt(2) from its centre: inside a 4" square, not a 2.6" one.
    expect(boxInsideBox(box(0, 0, 2, 2, 0, 1, 45), outer)).toBe(true);
    expect(boxInsideBox(box(0, 0, 2, 2, 0, 1, 45), box(0, 0, 2.6, 2.6, 0, 3))).toBe(false);
    expect(boxInsideBox(outer, box(0.5, 0.5, 2, 2, 0.5, 2.5))).toBe(false);
  });
});
