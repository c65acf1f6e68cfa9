/**
 * Session 40 (sh40h, issue 34): the effect kinds of the Daughters of Khaine blessings (extensions of ABILITIES.md "The
 * effect vocabulary"; docs/abilities.md "Daughters of Khaine blessings, session 40 (sh40h)"). One line each in
 * `schema.ts`'s union; zod only here, so that `schema.ts` can import it without a cycle.
 *
 * @module
 */

import { z } from 'zod';

const BlessingName = z.enum(['Ruthlessness', 'Hatred', 'Haste', 'Zeal', 'Shadow', 'Cruelty', 'Clarity']);

/**
 * `blessing40h` (`engine/blessings40h.ts`): the player's blessing `blessing40h` of the "Blessings of Khaine" battle
 * trait becomes active (`active: true`) or no longer active (`active: false`) for the army (`GameState.blessings`;
 * `abilities/blessings40h.ts`). Applied by the engine or given by hand (`resolveByHand`: the player resolving Blessings
 * of Khaine by hand names the blessing they picked, and its effects then apply). Affects no unit itself.
 */
export const blessing40hFields = {
  blessing40h: BlessingName,
  active: z.boolean(),
};

/**
 * `blessingPick40h` (`engine/blessings40h.ts`): the blessings named by the use's `choice` ("Hatred", "Hatred+Haste",
 * "Hatred>Haste"):
 * - `"swap"` (Call to Murder): "Pick a blessing ... that is active. That blessing is no longer active. Then, pick a
 *   blessing that is not active. That blessing is now active." (`choice` "<active>><not active>").
 * - `"grant"` (Fanatical Blademaster): "pick a blessing ... that is not active. The effect of that blessing applies to
 *   the target until the start of your next turn as if it were active." (`choice` one name, or two joined by "+" when
 *   `twoAfterUses` abilities named so have been used that many times this battle by the player).
 */
export const blessingPick40hFields = {
  blessingPick40h: z.enum(['swap', 'grant']),
  /** "If you have used the 'Blessings of Khaine' ability 3 or more times this battle, you can pick 2 blessings instead of 1." */
  twoAfterUses: z.strictObject({ ability: z.string().min(1).max(100), times: z.number().int().min(1).max(20) }).optional(),
};
