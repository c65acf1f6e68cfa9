import type { PlanBlocker } from './planClosure';

/**
 * Do straight plan segments from rectangle A to rectangle B all meet one of a set of convex
 * footprints? (The plan step of a closure proof: `planClosure.ts` turns the 3D question into this
 * one for upright pieces whose height holds the shaft.)
 *
 * The chain proof of `planClosesShaft` asks footprints to meet one another, so it closes any path;
 * straight segments are fewer, and pieces apart from one another (a tower in front of a wall, the
 * wall covering the lines that pass beside the tower) can close them. The test: suppose a segment
 * a-b (a in A, b in B) meets no footprint. Slide its line sideways, keeping a in A, b in B and the
 * part between them clear of every footprint's interior, until it touches a vertex (a footprint's
 * corner, first met by a moving line at a corner, or a rectangle's corner, where the line would
 * leave it); then turn it about that vertex until it touches a second one. The footprints are
 * disjoint from A and B, so the vertex stays between the line's exit from A and its entry into B.
 * So some line through two distinct vertices (the rectangles' corners and the footprints' corners
 * in the hull of A and B) has its gap, the part from where it leaves A to where it enters B, clear
 * of every footprint's interior. If every such line's gap enters some footprint's interior (by
 * more than 1e-9", against rounding), every segment meets a footprint.
 *
 * Footprints meeting A or B must not be passed (the caller leaves them out). O(V^2 k) for V
 * vertices and k footprints: a few thousand operations for a handful of pieces, the price of a few
 * dozen segment tests.
 */

const MARGIN = 1e-9;
let _vx = new Float64Array(64);
let _vy = new Float64Array(64);
const _cx = new Float64Array(8);
const _cy = new Float64Array(8);

/** Does the line p + s d meet the closed axis rectangle? Writes its parameter interval to `_iv`. */
const _iv = new Float64Array(2);
function lineRect(px: number, py: number, dx: number, dy: number, x0: number, y0: number, x1: number, y1: number): boolean {
  let lo = -Infinity;
  let hi = Infinity;
  if (dx === 0) {
    if (px < x0 || px > x1) return false;
  } else {
    let s0 = (x0 - px) / dx;
    let s1 = (x1 - px) / dx;
    if (s0 > s1) {
      const t = s0;
      s0 = s1;
      s1 = t;
    }
    lo = s0;
    hi = s1;
  }
  if (dy === 0) {
    if (py < y0 || py > y1) return false;
  } else {
    let s0 = (y0 - py) / dy;
    let s1 = (y1 - py) / dy;
    if (s0 > s1) {
      const t = s0;
      s0 = s1;
      s1 = t;
    }
    if (s0 > lo) lo = s0;
    if (s1 < hi) hi = s1;
  }
  if (lo > hi) return false;
  _iv[0] = lo;
  _iv[1] = hi;
  return true;
}

/**
 * Cyrus-Beck clip of the segment p-q against a convex polygon (counter-clockwise, `n` vertices
 * `[x, y, ...]`), inches. With `margin` 0: does the closed segment meet the closed polygon? With a
 * margin > 0: does it go deeper than `margin` into it (a part of it at more than `margin` from
 * every edge's line, strictly)? The two boundary rules are the plan proofs' (`planLines.ts` asks
 * the second): what is on the boundary counts as met in the first, not entered in the second.
 */
export function segmentClipsPoly(poly: Float64Array, n: number, px: number, py: number, qx: number, qy: number, margin: number): boolean {
  const strict = margin > 0;
  let lo = 0;
  let hi = 1;
  const dx = qx - px;
  const dy = qy - py;
  for (let i = 0; i < n; i++) {
    const ax = poly[2 * i], ay = poly[2 * i + 1];
    const j = i + 1 === n ? 0 : i + 1;
    const ex = poly[2 * j] - ax, ey = poly[2 * j + 1] - ay;
    // Inside: cross(e, x - a) >= margin (|ex| + |ey|) (> with a margin); along the segment: f(t) = f0 + t * fd.
    const f0 = ex * (py - ay) - ey * (px - ax) - (strict ? margin * (Math.abs(ex) + Math.abs(ey)) : 0);
    const fd = ex * dy - ey * dx;
    if (fd === 0) {
      if (strict ? f0 <= 0 : f0 < 0) return false;
      continue;
    }
    const t = -f0 / fd;
    if (fd > 0) {
      if (t > lo) lo = t;
    } else if (t < hi) hi = t;
    if (strict ? lo >= hi : lo > hi) return false;
  }
  return true;
}

/** Is the point inside the convex polygon (counter-clockwise), grown by `m` (shrunk when negative)? */
function pointInPoly(poly: Float64Array, n: number, x: number, y: number, m: number): boolean {
  for (let i = 0; i < n; i++) {
    const ax = poly[2 * i], ay = poly[2 * i + 1];
    const j = i + 1 === n ? 0 : i + 1;
    const ex = poly[2 * j] - ax, ey = poly[2 * j + 1] - ay;
    if (ex * (y - ay) - ey * (x - ax) < -m * Math.sqrt(ex * ex + ey * ey)) return false;
  }
  return true;
}

/**
 * Every plan segment from a point of rectangle A (`ax0..ax1` x `ay0..ay1`, inches) to a point of
 * rectangle B (disjoint from A) meets one of the footprints `blockers[0..count)`, none of which
 * meets A or B; `hull` (`hn` vertices, counter-clockwise) is the convex hull of the two rectangles.
 * `false` means "not proven". See the module comment for the argument.
 */
export function planSegmentsBlocked(
  blockers: readonly PlanBlocker[],
  count: number,
  ax0: number, ay0: number, ax1: number, ay1: number,
  bx0: number, by0: number, bx1: number, by1: number,
  hull: Float64Array,
  hn: number,
): boolean {
  return cornerLinesBlocked(blockers, count, ax0, ay0, ax1, ay1, bx0, by0, bx1, by1) && otherLinesBlocked(blockers, count, ax0, ay0, ax1, ay1, bx0, by0, bx1, by1, hull, hn);
}

/**
 * The first part of {@link planSegmentsBlocked}, a necessary condition: the 16 lines through a
 * corner of A and a corner of B (the ones that most often pass free) have their gaps blocked.
 */
export function cornerLinesBlocked(
  blockers: readonly PlanBlocker[],
  count: number,
  ax0: number, ay0: number, ax1: number, ay1: number,
  bx0: number, by0: number, bx1: number, by1: number,
): boolean {
  const cx = _cx, cy = _cy;
  cx[0] = ax0; cy[0] = ay0; cx[1] = ax1; cy[1] = ay0; cx[2] = ax1; cy[2] = ay1; cx[3] = ax0; cy[3] = ay1;
  cx[4] = bx0; cy[4] = by0; cx[5] = bx1; cy[5] = by0; cx[6] = bx1; cy[6] = by1; cx[7] = bx0; cy[7] = by1;
  for (let i = 0; i < 4; i++) for (let j = 4; j < 8; j++) if (!lineGapBlocked(blockers, count, cx[i], cy[i], cx[j], cy[j], ax0, ay0, ax1, ay1, bx0, by0, bx1, by1)) return false;
  return true;
}

/** The rest of {@link planSegmentsBlocked} once {@link cornerLinesBlocked} holds: every other line through two vertices. */
export function otherLinesBlocked(
  blockers: readonly PlanBlocker[],
  count: number,
  ax0: number, ay0: number, ax1: number, ay1: number,
  bx0: number, by0: number, bx1: number, by1: number,
  hull: Float64Array,
  hn: number,
): boolean {
  // The vertices: the rectangles' corners and the footprints' corners in the hull (within 1e-6").
  let need = 8;
  for (let k = 0; k < count; k++) need += blockers[k].poly.length >> 1;
  if (_vx.length < need) {
    _vx = new Float64Array(2 * need);
    _vy = new Float64Array(2 * need);
  }
  const vx = _vx;
  const vy = _vy;
  let n = 0;
  vx[n] = ax0; vy[n++] = ay0; vx[n] = ax1; vy[n++] = ay0; vx[n] = ax1; vy[n++] = ay1; vx[n] = ax0; vy[n++] = ay1;
  vx[n] = bx0; vy[n++] = by0; vx[n] = bx1; vy[n++] = by0; vx[n] = bx1; vy[n++] = by1; vx[n] = bx0; vy[n++] = by1;
  for (let k = 0; k < count; k++) {
    const P = blockers[k].poly;
    vertices: for (let i = 0; i < P.length; i += 2) {
      const x = P[i];
      const y = P[i + 1];
      if (!pointInPoly(hull, hn, x, y, 1e-6)) continue;
      // A vertex met before, or inside another footprint (a segment through it enters that one), is no touching vertex.
      for (let m = 8; m < n; m++) if (vx[m] === x && vy[m] === y) continue vertices;
      for (let o = 0; o < count; o++) {
        if (o === k) continue;
        const B = blockers[o].box;
        if (x <= B[0] || x >= B[2] || y <= B[1] || y >= B[3]) continue;
        if (pointInPoly(blockers[o].poly, blockers[o].poly.length >> 1, x, y, -1e-9)) continue vertices;
      }
      vx[n] = x;
      vy[n++] = y;
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (i < 4 && j >= 4 && j < 8) continue;
      if (!lineGapBlocked(blockers, count, vx[i], vy[i], vx[j], vy[j], ax0, ay0, ax1, ay1, bx0, by0, bx1, by1)) return false;
    }
  }
  return true;
}

/**
 * Does the line through (px, py) and (qx, qy) either miss one of the rectangles or have its gap
 * (from where it leaves one rectangle to where it enters the other) enter some footprint's interior?
 * Coincident points (no line) count as blocked.
 */
function lineGapBlocked(
  blockers: readonly PlanBlocker[],
  count: number,
  px: number, py: number, qx: number, qy: number,
  ax0: number, ay0: number, ax1: number, ay1: number,
  bx0: number, by0: number, bx1: number, by1: number,
): boolean {
  const dx = qx - px;
  const dy = qy - py;
  if (Math.abs(dx) + Math.abs(dy) < 1e-12) return true;
  if (!lineRect(px, py, dx, dy, ax0, ay0, ax1, ay1)) return true;
  const a0 = _iv[0], a1 = _iv[1];
  if (!lineRect(px, py, dx, dy, bx0, by0, bx1, by1)) return true;
  const b0 = _iv[0], b1 = _iv[1];
  // The gap: from where the line leaves the first rectangle to where it enters the second.
  let s0: number, s1: number;
  if (a1 < b0) {
    s0 = a1;
    s1 = b0;
  } else if (b1 < a0) {
    s0 = b1;
    s1 = a0;
  } else return false; // the rectangles overlap along this line: not our case, do not prove
  const gx0 = px + s0 * dx, gy0 = py + s0 * dy, gx1 = px + s1 * dx, gy1 = py + s1 * dy;
  // The footprint that blocked the last line first (lines through nearby vertices share it).
  if (_hint < count && gapEnters(blockers[_hint], gx0, gy0, gx1, gy1)) return true;
  for (let k = 0; k < count; k++) {
    if (k !== _hint && gapEnters(blockers[k], gx0, gy0, gx1, gy1)) {
      _hint = k;
      return true;
    }
  }
  return false;
}

/** Index of the footprint that blocked the last blocked line (a hint only). */
let _hint = 0;

function gapEnters(b: PlanBlocker, gx0: number, gy0: number, gx1: number, gy1: number): boolean {
  const B = b.box;
  if (Math.max(gx0, gx1) < B[0] || Math.min(gx0, gx1) > B[2] || Math.max(gy0, gy1) < B[1] || Math.min(gy0, gy1) > B[3]) return false;
  // Deeper than MARGIN into the footprint (its boundary does not count).
  return segmentClipsPoly(b.poly, b.poly.length >> 1, gx0, gy0, gx1, gy1, MARGIN);
}
