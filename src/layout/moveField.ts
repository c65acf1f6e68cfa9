import { pointInPolygon, pointPolygonEdgeDistance, pointSegmentDistance, type Polygon } from '../geometry/polygon';
import { footprintInsidePolygon } from '../geometry/polygon';
import { edgeCost, NodeHeap, RASTER_OFFSETS } from '../geometry/rasterMoves';
import { classFootprint, type ModelClass } from './classes';
import { movingSurfaceZ, onImpassable, type TerrainRules } from './standingSpots';

/**
 * The move raster of one class: nodes at `(i * step, j * step)` on the table, each with the z of the
 * surface a moving base of the class rests on there (Core 15.2: terrain more than 1" tall, the table
 * elsewhere) and whether the base may be there while moving (on the battlefield, Core 15.0; not
 * over Impassable terrain, Terrain 1.2). Node index = `j * nx + i`.
 */
export interface MoveRaster {
  step: number;
  nx: number;
  ny: number;
  surfaceZ: Float64Array;
  passable: Uint8Array;
}

/** The largest raster step, inches: the raster is the analysis grid divided until its step is at most this. */
export const MAX_MOVE_STEP_INCHES = 0.5;

/** The raster step for an analysis grid: `grid / k` with the smallest whole k that makes it at most {@link MAX_MOVE_STEP_INCHES} (so every grid point is a raster node). */
export function moveStepFor(grid: number): number {
  return grid / Math.ceil(grid / MAX_MOVE_STEP_INCHES - 1e-9);
}

/** Builds the move raster of a class (one terrain query per node near terrain more than 1" tall). */
export function buildMoveRaster(rules: TerrainRules, cls: ModelClass, step: number): MoveRaster {
  const w = rules.world;
  const nx = Math.floor(w.widthInches / step + 1e-9) + 1;
  const ny = Math.floor(w.depthInches / step + 1e-9) + 1;
  const surfaceZ = new Float64Array(nx * ny);
  const passable = new Uint8Array(nx * ny);
  const f = classFootprint(cls, 0, 0);
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      f.x = i * step;
      f.y = j * step;
      const k = j * nx + i;
      if (!w.footprintOnBattlefield(f) || onImpassable(rules, f)) continue;
      passable[k] = 1;
      surfaceZ[k] = movingSurfaceZ(rules, f);
    }
  }
  return { step, nx, ny, surfaceZ, passable };
}

/**
 * Shortest moves over the raster from sources (Dijkstra): `initial[k]` is what reaching node k
 * costs before any raster move (Infinity for nodes that are not sources). Climbing counts
 * ({@link edgeCost}); moves only between passable nodes, never across a non-passable one.
 * @returns per node the least move in inches (Infinity when unreachable).
 */
export function moveDistances(r: MoveRaster, initial: Float64Array): Float64Array {
  const n = r.nx * r.ny;
  const dist = Float64Array.from(initial);
  const heap = new NodeHeap();
  for (let k = 0; k < n; k++) if (r.passable[k] && dist[k] < Infinity) heap.push(k, dist[k]);
  const offs = RASTER_OFFSETS;
  const lens = offs.map((o) => r.step * Math.hypot(o[0], o[1]));
  const { nx, ny, passable, surfaceZ } = r;
  while (heap.size > 0) {
    heap.pop();
    const k = heap.top;
    const d = heap.topKey;
    if (d > dist[k]) continue;
    const i = k % nx;
    const j = (k - i) / nx;
    const z = surfaceZ[k];
    for (let m = 0; m < offs.length; m++) {
      const o = offs[m];
      const i2 = i + o[0];
      const j2 = j + o[1];
      if (i2 < 0 || j2 < 0 || i2 >= nx || j2 >= ny) continue;
      const k2 = j2 * nx + i2;
      if (!passable[k2]) continue;
      let crossedOk = true;
      for (let c = 2; c < o.length; c += 2) {
        if (!passable[(j + o[c + 1]) * nx + i + o[c]]) crossedOk = false;
      }
      if (!crossedOk) continue;
      const nd = d + edgeCost(lens[m], surfaceZ[k2] - z);
      if (nd < dist[k2]) {
        dist[k2] = nd;
        heap.push(k2, nd);
      }
    }
  }
  return dist;
}

/**
 * The initial costs of a territory's models (Core 9.1.2: set up wholly within it): 0 at passable
 * nodes where the class's base lies wholly within the polygon; at nodes within about one raster
 * step outside that, the straight move that would bring the base wholly within (the signed
 * distance of the centre to the nearest edge plus the base's half-width across that edge; exact for
 * round bases and convex polygons on open ground), so distances are not rounded to the raster
 * at the territory's edge; Infinity elsewhere.
 */
export function territoryCosts(r: MoveRaster, cls: ModelClass, polygons: readonly Polygon[]): Float64Array {
  const out = new Float64Array(r.nx * r.ny).fill(Infinity);
  const f = classFootprint(cls, 0, 0);
  const reach = 1.5 * r.step;
  for (let j = 0; j < r.ny; j++) {
    for (let i = 0; i < r.nx; i++) {
      const k = j * r.nx + i;
      if (!r.passable[k]) continue;
      f.x = i * r.step;
      f.y = j * r.step;
      for (const poly of polygons) {
        const edge = pointPolygonEdgeDistance(poly, f.x, f.y);
        const inPoly = pointInPolygon(poly, f.x, f.y);
        // Deeper inside than the base's half-length: wholly within, for any polygon.
        if (inPoly && edge >= f.semiMajor) {
          out[k] = 0;
          break;
        }
        if (!inPoly && edge > f.semiMajor + reach) continue;
        if (footprintInsidePolygon(f, poly)) {
          out[k] = 0;
          break;
        }
        const d = inPoly ? -edge : edge;
        const c = d + halfWidthAcrossNearestEdge(f.semiMajor, f.semiMinor, f.facingRad, poly, f.x, f.y);
        if (c <= reach && c < out[k]) out[k] = Math.max(0, c);
      }
    }
  }
  return out;
}

/** Half the width of an ellipse (semi-axes a along `facing`, b) measured across the polygon edge nearest to (x, y). */
function halfWidthAcrossNearestEdge(a: number, b: number, facing: number, poly: Polygon, x: number, y: number): number {
  let best = Infinity;
  let nxv = 1;
  let nyv = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const d = pointSegmentDistance(x, y, poly[j][0], poly[j][1], poly[i][0], poly[i][1]);
    if (d < best) {
      best = d;
      const ex = poly[i][0] - poly[j][0];
      const ey = poly[i][1] - poly[j][1];
      const l = Math.hypot(ex, ey) || 1;
      nxv = -ey / l;
      nyv = ex / l;
    }
  }
  // Support of the ellipse along the edge's normal.
  const c = Math.cos(facing);
  const s = Math.sin(facing);
  const u = c * nxv + s * nyv;
  const v = -s * nxv + c * nyv;
  return Math.sqrt(a * a * u * u + b * b * v * v);
}
