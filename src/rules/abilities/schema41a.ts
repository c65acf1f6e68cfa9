/**
 * Vocabulary extension of session 41 (sh41a; issue 34): the Kruleboyz dirty trick roll, spread into `schema.ts` with
 * one line each (no import of `schema.ts` here, so no cycle). Reader `parseDirtyTricks41a.ts`, engine
 * `engine/dirtyTricks41a.ts`; docs/abilities.md "Kruleboyz dirty tricks, session 41 (sh41a)".
 *
 * - effect **`{dirtyTrickRule41a: [2, 3, 4, 5]}`** (the battle trait Dirty Tricks, a passive of the army): "The effect of
 *   a Dirty Trick ability is only applied if you make a successful dirty trick roll. The success of a dirty trick roll
 *   depends on the number of Dirty Trick abilities your army has already used this battle round: First: 2+ Second: 3+
 *   Third: 4+ Fourth or subsequent: 5+": the N-th entry is the roll needed when N-1 Dirty Trick abilities were used
 *   before this one in the battle round (the last entry for every later one). The engine reads the table from the
 *   army's trait when it makes a dirty trick roll.
 * - effect **`{dirtyTrickRoll41a: true}`** (first in `resolves` of an ability whose Declare ends "..., then make a dirty
 *   trick roll."): the gate of the whole Effect; a D6 rolled when the ability resolves, at least the table's value
 *   (modifiers added) or none of the other effects applies.
 * - effect **`{dirtyTrickPlus41a: {by, keyword, within, shoutyBossWithin?}}`** (Sinister Stare, a passive held through a
 *   faction terrain feature): add `by` to dirty trick rolls for friendly `keyword` units wholly within `within`" of
 *   this terrain feature or for enemy units within `within`" of it; `shoutyBossWithin` instead of `within` while the
 *   feature has a Shouty Boss (`GameState.shoutyBoss`, session 40 sh40e).
 * - effect **`{noWeaponAbility41a: "charge-damage"}`** (Lethal Surprise: "In addition, for the rest of the turn, the
 *   target's weapons cannot be affected by the Charge (+1 Damage) weapon ability"): the affected unit's weapons lose that
 *   weapon ability (their own and any an ability gives) while the effect lasts (`engine/attacks.ts` through
 *   `engine/dirtyTricks41a.ts` `withoutBarredAbilities41a`).
 * - effect **`{triggerUnit41a: {name, within, wholly, modify, by, attacks}}`** (Keep 'Em in Line, a reaction to "You
 *   declared the 'All-out Attack' command for a friendly Kruleboyz Infantry unit": "If this unit is wholly within 12" of
 *   the unit using the 'All-out Attack' command, add 1 to wound rolls for combat attacks made by that unit for the rest
 *   of the phase."): the unit of the player's declaration named `name` waiting for reactions gets `{modify, by,
 *   attacks}` for `duration` when this unit is (wholly) within `within`" of it (`engine/dirtyTricks41a.ts`).
 *
 * @module
 */

import { z } from 'zod';

/** Effect fields of `{dirtyTrickRule41a}` (module docs). */
export const DIRTY_TRICK_RULE_41A = { dirtyTrickRule41a: z.array(z.number().int().min(2).max(6)).min(1).max(6) };

/** Effect fields of `{dirtyTrickRoll41a}` (module docs). */
export const DIRTY_TRICK_ROLL_41A = { dirtyTrickRoll41a: z.literal(true) };

/** Effect fields of `{dirtyTrickPlus41a}` (module docs). */
export const DIRTY_TRICK_PLUS_41A = {
  dirtyTrickPlus41a: z.strictObject({
    by: z.number().int().min(-3).max(3),
    keyword: z.string().min(1).max(100),
    within: z.number().positive().max(100),
    shoutyBossWithin: z.number().positive().max(100).optional(),
  }),
};

/** Effect fields of `{noWeaponAbility41a}` (module docs). */
export const NO_WEAPON_ABILITY_41A = { noWeaponAbility41a: z.enum(['charge-damage']) };

/** Effect fields of `{triggerUnit41a}` (module docs). */
export const TRIGGER_UNIT_41A = {
  triggerUnit41a: z.strictObject({
    name: z.string().min(1).max(200),
    within: z.number().positive().max(100),
    wholly: z.boolean(),
    modify: z.enum(['hit', 'wound']),
    by: z.number().int().min(-3).max(3),
    attacks: z.enum(['melee', 'ranged', 'all']),
  }),
};

/** Words of a session-41 (sh41a) dirty trick effect, or null for any other: `terse` for the roster report, else the Play panel's. */
export function dirtyTrickWords41a(e: object, terse: boolean): string | null {
  if ('dirtyTrickRule41a' in e) {
    const t = e.dirtyTrickRule41a as number[];
    return terse ? `dirty trick rolls ${t.map((v) => `${v}+`).join('/')}` : `a Dirty Trick ability's effect applies only on a successful dirty trick roll: ${t.map((v) => `${v}+`).join(', ')} for the 1st, 2nd, ... this battle round`;
  }
  if ('dirtyTrickRoll41a' in e) return terse ? 'dirty trick roll' : 'a dirty trick roll first: on a failure, nothing else applies';
  if ('dirtyTrickPlus41a' in e) {
    const p = e.dirtyTrickPlus41a as { by: number; keyword: string; within: number; shoutyBossWithin?: number };
    const reach = `${p.within}"${p.shoutyBossWithin !== undefined ? ` (${p.shoutyBossWithin}" with a Shouty Boss)` : ''}`;
    return terse ? `${p.by > 0 ? '+' : ''}${p.by} dirty trick rolls, ${p.keyword} wholly / enemy within ${reach} of the feature` : `${p.by > 0 ? '+' : ''}${p.by} to dirty trick rolls for friendly ${p.keyword} units wholly within ${reach} of this terrain feature or enemy units within it`;
  }
  if ('triggerUnit41a' in e) {
    const t = e.triggerUnit41a as { name: string; within: number; wholly: boolean; modify: string; by: number; attacks: string };
    return `${t.by > 0 ? '+' : ''}${t.by} to ${t.modify} rolls for ${t.attacks === 'melee' ? 'combat ' : t.attacks === 'ranged' ? 'shooting ' : ''}attacks of the unit using '${t.name}'${terse ? '' : `, if this unit is ${t.wholly ? 'wholly ' : ''}within ${t.within}" of it`}`;
  }
  if ('noWeaponAbility41a' in e) return terse ? 'no Charge (+1 Damage)' : 'its weapons cannot be affected by the Charge (+1 Damage) weapon ability';
  return null;
}
