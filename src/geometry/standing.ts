import { DoubleSide, Ray, Vector3 } from 'three';
import { INTERSECTED, NOT_INTERSECTED } from 'three-mesh-bvh';
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
  const fb = footprintBounds(f);
  // Open ground: no feature's bounds reach the footprint (cheap and exact).
  let any = false;
  for (const feat of terrain.features) {
    const b = feat.bounds;
    if (b[3] >= fb[0] && b[0] <= fb[2] && b[4] >= fb[1] && b[1] <= fb[3] && (!include || include(feat.index))) {
      any = true;
      break;
    }
  }
  if (!any) return { z: 0, featureIndex: -1 };
  let poly: number[] | null = null;
  const index = terrain.geometry.index;
  let best = 0;
  let bestFeature = -1;
  terrain.bvh.shapecast({
    intersectsBounds: (box) => {
      if (box.max.x < fb[0] || box.min.x > fb[2] || box.max.y < fb[1] || box.min.y > fb[3]) return NOT_INTERSECTED;
      if (box.max.z <= best) return NOT_INTERSECTED;
      return INTERSECTED;
    },
    // Highest boxes first: once the top surface is found, every box below it is skipped (the
    // answer is the same maximum in any order).
    boundsTraverseOrder: (box) => -box.max.z,
    intersectsTriangle: (tri, triIndex) => {
      const a = tri.a;
      const b = tri.b;
      const c = tri.c;
      const hi = a.z > b.z ? (a.z > c.z ? a.z : c.z) : b.z > c.z ? b.z : c.z;
      if (hi <= best) return false;
      // The triangle's plan bounds apart from the footprint's: nothing of it is over the footprint.
      if ((a.x < fb[0] && b.x < fb[0] && c.x < fb[0]) || (a.x > fb[2] && b.x > fb[2] && c.x > fb[2])) return false;
      if ((a.y < fb[1] && b.y < fb[1] && c.y < fb[1]) || (a.y > fb[3] && b.y > fb[3] && c.y > fb[3])) return false;
      const vi = index ? index.getX(triIndex * 3) : triIndex * 3;
      const feature = terrain.triangleFeature[Math.floor(vi / 3)];
      if (include && !include(feature)) return false;
      // Farther than the semi-major axis from the centre in plan: outside the ellipse, and so
      // outside the inscribed polygon too (nothing to clip).
      if (planDistanceSq(f.x, f.y, a, b, c) > f.semiMajor * f.semiMajor * (1 + 1e-9)) return false;
      poly ??= clipPolygon(f);
      const z = clippedMaxZ(a, b, c, hi, poly, f);
      if (z > best) {
        best = z;
        bestFeature = feature;
      }
      return false;
    },
  });
  return { z: best, featureIndex: bestFeature };
}

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

/** Squared plan-view distance from (px, py) to triangle abc (0 inside it). */
function planDistanceSq(px: number, py: number, a: Vector3, b: Vector3, c: Vector3): number {
  const d1 = (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x);
  const d2 = (c.x - b.x) * (py - b.y) - (c.y - b.y) * (px - b.x);
  const d3 = (a.x - c.x) * (py - c.y) - (a.y - c.y) * (px - c.x);
  if ((d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0)) return 0;
  return Math.min(segmentDistanceSq(px, py, a.x, a.y, b.x, b.y), segmentDistanceSq(px, py, b.x, b.y, c.x, c.y), segmentDistanceSq(px, py, c.x, c.y, a.x, a.y));
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

// Scratch buffers for clipping (a triangle clipped by a convex 96-gon has at most 99 vertices).
let _bufA = new Float64Array(3 * 128);
let _bufB = new Float64Array(3 * 128);

/**
 * The highest z of triangle abc over the footprint (its clip by the inscribed polygon `poly`, and
 * any vertex inside the ellipse), -Infinity when none of it is over the footprint. `hi` is the
 * triangle's highest vertex z: when that vertex is inside the footprint it is the answer, and the
 * clipping is skipped (the clipped polygon is never higher than the triangle's highest vertex).
 */
function clippedMaxZ(a: Vector3, b: Vector3, c: Vector3, hi: number, poly: number[], f: Footprint): number {
  // Quick accept: a triangle vertex inside the footprint already bounds from below.
  let inPoly = -Infinity;
  if (footprintContains(f, a.x, a.y)) inPoly = Math.max(inPoly, a.z);
  if (footprintContains(f, b.x, b.y)) inPoly = Math.max(inPoly, b.z);
  if (footprintContains(f, c.x, c.y)) inPoly = Math.max(inPoly, c.z);
  if (inPoly >= hi) return inPoly;
  let src = _bufA;
  let dst = _bufB;
  src[0] = a.x; src[1] = a.y; src[2] = a.z;
  src[3] = b.x; src[4] = b.y; src[5] = b.z;
  src[6] = c.x; src[7] = c.y; src[8] = c.z;
  let n = 3;
  const m = poly.length / 2;
  for (let e = 0; e < m && n > 0; e++) {
    const x0 = poly[2 * e];
    const y0 = poly[2 * e + 1];
    const x1 = poly[(2 * e + 2) % poly.length];
    const y1 = poly[(2 * e + 3) % poly.length];
    // Inside = left of the edge (the polygon is counter-clockwise).
    const ex = x1 - x0;
    const ey = y1 - y0;
    // The whole triangle inside this edge's half-plane: the edge cuts nothing (the polygon so far
    // is part of the triangle), so the clip would copy it unchanged.
    if (ex * (a.y - y0) - ey * (a.x - x0) >= 0 && ex * (b.y - y0) - ey * (b.x - x0) >= 0 && ex * (c.y - y0) - ey * (c.x - x0) >= 0) continue;
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
  }
  _bufA = src;
  _bufB = dst;
  let best = inPoly;
  for (let i = 0; i < n; i++) if (src[3 * i + 2] > best) best = src[3 * i + 2];
  return best;
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

