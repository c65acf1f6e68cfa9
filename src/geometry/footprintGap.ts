import {
  closestPointOnFootprint,
  footprintBoundaryPoint,
  footprintContains,
  isCircle,
  type Footprint,
  type FootprintClosest,
} from './footprint';

/** The horizontal gap between two footprints and the closest points that realise it. */
export interface FootprintGap {
  /** Gap in inches, 0 when the footprints touch or overlap (never negative). */
  gapInches: number;
  /** Closest point on the first footprint, plan view, inches. */
  a: [number, number];
  /** Closest point on the second footprint, plan view, inches. */
  b: [number, number];
  /** True when the filled footprints overlap or touch. */
  overlapping: boolean;
  /**
   * Signed separation: the gap when apart, otherwise minus an estimate of the penetration depth
   * (how far the boundaries cross). Used to tell touching (about 0) from overlapping (< 0).
   */
  signedInches: number;
}

const _c1: FootprintClosest = { x: 0, y: 0, bx: 0, by: 0, signedDistance: 0 };
const _p: [number, number] = [0, 0];

/**
 * Whether two footprints are surely at least `inches` apart in plan (Core 1.2 gaps between bases):
 * their bounding circles (radius the semi-major axis, which contains the ellipse) are, so the exact
 * {@link footprintGap} is too. A cheap test before the exact gap, for the many far pairs of a
 * set-up or a search; false says nothing (the exact gap decides).
 */
export function footprintsSurelyApart(f1: Footprint, f2: Footprint, inches: number): boolean {
  const dx = f2.x - f1.x;
  const dy = f2.y - f1.y;
  const r = f1.semiMajor + f2.semiMajor + inches;
  return r <= 0 || dx * dx + dy * dy >= r * r * (1 + 1e-12);
}

/** Margin, inches, by which a bound must clear the threshold to decide {@link footprintGapAtLeast} alone. */
const GAP_BOUND_MARGIN_INCHES = 1e-7;

/**
 * Whether the plan gap between two footprints is at least `inches` (the answer of
 * `footprintGap(f1, f2).gapInches >= inches`), decided by bounds along the line of centres when
 * they are conclusive, else by the exact {@link footprintGap}: at least the centres' distance less
 * each ellipse's extent across that line (its support function: no two points are nearer than
 * their projections on it), at most the distance less each centre's distance to its boundary
 * along it (the segment between those two boundary points joins the bases), and at most the
 * distance less both semi-minor axes (each ellipse holds its inscribed circle). A bound decides
 * only when it clears `inches` by 1e-7" (far beyond the exact gap's error). For the many pairs of
 * a set-up or a spacing search that are plainly near or far (Core 1.2 gaps, 15.1 coherency).
 * Two equal bases facing the same way (the same semi-axes and facing, as a formation sets up a
 * unit's models) are decided exactly without the minimisation: their gap is the distance from the
 * offset between their centres to the base doubled (A and A + t are `dist(t, A - A)` apart, and
 * `A - A = 2A` for an ellipse), one point-to-ellipse distance.
 */
export function footprintGapAtLeast(f1: Footprint, f2: Footprint, inches: number): boolean {
  if (inches <= 0) return true;
  return gapAgainst(f1, f2, inches) >= inches;
}

/**
 * Whether the plan gap between two footprints is at most `inches` (the answer of
 * `footprintGap(f1, f2).gapInches <= inches`: within range, as coherency asks, Core 15.1), decided
 * the way {@link footprintGapAtLeast} is: bounds when they clear `inches` by 1e-7", the doubled
 * base for two equal bases facing the same way, else the exact {@link footprintGap}.
 */
export function footprintGapAtMost(f1: Footprint, f2: Footprint, inches: number): boolean {
  if (inches < 0) return false;
  return gapAgainst(f1, f2, inches) <= inches;
}

/**
 * The plan gap of two footprints as far as it matters against `inches` (> 0 or a margin of it):
 * -Infinity when bounds put it surely below `inches`, +Infinity surely above (each by
 * {@link GAP_BOUND_MARGIN_INCHES}), else the exact gap (see {@link footprintGapAtLeast}).
 */
function gapAgainst(f1: Footprint, f2: Footprint, inches: number): number {
  if (footprintsSurelyApart(f1, f2, inches + GAP_BOUND_MARGIN_INCHES)) return Infinity;
  const dx = f2.x - f1.x;
  const dy = f2.y - f1.y;
  const d = Math.hypot(dx, dy);
  if (d - f1.semiMinor - f2.semiMinor < inches - GAP_BOUND_MARGIN_INCHES) return -Infinity;
  const ux = dx / d;
  const uy = dy / d;
  const e1 = extentsAlong(f1, ux, uy);
  const support1 = e1.support;
  const radius1 = e1.radius;
  const e2 = extentsAlong(f2, ux, uy);
  if (d - support1 - e2.support >= inches + GAP_BOUND_MARGIN_INCHES) return Infinity;
  if (d - radius1 - e2.radius < inches - GAP_BOUND_MARGIN_INCHES) return -Infinity;
  if (f1.semiMajor === f2.semiMajor && f1.semiMinor === f2.semiMinor && f1.facingRad === f2.facingRad) {
    // Two equal bases facing the same way (a unit's models in a formation): the second is the
    // first moved by t = (dx, dy), and the gap between a convex, centrally symmetric A and A + t
    // is the distance from t to A - A = 2A (the same base doubled, centred on the origin), one
    // exact point-to-ellipse distance instead of the minimisation over a boundary.
    _twice.semiMajor = 2 * f1.semiMajor;
    _twice.semiMinor = 2 * f1.semiMinor;
    _twice.facingRad = f1.facingRad;
    return Math.max(0, closestPointOnFootprint(_twice, dx, dy, _c1).signedDistance);
  }
  return footprintGap(f1, f2).gapInches;
}

/** Scratch footprint of {@link footprintGapAtLeast}: a base doubled, centred on the origin. */
const _twice: Footprint = { x: 0, y: 0, semiMajor: 0, semiMinor: 0, facingRad: 0 };

const _extents = { support: 0, radius: 0 };
/**
 * A footprint's extents along the unit direction (ux, uy) from its centre: `support`, the farthest
 * reach of the ellipse projected on that line (sqrt(a²p² + b²q²)), and `radius`, where the ray from
 * the centre leaves it (1 / sqrt(p²/a² + q²/b²)); (p, q) is the direction in the base's own axes.
 * Returns a scratch object: read it before the next call.
 */
function extentsAlong(f: Footprint, ux: number, uy: number): { support: number; radius: number } {
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const p = ux * c + uy * s;
  const q = -ux * s + uy * c;
  const a = f.semiMajor;
  const b = f.semiMinor;
  _extents.support = Math.sqrt(a * a * p * p + b * b * q * q);
  _extents.radius = 1 / Math.sqrt((p * p) / (a * a) + (q * q) / (b * b));
  return _extents;
}

/**
 * Horizontal gap between the closest points of two footprints (the dh of INVENTORY 0.5), exact for
 * circles and ellipses: circle-circle and circle-ellipse are closed form (via exact point-to-ellipse
 * distance); ellipse-ellipse minimises the exact point-to-ellipse distance over the first boundary
 * (dense bracketing, then golden-section refinement to 1e-12 rad), never a sampled polygon.
 * Used for combat range (Core 7.0), coherency (Core 15.1) and contesting (Core 32.1).
 */
export function footprintGap(f1: Footprint, f2: Footprint): FootprintGap {
  if (isCircle(f1) && isCircle(f2)) {
    const dx = f2.x - f1.x;
    const dy = f2.y - f1.y;
    const d = Math.hypot(dx, dy);
    const ux = d > 0 ? dx / d : 1;
    const uy = d > 0 ? dy / d : 0;
    const signed = d - f1.semiMajor - f2.semiMajor;
    const a: [number, number] = [f1.x + ux * f1.semiMajor, f1.y + uy * f1.semiMajor];
    const b: [number, number] = [f2.x - ux * f2.semiMajor, f2.y - uy * f2.semiMajor];
    if (signed <= 0) {
      // Overlap: report a common point (the midpoint of the two boundary points along the centre line).
      const m: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      return { gapInches: 0, a: m, b: [m[0], m[1]], overlapping: true, signedInches: signed };
    }
    return { gapInches: signed, a, b, overlapping: false, signedInches: signed };
  }
  if (isCircle(f1) || isCircle(f2)) {
    const circleFirst = isCircle(f1);
    const circle = circleFirst ? f1 : f2;
    const ellipse = circleFirst ? f2 : f1;
    const cp = closestPointOnFootprint(ellipse, circle.x, circle.y, _c1);
    const r = circle.semiMajor;
    let signed: number;
    let onEllipse: [number, number];
    let onCircle: [number, number];
    if (cp.signedDistance > 0) {
      signed = cp.signedDistance - r;
      onEllipse = [cp.x, cp.y];
      const ux = (cp.x - circle.x) / cp.signedDistance;
      const uy = (cp.y - circle.y) / cp.signedDistance;
      onCircle = [circle.x + ux * r, circle.y + uy * r];
    } else {
      signed = cp.signedDistance - r;
      onEllipse = [circle.x, circle.y];
      onCircle = [circle.x, circle.y];
    }
    if (signed <= 0) {
      const m: [number, number] =
        cp.signedDistance > 0 ? [(onEllipse[0] + onCircle[0]) / 2, (onEllipse[1] + onCircle[1]) / 2] : onCircle;
      return { gapInches: 0, a: m, b: [m[0], m[1]], overlapping: true, signedInches: signed };
    }
    return circleFirst
      ? { gapInches: signed, a: onCircle, b: onEllipse, overlapping: false, signedInches: signed }
      : { gapInches: signed, a: onEllipse, b: onCircle, overlapping: false, signedInches: signed };
  }
  return ellipseEllipseGap(f1, f2);
}

const SAMPLES = 720;

function signedAt(f1: Footprint, f2: Footprint, theta: number): number {
  footprintBoundaryPoint(f1, theta, _p);
  return closestPointOnFootprint(f2, _p[0], _p[1], _c1).signedDistance;
}

function ellipseEllipseGap(f1: Footprint, f2: Footprint): FootprintGap {
  // Minimise the signed distance from the boundary of f1 to f2 over the boundary parameter.
  let bestI = 0;
  let best = Infinity;
  const values = new Float64Array(SAMPLES);
  for (let i = 0; i < SAMPLES; i++) {
    const v = signedAt(f1, f2, (2 * Math.PI * i) / SAMPLES);
    values[i] = v;
    if (v < best) {
      best = v;
      bestI = i;
    }
  }
  // Refine every sampled local minimum within reach of the best (ties in symmetric layouts).
  const step = (2 * Math.PI) / SAMPLES;
  let bestTheta = bestI * step;
  for (let i = 0; i < SAMPLES; i++) {
    const prev = values[(i + SAMPLES - 1) % SAMPLES];
    const next = values[(i + 1) % SAMPLES];
    if (values[i] <= prev && values[i] <= next && values[i] <= best + 1e-3) {
      const t = golden(f1, f2, (i - 1) * step, (i + 1) * step);
      const v = signedAt(f1, f2, t);
      if (v < best) {
        best = v;
        bestTheta = t;
      }
    }
  }
  const inside = footprintContains(f1, f2.x, f2.y) || footprintContains(f2, f1.x, f1.y);
  footprintBoundaryPoint(f1, bestTheta, _p);
  const a: [number, number] = [_p[0], _p[1]];
  const cp = closestPointOnFootprint(f2, a[0], a[1], _c1);
  const b: [number, number] = [cp.bx, cp.by];
  if (best <= 0 || inside) {
    const m: [number, number] = inside && best > 0 ? [f2.x, f2.y] : [a[0], a[1]];
    const signed = inside && best > 0 ? -Math.min(f1.semiMinor, f2.semiMinor) : best;
    return { gapInches: 0, a: m, b: [m[0], m[1]], overlapping: true, signedInches: signed };
  }
  return { gapInches: best, a, b, overlapping: false, signedInches: best };
}

const INV_PHI = (Math.sqrt(5) - 1) / 2;

function golden(f1: Footprint, f2: Footprint, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  let c = b - INV_PHI * (b - a);
  let d = a + INV_PHI * (b - a);
  let fc = signedAt(f1, f2, c);
  let fd = signedAt(f1, f2, d);
  for (let i = 0; i < 80 && b - a > 1e-13; i++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - INV_PHI * (b - a);
      fc = signedAt(f1, f2, c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + INV_PHI * (b - a);
      fd = signedAt(f1, f2, d);
    }
  }
  return (a + b) / 2;
}
