import { describe, expect, it } from 'vitest';
import { planBlockersOf, planClosesShaft, type PlanBlocker } from './planClosure';
import { planSegmentsBlocked } from './planLines';
import { convexSolidTriangles, type ConvexSolid } from './solids';
import { solidOccluder, type SolidOccluder } from './occluders';
import { mulberry32 } from '../rules/dice';

const solid = (s: ConvexSolid): SolidOccluder => solidOccluder(s, 0, convexSolidTriangles(s));
const wall = (cx: number, cy: number, sx: number, sy: number, rotationDeg = 0) => solid({ kind: 'box', center: [cx, cy], size: [sx, sy, 3], rotationDeg, elevation: 0 });

/** Convex hull (counter-clockwise) of two rectangles' corners. */
function hullOf(r: number[]): Float64Array {
  const pts: [number, number][] = [];
  for (const [x0, y0, x1, y1] of [r.slice(0, 4), r.slice(4)]) pts.push([x0, y0], [x1, y0], [x1, y1], [x0, y1]);
  pts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: number[], a: number[], b: number[]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (const p of [...pts].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return Float64Array.from([...lower.slice(0, -1), ...upper.slice(0, -1)].flat());
}

/** Does the plan segment meet the closed convex polygon (counter-clockwise)? Exact clip of the segment by each edge's half-plane. */
function segmentMeets(b: PlanBlocker, px: number, py: number, qx: number, qy: number): boolean {
  const P = b.poly;
  const n = P.length >> 1;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const ex = P[2 * j] - P[2 * i], ey = P[2 * j + 1] - P[2 * i + 1];
    const f0 = ex * (py - P[2 * i + 1]) - ey * (px - P[2 * i]);
    const fd = ex * (qy - py) - ey * (qx - px);
    if (fd === 0) {
      if (f0 < 0) return false;
      continue;
    }
    const t = -f0 / fd;
    if (fd > 0) lo = Math.max(lo, t);
    else hi = Math.min(hi, t);
    if (lo > hi) return false;
  }
  return true;
}

describe('planSegmentsBlocked: straight plan segments met by pieces apart from one another', () => {
  it('two pieces one behind the other, overlapping in the view, close the straight segments (no chain joins them)', () => {
    const os = [wall(-0.6, -2, 1.8, 0.5), wall(0.6, 2, 1.8, 0.5)];
    const bs = os.flatMap(planBlockersOf);
    const rects = [-0.5, -5, 0.5, -4, -0.5, 4, 0.5, 5];
    const hull = hullOf(rects);
    expect(planSegmentsBlocked(bs, 2, ...(rects as [number, number, number, number, number, number, number, number]), hull, hull.length >> 1)).toBe(true);
    expect(planClosesShaft(bs, 2, Float64Array.of(-0.5, -5, 0, 0.5, -4, 1), Float64Array.of(-0.5, 4, 0, 0.5, 5, 1))).toBe(true);
    // Narrower pieces leave a slanted line between them.
    const thin = [wall(-0.7, -2, 1.6, 0.5), wall(0.7, 2, 1.6, 0.5)].flatMap(planBlockersOf);
    expect(planSegmentsBlocked(thin, 2, ...(rects as [number, number, number, number, number, number, number, number]), hull, hull.length >> 1)).toBe(false);
  });
  it('sound on random pieces: every proven pair of rectangles has every sampled segment meeting a footprint', () => {
    const rnd = mulberry32(41);
    let proven = 0;
    let missed = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const n = 1 + Math.floor(rnd() * 4);
      const os: SolidOccluder[] = [];
      for (let k = 0; k < n; k++) os.push(wall(-2 + 4 * rnd(), -2.5 + 5 * rnd(), 0.3 + 3 * rnd(), 0.3 + rnd(), rnd() < 0.5 ? 0 : 180 * rnd()));
      const bs = os.flatMap(planBlockersOf);
      const w = 0.2 + rnd(), d = 0.2 + rnd();
      const ax = -1 + 2 * rnd(), bx = -1 + 2 * rnd();
      const rects = [ax, -6, ax + w, -6 + d, bx, 5, bx + w, 5 + d];
      // Footprints meeting a rectangle are not passed (as planClosesShaft leaves them out).
      const keep = bs.filter((b) => b.box[1] > -6 + d && b.box[3] < 5);
      const hull = hullOf(rects);
      if (!planSegmentsBlocked(keep, keep.length, ...(rects as [number, number, number, number, number, number, number, number]), hull, hull.length >> 1)) continue;
      proven++;
      for (let k = 0; k < 400; k++) {
        const pick = (x0: number, y0: number) => {
          const r = rnd();
          const u = r < 0.15 ? 0 : r < 0.3 ? 1 : rnd();
          const s = rnd();
          const v = s < 0.15 ? 0 : s < 0.3 ? 1 : rnd();
          return [x0 + u * w, y0 + v * d];
        };
        const [px, py] = pick(ax, -6);
        const [qx, qy] = pick(bx, 5);
        if (!keep.some((b) => segmentMeets(b, px, py, qx, qy))) missed++;
      }
    }
    expect(missed).toBe(0);
    expect(proven).toBeGreaterThan(50);
  });
});
