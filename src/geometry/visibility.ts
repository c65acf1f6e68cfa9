import { Box3, DoubleSide, Matrix4, Ray } from 'three';
import { INTERSECTED, NOT_INTERSECTED } from 'three-mesh-bvh';
import { footprintPolygon } from './footprint';
import { prismBounds, segmentPrismHit, type Prism } from './prism';
import { convexSolidContains, type ConvexSolid } from './solids';
import type { ModelState, World } from './world';

/** A segment `[[x, y, z], [x, y, z]]` in table space, inches. */
export type Segment3 = [[number, number, number], [number, number, number]];

/** How hard to look for a witness. */
export interface VisibilityOptions {
  /**
   * `fast` (default): cheap exits, closure proofs, then sampled search up to level 3.
   * `exhaustive`: the same exits, then every sample pair up to level 5 (slow; for checking).
   */
  mode?: 'fast' | 'exhaustive';
}

/** Answer of a visibility question (Core 6.0). */
export interface VisibilityResult {
  visible: boolean;
  /** When visible: a segment from a point of an observing model's volume to a point of a target model's volume that touches no blocker. */
  witness?: Segment3;
  /** The observing and target models that the witness joins. */
  observerModelId?: string;
  targetModelId?: string;
  /** How the answer was reached: `self`, `shaft` (empty shaft), `closed` (one solid closes the shaft), `search`. */
  method: 'self' | 'shaft' | 'closed' | 'search' | 'exhausted';
  /** Segment tests spent. */
  segmentsTested: number;
}

const _ray = /* @__PURE__ */ new Ray();
const _box = /* @__PURE__ */ new Box3();

/** Context for one observer-target pair: the blockers that can matter. */
interface PairContext {
  world: World;
  /** Model volumes that block (every model outside the observer's unit, except the target itself). */
  blockers: Prism[];
  terrainInShaft: boolean;
  tests: number;
}

/**
 * True when the segment from a to b touches no blocker of the pair: no terrain triangle (merged
 * BVH, first hit within the segment's length) and no blocking model volume (exact prism test).
 */
function segmentClear(ctx: PairContext, ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
  ctx.tests++;
  // The table is a blocker: a segment between points above it cannot go below z = 0.
  if (az < 0 || bz < 0) return false;
  for (let i = 0; i < ctx.blockers.length; i++) {
    if (segmentPrismHit(ctx.blockers[i], ax, ay, az, bx, by, bz) >= 0) return false;
  }
  if (!ctx.terrainInShaft) return true;
  const dx = bx - ax;
  const dy = by - ay;
  const dz = bz - az;
  const len = Math.hypot(dx, dy, dz);
  if (len === 0) return true;
  _ray.origin.set(ax, ay, az);
  _ray.direction.set(dx / len, dy / len, dz / len);
  return ctx.world.terrain.bvh.raycastFirst(_ray, DoubleSide, 0, len) === null;
}

/** Exposed for tests and the adjudicator: checks an arbitrary witness against the pair's blockers. */
export function witnessIsClear(world: World, observerModelId: string, targetModelId: string, w: Segment3): boolean {
  const o = world.models.get(observerModelId);
  const t = world.models.get(targetModelId);
  if (!o || !t) return false;
  const ctx = pairContext(world, o, t, null);
  ctx.terrainInShaft = true;
  return segmentClear(ctx, w[0][0], w[0][1], w[0][2], w[1][0], w[1][1], w[1][2]);
}

function pairContext(world: World, o: ModelState, t: ModelState, shaft: Box3 | null): PairContext {
  const blockers: Prism[] = [];
  for (const m of world.models.values()) {
    if (m.unitId === o.unitId || m.id === t.id) continue;
    if (shaft) {
      const b = prismBounds(m.volume);
      if (b[3] < shaft.min.x || b[0] > shaft.max.x || b[4] < shaft.min.y || b[1] > shaft.max.y || b[5] < shaft.min.z || b[2] > shaft.max.z) continue;
    }
    blockers.push(m.volume);
  }
  return { world, blockers, terrainInShaft: true, tests: 0 };
}

/** Bounds of two prisms together. */
function unionBounds(a: Prism, b: Prism, out: Box3): Box3 {
  const p = prismBounds(a);
  const q = prismBounds(b);
  out.min.set(Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.min(p[2], q[2]));
  out.max.set(Math.max(p[3], q[3]), Math.max(p[4], q[4]), Math.max(p[5], q[5]));
  return out;
}

/** True when any terrain triangle touches the box. */
function terrainTouches(world: World, box: Box3): boolean {
  return world.terrain.bvh.intersectsBox(box, _identity);
}

const _identity = /* @__PURE__ */ new Matrix4();

/** Inset (inches) that keeps sample points strictly inside a volume. */
const INSET = 1e-4;

/**
 * Deterministic sample points of a prism volume at a level (more points at higher levels),
 * flat `[x, y, z, ...]`, all inside the volume: the top centre, rings on the side surface at
 * 2^L + 1 heights with 8 * 2^L angles, and rings on the top cap.
 */
export function volumeSamples(p: Prism, level: number): Float64Array {
  const f = p.footprint;
  const nAng = 8 << level;
  const nH = (1 << level) + 1;
  const z0 = p.zMin + INSET;
  const z1 = Math.max(z0, p.zMax - INSET);
  const out: number[] = [];
  out.push(f.x, f.y, z1);
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const ring = (scale: number, z: number, n: number, phase: number) => {
    for (let i = 0; i < n; i++) {
      const t = ((i + phase) * 2 * Math.PI) / n;
      const u = (f.semiMajor - INSET) * scale * Math.cos(t);
      const v = (f.semiMinor - INSET) * scale * Math.sin(t);
      out.push(f.x + c * u - s * v, f.y + s * u + c * v, z);
    }
  };
  // Highest ring first: lines over walls leave from the top.
  for (let h = nH - 1; h >= 0; h--) ring(1, z0 + ((z1 - z0) * h) / (nH - 1), nAng, 0);
  for (let r = 1; r <= level; r++) ring(r / (level + 1), z1, 8 << (r - 1), 0.5);
  return Float64Array.from(out);
}

/**
 * Closure proof (Core 6.0 blockage without search): a convex solid closes the whole shaft between
 * two volumes when some plane separates them and the shaft's cross-section in that plane lies in
 * the solid. The shaft's cross-section is the convex hull of where the segments joining the two
 * circumscribed polygonal prisms cross the plane, so testing those crossing points is exact.
 */
function closesShaft(a: Prism, b: Prism, contains: (x: number, y: number, z: number) => boolean, planes: [number, number, number, number][]): boolean {
  const pa = prismCorners(a);
  const pb = prismCorners(b);
  for (const [nx, ny, nz, d] of planes) {
    let sideA = 0;
    let ok = true;
    for (let i = 0; i < pa.length && ok; i += 3) {
      const s = nx * pa[i] + ny * pa[i + 1] + nz * pa[i + 2] - d;
      if (s === 0) ok = false;
      else if (sideA === 0) sideA = Math.sign(s);
      else if (Math.sign(s) !== sideA) ok = false;
    }
    for (let i = 0; i < pb.length && ok; i += 3) {
      const s = nx * pb[i] + ny * pb[i + 1] + nz * pb[i + 2] - d;
      if (s === 0 || Math.sign(s) === sideA) ok = false;
    }
    if (!ok) continue;
    let closed = true;
    for (let i = 0; i < pa.length && closed; i += 3) {
      const sa = nx * pa[i] + ny * pa[i + 1] + nz * pa[i + 2] - d;
      for (let j = 0; j < pb.length; j += 3) {
        const sb = nx * pb[j] + ny * pb[j + 1] + nz * pb[j + 2] - d;
        const t = sa / (sa - sb);
        const x = pa[i] + t * (pb[j] - pa[i]);
        const y = pa[i + 1] + t * (pb[j + 1] - pa[i + 1]);
        const z = pa[i + 2] + t * (pb[j + 2] - pa[i + 2]);
        if (!contains(x, y, z)) {
          closed = false;
          break;
        }
      }
    }
    if (closed) return true;
  }
  return false;
}

const CLOSURE_SIDES = 16;

function prismCorners(p: Prism): number[] {
  const poly = footprintPolygon(p.footprint, CLOSURE_SIDES, true);
  const out: number[] = [];
  for (let i = 0; i < poly.length; i += 2) out.push(poly[i], poly[i + 1], p.zMin, poly[i], poly[i + 1], p.zMax);
  return out;
}

/** Candidate separating planes through a convex solid: its mid-planes and the vertical plane across the line of centres. */
function solidPlanes(s: ConvexSolid, a: Prism, b: Prism): [number, number, number, number][] {
  const planes: [number, number, number, number][] = [];
  const cx = s.center[0];
  const cy = s.center[1];
  const dx = b.footprint.x - a.footprint.x;
  const dy = b.footprint.y - a.footprint.y;
  const len = Math.hypot(dx, dy);
  if (len > 0) planes.push([dx / len, dy / len, 0, (dx / len) * cx + (dy / len) * cy]);
  if (s.kind === 'box') {
    const r = (s.rotationDeg * Math.PI) / 180;
    const c = Math.cos(r);
    const sn = Math.sin(r);
    planes.push([c, sn, 0, c * cx + sn * cy]);
    planes.push([-sn, c, 0, -sn * cx + c * cy]);
    planes.push([0, 0, 1, s.elevation + s.size[2] / 2]);
  } else {
    planes.push([0, 0, 1, s.elevation + s.height / 2]);
  }
  return planes;
}

/**
 * Is target model `t` visible to observing model `o` (Core 6.0)? Any point of the observer's volume
 * to any point of the target's volume through the air; terrain, the table and every model outside
 * the observer's unit block, including the target's unit-mates; objective markers never block.
 * A model is always visible to itself.
 */
export function modelVisible(world: World, observerModelId: string, targetModelId: string, opts: VisibilityOptions = {}): VisibilityResult {
  const o = world.models.get(observerModelId);
  const t = world.models.get(targetModelId);
  if (!o) throw new Error(`unknown observer model ${observerModelId}`);
  if (!t) throw new Error(`unknown target model ${targetModelId}`);
  if (o.id === t.id) {
    const p: [number, number, number] = [o.footprint.x, o.footprint.y, (o.volume.zMin + o.volume.zMax) / 2];
    return { visible: true, witness: [p, [p[0], p[1], p[2]]], observerModelId: o.id, targetModelId: t.id, method: 'self', segmentsTested: 0 };
  }
  const shaft = unionBounds(o.volume, t.volume, _box);
  const ctx = pairContext(world, o, t, shaft);
  ctx.terrainInShaft = terrainTouches(world, shaft);
  const found = (w: Segment3, method: VisibilityResult['method']): VisibilityResult => ({
    visible: true,
    witness: w,
    observerModelId: o.id,
    targetModelId: t.id,
    method,
    segmentsTested: ctx.tests,
  });
  const oc: [number, number, number] = [o.footprint.x, o.footprint.y, (o.volume.zMin + o.volume.zMax) / 2];
  const tc: [number, number, number] = [t.footprint.x, t.footprint.y, (t.volume.zMin + t.volume.zMax) / 2];
  // Cheap exit: nothing in the shaft's bounds.
  if (ctx.blockers.length === 0 && !ctx.terrainInShaft) {
    return found([oc, tc], 'shaft');
  }
  // Cheap exit: one convex solid closes the shaft.
  for (const b of ctx.blockers) {
    const planes: [number, number, number, number][] = [];
    const dx = t.footprint.x - o.footprint.x;
    const dy = t.footprint.y - o.footprint.y;
    const len = Math.hypot(dx, dy);
    if (len > 0) planes.push([dx / len, dy / len, 0, (dx / len) * b.footprint.x + (dy / len) * b.footprint.y]);
    if (closesShaft(o.volume, t.volume, (x, y, z) => prismContains(b, x, y, z), planes)) {
      return { visible: false, method: 'closed', segmentsTested: ctx.tests };
    }
  }
  if (ctx.terrainInShaft) {
    for (const f of world.terrain.features) {
      const fb = f.bounds;
      if (fb[3] < shaft.min.x || fb[0] > shaft.max.x || fb[4] < shaft.min.y || fb[1] > shaft.max.y || fb[5] < shaft.min.z || fb[2] > shaft.max.z) continue;
      for (const piece of f.pieces) {
        const s = piece.solid;
        if (!s) continue;
        if (closesShaft(o.volume, t.volume, (x, y, z) => convexSolidContains(s, x, y, z, 1e-9), solidPlanes(s, o.volume, t.volume))) {
          return { visible: false, method: 'closed', segmentsTested: ctx.tests };
        }
      }
    }
  }
  // Search: sample pairs, level by level, each level finer than the last.
  const maxLevel = opts.mode === 'exhaustive' ? 5 : 3;
  for (let level = 0; level <= maxLevel; level++) {
    const ps = volumeSamples(o.volume, level);
    const qs = volumeSamples(t.volume, level);
    for (let i = 0; i < ps.length; i += 3) {
      for (let j = 0; j < qs.length; j += 3) {
        if (segmentClear(ctx, ps[i], ps[i + 1], ps[i + 2], qs[j], qs[j + 1], qs[j + 2])) {
          return found(
            [
              [ps[i], ps[i + 1], ps[i + 2]],
              [qs[j], qs[j + 1], qs[j + 2]],
            ],
            'search',
          );
        }
      }
    }
  }
  return { visible: false, method: 'exhausted', segmentsTested: ctx.tests };
}

function prismContains(p: Prism, x: number, y: number, z: number): boolean {
  if (z < p.zMin || z > p.zMax) return false;
  const f = p.footprint;
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const dx = x - f.x;
  const dy = y - f.y;
  const u = (c * dx + s * dy) / f.semiMajor;
  const v = (-s * dx + c * dy) / f.semiMinor;
  return u * u + v * v <= 1 - 1e-9;
}

/**
 * Is target unit visible to observing unit (Core 6.0: a unit is visible if at least one of its
 * models is visible to at least one observing model)? Returns the first witness found.
 */
export function unitVisible(
  world: World,
  observerUnitId: string,
  targetUnitId: string,
  opts: VisibilityOptions = {},
  onlyObserverModelId?: string,
  onlyTargetModelId?: string,
): VisibilityResult {
  const os = world.unitModels(observerUnitId).filter((m) => !onlyObserverModelId || m.id === onlyObserverModelId);
  const ts = world.unitModels(targetUnitId).filter((m) => !onlyTargetModelId || m.id === onlyTargetModelId);
  let tests = 0;
  // Nearest pairs first: they are the likeliest to see each other.
  const pairs: [ModelState, ModelState, number][] = [];
  for (const o of os) for (const t of ts) pairs.push([o, t, Math.hypot(o.footprint.x - t.footprint.x, o.footprint.y - t.footprint.y)]);
  pairs.sort((a, b) => a[2] - b[2]);
  for (const [o, t] of pairs) {
    const r = modelVisible(world, o.id, t.id, opts);
    tests += r.segmentsTested;
    if (r.visible) return { ...r, segmentsTested: tests };
  }
  return { visible: false, method: 'exhausted', segmentsTested: tests };
}

