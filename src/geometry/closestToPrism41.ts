import { Matrix4, Vector3, type BufferAttribute, type BufferGeometry } from 'three';
import { ExtendedTriangle, OrientedBox, type MeshBVH } from 'three-mesh-bvh';

/**
 * A pair of triangles is skipped only when the gap between their bounding boxes exceeds the closest distance
 * found so far by more than this (inches): far above the rounding of `distanceToTriangle` (about 1e-13 at table
 * scale), so no pair that could come out closer is ever skipped.
 */
const SLACK_INCHES = 1e-7;

const _identity = /* @__PURE__ */ new Matrix4();
/** three-mesh-bvh takes the result back through the inverse of `geometryToBvh`; the same inverse here. */
const _identityInverse = /* @__PURE__ */ new Matrix4().copy(_identity).invert();
const _obb = /* @__PURE__ */ new OrientedBox(new Vector3(), new Vector3());
/** The closest points are written to the targets (three-mesh-bvh 0.9; its typings list only the first argument). */
type WithTargets = ExtendedTriangle & { distanceToTriangle(other: ExtendedTriangle, target1: Vector3, target2: Vector3): number };
const _tri = /* @__PURE__ */ new ExtendedTriangle() as WithTargets;
const _tri2 = /* @__PURE__ */ new ExtendedTriangle();
const _t1 = /* @__PURE__ */ new Vector3();
const _d1 = /* @__PURE__ */ new Vector3();
const _t2 = /* @__PURE__ */ new Vector3();
const _d2 = /* @__PURE__ */ new Vector3();
const _s1 = /* @__PURE__ */ new Vector3();
const _s2 = /* @__PURE__ */ new Vector3();
let _leafBoxes = new Float64Array(6 * 16);

/**
 * The closest points between a terrain feature's mesh (`bvh`, table space) and a prism's closed triangulated
 * geometry `g` (`prismGeometry`, non-indexed, table space): exactly what three-mesh-bvh 0.9's
 * `bvh.closestPointToGeometry(g, identity, target1, target2)` answers (the same traversal of the feature's BVH in
 * the same order, the same triangle pairs tried in the same order with the same `distanceToTriangle`, the same
 * strictly-closer rule, so each leaf ends with the same closest pair and distance, and the traversal, which reads
 * only that, is the same), less the pairs that cannot be the closest: a prism triangle whose bounding box is farther
 * from the leaf's triangles' box, or a pair whose boxes are farther apart, than the closest distance found so far or
 * than a pair of the leaf tried first (the prism triangle nearest the leaf's box), plus {@link SLACK_INCHES}.
 * `g` has no BVH of its own, so three-mesh-bvh
 * measures every one of its 1,024 triangles against every terrain triangle of each leaf it visits; most of them
 * are on the far side of the base (session 41: the first unit-to-terrain measurement of the options).
 *
 * @returns `{ point, distance }` on the feature (`target1`) and the prism's point (`target2.point`), or null when
 *   the feature has no triangle (as three-mesh-bvh).
 */
export function closestPointToPrismGeometry(bvh: MeshBVH, g: BufferGeometry): { terrain: Vector3; prism: Vector3; distance: number } | null {
  if (!g.boundingBox) g.computeBoundingBox();
  const bb = g.boundingBox!;
  _obb.set(bb.min, bb.max, _identity);
  _obb.needsUpdate = true;
  const geometry = bvh.geometry;
  const pos = geometry.attributes.position as BufferAttribute;
  const index = geometry.index;
  const otherPos = g.attributes.position as BufferAttribute;
  if (g.index) throw new Error('closestPointToPrismGeometry: the prism geometry must be non-indexed (prismGeometry)');
  const triCount = otherPos.count / 3;
  // Each prism triangle's bounding box (min x, y, z, max x, y, z), read as three-mesh-bvh reads its vertices.
  const pb = new Float64Array(6 * triCount);
  for (let i2 = 0; i2 < triCount; i2++) {
    let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
    for (let k = 3 * i2; k < 3 * i2 + 3; k++) {
      const x = otherPos.getX(k), y = otherPos.getY(k), z = otherPos.getZ(k);
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (z < z0) z0 = z;
      if (z > z1) z1 = z;
    }
    const j = 6 * i2;
    pb[j] = x0;
    pb[j + 1] = y0;
    pb[j + 2] = z0;
    pb[j + 3] = x1;
    pb[j + 4] = y1;
    pb[j + 5] = z1;
  }
  let closest = Infinity;
  /** The least distance of a pair tried in this leaf before its pass in order (see `intersectsRange`). */
  let scout = Infinity;
  /** The squared gap between prism triangle `i2`'s box and box `o` of `b`. */
  const gapSq = (i2: number, b: Float64Array, o: number) => {
    const j = 6 * i2;
    const dx = Math.max(0, b[o] - pb[j + 3], pb[j] - b[o + 3]);
    const dy = Math.max(0, b[o + 1] - pb[j + 4], pb[j + 1] - b[o + 4]);
    const dz = Math.max(0, b[o + 2] - pb[j + 5], pb[j + 2] - b[o + 5]);
    return dx * dx + dy * dy + dz * dz;
  };
  /** Is that gap more than the closest found so far, or the leaf's scouted pair, plus the slack? */
  const farther = (i2: number, b: Float64Array, o: number) => {
    const lim = Math.min(closest, scout) + SLACK_INCHES;
    return lim !== Infinity && gapSq(i2, b, o) > lim * lim;
  };
  bvh.shapecast({
    boundsTraverseOrder: (box) => _obb.distanceToBox(box),
    intersectsBounds: (_box, _isLeaf, score) => score !== undefined && score < closest && score < Infinity,
    intersectsRange: (offset, count) => {
      // The leaf's triangles' boxes (slot 0: their union), read as setTriangle reads them.
      if (_leafBoxes.length < 6 * (count + 1)) _leafBoxes = new Float64Array(6 * (count + 1));
      const lb = _leafBoxes;
      for (let i = 0; i <= count; i++) {
        const o = 6 * i;
        lb[o] = lb[o + 1] = lb[o + 2] = Infinity;
        lb[o + 3] = lb[o + 4] = lb[o + 5] = -Infinity;
      }
      for (let i = 0; i < count; i++) {
        const o = 6 * (i + 1);
        for (let k = 3 * (offset + i); k < 3 * (offset + i) + 3; k++) {
          const v = index ? index.getX(k) : k;
          const x = pos.getX(v), y = pos.getY(v), z = pos.getZ(v);
          if (x < lb[o]) lb[o] = x;
          if (y < lb[o + 1]) lb[o + 1] = y;
          if (z < lb[o + 2]) lb[o + 2] = z;
          if (x > lb[o + 3]) lb[o + 3] = x;
          if (y > lb[o + 4]) lb[o + 4] = y;
          if (z > lb[o + 5]) lb[o + 5] = z;
        }
        for (let c = 0; c < 3; c++) {
          if (lb[o + c] < lb[c]) lb[c] = lb[o + c];
          if (lb[o + 3 + c] > lb[3 + c]) lb[3 + c] = lb[o + 3 + c];
        }
      }
      // Scouting: the prism triangle whose box is nearest the leaf's, against each of the leaf's triangles. Its least
      // distance is that of a pair of this leaf, so the leaf's least is at most that: a pair farther than it cannot
      // be the leaf's closest. The pass in order below then skips such pairs from its start, and still tries every
      // pair at the leaf's least distance, in order, with the strict rule: the leaf ends with the same closest pair
      // and distance as three-mesh-bvh's pass over every pair (only what a leaf ends with reaches the traversal).
      scout = Infinity;
      let nearest = -1;
      let nearestGap = Infinity;
      for (let i2 = 0; i2 < triCount; i2++) {
        const g = gapSq(i2, lb, 0);
        if (g < nearestGap) (nearest = i2), (nearestGap = g);
      }
      if (nearest >= 0) {
        prismTriangle(nearest, otherPos);
        for (let i = offset, l = offset + count; i < l; i++) {
          setTriangle(_tri, 3 * i, index, pos);
          _tri.needsUpdate = true;
          scout = Math.min(scout, _tri.distanceToTriangle(_tri2, _s1, _s2));
        }
      }
      for (let i2 = 0; i2 < triCount; i2++) {
        if (farther(i2, lb, 0)) continue;
        prismTriangle(i2, otherPos);
        for (let i = offset, l = offset + count; i < l; i++) {
          if (farther(i2, lb, 6 * (i - offset + 1))) continue;
          setTriangle(_tri, 3 * i, index, pos);
          _tri.needsUpdate = true;
          const dist = _tri.distanceToTriangle(_tri2, _t1, _t2);
          if (dist < closest) {
            _d1.copy(_t1);
            _d2.copy(_t2);
            closest = dist;
          }
        }
      }
      return false;
    },
  });
  if (closest === Infinity) return null;
  const terrain = _d1.clone();
  const prism = _d2.clone().applyMatrix4(_identityInverse);
  return { terrain, prism, distance: closest };
}

/** Prism triangle `i2` into `_tri2`, through the identity as three-mesh-bvh takes the other geometry's triangles. */
function prismTriangle(i2: number, otherPos: BufferAttribute): void {
  setTriangle(_tri2, 3 * i2, null, otherPos);
  _tri2.a.applyMatrix4(_identity);
  _tri2.b.applyMatrix4(_identity);
  _tri2.c.applyMatrix4(_identity);
  _tri2.needsUpdate = true;
}

/** three-mesh-bvh's `setTriangle` (not exported): triangle `i / 3`'s corners from `pos`, through `index` if any. */
function setTriangle(tri: ExtendedTriangle, i: number, index: BufferAttribute | null, pos: BufferAttribute): void {
  const i0 = index ? index.getX(i) : i;
  const i1 = index ? index.getX(i + 1) : i + 1;
  const i2 = index ? index.getX(i + 2) : i + 2;
  tri.a.set(pos.getX(i0), pos.getY(i0), pos.getZ(i0));
  tri.b.set(pos.getX(i1), pos.getY(i1), pos.getZ(i1));
  tri.c.set(pos.getX(i2), pos.getY(i2), pos.getZ(i2));
}
