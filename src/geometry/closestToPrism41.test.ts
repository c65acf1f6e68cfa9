import fc from 'fast-check';
import { BufferAttribute, BufferGeometry, Matrix4, TorusKnotGeometry, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../tests/scenario/geomKit';
import { closestPointToPrismGeometry } from './closestToPrism41';
import { prismGeometry } from './distance';
import { footprintFromBase } from './footprint';
import type { Prism } from './prism';

/**
 * closestPointToPrismGeometry answers exactly what three-mesh-bvh's `closestPointToGeometry` answers for a base's
 * prism against a terrain feature (the same distance and the same two points, compared with `Object.is`, sign of
 * zero included): a box, a rotated box on a plinth, a cylinder (the engine's own solids, through `World`) and a
 * non-convex knot and a random triangle soup (BVHs of many leaves), with round and oval bases near, touching,
 * inside and far, flat or extruded through the feature's height (the horizontal gap's prism).
 */
const world = makeWorld({
  width: 60,
  depth: 44,
  terrain: [
    { id: 'box', boxes: [{ center: [20, 20], size: [6, 4, 3] }] },
    { id: 'plinth', boxes: [{ center: [40, 20], size: [5, 5, 1] }, { center: [40, 20], size: [3, 2, 4], rotationDeg: 30, elevation: 1 }] },
    { id: 'pillar', cylinders: [{ center: [30, 32], radius: 2.5, height: 5 }] },
  ],
  units: [],
});

const knot = (() => {
  const g = new TorusKnotGeometry(4, 1.2, 24, 4).applyMatrix4(new Matrix4().makeTranslation(30, 12, 5));
  return new MeshBVH(g.toNonIndexed());
})();

/** Reproducible triangle soup: 60 triangles of up to 3" in a 20" x 20" x 6" block (seeded LCG). */
const soup = (() => {
  let s = 41;
  const r = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const out: number[] = [];
  for (let i = 0; i < 60; i++) {
    const c = [20 + 20 * r(), 10 + 20 * r(), 6 * r()];
    for (let k = 0; k < 3; k++) out.push(c[0] + 3 * (r() - 0.5), c[1] + 3 * (r() - 0.5), Math.max(0, c[2] + 3 * (r() - 0.5)));
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(new Float32Array(out), 3));
  return new MeshBVH(g);
})();

const features: [string, MeshBVH][] = [...world.terrain.features.map((f) => [f.id, f.bvh] as [string, MeshBVH]), ['knot', knot], ['soup', soup]];

function threeMeshBvh(bvh: MeshBVH, g: BufferGeometry) {
  const t1: { point?: Vector3; distance?: number } = {};
  const t2: { point?: Vector3; distance?: number } = {};
  bvh.closestPointToGeometry(g, new Matrix4(), t1 as never, t2 as never);
  return { terrain: t1.point!, prism: t2.point!, distance: t1.distance! };
}

function same(bvh: MeshBVH, p: Prism, zMin: number, zMax: number, label: string): number {
  const want = threeMeshBvh(bvh, prismGeometry(p, zMin, zMax));
  const got = closestPointToPrismGeometry(bvh, prismGeometry(p, zMin, zMax))!;
  const coords = (v: Vector3) => [v.x, v.y, v.z];
  expect(Object.is(got.distance, want.distance), `${label}: distance ${got.distance} vs ${want.distance}`).toBe(true);
  for (const [a, b] of [[got.terrain, want.terrain], [got.prism, want.prism]]) {
    const [x, y] = [coords(a), coords(b)];
    expect(x.every((v, i) => Object.is(v, y[i])), `${label}: ${x} vs ${y}`).toBe(true);
  }
  return want.distance;
}

describe('closestPointToPrismGeometry: the same answer as three-mesh-bvh closestPointToGeometry (session 41)', () => {
  it('known answers: a 32 mm base 2" west of the box (gap 2 - 16/25.4), one touching it (0), one far (boxes pruned)', () => {
    const box = world.terrain.features.find((f) => f.id === 'box')!.bvh;
    const base = (x: number, y: number): Prism => ({ footprint: footprintFromBase({ round: 32 }, [x, y]), zMin: 0, zMax: 4 / 25.4 });
    // The box spans x 17..23: a base centred 2" west of its face is 2 - 0.6299" away (float32 vertices: to 1e-5).
    expect(same(box, base(15, 20), 0, 4 / 25.4, 'west')).toBeCloseTo(2 - 16 / 25.4, 5);
    expect(same(box, base(17, 20), 0, 4 / 25.4, 'on the face')).toBe(0);
    expect(same(box, base(55, 40), 0, 4 / 25.4, 'far')).toBeCloseTo(Math.hypot(55 - 23, 40 - 22) - 16 / 25.4, 3);
  });

  it('random round and oval bases against every feature, flat and extruded', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...features),
        fc.oneof(fc.record({ round: fc.constantFrom(25, 32, 40, 60, 100) }), fc.record({ oval: fc.constantFrom<[number, number]>([60, 35], [90, 52], [120, 92]) })),
        fc.double({ min: 5, max: 55, noNaN: true }),
        fc.double({ min: 5, max: 40, noNaN: true }),
        fc.integer({ min: 0, max: 359 }),
        fc.double({ min: 0, max: 6, noNaN: true }),
        fc.boolean(),
        ([id, bvh], base, x, y, facing, z, extruded) => {
          const p: Prism = { footprint: footprintFromBase(base as never, [x, y], facing), zMin: z, zMax: z + 4 / 25.4 };
          const [zMin, zMax] = extruded ? [-1, 12] : [p.zMin, p.zMax];
          same(bvh, p, zMin, zMax, `${id} ${JSON.stringify(base)} at ${x},${y},${z} facing ${facing}${extruded ? ' extruded' : ''}`);
        },
      ),
      { numRuns: 16, seed: 41 },
    );
  });
});
