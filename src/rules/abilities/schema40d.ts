/**
 * Vocabulary added in session 40 by sh40d (issue 34; docs/abilities.md "Objective picks, a point on the battlefield,
 * one rally vocabulary, session 40 (sh40d)"), spread into `schema.ts` (one line each, as COORD 09:40 asks). All are
 * extensions of ABILITIES.md.
 *
 * @module
 */

import { z } from 'zod';

/** Effect (`engine/objective40.ts`): the objective picked is marked for the ability's player ("That objective is considered by you to be questmarked", Ordained Quest). */
export const MarkObjective40 = { markObjective: z.literal('questmarked') };

/**
 * Effect (`engine/pointPicks40.ts`): the unit cannot use Run abilities (Run, At the Double, Redeploy: RUN, INVENTORY I-1):
 * "The targets cannot use Run abilities until the start of your next turn" (Black Horror of Ulgu).
 */
export const NoRun40 = { noRun: z.literal(true) };

/** Pick fields (a pick of kind `objective` is given as the `useAbility` action's `objectiveId`, `engine/objective40.ts`). */
export const PickFields40 = {
  /** An objective pick "wholly outside friendly territory" (no part of its marker within the picking player's territory, Core 9.1.2). */
  outsideTerritory: z.literal('friendly').optional(),
  /** `within` is measured from the point the Declare picked before ("pick up to 3 enemy units within 3\" of that point"), not from the ability's unit (`engine/pointPicks40.ts`). */
  fromPoint: z.literal(true).optional(),
};
