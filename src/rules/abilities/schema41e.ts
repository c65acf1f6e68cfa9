/**
 * Vocabulary extension of session 41 (sh41e; issue 34; docs/abilities.md "Manifestations and Flesh-eater Courts /
 * Nighthaunt singles, session 41 (sh41e)"), spread into `schema.ts`'s effect union with one line (no import of
 * `schema.ts` here, so no cycle):
 *
 * - effect **`{hiddenBeyond: N, screen: {named, models, within, noOther}}`** (`HIDDEN_41E`): "While this unit is within
 *   the combat range of a friendly Clanrats unit that has 5 or more models, and there are no other friendly Weapon
 *   Team units within that unit's combat range, this unit is not visible to enemy units more than 13" away." (Hidden
 *   Weapon Team, skv-001 ×4): the affected unit is not visible (Core 6.0) to an enemy unit farther than `N` inches
 *   while some friendly unit of warscroll `named` with `models` or more models left has it within `within` inches
 *   (its combat range, Core 13.0: 3") and no other friendly unit with the keyword `noOther` is within `within` inches
 *   of that unit. Checked where the engine asks whether a unit is visible (`abilities/hidden41e.ts` `visibleNow`).
 *
 * @module
 */

import { z } from 'zod';

/** Effect fields of `{hiddenBeyond, screen}` (module docs). */
export const HIDDEN_41E = {
  hiddenBeyond: z.number().int().min(1).max(48),
  screen: z.strictObject({
    named: z.string().min(1).max(100),
    models: z.number().int().min(1).max(100),
    within: z.number().min(0).max(12),
    noOther: z.string().min(1).max(60),
  }),
};
