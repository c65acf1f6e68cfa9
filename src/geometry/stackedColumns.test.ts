import { describe, expect, it } from 'vitest';
import { BoxGeometry, CylinderGeometry } from 'three';
import { meshColumns } from './meshColumns';
import { meshOccluder, segmentHitsOccluder, type MeshOccluder, type Occluder } from './occluders';
import type { PlanBlocker } from './planClosure';
import { gapClearance, gapRise, joinedBlocker, joinedColumns } from './stackedColumns';
import { mulberry32 } from '../rules/dice';
import { positionsOf } from '../../tests/fixtures/meshPositions';

/** A tower of two closed meshes of one feature: a base of height h0 and, `gap` above it, a middle of height h1 (octagonal prisms, or boxes). */
function tower(h0: number, gap: number, h1: number, box: boolean): MeshOccluder[] {
  const g0 = box ? new BoxGeometry(2, 2, h0) : new CylinderGeometry(1.1, 1.1, h0, 8).rotateX(Math.PI / 2);
  const g1 = box ? new BoxGeometry(1.8, 1.8, h1) : new CylinderGeometry(0.95, 0.95, h1, 8).rotateX(Math.PI / 2);
  g0.translate(0, 0, h0 / 2);
  g1.translate(0, 0, h0 + gap + h1 / 2);
  return [meshOccluder(positionsOf(g0), 3), meshOccluder(positionsOf(g1), 3)];
}

/** A closed mesh's columns (none for other occluders). */
const columnsOf = (o: Occluder) => (o.kind === 'mesh' ? meshColumns(o) : []);

const scratch = (): PlanBlocker => ({ poly: new Float64Array(8), zMin: 0, zMax: 0, box: new Float64Array(4) });

/** Does the plan segment meet the axis rectangle of a blocker? (exact slab clip) */
function planMeets(b: PlanBlocker, ax: number, ay: number, bx: number, by: number): boolean {
  let lo = 0;
  let hi = 1;
  const d = [bx - ax, by - ay];
  const p = [ax, ay];
  for (let k = 0; k < 2; k++) {
    if (d[k] === 0) {
      if (p[k] < b.box[k] || p[k] > b.box[k + 2]) return false;
      continue;
    }
    let t0 = (b.box[k] - p[k]) / d[k];
    let t1 = (b.box[k + 2] - p[k]) / d[k];
    if (t0 > t1) [t0, t1] = [t1, t0];
    lo = Math.max(lo, t0);
    hi = Math.min(hi, t1);
  }
  return lo <= hi;
}

describe('joinedColumns: stacked closed meshes joined across their joint', () => {
  it('a base and a middle 0.0005" above it give joined columns spanning both, with the gap between the columns', () => {
    const [base, mid] = tower(1.97, 0.0005, 1.97, true);
    const cols = new Map<Occluder, ReturnType<typeof meshColumns>>([[base, meshColumns(base)], [mid, meshColumns(mid)]]);
    const js = joinedColumns([base, mid], (o) => cols.get(o) ?? []);
    expect(js.length).toBeGreaterThan(0);
    for (const j of js) {
      expect(j.lower).toBe(base);
      expect(j.zMin).toBeLessThan(1e-5);
      expect(j.zMax).toBeGreaterThan(3.94 - 1e-5);
      expect(j.g1 - j.g0).toBeGreaterThanOrEqual(0.0005);
    }
    // Meshes of different features, or apart in height, are not joined.
    const [b2, m2] = tower(1.97, 0.05, 1.97, true);
    expect(joinedColumns([b2, m2], columnsOf)).toHaveLength(0);
  });
  it('a level segment inside the gap is clear, and a shaft holding such ends gets no blocker', () => {
    const [base, mid] = tower(1.97, 0.0005, 1.97, true);
    const [j] = joinedColumns([base, mid], columnsOf);
    const z = 1.97 + 0.00025;
    expect(segmentHitsOccluder(base, -5, 0.3, z, 5, -0.2, z) || segmentHitsOccluder(mid, -5, 0.3, z, 5, -0.2, z)).toBe(false);
    expect(gapClearance(j, Float64Array.of(-5, 0.3, z, 5, -0.2, 1))).toBe(0);
    expect(joinedBlocker(j, 0, 10, scratch())).toBe(false);
  });
  it('sound on random towers and segments: a segment meeting the blocker in plan, its ends delta from the gap, hits a mesh', () => {
    const rnd = mulberry32(29);
    let checked = 0;
    for (let trial = 0; trial < 24; trial++) {
      const h0 = 0.5 + 2 * rnd();
      const gap = rnd() < 0.5 ? 0 : 0.002 * rnd();
      const [base, mid] = tower(h0, gap, 0.5 + 2 * rnd(), trial % 2 === 0);
      const js = joinedColumns([base, mid], columnsOf);
      for (const j of js) {
        // Heights of the ends: a few levels near the gap (delta away), as sample rows are.
        const delta = 0.001 + 0.05 * rnd();
        const levels = [j.g0 - delta, j.g1 + delta, j.g0 - delta - 0.25 * rnd(), j.g1 + delta + 0.25 * rnd(), j.zMin + 0.01, j.zMax - 0.01].filter((z) => z >= j.zMin && z <= j.zMax);
        for (let k = 0; k < 300; k++) {
          const ang = 2 * Math.PI * rnd();
          const r = 2 + 10 * rnd();
          const ax = r * Math.cos(ang), ay = r * Math.sin(ang);
          const bx = -r * Math.cos(ang + 0.3 * (rnd() - 0.5)) * (0.5 + rnd()), by = -r * Math.sin(ang + 0.3 * (rnd() - 0.5)) * (0.5 + rnd());
          const az = levels[Math.floor(rnd() * levels.length)];
          const bz = levels[Math.floor(rnd() * levels.length)];
          const A = Float64Array.of(ax, ay, az, ax, ay, az);
          const B = Float64Array.of(bx, by, bz, bx, by, bz);
          const b = scratch();
          const L = Math.hypot(bx - ax, by - ay);
          if (!joinedBlocker(j, gapRise(j, delta, A, B), L, b)) continue;
          if (!planMeets(b, ax, ay, bx, by)) continue;
          checked++;
          expect(segmentHitsOccluder(base, ax, ay, az, bx, by, bz) || segmentHitsOccluder(mid, ax, ay, az, bx, by, bz)).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
