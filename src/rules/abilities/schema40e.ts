/**
 * Vocabulary extension of session 40 (sh40e; issue 34), spread into `schema.ts` with one line (no import of
 * `schema.ts` here, so no cycle):
 *
 * - effect **`{shoutyBoss: "place"}`** (`SHOUTY_BOSS_40E`): Up We Go! ("Place the target on this terrain feature. The
 *   target is now a Shouty Boss (see 'Man da Tower')."): the target (the Declare's pick, `targets: "targets"`) becomes
 *   the Shouty Boss of the ability's faction terrain feature (`GameState.shoutyBoss`) and leaves the table as the
 *   engine measures it (like a unit in reserve; `engine/shoutyBoss40e.ts`);
 * - effect **`{shoutyBoss: "leave", within: N}`**: I'm Off! ("If this terrain feature has a Shouty Boss that was not
 *   placed on it this turn, set up the Shouty Boss on the battlefield wholly within 6" of this terrain feature and not
 *   in combat. That unit is no longer the Shouty Boss."): the feature's Shouty Boss is set up at the use's
 *   `positions`, wholly within N" of the feature and not in combat, and the record is cleared.
 *
 * Both: `targets` as written ("targets" for place; "self" for leave, the unit being the feature's Shouty Boss).
 *
 * @module
 */

import { z } from 'zod';

/** Effect fields of `{shoutyBoss}` (module docs). */
export const SHOUTY_BOSS_40E = {
  shoutyBoss: z.enum(['place', 'leave']),
  within: z.number().positive().max(100).optional(),
};
