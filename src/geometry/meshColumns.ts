import { Box3, Vector3 } from 'three';
import { INTERSECTED, NOT_INTERSECTED } from 'three-mesh-bvh';
import { solidOccluder, type MeshOccluder, type SolidOccluder } from './occluders';
import { convexSolidTriangles, type ConvexSolid } from './solids';

/**
 * Taller boxes inside a closed mesh: each of the boxes proven inside it (`inners`, axis-aligned)
 * stretched down toward the mesh's bottom and up toward its top, as far as the added slab touches
 * no triangle. A slab that touches no triangle lies wholly inside the solid or wholly outside, and
 * it shares a face with the box, which is inside: so it is inside. The boxes reach to within 1e-6"
 * of the mesh's bounds at best (its bottom face is a surface), so a tower standing on the table
 * gives a column from 1e-6" up, under every sample point of a model on the table (they are inset
 * by 1e-4"), which plan-view proofs can use (`planClosure.ts`).
 *
 * Triangle-box tests are separating-axis tests against the slab grown by 1e-7" (a touch within
 * rounding counts as a touch). Returns only boxes taller than the one they came from.
 */
export function meshColumns(o: MeshOccluder): SolidOccluder[] {
  if (!o.closed) return [];
  const out: SolidOccluder[] = [];
  const zBottom = o.bounds[2] + 1e-6;
  const zTop = o.bounds[5] - 1e-6;
  for (const inner of o.inners) {
    if (inner.solid.kind !== 'box' || inner.solid.rotationDeg !== 0) continue;
    const b = inner.bounds;
    let z0 = b[2];
    let z1 = b[5];
    // Down then up: the farthest of a few tries (halving the stretch) whose slab touches nothing.
    for (let t = 0, span = z0 - zBottom; t < 6 && span > 1e-6; t++, span /= 2) {
      if (!slabTouches(o, b[0], b[1], z0 - span, b[3], b[4], z0)) {
        z0 -= span;
        break;
      }
    }
    for (let t = 0, span = zTop - z1; t < 6 && span > 1e-6; t++, span /= 2) {
      if (!slabTouches(o, b[0], b[1], z1, b[3], b[4], z1 + span)) {
        z1 += span;
        break;
      }
    }
    if (z0 === b[2] && z1 === b[5]) continue;
    const solid: ConvexSolid = {
      kind: 'box',
      center: [(b[0] + b[3]) / 2, (b[1] + b[4]) / 2],
      size: [b[3] - b[0], b[4] - b[1], z1 - z0],
      rotationDeg: 0,
      elevation: z0,
    };
    const s = solidOccluder(solid, o.featureIndex, convexSolidTriangles(solid));
    // The box as computed, not as its float32 triangles round it (bounds are only used to cull).
    s.bounds.set([b[0], b[1], z0, b[3], b[4], z1]);
    out.push(s);
  }
  return out;
}

const _box = new Box3();
const _c = new Vector3();
const _h = new Vector3();

/** Does any triangle of the mesh touch the box (grown by 1e-7")? */
export function slabTouches(o: MeshOccluder, x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): boolean {
  const g = 1e-7;
  _box.min.set(x0 - g, y0 - g, z0 - g);
  _box.max.set(x1 + g, y1 + g, z1 + g);
  _box.getCenter(_c);
  _box.getSize(_h).multiplyScalar(0.5);
  return o.bvh.shapecast({
    intersectsBounds: (box: Box3) => (box.intersectsBox(_box) ? INTERSECTED : NOT_INTERSECTED),
    intersectsTriangle: (tri: { a: Vector3; b: Vector3; c: Vector3 }) => triangleMeetsBox(tri.a, tri.b, tri.c, _c, _h),
  });
}

/** Separating-axis test (Akenine-Moller) of a triangle against an axis-aligned box given by its centre and half-sizes. */
export function triangleMeetsBox(a: Vector3, b: Vector3, c: Vector3, centre: Vector3, half: Vector3): boolean {
  const v0 = [a.x - centre.x, a.y - centre.y, a.z - centre.z];
  const v1 = [b.x - centre.x, b.y - centre.y, b.z - centre.z];
  const v2 = [c.x - centre.x, c.y - centre.y, c.z - centre.z];
  const h = [half.x, half.y, half.z];
  // The box's axes.
  for (let k = 0; k < 3; k++) {
    if (Math.min(v0[k], v1[k], v2[k]) > h[k] || Math.max(v0[k], v1[k], v2[k]) < -h[k]) return false;
  }
  const e = [
    [v1[0] - v0[0], v1[1] - v0[1], v1[2] - v0[2]],
    [v2[0] - v1[0], v2[1] - v1[1], v2[2] - v1[2]],
    [v0[0] - v2[0], v0[1] - v2[1], v0[2] - v2[2]],
  ];
  const axisSeparates = (ax: number, ay: number, az: number): boolean => {
    const p0 = ax * v0[0] + ay * v0[1] + az * v0[2];
    const p1 = ax * v1[0] + ay * v1[1] + az * v1[2];
    const p2 = ax * v2[0] + ay * v2[1] + az * v2[2];
    const r = h[0] * Math.abs(ax) + h[1] * Math.abs(ay) + h[2] * Math.abs(az);
    return Math.min(p0, p1, p2) > r || Math.max(p0, p1, p2) < -r;
  };
  // The triangle's normal.
  const nx = e[0][1] * e[1][2] - e[0][2] * e[1][1];
  const ny = e[0][2] * e[1][0] - e[0][0] * e[1][2];
  const nz = e[0][0] * e[1][1] - e[0][1] * e[1][0];
  if (axisSeparates(nx, ny, nz)) return false;
  // Cross products of the box's axes with the edges.
  for (const ed of e) {
    if (axisSeparates(0, -ed[2], ed[1]) || axisSeparates(ed[2], 0, -ed[0]) || axisSeparates(-ed[1], ed[0], 0)) return false;
  }
  return true;
}
