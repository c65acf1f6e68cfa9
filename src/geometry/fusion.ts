import type { ConvexSolid } from './solids';
import type { Occluder } from './occluders';

/**
 * Fused closure proof: several occluders together close the shaft between two boxes A and B
 * (every segment from a point of A to a point of B touches one of them), when no single one does.
 *
 * The idea is the "extended projection" of Durand et al. (SIGGRAPH 2000) specialised to vertical
 * pieces. Let w be the horizontal direction from A's centre to B's centre, u the horizontal
 * direction across it, and P the vertical plane w = wP at B's near side. Every segment from A to B
 * crosses P inside the shaft's cross-section, which lies in the rectangle S (the bounds, in (u, z),
 * of the crossings of the segments joining A's and B's corners). Each vertical occluder lying
 * strictly between A and P contains an axis rectangle R parallel to P (its section by the vertical
 * plane through its centre, across w). The set E of points of P that every point of A sees through
 * R (the intersection of R's projections from A's corners, exact for a convex source) is a
 * rectangle. A segment from a in A to b in B crossing P at q in E passes through R before q, and q
 * comes before b, so it touches the occluder. Hence S covered by the union of the E rectangles
 * proves every segment of the shaft blocked. Occluders between A and P at different depths fuse:
 * the gaps of a front rank are covered by the ranks behind it, which single-occluder proofs
 * cannot show. Sound with margins of 1e-9"; a false answer only means "not proven".
 *
 * Used pieces: model prisms and cylinders (the chord through the axis), boxes (the chord through
 * the centre), closed meshes through the boxes proven inside them. Allocation-free after warm-up.
 */
export function occludersCloseShaftFused(
  occ: readonly Occluder[],
  count: number,
  skip: (o: Occluder) => boolean,
  boxA: Float64Array,
  boxB: Float64Array,
): boolean {
  return cutSections(occ, count, skip, boxA, boxB) && fusedFrom(boxA, boxB);
}

/**
 * {@link occludersCloseShaftFused} seen both ways: from A onto B's near side, or (the same
 * segments) from B onto A's near side. The sections do not depend on which way the shaft is
 * looked along, so they are cut once for both.
 */
export function occludersCloseShaftFusedEitherWay(
  occ: readonly Occluder[],
  count: number,
  skip: (o: Occluder) => boolean,
  boxA: Float64Array,
  boxB: Float64Array,
): boolean {
  return cutSections(occ, count, skip, boxA, boxB) && (fusedFrom(boxA, boxB) || (directionAndCorners(boxB, boxA) && fusedFrom(boxB, boxA)));
}

/**
 * Cuts the section of every piece (occluders not skipped; a closed mesh's inner boxes) by the
 * vertical plane through its centre across the horizontal line from A's centre to B's, into
 * `_secs` (centre x, y, half chord, bottom, top; `_nSecs` of them). False when there is no such
 * line (A and B stacked), the two boxes overlap along it (no plane between them: no proof either
 * way), or no piece has a usable section.
 */
function cutSections(occ: readonly Occluder[], count: number, skip: (o: Occluder) => boolean, boxA: Float64Array, boxB: Float64Array): boolean {
  // Also leaves the direction and corners from A onto B for fusedFrom(boxA, boxB).
  if (!directionAndCorners(boxA, boxB)) return false;
  _t[0] = -_n[1];
  _t[1] = _n[0];
  let n = 0;
  for (let k = 0; k < count; k++) {
    const o = occ[k];
    if (skip(o)) continue;
    // A closed mesh takes part through the boxes proven inside it (none for an open mesh).
    const pieces = o.kind === 'mesh' ? o.inners.length : 1;
    for (let q = 0; q < pieces; q++) {
      if (!sectionAcross(o.kind === 'mesh' ? o.inners[q] : o)) continue;
      if (5 * n + 5 > _secs.length) _secs = growTo(_secs, 2 * _secs.length);
      for (let j = 0; j < 5; j++) _secs[5 * n + j] = _sec[j];
      n++;
    }
  }
  _nSecs = n;
  return n > 0;
}

/**
 * The horizontal direction n from A's centre to B's (`_n`), A's and B's corners in (u, w) (u
 * across n, w along it), A's farthest w and B's nearest (`_n[2]`, `_n[3]`). False when the boxes
 * overlap along n (B's near side is not beyond A) or are stacked.
 */
function directionAndCorners(boxA: Float64Array, boxB: Float64Array): boolean {
  const acx = (boxA[0] + boxA[3]) / 2;
  const acy = (boxA[1] + boxA[4]) / 2;
  let nx = (boxB[0] + boxB[3]) / 2 - acx;
  let ny = (boxB[1] + boxB[4]) / 2 - acy;
  const hl = Math.sqrt(nx * nx + ny * ny);
  if (hl < 1e-9) return false;
  nx /= hl;
  ny /= hl;
  // u = tau . p with tau = (-ny, nx); w = n . p.
  let wAmax = -Infinity;
  for (let i = 0; i < 4; i++) {
    const x = i & 1 ? boxA[3] : boxA[0];
    const y = i & 2 ? boxA[4] : boxA[1];
    _au[i] = -ny * x + nx * y;
    _aw[i] = nx * x + ny * y;
    if (_aw[i] > wAmax) wAmax = _aw[i];
  }
  let wP = Infinity;
  for (let j = 0; j < 4; j++) {
    const x = j & 1 ? boxB[3] : boxB[0];
    const y = j & 2 ? boxB[4] : boxB[1];
    _bu[j] = -ny * x + nx * y;
    _bw[j] = nx * x + ny * y;
    if (_bw[j] < wP) wP = _bw[j];
  }
  _n[0] = nx;
  _n[1] = ny;
  _n[2] = wAmax;
  _n[3] = wP;
  return wP > wAmax + 1e-6;
}

/**
 * The proof seen from A onto B's near side, over the sections in `_secs` (see {@link cutSections}),
 * with the direction and corners that {@link directionAndCorners}`(boxA, boxB)` last left (it
 * returned true).
 */
function fusedFrom(boxA: Float64Array, boxB: Float64Array): boolean {
  const nx = _n[0];
  const ny = _n[1];
  const wAmax = _n[2];
  const wP = _n[3];
  const zA0 = boxA[2];
  const zA1 = boxA[5];
  const zB0 = boxB[2];
  const zB1 = boxB[5];
  // S: bounds of the crossings with P of the segments joining A's and B's corners.
  let su0 = Infinity;
  let su1 = -Infinity;
  let sz0 = Infinity;
  let sz1 = -Infinity;
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const t = (wP - _aw[i]) / (_bw[j] - _aw[i]);
      const u = _au[i] + t * (_bu[j] - _au[i]);
      const zl = zA0 + t * (zB0 - zA0);
      const zh = zA1 + t * (zB1 - zA1);
      if (u < su0) su0 = u;
      if (u > su1) su1 = u;
      if (zl < sz0) sz0 = zl;
      if (zh > sz1) sz1 = zh;
    }
  }
  // The table: no segment between points at or above z = 0 goes below it.
  if (sz0 < 0) sz0 = 0;
  // E rectangles of the sections strictly between A and P that overlap S.
  let n = 0;
  for (let m = 0; m < _nSecs; m++) {
    const cx = _secs[5 * m];
    const cy = _secs[5 * m + 1];
    const wR = nx * cx + ny * cy;
    if (!(wR > wAmax + 1e-6 && wR < wP - 1e-6)) continue;
    const uc = -ny * cx + nx * cy;
    const r = _secs[5 * m + 2];
    const z0 = _secs[5 * m + 3];
    const z1 = _secs[5 * m + 4];
    let eu0 = -Infinity;
    let eu1 = Infinity;
    let ez0 = -Infinity;
    let ez1 = Infinity;
    for (let i = 0; i < 4; i++) {
      const kk = (wP - _aw[i]) / (wR - _aw[i]);
      const lo = _au[i] + (uc - r - _au[i]) * kk;
      const hi = _au[i] + (uc + r - _au[i]) * kk;
      if (lo > eu0) eu0 = lo;
      if (hi < eu1) eu1 = hi;
      // Height z of R seen from a corner at height a lands at a + (z - a) kk, which decreases in a
      // (kk > 1): the intersection's bottom comes from A's lowest corners, its top from the highest.
      const zl = zA0 + (z0 - zA0) * kk;
      const zh = zA1 + (z1 - zA1) * kk;
      if (zl > ez0) ez0 = zl;
      if (zh < ez1) ez1 = zh;
    }
    if (!(eu0 < eu1 && ez0 < ez1)) continue;
    if (eu1 < su0 || eu0 > su1 || ez1 < sz0 || ez0 > sz1) continue;
    if (4 * n + 4 > _e.length) _e = growTo(_e, 2 * _e.length);
    _e[4 * n] = eu0;
    _e[4 * n + 1] = eu1;
    _e[4 * n + 2] = ez0;
    _e[4 * n + 3] = ez1;
    n++;
  }
  if (n === 0) return false;
  _s[0] = su0;
  _s[1] = su1;
  _s[2] = sz0;
  _s[3] = sz1;
  return rectanglesCover(n);
}

/** The sections cut by {@link cutSections}: 5 numbers each (centre x, y, half chord, bottom, top). */
let _secs: Float64Array = new Float64Array(320);
let _nSecs = 0;
/** Scratch of {@link directionAndCorners}: n (x, y), A's farthest w, B's nearest w. */
const _n = new Float64Array(4);
let _e: Float64Array = new Float64Array(256);
let _cuts: Float64Array = new Float64Array(130);
let _iv: Float64Array = new Float64Array(128);
const _au = new Float64Array(4);
const _aw = new Float64Array(4);
const _bu = new Float64Array(4);
const _bw = new Float64Array(4);
/** Scratch: the section's centre x, y, half chord, bottom and top. */
const _sec = new Float64Array(5);
/**
 * Scratch arguments (V8 boxes numbers passed to calls it does not inline): the horizontal
 * direction of the sections, and the rectangle S to cover (u0, u1, z0, z1).
 */
const _t = new Float64Array(2);
const _s = new Float64Array(4);

function growTo(a: Float64Array, size: number): Float64Array {
  const b = new Float64Array(size);
  b.set(a);
  return b;
}

/**
 * The rectangle in which the vertical plane through the occluder's centre along (tx, ty) = `_t`
 * cuts it (inside the solid, margins taken), written to `_sec`; false when the piece has none usable.
 */
function sectionAcross(o: Occluder): boolean {
  const tx = _t[0];
  const ty = _t[1];
  const eps = 1e-9;
  let solid: ConvexSolid | null = null;
  if (o.kind === 'prism' || (o.kind === 'solid' && o.asPrism)) {
    const p = o.kind === 'prism' ? o.prism : o.asPrism!;
    const c = o.kind === 'prism' ? o.cos : 1;
    const s = o.kind === 'prism' ? o.sin : 0;
    const f = p.footprint;
    const lu = c * tx + s * ty;
    const lv = -s * tx + c * ty;
    const a = f.semiMajor - eps;
    const b = f.semiMinor - eps;
    if (a <= 0 || b <= 0) return false;
    _sec[0] = f.x;
    _sec[1] = f.y;
    // A round base's chord through its centre is its diameter in every direction.
    _sec[2] = a === b ? a : 1 / Math.sqrt((lu / a) * (lu / a) + (lv / b) * (lv / b));
    _sec[3] = p.zMin + eps;
    _sec[4] = p.zMax - eps;
    return _sec[4] > _sec[3];
  }
  if (o.kind === 'solid') solid = o.solid;
  if (o.kind !== 'solid' || !solid || solid.kind !== 'box') return false;
  // The box's rotation, computed once when its occluder was built.
  const c = o.cos;
  const s = o.sin;
  const lu = Math.abs(c * tx + s * ty);
  const lv = Math.abs(-s * tx + c * ty);
  const hx = solid.size[0] / 2 - eps;
  const hy = solid.size[1] / 2 - eps;
  if (hx <= 0 || hy <= 0) return false;
  _sec[0] = solid.center[0];
  _sec[1] = solid.center[1];
  _sec[2] = Math.min(lu > 1e-12 ? hx / lu : Infinity, lv > 1e-12 ? hy / lv : Infinity);
  _sec[3] = solid.elevation + eps;
  _sec[4] = solid.elevation + solid.size[2] - eps;
  return _sec[4] > _sec[3];
}

/**
 * Do the closed rectangles `_e[0..n)` (u0, u1, z0, z1) cover [su0, su1] x [sz0, sz1] (read from
 * `_s`)? Sweeps the u-slabs between rectangle edges; in each, the rectangles spanning the slab must
 * cover [sz0, sz1].
 */
function rectanglesCover(n: number): boolean {
  const su0 = _s[0];
  const su1 = _s[1];
  const sz0 = _s[2];
  const sz1 = _s[3];
  if (2 * n + 2 > _cuts.length) _cuts = new Float64Array(4 * n + 4);
  if (2 * n > _iv.length) _iv = new Float64Array(4 * n);
  let m = 0;
  _cuts[m++] = su0;
  _cuts[m++] = su1;
  for (let k = 0; k < n; k++) {
    const a = _e[4 * k];
    const b = _e[4 * k + 1];
    if (a > su0 && a < su1) _cuts[m++] = a;
    if (b > su0 && b < su1) _cuts[m++] = b;
  }
  // Insertion sort in place (a handful of cuts; no typed-array view allocated per proof).
  const cuts = _cuts;
  for (let i = 1; i < m; i++) {
    const v = cuts[i];
    let j = i - 1;
    while (j >= 0 && cuts[j] > v) {
      cuts[j + 1] = cuts[j];
      j--;
    }
    cuts[j + 1] = v;
  }
  for (let s = 0; s + 1 < m; s++) {
    const u0 = cuts[s];
    const u1 = cuts[s + 1];
    if (u1 <= u0 && s + 2 < m) continue;
    // z-intervals of the rectangles spanning this slab.
    let q = 0;
    for (let k = 0; k < n; k++) {
      if (_e[4 * k] <= u0 && _e[4 * k + 1] >= u1) {
        _iv[2 * q] = _e[4 * k + 2];
        _iv[2 * q + 1] = _e[4 * k + 3];
        q++;
      }
    }
    if (q === 0) return false;
    // Cover [sz0, sz1] greedily: repeatedly extend the reach with any interval starting within it.
    let reach = sz0;
    let grew = true;
    while (reach < sz1 && grew) {
      grew = false;
      for (let k = 0; k < q; k++) {
        if (_iv[2 * k] <= reach && _iv[2 * k + 1] > reach) {
          reach = _iv[2 * k + 1];
          grew = true;
        }
      }
    }
    if (reach < sz1) return false;
  }
  return true;
}
