/**
 * A point on the battlefield and the units near it (issue 34, session 40, sh40d; docs/abilities.md "Objective picks,
 * a point on the battlefield ..., session 40 (sh40d)"): Black Horror of Ulgu (dok) "pick a point on the battlefield
 * within 18" of them, pick up to 3 enemy units within 3" of that point to be the targets" is the point pick
 * `{kind: "point", within: 18}` (the action's `point`, inches, within 18" of the caster's closest base: `lineToUnit`)
 * and the unit pick `{kind: "enemyUnit", count: 3, within: 3, fromPoint: true}`: each unit's closest base within 3" of
 * the point (Core 1.0 closest points; plan distance, `lineToUnit(unit, point)`). Both ranges checked by the engine.
 *
 * Its effect "The targets cannot use Run abilities until the start of your next turn" is `{noRun: true}`: the Run
 * ability and At the Double (Core 14.1, Commands 3.0) and Redeploy (a RUN ability, INVENTORY I-1) are refused with the
 * ability's name while it applies (Core 29.0: an ability overrides the core rules).
 *
 * @module
 */

import { effectsOn } from '../abilities/passives';
import type { Ability, AbilityEffect, AbilityPick } from '../abilities/schema';
import { aliveModels, reject, type Ctx } from './core';

const NO_RUN = (e: AbilityEffect) => 'noRun' in e;

/** Refuse a unit picked `within` N" of the point when it is farther (rule: the Declare's). */
export function checkFromPoint(c: Ctx, point: readonly [number, number] | undefined, p: AbilityPick, t: string, rule: string): void {
  if (point === undefined) reject('pick a point on the battlefield first ("point": [x, y], inches)', rule);
  if (p.within === undefined) return;
  const d = c.port.lineToUnit(t, point).distanceInches;
  if (!(d <= p.within + 0.001)) reject(`"${t}" is not within ${p.within}" of the point (${point[0]}, ${point[1]}) (${Number.isFinite(d) ? d.toFixed(2) : 'not measured'}")`, rule);
}

/** Refuse a RUN ability of a unit that "cannot use Run abilities" now (the ability's name as the rule). */
export function noRunCheck(c: Ctx, unitId: string): void {
  for (const a of effectsOn(c.s, c.port, unitId, {}, NO_RUN)) if ('noRun' in a.effect) reject(`unit "${unitId}" cannot use Run abilities (${a.rule})`, a.rule);
}

/** Does the ability pick a point and then units near it (`fromPoint`)? */
export const picksNearPoint = (a: Ability): boolean => a.picks?.some((p) => p.kind === 'point') === true && a.picks.some((p) => p.fromPoint === true);

/**
 * The options' candidates of a point-and-units pick: for each unit `fits` accepts, a point at the centre of its model
 * closest to the caster that is within the point pick's range of the caster (the unit is then 0" from the point).
 * @returns [unit, point] pairs, in the order of `state.units`.
 */
export function pointCandidates(c: Ctx, user: string, a: Ability, fits: (t: string) => boolean): [string, [number, number]][] {
  const range = a.picks?.find((p) => p.kind === 'point')?.within ?? Infinity;
  const out: [string, [number, number]][] = [];
  for (const t of Object.keys(c.s.units)) {
    if (!fits(t)) continue;
    let best: [number, number] | null = null;
    let bestD = Infinity;
    for (const m of aliveModels(c.s, t)) {
      const at = c.port.modelPosition(m.id);
      if (at === null) continue;
      const line = c.port.lineToUnit(user, at);
      if (line.onBattlefield && line.distanceInches <= range + 0.001 && line.distanceInches < bestD) {
        bestD = line.distanceInches;
        best = [at[0], at[1]];
      }
    }
    if (best !== null) out.push([t, best]);
  }
  return out;
}

