/**
 * Vocabulary extensions of session 40 (sh40c; issue 34), spread into `schema.ts` with one line each (no import of
 * `schema.ts` here, so no cycle):
 *
 * - condition field **`setUpBy`** (`SET_UP_BY_40`): set up this turn by the named ability (`turn.setUpBy`,
 *   `engine/setUpBy40.ts`): "If this unit was set up this turn using the 'Scions of the Storm' ability" (Blazing
 *   Impact), "... units ... that were set up this turn using the 'Scions of the Storm' ability" (Guided by
 *   Lightning); always with `setUp: true`;
 * - effect **`{redeployDeclaredAtLeast: N}`** (`REDEPLOY_DECLARED_40`): in a reaction to the Redeploy command, the
 *   declared unit's Redeploy roll (Commands 3.0's D6) below N counts as N ("If you roll a 1-3 when determining the
 *   distance that unit can move, you can use a value of 4 instead"; Commanding View, Lord of Assassins;
 *   `engine/redeploy40.ts`). Instant; no targets;
 * - effect **`{noCommand, inPhase}`** (`NO_COMMAND_40`): the affected unit cannot use this command (Commands 1.2), in
 *   phase `inPhase` only: "the target cannot use the 'All-out Defence' command in the following combat phase"
 *   (Overwhelming Volleystorm, used in the shooting phase, with `duration: "turn"`; `abilities/commandBan40.ts`).
 *
 * @module
 */

import { z } from 'zod';

/** Condition field `setUpBy` (module docs). */
export const SET_UP_BY_40 = z.string().min(1).max(100).optional();

/** Effect fields of `{redeployDeclaredAtLeast}` (module docs). */
export const REDEPLOY_DECLARED_40 = { redeployDeclaredAtLeast: z.number().int().min(2).max(6) };

/** Effect fields of `{noCommand, inPhase}` (module docs); the command ids of the engine's `COMMANDS`. */
export const NO_COMMAND_40 = {
  noCommand: z.enum(['rally', 'magicalIntervention', 'redeploy', 'atTheDouble', 'forwardToVictory', 'allOutAttack', 'allOutDefence', 'coveringFire', 'counterCharge', 'powerThrough']),
  inPhase: z.literal('combat'),
};
