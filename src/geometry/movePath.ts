import type { Footprint } from './footprint';
import { footprintGap } from './footprintGap';
import { highestSurfaceUnder, supportAt, type FeatureFilter } from './standing';
import { IGNORABLE_TERRAIN_HEIGHT_INCHES } from './units';
import type { ModelState, TerrainIndex, World } from './world';

/** Options of {@link movePathCost}. */
export interface MovePathOptions {
  /** FLY (Core 15.4): ignore vertical distance, other models and terrain while moving. Default false. */
  fly?: boolean;
  /** Models to ignore as obstacles (e.g. unit-mates moved in the same step). */
  ignoreModels?: Set<string>;
  /**
   * Parts of terrain features lower than this many inches are passed through while moving, as Core 15.2 moves
   * over features 1" tall or less (an ability: "can pass through ... parts of terrain features that are less
   * than 4" tall", Longshanks). The surface under the base counts only where it is at least this high; the end
   * pose is checked as always. Default: none.
   */
  passBelowInches?: number;
}

/** Answer of {@link movePathCost}: the move spent, or why the path cannot be made. */
export type MovePathResult =
  | { ok: true; inches: number; endElevation: number; climbedInches: number }
  | { ok: false; reason: string; rule: string };

/** Horizontal step of the walk along the path, inches. */
const STEP = 0.02;
/** Subdivision depth for locating climbs (STEP / 2^10 < 0.00002"). */
const MAX_DEPTH = 10;
/**
 * What a jump still to come may save below the plan length of the steps it is made in, inches (a
 * drop at the finest sub-step counted as its slope, not `ds + |dz|`: at most its plan length
 * STEP / 2^MAX_DEPTH), with room for rounding: the slack of the budget bound with `endPose`.
 */
const JUMP_SLACK = STEP / 2 ** MAX_DEPTH + 1e-6;
/**
 * Largest gap, inches, between the surface and the chord of a piece of the walk (at its midpoint
 * and quarter points) for the piece to count as one even slope (its 3D length, no subdivision).
 */
const EVEN_SLOPE_TOLERANCE = 1e-6;

/**
 * The move a model spends following a plan-view path over the terrain (Core 15.0, 15.2, 15.2.1,
 * 15.4; INVENTORY G7, G8, A-G9, A-G10, A-G28, A-G30):
 * - the base keeps its facing and follows the path with its centre (so every point of the base
 *   moves the same distance, A-G8);
 * - the base rests on the highest surface under its footprint; terrain features 1" tall or less
 *   are moved over as if they were not there (Core 15.2);
 * - climbing up and down counts (the 3D length of the surface-hugging path: cliffs count their full
 *   height, slopes their 3D length, A-G9); a final drop where the path ends (within 0.02") is a jump
 *   down, which is free and ends the move (Core 15.2.1, A-G10);
 * - FLY counts only the horizontal length and ignores models and terrain while moving (Core 15.4);
 * - no passing through other models (footprints may not overlap where heights overlap, A-G30),
 *   no leaving the battlefield, no crossing Impassable terrain (Terrain 1.2, FLY excepted, A-G29);
 * - the end pose must stand by itself (no ending mid-climb: the support covers the centre and at
 *   least half of the base, A-G28), not on another model, not on Impassable terrain, and not on a
 *   part of Unstable terrain more than 1" tall (Terrain 1.2).
 * @param path - plan-view points `[[x, y], ...]` in inches, starting at the model's position.
 * @returns inches spent, or `{ok: false, reason, rule}` when the path cannot be made.
 */
export function movePathCost(world: World, modelId: string, path: readonly (readonly [number, number])[], opts: MovePathOptions = {}): MovePathResult {
  const m = world.models.get(modelId);
  if (!m) return { ok: false, reason: `unknown model ${modelId}`, rule: 'SCENARIO movePath' };
  if (path.length === 0) return { ok: false, reason: 'the path is empty', rule: 'SCENARIO movePath' };
  const [sx, sy] = path[0];
  if (Math.hypot(sx - m.footprint.x, sy - m.footprint.y) > 0.01) {
    return { ok: false, reason: `the path must start at the model's position (${m.footprint.x}, ${m.footprint.y})`, rule: 'SCENARIO movePath' };
  }
  return walkMovePath(world, m, path, opts, true);
}

/**
 * The move a model would spend on a piece of a path that starts anywhere (not necessarily where
 * the model stands), with the same walk as {@link movePathCost}: the poses along it checked
 * (battlefield, Impassable terrain, other models), climbing counted. With `endPose` false the end is
 * not checked as the end of a move (it may be mid-climb) and no final drop is free: the cost of a
 * stretch inside a longer path (used by the path search, {@link shortestMovePath}).
 * @param m - the moving model (its footprint's size and facing are used, not its position).
 * @param path - plan-view points in inches, the first one the start of the piece.
 * @param maxInches - the walk stops as soon as the move is sure to cost more than this (a search's
 *   budget: the answer is then `{ok: false}` with the rule `SEARCH budget`): the cost so far plus
 *   the plan length still to walk (each step costs at least that) is over it. With `endPose` a
 *   final jump down is free (Core 15.2.1): one still to come is paid by the walk that makes it
 *   (its drop counted, then taken off: no less than its plan length, to within a finest
 *   sub-step), so only a drop just made, with nothing climbed since and the path's end within a
 *   step of where it landed (it may turn out to be the final jump), is taken off the cost so far.
 *   Default no limit.
 * @param stopOnClimb - the walk stops at the first climb (`{ok: false}` with the rule
 *   `SEARCH climbs`): a search asking only whether the path is flat. Default false.
 */
export function walkMovePath(
  world: World,
  m: ModelState,
  path: readonly (readonly [number, number])[],
  opts: MovePathOptions,
  endPose: boolean,
  maxInches = Infinity,
  stopOnClimb = false,
): MovePathResult {
  if (path.length === 0) return { ok: false, reason: 'the path is empty', rule: 'SCENARIO movePath' };
  const [sx, sy] = path[0];
  const fly = opts.fly === true;
  const { tall, impassable, onImpassable, tallBounds } = terrainKinds(world.terrain);
  const fp: Footprint = { ...m.footprint };
  const place = (x: number, y: number) => {
    fp.x = x;
    fp.y = y;
    return fp;
  };
  const reach = m.footprint.semiMajor;
  const under = surfaceUnderBase(world.terrain, m.footprint, tall, tallBounds);
  // Parts of terrain lower than `passBelowInches` are passed through (session 37, Longshanks).
  const pass = opts.passBelowInches;
  const surface = pass === undefined ? under : (x: number, y: number) => {
    const z = under(x, y);
    return z < pass ? 0 : z;
  };

  let horizontal = 0;
  // The path's plan length: every step still to walk costs at least its plan length (for the budget).
  let planLength = 0;
  for (let k = 1; k < path.length; k++) planLength += Math.hypot(path[k][0] - path[k - 1][0], path[k][1] - path[k - 1][1]);
  let cost = 0;
  let climbed = 0;
  let lastDrop = 0;
  let verticalSinceDrop = 0;
  // Horizontal distance walked when the last drop landed, and the end of the current step.
  let horizontalAtDrop = 0;
  let stepEndX = sx;
  let stepEndY = sy;
  let z = fly ? m.elevation : surface(sx, sy);
  const checkPose = (x: number, y: number, zHere: number): string | null => {
    const f = place(x, y);
    if (!world.footprintOnBattlefield(f)) return `the model would leave the battlefield at (${x.toFixed(2)}, ${y.toFixed(2)}) (Core 15.0)`;
    if (fly) return null;
    if (impassable.size && highestSurfaceUnder(world.terrain, f, onImpassable).featureIndex >= 0) {
      return `the model would cross Impassable terrain at (${x.toFixed(2)}, ${y.toFixed(2)}) (Terrain 1.2)`;
    }
    const other = overlappingModel(world, m, f, zHere, undefined, nearModels);
    if (other) return `the model would pass through model ${other} at (${x.toFixed(2)}, ${y.toFixed(2)}) (Core 15.0)`;
    return null;
  };
  // Walk the climb between two samples, subdividing where the height changes steeply.
  const walk = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, depth: number) => {
    const ds = Math.hypot(x1 - x0, y1 - y0);
    const dz = z1 - z0;
    if (Math.abs(dz) <= 2 * ds || depth >= MAX_DEPTH) {
      // A vertical cliff (steeper than 89.9 degrees at the finest step): the base walks up to it,
      // then climbs straight up or down, so the piece costs ds + |dz| (not the hypotenuse).
      const cliff = depth >= MAX_DEPTH && Math.abs(dz) > 1000 * ds;
      cost += cliff ? ds + Math.abs(dz) : Math.hypot(ds, dz);
      climbed += Math.abs(dz);
      if (dz < -0.05 && depth >= MAX_DEPTH) {
        lastDrop = -dz;
        verticalSinceDrop = 0;
        horizontalAtDrop = horizontal - Math.hypot(stepEndX - x1, stepEndY - y1);
      } else {
        verticalSinceDrop += Math.abs(dz);
      }
      return;
    }
    const xm = (x0 + x1) / 2;
    const ym = (y0 + y1) / 2;
    const zm = surface(xm, ym);
    // A steep but even slope (the surface under the base rising steadily, e.g. along a battered
    // wall): the halves, the quarters... would all have the same slope, so their 3D lengths add up
    // to this piece's. Checked at the midpoint and the quarter points; a cliff or a bend anywhere
    // in it is off the chord at one of them and is subdivided as before.
    if (Math.abs(zm - (z0 + z1) / 2) <= EVEN_SLOPE_TOLERANCE && Math.abs(dz) <= 1000 * ds) {
      const zq = surface((x0 + xm) / 2, (y0 + ym) / 2);
      if (Math.abs(zq - (z0 + zm) / 2) <= EVEN_SLOPE_TOLERANCE) {
        const zr = surface((xm + x1) / 2, (ym + y1) / 2);
        if (Math.abs(zr - (zm + z1) / 2) <= EVEN_SLOPE_TOLERANCE) {
          cost += Math.hypot(ds, dz);
          climbed += Math.abs(dz);
          verticalSinceDrop += Math.abs(dz);
          return;
        }
      }
    }
    walk(x0, y0, z0, xm, ym, zm, depth + 1);
    walk(xm, ym, zm, x1, y1, z1, depth + 1);
  };
  // The models the base could meet anywhere along the path (its plan bounds grown by the two
  // bases' reach): the only ones each pose is checked against.
  let bx0 = sx;
  let by0 = sy;
  let bx1 = sx;
  let by1 = sy;
  for (const p of path) {
    bx0 = Math.min(bx0, p[0]);
    by0 = Math.min(by0, p[1]);
    bx1 = Math.max(bx1, p[0]);
    by1 = Math.max(by1, p[1]);
  }
  // (The model itself and the models it ignores are left out here, as overlappingModel would skip them.)
  const nearModels: ModelState[] = [];
  for (const o of world.models.values()) {
    if (o.id === m.id || opts.ignoreModels?.has(o.id)) continue;
    const r = reach + o.footprint.semiMajor;
    if (o.footprint.x + r >= bx0 && o.footprint.x - r <= bx1 && o.footprint.y + r >= by0 && o.footprint.y - r <= by1) nearModels.push(o);
  }
  // A drop just made may be the final jump (free, Core 15.2.1): nothing climbed since, and the
  // path ends within a step of where it landed (as the end's test below).
  const jumpCredit = () => (lastDrop > 0 && verticalSinceDrop < 1e-6 && planLength - horizontalAtDrop <= STEP + 1e-6 ? lastDrop : 0);
  const startProblem = checkPose(sx, sy, z);
  if (startProblem && !startProblem.includes('pass through')) return { ok: false, reason: startProblem, rule: ruleOf(startProblem) };
  let px = sx;
  let py = sy;
  for (let k = 1; k < path.length; k++) {
    const [tx, ty] = path[k];
    const len = Math.hypot(tx - px, ty - py);
    const n = Math.max(1, Math.ceil(len / STEP));
    for (let i = 1; i <= n; i++) {
      const x = px + ((tx - px) * i) / n;
      const y = py + ((ty - py) * i) / n;
      const xPrev = px + ((tx - px) * (i - 1)) / n;
      const yPrev = py + ((ty - py) * (i - 1)) / n;
      horizontal += len / n;
      if (fly) {
        const problem = checkPose(x, y, z);
        if (problem) return { ok: false, reason: problem, rule: ruleOf(problem) };
        continue;
      }
      const zNext = surface(x, y);
      const problem = checkPose(x, y, Math.max(z, zNext));
      if (problem) return { ok: false, reason: problem, rule: ruleOf(problem) };
      stepEndX = x;
      stepEndY = y;
      walk(xPrev, yPrev, z, x, y, zNext, 0);
      z = zNext;
      if ((endPose ? cost - jumpCredit() - JUMP_SLACK : cost) + (planLength - horizontal) - 1e-9 > maxInches) return OVER_BUDGET;
      if (stopOnClimb && climbed >= 1e-9) return CLIMBS;
    }
    px = tx;
    py = ty;
  }
  if (!endPose) return { ok: true, inches: fly ? horizontal : cost, endElevation: z, climbedInches: fly ? 0 : climbed };
  // The end pose.
  const end = place(px, py);
  const endSurface = highestSurfaceUnder(world.terrain, end);
  const endZ = endSurface.z;
  const support = supportAt(world.terrain, end, endZ);
  if (!(support.centreSupported && support.fraction >= 0.5)) {
    return { ok: false, reason: 'the model would end mid-climb: its base would not rest on a surface (Core 15.2, A-G28)', rule: 'Core 15.2' };
  }
  if (endSurface.featureIndex >= 0) {
    const f = world.terrain.features[endSurface.featureIndex];
    if (f.abilities.includes('unstable') && endZ > IGNORABLE_TERRAIN_HEIGHT_INCHES + 1e-9) {
      return { ok: false, reason: `the model would end on a part of Unstable terrain ${f.id} more than 1" tall (Terrain 1.2)`, rule: 'Terrain 1.2' };
    }
  }
  if (impassable.size && highestSurfaceUnder(world.terrain, end, onImpassable).featureIndex >= 0) {
    return { ok: false, reason: 'the model would end on Impassable terrain (Terrain 1.2)', rule: 'Terrain 1.2' };
  }
  const other = overlappingModel(world, m, end, endZ, opts.ignoreModels);
  if (other) return { ok: false, reason: `the model would end on or overlapping model ${other} (Core 15.0)`, rule: 'Core 15.0' };
  if (fly) return { ok: true, inches: horizontal, endElevation: endZ, climbedInches: 0 };
  // A drop that ends the path is a jump down: free, and it ends the move (Core 15.2.1), so the
  // model may not walk on after landing (at most one sampling step, STEP). A drop followed by
  // more walking is climbing down, and its vertical distance counts (Core 15.2).
  const jump = lastDrop > 0 && verticalSinceDrop < 1e-6 && horizontal - horizontalAtDrop <= STEP + 1e-9 ? lastDrop : 0;
  return { ok: true, inches: cost - jump, endElevation: endZ, climbedInches: climbed - jump };
}

/**
 * The height of the surface a base rests on at (x, y), as {@link walkMovePath} asks it at each of its
 * samples: the highest surface of the features taller than 1" under the base (Core 15.2), 0 where no
 * such feature's bounds reach (open ground, the common case, without a query).
 * @param base - the base's size and facing (its position is not used).
 */
function surfaceUnderBase(terrain: TerrainIndex, base: Footprint, tall: FeatureFilter, tallBounds: readonly (readonly number[])[]): (x: number, y: number) => number {
  const fp: Footprint = { ...base };
  const reach = base.semiMajor;
  return (x, y) => {
    let near = false;
    for (const b of tallBounds) {
      if (x + reach >= b[0] && x - reach <= b[3] && y + reach >= b[1] && y - reach <= b[4]) {
        near = true;
        break;
      }
    }
    if (!near) return 0;
    fp.x = x;
    fp.y = y;
    return highestSurfaceUnder(terrain, fp, tall).z;
  };
}

/** Samples of the walk between two heights of {@link pieceLowerBound} (every eighth: 0.16"). */
const BOUND_STRIDE = 8;

/**
 * A lower bound of what {@link walkMovePath} spends on the straight piece a → b (not as the end of
 * a move, `endPose` false), from the surface at every {@link BOUND_STRIDE}th of the walk's own
 * samples (the same points, so the same heights): the walk's cost is at least the 3D length through
 * its samples (a slope counts its 3D length, a cliff `ds + |dz|`, a subdivided piece at least its
 * chord), and that is at least the 3D length through every eighth of them (the triangle inequality),
 * plus the plan length of any rest not yet looked at. The search uses it to drop, without walking
 * them, pieces that cannot be cheap enough (the same decisions: the walk would cost more too). A
 * piece the walk would refuse (off the battlefield, through a model) is not told apart: the bound
 * is about cost only. FLY: the plan length (what FLY counts, Core 15.4).
 * @param stopAbove - the bound is returned as soon as it is over this (it is then still a lower
 *   bound, just not the best one). Default: walk the whole piece.
 * @returns inches, a lower bound of the walk's cost (to within rounding, well under 1e-9").
 */
export function pieceLowerBound(world: World, m: ModelState, a: readonly [number, number], b: readonly [number, number], opts: MovePathOptions, stopAbove = Infinity): number {
  const [px, py] = a;
  const [tx, ty] = b;
  const len = Math.hypot(tx - px, ty - py);
  if (opts.fly === true) return len;
  const { tall, tallBounds } = terrainKinds(world.terrain);
  const surface = surfaceUnderBase(world.terrain, m.footprint, tall, tallBounds);
  // The walk's samples: x = px + ((tx - px) * i) / n, as walkMovePath computes them.
  const n = Math.max(1, Math.ceil(len / STEP));
  let bound = 0;
  let x0 = px;
  let y0 = py;
  let z0 = surface(px, py);
  for (let i = Math.min(BOUND_STRIDE, n); ; i = Math.min(i + BOUND_STRIDE, n)) {
    const x = px + ((tx - px) * i) / n;
    const y = py + ((ty - py) * i) / n;
    const z = surface(x, y);
    bound += Math.hypot(Math.hypot(x - x0, y - y0), z - z0);
    if (i === n) return bound;
    const rest = Math.hypot(tx - x, ty - y);
    if (bound + rest > stopAbove) return bound + rest;
    x0 = x;
    y0 = y;
    z0 = z;
  }
}

/** What a walk asks of the terrain's features, built once per terrain (its features never change). */
interface TerrainKinds {
  /** Features taller than 1" (the others are moved over as if they were not there, Core 15.2). */
  tall: FeatureFilter;
  /** Indexes of the Impassable features (Terrain 1.2). */
  impassable: Set<number>;
  onImpassable: FeatureFilter;
  /** Plan bounds of the tall features (`[x0, y0, z0, x1, y1, z1]`). */
  tallBounds: readonly (readonly number[])[];
}

const kindsOf = new WeakMap<TerrainIndex, TerrainKinds>();

function terrainKinds(terrain: TerrainIndex): TerrainKinds {
  let k = kindsOf.get(terrain);
  if (k) return k;
  const tall: FeatureFilter = (i) => terrain.features[i].maxHeightInches > IGNORABLE_TERRAIN_HEIGHT_INCHES;
  const impassable = new Set(terrain.features.filter((f) => f.abilities.includes('impassable')).map((f) => f.index));
  k = { tall, impassable, onImpassable: (i) => impassable.has(i), tallBounds: terrain.features.filter((f) => tall(f.index)).map((f) => f.bounds) };
  kindsOf.set(terrain, k);
  return k;
}

/** The answer of a walk stopped by its budget (see {@link walkMovePath}). */
const OVER_BUDGET: MovePathResult = { ok: false, reason: 'the piece costs more than the search allows', rule: 'SEARCH budget' };
/** The answer of a walk stopped at its first climb (see {@link walkMovePath}). */
const CLIMBS: MovePathResult = { ok: false, reason: 'the path climbs', rule: 'SEARCH climbs' };

function ruleOf(reason: string): string {
  const m = /\((Core [0-9.]+|Terrain [0-9.]+)\)/.exec(reason);
  return m ? m[1] : 'Core 15.0';
}

/**
 * A model (other than `self` and those in `ignore`) whose base the footprint would overlap at
 * height z, or null (A-G30). `among`: the models to check (default every model of the world; a
 * caller that knows which ones are near passes those).
 */
export function overlappingModel(world: World, self: ModelState, f: Footprint, z: number, ignore?: Set<string>, among: Iterable<ModelState> = world.models.values()): string | null {
  for (const o of among) {
    if (o.id === self.id || ignore?.has(o.id)) continue;
    // Bounding circles apart: no overlap (cheap reject before the exact ellipse gap).
    const dx = o.footprint.x - f.x;
    const dy = o.footprint.y - f.y;
    const rr = o.footprint.semiMajor + f.semiMajor;
    if (dx * dx + dy * dy > rr * rr) continue;
    // Models at clearly different heights (one on a raised surface) do not collide (A-G30).
    if (z + self.heightInches <= o.elevation + 1e-6 || o.elevation + o.heightInches <= z + 1e-6) continue;
    if (footprintGap(f, o.footprint).signedInches < -1e-6) return o.id;
  }
  return null;
}
