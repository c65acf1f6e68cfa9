import { footprintGap, footprintsSurelyApart } from './footprintGap';
import { COMBAT_RANGE_INCHES, EPSILON_INCHES } from './units';
import { modelVisible, type Segment3, type VisibilityOptions } from './visibility';
import type { ObjectiveInput, World } from './world';
import { circleFootprint } from './footprint';

/**
 * Is `b`'s base within `a`'s combat range (Core 7.0)? The range reaches 3" horizontally from the
 * edge of the base and any distance vertically, so only the plan-view gap counts; symmetric.
 */
export function withinCombatRange(world: World, modelA: string, modelB: string): boolean {
  const a = world.models.get(modelA);
  const b = world.models.get(modelB);
  if (!a || !b) return false;
  return footprintGap(a.footprint, b.footprint).gapInches <= COMBAT_RANGE_INCHES + EPSILON_INCHES;
}

/** Answer of {@link unitsInCombat}: the verdict and, when true, the model pair and witness that prove it. */
export interface InCombatResult {
  inCombat: boolean;
  pair?: [string, string];
  witness?: Segment3;
  reason?: string;
}

/**
 * Are units `a` and `b` in combat with each other (Core 7.0)? Units from opposing armies that are
 * within each other's combat range and visible to each other. Interpretation (INVENTORY A-G6,
 * `pairwise_or`): some model pair (x in a, y in b) has a plan-view gap of 3" or less and x sees y
 * or y sees x. Units of the same army are never in combat with each other.
 *
 * Without `opts`, the answer is kept in the World's memo until a model moves (`World.memoize`):
 * the engine and the game's summary ask it for every pair of units after every action. A pair of
 * bases whose bounding circles are more than 3" apart is never measured exactly.
 */
export function unitsInCombat(world: World, a: string, b: string, opts: VisibilityOptions = {}): InCombatResult {
  if (Object.keys(opts).length > 0) return unitsInCombatNow(world, a, b, opts);
  return world.memoize(`unitsInCombat|${a}|${b}`, () => unitsInCombatNow(world, a, b, opts));
}

/** Slightly more than the combat range: a pair surely this far apart is out of it (the test is `<=`). */
const SURELY_OUT_OF_COMBAT_INCHES = COMBAT_RANGE_INCHES + EPSILON_INCHES + 1e-9;

function unitsInCombatNow(world: World, a: string, b: string, opts: VisibilityOptions): InCombatResult {
  const ua = world.units.get(a);
  const ub = world.units.get(b);
  if (!ua || !ub) return { inCombat: false, reason: 'unknown unit' };
  if (ua.army === ub.army) return { inCombat: false, reason: 'same army' };
  const pairs: [string, string, number][] = [];
  for (const x of world.unitModels(a)) {
    for (const y of world.unitModels(b)) {
      if (footprintsSurelyApart(x.footprint, y.footprint, SURELY_OUT_OF_COMBAT_INCHES)) continue;
      const g = footprintGap(x.footprint, y.footprint).gapInches;
      if (g <= COMBAT_RANGE_INCHES + EPSILON_INCHES) pairs.push([x.id, y.id, g]);
    }
  }
  if (pairs.length === 0) return { inCombat: false, reason: 'not within combat range' };
  pairs.sort((p, q) => p[2] - q[2]);
  for (const [x, y] of pairs) {
    const v = modelVisible(world, x, y, opts);
    if (v.visible) return { inCombat: true, pair: [x, y], witness: v.witness };
    const w = modelVisible(world, y, x, opts);
    if (w.visible) return { inCombat: true, pair: [y, x], witness: w.witness };
  }
  return { inCombat: false, reason: 'within combat range but not visible' };
}

/**
 * Does the model contest the objective (Core 32.1)? The marker is within the model's combat range:
 * the plan-view gap between base and 40 mm marker is 3" or less; height and visibility ignored.
 */
export function modelContests(world: World, modelId: string, objective: ObjectiveInput): boolean {
  const m = world.models.get(modelId);
  if (!m) return false;
  const disk = circleFootprint(objective.x, objective.y, objective.diameterInches / 2);
  return footprintGap(m.footprint, disk).gapInches <= COMBAT_RANGE_INCHES + EPSILON_INCHES;
}

/** Does any model of the unit contest the objective (Core 32.1)? */
export function unitContests(world: World, unitId: string, objective: ObjectiveInput): boolean {
  return world.unitModels(unitId).some((m) => modelContests(world, m.id, objective));
}
