/**
 * "... set it up again wholly within 12" of a friendly Flesh-eater Courts Hero and more than 9" from all
 * enemy units" (issue 34, session 38, ab38c; To Our Liege, fec): the `nearFriendly` of a `setUp` effect
 * (`abilities/parseSetUp38.ts`). Checked once the unit is set up at the positions the player gave
 * (`abilityUse.ts` `setUpByAbility`, Core 24.0): some other friendly unit on the battlefield with the
 * keyword phrase must have the set-up unit wholly within `within` inches of it (Core 1.1, measured by the
 * geometry port). The refusal names the closest such unit and the rule `<ability>: set-up`.
 *
 * @module
 */

import { hasKeywordNow } from '../abilities/passives';
import { onBattlefield, reject, type Ctx } from './core';
import type { PlayerId } from './state';

/** Refuse the set-up of `t` unless it is wholly within `near.within` of another friendly unit with `near.keyword`. */
export function checkSetUpNearFriendly(c: Ctx, player: PlayerId, t: string, near: { within: number; keyword: string }, rule: string): void {
  const s = c.s;
  const friends = Object.values(s.units).filter((u) => u.owner === player && u.id !== t && u.manifestation === undefined && onBattlefield(c, u.id) && hasKeywordNow(s, c.port, u.id, near.keyword));
  if (friends.length === 0) reject(`no friendly ${near.keyword} unit is on the battlefield to set "${t}" up near`, rule);
  if (friends.some((f) => c.port.whollyWithin(t, f.id, near.within))) return;
  const closest = friends.map((f) => ({ id: f.id, d: c.port.distance(t, f.id) })).sort((a, b) => a.d - b.d)[0];
  reject(`"${t}" must be set up wholly within ${near.within}" of a friendly ${near.keyword} unit (the closest, "${closest.id}", is ${closest.d.toFixed(2)}" away at its closest point)`, rule);
}
