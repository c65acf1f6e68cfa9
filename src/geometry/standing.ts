import { DoubleSide, Ray, Vector3 } from 'three';
import { footprintBounds, footprintContains, type Footprint } from './footprint';
import type { TerrainIndex } from './world';

/** Which terrain features count as surfaces (by feature index); all of them when absent. */
export type FeatureFilter = (featureIndex: number) => boolean;

/** Sides of the inscribed polygon used to clip terrain triangles to a footprint (gap < 0.0006 a). */
const CLIP_SIDES = 96;

/** Result of {@link highestSurfaceUnder}. */
export interface SurfaceUnder {
  /** z of the highest surface under the footprint, inches (0 = the table). */
  z: number;
  /** Feature index of that surface, -1 for the table. */
  featureIndex: number;
}

/**
 * The highest surface under a footprint: the table (z = 0) or the highest point of any terrain
 * triangle over the footprint (SCENARIO: a model without an elevation stands on the highest
 * supporting surface under its footprint; Core 15.0: the base rests on what is under it).
 * Exact for planar triangles: each triangle is clipped to the footprint's vertical prism and the
 * highest vertex of the clipped polygon taken.
 * @param terrain - the terrain index.
 * @param f - the footprint (inches).
 * @param include - optional filter: only these features are surfaces (e.g. to ignore terrain 1" tall or less, Core 15.2).
 */
export function highestSurfaceUnder(terrain: TerrainIndex, f: Footprint, include?: FeatureFilter): SurfaceUnder {
  const fb = footprintBounds(f, _fb);
  const r2 = f.semiMajor * f.semiMajor * (1 + 1e-9);
  // Open ground (no feature's bounds reach the footprint), or near features but clear of them
  // (each one's plan hull farther than the semi-major axis from the centre, so each of its
  // triangles would be skipped by the scan as outside the ellipse): the table, exactly as the scan
  // would answer. The margin only sends borderline cases to the scan.
  let grid: SurfaceGrid | null = null;
  for (const feat of terrain.features) {
    const b = feat.bounds;
    if (b[3] >= fb[0] && b[0] <= fb[2] && b[4] >= fb[1] && b[1] <= fb[3] && (!include || include(feat.index))) {
      grid ??= surfaceGrid(terrain);
      if (hullDistanceSq(grid.hulls[feat.index], f.x, f.y) <= r2 * (1 + 1e-6) + 1e-12) return scanSurfaceUnder(terrain, f, include);
    }
  }
  return { z: 0, featureIndex: -1 };
}

/**
 * The exact scan of {@link highestSurfaceUnder} without its shortcuts for open ground and for
 * footprints clear of every feature's plan hull: every triangle of the grid cells under the
 * footprint's bounds, highest first, clipped to the footprint. The same answer (the reference of
 * the shortcuts' tests).
 */
export function scanSurfaceUnder(terrain: TerrainIndex, f: Footprint, include?: FeatureFilter): SurfaceUnder {
  const fb = footprintBounds(f, _fb);
  const grid = surfaceGrid(terrain);
  const r2 = f.semiMajor * f.semiMajor * (1 + 1e-9);
  const t = grid.tri;
  let poly: number[] | null = null;
  let best = 0;
  let bestFeature = -1;
  const i0 = Math.max(0, Math.floor((fb[0] - grid.x0) / grid.cell));
  const i1 = Math.min(grid.nx - 1, Math.floor((fb[2] - grid.x0) / grid.cell));
  const j0 = Math.max(0, Math.floor((fb[1] - grid.y0) / grid.cell));
  const j1 = Math.min(grid.ny - 1, Math.floor((fb[3] - grid.y0) / grid.cell));
  // A triangle spanning several cells is looked at once per call (stamped with the call's number).
  if (grid.calls === 0x7fffffff) {
    grid.seen.fill(0);
    grid.calls = 0;
  }
  const stamp = ++grid.calls;
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const c = j * grid.nx + i;
      // Each cell's triangles, highest first: once one is no higher than the best, none after it is.
      for (let k = grid.start[c], end = grid.start[c + 1]; k < end; k++) {
        const ti = grid.items[k];
        const o = ti * TRI_STRIDE;
        const hi = t[o + 9];
        if (hi <= best) break;
        if (grid.seen[ti] === stamp) continue;
        grid.seen[ti] = stamp;
        // The triangle's plan bounds apart from the footprint's: nothing of it is over the footprint.
        if (t[o + 10] > fb[2] || t[o + 11] < fb[0] || t[o + 12] > fb[3] || t[o + 13] < fb[1]) continue;
        const feature = grid.feature[ti];
        if (include && !include(feature)) continue;
        // Farther than the semi-major axis from the centre in plan: outside the ellipse, and so
        // outside the inscribed polygon too (nothing to clip).
        if (planDistanceSq(f.x, f.y, t, o) > r2) continue;
        poly ??= clipPolygon(f);
        const z = clippedMaxZ(t, o, hi, poly, f, best);
        if (z > best) {
          best = z;
          bestFeature = feature;
        }
      }
    }
  }
  return { z: best, featureIndex: bestFeature };
}

/** Numbers kept per triangle by {@link surfaceGrid}: 9 coordinates, the highest z, the plan bounds. */
const TRI_STRIDE = 14;
/** Side of a cell of {@link surfaceGrid}, inches. */
const GRID_CELL_INCHES = 0.5;

/**
 * The terrain's triangles on a plan-view grid (built once per terrain, on first use): per cell the
 * triangles whose plan bounds reach it, highest first; per triangle its corners, highest z and plan
 * bounds (`tri`, {@link TRI_STRIDE} numbers each) and its feature.
 */
interface SurfaceGrid {
  x0: number;
  y0: number;
  cell: number;
  nx: number;
  ny: number;
  start: Int32Array;
  items: Int32Array;
  tri: Float64Array;
  feature: Int32Array;
  /** Per triangle, the number of the last call that looked at it; `calls`, the calls so far. */
  seen: Int32Array;
  calls: number;
  /** Per feature index, the convex hull of its triangles in plan (`[x0, y0, x1, y1, ...]`, counter-clockwise), null without triangles. */
  hulls: (Float64Array | null)[];
}

const grids = new WeakMap<TerrainIndex, SurfaceGrid>();

function surfaceGrid(terrain: TerrainIndex): SurfaceGrid {
  const hit = grids.get(terrain);
  if (hit) return hit;
  const pos = terrain.geometry.getAttribute('position').array as ArrayLike<number>;
  const n = Math.floor(pos.length / 9);
  const tri = new Float64Array(n * TRI_STRIDE);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let t = 0; t < n; t++) {
    const o = t * TRI_STRIDE;
    for (let k = 0; k < 9; k++) tri[o + k] = pos[9 * t + k];
    tri[o + 9] = Math.max(tri[o + 2], tri[o + 5], tri[o + 8]);
    tri[o + 10] = Math.min(tri[o], tri[o + 3], tri[o + 6]);
    tri[o + 11] = Math.max(tri[o], tri[o + 3], tri[o + 6]);
    tri[o + 12] = Math.min(tri[o + 1], tri[o + 4], tri[o + 7]);
    tri[o + 13] = Math.max(tri[o + 1], tri[o + 4], tri[o + 7]);
    x0 = Math.min(x0, tri[o + 10]);
    x1 = Math.max(x1, tri[o + 11]);
    y0 = Math.min(y0, tri[o + 12]);
    y1 = Math.max(y1, tri[o + 13]);
  }
  if (!(x1 >= x0)) x0 = x1 = y0 = y1 = 0;
  const cell = GRID_CELL_INCHES;
  const nx = Math.max(1, Math.floor((x1 - x0) / cell) + 1);
  const ny = Math.max(1, Math.floor((y1 - y0) / cell) + 1);
  const lists: number[][] = Array.from({ length: nx * ny }, () => []);
  for (let t = 0; t < n; t++) {
    const o = t * TRI_STRIDE;
    const i0 = Math.floor((tri[o + 10] - x0) / cell);
    const i1 = Math.floor((tri[o + 11] - x0) / cell);
    const j0 = Math.floor((tri[o + 12] - y0) / cell);
    const j1 = Math.floor((tri[o + 13] - y0) / cell);
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) lists[j * nx + i].push(t);
  }
  const start = new Int32Array(nx * ny + 1);
  let total = 0;
  for (let c = 0; c < lists.length; c++) {
    start[c] = total;
    total += lists[c].length;
  }
  start[lists.length] = total;
  const items = new Int32Array(total);
  for (let c = 0; c < lists.length; c++) {
    const l = lists[c].sort((a, b) => tri[b * TRI_STRIDE + 9] - tri[a * TRI_STRIDE + 9]);
    items.set(l, start[c]);
  }
  const feature = new Int32Array(n);
  for (let t = 0; t < n; t++) feature[t] = terrain.triangleFeature[t] ?? -1;
  const corners: number[][] = terrain.features.map(() => []);
  for (let t = 0; t < n; t++) {
    const list = corners[feature[t]];
    if (!list) continue;
    const o = t * TRI_STRIDE;
    list.push(tri[o], tri[o + 1], tri[o + 3], tri[o + 4], tri[o + 6], tri[o + 7]);
  }
  const hulls = corners.map((c) => (c.length ? planHull(c) : null));
  const grid: SurfaceGrid = { x0, y0, cell, nx, ny, start, items, tri, feature, seen: new Int32Array(n), calls: 0, hulls };
  grids.set(terrain, grid);
  return grid;
}

/**
 * The convex hull of plan points (Andrew's monotone chain), counter-clockwise, as flat
 * `[x0, y0, x1, y1, ...]`; collinear points dropped.
 * @param xy - flat `[x, y, x, y, ...]`, at least one point.
 */
export function planHull(xy: readonly number[]): Float64Array {
  const idx = Array.from({ length: xy.length / 2 }, (_, i) => i).sort((a, b) => xy[2 * a] - xy[2 * b] || xy[2 * a + 1] - xy[2 * b + 1]);
  const cross = (o: number, a: number, b: number) => (xy[2 * a] - xy[2 * o]) * (xy[2 * b + 1] - xy[2 * o + 1]) - (xy[2 * a + 1] - xy[2 * o + 1]) * (xy[2 * b] - xy[2 * o]);
  const lower: number[] = [];
  for (const i of idx) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], i) <= 0) lower.pop();
    lower.push(i);
  }
  const upper: number[] = [];
  for (let k = idx.length - 1; k >= 0; k--) {
    const i = idx[k];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], i) <= 0) upper.pop();
    upper.push(i);
  }
  const ring = idx.length < 2 ? idx : [...lower.slice(0, -1), ...upper.slice(0, -1)];
  const out = new Float64Array(2 * Math.max(1, ring.length));
  (ring.length ? ring : [idx[0]]).forEach((i, k) => {
    out[2 * k] = xy[2 * i];
    out[2 * k + 1] = xy[2 * i + 1];
  });
  return out;
}

/**
 * Squared plan distance from (px, py) to a convex polygon from {@link planHull} (0 inside it);
 * Infinity for no polygon.
 */
export function hullDistanceSq(hull: Float64Array | null, px: number, py: number): number {
  if (!hull) return Infinity;
  const n = hull.length / 2;
  if (n === 1) return (hull[0] - px) * (hull[0] - px) + (hull[1] - py) * (hull[1] - py);
  let inside = n >= 3;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const ax = hull[2 * i];
    const ay = hull[2 * i + 1];
    const j = i + 1 === n ? 0 : i + 1;
    const bx = hull[2 * j];
    const by = hull[2 * j + 1];
    // Counter-clockwise: inside is left of every edge.
    if ((bx - ax) * (py - ay) - (by - ay) * (px - ax) < 0) inside = false;
    const d = segmentDistanceSq(px, py, ax, ay, bx, by);
    if (d < best) best = d;
  }
  return inside ? 0 : best;
}

/** Plan bounds of the footprint being asked about (overwritten by the next call). */
const _fb: [number, number, number, number] = [0, 0, 0, 0];

/** Squared plan-view distance from (px, py) to the segment (ax, ay)-(bx, by). */
function segmentDistanceSq(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax;
  const ey = by - ay;
  const len = ex * ex + ey * ey;
  let t = len > 0 ? ((px - ax) * ex + (py - ay) * ey) / len : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const dx = ax + t * ex - px;
  const dy = ay + t * ey - py;
  return dx * dx + dy * dy;
}

/** Squared plan-view distance from (px, py) to the triangle at `t[o..o+8]` (0 inside it). */
function planDistanceSq(px: number, py: number, t: Float64Array, o: number): number {
  const ax = t[o], ay = t[o + 1], bx = t[o + 3], by = t[o + 4], cx = t[o + 6], cy = t[o + 7];
  const d1 = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
  const d2 = (cx - bx) * (py - by) - (cy - by) * (px - bx);
  const d3 = (ax - cx) * (py - cy) - (ay - cy) * (px - cx);
  if ((d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0)) return 0;
  return Math.min(segmentDistanceSq(px, py, ax, ay, bx, by), segmentDistanceSq(px, py, bx, by, cx, cy), segmentDistanceSq(px, py, cx, cy, ax, ay));
}

/** The last footprint shape's clip polygon terms (see {@link clipPolygon}). */
let _shape = { semiMajor: NaN, semiMinor: NaN, facingRad: NaN };
const _cu = new Float64Array(CLIP_SIDES);
const _sv = new Float64Array(CLIP_SIDES);
const _su = new Float64Array(CLIP_SIDES);
const _cv = new Float64Array(CLIP_SIDES);
const _poly: number[] = new Array<number>(2 * CLIP_SIDES).fill(0);

/**
 * `footprintPolygon(f, CLIP_SIDES)` (the inscribed 96-gon, the same numbers), in a module scratch
 * array overwritten by the next call: the shape's terms (cosines and sines) are kept while
 * successive footprints have the same size and facing, as along a move.
 */
function clipPolygon(f: Footprint): number[] {
  if (_shape.semiMajor !== f.semiMajor || _shape.semiMinor !== f.semiMinor || _shape.facingRad !== f.facingRad) {
    const c = Math.cos(f.facingRad);
    const s = Math.sin(f.facingRad);
    for (let i = 0; i < CLIP_SIDES; i++) {
      const theta = (2 * Math.PI * i) / CLIP_SIDES;
      const u = f.semiMajor * Math.cos(theta);
      const v = f.semiMinor * Math.sin(theta);
      _cu[i] = c * u;
      _sv[i] = s * v;
      _su[i] = s * u;
      _cv[i] = c * v;
    }
    _shape = { semiMajor: f.semiMajor, semiMinor: f.semiMinor, facingRad: f.facingRad };
  }
  // As footprintBoundaryPoint: x + c u - s v, y + s u + c v (same order of operations).
  for (let i = 0; i < CLIP_SIDES; i++) {
    _poly[2 * i] = f.x + _cu[i] - _sv[i];
    _poly[2 * i + 1] = f.y + _su[i] + _cv[i];
  }
  return _poly;
}

/** Per polygon edge, the number of the last clip it may cut in (see {@link clippedMaxZ}). */
const _cut = new Int32Array(CLIP_SIDES);
let _cutCalls = 0;

// Scratch buffers for clipping (a triangle clipped by a convex 96-gon has at most 99 vertices).
let _bufA = new Float64Array(3 * 128);
let _bufB = new Float64Array(3 * 128);

/**
 * Below this much under the caller's best so far, a part of a triangle being clipped is surely no
 * higher than that best (far above the rounding of the clip's interpolation, ~1e-15" here).
 */
const CLIP_FLOOR_MARGIN = 1e-9;

/**
 * The highest z of triangle abc over the footprint (its clip by the inscribed polygon `poly`, and
 * any vertex inside the ellipse), -Infinity when none of it is over the footprint. `hi` is the
 * triangle's highest vertex z: when that vertex is inside the footprint it is the answer, and the
 * clipping is skipped (the clipped polygon is never higher than the triangle's highest vertex).
 * `floor` (the caller's highest surface so far): once the part left after a clip is lower than it
 * (every vertex, by {@link CLIP_FLOOR_MARGIN}), the rest of the clipping is skipped and that part's
 * highest z returned, a value under `floor` as the full clip's would be (each clip keeps a subset,
 * its new corners between old ones), so the caller's answer is the same.
 */
function clippedMaxZ(t: Float64Array, o: number, hi: number, poly: number[], f: Footprint, floor = -Infinity): number {
  const ax = t[o], ay = t[o + 1], az = t[o + 2];
  const bx = t[o + 3], by = t[o + 4], bz = t[o + 5];
  const cx = t[o + 6], cy = t[o + 7], cz = t[o + 8];
  // Quick accept: a triangle vertex inside the footprint already bounds from below.
  let inPoly = -Infinity;
  if (footprintContains(f, ax, ay)) inPoly = Math.max(inPoly, az);
  if (footprintContains(f, bx, by)) inPoly = Math.max(inPoly, bz);
  if (footprintContains(f, cx, cy)) inPoly = Math.max(inPoly, cz);
  if (inPoly >= hi) return inPoly;
  // A level triangle (its three corners at one height, e.g. a flat top): every corner of its clip is
  // at that height (the clip's interpolation between equal heights gives it exactly), so once the
  // clip is surely not empty the answer is that height, without clipping (issue 35 item 6: a unit
  // walking over a low obstacle asks this for each footprint along each path).
  if (az === bz && bz === cz && levelTriangleMeetsPolygon(ax, ay, bx, by, cx, cy, poly, f)) return az;
  let src = _bufA;
  let dst = _bufB;
  src[0] = ax; src[1] = ay; src[2] = az;
  src[3] = bx; src[4] = by; src[5] = bz;
  src[6] = cx; src[7] = cy; src[8] = cz;
  let n = 3;
  const m = poly.length / 2;
  // Only the polygon's edges that leave out a corner of the triangle can cut it: in the base's own
  // frame scaled to the unit circle the polygon is regular, and a corner at (rho, phi) is left out
  // by the edges whose mid-angle is within acos(apothem / rho) of phi (two edges of margin each side).
  if (_cutCalls === 0x7fffffff) {
    _cut.fill(0);
    _cutCalls = 0;
  }
  const stamp = ++_cutCalls;
  if (m === CLIP_SIDES) {
    const co = Math.cos(f.facingRad);
    const si = Math.sin(f.facingRad);
    const apothem = Math.cos(Math.PI / CLIP_SIDES);
    const sector = (2 * Math.PI) / CLIP_SIDES;
    for (let v = 0; v < 3; v++) {
      const dx = t[o + 3 * v] - f.x;
      const dy = t[o + 3 * v + 1] - f.y;
      const u = (co * dx + si * dy) / f.semiMajor;
      const w = (-si * dx + co * dy) / f.semiMinor;
      const rho = Math.hypot(u, w);
      if (rho <= apothem * (1 - 1e-9)) continue;
      const half = Math.acos(Math.min(1, apothem / rho));
      const phi = Math.atan2(w, u);
      const from = Math.ceil((phi - half - sector / 2) / sector) - 2;
      const to = Math.floor((phi + half - sector / 2) / sector) + 2;
      // The edges from..to round the polygon (every edge when they go all the way round).
      const count = Math.min(to - from + 1, CLIP_SIDES);
      let e = ((from % CLIP_SIDES) + CLIP_SIDES) % CLIP_SIDES;
      for (let k = 0; k < count; k++) {
        _cut[e] = stamp;
        if (++e === CLIP_SIDES) e = 0;
      }
    }
  } else {
    _cut.fill(stamp, 0, Math.min(m, CLIP_SIDES));
  }
  for (let e = 0; e < m && n > 0; e++) {
    if (e < CLIP_SIDES && _cut[e] !== stamp) continue;
    const x0 = poly[2 * e];
    const y0 = poly[2 * e + 1];
    const x1 = poly[(2 * e + 2) % poly.length];
    const y1 = poly[(2 * e + 3) % poly.length];
    // Inside = left of the edge (the polygon is counter-clockwise).
    const ex = x1 - x0;
    const ey = y1 - y0;
    // The whole triangle inside this edge's half-plane: the edge cuts nothing (the polygon so far
    // is part of the triangle), so the clip would copy it unchanged.
    if (ex * (ay - y0) - ey * (ax - x0) >= 0 && ex * (by - y0) - ey * (bx - x0) >= 0 && ex * (cy - y0) - ey * (cx - x0) >= 0) continue;
    let k = 0;
    if (dst.length < 3 * (n + 2)) {
      dst = new Float64Array(3 * (n + 8));
    }
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const px = src[3 * i], py = src[3 * i + 1], pz = src[3 * i + 2];
      const qx = src[3 * j], qy = src[3 * j + 1], qz = src[3 * j + 2];
      const sp = ex * (py - y0) - ey * (px - x0);
      const sq = ex * (qy - y0) - ey * (qx - x0);
      if (sp >= 0) {
        dst[3 * k] = px; dst[3 * k + 1] = py; dst[3 * k + 2] = pz; k++;
      }
      if ((sp >= 0) !== (sq >= 0)) {
        const t = sp / (sp - sq);
        dst[3 * k] = px + t * (qx - px);
        dst[3 * k + 1] = py + t * (qy - py);
        dst[3 * k + 2] = pz + t * (qz - pz);
        k++;
      }
    }
    const tmp = src;
    src = dst;
    dst = tmp;
    n = k;
    if (floor > inPoly) {
      let top = -Infinity;
      for (let i = 0; i < n; i++) if (src[3 * i + 2] > top) top = src[3 * i + 2];
      if (top < floor - CLIP_FLOOR_MARGIN) {
        _bufA = src;
        _bufB = dst;
        return top;
      }
    }
  }
  _bufA = src;
  _bufB = dst;
  let best = inPoly;
  for (let i = 0; i < n; i++) if (src[3 * i + 2] > best) best = src[3 * i + 2];
  return best;
}

/** How far inside a triangle (inches, plan view) a point must be for {@link levelTriangleMeetsPolygon}: far above a clip's rounding (~1e-14"). */
const MEETS_MARGIN_INCHES = 1e-6;

/**
 * Whether the clip of triangle abc (plan view) by the polygon `poly` is surely not empty: the
 * footprint's centre (inside the polygon by its apothem) or one of the polygon's corners lies inside
 * the triangle by {@link MEETS_MARGIN_INCHES}, so the part of the polygon round that point inside
 * the triangle is far larger than any rounding of the clip. False for a degenerate triangle, and
 * when neither is found (the caller clips).
 */
function levelTriangleMeetsPolygon(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, poly: number[], f: Footprint): boolean {
  const area2 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (!(Math.abs(area2) > 1e-12)) return false;
  const s = area2 > 0 ? 1 : -1;
  const mab = MEETS_MARGIN_INCHES * Math.hypot(bx - ax, by - ay);
  const mbc = MEETS_MARGIN_INCHES * Math.hypot(cx - bx, cy - by);
  const mca = MEETS_MARGIN_INCHES * Math.hypot(ax - cx, ay - cy);
  const inside = (px: number, py: number) =>
    s * ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) > mab && s * ((cx - bx) * (py - by) - (cy - by) * (px - bx)) > mbc && s * ((ax - cx) * (py - cy) - (ay - cy) * (px - cx)) > mca;
  if (inside(f.x, f.y)) return true;
  for (let i = 0; i < poly.length; i += 2) if (inside(poly[i], poly[i + 1])) return true;
  return false;
}

const _ray = /* @__PURE__ */ new Ray();
const _down = /* @__PURE__ */ new Vector3(0, 0, -1);

/**
 * Height of the highest surface at one plan-view point (a ray cast straight down), inches;
 * 0 when only the table is there.
 */
export function surfaceHeightAt(terrain: TerrainIndex, x: number, y: number, include?: FeatureFilter): number {
  const top = terrain.geometry.boundingBox?.max.z ?? (terrain.geometry.computeBoundingBox(), terrain.geometry.boundingBox!.max.z);
  let from = top + 1;
  // Walk down through surfaces that the filter excludes.
  for (let guard = 0; guard < 64; guard++) {
    _ray.origin.set(x, y, from);
    _ray.direction.copy(_down);
    const hit = terrain.bvh.raycastFirst(_ray, DoubleSide, 0, from + 1e-9);
    if (!hit || hit.point.z < 0) return 0;
    const vi = hit.face ? hit.face.a : 0;
    const feature = terrain.triangleFeature[Math.floor(vi / 3)];
    if (!include || include(feature)) return Math.max(0, hit.point.z);
    from = hit.point.z - 1e-7;
  }
  return 0;
}

/** How near (inches, plan view) a feature's bounds may come to a footprint's for {@link clearOfFeatures} to say clear. */
const CLEAR_MARGIN_INCHES = 1e-3;

/** Whether every terrain feature's plan bounds lie more than {@link CLEAR_MARGIN_INCHES} from the footprint's bounds. */
function clearOfFeatures(terrain: TerrainIndex, f: Footprint): boolean {
  const fb = footprintBounds(f, _fb);
  const e = CLEAR_MARGIN_INCHES;
  for (const feat of terrain.features) {
    const b = feat.bounds;
    if (b[3] >= fb[0] - e && b[0] <= fb[2] + e && b[4] >= fb[1] - e && b[1] <= fb[3] + e) return false;
  }
  return true;
}

/**
 * Fraction of the footprint (sampled on a 15x15 grid clipped to the ellipse) whose surface is at
 * `z` within `tol` inches, and whether the centre is supported. A-G28: a model stands by itself
 * when the support covers the base centre and at least half of the footprint.
 */
export function supportAt(
  terrain: TerrainIndex,
  f: Footprint,
  z: number,
  include?: FeatureFilter,
  tol = 0.02,
): { fraction: number; centreSupported: boolean } {
  // Open ground: no feature's plan bounds come near the footprint's (a margin far above a ray's
  // rounding), so every ray below finds the table (height 0) and the answer is known without them
  // (issue 35 item 6: each end pose asks this; the same numbers as the rays give, 1 or 0).
  if (clearOfFeatures(terrain, f)) {
    const level = Math.abs(0 - z) <= tol;
    return { fraction: level ? 1 : 0, centreSupported: level };
  }
  const n = 15;
  let inside = 0;
  let supported = 0;
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const u = ((i + 0.5) / n) * 2 - 1;
      const v = ((j + 0.5) / n) * 2 - 1;
      if (u * u + v * v > 1) continue;
      inside++;
      const lu = u * f.semiMajor;
      const lv = v * f.semiMinor;
      const h = surfaceHeightAt(terrain, f.x + c * lu - s * lv, f.y + s * lu + c * lv, include);
      if (Math.abs(h - z) <= tol) supported++;
    }
  }
  const centre = surfaceHeightAt(terrain, f.x, f.y, include);
  return { fraction: inside ? supported / inside : 0, centreSupported: Math.abs(centre - z) <= tol };
}

