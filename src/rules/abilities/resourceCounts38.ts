/**
 * Faction resources of units (issue 34, session 38, ab38b): the named counters an army's abilities give, spend and
 * read ("it gains 1 momentum point", "give this unit D3 ritual points", "Add the number of momentum points this unit
 * has to ...", "While this unit has 2 or more prophecy tokens"). One generic mechanism for every such resource:
 *
 * - The counts live in `GameState.resources` (unit id → resource name → count), plain JSON, so they are covered by
 *   the state hash and rebuilt by replaying a saved game like every other field; the field is absent until some
 *   ability gives a unit a resource, so games without keep their state and hash.
 * - A resource is named as the rules name it, singular and lower case ("momentum point", "waaagh! token").
 * - "ritual point" is not a counter of its own: it is the PRIEST's ritual points of Magic 3.0 (`GameState.ritualPoints`),
 *   which the chanting roll adds and spends.
 * - A token (Core 23.0: "This unit's Gryph-hound is a token") is a resource the unit starts with (`start`), removed by
 *   the ability's trigger.
 * - The most a unit can have at once is the lowest `max` of its passive abilities' `resource` effects for that name
 *   ("It can have a maximum of 3 momentum points at once"); none: no limit. A count never goes below 0.
 *
 * Pure functions of the game state: no dice, no geometry.
 *
 * @module
 */

import type { GameState } from '../engine/state';
import { unitAbilities } from './catalog';
import type { AbilityEffect } from './schema';

/** The Magic 3.0 resource kept in `GameState.ritualPoints`. */
export const RITUAL_POINT = 'ritual point';

/** A resource's name as the rules text gives it ("Momentum Points", "prophecy tokens") → the counter's key ("momentum point"). */
export function resourceName(text: string): string {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return t.replace(/(point|token)s$/, '$1');
}

/**
 * How many of `resource` unit `unitId` has now: the count kept, else what it starts with (a token its passive says it
 * has, `start`, Core 23.0), else 0.
 */
export function resourceCount(s: GameState, unitId: string, resource: string): number {
  if (resource === RITUAL_POINT) return s.ritualPoints[unitId] ?? 0;
  const kept = s.resources?.[unitId]?.[resource];
  if (kept !== undefined) return kept;
  for (const e of unitResourceRules(s, unitId)) if (e.resource === resource && e.start !== undefined) return e.start;
  return 0;
}

/** The `resource` effects of a unit's passive abilities that the engine applies (the definitions and triggers of its resources). */
export function unitResourceRules(s: GameState, unitId: string): Extract<AbilityEffect, { resource: string }>[] {
  const out: Extract<AbilityEffect, { resource: string }>[] = [];
  for (const a of unitAbilities(s, unitId)) {
    if (a.timing.when !== 'passive' || a.resolves === null) continue;
    for (const e of a.resolves) if ('resource' in e) out.push(e);
  }
  return out;
}

/** The most of `resource` the unit can have at once (the lowest `max` of its passives), or null for no limit. */
export function resourceMax(s: GameState, unitId: string, resource: string): number | null {
  let max: number | null = null;
  for (const e of unitResourceRules(s, unitId)) if (e.resource === resource && e.max !== undefined) max = max === null ? e.max : Math.min(max, e.max);
  return max;
}

/**
 * Set unit `unitId`'s count of `resource` to `value`, kept within 0 and the unit's maximum (and `cap`, the effect's own
 * "to a maximum of N"). Returns the count after. A count of 0 is kept (not deleted), so a token removed stays removed.
 */
export function setResource(s: GameState, unitId: string, resource: string, value: number, cap?: number): number {
  const own = resourceMax(s, unitId, resource);
  const max = cap === undefined ? own : own === null ? cap : Math.min(own, cap);
  const v = Math.max(0, max === null ? value : Math.min(max, value));
  if (resource === RITUAL_POINT) {
    s.ritualPoints[unitId] = v;
    return v;
  }
  s.resources ??= {};
  s.resources[unitId] = { ...(s.resources[unitId] ?? {}), [resource]: v };
  return v;
}
