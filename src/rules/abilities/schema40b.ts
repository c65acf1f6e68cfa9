/**
 * Session 40 (sh40b, issue 34): the effect kinds this session adds to the vocabulary of `schema.ts` (extensions of
 * ABILITIES.md "The effect vocabulary"; docs/abilities.md "Daughters of Khaine and Flesh-eater Courts, session 40
 * (sh40b)"). Each is one line of `AbilityEffectSchema`'s union there (`{...EffectCommon, ...fields}`); zod only here,
 * so that `schema.ts` can import it without a cycle.
 *
 * @module
 */

import { z } from 'zod';

/**
 * `afterShoot40` (`parseAfterShoot40.ts`, `engine/afterShoot40.ts`): after the affected unit's Shoot ability has been
 * resolved, if all of its attacks targeted the same enemy unit (and, with `slew`, any enemy models were slain by them),
 * roll a dice (+1 when any other friendly unit of the warscroll name / keyword `plusIfAllShotBy` picked that enemy
 * unit for all of its shooting attacks this turn); on `roll`+, `effect` on that enemy unit for `duration`
 * (Heartseekers, Agonising Spasms). Once, for the Shoot ability it reacted to.
 */
export const afterShoot40Fields = {
  afterShoot40: z.strictObject({
    slew: z.literal(true).optional(),
    roll: z.number().int().min(2).max(6),
    plusIfAllShotBy: z.string().min(1).max(100).optional(),
    effect: z.union([z.strictObject({ modify: z.literal('chargeDice'), by: z.number().int().min(-2).max(-1) }), z.strictObject({ maxControl: z.number().int().min(1).max(9) })]),
    duration: z.enum(['turn', 'nextTurnStart']),
  }),
};

/**
 * `afterFightPick40` (`parseAfterFight40.ts`, `engine/afterShoot40.ts`): immediately after the affected unit's Fight
 * ability has been resolved, the enemy unit that fits `pick` (measured from the affected unit) gets the `slay` roll
 * (Off With Their Head!); none: nothing; several: the player picks, by hand. Once, for the Fight ability it reacted to.
 */
export const afterFightPick40Fields = {
  afterFightPick40: z.strictObject({
    pick: z.strictObject({
      kind: z.literal('enemyUnit'),
      within: z.number().positive().max(100).optional(),
      visible: z.boolean().optional(),
      keyword: z.string().min(1).max(100).optional(),
      anyKeyword: z.array(z.string().min(1).max(100)).min(2).max(5).optional(),
      notKeyword: z.string().min(1).max(100).optional(),
    }),
    slay: z.strictObject({ slay: z.enum(['model', 'unit']), dice: z.enum(['D6', '2D6']), times: z.number().int().min(1).max(10).optional(), health: z.enum(['exceeds', 'atLeast', 'double']) }),
  }),
};
