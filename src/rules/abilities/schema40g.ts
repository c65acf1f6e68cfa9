/**
 * Vocabulary added in session 40 by sh40g (issue 34; docs/abilities.md "Doubled Damage and ward-roll modifiers,
 * session 40 (sh40g)"), spread into `schema.ts` (one line each, as COORD 09:40 asks). Extensions of ABILITIES.md:
 * - effect `{double: "damage", attacks?, weapon?, against?}`: the Damage characteristic of the affected unit's weapons
 *   (all, its melee or ranged weapons, or the named one) is doubled for attacks that target a unit with one of the
 *   `against` keywords (Core 17.0 step 4; Core 27.0: multiplying comes after "set" and before "add"): "Double the
 *   Damage characteristic of this unit's melee weapons for attacks that target an enemy Hero" (Master of Assassins).
 *   Read by `engine/attackAbilities.ts` (`damageTimes`) for `engine/attacks.ts` and the Play panel's expected damage.
 * - `modify: "ward"` (the `modify` enum of `schema.ts`): `by` is added to each ward roll made for the affected unit
 *   (Core 18.1; "Subtract 1 from ward rolls made by the target", Relic Censer). Read by `engine/core.ts` `damageSequence`
 *   through `engine/ward40g.ts`.
 *
 * @module
 */

import { z } from 'zod';

/** Effect fields of "Double the Damage characteristic of this unit's ... for attacks that target ..." (see the module doc). */
export const DoubleDamage40g = {
  double: z.enum(['damage']),
  attacks: z.enum(['melee', 'ranged', 'all']).optional(),
  weapon: z.string().min(1).max(200).optional(),
  against: z.array(z.string().min(1).max(100)).min(1).max(20),
};
