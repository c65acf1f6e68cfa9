/**
 * Vocabulary extension of session 41 (sh41d; issue 34; docs/abilities.md "Monsters and moves across units, session 41
 * (sh41d)"), spread into session 40's `passedAcross` field and `schema.ts`'s `move` effect (no import of `schema.ts`
 * here, so no cycle):
 *
 * - `passedAcross.pick: "upTo"` with **`count`**: "Then, pick up to 3 enemy units that this unit passed across during
 *   that move to be the targets." (Rolling Doom): the move action's **`targets`** (contract extension of the `move`
 *   action, GAME.md), at most `count` of the units crossed; without it, every unit crossed when there are `count` or
 *   fewer.
 * - `passedAcross.mortal: "useRoll"`: "Inflict an amount of mortal damage on the target equal to the D3 roll." (the
 *   use's gate roll, `if.useRoll`: "roll a D3. On a 2+, ..."; Destructive Bulk), kept on the pending move.
 * - **`passedAcross.double`**: "If the target is Infantry, double the mortal damage inflicted." (the keyword phrase).
 * - move **`through: "models"`**: "It can pass through models and the combat ranges of enemy units" (Carve a Path),
 *   "This unit can pass through other models and ..." (Rolling Doom): the path may pass through the models of any
 *   unit (Core 15.0 lifted), never ending on one.
 * - move **`inches: "move"`**: "it can move a distance up to its Move characteristic": the unit's Move characteristic
 *   when the ability resolves (Core 14.0's Normal Move distance, modifiers applied, Core 27.0: `core.ts` `unitMove`).
 *
 * @module
 */

import { z } from 'zod';

/** Fields added to session 40's `passedAcross` (module docs). */
export const PASSED_ACROSS_41D = {
  count: z.number().int().min(2).max(10).optional(),
  double: z.string().min(1).max(60).optional(),
};

/** The `inches` of a `move` effect may also be `"move"`: the unit's Move characteristic (module docs). */
export const MOVE_CHARACTERISTIC_41D = z.literal('move');

/**
 * Pick field **`forChoice41d`** (one line in `schema.ts`'s pick): the pick belongs to one branch of the Declare's
 * `choice` ("If this unit charged this phase, pick 1 of the following effects: ... • Pick an enemy Monster in combat
 * with this unit and roll 2D6. ..."; Rampaging Destruction): it is checked, and its units picked, only when that
 * branch is the use's `choice` (`abilityUse.ts` `checkPicks`); the options list each branch with its own picks
 * (`game/rampage41d.ts`).
 */
export const PICK_FIELDS_41D = {
  forChoice41d: z.string().min(1).max(200).optional(),
};

/**
 * Effect **`{mortalProduct41d: {dice: 2}, noEffectOn: 7}`** (one line in `schema.ts`'s union): "roll 2D6. On a 7,
 * this ability has no effect. Otherwise, inflict an amount of mortal damage on that unit equal to the results on the
 * dice used for the 2D6 roll multiplied together." (Rampaging Destruction): the two dice are rolled for the unit, a
 * total of `noEffectOn` inflicts nothing, any other total inflicts the product of the dice (Core 19.2 mortal damage).
 */
export const MORTAL_PRODUCT_41D = {
  mortalProduct41d: z.strictObject({ dice: z.literal(2) }),
  noEffectOn: z.number().int().min(2).max(12),
};

/**
 * Effect **`{secondTarget41d: {ability}}`** (one line in `schema.ts`'s union; persisting, with `targets` and
 * `duration`): "For the rest of the turn, when you use the 'Mighty Destroyers' ability, you can pick that friendly
 * unit to be a second target." (Get In There And Wallop 'Em!, ij): while it lasts, a use of the named ability by the
 * same player may pick the unit as one more unit of its first unit pick (`engine/secondTarget41d.ts`, called by
 * `abilityUse.ts` `checkPicks`); the unit must still fit that pick.
 */
export const SECOND_TARGET_41D = {
  secondTarget41d: z.strictObject({ ability: z.string().min(1).max(200) }),
};

/**
 * Effect **`{halveAttacks41d: "choice", weapon?}`** (one line in `schema.ts`'s union; persisting) and pick field
 * **`weaponOfTarget41d`** on a `choice` pick: "Roll a dice. On a 3+, pick 1 of the target's weapons. You must pick a
 * Companion weapon if it has any. Halve the Attacks characteristic of that weapon (rounding up) for the rest of the
 * turn." (Monster Grapple, ij): the use's `choice` names a weapon of the unit picked (a Companion weapon when it has
 * any: `engine/grapple41d.ts`), written into the effect as `weapon` when it resolves; the Attacks characteristic of
 * that weapon is then halved, rounding up, after `set` and before `add` (Core 27.0; `attackAbilities.ts`,
 * `attacks.ts`).
 */
export const HALVE_ATTACKS_41D = {
  halveAttacks41d: z.literal('choice'),
  weapon: z.string().min(1).max(200).optional(),
};

/** Pick field of a `choice` pick whose choice is a weapon of the unit picked before it (module docs above). */
export const PICK_WEAPON_41D = {
  weaponOfTarget41d: z.literal(true).optional(),
};
