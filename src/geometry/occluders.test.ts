import { describe, expect, it } from 'vitest';
import { BoxGeometry, CylinderGeometry, DoubleSide, Mesh, MeshBasicMaterial, Raycaster, SphereGeometry, TorusGeometry, Vector3 } from 'three';
import { CELL_INSIDE, CELL_OUTSIDE, CELL_SURFACE, capsuleMeetsLeafBoxByShapecast, capsuleMeetsLeafBoxByWalk, meshOccluder, meshSegmentAnyHitOf, meshSegmentHitByRaycast, occluderContains, segmentHitsOccluder, segmentOccluderFirstHit } from './occluders';
import { mulberry32 } from '../rules/dice';
import { positionsOf } from '../../tests/fixtures/meshPositions';

describe('closed mesh containment (cells classified once, a parity ray only near the surface)', () => {
  it('a box with a box-shaped cavity: inside the shell only, the cavity is outside', () => {
    // Outer 6 x 4 x 3", inner cavity 2 x 2 x 1" (a second closed surface inside the first).
    const outer = positionsOf(new BoxGeometry(6, 4, 3).translate(0, 0, 1.5));
    const inner = positionsOf(new BoxGeometry(2, 2, 1).translate(0, 0, 1.5), true);
    const all = new Float32Array(outer.length + inner.length);
    all.set(outer);
    all.set(inner, outer.length);
    const o = meshOccluder(all, 0);
    expect(o.closed).toBe(true);
    const g = o.cells!;
    expect(g).not.toBeNull();
    // Every kind of cell exists: the shell, the cavity (outside) and the solid part.
    expect(g.state.includes(CELL_INSIDE)).toBe(true);
    expect(g.state.includes(CELL_SURFACE)).toBe(true);
    const rand = mulberry32(7);
    let inCavity = 0;
    for (let i = 0; i < 3000; i++) {
      const x = (rand() - 0.5) * 7;
      const y = (rand() - 0.5) * 5;
      const z = -0.5 + rand() * 4;
      const inOuter = Math.abs(x) < 3 && Math.abs(y) < 2 && z > 0 && z < 3;
      const inInner = Math.abs(x) < 1 && Math.abs(y) < 1 && z > 1 && z < 2;
      // Skip points within 1e-3" of a face (the answer there is a matter of rounding).
      const near = (v: number, faces: number[]) => faces.some((f) => Math.abs(v - f) < 1e-3);
      if (near(x, [-3, 3, -1, 1]) || near(y, [-2, 2, -1, 1]) || near(z, [0, 3, 1, 2])) continue;
      if (inInner) inCavity++;
      expect(occluderContains(o, x, y, z)).toBe(inOuter && !inInner);
    }
    expect(inCavity).toBeGreaterThan(20);
    // The cavity's centre cell is classified outside without a ray.
    const c = [0, 0, 1.5].map((v, k) => Math.floor((v - g.origin[k]) / g.size[k]));
    expect(g.state[c[0] + g.n[0] * (c[1] + g.n[1] * c[2])]).toBe(CELL_OUTSIDE);
  });

  it('a torus: (sqrt(x² + y²) − R)² + z² < r², away from the faceted surface', () => {
    const R = 3;
    const r = 1;
    const o = meshOccluder(positionsOf(new TorusGeometry(R, r, 24, 48)), 0);
    expect(o.closed).toBe(true);
    const rand = mulberry32(11);
    let checked = 0;
    for (let i = 0; i < 3000; i++) {
      const x = (rand() - 0.5) * 9;
      const y = (rand() - 0.5) * 9;
      const z = (rand() - 0.5) * 2.4;
      const d = Math.hypot(Math.hypot(x, y) - R, z);
      // Facets lie within r(1 - cos(π/24)) + R(1 - cos(π/48))·… of the true surface: 0.05" is ample.
      if (Math.abs(d - r) < 0.05) continue;
      checked++;
      expect(occluderContains(o, x, y, z)).toBe(d < r);
    }
    expect(checked).toBeGreaterThan(2500);
  });
});

describe('boxes proven inside a closed mesh (cheap closure proofs and segment tests)', () => {
  /** Every inner box lies inside the analytic solid: 400 random points of each box are in it. */
  function expectInside(positions: Float32Array, inSolid: (x: number, y: number, z: number) => boolean): number {
    const o = meshOccluder(positions, 0);
    expect(o.inners.length).toBeGreaterThan(0);
    const rand = mulberry32(11);
    for (const b of o.inners) {
      const B = b.bounds;
      for (let i = 0; i < 400; i++) {
        const x = B[0] + rand() * (B[3] - B[0]);
        const y = B[1] + rand() * (B[4] - B[1]);
        const z = B[2] + rand() * (B[5] - B[2]);
        expect(inSolid(x, y, z)).toBe(true);
      }
    }
    return o.inners.length;
  }

  it('a box with a cavity: the boxes keep out of the cavity (its centre is not in the solid)', () => {
    const outer = positionsOf(new BoxGeometry(6, 4, 3).translate(0, 0, 1.5));
    const cavity = positionsOf(new BoxGeometry(2, 2, 1).translate(0, 0, 1.5), true);
    const all = new Float32Array(outer.length + cavity.length);
    all.set(outer);
    all.set(cavity, outer.length);
    expectInside(all, (x, y, z) => Math.abs(x) <= 3 && Math.abs(y) <= 2 && z >= 0 && z <= 3 && !(Math.abs(x) < 1 && Math.abs(y) < 1 && z > 1 && z < 2));
  });

  it('a torus and a sphere: inside, and several shapes of box (flat, tall, long)', () => {
    expectInside(positionsOf(new TorusGeometry(3, 1, 24, 48)), (x, y, z) => (Math.hypot(x, y) - 3) ** 2 + z * z <= 1);
    // A faceted sphere of radius 2: the facets lie inside the true sphere, so test against it.
    const sphere = positionsOf(new SphereGeometry(2, 32, 24).translate(0, 0, 2));
    const n = expectInside(sphere, (x, y, z) => Math.hypot(x, y, z - 2) <= 2);
    expect(n).toBeGreaterThanOrEqual(3);
    // Between them the boxes reach further than the largest alone, along x and along z.
    const o = meshOccluder(sphere, 0);
    const reach = (k: number) => Math.max(...o.inners.map((b) => b.bounds[k + 3] - b.bounds[k]));
    const largest = o.inners[0].bounds;
    expect(reach(0)).toBeGreaterThan(largest[3] - largest[0] + 0.3);
    expect(reach(2)).toBeGreaterThan(largest[5] - largest[2] + 0.3);
  });

  it('an open mesh has none', () => {
    const open = positionsOf(new BoxGeometry(2, 2, 2)).slice(0, 9 * 10);
    const o = meshOccluder(open, 0);
    expect(o.closed).toBe(false);
    expect(o.inners).toEqual([]);
  });
});

describe('segment tests on a closed mesh count its solid', () => {
  it('a segment lying inside touches it at its start; one crossing its surface first touches there', () => {
    const o = meshOccluder(positionsOf(new BoxGeometry(6, 4, 3).translate(0, 0, 1.5)), 0);
    expect(o.closed).toBe(true);
    // Inside, crossing no triangle.
    expect(segmentHitsOccluder(o, -1, 0, 1, 1, 0.5, 1.5)).toBe(true);
    expect(segmentOccluderFirstHit(o, -1, 0, 1, 1, 0.5, 1.5)).toBe(0);
    // From outside (x = -5) to the centre: first contact on the face x = -3, a fifth of the way.
    expect(segmentOccluderFirstHit(o, -5, 0, 1.5, 5, 0, 1.5)).toBeCloseTo(0.2, 9);
    expect(segmentHitsOccluder(o, -5, 0, 1.5, 5, 0, 1.5)).toBe(true);
    // Beside it: neither.
    expect(segmentHitsOccluder(o, -5, 3, 1.5, 5, 3, 1.5)).toBe(false);
    expect(segmentOccluderFirstHit(o, -5, 3, 1.5, 5, 3, 1.5)).toBe(-1);
  });
});

describe('segment tests read a closed mesh\'s cells before its triangles', () => {
  it('agree with a plain three Raycaster (no BVH, no cells) on 4,000 segments around a torus, axis-parallel and on cell boundaries among them', () => {
    const R = 3;
    const r = 1;
    const geometry = new TorusGeometry(R, r, 24, 48);
    const o = meshOccluder(positionsOf(geometry), 0);
    const g = o.cells!;
    const mesh = new Mesh(geometry, new MeshBasicMaterial({ side: DoubleSide }));
    const caster = new Raycaster();
    const rand = mulberry32(9);
    const insideTorus = (x: number, y: number, z: number) => (Math.hypot(x, y) - R) ** 2 + z * z < r * r;
    // A coordinate on a cell boundary (a third of the time), else anywhere in [-5, 5].
    const coord = (k: number) => (rand() < 0.33 ? g.origin[k] + Math.floor(rand() * g.n[k]) * g.size[k] : (rand() - 0.5) * 10);
    let hits = 0;
    let tested = 0;
    for (let i = 0; i < 4000; i++) {
      const p = [coord(0), coord(1), coord(2)];
      const q = [coord(0), coord(1), coord(2)];
      // Axis-parallel now and then: copy two coordinates.
      if (i % 5 === 0) {
        q[1] = p[1];
        q[2] = p[2];
      }
      // Ends well clear of the faceted surface (the answer there depends on the facets).
      const clear = (v: number[]) => Math.abs(Math.sqrt((Math.hypot(v[0], v[1]) - R) ** 2 + v[2] * v[2]) - r) > 0.1;
      if (!clear(p) || !clear(q) || insideTorus(p[0], p[1], p[2]) || insideTorus(q[0], q[1], q[2])) continue;
      const d = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
      const len = Math.hypot(d[0], d[1], d[2]);
      if (len < 1e-6) continue;
      caster.set(new Vector3(p[0], p[1], p[2]), new Vector3(d[0] / len, d[1] / len, d[2] / len));
      caster.far = len;
      const expected = caster.intersectObject(mesh).length > 0;
      expect(segmentHitsOccluder(o, p[0], p[1], p[2], q[0], q[1], q[2])).toBe(expected);
      tested++;
      if (expected) hits++;
    }
    expect(tested).toBeGreaterThan(1500);
    expect(hits).toBeGreaterThan(300);
    expect(tested - hits).toBeGreaterThan(300);
  });
});

describe('a segment lying wholly inside a closed mesh touches it, by every test', () => {
  it('a short segment inside a torus\'s tube, near its surface (no inner box, no inside cell on its way): touched from its start', () => {
    const o = meshOccluder(positionsOf(new TorusGeometry(3, 1, 24, 48)), 0);
    // (3, 0, ±0.1) and (2.996, 0.15, -0.1) lie well inside the tube (distance to its core circle < 0.2).
    expect(segmentHitsOccluder(o, 3, 0, 0.1, 2.996, 0.15, -0.1)).toBe(true);
    expect(segmentOccluderFirstHit(o, 3, 0, 0.1, 2.996, 0.15, -0.1)).toBe(0);
    // The same segment moved out of the tube (x + 5): neither.
    expect(segmentHitsOccluder(o, 8, 0, 0.1, 7.996, 0.15, -0.1)).toBe(false);
    expect(segmentOccluderFirstHit(o, 8, 0, 0.1, 7.996, 0.15, -0.1)).toBe(-1);
  });

  it('segments grazing the top edge of a box mesh (which lies on its bounds): the cells never miss what the ray alone finds (20,000 segments)', () => {
    const pos = positionsOf(new BoxGeometry(1.7, 2.3, 1.1).translate(0.35, 0.15, 0.55));
    const o = meshOccluder(pos, 0);
    // The same mesh without cells: segment tests go by inner boxes and the ray only.
    const rayOnly = meshOccluder(pos, 0);
    rayOnly.cells = null;
    const B = o.bounds;
    const rand = mulberry32(7);
    let rayHits = 0;
    for (let i = 0; i < 20000; i++) {
      // Through a point of the edge x = minX, z = maxZ, climbing over it.
      const y = B[1] + rand() * (B[4] - B[1]);
      const d = [0.1 + rand(), (rand() - 0.5) * 0.2, 0.1 + rand()];
      const s0 = 0.2 + rand();
      const s1 = 0.2 + rand();
      const p = [B[0] - s0 * d[0], y - s0 * d[1], B[5] - s0 * d[2]];
      const q = [B[0] + s1 * d[0], y + s1 * d[1], B[5] + s1 * d[2]];
      const byRay = segmentHitsOccluder(rayOnly, p[0], p[1], p[2], q[0], q[1], q[2]);
      if (byRay) {
        rayHits++;
        expect(segmentHitsOccluder(o, p[0], p[1], p[2], q[0], q[1], q[2])).toBe(true);
      }
    }
    expect(rayHits).toBeGreaterThan(1000);
  });
});

describe('segment tests on meshes stop at the first triangle crossed (no allocation)', () => {
  it('agree with three-mesh-bvh raycastFirst on 6,000 segments: an open tube, a torus, segments through vertices among them', () => {
    const tube = meshOccluder(positionsOf(new CylinderGeometry(1.5, 1.5, 3, 24, 2, true).rotateX(Math.PI / 2)), 0);
    const torus = meshOccluder(positionsOf(new TorusGeometry(3, 1, 24, 48)), 0);
    expect(tube.closed).toBe(false);
    expect(torus.closed).toBe(true);
    const rand = mulberry32(13);
    let hits = 0;
    for (const o of [tube, torus]) {
      const pos = o.geometry.getAttribute('position').array as Float32Array;
      for (let i = 0; i < 3000; i++) {
        const p = [0, 1, 2].map(() => (rand() - 0.5) * 10);
        let q = [0, 1, 2].map(() => (rand() - 0.5) * 10);
        // A third of them aimed exactly through a vertex of the mesh, and beyond it.
        if (i % 3 === 0) {
          const v = 3 * Math.floor(rand() * (pos.length / 3));
          q = [0, 1, 2].map((k) => p[k] + 1.5 * (pos[v + k] - p[k]));
        }
        const walk = meshSegmentAnyHitOf(o, p[0], p[1], p[2], q[0], q[1], q[2]);
        expect(walk).toBe(meshSegmentHitByRaycast(o, p[0], p[1], p[2], q[0], q[1], q[2]));
        if (walk) hits++;
      }
    }
    expect(hits).toBeGreaterThan(1000);
    expect(hits).toBeLessThan(5000);
  });
});

describe('the capsule cull walks the BVH node buffer itself (no allocation)', () => {
  it('agrees with three-mesh-bvh shapecast on 3,000 random capsules around a torus and a sphere', () => {
    const meshes = [meshOccluder(positionsOf(new TorusGeometry(3, 1, 24, 48)), 0), meshOccluder(positionsOf(new SphereGeometry(2, 32, 16).translate(1, 0, 2)), 0)];
    const rand = mulberry32(5);
    let touching = 0;
    for (const o of meshes) {
      expect(o.nodes.length).toBeGreaterThan(0);
      for (let i = 0; i < 1500; i++) {
        const p = [0, 1, 2].map(() => (rand() - 0.5) * 12);
        const q = [0, 1, 2].map(() => (rand() - 0.5) * 12);
        const r = rand() * 1.5;
        const walk = capsuleMeetsLeafBoxByWalk(o, p[0], p[1], p[2], q[0], q[1], q[2], r);
        expect(walk).toBe(capsuleMeetsLeafBoxByShapecast(o, p[0], p[1], p[2], q[0], q[1], q[2], r));
        if (walk) touching++;
      }
    }
    // Both answers are common.
    expect(touching).toBeGreaterThan(300);
    expect(touching).toBeLessThan(2700);
  });
});
