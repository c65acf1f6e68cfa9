import { describe, expect, it } from 'vitest';
import { planBlockersOf, planClosesShaft, stackedBoxes, type PlanBlocker } from './planClosure';
import { convexSolidContains, convexSolidTriangles, type ConvexSolid } from './solids';
import { segmentHitsOccluder, solidOccluder, type SolidOccluder } from './occluders';
import { mulberry32 } from '../rules/dice';

const box = (...b: number[]) => Float64Array.from(b);
const solid = (s: ConvexSolid, feature = 0): SolidOccluder => solidOccluder(s, feature, convexSolidTriangles(s));
const wall = (cx: number, cy: number, sx: number, sy: number, h: number, rotationDeg = 0, elevation = 0) =>
  solid({ kind: 'box', center: [cx, cy], size: [sx, sy, h], rotationDeg, elevation });
const blockersOf = (os: SolidOccluder[]): PlanBlocker[] => os.flatMap(planBlockersOf);

/** Random segments between the boxes (corners, edges and inner points) all touch some occluder. */
function everySegmentBlocked(os: SolidOccluder[], A: Float64Array, B: Float64Array, rnd: () => number, n = 3000): boolean {
  const pick = (b: Float64Array, k: number): [number, number, number] => {
    if (k < 64) {
      const c = k & 7;
      return [c & 1 ? b[3] : b[0], c & 2 ? b[4] : b[1], c & 4 ? b[5] : b[2]];
    }
    const snap = (lo: number, hi: number) => {
      const r = rnd();
      return r < 0.2 ? lo : r < 0.4 ? hi : lo + (hi - lo) * rnd();
    };
    return [snap(b[0], b[3]), snap(b[1], b[4]), snap(b[2], b[5])];
  };
  for (let k = 0; k < n; k++) {
    const a = pick(A, k < 64 ? k : 64);
    const b = pick(B, k < 64 ? (k >> 3) | ((k & 7) << 3) : 64);
    if (!os.some((o) => segmentHitsOccluder(o, a[0], a[1], a[2], b[0], b[1], b[2]))) return false;
  }
  return true;
}

describe('planClosesShaft: upright pieces closing a shaft in plan', () => {
  it('a long wall between two low boxes closes; one passed beside does not', () => {
    const w = [wall(0, 0, 6, 0.5, 3)];
    expect(planClosesShaft(blockersOf(w), 1, box(-1, -5, 0, 1, -4, 1.2), box(-1, 4, 0, 1, 5, 1.2))).toBe(true);
    expect(planClosesShaft(blockersOf(w), 1, box(2, -5, 0, 4, -4, 1.2), box(3, 4, 0, 5, 5, 1.2))).toBe(false);
  });
  it('a shaft reaching above the wall is not closed in plan', () => {
    const w = [wall(0, 0, 6, 0.5, 1)];
    expect(planClosesShaft(blockersOf(w), 1, box(-1, -5, 0, 1, -4, 1.2), box(-1, 4, 0, 1, 5, 1.2))).toBe(false);
  });
  it('a thin wall crossed slantwise closes; a box over the wall in plan is refused', () => {
    const w = [wall(0, 0, 0.5, 8, 3)];
    const A = box(-2, -5, 0, -1.8, -4.8, 1);
    const B = box(1.8, 4.8, 0, 2, 5, 1);
    expect(planClosesShaft(blockersOf(w), 1, A, B)).toBe(true);
    expect(everySegmentBlocked(w, A, B, mulberry32(5))).toBe(true);
    expect(planClosesShaft(blockersOf(w), 1, A, box(-0.2, 3.5, 0, 0.2, 3.7, 1))).toBe(false);
  });
  it('two walls overlapping end to end: together they close what neither does', () => {
    const L = [wall(-1.25, 0, 3, 0.5, 2.5), wall(1.25, 0.2, 3, 0.5, 1.8, 10)];
    const A = box(-1, -5, 0, 1, -4, 1.25);
    const B = box(-1, 4, 0, 1, 5, 1.25);
    expect(planClosesShaft(blockersOf([L[0]]), 1, A, B)).toBe(false);
    expect(planClosesShaft(blockersOf([L[1]]), 1, A, B)).toBe(false);
    expect(planClosesShaft(blockersOf(L), 2, A, B)).toBe(true);
    expect(everySegmentBlocked(L, A, B, mulberry32(3))).toBe(true);
  });
  it('two walls with a gap between them do not close', () => {
    const os = [wall(-2, 0, 3.8, 0.5, 3), wall(2, 0, 3.8, 0.5, 3)];
    expect(planClosesShaft(blockersOf(os), 2, box(-0.5, -5, 0, 0.5, -4, 1), box(-0.5, 4, 0, 0.5, 5, 1))).toBe(false);
  });
  it('sound on random upright pieces and random boxes: every proven shaft is blocked segment by segment', () => {
    const rnd = mulberry32(19);
    let proven = 0;
    for (let trial = 0; trial < 1500; trial++) {
      const os: SolidOccluder[] = [];
      const n = 1 + Math.floor(rnd() * 4);
      for (let k = 0; k < n; k++) {
        if (rnd() < 0.75) os.push(wall(-3 + 6 * rnd(), -3 + 6 * rnd(), 0.3 + 5 * rnd(), 0.3 + 2 * rnd(), 1 + 3 * rnd(), rnd() < 0.5 ? 0 : 180 * rnd(), rnd() < 0.8 ? 0 : 0.5 * rnd()));
        else os.push(solid({ kind: 'cylinder', center: [-3 + 6 * rnd(), -3 + 6 * rnd()], radius: 0.3 + 1.5 * rnd(), height: 1 + 3 * rnd(), elevation: 0 }));
      }
      const boxAt = (cx: number, cy: number) => {
        const w = 0.05 + 1.2 * rnd();
        const d = 0.05 + 1.2 * rnd();
        const z0 = rnd() < 0.5 ? 0 : 0.8 * rnd();
        return box(cx, cy, z0, cx + w, cy + d, z0 + 0.2 + 1.2 * rnd());
      };
      const A = boxAt(-6 + 12 * rnd(), -7 + 2 * rnd());
      const B = boxAt(-6 + 12 * rnd(), 5 + 2 * rnd());
      const bs = blockersOf(os);
      if (planClosesShaft(bs, bs.length, A, B)) {
        proven++;
        expect(everySegmentBlocked(os, A, B, rnd, 1500)).toBe(true);
      }
    }
    expect(proven).toBeGreaterThan(100);
  });
});

describe('stackedBoxes: boxes inside the union of stacked pieces', () => {
  it('a wall on a floor gives the wall\'s footprint over both heights', () => {
    const floor = wall(12, 6, 8, 5, 1);
    const back = wall(12, 3.75, 8, 0.5, 3, 0, 1);
    const [d] = stackedBoxes([floor, back]);
    expect(d).toBeDefined();
    expect(Array.from(d.bounds).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([8, 3.5, 0, 16, 4, 4]);
  });
  it('pieces apart in height or turned differently give none', () => {
    expect(stackedBoxes([wall(0, 0, 4, 4, 1), wall(0, 0, 1, 1, 1, 0, 1.5)])).toHaveLength(0);
    expect(stackedBoxes([wall(0, 0, 4, 4, 1), wall(0, 0, 1, 1, 1, 30, 1)])).toHaveLength(0);
  });
  it('on random stacked pairs every point of a derived box lies in one of the pieces', () => {
    const rnd = mulberry32(7);
    let made = 0;
    for (let trial = 0; trial < 300; trial++) {
      const rot = 180 * rnd();
      const a = wall(4 * rnd(), 4 * rnd(), 0.5 + 4 * rnd(), 0.5 + 4 * rnd(), 0.5 + 2 * rnd(), rot);
      const a1 = (a.solid as { elevation: number; size: number[] }).size[2];
      const b = wall(4 * rnd(), 4 * rnd(), 0.5 + 4 * rnd(), 0.5 + 4 * rnd(), 0.5 + 2 * rnd(), rot, a1 * (0.5 + 0.5 * rnd()));
      for (const d of stackedBoxes([a, b])) {
        made++;
        const s = d.solid as Extract<ConvexSolid, { kind: 'box' }>;
        for (let k = 0; k < 200; k++) {
          const u = (rnd() - 0.5) * s.size[0];
          const v = (rnd() - 0.5) * s.size[1];
          const z = s.elevation + rnd() * s.size[2];
          const x = s.center[0] + d.cos * u - d.sin * v;
          const y = s.center[1] + d.sin * u + d.cos * v;
          expect(convexSolidContains(a.solid, x, y, z) || convexSolidContains(b.solid, x, y, z)).toBe(true);
        }
      }
    }
    expect(made).toBeGreaterThan(30);
  });
});
