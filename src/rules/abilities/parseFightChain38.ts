/**
 * Fight chains whose pick is written in the Effect (issue 34, session 38, ab38c): the reactions to "You
 * declared a Fight ability for this unit" of the fixture rosters (Knightly Exemplar, Executioner's
 * Entourage, Lead da Brutes, Kompany Taktikz, Infantry Overseer, Furious Retribution, ...):
 *
 *     Pick a friendly Serfs unit that has not used a Fight ability this turn and is within this unit's
 *     combat range to be the target. The target can be picked to use a Fight ability immediately after
 *     the Fight ability used by this unit has been resolved. If it is picked to do so, the target's melee
 *     weapons have Crit (2 Hits) for the rest of the turn.
 *
 * read as the pick (the first sentence, read by the Declare reader without its "has not used a Fight
 * ability this turn", which becomes the pick's `cond: {fought: false}`: in the combat phase, where these
 * reactions are used, the units that used a Fight ability this turn are those that fought this phase),
 * `{fightNext: true, targets: "targets"}` (session 37, `engine/fightChain.ts`) and each effect of the
 * last sentence with `if: {pickedToFight: true}` (schema.ts): the engine keeps it on the chained fight
 * and applies it when the target is picked to fight (`engine/fightChain38.ts`). Only a clause that lasts
 * ("for the rest of the turn") is read there; anything else leaves the ability by hand.
 *
 * Pure; called by `parseEffect.ts` before its sentence loop when the Declare is empty.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import { fail, readDeclareText } from './parseDeclare';
import type { AbilityEffect, AbilityPick, AbilityTiming } from './schema';

const PICK = /^pick a friendly (.+?) unit that has not used a fight ability this turn and is within this unit's combat range to be the target\.?$/i;
const NEXT = /^the target can be picked to use a fight ability immediately after the fight ability used by this unit has been resolved\.?$/i;
const BONUS = /^if it is picked to do so, (.+?)\.?$/i;

/**
 * Read a fight chain written in the Effect (module docs).
 * @param readClause the Effect clause reader of `parseEffect.ts` (throws `NotUnderstood`).
 * @returns the pick and effects, or null when the text is not this shape (then the other readers try);
 *   throws `NotUnderstood` when it starts as one and a part is not read (the ability stays by hand).
 */
export function readFightChain(
  declare: string | null,
  effect: string,
  timing: AbilityTiming,
  known: Iterable<string>,
  names: readonly string[] | undefined,
  readClause: (clause: string) => AbilityEffect[],
): { picks: AbilityPick[]; resolves: AbilityEffect[] } | null {
  if (plainRulesText(declare ?? '').trim() !== '') return null;
  if (timing.when !== 'reaction' || !/^you declared a fight ability for this unit$/i.test((timing.reaction ?? '').trim())) return null;
  const ss = plainRulesText(effect).split(/(?<=\.)\s+/).map((s) => s.trim()).filter((s) => s !== '');
  const pick = PICK.exec(ss[0] ?? '');
  if (!pick) return null;
  if (ss.length < 2 || ss.length > 3 || !NEXT.test(ss[1])) fail(ss[1] ?? ss[0]);
  // The pick, read by the Declare reader: keywords, non-K, a warscroll name (`warscroll`), within 3".
  const { picks } = readDeclareText(`Pick a friendly ${pick[1]} unit within this unit's combat range to be the target.`, known, timing, names);
  if (picks.length !== 1 || (picks[0].count ?? 1) !== 1 || picks[0].cond !== undefined) fail(ss[0]);
  const out: AbilityEffect[] = [{ fightNext: true, targets: 'targets' }];
  if (ss.length === 3) {
    const b = BONUS.exec(ss[2]);
    if (!b) fail(ss[2]);
    const read = readClause(b[1].replace(/\bthat unit's\b/gi, "the target's"));
    for (const e of read) {
      // Only an effect on the target that lasts, with no condition of its own ("for the rest of the turn").
      if (e.targets !== 'targets' || e.duration !== 'turn' || e.if !== undefined || e.while !== undefined) fail(ss[2]);
      out.push({ ...e, if: { pickedToFight: true } } as AbilityEffect);
    }
  }
  return { picks: [{ ...picks[0], cond: { fought: false } }], resolves: out };
}
