import { convexHull2 } from '../geometry/closure';
import { closestPointOnFootprint, footprintBoundaryPoint, type Footprint } from '../geometry/footprint';
import { slabTest } from '../geometry/occluders';
import { pointSegmentDistance } from '../geometry/polygon';
import { surfaceHeightAt } from '../geometry/standing';
import { COMBAT_RANGE_INCHES, EPSILON_INCHES } from '../geometry/units';
import type { World } from '../geometry/world';
import { classFootprint, type ModelClass } from './classes';
import type { SpotGrid } from './standingSpots';

/**
 * Targeting by the rules for the layout analysis (LAYOUT.md "By the rules, and graded"): can a model
 * of the class at one standing spot be picked as the target of a shooting attack by a model of the
 * class at another? Obscuring (Terrain 1.2, as printed in 004, INVENTORY G18.4): a unit "cannot be
 * targeted by shooting attacks made by enemy units that are not within its combat range if it is
 * behind or wholly on this terrain feature" (the classes are not FLY). Visibility (Core 6.0) is the
 * spot relation's; this module adds the Obscuring part, in plan view (A-G11):
 * - **wholly on** (Terrain 1.1, A-G12): as the rules engine tests it (`worldPort`): 16 points of the
 *   base's edge (shrunk to 98%) all over the feature's own surface, and the base at the height of
 *   the feature's highest surface under them (within 0.05");
 * - **behind** (Terrain 1.1, A-G11): every plan segment from a point of the shooter's base to a
 *   point of the target's base meets the feature's footprint outside the shooter's combat range
 *   (points within 3" of its base are ignored). The footprint of a feature is the union of its
 *   pieces' plan hulls (each piece's triangles projected, their convex hull: exact for boxes,
 *   cylinders and convex meshes such as the towers; a concave mesh piece's hollows count as
 *   covered). A segment that ends on the footprint meets it.
 * - **within 3"**: closest points of the two bases, horizontally, at most 3" (+0.001") apart.
 */

/** An Obscuring feature's plan shape. */
export interface ObscuringFeature {
  id: string;
  /** Index of the feature in `world.terrain.features`. */
  index: number;
  /** Each piece's plan hull, counter-clockwise, flat `[x0, y0, x1, y1, ...]` (inches). */
  hulls: Float64Array[];
  /** Plan bounds of the hulls `[minX, minY, maxX, maxY]`. */
  bounds: [number, number, number, number];
}

/** The Obscuring features of a world (those with the `obscuring` ability, Terrain 1.4), with their plan hulls. */
export function obscuringFeatures(world: World): ObscuringFeature[] {
  const out: ObscuringFeature[] = [];
  for (const f of world.terrain.features) {
    if (!f.abilities.includes('obscuring')) continue;
    const hulls: Float64Array[] = [];
    const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const p of f.pieces) {
      const pts: [number, number][] = [];
      const a = p.positions;
      for (let i = 0; i + 2 < a.length; i += 3) pts.push([a[i], a[i + 1]]);
      const h = convexHull2(pts);
      if (h.length < 3) continue;
      const flat = new Float64Array(h.length * 2);
      h.forEach(([x, y], i) => {
        flat[2 * i] = x;
        flat[2 * i + 1] = y;
        b[0] = Math.min(b[0], x);
        b[1] = Math.min(b[1], y);
        b[2] = Math.max(b[2], x);
        b[3] = Math.max(b[3], y);
      });
      hulls.push(flat);
    }
    if (hulls.length) out.push({ id: f.id, index: f.index, hulls, bounds: b });
  }
  return out;
}

/**
 * Parameter interval `[t0, t1]` of the segment p + t (q - p), t in [0, 1], inside a closed convex
 * counter-clockwise polygon, written to `out`; false when the segment misses it.
 */
function clipConvex(h: Float64Array, px: number, py: number, qx: number, qy: number, out: [number, number]): boolean {
  const dx = qx - px;
  const dy = qy - py;
  let t0 = 0;
  let t1 = 1;
  const n = h.length;
  for (let i = 0; i < n; i += 2) {
    const ax = h[i];
    const ay = h[i + 1];
    const j = i + 2 < n ? i + 2 : 0;
    const ex = h[j] - ax;
    const ey = h[j + 1] - ay;
    // Inside is to the left of each edge: f(t) = cross(e, p + t d - a) >= 0.
    const f0 = ex * (py - ay) - ey * (px - ax);
    const fd = ex * dy - ey * dx;
    if (fd === 0) {
      if (f0 < 0) return false;
    } else {
      const t = -f0 / fd;
      if (fd > 0) {
        if (t > t0) t0 = t;
      } else if (t < t1) t1 = t;
      if (t0 > t1) return false;
    }
  }
  out[0] = t0;
  out[1] = t1;
  return true;
}

/** Everything the targeting test needs about one class on one world, built once per class. */
export class TargetingRules {
  readonly features: ObscuringFeature[];
  /** Per spot: the slot in {@link features} of an Obscuring feature the spot is wholly on, or -1. */
  readonly whollyOn: Int16Array;
  private readonly semiMajor: number;
  private readonly semiMinor: number;
  private readonly round: boolean;
  private readonly gaps: Float64Array;
  private readonly gapCols: number;
  private readonly shooter: Footprint;
  private readonly iv: [number, number] = [0, 1];

  /**
   * @param world - the battlefield (its terrain only).
   * @param cls - the class standing on both spots (its footprint at facing 0 on every spot).
   * @param spots - the class's standing spots (grid points: plan gaps are tabled by grid offset).
   */
  constructor(
    world: World,
    cls: ModelClass,
    readonly spots: SpotGrid,
  ) {
    this.features = obscuringFeatures(world);
    const f = classFootprint(cls, 0, 0);
    this.semiMajor = f.semiMajor;
    this.semiMinor = f.semiMinor;
    this.round = f.semiMajor === f.semiMinor;
    this.shooter = classFootprint(cls, 0, 0);
    // Plan gap of two bases by grid offset (congruent, turned alike: it depends on the offset only).
    const g = spots.grid;
    const cols = Math.ceil(world.widthInches / g) + 2;
    const rows = Math.ceil(world.depthInches / g) + 2;
    this.gapCols = cols;
    this.gaps = new Float64Array(cols * rows);
    const other = classFootprint(cls, 0, 0);
    const doubled: Footprint = { ...f, semiMajor: 2 * f.semiMajor, semiMinor: 2 * f.semiMinor };
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < cols; i++) {
        other.x = i * g;
        other.y = j * g;
        // Congruent bases turned alike: the gap is the offset's distance outside the base doubled (E - E = 2E).
        this.gaps[j * cols + i] = this.round ? Math.max(0, Math.hypot(other.x, other.y) - 2 * f.semiMajor) : Math.max(0, closestPointOnFootprint(doubled, other.x, other.y).signedDistance);
      }
    }
    // Wholly on (Terrain 1.1) as the rules engine's worldPort tests it.
    this.whollyOn = new Int16Array(spots.count).fill(-1);
    const shrunk: Footprint = { ...f, semiMajor: f.semiMajor * 0.98, semiMinor: f.semiMinor * 0.98 };
    const p: [number, number] = [0, 0];
    for (let s = 0; s < spots.count; s++) {
      if (!(spots.z[s] > 1e-6)) continue;
      shrunk.x = spots.x[s];
      shrunk.y = spots.y[s];
      for (let k = 0; k < this.features.length && this.whollyOn[s] < 0; k++) {
        const feat = this.features[k];
        const bb = feat.bounds;
        if (shrunk.x + f.semiMajor < bb[0] || shrunk.x - f.semiMajor > bb[2] || shrunk.y + f.semiMajor < bb[1] || shrunk.y - f.semiMajor > bb[3]) continue;
        const only = (i: number) => i === feat.index;
        let top = 0;
        let on = true;
        for (let i = 0; i < 16 && on; i++) {
          footprintBoundaryPoint(shrunk, (2 * Math.PI * i) / 16, p);
          const z = surfaceHeightAt(world.terrain, p[0], p[1], only);
          if (z <= 1e-6) on = false;
          else top = Math.max(top, z);
        }
        if (on && spots.z[s] >= top - 0.05) this.whollyOn[s] = k;
      }
    }
  }

  /** Plan gap between the bases at spots `a` and `b` (closest points, horizontally), inches. */
  gap(a: number, b: number): number {
    const g = this.spots.grid;
    const i = Math.round(Math.abs(this.spots.x[a] - this.spots.x[b]) / g);
    const j = Math.round(Math.abs(this.spots.y[a] - this.spots.y[b]) / g);
    return this.gaps[j * this.gapCols + i];
  }

  /**
   * The Obscuring feature that keeps a model at spot `target` from being picked as the target of a
   * shooting attack by a model at spot `shooter` (Terrain 1.2 as printed in 004): its slot in
   * {@link features}, or -1 when none does (the target is within 3" of the shooter, or behind and
   * wholly on none). Visibility is not tested here.
   */
  protector(shooter: number, target: number): number {
    if (this.features.length === 0) return -1;
    if (this.gap(shooter, target) <= COMBAT_RANGE_INCHES + EPSILON_INCHES) return -1;
    if (this.whollyOn[target] >= 0) return this.whollyOn[target];
    for (let k = 0; k < this.features.length; k++) if (this.behind(k, shooter, target)) return k;
    return -1;
  }

  /**
   * Is the target at spot `target` behind feature slot `k` for a shooter at spot `shooter` (Terrain
   * 1.1, A-G11, plan view; parts of the feature within 3" of the shooter's base ignored)? Exact when
   * it answers false (a clear segment was found). When true: the two outer tangent segments and a
   * single piece's hull joining them outside the shooter's combat range and off the target's base
   * prove it (that chord cuts every segment between the bases); otherwise 81 segments between the
   * bases' chords across the line of fire (9 points each, the tangent points included) all meet the
   * footprint, so a clear segment would pass between them (gaps under a quarter of the base's width).
   */
  behind(k: number, shooter: number, target: number): boolean {
    const feat = this.features[k];
    const ax = this.spots.x[shooter];
    const ay = this.spots.y[shooter];
    const bx = this.spots.x[target];
    const by = this.spots.y[target];
    const R = this.semiMajor;
    // Every segment lies within R of the centre segment: none meets the bounds -> none meets the feature.
    const bb = feat.bounds;
    if (Math.max(ax, bx) + R < bb[0] || Math.min(ax, bx) - R > bb[2] || Math.max(ay, by) + R < bb[1] || Math.min(ay, by) - R > bb[3]) return false;
    // The segment against the bounds grown by R (a conservative test of the capsule).
    if (!slabTest(bb[0] - R, bb[1] - R, -1, bb[2] + R, bb[3] + R, 1, ax, ay, 0, bx, by, 0)) return false;
    const L = Math.hypot(bx - ax, by - ay);
    if (L === 0) return false;
    // Left normal of the line of fire, and the bases' tangent point for it (axis-aligned ellipse).
    const nx = -(by - ay) / L;
    const ny = (bx - ax) / L;
    const A2 = this.semiMajor * this.semiMajor;
    const B2 = this.semiMinor * this.semiMinor;
    const norm = Math.sqrt(A2 * nx * nx + B2 * ny * ny);
    const ox = (A2 * nx) / norm;
    const oy = (B2 * ny) / norm;
    this.shooter.x = ax;
    this.shooter.y = ay;
    if (!this.meets(feat, ax, ay, bx, by)) return false;
    if (!this.meets(feat, ax + ox, ay + oy, bx + ox, by + oy)) return false;
    if (!this.meets(feat, ax - ox, ay - oy, bx - ox, by - oy)) return false;
    if (this.chordProof(feat, ax, ay, bx, by, ox, oy)) return true;
    for (const u of CHORD) {
      for (const v of CHORD) {
        if ((u === 0 && v === 0) || (u === v && (u === 1 || u === -1))) continue;
        if (!this.meets(feat, ax + u * ox, ay + u * oy, bx + v * ox, by + v * oy)) return false;
      }
    }
    return true;
  }

  /** Does segment p-q meet the feature's footprint at a point more than 3" from the shooter's base (`this.shooter`)? */
  private meets(feat: ObscuringFeature, px: number, py: number, qx: number, qy: number): boolean {
    for (const h of feat.hulls) {
      if (!clipConvex(h, px, py, qx, qy, this.iv)) continue;
      // p lies in the shooter's base: the distance to it along the segment does not fall after it
      // leaves the base (convex), so the farthest point inside the hull is the one to test.
      const t = this.iv[1];
      if (this.beyondCombatRange(px + (qx - px) * t, py + (qy - py) * t)) return true;
    }
    return false;
  }

  private beyondCombatRange(x: number, y: number): boolean {
    const s = this.shooter;
    const limit = COMBAT_RANGE_INCHES + EPSILON_INCHES;
    const c = Math.hypot(x - s.x, y - s.y);
    if (this.round) return c - s.semiMajor > limit;
    // An oval's edge lies between its semi-axes from the centre: the exact distance only in between.
    if (c - s.semiMajor > limit) return true;
    if (c - s.semiMinor <= limit) return false;
    return closestPointOnFootprint(s, x, y).signedDistance > limit;
  }

  /**
   * A piece's hull meets both outer tangent segments beyond the combat range at u and v, and the
   * chord u-v keeps more than 3" from the shooter's base and clear of the target's base: the chord
   * (inside the hull, outside the combat range) splits the bases' hull with one base on each side,
   * so every segment between them meets the footprint beyond the combat range.
   */
  private chordProof(feat: ObscuringFeature, ax: number, ay: number, bx: number, by: number, ox: number, oy: number): boolean {
    const R = this.semiMajor;
    for (const h of feat.hulls) {
      if (!clipConvex(h, ax + ox, ay + oy, bx + ox, by + oy, this.iv)) continue;
      const t = this.iv[1];
      const ux = ax + ox + (bx - ax) * t;
      const uy = ay + oy + (by - ay) * t;
      if (!clipConvex(h, ax - ox, ay - oy, bx - ox, by - oy, this.iv)) continue;
      const s = this.iv[1];
      const vx = ax - ox + (bx - ax) * s;
      const vy = ay - oy + (by - ay) * s;
      if (pointSegmentDistance(ax, ay, ux, uy, vx, vy) <= R + COMBAT_RANGE_INCHES + 2 * EPSILON_INCHES) continue;
      if (pointSegmentDistance(bx, by, ux, uy, vx, vy) <= R + EPSILON_INCHES) continue;
      return true;
    }
    return false;
  }
}

/** Points of a base's chord across the line of fire, as multiples of the tangent point's offset. */
const CHORD = [1, -1, 0, 0.5, -0.5, 0.75, -0.75, 0.25, -0.25];
