/**
 * "Can use 2 Fight abilities" (issue 34, session 38, ab38c): two sentences of the Effect read together,
 *
 *     [In addition, if the chanting roll was 10+, | If the target is a friendly unit,] the target | that
 *     unit | it | this unit can use 2 Fight abilities this turn | this phase. After the first is used,
 *     however, the target | that unit | this unit has Strike-last for the rest of the turn.
 *
 * (Dance of Doom, dok ×5; Deliver Judgement, sce; Righteous Tenacity, fec; The Death Frenzy, skv) →
 * `{fightTwice: true, targets, duration}` with the roll or side as its `if`. The Strike-last after the first
 * Fight is part of what the engine does with `fightTwice` (`engine/fightTwice38.ts`); both sentences must be
 * there and name the same unit, or the ability stays by hand.
 *
 * Pure; called by `parseEffect.ts` for each sentence before its other readers.
 *
 * @module
 */

import { fail } from './parseDeclare';
import type { AbilityCondition, AbilityEffect } from './schema';

const FIRST = /^(?:in addition, )?(?:if the (?:chanting|casting) roll was (\d+)\+, |if the target is a (friendly) unit, )?(the target|that unit|this unit|it) can use 2 fight abilities this (turn|phase)\.?$/i;
const THEN = /^after the first is used, however, (the target|that unit|this unit|it) has strike-last for the rest of the turn\.?$/i;

/**
 * Sentences `ss[i]`, `ss[i + 1]` as a `fightTwice` effect, or null when `ss[i]` is not such a sentence.
 * @param ctx `hasTargets`: the Declare picks a unit; `castRoll`: it makes a casting / chanting roll; `passive`.
 */
export function readFightTwice(ss: readonly string[], i: number, ctx: { hasTargets: boolean; castRoll: boolean; passive: boolean }): { effects: AbilityEffect[]; used: number } | null {
  const m = FIRST.exec(ss[i].trim());
  if (!m) return null;
  const then = THEN.exec((ss[i + 1] ?? '').trim());
  if (!then || ctx.passive) fail(ss[i + 1] ?? ss[i]);
  const who = (w: string) => (/^this unit$/i.test(w) ? 'self' : 'targets');
  const targets = who(m[3]);
  if (targets === 'targets' && !ctx.hasTargets) fail(ss[i]);
  if (/^it$/i.test(m[3]) && m[2] === undefined) fail(ss[i]); // a bare "it": only after "If the target is a friendly unit,"
  if (who(then[1]) !== targets) fail(ss[i + 1]);
  if (m[1] !== undefined && !ctx.castRoll) fail(ss[i]);
  const cond: AbilityCondition | undefined = m[1] !== undefined ? { castRoll: Number(m[1]) } : m[2] !== undefined ? { side: 'friendly' } : undefined;
  return { effects: [{ fightTwice: true, targets, duration: m[4].toLowerCase() === 'phase' ? 'phase' : 'turn', ...(cond ? { if: cond } : {}) } as AbilityEffect], used: 2 };
}
