import { BufferAttribute, BufferGeometry, Matrix4, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { closestPointToPrismGeometry } from './closestToPrism41';
import { circleFootprint, closestPointOnFootprint, footprintPolygon } from './footprint';
import { footprintGap } from './footprintGap';
import { prismBounds, prismDistance, type ClosestPair, type Prism } from './prism';
import type { ModelState, TerrainFeature, World } from './world';

/** Something on the battlefield that can be measured to, by id (SCENARIO `distance`). */
export type Entity =
  | { kind: 'model'; id: string; model: ModelState }
  | { kind: 'unit'; id: string; models: ModelState[] }
  | { kind: 'objective'; id: string; disk: Prism }
  | { kind: 'terrain'; id: string; feature: TerrainFeature };

/**
 * Finds a model, unit, objective or terrain feature by id.
 * @returns the entity, or `undefined` for an unknown id.
 */
export function resolveEntity(world: World, id: string): Entity | undefined {
  const m = world.models.get(id);
  if (m) return { kind: 'model', id, model: m };
  if (world.units.has(id)) return { kind: 'unit', id, models: world.unitModels(id) };
  const o = world.objectives.get(id);
  if (o) return { kind: 'objective', id, disk: objectiveDisk(o.x, o.y, o.diameterInches) };
  const f = world.terrain.features.find((x) => x.id === id);
  if (f) return { kind: 'terrain', id, feature: f };
  return undefined;
}

/** An objective marker as a prism: a 0-thick disk on the table (A-G16). */
export function objectiveDisk(x: number, y: number, diameterInches: number): Prism {
  return { footprint: circleFootprint(x, y, diameterInches / 2), zMin: 0, zMax: 0 };
}

/** The base solids (prisms) standing for an entity, or null for terrain. */
export function entityPrisms(e: Entity): Prism[] | null {
  switch (e.kind) {
    case 'model':
      return [e.model.base];
    case 'unit':
      return e.models.map((m) => m.base);
    case 'objective':
      return [e.disk];
    case 'terrain':
      return null;
  }
}

/**
 * Distance between the closest points of two entities (Core 2.1): base to base for models,
 * closest models for units, the 40 mm disk for objectives, the terrain's surface for terrain.
 * 3D by default (A-G1); with `horizontal` the plan-view gap, height ignored.
 * @returns inches and the two closest points (table space); `Infinity` if a unit has no models.
 */
export function entityDistance(a: Entity, b: Entity, horizontal = false): ClosestPair {
  const pa = entityPrisms(a);
  const pb = entityPrisms(b);
  let best: ClosestPair = { distanceInches: Infinity, a: [0, 0, 0], b: [0, 0, 0] };
  const take = (c: ClosestPair) => {
    if (c.distanceInches < best.distanceInches) best = c;
  };
  if (pa && pb) {
    for (const p of pa) for (const q of pb) take(horizontal ? prismGap(p, q) : prismDistance(p, q));
  } else if (pa && !pb) {
    const f = (b as { feature: TerrainFeature }).feature;
    for (const p of byBoundsGap(pa, f, horizontal)) {
      if (p.gap >= best.distanceInches) break;
      take(prismToTerrain(p.prism, f, horizontal));
    }
  } else if (!pa && pb) {
    const f = (a as { feature: TerrainFeature }).feature;
    for (const q of byBoundsGap(pb, f, horizontal)) {
      if (q.gap >= best.distanceInches) break;
      const c = prismToTerrain(q.prism, f, horizontal);
      take({ distanceInches: c.distanceInches, a: c.b, b: c.a });
    }
  } else {
    take(terrainToTerrain((a as { feature: TerrainFeature }).feature, (b as { feature: TerrainFeature }).feature, horizontal));
  }
  return best;
}

/**
 * The prisms ordered by a lower bound of their distance to terrain feature `f` (inches): the gap between the
 * prism's bounding box and the feature's `bounds` (plan only when `horizontal`). The true distance is never
 * less, so once a prism's bound reaches the best distance found, neither it nor any later prism can be closer
 * (branch and bound: the same answer as measuring every prism, with the exact query for the closest few).
 */
function byBoundsGap(prisms: readonly Prism[], f: TerrainFeature, horizontal: boolean): { prism: Prism; gap: number }[] {
  const fb = f.bounds;
  return prisms
    .map((prism) => {
      const pb = prismBounds(prism);
      const dx = Math.max(0, fb[0] - pb[3], pb[0] - fb[3]);
      const dy = Math.max(0, fb[1] - pb[4], pb[1] - fb[4]);
      const dz = horizontal ? 0 : Math.max(0, fb[2] - pb[5], pb[2] - fb[5]);
      return { prism, gap: Math.hypot(dx, dy, dz) };
    })
    .sort((x, y) => x.gap - y.gap);
}

/** Horizontal gap between two prisms, with points at their base heights. */
function prismGap(p: Prism, q: Prism): ClosestPair {
  const g = footprintGap(p.footprint, q.footprint);
  return { distanceInches: g.gapInches, a: [g.a[0], g.a[1], p.zMin], b: [g.b[0], g.b[1], q.zMin] };
}

/** Sides of the inscribed polygon standing for a base against terrain meshes: within 7.6e-5 a of the ellipse. */
const MESH_SIDES = 256;

/** A closed triangulated prism (inscribed polygon), for BVH distance queries against terrain. */
export function prismGeometry(p: Prism, zMin = p.zMin, zMax = p.zMax): BufferGeometry {
  const poly = footprintPolygon(p.footprint, MESH_SIDES);
  const n = poly.length / 2;
  const cx = p.footprint.x;
  const cy = p.footprint.y;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const x0 = poly[2 * i], y0 = poly[2 * i + 1], x1 = poly[2 * j], y1 = poly[2 * j + 1];
    out.push(cx, cy, zMax, x0, y0, zMax, x1, y1, zMax);
    out.push(cx, cy, zMin, x1, y1, zMin, x0, y0, zMin);
    if (zMax > zMin) {
      out.push(x0, y0, zMin, x1, y1, zMin, x1, y1, zMax);
      out.push(x0, y0, zMin, x1, y1, zMax, x0, y0, zMax);
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(Float32Array.from(out), 3));
  return g;
}

const _identity = /* @__PURE__ */ new Matrix4();

/**
 * Closest points between a prism and a terrain feature's surface (three-mesh-bvh
 * closestPointToGeometry). Horizontal: the prism is extruded through the feature's whole height,
 * so the 3D distance found is the plan-view gap.
 */
function prismToTerrain(p: Prism, f: TerrainFeature, horizontal: boolean): ClosestPair {
  const zMin = horizontal ? Math.min(p.zMin, f.bounds[2]) - 1 : p.zMin;
  const zMax = horizontal ? Math.max(p.zMax, f.bounds[5]) + 1 : p.zMax;
  const g = prismGeometry(p, zMin, zMax);
  // three-mesh-bvh's closestPointToGeometry, less the triangle pairs that cannot be closer (the same answer).
  const hit = closestPointToPrismGeometry(f.bvh, g);
  const a = hit!.prism;
  const b = hit!.terrain;
  const d0 = hit?.distance ?? Infinity;
  // The polygonal prism is inscribed (up to 7.6e-5 a too far) and stored in float32. Refine to the
  // exact prism: from the current pair, try (1) the exact closest prism point to the terrain point
  // and (2) the prism's support point towards the terrain point (exact at once against a face),
  // then take the closest terrain point to the better one; the distance never increases.
  let pa: [number, number, number] = [a.x, a.y, a.z];
  let pb: [number, number, number] = [b.x, b.y, b.z];
  let d = Infinity;
  const fp = p.footprint;
  const cs = Math.cos(fp.facingRad);
  const sn = Math.sin(fp.facingRad);
  const clampZ = (z: number) => Math.min(zMax, Math.max(zMin, z));
  for (let i = 0; i < 64 && Number.isFinite(d0); i++) {
    const c = closestPointOnFootprint(fp, pb[0], pb[1]);
    const cands: [number, number, number][] = [[c.x, c.y, clampZ(pb[2])]];
    const ux = pb[0] - pa[0];
    const uy = pb[1] - pa[1];
    const uz = pb[2] - pa[2];
    const du = cs * ux + sn * uy;
    const dv = -sn * ux + cs * uy;
    const den = Math.hypot(fp.semiMajor * du, fp.semiMinor * dv);
    if (den > 1e-15) {
      const lu = (fp.semiMajor * fp.semiMajor * du) / den;
      const lv = (fp.semiMinor * fp.semiMinor * dv) / den;
      const len = Math.hypot(ux, uy, uz);
      const z = len > 0 && Math.abs(uz) > 1e-9 * len ? (uz > 0 ? zMax : zMin) : clampZ(pb[2]);
      cands.push([fp.x + cs * lu - sn * lv, fp.y + sn * lu + cs * lv, z]);
    }
    let improved = false;
    const before = d;
    for (const q of cands) {
      const hit = f.bvh.closestPointToPoint(_v.set(q[0], q[1], q[2]));
      if (hit && hit.distance < d) {
        d = hit.distance;
        pa = q;
        pb = [hit.point.x, hit.point.y, hit.point.z];
        improved = true;
      }
    }
    if (!improved || before - d < 1e-15) break;
  }
  // Keep the polygon's answer if refinement went astray (never expected beyond float32 noise).
  if (!(d <= d0 + 1e-5)) {
    d = d0;
    pa = [a.x, a.y, a.z];
    pb = [b.x, b.y, b.z];
  }
  return { distanceInches: d, a: [pa[0], pa[1], horizontal ? p.zMin : pa[2]], b: pb };
}

const _v = /* @__PURE__ */ new Vector3();

function terrainToTerrain(f: TerrainFeature, g: TerrainFeature, horizontal: boolean): ClosestPair {
  let geom = g.geometry;
  let bvh = f.bvh;
  if (horizontal) {
    // Flatten both onto the table (height ignored), keeping a hair of thickness against degeneracy.
    const flat = (src: BufferGeometry) => {
      const pos = src.getAttribute('position');
      const arr = new Float32Array(pos.count * 3);
      for (let i = 0; i < pos.count; i++) {
        arr[3 * i] = pos.getX(i);
        arr[3 * i + 1] = pos.getY(i);
        arr[3 * i + 2] = pos.getZ(i) * 1e-6;
      }
      const out = new BufferGeometry();
      out.setAttribute('position', new BufferAttribute(arr, 3));
      return out;
    };
    const ff = flat(f.geometry);
    geom = flat(g.geometry);
    bvh = new MeshBVH(ff);
  }
  const t1: { point?: Vector3; distance?: number } = {};
  const t2: { point?: Vector3; distance?: number } = {};
  bvh.closestPointToGeometry(geom, _identity, t1 as never, t2 as never);
  return { distanceInches: t1.distance ?? Infinity, a: [t1.point!.x, t1.point!.y, t1.point!.z], b: [t2.point!.x, t2.point!.y, t2.point!.z] };
}

/** Convenience: distance between two ids; throws naming the id when one is unknown. */
export function distanceBetween(world: World, fromId: string, toId: string, horizontal = false): ClosestPair {
  const a = resolveEntity(world, fromId);
  const b = resolveEntity(world, toId);
  if (!a) throw new Error(`unknown id ${fromId}`);
  if (!b) throw new Error(`unknown id ${toId}`);
  return entityDistance(a, b, horizontal);
}

