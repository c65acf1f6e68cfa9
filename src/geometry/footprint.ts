import { degToRad, mmToInches } from './units';

/**
 * A base footprint in plan view (INVENTORY 0.5, F(m)): a filled ellipse, a circle when
 * `semiMajor === semiMinor`. All lengths in inches, the angle in radians counter-clockwise
 * seen from above; `semiMajor` lies along `facingRad`.
 */
export interface Footprint {
  /** Centre x, inches (table coordinates). */
  x: number;
  /** Centre y, inches (table coordinates). */
  y: number;
  /** Half the long axis, inches. */
  semiMajor: number;
  /** Half the short axis, inches. */
  semiMinor: number;
  /** Direction of the long axis, radians counter-clockwise from +x. */
  facingRad: number;
}

/** A base as written in a scenario file: round diameter or oval [long, short], millimetres. */
export type BaseMm = { round: number } | { oval: [number, number] };

/**
 * Builds the footprint of a base.
 * @param base - `{round: diameterMm}` or `{oval: [longMm, shortMm]}` (Citadel sizes, mm).
 * @param position - plan-view centre `[x, y]`, inches.
 * @param facingDeg - direction of an oval's long axis, degrees counter-clockwise from +x.
 * @throws Error when a size is not a positive finite number.
 */
export function footprintFromBase(base: BaseMm, position: readonly [number, number], facingDeg = 0): Footprint {
  let longMm: number;
  let shortMm: number;
  if ('round' in base) {
    longMm = shortMm = base.round;
  } else {
    [longMm, shortMm] = base.oval;
  }
  if (!(longMm > 0) || !(shortMm > 0) || !Number.isFinite(longMm) || !Number.isFinite(shortMm)) {
    throw new Error(`base sizes must be positive millimetres, got ${JSON.stringify(base)}`);
  }
  // An oval written short-first still has its long axis along the facing.
  const a = mmToInches(Math.max(longMm, shortMm)) / 2;
  const b = mmToInches(Math.min(longMm, shortMm)) / 2;
  return { x: position[0], y: position[1], semiMajor: a, semiMinor: b, facingRad: degToRad(facingDeg) };
}

/** A circular footprint of the given radius (inches) centred at (x, y). */
export function circleFootprint(x: number, y: number, radius: number): Footprint {
  return { x, y, semiMajor: radius, semiMinor: radius, facingRad: 0 };
}

/** True when the footprint is a circle (to within 1e-12"). */
export function isCircle(f: Footprint): boolean {
  return Math.abs(f.semiMajor - f.semiMinor) <= 1e-12;
}

/** Result of {@link closestPointOnFootprint}: the closest point of the filled ellipse and the distance. */
export interface FootprintClosest {
  /** Closest point of the filled footprint, inches (the query point itself when inside). */
  x: number;
  y: number;
  /** Closest point of the footprint's boundary curve, inches. */
  bx: number;
  by: number;
  /** Signed distance to the boundary: negative inside, 0 on it, positive outside (inches). */
  signedDistance: number;
}

/**
 * Closest point of a footprint to a plan-view point, exact to machine precision (Eberly's robust
 * bisection for point-to-ellipse distance, not a sampled polygon).
 * @param f - the footprint.
 * @param px - query x, inches.
 * @param py - query y, inches.
 * @param out - optional object to fill (hot loops pass a scratch object to avoid allocation).
 */
export function closestPointOnFootprint(f: Footprint, px: number, py: number, out?: FootprintClosest): FootprintClosest {
  const r = out ?? { x: 0, y: 0, bx: 0, by: 0, signedDistance: 0 };
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const dx = px - f.x;
  const dy = py - f.y;
  // Local frame: u along the long axis, v along the short axis.
  const u = c * dx + s * dy;
  const v = -s * dx + c * dy;
  let bu: number;
  let bv: number;
  let d: number;
  let inside: boolean;
  if (isCircle(f)) {
    const len = Math.hypot(u, v);
    const rad = f.semiMajor;
    if (len === 0) {
      bu = rad;
      bv = 0;
    } else {
      bu = (u / len) * rad;
      bv = (v / len) * rad;
    }
    d = Math.abs(len - rad);
    inside = len <= rad;
  } else {
    const au = Math.abs(u);
    const av = Math.abs(v);
    const res = eberly(f.semiMajor, f.semiMinor, au, av);
    bu = u < 0 ? -res[0] : res[0];
    bv = v < 0 ? -res[1] : res[1];
    d = res[2];
    inside = (u / f.semiMajor) ** 2 + (v / f.semiMinor) ** 2 <= 1;
  }
  r.bx = f.x + c * bu - s * bv;
  r.by = f.y + s * bu + c * bv;
  if (inside) {
    r.x = px;
    r.y = py;
    r.signedDistance = -d;
  } else {
    r.x = r.bx;
    r.y = r.by;
    r.signedDistance = d;
  }
  return r;
}

const _eb: [number, number, number] = [0, 0, 0];

/**
 * Distance from (y0, y1), y0 >= 0 and y1 >= 0, to the ellipse curve (x/e0)^2 + (y/e1)^2 = 1 with
 * e0 >= e1 > 0. Returns [x0, x1, distance] (a shared scratch array). D. Eberly, "Distance from a
 * Point to an Ellipse, an Ellipsoid, or a Hyperellipsoid" (robust bisection).
 */
function eberly(e0: number, e1: number, y0: number, y1: number): [number, number, number] {
  if (y1 > 0) {
    if (y0 > 0) {
      const z0 = y0 / e0;
      const z1 = y1 / e1;
      const g = z0 * z0 + z1 * z1 - 1;
      if (g !== 0) {
        const r0 = (e0 / e1) ** 2;
        const sbar = getRoot(r0, z0, z1, g);
        const x0 = (r0 * y0) / (sbar + r0);
        const x1 = y1 / (sbar + 1);
        _eb[0] = x0;
        _eb[1] = x1;
        _eb[2] = Math.hypot(x0 - y0, x1 - y1);
      } else {
        _eb[0] = y0;
        _eb[1] = y1;
        _eb[2] = 0;
      }
    } else {
      _eb[0] = 0;
      _eb[1] = e1;
      _eb[2] = Math.abs(y1 - e1);
    }
  } else {
    const numer0 = e0 * y0;
    const denom0 = e0 * e0 - e1 * e1;
    if (numer0 < denom0) {
      const xde0 = numer0 / denom0;
      const x0 = e0 * xde0;
      const x1 = e1 * Math.sqrt(Math.max(0, 1 - xde0 * xde0));
      _eb[0] = x0;
      _eb[1] = x1;
      _eb[2] = Math.hypot(x0 - y0, x1);
    } else {
      _eb[0] = e0;
      _eb[1] = 0;
      _eb[2] = Math.abs(y0 - e0);
    }
  }
  return _eb;
}

function getRoot(r0: number, z0: number, z1: number, g: number): number {
  const n0 = r0 * z0;
  let s0 = z1 - 1;
  let s1 = g < 0 ? 0 : Math.hypot(n0, z1) - 1;
  let s = 0;
  for (let i = 0; i < 1100; i++) {
    s = (s0 + s1) / 2;
    if (s === s0 || s === s1) break;
    const ratio0 = n0 / (s + r0);
    const ratio1 = z1 / (s + 1);
    const gg = ratio0 * ratio0 + ratio1 * ratio1 - 1;
    if (gg > 0) s0 = s;
    else if (gg < 0) s1 = s;
    else break;
  }
  return s;
}

/** True when the plan-view point lies in the filled footprint (boundary included, tolerance 1e-9"). */
export function footprintContains(f: Footprint, px: number, py: number): boolean {
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const dx = px - f.x;
  const dy = py - f.y;
  const u = (c * dx + s * dy) / (f.semiMajor + 1e-9);
  const v = (-s * dx + c * dy) / (f.semiMinor + 1e-9);
  return u * u + v * v <= 1;
}

/**
 * The boundary point at parameter `theta` (radians): centre + R(facing) * (a cos t, b sin t).
 * Writes into `out` ([x, y]) and returns it.
 */
export function footprintBoundaryPoint(f: Footprint, theta: number, out: [number, number] = [0, 0]): [number, number] {
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const u = f.semiMajor * Math.cos(theta);
  const v = f.semiMinor * Math.sin(theta);
  out[0] = f.x + c * u - s * v;
  out[1] = f.y + s * u + c * v;
  return out;
}

/** The last footprint shape's plan half-extents (see {@link footprintBounds}). */
const _halfExtents = { semiMajor: NaN, semiMinor: NaN, facingRad: NaN, hx: 0, hy: 0 };

/** Plan-view bounding box `[minX, minY, maxX, maxY]` of the footprint, exact (inches), written into `out` when given. */
export function footprintBounds(f: Footprint, out: [number, number, number, number] = [0, 0, 0, 0]): [number, number, number, number] {
  // The half-extents depend on the shape only: kept while successive footprints have the same
  // size and facing (as along a move), the same numbers as computing them again.
  const h = _halfExtents;
  if (h.semiMajor !== f.semiMajor || h.semiMinor !== f.semiMinor || h.facingRad !== f.facingRad) {
    const c = Math.cos(f.facingRad);
    const s = Math.sin(f.facingRad);
    h.hx = Math.hypot(f.semiMajor * c, f.semiMinor * s);
    h.hy = Math.hypot(f.semiMajor * s, f.semiMinor * c);
    h.semiMajor = f.semiMajor;
    h.semiMinor = f.semiMinor;
    h.facingRad = f.facingRad;
  }
  const hx = h.hx;
  const hy = h.hy;
  out[0] = f.x - hx;
  out[1] = f.y - hy;
  out[2] = f.x + hx;
  out[3] = f.y + hy;
  return out;
}

/**
 * A polygon with `n` vertices approximating the footprint, as flat `[x0, y0, x1, y1, ...]`.
 * `circumscribed` polygons contain the ellipse (used by conservative tests such as closure proofs);
 * inscribed ones lie inside it. The gap to the true curve is at most `semiMajor * (1 - cos(pi/n))`.
 */
export function footprintPolygon(f: Footprint, n: number, circumscribed = false): number[] {
  const k = circumscribed ? 1 / Math.cos(Math.PI / n) : 1;
  const out: number[] = [];
  const p: [number, number] = [0, 0];
  const scaled: Footprint = { ...f, semiMajor: f.semiMajor * k, semiMinor: f.semiMinor * k };
  for (let i = 0; i < n; i++) {
    footprintBoundaryPoint(scaled, (2 * Math.PI * i) / n, p);
    out.push(p[0], p[1]);
  }
  return out;
}
