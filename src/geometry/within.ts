import { Vector3 } from 'three';
import { closestPointOnFootprint, footprintBoundaryPoint, type Footprint } from './footprint';
import { entityDistance, entityPrisms, type Entity } from './distance';
import { footprintInsidePolygon, footprintPolygonDistance, pointPolygonDistance, type Polygon } from './polygon';
import type { Prism } from './prism';
import { EPSILON_INCHES } from './units';

/** The thing a "within" question measures to: an entity, or a territory polygon (plan view, A-G15). */
export type WithinObject = { kind: 'entity'; entity: Entity } | { kind: 'territory'; polygon: Polygon };

/**
 * Within (Core 2.1.1): any part of the subject's base is within `distanceInches` of the object.
 * Entities use the 3D closest-point distance (A-G1); territories use the plan view (A-G15), and
 * with distance 0 mean "any part of the base in the territory" (Core 9.1.2).
 */
export function isWithin(subject: Entity, object: WithinObject, distanceInches: number): boolean {
  if (object.kind === 'entity') {
    return entityDistance(subject, object.entity).distanceInches <= distanceInches + EPSILON_INCHES;
  }
  const prisms = subjectPrisms(subject);
  return prisms.some((p) => footprintPolygonDistance(p.footprint, object.polygon) <= distanceInches + EPSILON_INCHES);
}

/**
 * Wholly within (Core 2.1.1, 9.1.2): every part of every base of the subject is within
 * `distanceInches` of the object. Territories with distance 0: the footprint lies inside the
 * polygon (exact). Otherwise the farthest point of each base solid is found: the top and bottom
 * rims densely (720 points, then golden-section refinement of the worst) plus an interior grid
 * (the farthest point from a non-convex object can lie inside the base). Against bases (units,
 * models, objectives) two bounds settle most bases first with the same answer (see
 * `farthestUpperBound`; docs/performance.md, issue 34).
 */
export function isWhollyWithin(subject: Entity, object: WithinObject, distanceInches: number): boolean {
  const prisms = subjectPrisms(subject);
  if (prisms.length === 0) return false;
  if (object.kind === 'territory' && distanceInches <= 0) {
    return prisms.every((p) => footprintInsidePolygon(p.footprint, object.polygon));
  }
  const dist = pointDistanceTo(object);
  const objectPrisms = object.kind === 'entity' && object.entity.kind !== 'terrain' ? entityPrisms(object.entity) : null;
  const limit = distanceInches + EPSILON_INCHES;
  return prisms.every((p) => {
    // Bounds that settle most bases without sampling, with the answer the sampling gives: an upper
    // bound of the farthest distance within the limit is within; the base's centre (a point the
    // sampling measures) beyond the limit is not.
    if (objectPrisms && farthestUpperBound(p, objectPrisms) <= limit) return true;
    if (dist(p.footprint.x, p.footprint.y, p.zMin) > limit) return false;
    return farthestDistance(p, dist) <= limit;
  });
}

/**
 * An upper bound of the largest distance from any point of prism `p` to the nearest of the object's
 * prisms `qs` (inches, 3D as {@link pointDistanceTo} measures): every point of `p` lies within its
 * `semiMajor` of its centre, and the disc of radius `semiMinor` about an object base's centre lies
 * inside that base (bases are filled ellipses), so the plan-view distance to that base is at most
 * the centres' distance + `p.semiMajor` − `q.semiMinor`; vertically at most the larger overhang
 * of `p`'s height range beyond `q`'s.
 */
function farthestUpperBound(p: Prism, qs: readonly Prism[]): number {
  let best = Infinity;
  for (const q of qs) {
    const dh = Math.max(0, Math.hypot(p.footprint.x - q.footprint.x, p.footprint.y - q.footprint.y) + p.footprint.semiMajor - q.footprint.semiMinor);
    const dz = Math.max(0, q.zMin - p.zMin, p.zMax - q.zMax);
    best = Math.min(best, Math.hypot(dh, dz));
  }
  return best;
}

function subjectPrisms(e: Entity): Prism[] {
  const p = entityPrisms(e);
  if (!p) throw new Error(`${e.id}: a terrain feature cannot be the subject of within`);
  return p;
}

type PointDistance = (x: number, y: number, z: number) => number;

const _v = new Vector3();

function pointDistanceTo(object: WithinObject): PointDistance {
  if (object.kind === 'territory') return (x, y) => pointPolygonDistance(object.polygon, x, y);
  const e = object.entity;
  if (e.kind === 'terrain') {
    const bvh = e.feature.bvh;
    return (x, y, z) => {
      _v.set(x, y, z);
      const hit = bvh.closestPointToPoint(_v);
      return hit ? hit.distance : Infinity;
    };
  }
  const prisms = entityPrisms(e)!;
  return (x, y, z) => {
    let best = Infinity;
    for (const q of prisms) {
      const dh = Math.max(0, closestPointOnFootprint(q.footprint, x, y).signedDistance);
      const dz = Math.max(0, q.zMin - z, z - q.zMax);
      best = Math.min(best, Math.hypot(dh, dz));
    }
    return best;
  };
}

const RIM_SAMPLES = 720;
const INV_PHI = (Math.sqrt(5) - 1) / 2;

/** Largest distance from any point of the prism to the object. */
function farthestDistance(p: Prism, dist: PointDistance): number {
  const f = p.footprint;
  let worst = 0;
  const pt: [number, number] = [0, 0];
  for (const z of p.zMax > p.zMin ? [p.zMin, p.zMax] : [p.zMin]) {
    const at = (t: number) => {
      footprintBoundaryPoint(f, t, pt);
      return dist(pt[0], pt[1], z);
    };
    let bestI = 0;
    let bestV = -Infinity;
    for (let i = 0; i < RIM_SAMPLES; i++) {
      const v = at((2 * Math.PI * i) / RIM_SAMPLES);
      if (v > bestV) {
        bestV = v;
        bestI = i;
      }
    }
    const step = (2 * Math.PI) / RIM_SAMPLES;
    let lo = (bestI - 1) * step;
    let hi = (bestI + 1) * step;
    let c = hi - INV_PHI * (hi - lo);
    let d = lo + INV_PHI * (hi - lo);
    let fc = at(c);
    let fd = at(d);
    for (let k = 0; k < 60; k++) {
      if (fc > fd) {
        hi = d; d = c; fd = fc; c = hi - INV_PHI * (hi - lo); fc = at(c);
      } else {
        lo = c; c = d; fc = fd; d = lo + INV_PHI * (hi - lo); fd = at(d);
      }
    }
    worst = Math.max(worst, bestV, fc, fd);
    worst = Math.max(worst, interiorWorst(f, z, dist));
  }
  return worst;
}

function interiorWorst(f: Footprint, z: number, dist: PointDistance): number {
  const n = 21;
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  let worst = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const u = (i / (n - 1)) * 2 - 1;
      const v = (j / (n - 1)) * 2 - 1;
      if (u * u + v * v > 1) continue;
      const lu = u * f.semiMajor;
      const lv = v * f.semiMinor;
      worst = Math.max(worst, dist(f.x + c * lu - s * lv, f.y + s * lu + c * lv, z));
    }
  }
  return worst;
}
