/**
 * The real {@link GeometryPort} over `src/geometry`'s {@link World}, and {@link buildWorld} (a World
 * from a battlefield file and two rosters).
 *
 * This is the only file of `src/rules` that imports `src/geometry` (which itself imports only
 * three.js math and three-mesh-bvh, no renderer, no React), so the engine core stays headless;
 * the worker builds a World and passes `worldPort(world)` to `reduce`.
 *
 * Positions: the port keeps the set-up pose of every model it was built with. `sync(view)` puts
 * each model at `view.positions[id]` (standing on the highest surface under it) or back at its
 * set-up pose, and removes the models in `view.removed`, changing only what differs (the terrain
 * BVH is never rebuilt). The engine syncs at the start and end of every `reduce`, so replaying the
 * same actions on a fresh `worldPort(buildWorld(...))` gives the same answers.
 *
 * @module
 */

import { unitsInCombat, modelContests } from '../../geometry/combat';
import { coherencyOf } from '../../geometry/coherency';
import { distanceBetween, entityDistance, objectiveDisk, resolveEntity, type Entity } from '../../geometry/distance';
import { closestPointOnFootprint, footprintBoundaryPoint, type Footprint } from '../../geometry/footprint';
import { footprintSegmentDistance, pointInPolygon, pointSegmentDistance, type Polygon } from '../../geometry/polygon';
import { footprintGap, footprintsSurelyApart } from '../../geometry/footprintGap';
import { basesPassedAcross } from '../../geometry/passedAcross40f';
import { lineToBase } from '../../geometry/lineToBase';
import { movePathCost } from '../../geometry/movePath';
import { surfaceHeightAt } from '../../geometry/standing';
import { COMBAT_RANGE_INCHES, EPSILON_INCHES } from '../../geometry/units';
import { modelVisible, unitVisible } from '../../geometry/visibility';
import { isWhollyWithin, isWithin } from '../../geometry/within';
import { modelInputOf, World, type ModelInput, type ModelState, type TerrainFeature } from '../../geometry/world';
import type { BattlefieldInput } from './battlefield';
import { buildGameWorld } from '../../game/gameWorld';
import { battlefieldToTable } from '../../game/legacy';
import type { GeometryPort, Point2, PortView } from './geometryPort';
import type { Roster } from './roster';
import { KeptByModels } from './worldPortKept40';

const CR = COMBAT_RANGE_INCHES + EPSILON_INCHES;

/** Plan-view points standing for a footprint: the centre and `n` boundary points. */
function samplePoints(f: Footprint, n: number): [number, number][] {
  const out: [number, number][] = [[f.x, f.y]];
  for (let i = 0; i < n; i++) out.push(footprintBoundaryPoint(f, (2 * Math.PI * i) / n, [0, 0]));
  return out;
}

/** Scratch interval of {@link segmentInTriangle} (no allocation in the cover loops). */
const _interval: [number, number] = [0, 1];

/**
 * Parameter interval of segment p→q inside a plan triangle `t` = [ax, ay, bx, by, cx, cy], or
 * null. Returns the module's scratch pair (valid until the next call): this runs for every sample
 * segment against every triangle of a cover feature, so it allocates nothing.
 */
function segmentInTriangle(px: number, py: number, qx: number, qy: number, t: readonly number[]): [number, number] | null {
  const ax = t[0], ay = t[1], bx = t[2], by = t[3], cx = t[4], cy = t[5];
  // Bounding boxes first: most triangles are nowhere near the segment.
  if (Math.max(px, qx) < Math.min(ax, bx, cx) || Math.min(px, qx) > Math.max(ax, bx, cx) || Math.max(py, qy) < Math.min(ay, by, cy) || Math.min(py, qy) > Math.max(ay, by, cy)) return null;
  const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (Math.abs(area) < 1e-9) return null;
  const sgn = area > 0 ? 1 : -1;
  let lo = 0;
  let hi = 1;
  for (let e = 0; e < 3; e++) {
    const x0 = e === 0 ? ax : e === 1 ? bx : cx;
    const y0 = e === 0 ? ay : e === 1 ? by : cy;
    const x1 = e === 0 ? bx : e === 1 ? cx : ax;
    const y1 = e === 0 ? by : e === 1 ? cy : ay;
    // inside: sgn * cross(edge, point - start) >= 0
    const fp = sgn * ((x1 - x0) * (py - y0) - (y1 - y0) * (px - x0));
    const fq = sgn * ((x1 - x0) * (qy - y0) - (y1 - y0) * (qx - x0));
    if (fp < 0 && fq < 0) return null;
    if (fp >= 0 && fq >= 0) continue;
    const tc = fp / (fp - fq);
    if (fp < 0) lo = Math.max(lo, tc);
    else hi = Math.min(hi, tc);
    if (lo > hi) return null;
  }
  _interval[0] = lo;
  _interval[1] = hi;
  return _interval;
}

/** Do the closed segments p0-p1 and q0-q1 cross properly (interiors intersect at one point)? */
function segmentsCross(p0: readonly number[], p1: readonly number[], q0: readonly number[], q1: readonly number[]): boolean {
  const o = (a: readonly number[], b: readonly number[], c: readonly number[]) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  const d1 = o(q0, q1, p0);
  const d2 = o(q0, q1, p1);
  const d3 = o(p0, p1, q0);
  const d4 = o(p0, p1, q1);
  return ((d1 > 1e-12 && d2 < -1e-12) || (d1 < -1e-12 && d2 > 1e-12)) && ((d3 > 1e-12 && d4 < -1e-12) || (d3 < -1e-12 && d4 > 1e-12));
}

/** Distance between two segments (0 when they cross). */
function segmentDistance(p0: readonly number[], p1: readonly number[], q0: readonly number[], q1: readonly number[]): number {
  if (segmentsCross(p0, p1, q0, q1)) return 0;
  return Math.min(
    pointSegmentDistance(p0[0], p0[1], q0[0], q0[1], q1[0], q1[1]),
    pointSegmentDistance(p1[0], p1[1], q0[0], q0[1], q1[0], q1[1]),
    pointSegmentDistance(q0[0], q0[1], p0[0], p0[1], p1[0], p1[1]),
    pointSegmentDistance(q1[0], q1[1], p0[0], p0[1], p1[0], p1[1]),
  );
}

/** Is the point inside (or on) the plan triangle `t` = [ax, ay, bx, by, cx, cy]? */
function pointInTriangle(t: readonly number[], x: number, y: number): boolean {
  const s1 = (t[2] - t[0]) * (y - t[1]) - (t[3] - t[1]) * (x - t[0]);
  const s2 = (t[4] - t[2]) * (y - t[3]) - (t[5] - t[3]) * (x - t[2]);
  const s3 = (t[0] - t[4]) * (y - t[5]) - (t[1] - t[5]) * (x - t[4]);
  return (s1 >= -1e-12 && s2 >= -1e-12 && s3 >= -1e-12) || (s1 <= 1e-12 && s2 <= 1e-12 && s3 <= 1e-12);
}

const triEdges = (t: readonly number[]): [number[], number[]][] => [
  [[t[0], t[1]], [t[2], t[3]]],
  [[t[2], t[3]], [t[4], t[5]]],
  [[t[4], t[5]], [t[0], t[1]]],
];
const polyEdges = (poly: Polygon): [number[], number[]][] => poly.map((q, i) => [q, poly[(i + 1) % poly.length]]);

/**
 * Plan distance between a terrain feature's footprint (its plan triangles) and a filled polygon
 * (0 when they share a point): exact for triangles and polygons (segment distances).
 */
function trianglesPolygonDistance(tris: readonly number[][], poly: Polygon): number {
  let best = Infinity;
  const pe = polyEdges(poly);
  for (const t of tris) {
    if (pointInPolygon(poly, t[0], t[1]) || pointInPolygon(poly, t[2], t[3]) || pointInPolygon(poly, t[4], t[5])) return 0;
    if (poly.some((q) => pointInTriangle(t, q[0], q[1]))) return 0;
    for (const [a, b] of triEdges(t)) for (const [c, d] of pe) best = Math.min(best, segmentDistance(a, b, c, d));
    if (best <= 0) return 0;
  }
  return best;
}

/** Is every plan triangle of a feature inside the polygon (vertices inside, no polygon edge or vertex cutting in)? */
function trianglesInsidePolygon(tris: readonly number[][], poly: Polygon): boolean {
  if (tris.length === 0) return false;
  const pe = polyEdges(poly);
  for (const t of tris) {
    if (!pointInPolygon(poly, t[0], t[1]) || !pointInPolygon(poly, t[2], t[3]) || !pointInPolygon(poly, t[4], t[5])) return false;
    for (const [a, b] of triEdges(t)) for (const [c, d] of pe) if (segmentsCross(a, b, c, d)) return false;
  }
  return true;
}

/**
 * Models of the rosters that have no set-up position in the battlefield (undeployed units,
 * manifestations), by World: `sync` adds them when the engine gives them a position.
 */
const UNPLACED = new WeakMap<World, ModelInput[]>();

/** Wrap a World as a {@link GeometryPort}. Slain models are removed from the World by `sync`. */
export function worldPort(world: World): GeometryPort {
  const initial = new Map<string, ModelInput>();
  for (const m of world.models.values()) initial.set(m.id, modelInputOf(m));
  const unplaced = new Map<string, ModelInput>();
  for (const m of UNPLACED.get(world) ?? []) if (!initial.has(m.id)) unplaced.set(m.id, m);
  const featureById = new Map(world.terrain.features.map((f) => [f.id, f]));
  const unitOf = (id: string) => world.models.get(id)?.unitId ?? initial.get(id)?.unitId;
  const modelsOf = (id: string): ModelState[] => {
    const m = world.models.get(id);
    return m ? [m] : world.unitModels(id);
  };
  const objective = (id: string) => world.objectives.get(id);
  const contestingModels = (unitId: string, objectiveId: string): string[] => {
    const o = objective(objectiveId);
    if (!o) return [];
    return world.unitModels(unitId).filter((m) => modelContests(world, m.id, o)).map((m) => m.id);
  };
  // Plan-view triangles of each terrain feature (for "behind", Terrain 1.1).
  const planTriangles = new Map<number, { tris: number[][]; bounds: [number, number, number, number] }>();
  const trianglesOf = (f: TerrainFeature) => {
    let e = planTriangles.get(f.index);
    if (!e) {
      const tris: number[][] = [];
      for (const p of f.pieces) {
        const a = p.positions;
        for (let i = 0; i + 8 < a.length; i += 9) {
          const t = [a[i], a[i + 1], a[i + 3], a[i + 4], a[i + 6], a[i + 7]];
          const area = (t[2] - t[0]) * (t[5] - t[1]) - (t[3] - t[1]) * (t[4] - t[0]);
          if (Math.abs(area) > 1e-9) tris.push(t);
        }
      }
      e = { tris, bounds: [f.bounds[0], f.bounds[1], f.bounds[3], f.bounds[4]] };
      planTriangles.set(f.index, e);
    }
    return e;
  };
  const whollyOn = (unitId: string, f: TerrainFeature): boolean => {
    const ms = world.unitModels(unitId);
    if (ms.length === 0) return false;
    const only = (i: number) => i === f.index;
    return ms.every((m) => {
      let top = 0;
      for (const [x, y] of samplePoints({ ...m.footprint, semiMajor: m.footprint.semiMajor * 0.98, semiMinor: m.footprint.semiMinor * 0.98 }, 16)) {
        const h = surfaceHeightAt(world.terrain, x, y, only);
        if (h <= 1e-6) return false;
        top = Math.max(top, h);
      }
      return m.elevation >= top - 0.05;
    });
  };
  const behind = (targetUnit: string, f: TerrainFeature, attackerUnit: string): boolean => {
    const as = world.unitModels(attackerUnit);
    const bs = world.unitModels(targetUnit);
    if (as.length === 0 || bs.length === 0) return false;
    // Derived rule (INVENTORY G18.2): a target within the attacker's combat range is never behind.
    for (const a of as) for (const b of bs) if (footprintGap(a.footprint, b.footprint).gapInches <= CR) return false;
    const { tris, bounds } = trianglesOf(f);
    const outsideCR = (x: number, y: number) =>
      as.every((a) => footprintGap(a.footprint, { x, y, semiMajor: 1e-6, semiMinor: 1e-6, facingRad: 0 }).gapInches > CR);
    for (const a of as) {
      for (const b of bs) {
        for (const [px, py] of samplePoints(a.footprint, 8)) {
          for (const [qx, qy] of samplePoints(b.footprint, 8)) {
            if (Math.max(px, qx) < bounds[0] || Math.min(px, qx) > bounds[2] || Math.max(py, qy) < bounds[1] || Math.min(py, qy) > bounds[3]) return false;
            let crosses = false;
            for (const t of tris) {
              const iv = segmentInTriangle(px, py, qx, qy, t);
              if (!iv) continue;
              for (const s of [iv[0], (iv[0] + iv[1]) / 2, iv[1]]) {
                if (outsideCR(px + (qx - px) * s, py + (qy - py) * s)) {
                  crosses = true;
                  break;
                }
              }
              if (crosses) break;
            }
            if (!crosses) return false;
          }
        }
      }
    }
    return true;
  };
  const withModelAt = <T>(m: ModelState, x: number, y: number, fn: () => T): T => {
    const saved = modelInputOf(m);
    world.setModel({ ...saved, footprint: { ...saved.footprint, x, y }, elevation: undefined });
    try {
      return fn();
    } finally {
      world.setModel(saved);
    }
  };

  /** Ids of the objectives this port added to the World from the engine's view (not the battlefield's own). */
  const addedObjectives = new Set<string>();

  // Session 40 (perf40): a unit's or model's distance to a terrain feature, and whether it is wholly within a
  // distance of it, kept while its models stand where they were measured (worldPortKept40.ts).
  const toTerrain = new KeptByModels<number>();
  const whollyToTerrain = new KeptByModels<boolean>();
  /** The models of `id` (a model or a unit) when `other` is a terrain feature and nothing else by that id; else null. */
  const toFeature = (id: string, other: string): ModelState[] | null => {
    if (!featureById.has(other) || world.models.has(other) || world.units.has(other) || world.objectives.has(other)) return null;
    const m = world.models.get(id);
    if (m) return [m];
    return world.units.has(id) ? world.unitModels(id) : null;
  };

  return {
    unitsInCombat: (a, b) => unitsInCombat(world, a, b).inCombat,
    distance: (a, b) => {
      const measure = () => distanceBetween(world, a, b).distanceInches;
      const models = toFeature(a, b) ?? toFeature(b, a);
      return models === null ? measure() : toTerrain.get(`${a}|${b}`, models, measure);
    },
    visible: (a, b) => {
      const am = world.models.has(a);
      const bm = world.models.has(b);
      if (!am && !world.units.has(a)) return false;
      if (!bm && !world.units.has(b)) return false;
      if (am && bm) return modelVisible(world, a, b).visible;
      if (!am && !bm) return unitVisible(world, a, b).visible;
      if (am) return unitVisible(world, unitOf(a)!, b, {}, a).visible;
      return unitVisible(world, a, unitOf(b)!, {}, undefined, b).visible;
    },
    movePathCost: (modelId, path, opts) => {
      const r = movePathCost(world, modelId, path, { fly: opts.fly, ignoreModels: new Set(opts.ignoreModels ?? []), ...(opts.passBelowInches !== undefined ? { passBelowInches: opts.passBelowInches } : {}) });
      return r.ok ? { ok: true, inches: r.inches } : { ok: false, reason: r.reason, rule: r.rule };
    },
    coherent: (unitId) => {
      const u = world.units.get(unitId);
      const ms = world.unitModels(unitId);
      const r = coherencyOf(
        ms.map((m) => m.footprint),
        u?.coherencyRangeInches ?? 0.5,
      );
      return { coherent: r.coherent, breaking: r.isolated.map((i) => ms[i].id) };
    },
    coherentSubset: (unitId, ids) => {
      const u = world.units.get(unitId);
      const fps = ids.map((id) => world.models.get(id)?.footprint).filter((f): f is Footprint => !!f);
      return coherencyOf(fps, u?.coherencyRangeInches ?? 0.5).coherent;
    },
    contests: (unitId, objectiveId) => contestingModels(unitId, objectiveId).length > 0,
    contestingModels,
    onBattlefield: (unitId) => world.unitModels(unitId).length > 0,

    sync: (view: PortView) => {
      // Objectives added during the battle (Spied Treasure): learned, and dropped when the view no longer has them.
      const want = new Map((view.addedObjectives ?? []).map((o) => [o.id, o]));
      for (const id of addedObjectives) {
        if (!want.has(id)) {
          world.objectives.delete(id);
          addedObjectives.delete(id);
        }
      }
      for (const o of want.values()) {
        if (world.objectives.has(o.id) && !addedObjectives.has(o.id)) continue;
        world.objectives.set(o.id, { id: o.id, x: o.at[0], y: o.at[1], diameterInches: o.diameterInches });
        addedObjectives.add(o.id);
      }
      const removed = new Set(view.removed);
      for (const [id, init] of initial) {
        const cur = world.models.get(id);
        if (removed.has(id)) {
          if (cur) world.removeModel(id);
          continue;
        }
        const p = view.positions[id];
        const x = p ? p[0] : init.footprint.x;
        const y = p ? p[1] : init.footprint.y;
        if (cur && cur.footprint.x === x && cur.footprint.y === y) continue;
        world.setModel({ ...init, footprint: { ...init.footprint, x, y }, elevation: p ? undefined : init.elevation });
      }
      for (const [id, init] of unplaced) {
        const cur = world.models.get(id);
        const p = removed.has(id) ? undefined : view.positions[id];
        if (!p) {
          if (cur) world.removeModel(id);
          continue;
        }
        if (cur && cur.footprint.x === p[0] && cur.footprint.y === p[1]) continue;
        world.setModel({ ...init, footprint: { ...init.footprint, x: p[0], y: p[1] }, elevation: undefined });
      }
    },
    modelPosition: (id) => {
      const m = world.models.get(id);
      return m ? [m.footprint.x, m.footprint.y] : null;
    },
    pathEntersCombatRange: (modelId, path, enemyUnits, opts) => {
      const m = world.models.get(modelId);
      if (!m || path.length === 0) return false;
      const enemies = enemyUnits.flatMap((u) => world.unitModels(u));
      const step = 0.05;
      for (let k = 0; k < path.length; k++) {
        const [x0, y0] = path[Math.max(0, k - 1)];
        const [x1, y1] = path[k];
        const len = Math.hypot(x1 - x0, y1 - y0);
        // Enemies that can come within range of this segment (circle bound, then exact sampling).
        const near = enemies.filter((e) => {
          const dx = x1 - x0;
          const dy = y1 - y0;
          const t = len > 0 ? Math.max(0, Math.min(1, ((e.footprint.x - x0) * dx + (e.footprint.y - y0) * dy) / (len * len))) : 0;
          const d = Math.hypot(x0 + dx * t - e.footprint.x, y0 + dy * t - e.footprint.y);
          return d <= CR + m.footprint.semiMajor + e.footprint.semiMajor + 1e-6;
        });
        if (near.length === 0) continue;
        const n = Math.max(1, Math.ceil(len / step));
        for (let i = k === 0 ? 0 : 1; i <= n; i++) {
          const x = x0 + ((x1 - x0) * i) / n;
          const y = y0 + ((y1 - y0) * i) / n;
          const fp = { ...m.footprint, x, y };
          for (const e of near) {
            if (footprintGap(fp, e.footprint).gapInches > CR) continue;
            if (!opts.visibility) return true;
            const seen = withModelAt(m, x, y, () => modelVisible(world, modelId, e.id).visible || modelVisible(world, e.id, modelId).visible);
            if (seen) return true;
          }
        }
      }
      return false;
    },
    unitsPassedAcross: (modelId, path, otherUnits) => {
      const m = world.models.get(modelId);
      if (!m || path.length === 0) return [];
      const others = otherUnits.flatMap((u) => world.unitModels(u).map((o) => ({ id: `${u}\u0000${o.id}`, footprint: o.footprint })));
      return [...new Set(basesPassedAcross(m.footprint, path, others).map((k) => k.split('\u0000')[0]))]; // session 40 (sh40f)
    },
    withinCombatRange: (a, b) => {
      const as = modelsOf(a);
      const bs = modelsOf(b);
      return as.some((x) => bs.some((y) => footprintGap(x.footprint, y.footprint).gapInches <= CR));
    },
    overlapping: (unitId) => {
      for (const m of world.unitModels(unitId)) {
        for (const o of world.models.values()) {
          if (o.id === m.id) continue;
          if (m.elevation + m.heightInches <= o.elevation + 1e-6 || o.elevation + o.heightInches <= m.elevation + 1e-6) continue;
          // Bounding circles apart: the bases do not overlap (the exact gap is positive); the exact gap only for near pairs.
          if (footprintsSurelyApart(m.footprint, o.footprint, 0)) continue;
          if (footprintGap(m.footprint, o.footprint).signedInches < -1e-6) return m.id;
        }
      }
      return null;
    },
    whollyWithin: (unitId, otherId, inches) => {
      const measure = () => {
        const s = resolveEntity(world, unitId);
        const o = resolveEntity(world, otherId);
        if (!s || !o) return false;
        return isWhollyWithin(s, { kind: 'entity', entity: o }, inches);
      };
      const models = toFeature(unitId, otherId);
      return models === null ? measure() : whollyToTerrain.get(`${unitId}|${otherId}|${inches}`, models, measure);
    },
    terrainProtection: (targetUnit, attackerUnit, extraObscuring = []) => world.memoize(`terrainProtection|${targetUnit}|${attackerUnit}${extraObscuring.length ? `|${extraObscuring.join(',')}` : ''}`, () => {
      let cover = false;
      let obscuring = false;
      for (const f of world.terrain.features) {
        const c = f.abilities.includes('cover');
        const o = f.abilities.includes('obscuring') || extraObscuring.includes(f.id);
        if ((!c || cover) && (!o || obscuring)) continue;
        if (whollyOn(targetUnit, f) || behind(targetUnit, f, attackerUnit)) {
          cover ||= c;
          obscuring ||= o;
        }
      }
      return { cover, obscuring };
    }),
    nearPlaceOfPower: (unitId, inches) =>
      world.terrain.features.some((f) => f.abilities.includes('placeOfPower') && distanceBetween(world, unitId, f.id).distanceInches <= inches + EPSILON_INCHES),

    withinTerritory: (id, territory, inches) => {
      const poly = world.territories[territory];
      if (!poly || poly.length < 3) return false;
      const f = featureById.get(id);
      if (f) return trianglesPolygonDistance(trianglesOf(f).tris, poly) <= inches + EPSILON_INCHES;
      const e = resolveEntity(world, id);
      // An objective marker too (session 40, sh40d: "an objective wholly outside friendly territory"): any part of its disk.
      if (!e || (e.kind !== 'unit' && e.kind !== 'model' && e.kind !== 'objective') || (e.kind === 'unit' && e.models.length === 0)) return false;
      return isWithin(e, { kind: 'territory', polygon: poly }, inches);
    },
    whollyWithinTerritory: (id, territory) => {
      const poly = world.territories[territory];
      if (!poly || poly.length < 3) return false;
      const f = featureById.get(id);
      if (f) return trianglesInsidePolygon(trianglesOf(f).tris, poly);
      const e = resolveEntity(world, id);
      // An objective marker too (session 37, tail37a: "an objective wholly within friendly territory"): its whole disk.
      if (!e || (e.kind !== 'unit' && e.kind !== 'model' && e.kind !== 'objective')) return false;
      return isWhollyWithin(e, { kind: 'territory', polygon: poly }, 0);
    },
    landmarkDistance: (unitId, landmark) => {
      const W = world.widthInches;
      const D = world.depthInches;
      let best = Infinity;
      for (const m of modelsOf(unitId)) {
        const f = m.footprint;
        let d: number;
        if (landmark === 'centre') d = Math.max(0, closestPointOnFootprint(f, W / 2, D / 2).signedDistance);
        else {
          const far = landmark === 'shortEdge1';
          d = W >= D ? footprintSegmentDistance(f, far ? W : 0, 0, far ? W : 0, D) : footprintSegmentDistance(f, 0, far ? D : 0, W, far ? D : 0);
        }
        best = Math.min(best, d);
      }
      return best;
    },
    terrainContestingModels: (unitId, terrainId) => {
      const f = featureById.get(terrainId);
      if (!f) return [];
      const te = { kind: 'terrain' as const, id: terrainId, feature: f };
      const [x0, y0, , x1, y1] = f.bounds;
      return world
        .unitModels(unitId)
        .filter((m) => {
          // The plan gap between the base's box and the feature's bounds is a lower bound of the
          // horizontal distance: a model farther than that is out of range without the exact query.
          const fp = m.footprint;
          const gapX = Math.max(x0 - (fp.x + fp.semiMajor), fp.x - fp.semiMajor - x1, 0);
          const gapY = Math.max(y0 - (fp.y + fp.semiMajor), fp.y - fp.semiMajor - y1, 0);
          if (Math.hypot(gapX, gapY) > CR + EPSILON_INCHES) return false;
          return entityDistance({ kind: 'model', id: m.id, model: m }, te, true).distanceInches <= CR;
        })
        .map((m) => m.id);
    },
    terrainFeatures: () => world.terrain.features.map((f) => f.id),
    whollyOnTerrain: (unitId) => world.terrain.features.filter((f) => whollyOn(unitId, f)).map((f) => f.id),
    lineToUnit: (unitId, point) => {
      const e = EPSILON_INCHES;
      const onBattlefield = point[0] >= -e && point[1] >= -e && point[0] <= world.widthInches + e && point[1] <= world.depthInches + e;
      const own = world.unitModels(unitId);
      if (own.length === 0) return { onBattlefield, distanceInches: Infinity, crossed: [] };
      const others = [...world.models.values()].filter((m) => m.unitId !== unitId);
      const r = lineToBase(point, own.map((m) => m.footprint), others.map((m) => m.footprint));
      const hit = new Set(r.crossed.map((i) => others[i].unitId));
      return { onBattlefield, distanceInches: r.distanceInches, crossed: [...world.units.keys()].filter((u) => hit.has(u)) };
    },
    markerSite: (at, diameterInches) => {
      const r = diameterInches / 2;
      const marker: Entity = { kind: 'objective', id: '', disk: objectiveDisk(at[0], at[1], diameterInches) };
      return {
        distanceInches: (id) => {
          const e = resolveEntity(world, id);
          return e ? entityDistance(e, marker).distanceInches : Infinity;
        },
        inTerritory: (territory) => {
          const poly = world.territories[territory];
          return !!poly && poly.length >= 3 && isWithin(marker, { kind: 'territory', polygon: poly }, 0);
        },
        onBattlefield: at[0] - r >= -EPSILON_INCHES && at[1] - r >= -EPSILON_INCHES && at[0] + r <= world.widthInches + EPSILON_INCHES && at[1] + r <= world.depthInches + EPSILON_INCHES,
      };
    },
  };
}

/**
 * Build a World from a battlefield file of the first format and both rosters (models of units
 * absent from `placement` are not on the battlefield): the battlefield is converted to the one
 * table format (`battlefieldToTable`) and built as every game's table is (`buildGameWorld`).
 * Throws with a message on invalid input.
 */
export function buildWorld(battlefield: BattlefieldInput, rosters: Record<'p1' | 'p2', Roster>): World {
  const { world, unplaced } = buildGameWorld(battlefieldToTable(battlefield, rosters), new Map(), rosters, { p1: 'p1', p2: 'p2' });
  UNPLACED.set(world, unplaced);
  return world;
}

/**
 * The port of a game's World (see {@link worldPort}) with the roster models that start off the
 * table (`buildGameWorld`'s `unplaced`), which `sync` adds when the engine places them.
 */
export function gameWorldPort(world: World, unplaced: readonly ModelInput[]): GeometryPort {
  UNPLACED.set(world, [...unplaced]);
  return worldPort(world);
}

/** Convenience: the plan-view position of a point list for tests. */
export type { Point2 };
