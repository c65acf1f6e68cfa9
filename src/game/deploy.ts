/**
 * Automatic deployment (GAME.md `--deploy auto`): the units of an army that the table does not
 * place are set up as Deploy Unit would set them up (Core 10.1: wholly within friendly territory
 * and more than 9" from enemy territory), standing on the table clear of terrain and of every
 * other model, each unit in coherency.
 *
 * Each unit is a block of ranks of up to 5 models facing the enemy territory ({@link formation}):
 * the ranks are staggered by half a file, so every model is 0.3" edge to edge from the models
 * beside it in its rank and from the two nearest in the next rank (Core 15.1: within 1/2" of one
 * other model, of two in units of 7 or more), for any unit size and base; every block is checked
 * with the geometry's coherency before it is set up. Blocks are tried at
 * anchor points on a 0.5" grid of the territory, the front-most rows first and, within a row,
 * from the middle of the territory outwards, so armies start facing each other across the table,
 * as players deploy. A unit that fits nowhere is reported with its id.
 *
 * @module
 */
import { footprintFromBase, type BaseMm, type Footprint } from '../geometry/footprint';
import { footprintGapAtLeast } from '../geometry/footprintGap';
import { footprintInsidePolygon, footprintPolygonDistance, pointInPolygon, pointPolygonEdgeDistance, type Polygon } from '../geometry/polygon';
import { highestSurfaceUnder } from '../geometry/standing';
import { coherencyOf } from '../geometry/coherency';
import type { TerrainIndex } from '../geometry/world';

/** Edge-to-edge gap between the bases of a deployed block, inches (inside the 1/2" coherency range, Core 15.1). */
export const DEPLOY_GAP_INCHES = 0.3;
/** Deploy Unit's distance from enemy territory, inches (Core 10.1: more than 9"). */
export const ENEMY_TERRITORY_GAP_INCHES = 9;
/** Spacing of the anchor grid, inches. */
const ANCHOR_STEP = 0.5;
/** The coherency range a deployed block is checked against, inches (Core 15.1: 1/2"). */
const COHERENCY_RANGE_INCHES = 0.5;
/** Most models in a rank of a deployed block. */
const RANK_MODELS = 5;

/** A unit to deploy: its id and its models' ids and bases (mm). */
export interface DeployUnit {
  id: string;
  models: { id: string; base: BaseMm }[];
}

/**
 * Result of {@link autoDeploy}: model id → plan-view centre, and the facing of every model set up
 * (degrees counter-clockwise from +x: towards the enemy territory, so an oval's long axis points
 * at the enemy as cavalry stand); or the unit that found no room.
 */
export type DeployResult = { ok: true; positions: Record<string, [number, number]>; facingDeg: number } | { ok: false; unitId: string; reason: string };

/**
 * Sets up `units` wholly within `territory`, more than 9" from every polygon of `enemyTerritories`,
 * on the table surface (no terrain above any part of a base), clear of `occupied` footprints and of
 * each other (see the module notes). One {@link Deployment}, its units placed in order.
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
  const d = new Deployment(terrain, territory, enemyTerritories, occupied, table);
  const positions: Record<string, [number, number]> = {};
  for (const u of units) {
    const r = d.place(u);
    if (!r.ok) return r;
    Object.assign(positions, r.positions);
  }
  return { ok: true, positions, facingDeg: d.facingDeg };
}

/**
 * Margin, inches, by which a cheap bound must clear a threshold before it decides a test without
 * the exact measure (the exact distances agree with their bounds to far better than this).
 */
const BOUND_MARGIN = 1e-7;
/** The gap two deployed bases keep, inches, less the tolerance of the exact gap. */
const MIN_GAP = DEPLOY_GAP_INCHES - 0.002;

/**
 * One army's automatic set-up (see the module notes and {@link autoDeploy}): units placed one at
 * a time with {@link place}, each clear of the footprints given at creation and of the units
 * placed before it. What does not depend on the units placed (the anchor points, and whether a
 * base at a point is within the territory, more than 9" from enemy territory and on open ground)
 * is worked out once and kept, so an army of many units costs about one pass over the anchors
 * per unit; each test is decided by cheap bounds (bounding and inscribed circles) where they are
 * conclusive and by the exact ellipse measure otherwise, so the set-up is the same as testing
 * every base exactly.
 */
export class Deployment {
  /** The models' facing, degrees counter-clockwise from +x (towards the enemy territory). */
  readonly facingDeg: number;
  private readonly taken: Footprint[];
  /** Unit vectors along a rank (`side`) and towards the enemy (`front`). */
  private readonly side: [number, number];
  private readonly front: [number, number];
  private readonly anchors: { x: number; y: number }[];
  /** Whether a base (semi-axes, facing, centre) passes the tests that do not depend on other models. */
  private readonly standing = new Map<string, boolean>();

  /**
   * @param terrain - the table's terrain index.
   * @param territory - the army's territory (plan polygon, inches).
   * @param enemyTerritories - the other armies' territories.
   * @param occupied - footprints already on the table (copied: later changes are not seen).
   * @param table - battlefield width and depth, inches.
   */
  constructor(
    private readonly terrain: TerrainIndex,
    private readonly territory: Polygon,
    private readonly enemyTerritories: readonly Polygon[],
    occupied: readonly Footprint[],
    private readonly table: { width: number; depth: number },
  ) {
    this.taken = [...occupied];
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
    this.side = [sx, sy];
    this.front = [fx, fy];
    this.facingDeg = Math.round(((Math.atan2(fy, fx) * 180) / Math.PI) * 1e6) / 1e6;
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
    this.anchors = anchors;
  }

  /**
   * Sets up one unit at the first anchor (front-most, then from the middle outwards) where every
   * model fits and the unit is coherent (Core 10.1, 15.1); its models then count as taken.
   * @returns each model's centre and the facing, or the unit that found no room.
   */
  place(u: DeployUnit): DeployResult {
    const offsets = formation(u.models.map((m) => m.base), this.side, this.front, this.facingDeg);
    let placed: Footprint[] | null = null;
    const trial: Footprint[] = [];
    for (const a of this.anchors) {
      trial.length = 0;
      let ok = true;
      for (let i = 0; i < u.models.length && ok; i++) {
        const x = a.x + offsets[i][0];
        const y = a.y + offsets[i][1];
        const f = footprintFromBase(u.models[i].base, [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000], this.facingDeg);
        ok = this.onTable(f) && clearOf(f, this.taken) && clearOf(f, trial) && this.stands(f);
        trial.push(f);
      }
      if (ok && coherencyOf(trial, COHERENCY_RANGE_INCHES).coherent) {
        placed = [...trial];
        break;
      }
    }
    if (!placed) return { ok: false, unitId: u.id, reason: `no room to set up unit "${u.id}" wholly within its territory, more than 9" from enemy territory and clear of terrain and other models (Core 10.1)` };
    const positions: Record<string, [number, number]> = {};
    placed.forEach((f, i) => (positions[u.models[i].id] = [f.x, f.y]));
    this.taken.push(...placed);
    return { ok: true, positions, facingDeg: this.facingDeg };
  }

  /** Within the table's edges (the bounding circle). */
  private onTable(f: Footprint): boolean {
    return !(f.x - f.semiMajor < 0 || f.y - f.semiMajor < 0 || f.x + f.semiMajor > this.table.width || f.y + f.semiMajor > this.table.depth);
  }

  /** Wholly within the territory, more than 9" from enemy territory, on open ground (kept per base and point). */
  private stands(f: Footprint): boolean {
    const key = `${f.semiMajor}|${f.semiMinor}|${f.facingRad}|${f.x}|${f.y}`;
    let v = this.standing.get(key);
    if (v === undefined) {
      v = whollyWithin(f, this.territory) && this.enemyTerritories.every((e) => fartherThan(f, e, ENEMY_TERRITORY_GAP_INCHES)) && highestSurfaceUnder(this.terrain, f).featureIndex === -1;
      this.standing.set(key, v);
    }
    return v;
  }
}

/** At least {@link MIN_GAP} from every footprint of `others` (Core 1.2 gaps between bases). */
function clearOf(f: Footprint, others: readonly Footprint[]): boolean {
  for (const t of others) if (!footprintGapAtLeast(f, t, MIN_GAP)) return false;
  return true;
}

/** `footprintInsidePolygon`, decided first by the centre's distance to the border against the semi-axes. */
function whollyWithin(f: Footprint, poly: Polygon): boolean {
  if (!pointInPolygon(poly, f.x, f.y)) return false;
  const edge = pointPolygonEdgeDistance(poly, f.x, f.y);
  if (edge >= f.semiMajor + BOUND_MARGIN) return true;
  if (edge < f.semiMinor - BOUND_MARGIN) return false;
  return footprintInsidePolygon(f, poly);
}

/** `footprintPolygonDistance(f, poly) > inches`, decided first by the centre's distance less the semi-axes. */
function fartherThan(f: Footprint, poly: Polygon, inches: number): boolean {
  if (pointInPolygon(poly, f.x, f.y)) return false;
  const edge = pointPolygonEdgeDistance(poly, f.x, f.y);
  if (edge - f.semiMajor > inches + BOUND_MARGIN) return true;
  if (edge - f.semiMinor < inches - BOUND_MARGIN) return false;
  return footprintPolygonDistance(f, poly) > inches;
}

/** Smallest t in [0, hi] with `ok(t)` (ok is monotonic: false then true), to 1e-4". */
function smallest(ok: (t: number) => boolean, hi: number): number {
  let lo = 0;
  while (!ok(hi)) hi *= 2;
  for (let k = 0; k < 40 && hi - lo > 1e-4; k++) {
    const mid = (lo + hi) / 2;
    if (ok(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** File and rank spacings by base, facing and directions (exact ellipse gaps are slow for ovals). */
const SPACINGS = new Map<string, { file: number; rank: number }>();

/** File and rank spacing of a block of `big` bases (see {@link formation}), inches. */
function spacingOf(big: Footprint, side: readonly [number, number], front: readonly [number, number]): { file: number; rank: number } {
  const want = DEPLOY_GAP_INCHES + 0.001;
  const at = (dx: number, dy: number) => ({ ...big, x: dx, y: dy });
  const clear = (dx: number, dy: number) => footprintGapAtLeast(at(0, 0), at(dx, dy), want);
  // File spacing along a rank; rank spacing towards the back (both diagonal neighbours at least
  // 0.3" apart, and the same file two ranks back no closer).
  const file = smallest((t) => clear(t * side[0], t * side[1]), 2 * big.semiMajor + 1);
  const rank = smallest(
    (t) =>
      clear((file / 2) * side[0] - t * front[0], (file / 2) * side[1] - t * front[1]) &&
      clear((-file / 2) * side[0] - t * front[0], (-file / 2) * side[1] - t * front[1]) &&
      clear(-2 * t * front[0], -2 * t * front[1]),
    2 * big.semiMajor + 1,
  );
  return { file, rank };
}

/**
 * The block a unit is set up in (Core 10.1, 15.1): each model's offset, inches, from the block's
 * anchor (the middle of its front rank). `side` is the unit vector along a rank, `front` the unit
 * vector towards the enemy (ranks go back from the anchor).
 *
 * Ranks: ⌈n / 5⌉ of them, each of ⌈n / ranks⌉ models but the last (so two ranks of a 7-model unit
 * are 4 and 3, never 5 and 2). Every other rank is shifted by half a file and the ranks are as
 * close as the bases allow, so a model is 0.3" edge to edge from the models beside it and from
 * the two nearest of the next rank; a short last rank sits between models of the rank before it.
 * Then in a unit of 7 or more every model has two others within 1/2" (a rank's end model: its
 * neighbour in the rank and one in the next rank). Spacing is measured with the exact ellipse gap
 * between the unit's largest bases (in plan, facing 0), so ovals and any size work the same way;
 * smaller bases of a mixed unit are further apart (the caller checks coherency). The models face
 * `front` (`facingDeg`), so a rank is symmetric about each model's axes and both diagonal
 * neighbours of a model are equally far.
 * @param bases - the models' bases (mm), in the unit's order.
 * @param facingDeg - the models' facing, degrees (the direction of `front`).
 */
export function formation(bases: readonly BaseMm[], side: readonly [number, number], front: readonly [number, number], facingDeg = (Math.atan2(front[1], front[0]) * 180) / Math.PI): [number, number][] {
  const n = bases.length;
  if (n === 0) return [];
  const fps = bases.map((b) => footprintFromBase(b, [0, 0], facingDeg));
  const big = fps.reduce((a, b) => (b.semiMajor > a.semiMajor || (b.semiMajor === a.semiMajor && b.semiMinor > a.semiMinor) ? b : a));
  const key = `${big.semiMajor}|${big.semiMinor}|${big.facingRad}|${side.join(',')}|${front.join(',')}`;
  let spacing = SPACINGS.get(key);
  if (!spacing) {
    spacing = spacingOf(big, side, front);
    SPACINGS.set(key, spacing);
  }
  const { file, rank } = spacing;
  const ranks = Math.ceil(n / RANK_MODELS);
  const wide = Math.ceil(n / ranks);
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / wide);
    const c = i % wide;
    const inRank = Math.min(wide, n - r * wide);
    // Full ranks: even at files 0..wide-1, odd shifted by half a file. A short last rank sits in
    // the gaps of the rank before it (odd: c + 1/2, even: c + 1, the rank before being odd).
    const col = inRank === wide || ranks === 1 ? c + (r % 2) / 2 : r % 2 === 1 ? c + 0.5 : c + 1;
    const along = (col - (wide - 1) / 2 - (ranks > 1 ? 0.25 : 0)) * file;
    const back = r * rank;
    out.push([along * side[0] - back * front[0], along * side[1] - back * front[1]]);
  }
  return out;
}
