/**
 * The engine side of faction resources (issue 34, session 38, ab38b; the counts: `abilities/resourceCounts38.ts`):
 *
 * - {@link applyResource}: a `resource` effect of an ability that resolves ("Add 1 momentum point to each target",
 *   "give this unit D3 ritual points"): `gain` rolled with the seeded dice, `spend` only when the unit has enough.
 * - {@link resourceTrigger}: the `on` effects of a unit's passive abilities, each time the unit made a charge move
 *   after a successful charge roll (`moves.ts`, Core 14.3), used a Run ability (`commands.ts`: Run, Core 14.1, and
 *   Redeploy, which has the RUN keyword, INVENTORY I-1), or at the end of a battle round (`reduce.ts`, Core 33.0):
 *   "Each time this unit has charged as a result of using a Charge ability, it gains 1 momentum point. Each time it
 *   uses a Run ability, it gains 2 momentum points. ... At the end of each battle round, subtract 1 from its momentum
 *   points, to a minimum of 0." (Unstoppable Momentum, ij).
 *
 * Every change is an event `resourceChanged` (unit, resource, before, after, the ability), so both players see it.
 *
 * @module
 */

import type { AbilityEffect } from '../abilities/schema';
import { abilityRule, unitAbilities } from '../abilities/catalog';
import { present } from '../abilities/passives';
import { resourceCount, setResource } from '../abilities/resourceCounts38';
import { rollValue, type Ctx } from './core';
import type { PlayerId } from './state';

type ResourceEffect = Extract<AbilityEffect, { resource: string }>;

/**
 * Apply a `resource` effect to unit `t` for an ability `name` of `player`: `gain` (a dice expression rolled now, or a
 * number; negative subtracts), then `spend`. Kept within 0 and the unit's maximum (`setResource`). A `spend` the unit
 * cannot pay changes nothing (event `resourceNotSpent`). A definition alone (`max`) does nothing here.
 */
export function applyResource(c: Ctx, player: PlayerId, t: string, e: ResourceEffect, name: string, rule: string, purpose: string, quiet = false): void {
  const before = resourceCount(c.s, t, e.resource);
  let after = before;
  if (e.gain !== undefined) {
    const n = typeof e.gain === 'number' ? e.gain : rollValue(c, e.gain, `${purpose}:gain:${t}`, player);
    // A trigger that changes nothing (subtracting from none) writes nothing: the state and hash stay as they were.
    if (quiet && Math.max(0, before + n) === before) return;
    after = setResource(c.s, t, e.resource, before + n, e.on === undefined ? e.max : undefined);
  }
  if (e.spend !== undefined) {
    if (after < e.spend) {
      c.events.push({ type: 'resourceNotSpent', unitId: t, resource: e.resource, has: after, spend: e.spend, ability: name, rule });
      return;
    }
    after = setResource(c.s, t, e.resource, after - e.spend);
  }
  if (e.gain !== undefined || e.spend !== undefined) c.events.push({ type: 'resourceChanged', unitId: t, resource: e.resource, before, after, ability: name, rule });
}

/**
 * The unit's passive `resource` effects with `on: when` (its own abilities: "it gains", "its momentum points"), applied
 * to it now. A unit not on the battlefield gains nothing. Deterministic: fixed gains only use no dice; a dice
 * expression is rolled with the seeded dice.
 */
export function resourceTrigger(c: Ctx, unitId: string, when: NonNullable<ResourceEffect['on']>): void {
  if (!Object.prototype.hasOwnProperty.call(c.s.units, unitId) || !present(c.s, c.port, unitId)) return;
  const player = c.s.units[unitId].owner;
  for (const a of unitAbilities(c.s, unitId)) {
    if (a.timing.when !== 'passive' || a.resolves === null) continue;
    for (const e of a.resolves) if ('resource' in e && e.on === when) applyResource(c, player, unitId, e, a.name, abilityRule(a), `ability:${unitId}:${a.id}`, true);
  }
}

/** End of a battle round (Core 33.0): every unit's `endOfRound` resource effects, in the order of `state.units`. */
export function endOfRoundResources(c: Ctx): void {
  for (const id of Object.keys(c.s.units)) resourceTrigger(c, id, 'endOfRound');
}
