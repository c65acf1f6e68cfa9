import { closestPointOnFootprint, type Footprint } from './footprint';

/** A plan-view polygon, vertices `[x, y]` in inches, either winding, closed implicitly. */
export type Polygon = [number, number][];

/** Point in polygon (even-odd rule), boundary counted inside within 1e-9". */
export function pointInPolygon(poly: Polygon, x: number, y: number): boolean {
  if (pointPolygonEdgeDistance(poly, x, y) <= 1e-9) return true;
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from a point to the polygon's boundary, inches. */
export function pointPolygonEdgeDistance(poly: Polygon, x: number, y: number): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    best = Math.min(best, pointSegmentDistance(x, y, poly[j][0], poly[j][1], poly[i][0], poly[i][1]));
  }
  return best;
}

/** Plan distance from a point to the filled polygon (0 inside), inches. */
export function pointPolygonDistance(poly: Polygon, x: number, y: number): number {
  return pointInPolygon(poly, x, y) ? 0 : pointPolygonEdgeDistance(poly, x, y);
}

/** Distance from (px, py) to the segment (ax, ay)-(bx, by). */
export function pointSegmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Segment endpoints mapped into the footprint's unit-circle frame (an affine map keeps incidence). */
function toUnit(f: Footprint, x: number, y: number): [number, number] {
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const dx = x - f.x;
  const dy = y - f.y;
  return [(c * dx + s * dy) / f.semiMajor, (-s * dx + c * dy) / f.semiMinor];
}

/** Does a polygon edge cross into the open footprint? (exact: distance to the origin in the unit frame < 1) */
function edgeEntersFootprint(f: Footprint, ax: number, ay: number, bx: number, by: number, strict: boolean): boolean {
  const [ux, uy] = toUnit(f, ax, ay);
  const [vx, vy] = toUnit(f, bx, by);
  const d = pointSegmentDistance(0, 0, ux, uy, vx, vy);
  return strict ? d < 1 - 1e-12 : d <= 1 + 1e-12;
}

/**
 * Is the footprint wholly within the polygon (Core 9.1.2: every part of the base inside)? Exact:
 * the centre is inside and no edge enters the ellipse's interior (touching the border counts as inside).
 */
export function footprintInsidePolygon(f: Footprint, poly: Polygon): boolean {
  if (!pointInPolygon(poly, f.x, f.y)) return false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    if (edgeEntersFootprint(f, poly[j][0], poly[j][1], poly[i][0], poly[i][1], true)) return false;
  }
  return true;
}

/** Do the footprint and the filled polygon share any point (Core 9.1.2 "within" a territory)? Exact. */
export function footprintTouchesPolygon(f: Footprint, poly: Polygon): boolean {
  if (pointInPolygon(poly, f.x, f.y)) return true;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    if (edgeEntersFootprint(f, poly[j][0], poly[j][1], poly[i][0], poly[i][1], false)) return true;
  }
  return false;
}

/**
 * Plan distance from a footprint to a filled polygon, inches (0 when they touch). Exact: for each
 * edge the distance from the edge's points to the ellipse is convex along the edge, so a golden
 * section search finds its minimum.
 */
export function footprintPolygonDistance(f: Footprint, poly: Polygon): number {
  if (footprintTouchesPolygon(f, poly)) return 0;
  // Edges nearest the centre first; an edge no nearer to the centre than the best distance plus the
  // semi-major axis cannot be nearer to the footprint (the ellipse is inside that circle), so its
  // search is skipped.
  const edges = poly.map((p, i) => {
    const q = poly[(i + poly.length - 1) % poly.length];
    return { i, bound: pointSegmentDistance(f.x, f.y, q[0], q[1], p[0], p[1]) - f.semiMajor };
  });
  edges.sort((a, b) => a.bound - b.bound);
  let best = Infinity;
  for (const { i, bound } of edges) {
    if (bound >= best) break;
    const j = (i + poly.length - 1) % poly.length;
    best = Math.min(best, footprintSegmentDistance(f, poly[j][0], poly[j][1], poly[i][0], poly[i][1]));
  }
  return best;
}

const INV_PHI = (Math.sqrt(5) - 1) / 2;

/** Distance from a segment to the filled footprint (convex in the segment parameter). */
export function footprintSegmentDistance(f: Footprint, ax: number, ay: number, bx: number, by: number): number {
  // A round base: the centre's distance to the segment less the radius.
  if (Math.abs(f.semiMajor - f.semiMinor) <= 1e-12) return Math.max(0, pointSegmentDistance(f.x, f.y, ax, ay, bx, by) - f.semiMajor);
  const at = (t: number) => Math.max(0, closestPointOnFootprint(f, ax + t * (bx - ax), ay + t * (by - ay)).signedDistance);
  let lo = 0;
  let hi = 1;
  let c = hi - INV_PHI * (hi - lo);
  let d = lo + INV_PHI * (hi - lo);
  let fc = at(c);
  let fd = at(d);
  for (let k = 0; k < 90; k++) {
    if (fc < fd) {
      hi = d; d = c; fd = fc; c = hi - INV_PHI * (hi - lo); fc = at(c);
    } else {
      lo = c; c = d; fc = fd; d = lo + INV_PHI * (hi - lo); fd = at(d);
    }
  }
  return Math.min(at(0), at(1), at((lo + hi) / 2));
}
