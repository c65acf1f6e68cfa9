import { circleFootprint } from '../geometry/footprint';
import { footprintGap } from '../geometry/footprintGap';
import { footprintInsidePolygon } from '../geometry/polygon';
import { COMBAT_RANGE_INCHES, EPSILON_INCHES } from '../geometry/units';
import { DEFAULT_SAMPLE_SPACING_INCHES } from '../geometry/visibility';
import type { World } from '../geometry/world';
import { classFootprint, DEFAULT_CLASS_ID, modelClass, type ModelClass } from './classes';
import { fireLanes, type FireLanes } from './fireLanes';
import { buildMoveRaster, moveDistances, moveStepFor, territoryCosts, type MoveRaster } from './moveField';
import { TargetingRules } from './obscuring';
import { greedyPacking } from './packing';
import { relateSpotsSteps, SpotSamples, type SpotRelation } from './spotVisibility';
import { movingSurfaceZ, standingElevation, standingSpots, terrainRules, type SpotGrid, type TerrainRules } from './standingSpots';

/** Options of the layout analysis (LAYOUT.md). Lengths in inches. */
export interface LayoutOptions {
  /** Spacing of the standing-spot grid (default 1"). */
  grid?: number;
  /** Class ids (default `['infantry']`). */
  classes?: string[];
  /** Move that defines the enemies' threat zone (default 0: their territory itself). */
  threat?: number;
  /** `fast` (default) or `exhaustive` (every sample pair of every spot pair; for checking). */
  mode?: 'fast' | 'exhaustive';
  /** Visibility sample spacing (default 0.25", the spacing of `visible`). */
  spacingInches?: number;
  /** Cell of the fire-lane grid (default 2"). */
  laneCellInches?: number;
  /** Ranges of the graded targetable exposure `within` (default 12, 18 and 24 inches). */
  ranges?: number[];
}

/** The ranges of `within` when none are asked for (LAYOUT.md). */
export const DEFAULT_RANGES_INCHES: readonly number[] = [12, 18, 24];

/**
 * One spot of a heatmap: `[x, y, z, share, targetableShare, nearestTargetInches]`: its plan centre
 * and elevation (inches), the share of the threat zone's spots that see it, the share that could
 * target it with a shooting attack (visible and not protected by Obscuring terrain, Terrain 1.2),
 * and the plan gap between its base and the nearest base that could (null when none can).
 */
export type HeatSpot = [number, number, number, number, number, number | null];

/** Per territory and class. */
export interface TerritoryLayout {
  /** Standing spots wholly within the territory. */
  spots: number;
  /** Share of them seen from some spot of the enemies' threat zone (0 when the zone is empty). */
  exposure: number;
  /** Bases that fit on its unexposed spots (greedy packing, see `packing.ts`). */
  hidingCapacity: number;
  exposedSpots: number;
  /** Standing spots in its enemies' threat zone. */
  threatZoneSpots: number;
  /** Every spot of the territory with its share of the threat zone that sees it. */
  heatmap: HeatSpot[];
  /** Where the bases of the hiding capacity stand, `[x, y, z]`. */
  hidingPlaces: [number, number, number][];
  fireLanes: { cellInches: number; nx: number; ny: number; share: number[]; lines: number };
  /**
   * Share of its standing spots where a model of the class could be picked as the target of a
   * shooting attack by a model at some spot of the threat zone: visible (Core 6.0) and not behind
   * or wholly on an Obscuring feature unless within 3" of the shooter (Terrain 1.2 as printed in
   * 004). At most `exposure`.
   */
  targetable: number;
  targetableSpots: number;
  /** Mean over its spots of the share of the threat zone's spots that see the spot (0..1). */
  meanSeen: number;
  /** Mean over its spots of the share of the threat zone's spots that could target it (0..1). */
  meanTargetable: number;
  /** Per range (inches, as a key: `"12"`), the targetable share counting only threat-zone spots whose base is within that range of the spot's base (plan gap). */
  within: Record<string, number>;
}

/** Per objective and territory. */
export interface ObjectiveReach {
  /** Least move (climbing counted) from the territory to a spot where a model contests the objective (Core 32.1); null when none can be reached. */
  reach: number | null;
  /** Share of the objective's contesting spots seen from the territory's enemies' threat zone (null when it has none). */
  exposed: number | null;
  contestingSpots: number;
}

export interface ClassLayout {
  id: string;
  threat: number;
  territories: Record<string, TerritoryLayout>;
  objectives: Record<string, Record<string, ObjectiveReach>>;
  /** Largest difference of exposure between two territories. */
  asymmetry: number;
  /** Largest difference of `targetable` between two territories. */
  asymmetryTargetable: number;
  /** Visibility work: spot pairs decided, node pairs and segment tests spent, milliseconds. */
  work: { spotPairs: number; nodePairs: number; segmentTests: number; ms: number };
}

export interface LayoutReport {
  grid: number;
  mode: 'fast' | 'exhaustive';
  sampleSpacingInches: number;
  classes: ClassLayout[];
}

/** Progress of a run: the class being analysed, its stage and the share of the whole run done. */
export interface LayoutProgress {
  classId: string;
  stage: 'spots' | 'moves' | 'visibility' | 'objectives' | 'report';
  done: number;
}

/** Problems with options (each a sentence naming the option); empty when they are fine. */
export function layoutOptionProblems(world: World, opts: LayoutOptions): string[] {
  const problems: string[] = [];
  const names = Object.keys(world.territories);
  if (names.length < 2) problems.push(`territories: the layout analysis needs at least two territories (found ${names.length}${names.length ? `: ${names.join(', ')}` : ''})`);
  const grid = opts.grid ?? 1;
  if (!(grid > 0) || !Number.isFinite(grid)) problems.push(`--grid: must be a positive number of inches (got ${grid})`);
  const threat = opts.threat ?? 0;
  if (!(threat >= 0) || !Number.isFinite(threat)) problems.push(`--threat: must be 0 or more inches (got ${threat})`);
  for (const r of opts.ranges ?? []) if (!(r > 0) || !Number.isFinite(r)) problems.push(`--ranges: each range must be a positive number of inches (got ${r})`);
  if (opts.ranges && opts.ranges.length === 0) problems.push('--ranges: give at least one range in inches');
  for (const id of opts.classes ?? []) if (!modelClass(id)) problems.push(`--class: unknown class "${id}" (known: infantry, cavalry, monster)`);
  return problems;
}

/** The raster node under a grid spot. */
function nodeOf(r: MoveRaster, x: number, y: number): number {
  return Math.round(y / r.step) * r.nx + Math.round(x / r.step);
}

/** Index arrays of the spots for which `keep` holds. */
function select(spots: SpotGrid, keep: (i: number) => boolean): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < spots.count; i++) if (keep(i)) out.push(i);
  return Int32Array.from(out);
}

function sameSet(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The layout analysis (LAYOUT.md), step by step: a generator that yields progress between steps
 * (each step a few milliseconds to a few hundred: one group of up to 16 spots searched against a
 * whole threat zone), so a worker can report it, yield to its event loop and stop by not resuming.
 * Pure: a function of the world's terrain, objectives and territories (its units are ignored).
 * @returns (as the generator's return value) the report.
 * @throws Error when {@link layoutOptionProblems} finds a problem.
 */
export function* analyseLayoutSteps(world: World, opts: LayoutOptions = {}): Generator<LayoutProgress, LayoutReport, void> {
  // Asks for no relation (each is searched in this thread, step by step).
  return yield* (layoutCore(world, opts, false) as Generator<LayoutProgress, LayoutReport, void>);
}

/** A relation the analysis asks its driver for (see {@link analyseLayoutParallel}). */
export interface RelateAsk {
  ask: 'relate';
  /** The class's sample trees (one per class: its relations share their composed set trees). */
  samples: SpotSamples;
  rows: Int32Array;
  cols: Int32Array;
  form: 'pairs' | 'rows';
  mode: 'fast' | 'exhaustive';
  /** The share of the whole run done (0..1) when the relation starts and when it ends, as `layoutCore` reports progress (drivers move their bar between them). */
  progress?: [from: number, to: number];
}
export type CoreStep = LayoutProgress | RelateAsk;

/**
 * The analysis; with `ask`, every spot relation is yielded as a {@link RelateAsk} and the driver
 * resumes it with the relation (searched elsewhere, on several threads); without, they are
 * searched here step by step, progress yielded between steps. Internal: drivers are
 * {@link analyseLayoutSteps} and the engine's layout job; `analyseLayoutParallel` (`parallel.ts`,
 * Node only) runs the same three parts ({@link layoutPlan}, {@link classSetup}, {@link classReport})
 * as a pipeline over its threads.
 */
export function* layoutCore(world: World, opts: LayoutOptions, ask: boolean): Generator<CoreStep, LayoutReport, SpotRelation | undefined> {
  const plan = layoutPlan(world, opts);
  const report: LayoutReport = { grid: plan.grid, mode: plan.mode, sampleSpacingInches: plan.spacing, classes: [] };
  const n = plan.classes.length;
  for (let c = 0; c < n; c++) {
    const cls = plan.classes[c];
    const at = (stage: LayoutProgress['stage'], share: number): LayoutProgress => ({ classId: cls.id, stage, done: (c + share) / n });
    yield at('spots', 0);
    const t0 = performance.now();
    const spots = standingSpots(plan.rules, cls, plan.grid);
    yield at('moves', 0.02);
    const setup = classSetup(world, plan, cls, spots, t0);
    yield at('visibility', 0.05);
    const relations: SpotRelation[] = [];
    const pairsAsks = setup.asks.filter((a) => a.form === 'pairs').length;
    for (let k = 0; k < setup.asks.length; k++) {
      const a = setup.asks[k];
      // Territories' relations (pairs) take the visibility stage, the objectives' (rows) the last.
      const share = (part: number) => (a.form === 'pairs' ? 0.05 + (0.8 * (k + part)) / Math.max(1, pairsAsks) : 0.86 + (0.12 * (k - pairsAsks + part)) / Math.max(1, setup.asks.length - pairsAsks));
      if (a.form === 'rows' && (k === 0 || setup.asks[k - 1].form === 'pairs')) yield at('objectives', 0.86);
      if (ask) {
        relations.push((yield { ...a, progress: [(c + share(0)) / n, (c + share(1)) / n] }) as SpotRelation);
        yield at(a.form === 'pairs' ? 'visibility' : 'objectives', share(1));
        continue;
      }
      const it = relateSpotsSteps(a.samples, world.terrain.occluders, a.rows, a.cols, { mode: a.mode, form: a.form });
      for (;;) {
        const r = it.next();
        if (r.done) {
          relations.push(r.value);
          break;
        }
        yield at(a.form === 'pairs' ? 'visibility' : 'objectives', share(r.value));
      }
    }
    report.classes.push(classReport(world, plan, setup, relations));
    yield at('report', 1);
  }
  return report;
}

/** The run's settings, checked, and what every class shares (the terrain's standing rules). */
export interface LayoutPlan {
  grid: number;
  threat: number;
  mode: 'fast' | 'exhaustive';
  spacing: number;
  laneCell: number;
  /** Ranges of `within`, inches, ascending, without repeats. */
  ranges: number[];
  classes: ModelClass[];
  rules: TerrainRules;
}

/**
 * The run's settings and shared terrain rules.
 * @throws Error when {@link layoutOptionProblems} finds a problem.
 */
export function layoutPlan(world: World, opts: LayoutOptions): LayoutPlan {
  const problems = layoutOptionProblems(world, opts);
  if (problems.length) throw new Error(problems.join('; '));
  return {
    grid: opts.grid ?? 1,
    threat: opts.threat ?? 0,
    mode: opts.mode ?? 'fast',
    spacing: opts.spacingInches ?? DEFAULT_SAMPLE_SPACING_INCHES,
    laneCell: opts.laneCellInches ?? 2,
    ranges: [...new Set(opts.ranges ?? DEFAULT_RANGES_INCHES)].sort((a, b) => a - b),
    classes: (opts.classes?.length ? opts.classes : [DEFAULT_CLASS_ID]).map((id) => modelClass(id)!),
    rules: terrainRules(world),
  };
}

/**
 * Everything a class's report needs but the spot relations: its spots, moves, territories' spots,
 * threat zones, objectives' contesting spots, and the relations to search ({@link ClassSetup.asks}:
 * one `pairs` relation per territory whose relation is not the transpose of an earlier one's, then
 * one `rows` relation per territory for the objectives).
 */
export interface ClassSetup {
  cls: ModelClass;
  spots: SpotGrid;
  /** The spots' sample trees, at the plan's spacing (the asks carry them). */
  samples: SpotSamples;
  raster: MoveRaster;
  names: string[];
  /** Per territory: move from it to every raster node. */
  fromTerritory: Float64Array[];
  inside: Int32Array[];
  zones: Int32Array[];
  /** Per territory: an earlier territory whose relation this one's is the transpose of, or -1. */
  twins: number[];
  contesting: Int32Array[];
  union: Int32Array;
  asks: RelateAsk[];
  /** `performance.now()` when the class started (for `work.ms`). */
  t0: number;
}

/** A class's {@link ClassSetup} on its standing spots. */
export function classSetup(world: World, plan: LayoutPlan, cls: ModelClass, spots: SpotGrid, t0 = performance.now()): ClassSetup {
  const names = Object.keys(world.territories);
  const raster = buildMoveRaster(plan.rules, cls, moveStepFor(plan.grid));
  // Move from each territory (its models set up wholly within it, Core 9.1.2).
  const fromTerritory = names.map((n) => moveDistances(raster, territoryCosts(raster, cls, [world.territories[n]])));
  const spotNode = Int32Array.from({ length: spots.count }, (_, i) => nodeOf(raster, spots.x[i], spots.y[i]));
  const f = classFootprint(cls, 0, 0);
  const inside = names.map((n) => select(spots, (i) => ((f.x = spots.x[i]), (f.y = spots.y[i]), footprintInsidePolygon(f, world.territories[n]))));
  // The enemies' threat zone of territory k: spots within `threat` of any other territory.
  const zones = names.map((_, k) => select(spots, (i) => names.some((__, j) => j !== k && fromTerritory[j][spotNode[i]] <= plan.threat + EPSILON_INCHES)));
  // Visibility is symmetric: a pair of territories whose zones are each other's spots is searched once.
  const twins = names.map((_, k) => {
    for (let j = 0; j < k; j++) if (sameSet(inside[k], zones[j]) && sameSet(zones[k], inside[j])) return j;
    return -1;
  });
  // Contesting spots of every objective (Core 32.1: the marker within the base's 3" combat range).
  const contesting = [...world.objectives.values()].map((o) => {
    const marker = circleFootprint(o.x, o.y, o.diameterInches / 2);
    return select(spots, (i) => ((f.x = spots.x[i]), (f.y = spots.y[i]), footprintGap(f, marker).gapInches <= COMBAT_RANGE_INCHES + EPSILON_INCHES));
  });
  const union = Int32Array.from(new Set(contesting.flatMap((s) => Array.from(s)))).sort();
  const samples = new SpotSamples(spots, cls, plan.spacing);
  const asks: RelateAsk[] = [];
  names.forEach((_, k) => {
    if (twins[k] < 0) asks.push({ ask: 'relate', samples, rows: inside[k], cols: zones[k], form: 'pairs', mode: plan.mode });
  });
  names.forEach((_, k) => asks.push({ ask: 'relate', samples, rows: union, cols: zones[k], form: 'rows', mode: plan.mode }));
  return { cls, spots, samples, raster, names, fromTerritory, inside, zones, twins, contesting, union, asks, t0 };
}

/** A class's report from its setup and the answers to its asks (in their order). */
export function classReport(world: World, plan: LayoutPlan, setup: ClassSetup, answers: SpotRelation[]): ClassLayout {
  const { cls, spots, raster, names, fromTerritory, inside, zones, twins, contesting, union } = setup;
  const work = { spotPairs: 0, nodePairs: 0, segmentTests: 0, ms: 0 };
  for (const r of answers) {
    work.spotPairs += r.rows * r.cols;
    work.nodePairs += r.nodePairs;
    work.segmentTests += r.segmentTests;
  }
  let next = 0;
  const relations: SpotRelation[] = [];
  for (let k = 0; k < names.length; k++) relations.push(twins[k] >= 0 ? transpose(relations[twins[k]]) : answers[next++]);
  const seenFrom = names.map(() => answers[next++].rowSeen);
  const territories: Record<string, TerritoryLayout> = {};
  const exposures: number[] = [];
  const targetables: number[] = [];
  const laneSets: FireLanes[] = [];
  const targeting = new TargetingRules(world, cls, spots);
  names.forEach((name, k) => {
    const rel = relations[k];
    const S = inside[k];
    const T = zones[k];
    const heatmap: HeatSpot[] = [];
    const hidden: number[] = [];
    let exposed = 0;
    let targetableSpots = 0;
    let sumSeen = 0;
    let sumTargetable = 0;
    const withinCount = plan.ranges.map(() => 0);
    for (let r = 0; r < S.length; r++) {
      const i = S[r];
      const g = graded(targeting, rel.seen, r, T, i);
      if (rel.rowSeen[r]) exposed++;
      else hidden.push(i);
      if (g.targeting > 0) targetableSpots++;
      plan.ranges.forEach((range, q) => {
        if (g.nearest <= range + EPSILON_INCHES) withinCount[q]++;
      });
      const seenShare = T.length ? g.seeing / T.length : 0;
      const targetShare = T.length ? g.targeting / T.length : 0;
      sumSeen += seenShare;
      sumTargetable += targetShare;
      heatmap.push([spots.x[i], spots.y[i], round3(spots.z[i]), round3(seenShare), round3(targetShare), g.targeting > 0 ? round3(g.nearest) : null]);
    }
    const packing = greedyPacking(spots, cls, hidden);
    // A transposed relation's lines are its twin's, walked alike (see fireLanes): the same lanes.
    const lanes: FireLanes = twins[k] >= 0 ? laneSets[twins[k]] : fireLanes(world.widthInches, world.depthInches, plan.laneCell, rel.seen, pick(spots.x, S), pick(spots.y, S), pick(spots.x, T), pick(spots.y, T));
    laneSets.push(lanes);
    const exposure = S.length ? exposed / S.length : 0;
    exposures.push(exposure);
    const share = (n: number) => (S.length ? n / S.length : 0);
    targetables.push(share(targetableSpots));
    territories[name] = {
      spots: S.length,
      exposure,
      hidingCapacity: packing.count,
      exposedSpots: exposed,
      threatZoneSpots: T.length,
      heatmap,
      hidingPlaces: packing.placed.map((i) => [spots.x[i], spots.y[i], round3(spots.z[i])]),
      fireLanes: { cellInches: lanes.cellInches, nx: lanes.nx, ny: lanes.ny, share: Array.from(lanes.share, round3), lines: lanes.lines },
      targetable: share(targetableSpots),
      targetableSpots,
      meanSeen: share(sumSeen),
      meanTargetable: share(sumTargetable),
      within: Object.fromEntries(plan.ranges.map((range, q) => [String(range), share(withinCount[q])])),
    };
  });
  const unionIndex = new Map<number, number>();
  union.forEach((s, i) => unionIndex.set(s, i));
  const objectives: Record<string, Record<string, ObjectiveReach>> = {};
  [...world.objectives.values()].forEach((o, oi) => {
    const marker = circleFootprint(o.x, o.y, o.diameterInches / 2);
    const perTerritory: Record<string, ObjectiveReach> = {};
    names.forEach((name, k) => {
      const C = contesting[oi];
      let seen = 0;
      for (const s of C) seen += seenFrom[k][unionIndex.get(s)!];
      perTerritory[name] = { reach: objectiveReach(plan.rules, cls, raster, fromTerritory[k], marker), exposed: C.length ? seen / C.length : null, contestingSpots: C.length };
    });
    objectives[o.id] = perTerritory;
  });
  work.ms = Math.round(performance.now() - setup.t0);
  return {
    id: cls.id,
    threat: plan.threat,
    territories,
    objectives,
    asymmetry: exposures.length ? Math.max(...exposures) - Math.min(...exposures) : 0,
    asymmetryTargetable: targetables.length ? Math.max(...targetables) - Math.min(...targetables) : 0,
    work,
  };
}

/**
 * One territory spot against its threat zone: how many zone spots see it (the relation's row), how
 * many could target it (Terrain 1.2, {@link TargetingRules.protector}) and the plan gap to the
 * nearest of those (Infinity when none).
 * @param row - the spot's row in the relation `seen` (its columns are the zone `zone`).
 * @param spot - the spot's index in the class's spots.
 */
export function graded(targeting: TargetingRules, seen: Uint8Array, row: number, zone: Int32Array, spot: number): { seeing: number; targeting: number; nearest: number } {
  let seeing = 0;
  let count = 0;
  let nearest = Infinity;
  const base = row * zone.length;
  for (let c = 0; c < zone.length; c++) {
    if (!seen[base + c]) continue;
    seeing++;
    if (targeting.protector(zone[c], spot) >= 0) continue;
    count++;
    const gap = targeting.gap(zone[c], spot);
    if (gap < nearest) nearest = gap;
  }
  return { seeing, targeting: count, nearest };
}

function pick(a: Float64Array, idx: Int32Array): Float64Array {
  const out = new Float64Array(idx.length);
  for (let i = 0; i < idx.length; i++) out[i] = a[idx[i]];
  return out;
}

function transpose(r: SpotRelation): SpotRelation {
  const seen = new Uint8Array(r.rows * r.cols);
  const rowSeen = new Uint8Array(r.cols);
  for (let a = 0; a < r.rows; a++) {
    for (let b = 0; b < r.cols; b++) {
      const v = r.seen[a * r.cols + b];
      seen[b * r.rows + a] = v;
      if (v) rowSeen[b] = 1;
    }
  }
  return { rows: r.cols, cols: r.rows, seen, rowSeen, nodePairs: 0, segmentTests: 0 };
}

/**
 * Objective reach (LAYOUT.md): the least move, climbing counted, from the territory (its models set
 * up wholly within it) to a standing position whose base is within 3" of the marker (Core 32.1,
 * A-G16: plan gap base-marker <= 3"). Over the move raster: at every raster node within one and a
 * half steps of contesting, where a model could end its move, the move to the node plus the
 * straight move still needed toward the marker (its gap above 3"), so the answer is not rounded to
 * the raster (exact on open ground); that last straight move must stay at the node's level (checked
 * at its middle) and end where a model stands at that level. Null when no such node is reachable.
 */
export function objectiveReach(rules: TerrainRules, cls: ModelClass, raster: MoveRaster, dist: Float64Array, marker: ReturnType<typeof circleFootprint>): number | null {
  const f = classFootprint(cls, 0, 0);
  const span = COMBAT_RANGE_INCHES + f.semiMajor + marker.semiMajor + 1.5 * raster.step;
  const i0 = Math.max(0, Math.floor((marker.x - span) / raster.step));
  const i1 = Math.min(raster.nx - 1, Math.ceil((marker.x + span) / raster.step));
  const j0 = Math.max(0, Math.floor((marker.y - span) / raster.step));
  const j1 = Math.min(raster.ny - 1, Math.ceil((marker.y + span) / raster.step));
  let best = Infinity;
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const k = j * raster.nx + i;
      if (!(dist[k] < best)) continue;
      f.x = i * raster.step;
      f.y = j * raster.step;
      const gap = footprintGap(f, marker).gapInches;
      if (gap > COMBAT_RANGE_INCHES + 1.5 * raster.step) continue;
      const rest = Math.max(0, gap - COMBAT_RANGE_INCHES);
      const total = dist[k] + rest;
      if (total >= best) continue;
      // The rest of the move, straight toward the marker, must stay on the node's level and end standing there.
      const z = raster.surfaceZ[k];
      if (rest > 0) {
        const d = Math.hypot(marker.x - f.x, marker.y - f.y);
        const ux = (marker.x - f.x) / d;
        const uy = (marker.y - f.y) / d;
        f.x += 0.5 * rest * ux;
        f.y += 0.5 * rest * uy;
        if (Math.abs(movingSurfaceZ(rules, f) - z) > 0.02) continue;
        f.x += 0.5 * rest * ux;
        f.y += 0.5 * rest * uy;
      }
      const standing = standingElevation(rules, f);
      if (Number.isNaN(standing) || Math.abs(standing - z) > 0.02) continue;
      best = total;
    }
  }
  return best < Infinity ? round3(best) : null;
}

/** {@link analyseLayoutSteps} run to the end at once. */
export function analyseLayout(world: World, opts: LayoutOptions = {}): LayoutReport {
  const it = analyseLayoutSteps(world, opts);
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}

/**
 * {@link analyseLayoutSteps} for a worker: runs steps for up to `sliceMs` milliseconds, then yields
 * to the event loop (`setImmediate` where there is one, else a `MessageChannel` round trip), reports
 * progress and checks `shouldCancel`.
 * @returns the report, or null when cancelled.
 */
export async function analyseLayoutAsync(
  world: World,
  opts: LayoutOptions = {},
  onProgress: (p: LayoutProgress) => void = () => {},
  shouldCancel: () => boolean = () => false,
  sliceMs = 12,
): Promise<LayoutReport | null> {
  const it = analyseLayoutSteps(world, opts);
  let last = performance.now();
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
    if (performance.now() - last >= sliceMs) {
      onProgress(r.value);
      await yieldToEventLoop();
      if (shouldCancel()) return null;
      last = performance.now();
    }
  }
}

function yieldToEventLoop(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(0);
  });
}
