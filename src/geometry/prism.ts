import { footprintBounds, type Footprint } from './footprint';
import { footprintGap } from './footprintGap';

/**
 * A vertical prism: a footprint extruded from `zMin` to `zMax` (inches). Base solids S(m)
 * (INVENTORY 0.5), model volumes V(m) (SCENARIO: footprint from elevation to elevation + height),
 * and objective markers (a 0-thick disk) are all prisms.
 */
export interface Prism {
  footprint: Footprint;
  zMin: number;
  zMax: number;
}

/** Closest points between two solids, with their 3D distance in inches. */
export interface ClosestPair {
  /** 3D distance between the closest points, inches (0 when touching or overlapping). */
  distanceInches: number;
  /** Closest point of the first solid, `[x, y, z]` inches. */
  a: [number, number, number];
  /** Closest point of the second solid, `[x, y, z]` inches. */
  b: [number, number, number];
}

/**
 * Distance between the closest points of two prisms in 3D (Core 2.1, A-G1), exact: the plan
 * gap and the vertical gap are independent, so d = hypot(dh, dz).
 */
export function prismDistance(p: Prism, q: Prism): ClosestPair {
  const gap = footprintGap(p.footprint, q.footprint);
  let za: number;
  let zb: number;
  if (p.zMax < q.zMin) {
    za = p.zMax;
    zb = q.zMin;
  } else if (q.zMax < p.zMin) {
    za = p.zMin;
    zb = q.zMax;
  } else {
    // The vertical extents overlap: any shared height works; take the middle of the overlap.
    za = zb = (Math.max(p.zMin, q.zMin) + Math.min(p.zMax, q.zMax)) / 2;
  }
  return {
    distanceInches: Math.hypot(gap.gapInches, zb - za),
    a: [gap.a[0], gap.a[1], za],
    b: [gap.b[0], gap.b[1], zb],
  };
}

/** Axis-aligned bounds `[minX, minY, minZ, maxX, maxY, maxZ]` of a prism, inches. */
export function prismBounds(p: Prism): [number, number, number, number, number, number] {
  const b = footprintBounds(p.footprint);
  return [b[0], b[1], p.zMin, b[2], b[3], p.zMax];
}

/**
 * First parameter t in [t0, t1] at which the segment from (ax,ay,az) to (bx,by,bz) (t = 0 at a,
 * t = 1 at b) meets the closed prism, or -1 when it misses. Exact (solves the quadratic of the
 * elliptic cylinder in the footprint's unit-circle frame, clipped by the cap planes).
 * Allocation-free; hot loops pass the facing's cos and sin precomputed.
 */
export function segmentPrismHit(
  p: Prism,
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  t0 = 0,
  t1 = 1,
  cosFacing = Math.cos(p.footprint.facingRad),
  sinFacing = Math.sin(p.footprint.facingRad),
): number {
  const seg = _seg;
  seg[0] = ax;
  seg[1] = ay;
  seg[2] = az;
  seg[3] = bx;
  seg[4] = by;
  seg[5] = bz;
  seg[6] = t0;
  seg[7] = t1;
  _rot.cos = cosFacing;
  _rot.sin = sinFacing;
  return segmentPrismHitAt(p, _rot, seg, _out) ? _out[0] : -1;
}

/** The facing rotation of a circular prism (a cylinder piece: any facing will do). */
export const IDENTITY_ROTATION = { cos: 1, sin: 0 } as const;

const _seg = new Float64Array(8);
const _out = new Float64Array(1);
const _rot = { cos: 1, sin: 0 };

/**
 * {@link segmentPrismHit} for hot loops, with no number crossing a call (V8 boxes doubles passed to
 * or returned from a call it does not inline): the segment and its parameter range are read from
 * `seg` (`[ax, ay, az, bx, by, bz, t0, t1]`), the facing's cos and sin from `rot`, and the first
 * parameter of contact is written to `out[0]`.
 * @returns whether the segment meets the closed prism within [t0, t1].
 */
export function segmentPrismHitAt(p: Prism, rot: { readonly cos: number; readonly sin: number }, seg: Float64Array, out: Float64Array): boolean {
  const f = p.footprint;
  const c = rot.cos;
  const s = rot.sin;
  const ax = seg[0];
  const ay = seg[1];
  const az = seg[2];
  // Start point and direction in the unit-circle frame.
  const ox = ax - f.x;
  const oy = ay - f.y;
  const dx = seg[3] - ax;
  const dy = seg[4] - ay;
  const dz = seg[5] - az;
  const u0 = (c * ox + s * oy) / f.semiMajor;
  const v0 = (-s * ox + c * oy) / f.semiMinor;
  const du = (c * dx + s * dy) / f.semiMajor;
  const dv = (-s * dx + c * dy) / f.semiMinor;
  let lo = seg[6];
  let hi = seg[7];
  // Vertical slab.
  if (dz === 0) {
    if (az < p.zMin || az > p.zMax) return false;
  } else {
    let ta = (p.zMin - az) / dz;
    let tb = (p.zMax - az) / dz;
    if (ta > tb) {
      const tmp = ta;
      ta = tb;
      tb = tmp;
    }
    if (ta > lo) lo = ta;
    if (tb < hi) hi = tb;
    if (lo > hi) return false;
  }
  // Infinite cylinder u^2 + v^2 <= 1.
  const A = du * du + dv * dv;
  const B = 2 * (u0 * du + v0 * dv);
  const C = u0 * u0 + v0 * v0 - 1;
  if (A < 1e-18) {
    if (C > 0) return false;
    out[0] = lo;
    return true;
  }
  const disc = B * B - 4 * A * C;
  if (disc < 0) return false;
  const sq = Math.sqrt(disc);
  const r0 = (-B - sq) / (2 * A);
  const r1 = (-B + sq) / (2 * A);
  if (r0 > lo) lo = r0;
  if (r1 < hi) hi = r1;
  if (lo > hi) return false;
  out[0] = lo;
  return true;
}
