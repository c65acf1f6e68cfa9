/**
 * Vocabulary extension of session 41 (sh41c; issue 34; Lumineth Realm-lords), spread into `schema.ts` with one line
 * per kind (no import of `schema.ts` here, so no cycle). docs/abilities.md "Lumineth runes and the Shrine Guardian,
 * session 41 (sh41c)".
 *
 * @module
 */

import { z } from 'zod';

/** The field added to session 40's `{shoutyBoss}` (`schema40e.ts`): the name the rules give the unit placed on the feature. */
export const SHRINE_41C = {
  /** "Shrine Guardian" (Enter the Shrine, Exit the Shrine; `parseShrine41c.ts`); absent: "Shouty Boss". Only the engine's words change. */
  role41c: z.literal('Shrine Guardian').optional(),
};

/** Effect `{noPileIn41c}` (`clauses41c.ts`, `engine/noCrit41c.ts`): "The target cannot make pile-in moves". */
export const noPileIn41cFields = { noPileIn41c: z.literal(true) };
/** Effect `{noCrits41c}` (`clauses41c.ts`): "attacks that target that friendly unit cannot score critical hits (treat them as regular hits instead)". */
export const noCrits41cFields = { noCrits41c: z.literal(true) };

/** Effect `{noChargeDamage41c}` (`clauses41c.ts` `readAnticipated41c`): combat attacks that target the unit get no Charge (+1 Damage). */
export const noChargeDamage41cFields = { noChargeDamage41c: z.literal(true) };

/** Effect `{mayRallyInCombat41c}` (`clauses41c.ts` `readWorldBanner41c`, `engine/noCrit41c.ts`): "it can use the 'Rally' command even if it is in combat" (Commands 2.0's restriction lifted, Core 29.0). */
export const mayRallyInCombat41cFields = { mayRallyInCombat41c: z.literal(true) };
/** Condition field `visibleToSelf41c`: the affected unit is visible to the ability's unit (Core 6.0; a unit sees itself): "While a visible friendly ... unit is wholly within 12" of this unit". */
export const VISIBLE_TO_SELF_41C = z.literal(true).optional();

/** The five runes of Depict Rune (`runes41c.ts` `RUNES`), by the first word of their names. */
export const RuneName41c = z.enum(['Varinor', 'Alaithi', 'Ydriliqi', 'Oreali', 'Thalari']);

/**
 * Condition field `runes41c` (`runes41c.ts`): the player of the ability's unit has `atLeast` or more instances of `rune`
 * depicted on their battle scripture, counted for the abilities on that unit's warscroll ("While you have 2 or more
 * instances of Alaithi, Rune of the Mountain depicted on your battle scripture"). False while the scripture is unknown.
 */
export const RUNES_COND_41C = z.strictObject({ rune: RuneName41c, atLeast: z.number().int().min(1).max(10) }).optional();

/**
 * `modify` field `perRune41c` (`passives.ts`): `by` is counted once for each instance of this rune depicted on the
 * battle scripture of the ability's player, for the abilities on the ability's unit's warscroll ("Add 1 to the Rend
 * characteristic of this unit's Sunmental Blades for each instance of Varinor, Rune of Strength depicted on your battle
 * scripture"). No instance, or an unknown scripture: no modifier.
 */
export const PER_RUNE_41C = RuneName41c.optional();

/**
 * Effect `{rune41c, remove?}` (`engine/runes41c.ts`): one instance of the rune is depicted on the player's battle
 * scripture (`remove: true`: one instance is removed). Given by hand when Depict Rune is resolved by hand (the player
 * names the rune picked; that resolution then counts as one that named its rune). Affects no unit.
 */
export const rune41cFields = {
  rune41c: RuneName41c,
  remove: z.literal(true).optional(),
};

/**
 * Effect `{runePick41c}` (`engine/runes41c.ts`), the runes named by the use's `choice`:
 * - `"depict"` (Discs of the Aelementiri: "Depict a rune of your choice on your battle scripture."; `choice` one rune);
 *   `notFirstRound`: "You cannot use this ability in the first battle round." (refused when declared in round 1);
 * - `"replace"` (Realmscribe: "Replace 1 instance of a rune on your battle scripture with 1 of the following: ..."):
 *   `choice` "A>B", A a rune with an instance on the scripture, B one of `runes`.
 */
export const runePick41cFields = {
  runePick41c: z.enum(['depict', 'replace']),
  runes: z.array(RuneName41c).min(1).max(5).optional(),
  notFirstRound: z.literal(true).optional(),
};
