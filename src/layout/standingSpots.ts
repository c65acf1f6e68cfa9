import type { Footprint } from '../geometry/footprint';
import { footprintBounds } from '../geometry/footprint';
import { highestSurfaceUnder, supportAt, type FeatureFilter } from '../geometry/standing';
import { IGNORABLE_TERRAIN_HEIGHT_INCHES } from '../geometry/units';
import type { World } from '../geometry/world';
import { classFootprint, classVolumeHeight, type ModelClass } from './classes';

/**
 * The standing spots of one class: the grid points (spacing `grid` inches, at whole multiples of it
 * from the table's corner (0, 0)) where a model of the class can end a move (see
 * {@link standingElevation}), with the elevation it stands at. Arrays are indexed by spot.
 */
export interface SpotGrid {
  classId: string;
  grid: number;
  count: number;
  /** Plan centre and elevation (z of the underside of the base), inches. */
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  /** Top of the model's volume at the spot (z + the class's volume height), inches. */
  top: Float64Array;
}

/** What the standing rules need about a world's terrain, computed once per world. */
export interface TerrainRules {
  world: World;
  /** Features more than 1" tall (Core 15.2: lower ones are moved over as if not there). */
  tall: FeatureFilter;
  tallBounds: number[][];
  impassable: FeatureFilter;
  hasImpassable: boolean;
  /** Bounds of every feature (`[minX, minY, minZ, maxX, maxY, maxZ]`), for the open-ground test. */
  allBounds: number[][];
}

/** Builds {@link TerrainRules} for a world. */
export function terrainRules(world: World): TerrainRules {
  const feats = world.terrain.features;
  const impassableSet = new Set(feats.filter((f) => f.abilities.includes('impassable')).map((f) => f.index));
  return {
    world,
    tall: (i) => feats[i].maxHeightInches > IGNORABLE_TERRAIN_HEIGHT_INCHES,
    tallBounds: feats.filter((f) => f.maxHeightInches > IGNORABLE_TERRAIN_HEIGHT_INCHES).map((f) => f.bounds),
    impassable: (i) => impassableSet.has(i),
    hasImpassable: impassableSet.size > 0,
    allBounds: feats.map((f) => f.bounds),
  };
}

/** Does any of the boxes reach the footprint's plan bounds? (false = open ground, exact: every terrain triangle lies in its feature's box) */
function nearAny(boxes: number[][], f: Footprint): boolean {
  const b = footprintBounds(f);
  for (const t of boxes) if (t[3] >= b[0] && t[0] <= b[2] && t[4] >= b[1] && t[1] <= b[3]) return true;
  return false;
}

/**
 * Is the footprint on Impassable terrain (Terrain 1.2: some Impassable triangle over its footprint)?
 */
export function onImpassable(rules: TerrainRules, f: Footprint): boolean {
  return rules.hasImpassable && highestSurfaceUnder(rules.world.terrain, f, rules.impassable).featureIndex >= 0;
}

/**
 * The z of the surface a moving base rests on (Core 15.2 as `movePathCost` walks: the highest
 * surface of terrain more than 1" tall under the footprint, the table elsewhere), inches.
 */
export function movingSurfaceZ(rules: TerrainRules, f: Footprint): number {
  if (!nearAny(rules.tallBounds, f)) return 0;
  return highestSurfaceUnder(rules.world.terrain, f, rules.tall).z;
}

/**
 * Where a model of the class with its base centred at (x, y) would stand at the end of a move, or
 * NaN when it cannot end a move there. The end-pose rules of `movePathCost` (Core 15.0, 15.2,
 * Terrain 1.2, A-G28): the footprint lies on the battlefield; the base rests on the highest surface
 * under it (so the model is never inside terrain, SCENARIO standing rule), that surface covers the
 * base's centre and at least half of its area (no ending mid-climb); not on Impassable terrain; not
 * on a part of Unstable terrain more than 1" tall. Open ground (no feature's box reaches the
 * footprint) stands at 0 without a terrain query.
 * @returns the elevation (z of the underside of the base), inches, or NaN.
 */
export function standingElevation(rules: TerrainRules, f: Footprint): number {
  const world = rules.world;
  if (!world.footprintOnBattlefield(f)) return NaN;
  if (!nearAny(rules.allBounds, f)) return 0;
  const surface = highestSurfaceUnder(world.terrain, f);
  const support = supportAt(world.terrain, f, surface.z);
  if (!(support.centreSupported && support.fraction >= 0.5)) return NaN;
  if (surface.featureIndex >= 0) {
    const feat = world.terrain.features[surface.featureIndex];
    if (feat.abilities.includes('unstable') && surface.z > IGNORABLE_TERRAIN_HEIGHT_INCHES + 1e-9) return NaN;
  }
  if (onImpassable(rules, f)) return NaN;
  return surface.z;
}

/**
 * Every standing spot of the class on a grid of spacing `grid` inches (points `(i * grid, j * grid)`
 * on the table), in row order (y, then x).
 */
export function standingSpots(rules: TerrainRules, cls: ModelClass, grid: number): SpotGrid {
  const world = rules.world;
  const nx = Math.floor(world.widthInches / grid + 1e-9) + 1;
  const ny = Math.floor(world.depthInches / grid + 1e-9) + 1;
  const xs: number[] = [];
  const ys: number[] = [];
  const zs: number[] = [];
  const f = classFootprint(cls, 0, 0);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      f.x = i * grid;
      f.y = j * grid;
      const z = standingElevation(rules, f);
      if (Number.isNaN(z)) continue;
      xs.push(f.x);
      ys.push(f.y);
      zs.push(z);
    }
  }
  const h = classVolumeHeight(cls);
  const z = Float64Array.from(zs);
  return { classId: cls.id, grid, count: xs.length, x: Float64Array.from(xs), y: Float64Array.from(ys), z, top: z.map((v) => v + h) };
}
