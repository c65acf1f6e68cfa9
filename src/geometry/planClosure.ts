import { solidOccluder, type Occluder, type SolidOccluder } from './occluders';
import { cornerLinesBlocked, otherLinesBlocked, segmentClipsPoly } from './planLines';
import { convexSolidTriangles, CYLINDER_SIDES, type ConvexSolid } from './solids';

/**
 * Plan-view closure proofs for upright pieces, and boxes derived from stacked pieces.
 *
 * An upright convex prism (a box piece turned about the vertical, a cylinder, a box proven inside a
 * closed mesh) whose height range contains the whole height range of a shaft blocks every segment of
 * the shaft whose plan projection meets the prism's footprint: at the meeting point the segment's
 * height lies in the shaft's range, so that point of the segment is in the prism. The question
 * becomes a plan one: does every plan segment from node A's plan rectangle to node B's meet the
 * union of those footprints?
 *
 * Let H be the convex hull of the two rectangles (disjoint in plan); its boundary runs along A,
 * along one bridge (a hull edge from a corner of A to a corner of B), along B and back along the
 * other bridge. A chain of footprints O1..Ok, none meeting A or B, with O1 meeting the first bridge,
 * Ok the second, and each two consecutive ones meeting inside H, holds a path in H from the first
 * bridge to the second. The four points (A's end of the first bridge, the point on it, B's end,
 * the point on the second bridge) alternate along H's boundary, so any path in H from A's end to
 * B's end meets that path (two paths joining alternating boundary points of a disc cross). A
 * segment a-b, extended inside A and B to the bridges' ends, is such a path and the extensions
 * meet no footprint, so the segment a-b meets one. A single footprint meeting both bridges is the
 * chain of one.
 *
 * Exact in real arithmetic; the footprints are taken inside the pieces (cylinders as inscribed
 * polygons shrunk by 1e-9 of the radius), so a `true` stands up to floating-point rounding of the
 * pieces' own tests. `false` only means "not proven".
 */

/** The footprint of an upright convex prism: a convex polygon `[x0, y0, x1, y1, ...]` counter-clockwise, and its height range. */
export interface PlanBlocker {
  poly: Float64Array;
  zMin: number;
  zMax: number;
  /** Plan bounds `[minX, minY, maxX, maxY]`. */
  box: Float64Array;
}

/** Sides of the polygon inscribed in a cylinder's circle. */
const CIRCLE_SIDES = 16;

function blocker(poly: number[], zMin: number, zMax: number): PlanBlocker {
  const box = Float64Array.of(Infinity, Infinity, -Infinity, -Infinity);
  for (let i = 0; i < poly.length; i += 2) {
    box[0] = Math.min(box[0], poly[i]);
    box[1] = Math.min(box[1], poly[i + 1]);
    box[2] = Math.max(box[2], poly[i]);
    box[3] = Math.max(box[3], poly[i + 1]);
  }
  return { poly: Float64Array.from(poly), zMin, zMax, box };
}

/** The footprint of a box or cylinder solid (counter-clockwise; a cylinder's inscribed in its triangulated circle). */
function solidBlocker(o: SolidOccluder): PlanBlocker {
  const s = o.solid;
  if (s.kind === 'box') {
    const hx = s.size[0] / 2;
    const hy = s.size[1] / 2;
    const c = o.cos;
    const sn = o.sin;
    const pts: number[] = [];
    for (const [u, v] of [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]]) pts.push(s.center[0] + c * u - sn * v, s.center[1] + sn * u + c * v);
    return blocker(pts, s.elevation, s.elevation + s.size[2]);
  }
  // Inside the inscribed circle of the 128-gon the scene triangulates, shrunk by 1e-9 of the radius.
  const r = s.radius * Math.cos(Math.PI / CYLINDER_SIDES) * (1 - 1e-9);
  const pts: number[] = [];
  for (let i = 0; i < CIRCLE_SIDES; i++) {
    const t = (2 * Math.PI * i) / CIRCLE_SIDES;
    pts.push(s.center[0] + r * Math.cos(t), s.center[1] + r * Math.sin(t));
  }
  return blocker(pts, s.elevation, s.elevation + s.height);
}

/**
 * The plan blockers an occluder holds: a box or cylinder piece its own footprint; a closed mesh the
 * boxes proven inside it; a model prism its inscribed polygon; an open mesh none.
 */
export function planBlockersOf(o: Occluder): PlanBlocker[] {
  if (o.kind === 'solid') return [solidBlocker(o)];
  if (o.kind === 'mesh') return o.inners.map(solidBlocker);
  const f = o.prism.footprint;
  const pts: number[] = [];
  for (let i = 0; i < CIRCLE_SIDES; i++) {
    const t = (2 * Math.PI * i) / CIRCLE_SIDES;
    // A polygon inscribed in the ellipse (its vertices on it, shrunk by 1e-9) lies inside it.
    const u = f.semiMajor * Math.cos(t) * Math.cos(Math.PI / CIRCLE_SIDES) * (1 - 1e-9);
    const v = f.semiMinor * Math.sin(t) * Math.cos(Math.PI / CIRCLE_SIDES) * (1 - 1e-9);
    pts.push(f.x + o.cos * u - o.sin * v, f.y + o.sin * u + o.cos * v);
  }
  return [blocker(pts, o.prism.zMin, o.prism.zMax)];
}

/**
 * Boxes that lie inside the union of two box pieces turned alike, one standing on or overlapping
 * the other in height (a wall on a floor): their footprints' intersection over the union of their
 * height ranges, shrunk by 1e-9" on every side. A segment touching such a box touches one of the two
 * pieces, so adding them to a list of blockers changes no segment's answer, and closure proofs can
 * use them where neither piece alone closes a shaft.
 */
export function stackedBoxes(occ: readonly Occluder[]): SolidOccluder[] {
  const boxes = occ.filter((o): o is SolidOccluder => o.kind === 'solid' && o.solid.kind === 'box');
  const out: SolidOccluder[] = [];
  const eps = 1e-9;
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i].solid as Extract<ConvexSolid, { kind: 'box' }>;
      const b = boxes[j].solid as Extract<ConvexSolid, { kind: 'box' }>;
      if (a.rotationDeg !== b.rotationDeg) continue;
      const a0 = a.elevation, a1 = a.elevation + a.size[2];
      const b0 = b.elevation, b1 = b.elevation + b.size[2];
      if (a1 < b0 || b1 < a0) continue;
      // Neither range contains the other (else the union adds nothing in height).
      if ((a0 <= b0 && a1 >= b1) || (b0 <= a0 && b1 >= a1)) continue;
      const c = boxes[i].cos;
      const sn = boxes[i].sin;
      const dx = b.center[0] - a.center[0];
      const dy = b.center[1] - a.center[1];
      const bu = c * dx + sn * dy;
      const bv = -sn * dx + c * dy;
      const u0 = Math.max(-a.size[0] / 2, bu - b.size[0] / 2) + eps;
      const u1 = Math.min(a.size[0] / 2, bu + b.size[0] / 2) - eps;
      const v0 = Math.max(-a.size[1] / 2, bv - b.size[1] / 2) + eps;
      const v1 = Math.min(a.size[1] / 2, bv + b.size[1] / 2) - eps;
      if (!(u1 > u0 && v1 > v0)) continue;
      const mu = (u0 + u1) / 2;
      const mv = (v0 + v1) / 2;
      const zMin = Math.min(a0, b0) + eps;
      const zMax = Math.max(a1, b1) - eps;
      const solid: ConvexSolid = {
        kind: 'box',
        center: [a.center[0] + c * mu - sn * mv, a.center[1] + sn * mu + c * mv],
        size: [u1 - u0, v1 - v0, zMax - zMin],
        rotationDeg: a.rotationDeg,
        elevation: zMin,
      };
      out.push(solidOccluder(solid, boxes[i].featureIndex, convexSolidTriangles(solid)));
    }
  }
  return out;
}

// Scratch (allocation-free after warm-up).
const _corners = new Float64Array(16);
const _label = new Int8Array(8);
const _order = new Int32Array(8);
const _hull = new Int32Array(9);
const _hullPoly = new Float64Array(16);
let _clipA = new Float64Array(64);
let _clipB = new Float64Array(64);
let _cand: PlanBlocker[] = [];
let _reach = new Int8Array(16);
let _queue = new Int32Array(16);
let _onSecond = new Int8Array(16);

function cross(ox: number, oy: number, ax: number, ay: number, bx: number, by: number): number {
  return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
}

/** Does the closed segment p-q meet the closed convex polygon (counter-clockwise)? */
function segmentMeetsPoly(poly: Float64Array, n: number, px: number, py: number, qx: number, qy: number): boolean {
  return segmentClipsPoly(poly, n, px, py, qx, qy, 0);
}


/** Do the closed convex polygon and the closed axis rectangle meet? Separating axes: the rectangle's and the polygon's edges. */
function polyMeetsRect(b: PlanBlocker, x0: number, y0: number, x1: number, y1: number): boolean {
  const B = b.box;
  if (B[2] < x0 || B[0] > x1 || B[3] < y0 || B[1] > y1) return false;
  const P = b.poly;
  const n = P.length >> 1;
  for (let i = 0; i < n; i++) {
    const ax = P[2 * i], ay = P[2 * i + 1];
    const j = i + 1 === n ? 0 : i + 1;
    const ex = P[2 * j] - ax, ey = P[2 * j + 1] - ay;
    // The rectangle wholly outside this edge's half-plane?
    const m = Math.max(cross(ax, ay, ax + ex, ay + ey, x0, y0), cross(ax, ay, ax + ex, ay + ey, x1, y0), cross(ax, ay, ax + ex, ay + ey, x1, y1), cross(ax, ay, ax + ex, ay + ey, x0, y1));
    if (m < 0) return false;
  }
  return true;
}

/** Clips the polygon in `src` (`n` vertices) by the closed half-plane left of a-b into `dst`; returns the vertex count. */
function clipHalfPlane(src: Float64Array, n: number, ax: number, ay: number, bx: number, by: number, dst: Float64Array): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const px = src[2 * i], py = src[2 * i + 1], qx = src[2 * j], qy = src[2 * j + 1];
    const fp = cross(ax, ay, bx, by, px, py);
    const fq = cross(ax, ay, bx, by, qx, qy);
    if (fp >= 0) {
      dst[2 * m] = px;
      dst[2 * m + 1] = py;
      m++;
    }
    if ((fp > 0 && fq < 0) || (fp < 0 && fq > 0)) {
      const t = fp / (fp - fq);
      dst[2 * m] = px + t * (qx - px);
      dst[2 * m + 1] = py + t * (qy - py);
      m++;
    }
  }
  return m;
}

/** Do two footprints and the hull (`_hullPoly`, `hn` vertices) have a common point? */
function meetInHull(a: PlanBlocker, b: PlanBlocker, hn: number): boolean {
  if (a.box[2] < b.box[0] || b.box[2] < a.box[0] || a.box[3] < b.box[1] || b.box[3] < a.box[1]) return false;
  const need = 2 * (a.poly.length + b.poly.length + 2 * hn + 8);
  if (_clipA.length < need) {
    _clipA = new Float64Array(need);
    _clipB = new Float64Array(need);
  }
  _clipA.set(a.poly);
  _clipSrc = _clipA;
  _clipDst = _clipB;
  const n = clipBy(a.poly.length >> 1, b.poly, b.poly.length >> 1);
  return n > 0 && clipBy(n, _hullPoly, hn) > 0;
}

let _clipSrc = _clipA;
let _clipDst = _clipB;
/** Clips the polygon in `_clipSrc` (`n` vertices) by each edge of the convex polygon P (`k` vertices); the result is left in `_clipSrc`. Returns its vertex count. */
function clipBy(n: number, P: Float64Array, k: number): number {
  for (let i = 0; i < k && n > 0; i++) {
    const j = i + 1 === k ? 0 : i + 1;
    n = clipHalfPlane(_clipSrc, n, P[2 * i], P[2 * i + 1], P[2 * j], P[2 * j + 1], _clipDst);
    const t = _clipSrc;
    _clipSrc = _clipDst;
    _clipDst = t;
  }
  return n;
}

/**
 * Does every segment from a point of box A to a point of box B (`[minX, minY, minZ, maxX, maxY,
 * maxZ]`) touch one of the blockers? Only blockers whose height range holds both boxes' are used
 * (see the module comment): first a chain of footprints (closes every path), then, when none is
 * found, straight segments alone (`planLines.ts`: pieces apart from one another, such as a tower
 * in front of a wall). `false` means "not proven".
 */
export function planClosesShaft(blockers: readonly PlanBlocker[], count: number, boxA: Float64Array, boxB: Float64Array): boolean {
  const zlo = Math.min(boxA[2], boxB[2]);
  const zhi = Math.max(boxA[5], boxB[5]);
  const ax0 = boxA[0], ay0 = boxA[1], ax1 = boxA[3], ay1 = boxA[4];
  const bx0 = boxB[0], by0 = boxB[1], bx1 = boxB[3], by1 = boxB[4];
  // The rectangles must be disjoint in plan.
  if (!(ax1 < bx0 || bx1 < ax0 || ay1 < by0 || by1 < ay0)) return false;
  let nc = 0;
  if (_cand.length < count) _cand = new Array<PlanBlocker>(count);
  for (let i = 0; i < count; i++) {
    const b = blockers[i];
    if (b.zMin > zlo || b.zMax < zhi) continue;
    _cand[nc++] = b;
  }
  if (nc === 0) return false;
  // Convex hull of the eight corners (monotone chain), each labelled A (0) or B (1).
  const C = _corners;
  C[0] = ax0; C[1] = ay0; C[2] = ax1; C[3] = ay0; C[4] = ax1; C[5] = ay1; C[6] = ax0; C[7] = ay1;
  C[8] = bx0; C[9] = by0; C[10] = bx1; C[11] = by0; C[12] = bx1; C[13] = by1; C[14] = bx0; C[15] = by1;
  for (let i = 0; i < 8; i++) {
    _order[i] = i;
    _label[i] = i < 4 ? 0 : 1;
  }
  // Insertion sort by x then y.
  for (let i = 1; i < 8; i++) {
    const k = _order[i];
    let j = i - 1;
    while (j >= 0 && (C[2 * _order[j]] > C[2 * k] || (C[2 * _order[j]] === C[2 * k] && C[2 * _order[j] + 1] > C[2 * k + 1]))) {
      _order[j + 1] = _order[j];
      j--;
    }
    _order[j + 1] = k;
  }
  let h = 0;
  for (let i = 0; i < 8; i++) {
    const k = _order[i];
    while (h >= 2 && cross(C[2 * _hull[h - 2]], C[2 * _hull[h - 2] + 1], C[2 * _hull[h - 1]], C[2 * _hull[h - 1] + 1], C[2 * k], C[2 * k + 1]) <= 0) h--;
    _hull[h++] = k;
  }
  const lower = h + 1;
  for (let i = 6; i >= 0; i--) {
    const k = _order[i];
    while (h >= lower && cross(C[2 * _hull[h - 2]], C[2 * _hull[h - 2] + 1], C[2 * _hull[h - 1]], C[2 * _hull[h - 1] + 1], C[2 * k], C[2 * k + 1]) <= 0) h--;
    _hull[h++] = k;
  }
  const hn = h - 1;
  if (hn < 2) return false;
  // The bridges: hull edges from an A corner to a B corner (exactly two for disjoint rectangles).
  let b1p = -1, b1q = -1, b2p = -1, b2q = -1;
  for (let i = 0; i < hn; i++) {
    const p = _hull[i];
    const q = _hull[i + 1];
    _hullPoly[2 * i] = C[2 * p];
    _hullPoly[2 * i + 1] = C[2 * p + 1];
    if (_label[p] !== _label[q]) {
      if (b1p < 0) {
        b1p = p;
        b1q = q;
      } else if (b2p < 0) {
        b2p = p;
        b2q = q;
      } else return false;
    }
  }
  if (b2p < 0) return false;
  // Each bridge is itself a segment from A to B: one that no footprint meets closes neither way
  // (checked first, before the footprints meeting A or B are left out: cheap and usually decisive).
  let metFirst = false;
  let metSecond = false;
  for (let i = 0; i < nc && !(metFirst && metSecond); i++) {
    const b = _cand[i];
    const n = b.poly.length >> 1;
    if (!metFirst) metFirst = segmentMeetsPoly(b.poly, n, C[2 * b1p], C[2 * b1p + 1], C[2 * b1q], C[2 * b1q + 1]);
    if (!metSecond) metSecond = segmentMeetsPoly(b.poly, n, C[2 * b2p], C[2 * b2p + 1], C[2 * b2q], C[2 * b2q + 1]);
  }
  if (!metFirst || !metSecond) return false;
  let kept = 0;
  for (let i = 0; i < nc; i++) {
    const b = _cand[i];
    if (polyMeetsRect(b, ax0, ay0, ax1, ay1) || polyMeetsRect(b, bx0, by0, bx1, by1)) continue;
    _cand[kept++] = b;
  }
  nc = kept;
  if (nc === 0) return false;
  // Straight segments through corners of A and B: a quick test that fails most shafts left.
  if (!cornerLinesBlocked(_cand, nc, ax0, ay0, ax1, ay1, bx0, by0, bx1, by1)) return false;
  // Breadth-first search from the footprints meeting the first bridge to one meeting the second.
  if (_reach.length < nc) {
    _reach = new Int8Array(2 * nc);
    _queue = new Int32Array(2 * nc);
  }
  let head = 0;
  let tail = 0;
  if (_onSecond.length < nc) _onSecond = new Int8Array(2 * nc);
  let second = 0;
  for (let i = 0; i < nc; i++) {
    const b = _cand[i];
    const n = b.poly.length >> 1;
    const onFirst = segmentMeetsPoly(b.poly, n, C[2 * b1p], C[2 * b1p + 1], C[2 * b1q], C[2 * b1q + 1]);
    _reach[i] = onFirst ? 1 : 0;
    if (onFirst) _queue[tail++] = i;
    const onSecond = segmentMeetsPoly(b.poly, n, C[2 * b2p], C[2 * b2p + 1], C[2 * b2q], C[2 * b2q + 1]);
    _onSecond[i] = onSecond ? 1 : 0;
    if (onSecond) second++;
  }
  // Each bridge is itself a segment from A to B: one no footprint meets closes neither way.
  if (tail === 0 || second === 0) return false;
  while (head < tail) {
    const i = _queue[head++];
    if (_onSecond[i]) return true;
    for (let j = 0; j < nc; j++) {
      if (_reach[j] || !meetInHull(_cand[i], _cand[j], hn)) continue;
      _reach[j] = 1;
      _queue[tail++] = j;
    }
  }
  // No chain: straight segments may still all be met by pieces apart from one another.
  return otherLinesBlocked(_cand, nc, ax0, ay0, ax1, ay1, bx0, by0, bx1, by1, _hullPoly, hn);
}
