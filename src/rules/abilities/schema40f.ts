/**
 * Vocabulary extension of session 40 (sh40f; issue 34), spread into `schema.ts`'s `move` effect with one line (no
 * import of `schema.ts` here, so no cycle):
 *
 * - move field **`passedAcross`** (`PASSED_ACROSS_40F`), only with `move: "free"`: the sentence after an ability's
 *   move that acts on the enemy units "this unit passed across during that move" (`geometry/passedAcross40f.ts`:
 *   a base overlapping theirs in plan view at some point of the path). Resolved when the move is made
 *   (`engine/passedAcross40f.ts`), with the units crossed recorded on the move's event:
 *   - `pick: "one"`: "Then, pick an enemy unit that this unit passed across during that move." (the move action's
 *     `target` when more than one was crossed; the only one otherwise);
 *   - `pick: "each"`: "Then, roll a D3 for each enemy unit that this unit passed across during that move.";
 *   - `mortal`: "Inflict D3 mortal damage on that enemy unit." (`"D3"`), or "On a 2+, inflict an amount of mortal
 *     damage on that enemy unit equal to the roll." (`"roll"`, with `on: "2+"` and the D3 of `die`).
 * - effect **`{afterShootMove40f: {inches}}`** (`AFTER_SHOOT_MOVE_40F`, with `targets: "self"`, `duration: "phase"`): used as
 *   the reaction to "You declared a Shoot ability for this unit", "After that Shoot ability has been resolved, this unit
 *   can move 2D6". It cannot move into combat during any part of that move." (Fire and Flight): when that Shoot ability
 *   has been resolved the distance is rolled and the unit may make the move, checked as a Normal Move's path
 *   (`engine/passedAcross40f.ts` `afterShootMove40f`, hooked after sh40b's `afterShoot40` in `attacks.ts`).
 * - move end **`notInCombat`** (`END_40F`): "It can pass through the combat ranges of enemy units but cannot end that
 *   move in combat." (Fight and Flight): the unit must not end the move in combat (Core 13.0).
 *
 * @module
 */

import { z } from 'zod';
import { PASSED_ACROSS_41D } from './schema41d';

/** The `passedAcross` field of a `free` move (module docs). */
export const PASSED_ACROSS_40F = z
  .strictObject({
    pick: z.enum(['one', 'each', 'upTo']), // 'upTo' with `count`: session 41 (sh41d), schema41d.ts
    mortal: z.union([z.literal('D3'), z.literal('roll'), z.literal('useRoll')]), // 'useRoll': session 41 (sh41d)
    die: z.literal('D3').optional(),
    on: z.enum(['2+', '3+', '4+', '5+', '6+']).optional(),
    ...PASSED_ACROSS_41D, // session 41 (sh41d): count, double
  })
  .optional();

/** The `end` values of a `free` move: session 38's, and `notInCombat` (module docs). */
export const END_40F = z.enum(['inCombat', 'any', 'inCombatIfStarted', 'notInCombat']).optional();

/** The `through` values of a `free` move: session 38's `enemyModels`, and session 41's `models` (sh41d, schema41d.ts). */
export const THROUGH_41D = z.enum(['enemyModels', 'models']).optional();

/** The `passedAcross` field's type. */
export type PassedAcross40f = NonNullable<z.infer<typeof PASSED_ACROSS_40F>>;

/** Effect fields of `{afterShootMove40f}` (module docs). */
export const AFTER_SHOOT_MOVE_40F = {
  afterShootMove40f: z.strictObject({ inches: z.union([z.number().int().min(1).max(24), z.enum(['D3', 'D6', '2D6'])]) }),
};
