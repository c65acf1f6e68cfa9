/**
 * Objective picks in play (issue 34, session 40, sh40d; docs/abilities.md "Objective picks ..., session 40 (sh40d)").
 * A Declare (or an Effect's first sentence) that picks an objective (`AbilityPick` of kind `objective`) takes the
 * `useAbility` action's `objectiveId` (a contract extension). Checked here: an objective of the battleplan (Core 32.0),
 * `within` N" of the ability's unit (closest points, Core 1.0 / 2.1), `outsideTerritory: "friendly"` ("wholly outside
 * friendly territory": no part of its marker within the player's territory, Core 9.1.2; no territories: none
 * qualifies). The effect `markObjective` marks it for the player (`GameState.objectiveMarks`, read by the
 * condition `contesting: "questmarked"`). Offered by `game/abilityOptions.ts` one entry per objective that fits.
 *
 * @module
 */

import type { Ability, AbilityPick } from '../abilities/schema';
import { reject, type Ctx } from './core';
import type { PlayerId } from './state';

/** The ability's objective pick, if its Declare has one. */
export const objectivePick = (a: Ability): AbilityPick | undefined => a.picks?.find((p) => p.kind === 'objective');

/** Why `objective` cannot be picked by `player` for `pick` (null: it can). */
export function objectiveProblem(c: Ctx, player: PlayerId, user: string | null, pick: AbilityPick, objective: string): string | null {
  if (!Object.prototype.hasOwnProperty.call(c.s.objectives, objective)) return `"${objective}" is not an objective of the battle`;
  if (pick.within !== undefined) {
    if (user === null) return 'the ability has no unit to measure the objective from';
    const d = c.port.distance(user, objective);
    if (!(d <= pick.within + 0.001)) return `objective "${objective}" is not within ${pick.within}" of "${user}" (${Number.isFinite(d) ? d.toFixed(2) : 'not measured'}")`;
  }
  if (pick.outsideTerritory === 'friendly') {
    const own = c.s.territories?.[player];
    if (own === undefined) return 'no territories in this battle: no objective is wholly outside friendly territory';
    if (c.port.withinTerritory(objective, own, 0)) return `objective "${objective}" is not wholly outside ${player}'s territory`;
  }
  return null;
}

/** The objectives `player` can pick now (the options' candidates), in the battleplan's order. */
export function objectiveCandidates(c: Ctx, player: PlayerId, user: string | null, pick: AbilityPick): { fits: string[]; why: string } {
  const fits: string[] = [];
  let why = '';
  for (const o of Object.keys(c.s.objectives)) {
    const p = objectiveProblem(c, player, user, pick, o);
    if (p === null) fits.push(o);
    else if (why === '') why = p;
  }
  return { fits, why };
}

/**
 * Check the objective the action names against the ability's objective pick (rejected with the Declare's rule: none
 * named, or one that does not fit; an objective named for an ability without such a pick is refused too).
 * @returns the objective picked, or undefined when the ability picks none.
 */
export function checkObjectivePick(c: Ctx, player: PlayerId, user: string | null, ability: Ability, objectiveId: string | undefined): string | undefined {
  const rule = `${ability.name}: Declare`;
  const pick = objectivePick(ability);
  if (pick === undefined) {
    if (objectiveId !== undefined && ability.picks !== undefined) reject(`${ability.name} picks no objective`, rule);
    return objectiveId;
  }
  if (objectiveId === undefined) reject(`${ability.name}: pick an objective ("objectiveId")`, rule);
  const p = objectiveProblem(c, player, user, pick, objectiveId);
  if (p !== null) reject(p, rule);
  return objectiveId;
}

/** `markObjective` (Ordained Quest): the objective picked is marked for `player` (once; an event names it). */
export function markObjective(c: Ctx, player: PlayerId, mark: 'questmarked', objective: string | undefined, name: string): void {
  if (objective === undefined) return;
  const marks = (c.s.objectiveMarks ??= []);
  if (!marks.some((m) => m.player === player && m.objective === objective && m.mark === mark)) marks.push({ player, objective, mark });
  c.events.push({ type: 'objectiveMarked', player, objectiveId: objective, mark, name });
}
