import { segmentHitsOccluder } from '../geometry/occluders';
import { prismSurfaceSamples } from '../geometry/volumeSamples';
import type { World } from '../geometry/world';
import { classSetup, layoutOptionProblems, layoutPlan, type LayoutOptions } from './analyse';
import { classFootprint, classVolumeHeight, DEFAULT_CLASS_ID, type ModelClass } from './classes';
import { TargetingRules } from './obscuring';
import { relateSpots } from './spotVisibility';
import { standingSpots, type SpotGrid } from './standingSpots';

/** A table-space point `[x, y, z]`, inches. */
export type Point3 = [number, number, number];

/** What protects a spot from some shooters of the threat zone that see it. */
export interface SpotProtector {
  /** The Obscuring terrain feature's id. */
  featureId: string;
  /** `wholly on` (the spot is wholly on it) or `behind` (every line from those shooters crosses it beyond 3"), Terrain 1.1. */
  reason: 'wholly on' | 'behind';
  /** How many threat-zone spots that see the spot it protects it from. */
  shooters: number;
}

/**
 * The proof for one standing spot of a territory (issue 29, item 7): which spots of its enemies'
 * threat zone could target a model of the class standing there with a shooting attack (Core 6.0
 * visibility, Terrain 1.2 Obscuring), the best witness, and which Obscuring features protect it
 * from the others that see it.
 */
export interface SpotProof {
  classId: string;
  territory: string;
  grid: number;
  threat: number;
  /** The spot: plan centre and standing elevation (underside of the base). */
  spot: Point3;
  threatZoneSpots: number;
  /** Threat-zone spots that see it (the heatmap's share times `threatZoneSpots`). */
  seeing: number;
  /** Threat-zone spots that could target it, nearest first: `[x, y, z, plan gap between the bases]`. */
  targeting: [number, number, number, number][];
  /**
   * The best witness: the nearest spot that could target it (smallest plan gap between the bases)
   * and a line of sight from that model's volume to the spot's (a segment touching no terrain);
   * null when nothing can target it. `witness` is null only when no sample pair was found clear
   * within the search budget (the relation's verdict stands).
   */
  best: { from: Point3; gapInches: number; witness: [Point3, Point3] | null } | null;
  /** The Obscuring features that protect it from shooters that see it, most shooters first. */
  protectors: SpotProtector[];
  /** The shooters that see it but cannot target it: `[x, y, z, index in protectors]`. */
  protectedFrom: [number, number, number, number][];
}

/** Options of {@link spotProof}: those of the analysis (grid, threat, sample spacing, mode) and the class. */
export interface SpotProofOptions extends Pick<LayoutOptions, 'grid' | 'threat' | 'spacingInches' | 'mode'> {
  /** Class id (default infantry). */
  classId?: string;
}

/**
 * The proof for the standing spot of `territory` nearest to (x, y), within half a grid step.
 * The same spots, threat zone, visibility and targeting as {@link analyseLayout} with the same
 * options (its heatmap's shares are `seeing` and `targeting.length` over `threatZoneSpots`).
 * @returns the proof, or `{problems}` (bad options, an unknown territory, no standing spot there).
 */
export function spotProof(world: World, territory: string, x: number, y: number, opts: SpotProofOptions = {}): SpotProof | { problems: string[] } {
  const options: LayoutOptions = { grid: opts.grid, threat: opts.threat, spacingInches: opts.spacingInches, mode: opts.mode, classes: [opts.classId ?? DEFAULT_CLASS_ID] };
  const problems = layoutOptionProblems(world, options);
  const names = Object.keys(world.territories);
  if (!names.includes(territory)) problems.push(`territory: unknown territory "${territory}" (known: ${names.join(', ')})`);
  if (!Number.isFinite(x) || !Number.isFinite(y)) problems.push(`spot: x and y must be numbers of inches (got ${x}, ${y})`);
  if (problems.length) return { problems };
  const plan = layoutPlan(world, options);
  const cls = plan.classes[0];
  const spots = standingSpots(plan.rules, cls, plan.grid);
  const setup = classSetup(world, plan, cls, spots);
  const k = names.indexOf(territory);
  const inside = setup.inside[k];
  let spot = -1;
  let best = plan.grid / 2 + 1e-9;
  for (const s of inside) {
    const d = Math.hypot(spots.x[s] - x, spots.y[s] - y);
    if (d <= best) {
      best = d;
      spot = s;
    }
  }
  if (spot < 0) return { problems: [`spot: no standing spot of ${cls.id} in territory "${territory}" within ${plan.grid / 2}" of (${x}, ${y})`] };
  const zone = setup.zones[k];
  const rel = relateSpots(setup.samples, world.terrain.occluders, Int32Array.of(spot), zone, { mode: plan.mode, form: 'pairs' });
  const rules = new TargetingRules(world, cls, spots);
  const at = (s: number): Point3 => [spots.x[s], spots.y[s], round3(spots.z[s])];
  const targeting: [number, number, number, number][] = [];
  const counts = new Map<number, number>();
  const protectedBy: [number, number][] = [];
  let seeing = 0;
  let nearest = -1;
  for (let c = 0; c < zone.length; c++) {
    if (!rel.seen[c]) continue;
    seeing++;
    const shooter = zone[c];
    const p = rules.protector(shooter, spot);
    if (p >= 0) {
      counts.set(p, (counts.get(p) ?? 0) + 1);
      protectedBy.push([shooter, p]);
      continue;
    }
    const gap = rules.gap(shooter, spot);
    targeting.push([...at(shooter), round3(gap)]);
    if (nearest < 0 || gap < rules.gap(nearest, spot)) nearest = shooter;
  }
  targeting.sort((a, b) => a[3] - b[3] || a[1] - b[1] || a[0] - b[0]);
  const order = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const slot = new Map(order.map(([f], i) => [f, i]));
  const protectors: SpotProtector[] = order.map(([f, n]) => ({
    featureId: rules.features[f].id,
    reason: rules.whollyOn[spot] === f ? 'wholly on' : 'behind',
    shooters: n,
  }));
  return {
    classId: cls.id,
    territory,
    grid: plan.grid,
    threat: plan.threat,
    spot: at(spot),
    threatZoneSpots: zone.length,
    seeing,
    targeting,
    best: nearest < 0 ? null : { from: at(nearest), gapInches: round3(rules.gap(nearest, spot)), witness: witnessBetween(world, cls, spots, nearest, spot, plan.spacing) },
    protectors,
    protectedFrom: protectedBy.map(([s, f]) => [...at(s), slot.get(f)!]),
  };
}

/**
 * A segment from a sample point of the class's volume at spot `a` to one at spot `b` that touches
 * no terrain (Core 6.0, the samples `World` uses at that spacing), points facing each other first;
 * null when none is found within 400,000 segment-occluder tests.
 */
export function witnessBetween(world: World, cls: ModelClass, spots: SpotGrid, a: number, b: number, spacing: number): [Point3, Point3] | null {
  const prism = (s: number) => ({ footprint: classFootprint(cls, spots.x[s], spots.y[s]), zMin: spots.z[s], zMax: spots.z[s] + classVolumeHeight(cls) });
  const pa = prismSurfaceSamples(prism(a), spacing).points;
  const pb = prismSurfaceSamples(prism(b), spacing).points;
  const facing = (p: Float64Array, tx: number, ty: number) =>
    Array.from({ length: p.length / 3 }, (_, i) => i).sort((i, j) => Math.hypot(p[3 * i] - tx, p[3 * i + 1] - ty) - Math.hypot(p[3 * j] - tx, p[3 * j + 1] - ty));
  const ia = facing(pa, spots.x[b], spots.y[b]);
  const ib = facing(pb, spots.x[a], spots.y[a]);
  const occ = world.terrain.occluders;
  let budget = 400_000;
  for (const i of ia) {
    for (const j of ib) {
      let clear = true;
      for (const o of occ) {
        budget--;
        if (segmentHitsOccluder(o, pa[3 * i], pa[3 * i + 1], pa[3 * i + 2], pb[3 * j], pb[3 * j + 1], pb[3 * j + 2])) {
          clear = false;
          break;
        }
      }
      if (clear) return [[pa[3 * i], pa[3 * i + 1], pa[3 * i + 2]].map(round3) as Point3, [pb[3 * j], pb[3 * j + 1], pb[3 * j + 2]].map(round3) as Point3];
      if (budget <= 0) return null;
    }
  }
  return null;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
