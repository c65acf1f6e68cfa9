/**
 * Session 41 (sh41b, issue 34): the effect kind of the Daughters of Khaine blood rites chain (an extension of
 * ABILITIES.md "The effect vocabulary"; docs/abilities.md "Daughters of Khaine blood rites, session 41 (sh41b)"). One
 * line in `schema.ts`'s union; zod only here, so that `schema.ts` can import it without a cycle.
 *
 * @module
 */

import { z } from 'zod';

/**
 * `blessingPick41b` (`engine/bloodRites41b.ts`): the blessing named by the use's `choice` (one of the seven, not active)
 * becomes active for the player (`GameState.blessings`, session 40's `blessing40h`):
 * - `"activate"` (Blessings of Khaine: "Pick 1 of the following blessings that is not active. That blessing is
 *   active."), with `bloodRites: true` for its Declare "You can only use this ability if you performed any blood rites
 *   this turn" (checked on the record of the turn's blood rites, `GameState.bloodRites41b`);
 * - `"extra"` (Crimson Offerings, a reaction to Blessings of Khaine: "when resolving that ability, you can pick 2
 *   blessings instead of 1"): the second blessing of the Blessings of Khaine just resolved.
 */
export const blessingPick41bFields = {
  blessingPick41b: z.enum(['activate', 'extra']),
  bloodRites: z.literal(true).optional(),
};

/**
 * `anointed41b` (`engine/bloodRites41b.ts`), a by-hand effect: the player resolving Anointed Ritualist by hand ("The
 * target is anointed for the rest of the battle, even if it has been destroyed") names its target anointed
 * (`GameState.anointed41b`); while every use of Anointed Ritualist was resolved so, the engine knows the anointed units
 * and weighs Blood Rites' first two triggers on them.
 */
export const anointed41bFields = {
  anointed41b: z.literal(true),
};
