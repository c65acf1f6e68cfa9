import { describe, expect, it } from 'vitest';
import { buildSampleTree, composeSampleTrees, facingMask, filterSampleTree, pooledSampleBytes, prismSurfaceSamples, SampleArena, sampleTreeLike, type SampleTree, type SurfaceSamples } from './volumeSamples';

/** The points `facingMask` keeps, in order. */
function facingPoints(s: SurfaceSamples, ux: number, uy: number, spread: number, top: boolean, bottom: boolean): Float64Array {
  const keep = facingMask(s, ux, uy, spread, top, bottom);
  return Float64Array.from([...keep.keys()].filter((i) => keep[i]).flatMap((i) => [s.points[3 * i], s.points[3 * i + 1], s.points[3 * i + 2]]));
}

function model(x: number, y: number, radius: number, height: number) {
  return prismSurfaceSamples({ footprint: { x, y, semiMajor: radius, semiMinor: radius * 0.8, facingRad: 0.3 }, zMin: 0, zMax: height }, 0.25);
}

/** Checks the tree invariants: children partition their parent's points; bounds hold their points; owner ranges hold. */
function checkTree(t: SampleTree): void {
  const n = t.owner.length;
  expect(t.start[0]).toBe(0);
  expect(t.end[0]).toBe(n);
  for (let node = 0; node < t.start.length; node++) {
    const B = 6 * node;
    for (let i = t.start[node]; i < t.end[node]; i++) {
      for (let k = 0; k < 3; k++) {
        expect(t.points[3 * i + k]).toBeGreaterThanOrEqual(t.bounds[B + k]);
        expect(t.points[3 * i + k]).toBeLessThanOrEqual(t.bounds[B + 3 + k]);
      }
      expect(t.owner[i]).toBeGreaterThanOrEqual(t.ownerMin[node]);
      expect(t.owner[i]).toBeLessThanOrEqual(t.ownerMax[node]);
    }
    const l = t.left[node];
    const r = t.right[node];
    expect(l < 0).toBe(r < 0);
    if (l >= 0) {
      expect(t.start[l]).toBe(t.start[node]);
      expect(t.end[l]).toBe(t.start[r]);
      expect(t.end[r]).toBe(t.end[node]);
    }
  }
}

const key = (t: SampleTree, i: number) => `${t.owner[i]}:${t.points[3 * i].toFixed(9)},${t.points[3 * i + 1].toFixed(9)},${t.points[3 * i + 2].toFixed(9)}`;

describe('composeSampleTrees: one tree over several models without a rebuild', () => {
  const samples = [model(0, 0, 0.63, 2), model(2, 0.3, 0.5, 1.5), model(4.1, -0.2, 0.79, 2.4), model(1, 2, 0.63, 2)];
  const parts = samples.map((s) => buildSampleTree(facingPoints(s, 1, 0, 0.4, true, false), s.coveringRadiusInches));

  it('holds the same points as a tree built from the concatenation, each tagged with its model', () => {
    const composed = composeSampleTrees(parts, 0.2);
    const pts: number[] = [];
    const owners: number[] = [];
    parts.forEach((p, i) => {
      pts.push(...p.points);
      for (let k = 0; k < p.owner.length; k++) owners.push(i);
    });
    const built = buildSampleTree(Float64Array.from(pts), 0.2, Int32Array.from(owners));
    const a = [...Array(composed.owner.length).keys()].map((i) => key(composed, i)).sort();
    const b = [...Array(built.owner.length).keys()].map((i) => key(built, i)).sort();
    expect(a).toEqual(b);
    expect(composed.coveringRadiusInches).toBe(0.2);
    checkTree(composed);
  });

  it('the top nodes split whole models: node 0 spans all, each model is one subtree', () => {
    const composed = composeSampleTrees(parts, 0.2);
    // 4 models: 3 top nodes, then the models' own nodes.
    const own = parts.reduce((s, p) => s + p.start.length, 0);
    expect(composed.start.length).toBe(own + 3);
    expect(composed.ownerMin[0]).toBe(0);
    expect(composed.ownerMax[0]).toBe(3);
    for (let node = 0; node < 3; node++) expect(composed.left[node]).toBeGreaterThan(0);
  });

  it('skips empty parts but keeps the other parts\' indices as owners', () => {
    const empty = buildSampleTree(new Float64Array(0), 0.2);
    const composed = composeSampleTrees([parts[0], empty, parts[2]], 0.2);
    const owners = new Set(composed.owner);
    expect([...owners].sort()).toEqual([0, 2]);
    expect(composed.owner.length).toBe(parts[0].owner.length + parts[2].owner.length);
    checkTree(composed);
  });

  it('a single part is that part, re-tagged', () => {
    const composed = composeSampleTrees([parts[1]], 0.2);
    expect(Array.from(composed.points)).toEqual(Array.from(parts[1].points));
    expect(composed.start.length).toBe(parts[1].start.length);
    checkTree(composed);
  });
});

describe('filterSampleTree: a facing tree cut from a model\'s whole tree', () => {
  const s = model(1, -2, 0.79, 2.4);
  const full = buildSampleTree(s.points, s.coveringRadiusInches);

  it('holds exactly the points facingMask keeps, and is a valid tree with tight bounds', () => {
    for (const [ux, uy, spread, top, bottom] of [
      [1, 0, 0.4, true, false],
      [0, -1, 1.2, false, false],
      [Math.SQRT1_2, Math.SQRT1_2, 0.05, true, true],
      [1, 0, Math.PI, true, true],
    ] as const) {
      const cut = filterSampleTree(full, facingMask(s, ux, uy, spread, top, bottom));
      const want = buildSampleTree(facingPoints(s, ux, uy, spread, top, bottom), s.coveringRadiusInches);
      const a = [...Array(cut.owner.length).keys()].map((i) => key(cut, i)).sort();
      const b = [...Array(want.owner.length).keys()].map((i) => key(want, i)).sort();
      expect(a).toEqual(b);
      expect(a.length).toBeGreaterThan(0);
      checkTree(cut);
      // Tight: the root's bounds are those of the kept points.
      for (let k = 0; k < 3; k++) {
        let lo = Infinity;
        let hi = -Infinity;
        for (let i = 0; i < cut.owner.length; i++) {
          lo = Math.min(lo, cut.points[3 * i + k]);
          hi = Math.max(hi, cut.points[3 * i + k]);
        }
        expect(cut.bounds[k]).toBe(lo);
        expect(cut.bounds[3 + k]).toBe(hi);
      }
      // Every inner node has two non-empty children (no chains left by the cut).
      for (let node = 0; node < cut.start.length; node++) {
        if (cut.left[node] >= 0) {
          expect(cut.end[cut.left[node]]).toBeGreaterThan(cut.start[cut.left[node]]);
          expect(cut.end[cut.right[node]]).toBeGreaterThan(cut.start[cut.right[node]]);
        }
      }
    }
  });

  it('keeps everything as the whole tree\'s points, and nothing as an empty tree', () => {
    const all = filterSampleTree(full, new Uint8Array(full.owner.length).fill(1));
    expect(Array.from(all.points)).toEqual(Array.from(full.points));
    expect(all.start.length).toBe(full.start.length);
    const none = filterSampleTree(full, new Uint8Array(full.owner.length));
    expect(none.owner.length).toBe(0);
  });
});

describe('SampleArena: trees cut from pooled chunks', () => {
  it('a released chunk is the next arena\'s memory, and trees cut from stale memory are still right', () => {
    const s = model(3, 4, 0.63, 1.5);
    const full = buildSampleTree(s.points, s.coveringRadiusInches);
    const keep = facingMask(s, 1, 0, Math.PI / 8, false, false);
    const want = filterSampleTree(full, keep);
    const a = new SampleArena();
    const first = a.int32(10);
    // Old contents that a tree must not inherit: every entry of the chunk set to 7.
    new Int32Array(first.buffer).fill(7);
    new Float64Array(a.float64(10).buffer).fill(7);
    const before = pooledSampleBytes();
    a.release();
    expect(pooledSampleBytes()).toBeGreaterThan(before);
    const b = new SampleArena();
    const t = filterSampleTree(full, keep, b);
    // The pool hands back the last chunk released of each size: the 16 KB one (the int32 chunk of
    // the first arena) is now the new tree's float64 memory, the 32 KB one its int32 memory.
    expect(t.points.buffer).toBe(first.buffer);
    expect(pooledSampleBytes()).toBe(before);
    checkTree(t);
    expect([...t.points]).toEqual([...want.points]);
    expect([...t.owner]).toEqual(new Array(t.owner.length).fill(0));
    expect([...t.ownerMin]).toEqual(new Array(t.ownerMin.length).fill(0));
    expect([...t.ownerMax]).toEqual(new Array(t.ownerMax.length).fill(0));
    expect([...t.bounds]).toEqual([...want.bounds]);
  });
});

describe('sampleTreeLike: a moved model\'s tree in the shape of another\'s', () => {
  it('holds exactly the moved points, with tight bounds, in the template\'s shape', () => {
    const a = model(3, 4, 0.63, 1.25);
    const b = prismSurfaceSamples({ footprint: { x: 17.5, y: -2, semiMajor: 0.63, semiMinor: 0.63 * 0.8, facingRad: 0.3 }, zMin: 1, zMax: 2.25 }, 0.25);
    const template = buildSampleTree(a.points, a.coveringRadiusInches);
    const t = sampleTreeLike(template, b.points);
    checkTree(t);
    expect(t.start).toBe(template.start);
    const want = buildSampleTree(b.points, b.coveringRadiusInches);
    const keys = (x: SampleTree) => [...x.owner.keys()].map((i) => key(x, i)).sort();
    expect(keys(t)).toEqual(keys(want));
    // Tight: every leaf's bounds are reached by its points.
    for (let node = 0; node < t.start.length; node++) {
      if (t.left[node] >= 0) continue;
      for (let k = 0; k < 3; k++) {
        let lo = Infinity;
        for (let i = t.start[node]; i < t.end[node]; i++) lo = Math.min(lo, t.points[3 * i + k]);
        expect(t.bounds[6 * node + k]).toBe(lo);
      }
    }
    expect(() => sampleTreeLike(template, b.points.subarray(3))).toThrow();
  });
});
