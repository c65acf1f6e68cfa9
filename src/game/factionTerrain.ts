/**
 * Setting up an army's faction terrain (Core 10.1, Deploy Faction Terrain) on a table: each feature
 * is a box of its `sizeInches`, placed wholly within the army's territory, more than 3" from every
 * objective and every other terrain feature, and clear of the models already on the table.
 *
 * The search is conservative: other features are kept more than 3" from the box by their plan
 * bounding boxes (a feature lies inside its bounding box, so the true distance is at least that),
 * objectives by their centres less their radius. Spots are tried on a 0.5" grid of the territory,
 * from the back of the territory (away from the enemy) and its middle outwards, so the army's
 * front line stays free. In the deployment phase the engine checks the placement again (exactly).
 *
 * @module
 */
import type { Footprint } from '../geometry/footprint';
import { pointInPolygon, type Polygon } from '../geometry/polygon';

/** Deploy Faction Terrain's distance from objectives and other terrain features, inches (Core 10.1: more than 3"). */
export const FACTION_TERRAIN_GAP_INCHES = 3;
const STEP = 0.5;

/** A plan rectangle `[minX, minY, maxX, maxY]`, inches. */
export type PlanBox = [number, number, number, number];

/** Distance between two plan rectangles (0 when they touch or overlap). */
function boxGap(a: PlanBox, b: PlanBox): number {
  const dx = Math.max(0, a[0] - b[2], b[0] - a[2]);
  const dy = Math.max(0, a[1] - b[3], b[1] - a[3]);
  return Math.hypot(dx, dy);
}

/** Distance from a plan rectangle to a point. */
function boxPointGap(a: PlanBox, x: number, y: number): number {
  return Math.hypot(Math.max(0, a[0] - x, x - a[2]), Math.max(0, a[1] - y, y - a[3]));
}

/**
 * A spot for a faction terrain feature of plan size `w` x `d` (inches, axis-aligned).
 * @param territory - the army's territory (plan polygon).
 * @param enemy - the enemy territories (the back of the territory is away from them).
 * @param features - plan bounding boxes of the terrain features already on the table.
 * @param objectives - objective centres and radii (inches).
 * @param models - footprints of the models already on the table.
 * @param table - battlefield width and depth.
 * @returns the box's plan rectangle, or null when no spot fits.
 */
export function placeFactionTerrain(
  w: number,
  d: number,
  territory: Polygon,
  enemy: readonly Polygon[],
  features: readonly PlanBox[],
  objectives: readonly { x: number; y: number; radius: number }[],
  models: readonly Footprint[],
  table: { width: number; depth: number },
): PlanBox | null {
  const centroid = (poly: Polygon) => poly.reduce((a, p) => [a[0] + p[0] / poly.length, a[1] + p[1] / poly.length], [0, 0]);
  const own = centroid(territory);
  const foe = enemy.length ? centroid(enemy.flatMap((p) => p)) : [table.width / 2, table.depth / 2];
  let fx = foe[0] - own[0];
  let fy = foe[1] - own[1];
  const fl = Math.hypot(fx, fy) || 1;
  fx /= fl;
  fy /= fl;
  const xs = territory.map((p) => p[0]);
  const ys = territory.map((p) => p[1]);
  const spots: { x: number; y: number; key: number; side: number }[] = [];
  for (let x = Math.max(0, Math.min(...xs)) + w / 2; x <= Math.min(table.width, Math.max(...xs)) - w / 2 + 1e-9; x += STEP) {
    for (let y = Math.max(0, Math.min(...ys)) + d / 2; y <= Math.min(table.depth, Math.max(...ys)) - d / 2 + 1e-9; y += STEP) {
      spots.push({ x, y, key: Math.round((x * fx + y * fy) / STEP), side: Math.abs((x - own[0]) * -fy + (y - own[1]) * fx) });
    }
  }
  spots.sort((a, b) => a.key - b.key || a.side - b.side || a.x - b.x || a.y - b.y);
  const inside = (b: PlanBox) => {
    for (let t = 0; t <= 1 + 1e-9; t += Math.min(1, 0.25 / Math.max(w, d))) {
      const px = b[0] + (b[2] - b[0]) * t;
      const py = b[1] + (b[3] - b[1]) * t;
      if (!pointInPolygon(territory, px, b[1]) || !pointInPolygon(territory, px, b[3]) || !pointInPolygon(territory, b[0], py) || !pointInPolygon(territory, b[2], py)) return false;
    }
    return true;
  };
  for (const s of spots) {
    const b: PlanBox = [s.x - w / 2, s.y - d / 2, s.x + w / 2, s.y + d / 2];
    if (!inside(b)) continue;
    if (features.some((f) => boxGap(b, f) <= FACTION_TERRAIN_GAP_INCHES + 1e-6)) continue;
    if (objectives.some((o) => boxPointGap(b, o.x, o.y) - o.radius <= FACTION_TERRAIN_GAP_INCHES + 1e-6)) continue;
    if (models.some((m) => boxPointGap(b, m.x, m.y) <= m.semiMajor + 0.05)) continue;
    return b;
  }
  return null;
}
