/**
 * Test kit shared by the geometry and scenario tests: a compact world builder and an INDEPENDENT
 * set of exact intersection tests (segment vs box, segment vs elliptic cylinder, point in prism,
 * segment vs triangle) used to check the engine's witnesses without calling the code under test.
 *
 * Units: inches, z up; base sizes in millimetres (1" = 25.4 mm).
 */
import { footprintFromBase, type BaseMm } from '../../src/geometry/footprint';
import { convexSolidTriangles, type ConvexSolid } from '../../src/geometry/solids';
import { World, type TerrainAbility, type TerrainType } from '../../src/geometry/world';

/** 1" = 25.4 mm. */
export const MM = 25.4;
/** Default base thickness, 4 mm, in inches. */
export const T4 = 4 / MM;
/** Radius in inches of a round base of `mm` millimetres. */
export const rad = (mm: number) => mm / MM / 2;

// ---------------------------------------------------------------------------------------------
// Scene description (plain data the tests own, so checks never read the engine's state)
// ---------------------------------------------------------------------------------------------

export interface BoxSpec {
  /** Footprint centre. */
  center: [number, number];
  /** [x-extent, y-extent, height]. */
  size: [number, number, number];
  rotationDeg?: number;
  elevation?: number;
}

export interface CylSpec {
  center: [number, number];
  radius: number;
  height: number;
  elevation?: number;
}

export interface TerrainSpec {
  id: string;
  type?: TerrainType;
  abilities?: TerrainAbility[];
  boxes?: BoxSpec[];
  cylinders?: CylSpec[];
}

export interface ModelSpec {
  id: string;
  base: BaseMm;
  pos: [number, number];
  facing?: number;
  /** Height of the volume above the underside of the base, base included. */
  height: number;
  elevation?: number;
  thicknessMm?: number;
}

export interface UnitSpec {
  id: string;
  army: string;
  keywords?: string[];
  coherency?: number;
  models: ModelSpec[];
}

export interface SceneSpec {
  width?: number;
  depth?: number;
  terrain?: TerrainSpec[];
  objectives?: { id: string; pos: [number, number]; diameterMm?: number }[];
  territories?: Record<string, [number, number][]>;
  units: UnitSpec[];
}

export function boxSolid(b: BoxSpec): ConvexSolid {
  return { kind: 'box', center: b.center, size: b.size, rotationDeg: b.rotationDeg ?? 0, elevation: b.elevation ?? 0 };
}

/** Builds the engine's World for a scene (terrain triangulated by the engine's own solids). */
export function makeWorld(s: SceneSpec): World {
  return new World({
    widthInches: s.width ?? 60,
    depthInches: s.depth ?? 44,
    terrain: (s.terrain ?? []).map((t) => ({
      id: t.id,
      type: t.type ?? 'obstacle',
      abilities: t.abilities ?? (t.type === 'area' ? ['cover'] : ['cover', 'unstable']),
      pieces: [
        ...(t.boxes ?? []).map((b) => {
          const solid = boxSolid(b);
          return { positions: convexSolidTriangles(solid), solid };
        }),
        ...(t.cylinders ?? []).map((c) => {
          const solid: ConvexSolid = { kind: 'cylinder', center: c.center, radius: c.radius, height: c.height, elevation: c.elevation ?? 0 };
          return { positions: convexSolidTriangles(solid), solid };
        }),
      ],
    })),
    objectives: (s.objectives ?? []).map((o) => ({ id: o.id, x: o.pos[0], y: o.pos[1], diameterInches: (o.diameterMm ?? 40) / MM })),
    territories: s.territories ?? {},
    units: s.units.map((u) => ({
      id: u.id,
      army: u.army,
      keywords: u.keywords ?? [],
      coherencyRangeInches: u.coherency ?? 0.5,
      modelIds: u.models.map((m) => m.id),
    })),
    models: s.units.flatMap((u) =>
      u.models.map((m) => ({
        id: m.id,
        unitId: u.id,
        footprint: footprintFromBase(m.base, m.pos, m.facing ?? 0),
        elevation: m.elevation,
        heightInches: m.height,
        baseThicknessInches: (m.thicknessMm ?? 4) / MM,
      })),
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// Independent exact geometry
// ---------------------------------------------------------------------------------------------

export type P3 = [number, number, number];

/** An upright elliptic cylinder (a model volume): semi-axes in inches, long axis along `facingDeg`. */
export interface Cyl {
  x: number;
  y: number;
  a: number;
  b: number;
  facingDeg: number;
  z0: number;
  z1: number;
}

/** The volume of a model spec, given the elevation it really stands at (0 when not given). */
export function volumeOf(m: ModelSpec, elevation = m.elevation ?? 0): Cyl {
  const [long, short] = 'round' in m.base ? [m.base.round, m.base.round] : [Math.max(...m.base.oval), Math.min(...m.base.oval)];
  return { x: m.pos[0], y: m.pos[1], a: long / MM / 2, b: short / MM / 2, facingDeg: m.facing ?? 0, z0: elevation, z1: elevation + m.height };
}

/** The base solid (footprint x [elevation, elevation + thickness]) of a model spec. */
export function baseOf(m: ModelSpec, elevation = m.elevation ?? 0): Cyl {
  return { ...volumeOf(m, elevation), z1: elevation + (m.thicknessMm ?? 4) / MM };
}

/** Clip [lo, hi] by the slab lo0 <= o + t d <= hi0; returns the new interval or null. */
function slab(o: number, d: number, lo0: number, hi0: number, lo: number, hi: number): [number, number] | null {
  if (d === 0) return o < lo0 || o > hi0 ? null : [lo, hi];
  let ta = (lo0 - o) / d;
  let tb = (hi0 - o) / d;
  if (ta > tb) [ta, tb] = [tb, ta];
  const l = Math.max(lo, ta);
  const h = Math.min(hi, tb);
  return l <= h ? [l, h] : null;
}

/** Does the closed segment p-q meet the closed box (touching counts)? */
export function segmentHitsBox(p: P3, q: P3, b: BoxSpec): boolean {
  const th = ((b.rotationDeg ?? 0) * Math.PI) / 180;
  const c = Math.cos(th);
  const s = Math.sin(th);
  const loc = (x: number, y: number): [number, number] => [c * (x - b.center[0]) + s * (y - b.center[1]), -s * (x - b.center[0]) + c * (y - b.center[1])];
  const [pu, pv] = loc(p[0], p[1]);
  const [qu, qv] = loc(q[0], q[1]);
  const e = b.elevation ?? 0;
  let iv: [number, number] | null = [0, 1];
  iv = slab(pu, qu - pu, -b.size[0] / 2, b.size[0] / 2, iv[0], iv[1]);
  if (!iv) return false;
  iv = slab(pv, qv - pv, -b.size[1] / 2, b.size[1] / 2, iv[0], iv[1]);
  if (!iv) return false;
  iv = slab(p[2], q[2] - p[2], e, e + b.size[2], iv[0], iv[1]);
  return iv !== null;
}

/** Does the closed segment p-q meet the closed upright elliptic cylinder? */
export function segmentHitsCyl(p: P3, q: P3, k: Cyl): boolean {
  let iv = slab(p[2], q[2] - p[2], k.z0, k.z1, 0, 1);
  if (!iv) return false;
  const th = (k.facingDeg * Math.PI) / 180;
  const c = Math.cos(th);
  const s = Math.sin(th);
  const u0 = (c * (p[0] - k.x) + s * (p[1] - k.y)) / k.a;
  const v0 = (-s * (p[0] - k.x) + c * (p[1] - k.y)) / k.b;
  const u1 = (c * (q[0] - k.x) + s * (q[1] - k.y)) / k.a;
  const v1 = (-s * (q[0] - k.x) + c * (q[1] - k.y)) / k.b;
  const du = u1 - u0;
  const dv = v1 - v0;
  // |(u0,v0) + t (du,dv)|^2 <= 1
  const A = du * du + dv * dv;
  const B = 2 * (u0 * du + v0 * dv);
  const C = u0 * u0 + v0 * v0 - 1;
  if (A === 0) return C <= 0;
  const disc = B * B - 4 * A * C;
  if (disc < 0) return false;
  const sq = Math.sqrt(disc);
  iv = [Math.max(iv[0], (-B - sq) / (2 * A)), Math.min(iv[1], (-B + sq) / (2 * A))];
  return iv[0] <= iv[1];
}

/** Is the point in the closed cylinder (tolerance `tol` inches outward)? */
export function pointInCyl(p: P3, k: Cyl, tol = 1e-9): boolean {
  if (p[2] < k.z0 - tol || p[2] > k.z1 + tol) return false;
  const th = (k.facingDeg * Math.PI) / 180;
  const c = Math.cos(th);
  const s = Math.sin(th);
  const u = (c * (p[0] - k.x) + s * (p[1] - k.y)) / (k.a + tol);
  const v = (-s * (p[0] - k.x) + c * (p[1] - k.y)) / (k.b + tol);
  return u * u + v * v <= 1;
}

/** Distance from a point to the boundary curve of the cylinder's footprint is ~0 and z within range: the point is ON the solid's surface or inside. */
export function pointOnOrInCyl(p: P3, k: Cyl, tol = 1e-7): boolean {
  return pointInCyl(p, k, tol);
}

/** Möller–Trumbore segment vs triangle (closed segment, both faces). */
export function segmentHitsTriangle(p: P3, q: P3, a: P3, b: P3, c: P3): boolean {
  const d: P3 = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
  const e1: P3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const e2: P3 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const h: P3 = [d[1] * e2[2] - d[2] * e2[1], d[2] * e2[0] - d[0] * e2[2], d[0] * e2[1] - d[1] * e2[0]];
  const det = e1[0] * h[0] + e1[1] * h[1] + e1[2] * h[2];
  if (Math.abs(det) < 1e-15) return false;
  const inv = 1 / det;
  const s: P3 = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
  const u = inv * (s[0] * h[0] + s[1] * h[1] + s[2] * h[2]);
  if (u < -1e-12 || u > 1 + 1e-12) return false;
  const qq: P3 = [s[1] * e1[2] - s[2] * e1[1], s[2] * e1[0] - s[0] * e1[2], s[0] * e1[1] - s[1] * e1[0]];
  const v = inv * (d[0] * qq[0] + d[1] * qq[1] + d[2] * qq[2]);
  if (v < -1e-12 || u + v > 1 + 1e-12) return false;
  const t = inv * (e2[0] * qq[0] + e2[1] * qq[1] + e2[2] * qq[2]);
  return t >= -1e-12 && t <= 1 + 1e-12;
}

/** Does the segment meet any triangle of a 9-floats-per-triangle soup? */
export function segmentHitsSoup(p: P3, q: P3, soup: ArrayLike<number>): boolean {
  for (let i = 0; i < soup.length; i += 9) {
    const a: P3 = [soup[i], soup[i + 1], soup[i + 2]];
    const b: P3 = [soup[i + 3], soup[i + 4], soup[i + 5]];
    const c: P3 = [soup[i + 6], soup[i + 7], soup[i + 8]];
    if (segmentHitsTriangle(p, q, a, b, c)) return true;
  }
  return false;
}

/**
 * Checks a visibility witness independently: it starts in the observer's volume, ends in the
 * target's volume, stays above the table, and touches none of the listed boxes, cylinders
 * (terrain) or model volumes (blockers). Returns the list of problems (empty = a valid witness).
 */
export function witnessProblems(
  w: [P3, P3] | undefined,
  scene: { observer: Cyl; target: Cyl; boxes?: BoxSpec[]; blockers?: Cyl[]; soups?: ArrayLike<number>[] },
): string[] {
  if (!w) return ['no witness'];
  const out: string[] = [];
  const [p, q] = w;
  if (!pointInCyl(p, scene.observer)) out.push(`start ${JSON.stringify(p)} is not in the observer's volume`);
  if (!pointInCyl(q, scene.target)) out.push(`end ${JSON.stringify(q)} is not in the target's volume`);
  if (p[2] < 0 || q[2] < 0) out.push('the witness goes below the table');
  (scene.boxes ?? []).forEach((b, i) => {
    if (segmentHitsBox(p, q, b)) out.push(`the witness touches box ${i} ${JSON.stringify(b)}`);
  });
  (scene.blockers ?? []).forEach((k, i) => {
    if (segmentHitsCyl(p, q, k)) out.push(`the witness touches blocker ${i} ${JSON.stringify(k)}`);
  });
  (scene.soups ?? []).forEach((s, i) => {
    if (segmentHitsSoup(p, q, s)) out.push(`the witness touches mesh ${i}`);
  });
  return out;
}
