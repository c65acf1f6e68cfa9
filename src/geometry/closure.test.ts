import { describe, expect, it } from 'vitest';
import { BoxGeometry, BufferAttribute, BufferGeometry, DoubleSide, Mesh, MeshBasicMaterial, Raycaster, SphereGeometry, TorusGeometry, Vector3 } from 'three';
import { cornerSegmentsMeetBox, meshCrossSectionCheck, occluderClosesShaft } from './closure';
import { convexSolidTriangles } from './solids';
import { CELL_INSIDE, CELL_OUTSIDE, meshCellsAre, meshOccluder, solidOccluder, type MeshOccluder } from './occluders';
import { mulberry32 } from '../rules/dice';
import { positionsOf } from '../../tests/fixtures/meshPositions';

const box = (...b: number[]) => Float64Array.from(b);

/** A 6 x 4 x 3" box standing on the table with a 2 x 2 x 1" cavity at its centre (z 1..2). */
function hollowGeometry(): BufferGeometry {
  const outer = positionsOf(new BoxGeometry(6, 4, 3).translate(0, 0, 1.5));
  const inner = positionsOf(new BoxGeometry(2, 2, 1).translate(0, 0, 1.5), true);
  const all = new Float32Array(outer.length + inner.length);
  all.set(outer);
  all.set(inner, outer.length);
  return new BufferGeometry().setAttribute('position', new BufferAttribute(all, 3));
}

const corners = [new Vector3(), new Vector3(), new Vector3()];
const hitPoint = new Vector3();
/**
 * Whether `caster` meets the plain (non-indexed, untransformed, double-sided) `mesh` within its
 * `far`: what `caster.intersectObject(mesh).length > 0` answers (`Mesh.raycast`: each triangle's
 * `Ray.intersectTriangle`, not culled, kept when its distance from the origin is within [near, far];
 * near is 0 here), stopping at the first such triangle.
 */
function raycastHits(caster: Raycaster, mesh: Mesh): boolean {
  const position = mesh.geometry.getAttribute('position');
  const { ray, far } = caster;
  for (let i = 0; i < position.count; i += 3) {
    corners[0].fromBufferAttribute(position, i);
    corners[1].fromBufferAttribute(position, i + 1);
    corners[2].fromBufferAttribute(position, i + 2);
    if (ray.intersectTriangle(corners[0], corners[1], corners[2], false, hitPoint) !== null && ray.origin.distanceTo(hitPoint) <= far) return true;
  }
  return false;
}

function hollowBlock(): MeshOccluder {
  return meshOccluder(positionsOf(hollowGeometry()), 0);
}

describe('cornerSegmentsMeetBox: the shaft\'s eight edge segments against a box', () => {
  const wall = box(-0.5, -2, 0, 0.5, 2, 3);
  it('a shaft whose edges all cross the wall', () => {
    expect(cornerSegmentsMeetBox(wall, box(-5, -1, 0.5, -4, 1, 2), box(4, -1, 0.5, 5, 1, 2))).toBe(true);
  });
  it('one edge passing over the wall (A reaches 4" high, B 3.5": the top edge stays above 3")', () => {
    expect(cornerSegmentsMeetBox(wall, box(-5, -1, 0.5, -4, 1, 4), box(4, -1, 0.5, 5, 1, 3.5))).toBe(false);
  });
  it('edges passing beside the wall (y up to 3" against its 2")', () => {
    expect(cornerSegmentsMeetBox(wall, box(-5, -1, 0.5, -4, 3, 2), box(4, -1, 0.5, 5, 3, 2))).toBe(false);
  });
});

describe('meshCellsAre: a closed mesh\'s cells as a triangle-free proof', () => {
  const o = hollowBlock();
  it('a box in the solid part is inside; one in the cavity is outside; one crossing a face is neither', () => {
    expect(meshCellsAre(o, box(1.5, -1, 0.5, 2.5, 1, 2.5), null, CELL_INSIDE)).toBe(true);
    expect(meshCellsAre(o, box(-0.5, -0.5, 1.3, 0.5, 0.5, 1.7), null, CELL_OUTSIDE)).toBe(true);
    expect(meshCellsAre(o, box(-0.5, -0.5, 1.3, 0.5, 0.5, 1.7), null, CELL_INSIDE)).toBe(false);
    expect(meshCellsAre(o, box(2.5, -1, 0.5, 3.5, 1, 2.5), null, CELL_INSIDE)).toBe(false);
    expect(meshCellsAre(o, box(2.5, -1, 0.5, 3.5, 1, 2.5), null, CELL_OUTSIDE)).toBe(false);
  });
  it('a box beyond the mesh bounds is outside, never inside', () => {
    expect(meshCellsAre(o, box(10, 10, 0, 11, 11, 1), null, CELL_OUTSIDE)).toBe(true);
    expect(meshCellsAre(o, box(10, 10, 0, 11, 11, 1), null, CELL_INSIDE)).toBe(false);
  });
  it('with a plane, only the cells meeting it count: the level plane z = 0.55" under the cavity is all solid', () => {
    const around = box(-2, -1.5, 0.3, 2, 1.5, 2.8);
    expect(meshCellsAre(o, around, null, CELL_INSIDE)).toBe(false);
    expect(meshCellsAre(o, around, Float64Array.from([0, 0, 1, 0.55]), CELL_INSIDE)).toBe(true);
    // The plane z = 1.5" cuts the cavity.
    expect(meshCellsAre(o, around, Float64Array.from([0, 0, 1, 1.5]), CELL_INSIDE)).toBe(false);
  });
});

describe('closure proofs on closed meshes (cells, then triangles)', () => {
  it('a shaft through the hollow block is closed; one passing over it is not', () => {
    const o = hollowBlock();
    // Through the solid part at x = ±2.5 (beside the cavity): every segment enters the block.
    expect(occluderClosesShaft(o, box(-2.5, -8, 0.5, -1.5, -7, 2.5), box(-2.5, 7, 0.5, -1.5, 8, 2.5))).toBe(true);
    // Climbing from 0.3-0.8" to 2-2.5": it crosses y = 0 at 1.15-1.65", beside the cavity.
    expect(occluderClosesShaft(o, box(-2.5, -8, 0.3, -1.5, -7, 0.8), box(-2.5, 7, 2, -1.5, 8, 2.5))).toBe(true);
    // Through the cavity: every segment crosses the shell, but the proof's planes pass through the
    // block's centre, in the cavity, so it is (soundly) not proven.
    expect(occluderClosesShaft(o, box(-0.5, -8, 1.2, 0.5, -7, 1.8), box(-0.5, 7, 1.2, 0.5, 8, 1.8))).toBe(false);
    // The top of the shaft at 3.5" clears the 3" block.
    expect(occluderClosesShaft(o, box(-0.5, -8, 0.5, 0.5, -7, 3.5), box(-0.5, 7, 0.5, 0.5, 8, 3.5))).toBe(false);
  });

  it('whenever a mesh closes a shaft, every sampled segment of it crosses the mesh (sphere, torus, hollow block; a plain Raycaster decides)', () => {
    const geometries = [new SphereGeometry(2, 24, 16).translate(0, 0, 2), new TorusGeometry(2, 1, 16, 32).translate(0, 0, 1), hollowGeometry()];
    const meshes = geometries.map((g) => meshOccluder(positionsOf(g), 0));
    const rand = mulberry32(11);
    const caster = new Raycaster();
    let closed = 0;
    let open = 0;
    const checked = meshes.map(() => 0);
    for (let m = 0; m < meshes.length; m++) {
      const o = meshes[m];
      // The oracle: three's Raycaster on a plain mesh (no BVH, no cells). Both ends lie outside the
      // mesh (|x| >= 6 against its |x| <= 3), so touching it means crossing its surface. Only
      // whether it crosses is asked: the Raycaster's own test of a double-sided mesh, three's
      // `Ray.intersectTriangle` on each triangle with the hit within `far`, stopping at the first
      // hit instead of collecting, sorting and describing every one (`intersectObject`).
      const plain = new Mesh(new BufferGeometry().setAttribute('position', new BufferAttribute(positionsOf(geometries[m]), 3)), new MeshBasicMaterial({ side: DoubleSide }));
      const crosses = (p: number[], q: number[]) => {
        const d = new Vector3(q[0] - p[0], q[1] - p[1], q[2] - p[2]);
        caster.far = d.length();
        caster.set(new Vector3(p[0], p[1], p[2]), d.normalize());
        const hits = raycastHits(caster, plain);
        // The shortcut checked against the whole intersectObject on the first segments of each mesh.
        if (checked[m]++ < 100) expect(hits).toBe(caster.intersectObject(plain).length > 0);
        return hits;
      };
      for (let n = 0; n < 300; n++) {
        // Small boxes on opposite sides, at random offsets and sizes.
        const s = 0.1 + rand() * 1.2;
        const ax = -8 + rand() * 2, ay = (rand() - 0.5) * 3, az = rand() * 3;
        const bx = 6 + rand() * 2, by = (rand() - 0.5) * 3, bz = rand() * 3;
        const A = box(ax, ay, az, ax + s, ay + s, az + s);
        const B = box(bx, by, bz, bx + s, by + s, bz + s);
        if (!occluderClosesShaft(o, A, B)) {
          open++;
          continue;
        }
        closed++;
        for (let k = 0; k < 200; k++) {
          const p = [A[0] + rand() * s, A[1] + rand() * s, A[2] + rand() * s];
          const q = [B[0] + rand() * s, B[1] + rand() * s, B[2] + rand() * s];
          expect(crosses(p, q)).toBe(true);
        }
      }
    }
    // Both answers occur, so the check above is not vacuous.
    expect(closed).toBeGreaterThan(30);
    expect(open).toBeGreaterThan(30);
  });
});

describe('the mesh cross-section test walks the BVH itself (no allocation)', () => {
  it('agrees with the shapecast form on 2,000 random sections of a torus, a sphere and the hollow block', () => {
    const meshes = [meshOccluder(positionsOf(new TorusGeometry(2, 1, 16, 32).translate(0, 0, 1)), 0), meshOccluder(positionsOf(new SphereGeometry(2, 24, 16).translate(0, 0, 2)), 0), hollowBlock()];
    const rand = mulberry32(3);
    let solid = 0;
    let cut = 0;
    for (const o of meshes) {
      for (let n = 0; n < 700; n++) {
        // A random plane through a point near the mesh, and a small convex blob of points in it.
        let nx = rand() - 0.5, ny = rand() - 0.5, nz = rand() - 0.5;
        const l = Math.hypot(nx, ny, nz);
        nx /= l; ny /= l; nz /= l;
        const c = [(rand() - 0.5) * 5, (rand() - 0.5) * 5, rand() * 4];
        const d = nx * c[0] + ny * c[1] + nz * c[2];
        // Two directions in the plane.
        const e1 = Math.abs(nz) < 0.9 ? [-ny, nx, 0] : [0, -nz, ny];
        const l1 = Math.hypot(e1[0], e1[1], e1[2]);
        const u = e1.map((v) => v / l1);
        const w = [ny * u[2] - nz * u[1], nz * u[0] - nx * u[2], nx * u[1] - ny * u[0]];
        const k = 3 + Math.floor(rand() * 30);
        const size = 0.05 + rand() * 1.5;
        const pts = new Float64Array(3 * k);
        for (let i = 0; i < k; i++) {
          const a = (rand() - 0.5) * size, b = (rand() - 0.5) * size;
          for (let q = 0; q < 3; q++) pts[3 * i + q] = c[q] + a * u[q] + b * w[q];
        }
        const walk = meshCrossSectionCheck(o, pts, k, nx, ny, nz, d, false);
        expect(walk).toBe(meshCrossSectionCheck(o, pts, k, nx, ny, nz, d, true));
        if (walk) solid++;
        else cut++;
      }
    }
    expect(solid).toBeGreaterThan(200);
    expect(cut).toBeGreaterThan(200);
  });
});

describe('occluderClosesShaft: a floor between models above and below it (the level plane)', () => {
  // A 10 x 10" floor slab, z 4..5 (an upper floor of a ruin).
  const solid = { kind: 'box' as const, center: [0, 0] as [number, number], size: [10, 10, 1] as [number, number, number], rotationDeg: 0, elevation: 4 };
  const floor = solidOccluder(solid, 0, convexSolidTriangles(solid));
  it('closes the shaft from a box straight above it to one straight below (no vertical plane separates them)', () => {
    expect(occluderClosesShaft(floor, box(-0.5, -0.5, 8, 0.5, 0.5, 9), box(-0.5, -0.5, 0, 0.5, 0.5, 1))).toBe(true);
    expect(occluderClosesShaft(floor, box(-0.5, -0.5, 0, 0.5, 0.5, 1), box(-0.5, -0.5, 8, 0.5, 0.5, 9))).toBe(true);
  });
  it('closes a steep shaft through it (the vertical sections cut it too low and too high: 2.5" to 6.5" against 4" to 5")', () => {
    expect(occluderClosesShaft(floor, box(-1.5, -0.5, 8, -0.5, 0.5, 9), box(0.5, -0.5, 0, 1.5, 0.5, 1))).toBe(true);
  });
  it('does not close a shaft between two boxes that both stand above it, nor one leaving past its edge', () => {
    expect(occluderClosesShaft(floor, box(-3, -0.5, 6, -2, 0.5, 7), box(2, -0.5, 6, 3, 0.5, 7))).toBe(false);
    expect(occluderClosesShaft(floor, box(-0.5, -0.5, 8, 0.5, 0.5, 9), box(5.5, -0.5, 0, 6.5, 0.5, 1))).toBe(false);
  });
});
