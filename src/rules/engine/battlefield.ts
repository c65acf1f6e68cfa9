/**
 * Battlefield file format for headless games (replay, bench, tests): the table size, terrain as
 * boxes/cylinders, objectives and where each model is set up. Validated with strict zod; the
 * World is built from it by `buildWorld` in `worldPort.ts` (the only file that imports geometry).
 *
 * @module
 */

import { z } from 'zod';

const Pair = z.tuple([z.number().finite(), z.number().finite()]);

/** A box scenery piece: footprint centre, [x-extent, y-extent, height], rotation (degrees). */
export const BoxPieceSchema = z.strictObject({
  center: Pair,
  size: z.tuple([z.number().positive(), z.number().positive(), z.number().positive()]),
  rotationDeg: z.number().finite().optional(),
  elevation: z.number().finite().optional(),
});

/** A cylinder scenery piece. */
export const CylinderPieceSchema = z.strictObject({
  center: Pair,
  radius: z.number().positive(),
  height: z.number().positive(),
  elevation: z.number().finite().optional(),
});

/** A terrain feature (Terrain 1.4 type; abilities default to the type's, Terrain 1.4). */
export const TerrainSchema = z.strictObject({
  id: z.string().min(1),
  type: z.enum(['obstacle', 'obscuring', 'area', 'placeOfPower', 'faction']),
  abilities: z.array(z.enum(['cover', 'obscuring', 'impassable', 'unstable', 'placeOfPower'])).optional(),
  boxes: z.array(BoxPieceSchema).optional(),
  cylinders: z.array(CylinderPieceSchema).optional(),
});

/** The battlefield. `placement`: model id → plan-view centre [x, y] at set-up (every model of both rosters). */
export const BattlefieldSchema = z.strictObject({
  width: z.number().positive().max(200).default(60),
  depth: z.number().positive().max(200).default(44),
  terrain: z.array(TerrainSchema).default([]),
  objectives: z.array(z.strictObject({ id: z.string().min(1), x: z.number().finite(), y: z.number().finite() })).default([]),
  territories: z.record(z.string(), z.array(Pair)).optional(),
  placement: z.record(z.string(), Pair),
  /** Height of each unit's models (volume for visibility), inches; default 1.25. */
  unitHeights: z.record(z.string(), z.number().positive()).optional(),
});

/** A battlefield as written in a file. */
export type BattlefieldInput = z.input<typeof BattlefieldSchema>;
/** A validated battlefield. */
export type Battlefield = z.output<typeof BattlefieldSchema>;

/** Default abilities of each terrain type (Terrain 1.4). */
export const TERRAIN_TYPE_ABILITIES: Record<Battlefield['terrain'][number]['type'], ('cover' | 'obscuring' | 'impassable' | 'unstable' | 'placeOfPower')[]> = {
  obstacle: ['cover', 'unstable'],
  obscuring: ['cover', 'obscuring', 'unstable'],
  area: ['cover'],
  placeOfPower: ['cover', 'placeOfPower', 'unstable'],
  faction: [],
};

/** Terrain size (Terrain 1.3). */
export type TerrainSize = 'small' | 'medium' | 'large';

/**
 * Does the plan footprint (its points; the convex hull is what matters) fit into a `a` × `b`
 * area? With `rotate` (INVENTORY T-32 flag `TERRAIN_SIZE_ALLOW_ROTATION`, default true) any
 * orientation of the footprint may be used ("fits into an area", G18.8): the bounding box of the
 * points rotated by θ is checked for θ in [0, π/2) on a grid of 1e-4 rad refined around the best
 * grid point; otherwise only the axis-aligned box (either way round). Tolerance 1e-6".
 */
export function fitsInto(points: readonly (readonly [number, number])[], a: number, b: number, rotate = true): boolean {
  const EPS = 1e-6;
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  const extents = (t: number): [number, number] => {
    const c = Math.cos(t);
    const s = Math.sin(t);
    let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity;
    for (const [x, y] of points) {
      const u = x * c + y * s;
      const v = -x * s + y * c;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    return [maxU - minU, maxV - minV];
  };
  const fits = (t: number) => {
    const [w, h] = extents(t);
    const [p, q] = w <= h ? [w, h] : [h, w];
    return p <= lo + EPS && q <= hi + EPS;
  };
  if (!rotate) return fits(0);
  // Excess over the area at θ (≤ 0 = fits), for the refinement.
  const excess = (t: number) => {
    const [w, h] = extents(t);
    const [p, q] = w <= h ? [w, h] : [h, w];
    return Math.max(p - lo, q - hi);
  };
  const N = Math.ceil(Math.PI / 2 / 1e-4);
  let best = 0;
  let bestE = Infinity;
  for (let i = 0; i < N; i++) {
    const t = (i * Math.PI) / 2 / N;
    const e = excess(t);
    if (e <= EPS) return true;
    if (e < bestE) [best, bestE] = [t, e];
  }
  // Golden-section search around the best grid angle (the excess is unimodal there).
  let l = best - 2e-4;
  let r = best + 2e-4;
  for (let k = 0; k < 60; k++) {
    const m1 = l + (r - l) * 0.382;
    const m2 = l + (r - l) * 0.618;
    if (excess(m1) < excess(m2)) r = m2;
    else l = m1;
  }
  return fits((l + r) / 2);
}

/** Terrain size (Terrain 1.3): small fits 7" × 7", medium (not small) fits 7" × 12", else large (worked example T-32). */
export function terrainSizeOf(points: readonly (readonly [number, number])[], rotate = true): TerrainSize {
  if (fitsInto(points, 7, 7, rotate)) return 'small';
  if (fitsInto(points, 7, 12, rotate)) return 'medium';
  return 'large';
}

/**
 * Plan footprint points of a battlefield terrain feature: every box's corners and 256 points on
 * every cylinder's rim (a multi-piece feature is the union of its pieces, Terrain 1.7 / A-G14).
 */
export function terrainFootprintPoints(t: Battlefield['terrain'][number]): [number, number][] {
  const out: [number, number][] = [];
  for (const b of t.boxes ?? []) {
    const r = ((b.rotationDeg ?? 0) * Math.PI) / 180;
    const c = Math.cos(r);
    const s = Math.sin(r);
    for (const [dx, dy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
      const x = (dx * b.size[0]) / 2;
      const y = (dy * b.size[1]) / 2;
      out.push([b.center[0] + x * c - y * s, b.center[1] + x * s + y * c]);
    }
  }
  for (const cy of t.cylinders ?? []) {
    for (let i = 0; i < 256; i++) {
      const a = (2 * Math.PI * i) / 256;
      out.push([cy.center[0] + cy.radius * Math.cos(a), cy.center[1] + cy.radius * Math.sin(a)]);
    }
  }
  return out;
}
