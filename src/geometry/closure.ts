import { Box3, Vector3 } from 'three';
import { INTERSECTED, NOT_INTERSECTED } from 'three-mesh-bvh';
import { CELL_INSIDE, CELL_OUTSIDE, growInt32, meshCellClass, meshCellsAre, occluderContains, occluderContainsAt, slabTest, type MeshOccluder, type Occluder } from './occluders';
import { IDENTITY_ROTATION, type Prism } from './prism';

/**
 * Closure proofs: one occluder closes the whole shaft between two boxes A and B (every segment
 * from a point of A to a point of B touches it) when a plane separates A from B and the shaft's
 * cross-section in that plane lies inside the occluder's solid. The cross-section is the convex
 * hull of the points where the segments joining A's and B's corners cross the plane (the shaft
 * is the convex hull of A and B), so it is enough to test those 64 crossing points for convex
 * solids. For a closed mesh the points must be inside, no triangle may cut the cross-section, and
 * A and B must lie outside the solid (then each segment enters the solid, so it meets the surface).
 */
export function occluderClosesShaft(o: Occluder, boxA: Float64Array, boxB: Float64Array): boolean {
  if (o.kind === 'mesh') {
    if (!o.closed) return false;
    // Every segment of the shaft must meet the solid, so its bounds: the eight segments joining
    // matching corners of A and B (the shaft's outermost edges) are checked against them first.
    if (!cornerSegmentsMeetBox(o.bounds, boxA, boxB)) return false;
    // Boxes proven inside the solid: cheap analytic proofs first.
    for (let i = 0; i < o.inners.length; i++) if (occluderClosesShaft(o.inners[i], boxA, boxB)) return true;
  }
  const acx = (boxA[0] + boxA[3]) / 2;
  const acy = (boxA[1] + boxA[4]) / 2;
  const acz = (boxA[2] + boxA[5]) / 2;
  const dx = (boxB[0] + boxB[3]) / 2 - acx;
  const dy = (boxB[1] + boxB[4]) / 2 - acy;
  const dz = (boxB[2] + boxB[5]) / 2 - acz;
  const ox = (o.bounds[0] + o.bounds[3]) / 2;
  const oy = (o.bounds[1] + o.bounds[4]) / 2;
  const oz = (o.bounds[2] + o.bounds[5]) / 2;
  const hl = Math.sqrt(dx * dx + dy * dy);
  const l = Math.sqrt(dx * dx + dy * dy + dz * dz);
  // Every candidate plane passes through the occluder's centre (written in place: no call boxes them).
  _pl[3] = ox;
  _pl[4] = oy;
  _pl[5] = oz;
  // Candidate planes through the occluder: across the horizontal line of sight, across the 3D one.
  if (hl > 1e-9) {
    // Vertical prisms (models, cylinders): the cross-section of a vertical plane through the axis is a
    // rectangle, so the proof is analytic and needs no corner arrays.
    const prism = o.kind === 'prism' ? o.prism : o.kind === 'solid' ? o.asPrism : null;
    if (prism) {
      _sx[5] = dx / hl;
      _sx[6] = dy / hl;
      const v = prismClosesShaftVertical(prism, o.kind === 'prism' ? o : IDENTITY_ROTATION, boxA, boxB);
      if (v === CLOSED) return true;
      // The shaft passes beside the prism: a tilted or level plane fares no better (measured: they
      // closed 0.05% of such shafts on the bench table), so only a shaft passing over or under it
      // goes on to them.
      if (v === BESIDE) return false;
    } else if (o.kind === 'solid' && o.solid.kind === 'box') {
      // Boxes: the vertical planes through the centre across the line of sight and along the box's
      // own axes cut rectangles too; only a shaft passing over or under goes on to other planes.
      const b = o.solid;
      const eps = 1e-9;
      const hx = b.size[0] / 2 - eps;
      const hy = b.size[1] / 2 - eps;
      const z0 = b.elevation + eps;
      const z1 = b.elevation + b.size[2] - eps;
      const nx = dx / hl;
      const ny = dy / hl;
      const lu = Math.abs(o.cos * -ny + o.sin * nx);
      const lv = Math.abs(-o.sin * -ny + o.cos * nx);
      const chord = Math.min(lu > 1e-12 ? hx / lu : Infinity, lv > 1e-12 ? hy / lv : Infinity);
      // Three vertical sections through the centre (written in place: no call boxes the numbers).
      _sx[0] = b.center[0];
      _sx[1] = b.center[1];
      _sx[3] = z0;
      _sx[4] = z1;
      _sx[2] = chord;
      _sx[5] = nx;
      _sx[6] = ny;
      const v1 = sectionClosesShaft(boxA, boxB);
      if (v1 === CLOSED) return true;
      // Along the box's x axis (normal cos, sin) the section spans y; along its y axis, x.
      const sx = o.cos * nx + o.sin * ny >= 0 ? 1 : -1;
      _sx[2] = hy;
      _sx[5] = sx * o.cos;
      _sx[6] = sx * o.sin;
      const v2 = sectionClosesShaft(boxA, boxB);
      if (v2 === CLOSED) return true;
      const sy = -o.sin * nx + o.cos * ny >= 0 ? 1 : -1;
      _sx[2] = hx;
      _sx[5] = -sy * o.sin;
      _sx[6] = sy * o.cos;
      const v3 = sectionClosesShaft(boxA, boxB);
      if (v3 === CLOSED) return true;
      if (v1 === BESIDE && v2 === BESIDE && v3 === BESIDE) return false;
    } else {
      _pl[0] = dx / hl;
      _pl[1] = dy / hl;
      _pl[2] = 0;
      if (tryPlane(o, boxA, boxB)) return true;
    }
  }
  // Across the 3D line of sight: only for steep shafts (steeper than about 1 in 2). For shallower
  // ones it differs little from the vertical plane, and on the bench table it closed 52 of 37,900
  // shafts that the vertical sections had not.
  if (l > 1e-9 && Math.abs(dz) >= 0.5 * hl && Math.abs(dz) > 1e-6 && separates(dx / l, dy / l, dz / l, ox, oy, oz, boxA, boxB)) {
    _pl[0] = dx / l;
    _pl[1] = dy / l;
    _pl[2] = dz / l;
    if (tryPlane(o, boxA, boxB)) return true;
  }
  if (hl <= 1e-9 && o.kind === 'solid' && o.solid.kind === 'box') {
    _pl[0] = o.cos;
    _pl[1] = o.sin;
    _pl[2] = 0;
    if (tryPlane(o, boxA, boxB)) return true;
    _pl[0] = -o.sin;
    _pl[1] = o.cos;
    _pl[2] = 0;
    if (tryPlane(o, boxA, boxB)) return true;
  }
  // The level plane through the centre must have one box wholly above it and the other below.
  if (Math.abs(dz) > 1e-6 && separates(0, 0, 1, ox, oy, oz, boxA, boxB)) {
    _pl[0] = 0;
    _pl[1] = 0;
    _pl[2] = 1;
    if (tryPlane(o, boxA, boxB)) return true;
  }
  return false;
}

/**
 * Does the plane with unit normal (nx, ny, nz) through (px, py, pz) have box A wholly on one side
 * and box B wholly on the other (by at least 1e-12", as {@link tryPlane} requires)? A box's
 * extent along the normal is its centre's offset plus or minus its half-sizes' projection.
 */
function separates(nx: number, ny: number, nz: number, px: number, py: number, pz: number, boxA: Float64Array, boxB: Float64Array): boolean {
  const d = nx * px + ny * py + nz * pz;
  const ax = Math.abs(nx);
  const ay = Math.abs(ny);
  const az = Math.abs(nz);
  const ca = (nx * (boxA[0] + boxA[3]) + ny * (boxA[1] + boxA[4]) + nz * (boxA[2] + boxA[5])) / 2 - d;
  const ha = (ax * (boxA[3] - boxA[0]) + ay * (boxA[4] - boxA[1]) + az * (boxA[5] - boxA[2])) / 2;
  const cb = (nx * (boxB[0] + boxB[3]) + ny * (boxB[1] + boxB[4]) + nz * (boxB[2] + boxB[5])) / 2 - d;
  const hb = (ax * (boxB[3] - boxB[0]) + ay * (boxB[4] - boxB[1]) + az * (boxB[5] - boxB[2])) / 2;
  return (ca - ha > 1e-12 && cb + hb < -1e-12) || (ca + ha < -1e-12 && cb - hb > 1e-12);
}

/**
 * Do all eight segments joining matching corners of boxes A and B (`[minX, minY, minZ, maxX, maxY,
 * maxZ]`) meet the box `b`? Each is a segment of the shaft, so when one misses `b`, no solid inside
 * `b` closes the shaft: a cheap rejection before a closure proof.
 */
export function cornerSegmentsMeetBox(b: Float64Array, boxA: Float64Array, boxB: Float64Array): boolean {
  for (let i = 0; i < 8; i++) {
    const ix = i & 1 ? 3 : 0;
    const iy = i & 2 ? 4 : 1;
    const iz = i & 4 ? 5 : 2;
    if (!slabTest(b[0], b[1], b[2], b[3], b[4], b[5], boxA[ix], boxA[iy], boxA[iz], boxB[ix], boxB[iy], boxB[iz])) return false;
  }
  return true;
}

/**
 * Scratch of the section proofs (V8 boxes numbers passed to calls it does not inline, so the hot
 * proofs take theirs from here): centre x, y, half chord, bottom, top, horizontal normal x, y.
 */
const _sx = new Float64Array(7);
/** Scratch of {@link tryPlane}: the plane's unit normal and a point on it. */
const _pl = new Float64Array(6);

/**
 * The closure proof of {@link occluderClosesShaft} for a vertical prism and the vertical plane
 * through its axis with horizontal unit normal (nx, ny) = (`_sx[5]`, `_sx[6]`): the section is the
 * rectangle |u| <= r (the chord along the plane), zMin <= z <= zMax. Margins of 1e-9" keep it sound.
 */
function prismClosesShaftVertical(p: Prism, rot: { readonly cos: number; readonly sin: number }, boxA: Float64Array, boxB: Float64Array): number {
  const eps = 1e-9;
  const f = p.footprint;
  const nx = _sx[5];
  const ny = _sx[6];
  // Half chord along the tangent (-ny, nx) through the centre, with the margin taken off the axes.
  const lu = rot.cos * -ny + rot.sin * nx;
  const lv = -rot.sin * -ny + rot.cos * nx;
  const a = Math.max(1e-12, f.semiMajor - eps);
  const b = Math.max(1e-12, f.semiMinor - eps);
  _sx[0] = f.x;
  _sx[1] = f.y;
  _sx[2] = 1 / Math.sqrt((lu / a) * (lu / a) + (lv / b) * (lv / b));
  _sx[3] = p.zMin + eps;
  _sx[4] = p.zMax - eps;
  return sectionClosesShaft(boxA, boxB);
}

/**
 * Does the rectangle |u| <= r, zLo <= z <= zHi (all read from `_sx`) of the vertical plane through (cx, cy) with
 * horizontal unit normal (nx, ny) (u along (-ny, nx)) close the shaft between boxes A and B, A on
 * the plane's negative side? A segment joining a corner of A to a corner of B crosses the plane at a
 * point that depends only on the corners' plan positions (16 pairs) and whose height is the same
 * blend of the corners' heights, so the 64 crossing points (whose hull is the shaft's section) lie
 * in the rectangle exactly when, for each plan pair, the crossing's u and its lowest and highest z
 * do. The caller takes its margins off r, zLo and zHi.
 * @returns CLOSED, BESIDE (some crossing falls outside the chord, or the boxes are not on opposite
 * sides), or OVER_OR_UNDER (only heights fail).
 */
function sectionClosesShaft(boxA: Float64Array, boxB: Float64Array): number {
  const cx = _sx[0];
  const cy = _sx[1];
  const r = _sx[2];
  const zLo = _sx[3];
  const zHi = _sx[4];
  const nx = _sx[5];
  const ny = _sx[6];
  const eps = 1e-9;
  if (!(r > 0) || !(zHi > zLo)) return BESIDE;
  if (boxA[2] < zLo && boxB[2] < zLo) return OVER_OR_UNDER;
  if (boxA[5] > zHi && boxB[5] > zHi) return OVER_OR_UNDER;
  const d = nx * cx + ny * cy;
  // Signed distances (s) and tangent coordinates (u) of the plan corners.
  for (let i = 0; i < 4; i++) {
    const x = i & 1 ? boxA[3] : boxA[0];
    const y = i & 2 ? boxA[4] : boxA[1];
    const sv = nx * x + ny * y - d;
    if (!(sv < -eps)) return BESIDE;
    _sa[i] = sv;
    _ua[i] = -ny * (x - cx) + nx * (y - cy);
  }
  for (let j = 0; j < 4; j++) {
    const x = j & 1 ? boxB[3] : boxB[0];
    const y = j & 2 ? boxB[4] : boxB[1];
    const sv = nx * x + ny * y - d;
    if (!(sv > eps)) return BESIDE;
    _sb[j] = sv;
    _ub[j] = -ny * (x - cx) + nx * (y - cy);
  }
  let over = false;
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const t = _sa[i] / (_sa[i] - _sb[j]);
      const u = _ua[i] + t * (_ub[j] - _ua[i]);
      if (u > r || u < -r) return BESIDE;
      if (boxA[2] + t * (boxB[2] - boxA[2]) < zLo) over = true;
      if (boxA[5] + t * (boxB[5] - boxA[5]) > zHi) over = true;
    }
  }
  return over ? OVER_OR_UNDER : CLOSED;
}

const CLOSED = 0;
const BESIDE = 1;
const OVER_OR_UNDER = 2;
const _sa = new Float64Array(4);
const _sb = new Float64Array(4);
const _ua = new Float64Array(4);
const _ub = new Float64Array(4);

const _ca = new Float64Array(24);
const _cb = new Float64Array(24);
const _x = new Float64Array(64 * 3);

function corners(b: Float64Array, out: Float64Array): void {
  for (let i = 0; i < 8; i++) {
    out[3 * i] = i & 1 ? b[3] : b[0];
    out[3 * i + 1] = i & 2 ? b[4] : b[1];
    out[3 * i + 2] = i & 4 ? b[5] : b[2];
  }
}

/**
 * The closure proof in the plane given by `_pl` (unit normal, a point): both boxes strictly on
 * opposite sides, and the shaft's cross-section (the hull of the 64 corner-to-corner crossings)
 * inside the occluder's solid (for a closed mesh: no triangle cutting it, both boxes outside).
 */
function tryPlane(o: Occluder, boxA: Float64Array, boxB: Float64Array): boolean {
  const nx = _pl[0];
  const ny = _pl[1];
  const nz = _pl[2];
  const d = nx * _pl[3] + ny * _pl[4] + nz * _pl[5];
  corners(boxA, _ca);
  corners(boxB, _cb);
  let sideA = 0;
  for (let i = 0; i < 8; i++) {
    const s = nx * _ca[3 * i] + ny * _ca[3 * i + 1] + nz * _ca[3 * i + 2] - d;
    if (Math.abs(s) < 1e-12) return false;
    const sg = Math.sign(s);
    if (sideA === 0) sideA = sg;
    else if (sg !== sideA) return false;
  }
  for (let i = 0; i < 8; i++) {
    const s = nx * _cb[3 * i] + ny * _cb[3 * i + 1] + nz * _cb[3 * i + 2] - d;
    if (Math.abs(s) < 1e-12 || Math.sign(s) === sideA) return false;
  }
  // Matching corners first: their crossings are the likeliest extremes, so a failing proof fails fast.
  const mesh = o.kind === 'mesh' ? o : null;
  for (let i = 0; i < 8; i++) {
    const sa = nx * _ca[3 * i] + ny * _ca[3 * i + 1] + nz * _ca[3 * i + 2] - d;
    const sb = nx * _cb[3 * i] + ny * _cb[3 * i + 1] + nz * _cb[3 * i + 2] - d;
    const t = sa / (sa - sb);
    _x[3 * i] = _ca[3 * i] + t * (_cb[3 * i] - _ca[3 * i]);
    _x[3 * i + 1] = _ca[3 * i + 1] + t * (_cb[3 * i + 1] - _ca[3 * i + 1]);
    _x[3 * i + 2] = _ca[3 * i + 2] + t * (_cb[3 * i + 2] - _ca[3 * i + 2]);
    // A closed mesh's cells reject a crossing outside it without a parity ray.
    if (mesh && meshCellClass(mesh, _x, i) === CELL_OUTSIDE) return false;
  }
  for (let i = 0; i < 8; i++) if (!occluderContainsAt(o, _x, i)) return false;
  let k = 0;
  for (let i = 0; i < 8; i++) {
    const sa = nx * _ca[3 * i] + ny * _ca[3 * i + 1] + nz * _ca[3 * i + 2] - d;
    for (let j = 0; j < 8; j++) {
      const sb = nx * _cb[3 * j] + ny * _cb[3 * j + 1] + nz * _cb[3 * j + 2] - d;
      const t = sa / (sa - sb);
      _x[3 * k] = _ca[3 * i] + t * (_cb[3 * j] - _ca[3 * i]);
      _x[3 * k + 1] = _ca[3 * i + 1] + t * (_cb[3 * j + 1] - _ca[3 * i + 1]);
      _x[3 * k + 2] = _ca[3 * i + 2] + t * (_cb[3 * j + 2] - _ca[3 * i + 2]);
      k++;
    }
  }
  if (mesh) {
    // The cross-section lies in the crossings' bounds; when every cell of those bounds that meets
    // the plane is inside the solid, so is the section, and no triangle can cut it.
    _sb6[0] = _sb6[1] = _sb6[2] = Infinity;
    _sb6[3] = _sb6[4] = _sb6[5] = -Infinity;
    for (let i = 0; i < k; i++) {
      for (let c = 0; c < 3; c++) {
        const v = _x[3 * i + c];
        if (v < _sb6[c]) _sb6[c] = v;
        if (v > _sb6[3 + c]) _sb6[3 + c] = v;
      }
    }
    _pn[0] = nx;
    _pn[1] = ny;
    _pn[2] = nz;
    _pn[3] = d;
    if (meshCellsAre(mesh, _sb6, _pn, CELL_INSIDE)) return boxOutside(mesh, boxA) && boxOutside(mesh, boxB);
  }
  for (let i = 0; i < k; i++) if (!occluderContainsAt(o, _x, i)) return false;
  if (!mesh) return true;
  return meshCrossSectionSolid(mesh, nx, ny, nz, d, k) && boxOutside(mesh, boxA) && boxOutside(mesh, boxB);
}

/** Scratch of {@link tryPlane}: the crossings' bounds and the plane (normal, offset). */
const _sb6 = new Float64Array(6);
const _pn = new Float64Array(4);

const _box = new Box3();
const _v = new Vector3();

/** The box lies wholly outside the closed mesh's solid: no triangle touches it and one corner is outside. */
function boxOutside(o: MeshOccluder, b: Float64Array): boolean {
  if (meshCellsAre(o, b, null, CELL_OUTSIDE)) return true;
  _box.min.set(b[0], b[1], b[2]);
  _box.max.set(b[3], b[4], b[5]);
  if (o.bvh.intersectsBox(_box, _identity)) return false;
  return !occluderContains(o, b[0], b[1], b[2]);
}

import { Matrix4 } from 'three';
const _identity = new Matrix4();

/**
 * No triangle of the mesh cuts the convex hull of the `k` crossing points in `_x` (which lie in the
 * plane n.x = d). With every hull vertex inside the solid, the whole cross-section is then inside.
 * Walks the BVH's node buffers and reads the triangles in place: no allocation (the reference,
 * {@link meshCrossSectionSolidByShapecast}, allocates per triangle; a test checks they agree).
 */
function meshCrossSectionSolid(o: MeshOccluder, nx: number, ny: number, nz: number, d: number, k: number): boolean {
  planeBasis(nx, ny, nz);
  const e1x = _basis[0], e1y = _basis[1], e1z = _basis[2], e2x = _basis[3], e2y = _basis[4], e2z = _basis[5];
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i < k; i++) {
    const x = _x[3 * i], y = _x[3 * i + 1], z = _x[3 * i + 2];
    _p2[2 * i] = x * e1x + y * e1y + z * e1z;
    _p2[2 * i + 1] = x * e2x + y * e2y + z * e2z;
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (z < minZ) minZ = z;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
    if (z > maxZ) maxZ = z;
  }
  const h = hullInPlace(k);
  minX -= 1e-9; minY -= 1e-9; minZ -= 1e-9; maxX += 1e-9; maxY += 1e-9; maxZ += 1e-9;
  const pos = o.geometry.getAttribute('position').array as Float32Array;
  const index = o.geometry.index!.array;
  for (let r = 0; r < o.nodes.length; r++) {
    const { f32, u16, u32 } = o.nodes[r];
    let top = 0;
    _walk[top++] = 0;
    while (top > 0) {
      const n32 = _walk[--top];
      if (f32[n32] > maxX || f32[n32 + 3] < minX || f32[n32 + 1] > maxY || f32[n32 + 4] < minY || f32[n32 + 2] > maxZ || f32[n32 + 5] < minZ) continue;
      if (u16[2 * n32 + 15] !== 0xffff) {
        if (top + 2 > _walk.length) _walk = growInt32(_walk);
        _walk[top++] = n32 + u32[n32 + 6] * 8;
        _walk[top++] = n32 + 8;
        continue;
      }
      const offset = u32[n32 + 6];
      const count = u16[2 * n32 + 14];
      for (let t = offset; t < offset + count; t++) {
        let nTrace = 0;
        for (let c = 0; c < 3; c++) {
          const v = 3 * index[3 * t + c];
          _tv[3 * c] = pos[v];
          _tv[3 * c + 1] = pos[v + 1];
          _tv[3 * c + 2] = pos[v + 2];
          _ts[c] = nx * pos[v] + ny * pos[v + 1] + nz * pos[v + 2] - d;
        }
        // The triangle's trace on the plane: a segment (or the triangle itself when coplanar).
        for (let c = 0; c < 3; c++) {
          const c2 = c === 2 ? 0 : c + 1;
          const sc = _ts[c];
          const sn = _ts[c2];
          if (Math.abs(sc) < 1e-12) {
            const x = _tv[3 * c], y = _tv[3 * c + 1], z = _tv[3 * c + 2];
            _tr[2 * nTrace] = x * e1x + y * e1y + z * e1z;
            _tr[2 * nTrace + 1] = x * e2x + y * e2y + z * e2z;
            nTrace++;
          }
          if ((sc < 0 && sn > 0) || (sc > 0 && sn < 0)) {
            const f = sc / (sc - sn);
            const x = _tv[3 * c] + f * (_tv[3 * c2] - _tv[3 * c]);
            const y = _tv[3 * c + 1] + f * (_tv[3 * c2 + 1] - _tv[3 * c + 1]);
            const z = _tv[3 * c + 2] + f * (_tv[3 * c2 + 2] - _tv[3 * c + 2]);
            _tr[2 * nTrace] = x * e1x + y * e1y + z * e1z;
            _tr[2 * nTrace + 1] = x * e2x + y * e2y + z * e2z;
            nTrace++;
          }
        }
        if (nTrace === 0) continue;
        if (nTrace === 1) {
          if (h < 3 || hullContains(h, _tr[0], _tr[1])) return false;
          continue;
        }
        for (let i = 0; i < nTrace; i++) {
          for (let j = i + 1; j < nTrace; j++) if (h < 3 || segmentTouchesHull(h, _tr[2 * i], _tr[2 * i + 1], _tr[2 * j], _tr[2 * j + 1])) return false;
        }
      }
    }
  }
  return true;
}

/** An orthonormal basis (e1, e2) of the plane with unit normal n, written to `_basis` (e1 then e2). */
function planeBasis(nx: number, ny: number, nz: number): void {
  let e1x: number, e1y: number, e1z: number;
  if (Math.abs(nz) < 0.9) {
    e1x = -ny; e1y = nx; e1z = 0;
  } else {
    e1x = 0; e1y = -nz; e1z = ny;
  }
  const l1 = Math.sqrt(e1x * e1x + e1y * e1y + e1z * e1z);
  e1x /= l1; e1y /= l1; e1z /= l1;
  _basis[0] = e1x;
  _basis[1] = e1y;
  _basis[2] = e1z;
  _basis[3] = ny * e1z - nz * e1y;
  _basis[4] = nz * e1x - nx * e1z;
  _basis[5] = nx * e1y - ny * e1x;
}
const _basis = new Float64Array(6);

/** Scratch of {@link meshCrossSectionSolid}: points in the plane, the hull, a triangle, its trace, the walk. */
const _p2 = new Float64Array(128);
const _order = new Int32Array(64);
const _hull = new Float64Array(2 * 130);
const _tv = new Float64Array(9);
const _ts = new Float64Array(3);
const _tr = new Float64Array(6);
let _walk: Int32Array = new Int32Array(64);

/**
 * Counter-clockwise convex hull (Andrew's monotone chain) of the first `k` points of `_p2`, written
 * to `_hull`; returns its vertex count (below 3 for a degenerate set, which callers treat as cut).
 */
function hullInPlace(k: number): number {
  for (let i = 0; i < k; i++) _order[i] = i;
  // Insertion sort by (u, v): k is at most 64.
  for (let i = 1; i < k; i++) {
    const a = _order[i];
    let j = i - 1;
    while (j >= 0 && (_p2[2 * _order[j]] > _p2[2 * a] || (_p2[2 * _order[j]] === _p2[2 * a] && _p2[2 * _order[j] + 1] > _p2[2 * a + 1]))) {
      _order[j + 1] = _order[j];
      j--;
    }
    _order[j + 1] = a;
  }
  if (k < 3) {
    for (let i = 0; i < k; i++) {
      _hull[2 * i] = _p2[2 * _order[i]];
      _hull[2 * i + 1] = _p2[2 * _order[i] + 1];
    }
    return k;
  }
  let m = 0;
  // Lower chain, then upper chain (the last point of each is the first of the other).
  for (let pass = 0; pass < 2; pass++) {
    const base = m;
    for (let q = 0; q < k; q++) {
      const idx = _order[pass === 0 ? q : k - 1 - q];
      const px = _p2[2 * idx], py = _p2[2 * idx + 1];
      while (m - base >= 2) {
        const ox = _hull[2 * (m - 2)], oy = _hull[2 * (m - 2) + 1];
        const ax = _hull[2 * (m - 1)], ay = _hull[2 * (m - 1) + 1];
        if ((ax - ox) * (py - oy) - (ay - oy) * (px - ox) > 0) break;
        m--;
      }
      _hull[2 * m] = px;
      _hull[2 * m + 1] = py;
      m++;
    }
    m--;
  }
  return m;
}

/** Is (u, v) inside or on the counter-clockwise hull of `h` vertices in `_hull` (1e-12 slack)? */
function hullContains(h: number, u: number, v: number): boolean {
  for (let i = 0; i < h; i++) {
    const j = i + 1 === h ? 0 : i + 1;
    const ax = _hull[2 * i], ay = _hull[2 * i + 1];
    if ((_hull[2 * j] - ax) * (v - ay) - (_hull[2 * j + 1] - ay) * (u - ax) < -1e-12) return false;
  }
  return true;
}

/** Conservative: does the segment p-q touch the hull in `_hull` (separating axes)? */
function segmentTouchesHull(h: number, pu: number, pv: number, qu: number, qv: number): boolean {
  if (hullContains(h, pu, pv) || hullContains(h, qu, qv)) return true;
  for (let e = -1; e < h; e++) {
    // Axis -1: the segment's normal; then each hull edge's normal.
    let ax: number, ay: number;
    if (e < 0) {
      ax = -(qv - pv);
      ay = qu - pu;
    } else {
      const j = e + 1 === h ? 0 : e + 1;
      ax = -(_hull[2 * j + 1] - _hull[2 * e + 1]);
      ay = _hull[2 * j] - _hull[2 * e];
    }
    let hmin = Infinity, hmax = -Infinity;
    for (let i = 0; i < h; i++) {
      const s = _hull[2 * i] * ax + _hull[2 * i + 1] * ay;
      if (s < hmin) hmin = s;
      if (s > hmax) hmax = s;
    }
    const s1 = pu * ax + pv * ay;
    const s2 = qu * ax + qv * ay;
    if ((s1 > s2 ? s1 : s2) < hmin - 1e-12 || (s1 < s2 ? s1 : s2) > hmax + 1e-12) return false;
  }
  return true;
}

/**
 * {@link meshCrossSectionSolid} on `k` (at most 64) points given as a flat `[x, y, z, ...]` array
 * lying in the plane n.p = d, by the node walk or (`reference`) by the shapecast form: what the
 * test compares.
 */
export function meshCrossSectionCheck(o: MeshOccluder, pts: Float64Array, k: number, nx: number, ny: number, nz: number, d: number, reference: boolean): boolean {
  _x.set(pts.subarray(0, 3 * k));
  return reference ? meshCrossSectionSolidByShapecast(o, nx, ny, nz, d, k) : meshCrossSectionSolid(o, nx, ny, nz, d, k);
}

/** The shapecast form of {@link meshCrossSectionSolid} (the reference its test compares with). */
export function meshCrossSectionSolidByShapecast(o: MeshOccluder, nx: number, ny: number, nz: number, d: number, k: number): boolean {
  planeBasis(nx, ny, nz);
  const e1x = _basis[0], e1y = _basis[1], e1z = _basis[2], e2x = _basis[3], e2y = _basis[4], e2z = _basis[5];
  const pts: [number, number][] = [];
  let minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0; i < k; i++) {
    const x = _x[3 * i], y = _x[3 * i + 1], z = _x[3 * i + 2];
    pts.push([x * e1x + y * e1y + z * e1z, x * e2x + y * e2y + z * e2z]);
    minX = Math.min(minX, x); minY = Math.min(minY, y); minZ = Math.min(minZ, z);
    maxX = Math.max(maxX, x); maxY = Math.max(maxY, y); maxZ = Math.max(maxZ, z);
  }
  const hull = convexHull2(pts);
  _box.min.set(minX - 1e-9, minY - 1e-9, minZ - 1e-9);
  _box.max.set(maxX + 1e-9, maxY + 1e-9, maxZ + 1e-9);
  const cut = o.bvh.shapecast({
    intersectsBounds: (box) => (box.intersectsBox(_box) ? INTERSECTED : NOT_INTERSECTED),
    intersectsTriangle: (tri) => {
      // The triangle's trace on the plane: a segment (or the triangle itself when coplanar).
      const s = [tri.a, tri.b, tri.c].map((p) => nx * p.x + ny * p.y + nz * p.z - d);
      const vs = [tri.a, tri.b, tri.c];
      const trace: [number, number][] = [];
      for (let i = 0; i < 3; i++) {
        const j = (i + 1) % 3;
        if (Math.abs(s[i]) < 1e-12) trace.push(proj(vs[i], e1x, e1y, e1z, e2x, e2y, e2z));
        if ((s[i] < 0 && s[j] > 0) || (s[i] > 0 && s[j] < 0)) {
          const t = s[i] / (s[i] - s[j]);
          _v.copy(vs[i]).lerp(vs[j], t);
          trace.push(proj(_v, e1x, e1y, e1z, e2x, e2y, e2z));
        }
      }
      if (trace.length === 0) return false;
      if (trace.length === 1) return pointInConvex(hull, trace[0]);
      for (let i = 0; i < trace.length; i++) {
        for (let j = i + 1; j < trace.length; j++) if (segmentTouchesConvex(hull, trace[i], trace[j])) return true;
      }
      return false;
    },
  });
  return !cut;
}

function proj(p: { x: number; y: number; z: number }, e1x: number, e1y: number, e1z: number, e2x: number, e2y: number, e2z: number): [number, number] {
  return [p.x * e1x + p.y * e1y + p.z * e1z, p.x * e2x + p.y * e2y + p.z * e2z];
}

/** Counter-clockwise convex hull (Andrew's monotone chain). */
export function convexHull2(points: [number, number][]): [number, number][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  upper.pop();
  lower.pop();
  return lower.concat(upper);
}

function pointInConvex(h: [number, number][], q: [number, number]): boolean {
  if (h.length < 3) return true; // degenerate hull: be conservative (treat as cut)
  for (let i = 0; i < h.length; i++) {
    const a = h[i];
    const b = h[(i + 1) % h.length];
    if ((b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0]) < -1e-12) return false;
  }
  return true;
}

/** Conservative: does the segment p-q touch the convex polygon h? */
function segmentTouchesConvex(h: [number, number][], p: [number, number], q: [number, number]): boolean {
  if (h.length < 3) return true;
  if (pointInConvex(h, p) || pointInConvex(h, q)) return true;
  // Separating axis test: polygon edges' normals and the segment's normal.
  const axes: [number, number][] = [[-(q[1] - p[1]), q[0] - p[0]]];
  for (let i = 0; i < h.length; i++) {
    const a = h[i];
    const b = h[(i + 1) % h.length];
    axes.push([-(b[1] - a[1]), b[0] - a[0]]);
  }
  for (const [ax, ay] of axes) {
    let hmin = Infinity, hmax = -Infinity;
    for (const v of h) {
      const s = v[0] * ax + v[1] * ay;
      hmin = Math.min(hmin, s); hmax = Math.max(hmax, s);
    }
    const s1 = p[0] * ax + p[1] * ay;
    const s2 = q[0] * ax + q[1] * ay;
    if (Math.max(s1, s2) < hmin - 1e-12 || Math.min(s1, s2) > hmax + 1e-12) return false;
  }
  return true;
}
