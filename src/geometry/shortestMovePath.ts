import type { Footprint } from './footprint';
import { footprintGap } from './footprintGap';
import { movePathCost, overlappingModel, pieceLowerBound, walkMovePath, type MovePathOptions, type MovePathResult } from './movePath';
import { edgeCost, NodeHeap, RASTER_OFFSETS } from './rasterMoves';
import { highestSurfaceUnder, type FeatureFilter } from './standing';
import { IGNORABLE_TERRAIN_HEIGHT_INCHES } from './units';
import type { ModelState, World } from './world';

/** Options of {@link shortestMovePath}. */
export interface ShortestMovePathOptions extends MovePathOptions {
  /**
   * The longest path worth finding, inches of move: the search stays inside the ellipse of points
   * whose distances to the start and the goal add up to at most this. Default: twice the straight
   * distance plus 6".
   */
  reachInches?: number;
  /** The search raster's step, inches. Default 0.25 (coarser when the area would need more than 20,000 nodes). */
  stepInches?: number;
  /**
   * Bases the path must keep more than `inches` away from (plan-view gap), e.g. enemy models'
   * bases and the combat range (Core 14.1: a Normal Move or a Run may not enter combat range).
   * Ignored when the model starts within that distance. A goal within it is refused. Default none.
   */
  keepOut?: { footprints: readonly Footprint[]; inches: number };
}

/** Answer of {@link shortestMovePath}. */
export type ShortestMovePathResult =
  | {
      ok: true;
      /** Plan-view points in inches, from the model's position to the goal (the path the move takes). */
      path: [number, number][];
      /** The move this path spends, inches: {@link movePathCost} of `path` (the engine's own count). */
      inches: number;
      /** Where the model ends, inches above the table. */
      endElevation: number;
      /** Vertical inches climbed up and down along the path (counted in `inches`). */
      climbedInches: number;
      /** True when the path is the straight line from start to goal. */
      straight: boolean;
    }
  | { ok: false; reason: string; rule: string };

/** Most raster nodes a search may use. */
const MAX_NODES = 20000;

/**
 * The shortest legal path a model can take to a goal (Core 15.0, 15.2, 15.4; INVENTORY A-G9,
 * A-G30): around terrain and other models, climbing only where climbing is cheaper than going
 * round, as {@link movePathCost} counts it (the move's length is the 3D length along the surfaces:
 * climbing up and down counts, terrain 1" tall or less does not).
 *
 * - Open ground: when the straight line is legal and climbs nothing, it is the shortest (no path is
 *   shorter than the straight distance), and it is returned at once. FLY (Core 15.4) moves are
 *   always straight (only the horizontal distance counts, terrain and models are ignored).
 * - Otherwise an A* search on a raster around the start (step 0.25" by default) over the surfaces
 *   a moving base rests on (a node is open when the base there is on the battlefield, not over
 *   Impassable terrain and not overlapping another model at that height), with the layout lab's 16
 *   directions and step cost ({@link RASTER_OFFSETS}, {@link edgeCost}: `ds + |dz|` at cliffs,
 *   `hypot(ds, dz)` on slopes); then the raster path is straightened
 *   piece by piece where the straight piece is legal and costs no more (each piece walked exactly).
 * - The answer's `inches` is always {@link movePathCost} of the returned path, the engine's own
 *   count; the straight line is returned instead whenever it is legal and no dearer.
 *
 * The search is a heuristic on a raster (a gap narrower than the raster step may be missed); the
 * path it returns is exact and legal. The goal itself must be a legal end pose (else that refusal).
 * @param world - the table.
 * @param modelId - the moving model (it moves from where it stands).
 * @param goal - where its centre should end, plan-view inches.
 * @param opts - FLY, models not counted as obstacles (e.g. the unit's own, moving with it), the search's reach and step.
 * @returns the path and its cost, or `{ok: false, reason, rule}` (unknown model, the goal refused, no way found).
 */
export function shortestMovePath(world: World, modelId: string, goal: readonly [number, number], opts: ShortestMovePathOptions = {}): ShortestMovePathResult {
  const m = world.models.get(modelId);
  if (!m) return { ok: false, reason: `unknown model ${modelId}`, rule: 'SCENARIO movePath' };
  const sx = m.footprint.x;
  const sy = m.footprint.y;
  const gx = goal[0];
  const gy = goal[1];
  if (!Number.isFinite(gx) || !Number.isFinite(gy)) return { ok: false, reason: 'the goal must be finite numbers', rule: 'SCENARIO movePath' };
  const straightPath: [number, number][] = [
    [sx, sy],
    [gx, gy],
  ];
  const fp: Footprint = { ...m.footprint };
  // Keep-out bases (e.g. the combat ranges a Normal Move may not enter), unless the model starts in one.
  const keep = opts.keepOut && opts.fly !== true ? opts.keepOut : null;
  // Only the keep-out bases that can reach the search's box matter: every point the search tests
  // (raster nodes, pieces between them, the straight line) lies in the box of the ellipse of reach
  // round the start and the goal (see below), so a base farther from that box than its reach is
  // never within `keep.inches` of the moving base (the same answers as testing all of them).
  const dGoal = Math.hypot(gx - sx, gy - sy);
  const halfBox = Math.max(opts.reachInches ?? 2 * dGoal + 6, dGoal + 1e-6) / 2 + 1e-6;
  const keepNear = keep ? keep.footprints.filter((f) => {
    const r = keep.inches + fp.semiMajor + f.semiMajor + 1e-6;
    const ex = Math.max(0, Math.abs(f.x - (sx + gx) / 2) - halfBox);
    const ey = Math.max(0, Math.abs(f.y - (sy + gy) / 2) - halfBox);
    return ex * ex + ey * ey <= r * r;
  }) : [];
  const keptOut = (x: number, y: number): Footprint | null => {
    if (!keep) return null;
    fp.x = x;
    fp.y = y;
    for (const f of keepNear) {
      const r = keep.inches + fp.semiMajor + f.semiMajor;
      if ((f.x - x) * (f.x - x) + (f.y - y) * (f.y - y) > r * r) continue;
      if (footprintGap(fp, f).gapInches <= keep.inches) return f;
    }
    return null;
  };
  const activeKeep = keep && !keptOut(sx, sy);
  /** Whether a straight piece enters a keep-out base's distance (sampled every 0.05", as the engine checks a move). */
  const pieceKeptOut = (a: readonly [number, number], b: readonly [number, number]): boolean => {
    if (!activeKeep) return false;
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.05));
    for (let i = 1; i <= n; i++) if (keptOut(a[0] + ((b[0] - a[0]) * i) / n, a[1] + ((b[1] - a[1]) * i) / n)) return true;
    return false;
  };
  const pathKeptOut = (path: readonly (readonly [number, number])[]): boolean => path.some((p, i) => i > 0 && pieceKeptOut(path[i - 1], p));
  if (activeKeep) {
    const at = keptOut(gx, gy);
    if (at) return { ok: false, reason: `the model would end within ${keep!.inches}" of the base at (${at.x.toFixed(2)}, ${at.y.toFixed(2)})`, rule: 'Core 14.1' };
  }
  // The straight line, as movePathCost walks it (the path starts where the model stands). First
  // only as far as its first climb: a flat legal line is the answer; one that climbs is walked in
  // full only when the search's path is known (then no further than that path's cost).
  const keptOutStraight = (r: MovePathResult): MovePathResult =>
    r.ok && pathKeptOut(straightPath) ? { ok: false, reason: `the straight line passes within ${keep!.inches}" of another base`, rule: 'Core 14.1' } : r;
  const probe = keptOutStraight(walkMovePath(world, m, straightPath, opts, true, Infinity, opts.fly !== true));
  let straightKnown: MovePathResult | null = probe.ok || probe.rule !== 'SEARCH climbs' ? probe : null;
  /** The straight line's answer; with a budget, `null` when it surely costs more than that. */
  const straightUpTo = (budget = Infinity): MovePathResult | null => {
    if (straightKnown) return straightKnown;
    const r = walkMovePath(world, m, straightPath, opts, true, budget);
    if (!r.ok && r.rule === 'SEARCH budget') return null;
    straightKnown = keptOutStraight(r);
    return straightKnown;
  };
  const asAnswer = (path: [number, number][], r: MovePathResult, isStraight: boolean): ShortestMovePathResult =>
    r.ok ? { ok: true, path, inches: r.inches, endElevation: r.endElevation, climbedInches: r.climbedInches, straight: isStraight } : r;
  if (opts.fly === true || (probe.ok && probe.climbedInches < 1e-9)) return asAnswer(straightPath, probe, true);
  // The goal must be a legal end pose whatever the path (a one-point walk checks just that).
  const atGoal = walkMovePath(world, m, [[gx, gy]], opts, true);
  if (!atGoal.ok) return atGoal;

  const d = Math.hypot(gx - sx, gy - sy);
  const reach = Math.max(opts.reachInches ?? 2 * d + 6, d + 1e-6);
  /** The search found nothing better: the straight line when it is legal (it climbs), else why not. */
  const noWayRound = (): ShortestMovePathResult => {
    const straight = straightUpTo()!;
    return straight.ok ? asAnswer(straightPath, straight, true) : { ok: false, reason: `${straight.reason}, and no way around was found within ${Math.round(reach * 10) / 10}"`, rule: straight.rule };
  };
  // The search box: the ellipse's bounding box (centre the foci's midpoint, half-size reach / 2), on the table.
  const cx = (sx + gx) / 2;
  const cy = (sy + gy) / 2;
  const half = reach / 2;
  const x0 = Math.max(0, cx - half);
  const x1 = Math.min(world.widthInches, cx + half);
  const y0 = Math.max(0, cy - half);
  const y1 = Math.min(world.depthInches, cy + half);
  let step = opts.stepInches ?? 0.25;
  step = Math.max(step, Math.sqrt(((x1 - x0) * (y1 - y0)) / MAX_NODES));
  // Nodes at (sx + i * step, sy + j * step): the start is a node.
  const i0 = Math.ceil((x0 - sx) / step - 1e-9);
  const i1 = Math.floor((x1 - sx) / step + 1e-9);
  const j0 = Math.ceil((y0 - sy) / step - 1e-9);
  const j1 = Math.floor((y1 - sy) / step + 1e-9);
  const nx = i1 - i0 + 1;
  const ny = j1 - j0 + 1;
  if (nx < 1 || ny < 1) return noWayRound();
  const count = nx * ny;
  // Per node: 0 unknown, 1 open, 2 closed; its surface z.
  const state = new Uint8Array(count);
  const zOf = new Float64Array(count);
  const tall: FeatureFilter = (i) => world.terrain.features[i].maxHeightInches > IGNORABLE_TERRAIN_HEIGHT_INCHES;
  const impassable = world.terrain.features.filter((f) => f.abilities.includes('impassable')).map((f) => f.index);
  const onImpassable: FeatureFilter = (i) => impassable.includes(i);
  const xOf = (k: number) => sx + ((k % nx) + i0) * step;
  const yOf = (k: number) => sy + (Math.floor(k / nx) + j0) * step;
  const startK = (0 - j0) * nx + (0 - i0);
  // The models a base at a node could overlap: those whose bounding circle reaches the nodes' box
  // (less the moving model and the models it ignores, which overlappingModel would skip).
  const modelsNear: ModelState[] = [];
  for (const o of world.models.values()) {
    if (o.id === m.id || opts.ignoreModels?.has(o.id)) continue;
    const r = o.footprint.semiMajor + fp.semiMajor + 1e-6;
    const ex = Math.max(0, x0 - o.footprint.x, o.footprint.x - x1);
    const ey = Math.max(0, y0 - o.footprint.y, o.footprint.y - y1);
    if (ex * ex + ey * ey <= r * r) modelsNear.push(o);
  }
  const open = (k: number): boolean => {
    if (state[k] !== 0) return state[k] === 1;
    const x = xOf(k);
    const y = yOf(k);
    let ok = k === startK || Math.hypot(x - sx, y - sy) + Math.hypot(x - gx, y - gy) <= reach + 1e-9;
    if (ok) {
      fp.x = x;
      fp.y = y;
      ok = world.footprintOnBattlefield(fp) && !(activeKeep && k !== startK && keptOut(x, y));
      fp.x = x;
      fp.y = y;
      if (ok && impassable.length && highestSurfaceUnder(world.terrain, fp, onImpassable).featureIndex >= 0) ok = false;
      if (ok) {
        const z = highestSurfaceUnder(world.terrain, fp, tall).z;
        zOf[k] = z;
        if (k !== startK && overlappingModel(world, m, fp, z, undefined, modelsNear)) ok = false;
      }
    }
    state[k] = ok ? 1 : 2;
    return ok;
  };
  // The goal node: the open node nearest the goal among the four around it.
  const gi = (gx - sx) / step;
  const gj = (gy - sy) / step;
  let goalK = -1;
  let goalGap = Infinity;
  for (const i of [Math.floor(gi), Math.ceil(gi)]) {
    for (const j of [Math.floor(gj), Math.ceil(gj)]) {
      if (i < i0 || i > i1 || j < j0 || j > j1) continue;
      const k = (j - j0) * nx + (i - i0);
      const gap = Math.hypot(sx + i * step - gx, sy + j * step - gy);
      if (gap < goalGap && open(k)) {
        goalGap = gap;
        goalK = k;
      }
    }
  }
  if (goalK < 0) return noWayRound();
  open(startK);

  // A* (a binary heap of node indices keyed by f = g + straight distance to the goal node).
  const g = new Float64Array(count).fill(Infinity);
  const from = new Int32Array(count).fill(-1);
  const done = new Uint8Array(count);
  const heap = new NodeHeap();
  const gxN = xOf(goalK);
  const gyN = yOf(goalK);
  const lens = RASTER_OFFSETS.map((o) => Math.hypot(o[0], o[1]) * step);
  g[startK] = 0;
  heap.push(startK, Math.hypot(gxN - sx, gyN - sy));
  let found = false;
  while (heap.size > 0) {
    heap.pop();
    const k = heap.top;
    if (done[k]) continue;
    done[k] = 1;
    if (k === goalK) {
      found = true;
      break;
    }
    const ki = k % nx;
    const kj = Math.floor(k / nx);
    const zk = zOf[k];
    for (let e = 0; e < RASTER_OFFSETS.length; e++) {
      const o = RASTER_OFFSETS[e];
      const ni = ki + o[0];
      const nj = kj + o[1];
      if (ni < 0 || ni >= nx || nj < 0 || nj >= ny) continue;
      const n = nj * nx + ni;
      if (done[n] || !open(n)) continue;
      let crossedOk = true;
      for (let c = 2; c < o.length && crossedOk; c += 2) {
        const ci = ki + o[c];
        const cj = kj + o[c + 1];
        crossedOk = ci >= 0 && ci < nx && cj >= 0 && cj < ny && open(cj * nx + ci);
      }
      if (!crossedOk) continue;
      const cost = g[k] + edgeCost(lens[e], zOf[n] - zk);
      if (cost < g[n]) {
        g[n] = cost;
        from[n] = k;
        heap.push(n, cost + Math.hypot(gxN - xOf(n), gyN - yOf(n)));
      }
    }
  }
  if (!found) return noWayRound();

  // The raster path, start to goal, with its cumulative raster cost.
  const nodes: number[] = [];
  for (let k = goalK; k >= 0; k = from[k]) nodes.push(k);
  nodes.reverse();
  const points: [number, number][] = nodes.map((k, i) => (i === 0 ? [sx, sy] : [xOf(k), yOf(k)]));
  const cum = nodes.map((k) => g[k]);
  if (goalGap > 1e-9) {
    points.push([gx, gy]);
    cum.push(cum[cum.length - 1] + goalGap);
  }
  const walkPiece = pieceWalker(world, m, opts);
  // Straighten: from each anchor, reach as far along the raster path as a legal straight piece
  // that costs no more than the raster path between the same points.
  const smooth: [number, number][] = [points[0]];
  let anchor = 0;
  while (anchor < points.length - 1) {
    let j = anchor + 1;
    while (j + 1 < points.length) {
      const allowed = cum[j + 1] - cum[anchor] + 1e-6;
      // Surely dearer than allowed (its lower bound says so): the walk below would refuse it too.
      if (pieceLowerBound(world, m, points[anchor], points[j + 1], opts, allowed + BOUND_MARGIN) > allowed + BOUND_MARGIN) break;
      const piece = walkPiece(points[anchor], points[j + 1], allowed);
      if (!piece.ok || piece.inches > allowed || pieceKeptOut(points[anchor], points[j + 1])) break;
      j++;
    }
    smooth.push(points[j]);
    anchor = j;
  }
  tighten(world, m, smooth, opts, pieceKeptOut, walkPiece);
  const exactMove = movePathCost(world, modelId, smooth, opts);
  const exact: MovePathResult = exactMove.ok && pathKeptOut(smooth) ? { ok: false, reason: 'the path passes too close to another base', rule: 'Core 14.1' } : exactMove;
  // The straight line is walked no further than it could still be as cheap as the path found.
  const straight = straightUpTo(exact.ok ? exact.inches + 1e-9 : Infinity);
  if (exact.ok && (!straight || !straight.ok || exact.inches < straight.inches - 1e-9)) return asAnswer(smooth, exact, false);
  if (straight?.ok) return asAnswer(straightPath, straight, true);
  if (exact.ok) return asAnswer(smooth, exact, false);
  return noWayRound();
}

/**
 * How far a piece's lower bound ({@link pieceLowerBound}) must be over a threshold, inches, for the
 * search to drop the piece unwalked: far above the rounding of either sum (under 1e-12" here).
 */
const BOUND_MARGIN = 1e-6;

/** A piece's walk ({@link walkMovePath} without the end pose, with a budget): see {@link pieceWalker}. */
type PieceWalk = (a: readonly [number, number], b: readonly [number, number], budget: number) => MovePathResult;

/** Most piece walks {@link pieceWalker} keeps per World between two model changes (then it starts afresh). */
const PIECE_WALKS_KEPT = 50000;

/**
 * The walks of the search's pieces (straightening and {@link tighten}), kept on the World until any
 * model changes (`World.memoize`, cleared by `setModel` / `removeModel`): a piece's walk depends only
 * on the table, the other models, the moving model (its base and id) and the options, so the same
 * piece asked again (the next pointer move's search from the same start, issue 35 item 6) is not
 * walked again. Kept: complete answers only (a legal piece's cost, or why it is illegal), never a
 * walk stopped by its budget. A kept answer is returned whatever the budget asked: where the walk
 * with that budget would have stopped instead (`SEARCH budget`), the kept answer is a legal piece
 * dearer than the budget or an illegal one, which every caller refuses the same way; a legal piece
 * within the budget is the walk's own answer (its budget never stops a walk that costs no more).
 */
function pieceWalker(world: World, m: ModelState, opts: MovePathOptions): PieceWalk {
  const kept = world.memoize('shortestMovePath pieces', () => ({ size: 0, byModel: new Map<string, Map<string, MovePathResult>>() }));
  const who = `${m.id}|${opts.fly === true}|${opts.passBelowInches ?? ''}|${opts.ignoreModels ? [...opts.ignoreModels].sort().join(',') : ''}`;
  let pieces = kept.byModel.get(who);
  return (a, b, budget) => {
    const key = `${a[0]},${a[1]},${b[0]},${b[1]}`;
    const hit = pieces?.get(key);
    if (hit) return hit;
    const r = walkMovePath(world, m, [a, b], opts, false, budget);
    if (r.ok || r.rule !== 'SEARCH budget') {
      if (kept.size >= PIECE_WALKS_KEPT) {
        kept.byModel.clear();
        kept.size = 0;
        pieces = undefined;
      }
      if (!pieces) kept.byModel.set(who, (pieces = new Map()));
      pieces.set(key, r);
      kept.size++;
    }
    return r;
  };
}

/** Passes of {@link tighten} over the path's corners. */
const TIGHTEN_PASSES = 4;
/** Smallest fraction of the way to the chord a corner is moved by (halved from 1/2). */
const TIGHTEN_MIN_FRACTION = 1 / 64;

/**
 * Pulls the path taut, in place: each corner is moved toward the midpoint of its neighbours'
 * chord (by 1/2, 1/4, ... 1/64 of the way) when both pieces through it stay legal and cost less,
 * walked exactly ({@link walkMovePath}). The raster puts corners on its nodes; this brings them
 * close to where the obstacle's outline would have them.
 */
function tighten(
  world: World,
  m: NonNullable<ReturnType<World['models']['get']>>,
  path: [number, number][],
  opts: MovePathOptions,
  refused: (a: readonly [number, number], b: readonly [number, number]) => boolean,
  walk: PieceWalk,
): void {
  // A piece's cost, Infinity when it is illegal or (with a budget) dearer than the budget: each
  // candidate corner only has to beat the path it would replace, so its walk stops once it cannot.
  const known = new Map<string, number>();
  const cost = (a: readonly [number, number], b: readonly [number, number], budget = Infinity): number => {
    const key = `${a[0]},${a[1]},${b[0]},${b[1]}`;
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    if (refused(a, b)) return Infinity;
    const r = walk(a, b, budget);
    const inches = r.ok ? r.inches : Infinity;
    // Only complete answers are kept (a walk stopped by its budget says only "more than that").
    if (r.ok || r.rule !== 'SEARCH budget') known.set(key, inches);
    return inches;
  };
  // A corner a pass left where it was, between the same two neighbours, is left there again by a
  // later pass: its candidates, their bounds and walks depend only on those three points (and the
  // table), so the decision is the same (issue 35 item 6: the same path with fewer walks). Per
  // corner: the three points it last stayed put with (compared by identity: a moved corner is a new array).
  const stayed: ([readonly [number, number], readonly [number, number], readonly [number, number]] | null)[] = path.map(() => null);
  for (let pass = 0; pass < TIGHTEN_PASSES; pass++) {
    let moved = false;
    for (let i = 1; i < path.length - 1; i++) {
      const a = path[i - 1];
      const b = path[i + 1];
      const v = path[i];
      const last = stayed[i];
      if (last && last[0] === a && last[1] === v && last[2] === b) continue;
      const mx = (a[0] + b[0]) / 2;
      const my = (a[1] + b[1]) / 2;
      const now = cost(a, v) + cost(v, b);
      // A candidate wins only when its two pieces cost under now - 1e-9 together.
      const over = now - 1e-9 + BOUND_MARGIN;
      for (let t = 0.5; t >= TIGHTEN_MIN_FRACTION; t /= 2) {
        const c: [number, number] = [v[0] + (mx - v[0]) * t, v[1] + (my - v[1]) * t];
        // Both pieces' lower bounds first (a few heights each, the walks' own): a candidate they
        // price over `now` would lose after its walks (the same decision, without walking them).
        const low = pieceLowerBound(world, m, a, c, opts, over);
        if (low > over || low + pieceLowerBound(world, m, c, b, opts, over - low) > over) continue;
        const first = cost(a, c, now);
        if (first < now && first + cost(c, b, now - first) < now - 1e-9) {
          path[i] = c;
          moved = true;
          break;
        }
      }
      stayed[i] = path[i] === v ? [a, v, b] : null;
    }
    if (!moved) break;
  }
}

