/**
 * Automatic deployment (GAME.md `--deploy auto`): the units of an army that the table does not
 * place are set up as Deploy Unit would set them up (Core 10.1: wholly within friendly territory
 * and more than 9" from enemy territory), standing on the table clear of terrain and of every
 * other model, each unit in coherency.
 *
 * Each unit is a block of rows of up to 5 models, bases 0.3" apart edge to edge (Core 15.1:
 * within 1/2" of a neighbour), its front row facing the enemy territory. Blocks are tried at
 * anchor points on a 0.5" grid of the territory, the front-most rows first and, within a row,
 * from the middle of the territory outwards, so armies start facing each other across the table,
 * as players deploy. A unit that fits nowhere is reported with its id.
 *
 * @module
 */
import { footprintFromBase, type BaseMm, type Footprint } from '../geometry/footprint';
import { footprintGap, footprintsSurelyApart } from '../geometry/footprintGap';
import { footprintInsidePolygon, footprintPolygonDistance, type Polygon } from '../geometry/polygon';
import { highestSurfaceUnder } from '../geometry/standing';
import type { TerrainIndex } from '../geometry/world';

/** Edge-to-edge gap between the bases of a deployed block, inches (inside the 1/2" coherency range, Core 15.1). */
export const DEPLOY_GAP_INCHES = 0.3;
/** Deploy Unit's distance from enemy territory, inches (Core 10.1: more than 9"). */
export const ENEMY_TERRITORY_GAP_INCHES = 9;
/** Spacing of the anchor grid, inches. */
const ANCHOR_STEP = 0.5;

/** A unit to deploy: its id and its models' ids and bases (mm). */
export interface DeployUnit {
  id: string;
  models: { id: string; base: BaseMm }[];
}

/** Result of {@link autoDeploy}: model id → plan-view centre, or the units that found no room. */
export type DeployResult = { ok: true; positions: Record<string, [number, number]> } | { ok: false; unitId: string; reason: string };

/**
 * Sets up `units` wholly within `territory`, more than 9" from every polygon of `enemyTerritories`,
 * on the table surface (no terrain above any part of a base), clear of `occupied` footprints and of
 * each other (see the module notes).
 * @param terrain - the table's terrain index.
 * @param territory - the army's territory (plan polygon, inches).
 * @param enemyTerritories - the other armies' territories.
 * @param units - units in the order they are set up.
 * @param occupied - footprints already on the table (the units the scenario places).
 * @param table - battlefield width and depth, inches.
 */
export function autoDeploy(
  terrain: TerrainIndex,
  territory: Polygon,
  enemyTerritories: readonly Polygon[],
  units: readonly DeployUnit[],
  occupied: readonly Footprint[],
  table: { width: number; depth: number },
): DeployResult {
  const taken: Footprint[] = [...occupied];
  const positions: Record<string, [number, number]> = {};
  // Front: from this territory's centroid towards the enemies'.
  const centroid = (poly: Polygon) => poly.reduce((a, p) => [a[0] + p[0] / poly.length, a[1] + p[1] / poly.length], [0, 0]);
  const own = centroid(territory);
  const enemy = enemyTerritories.length ? enemyTerritories.map(centroid).reduce((a, p) => [a[0] + p[0] / enemyTerritories.length, a[1] + p[1] / enemyTerritories.length], [0, 0]) : [table.width / 2, table.depth / 2];
  let fx = enemy[0] - own[0];
  let fy = enemy[1] - own[1];
  const fl = Math.hypot(fx, fy) || 1;
  fx /= fl;
  fy /= fl;
  if (!Number.isFinite(fx) || (fx === 0 && fy === 0)) [fx, fy] = [0, 1];
  const sx = -fy;
  const sy = fx;
  // Anchor points inside the territory, front-most first, then from the middle outwards.
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of territory) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  minX = Math.max(minX, 0);
  minY = Math.max(minY, 0);
  maxX = Math.min(maxX, table.width);
  maxY = Math.min(maxY, table.depth);
  const anchors: { x: number; y: number; front: number; side: number }[] = [];
  for (let x = Math.ceil(minX / ANCHOR_STEP) * ANCHOR_STEP; x <= maxX; x += ANCHOR_STEP) {
    for (let y = Math.ceil(minY / ANCHOR_STEP) * ANCHOR_STEP; y <= maxY; y += ANCHOR_STEP) {
      anchors.push({ x, y, front: Math.round((x * fx + y * fy) / ANCHOR_STEP), side: Math.abs((x - own[0]) * sx + (y - own[1]) * sy) });
    }
  }
  anchors.sort((a, b) => b.front - a.front || a.side - b.side || a.x - b.x || a.y - b.y);

  const fits = (f: Footprint): boolean => {
    if (f.x - f.semiMajor < 0 || f.y - f.semiMajor < 0 || f.x + f.semiMajor > table.width || f.y + f.semiMajor > table.depth) return false;
    if (!footprintInsidePolygon(f, territory)) return false;
    for (const e of enemyTerritories) if (footprintPolygonDistance(f, e) <= ENEMY_TERRITORY_GAP_INCHES) return false;
    for (const t of taken) if (!footprintsSurelyApart(f, t, DEPLOY_GAP_INCHES - 0.002) && footprintGap(f, t).gapInches < DEPLOY_GAP_INCHES - 0.002) return false;
    return highestSurfaceUnder(terrain, f).featureIndex === -1;
  };

  for (const u of units) {
    const bases = u.models.map((m) => footprintFromBase(m.base, [0, 0]));
    const pitch = Math.max(...bases.map((b) => 2 * b.semiMajor)) + DEPLOY_GAP_INCHES;
    const perRow = Math.min(5, u.models.length);
    let placed: Footprint[] | null = null;
    for (const a of anchors) {
      const trial: Footprint[] = [];
      let ok = true;
      for (let i = 0; i < u.models.length && ok; i++) {
        const col = (i % perRow) - (perRow - 1) / 2;
        const row = Math.floor(i / perRow);
        const x = a.x + col * pitch * sx - row * pitch * fx;
        const y = a.y + col * pitch * sy - row * pitch * fy;
        const f = footprintFromBase(u.models[i].base, [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000]);
        ok = fits(f) && trial.every((t) => footprintsSurelyApart(f, t, DEPLOY_GAP_INCHES - 0.002) || footprintGap(f, t).gapInches >= DEPLOY_GAP_INCHES - 0.002);
        trial.push(f);
      }
      if (ok) {
        placed = trial;
        break;
      }
    }
    if (!placed) return { ok: false, unitId: u.id, reason: `no room to set up unit "${u.id}" wholly within its territory, more than 9" from enemy territory and clear of terrain and other models (Core 10.1)` };
    placed.forEach((f, i) => (positions[u.models[i].id] = [f.x, f.y]));
    taken.push(...placed);
  }
  return { ok: true, positions };
}
