/**
 * Session 38 (ab38d): roll shapes read with the caller's clause reader (docs/abilities.md "Rolls, responses and
 * conditions, session 38 (ab38d)").
 *
 * - "Roll a dice." + "If the roll is equal to or less than the target's Health characteristic, <clause>." (Crystal
 *   Touch, dok-001: "the target has Strike-last for the rest of the turn"): the clause's one effect on the target,
 *   gated by `if: {rollHealth: {dice: "D6", test: "atMost"}}` (one D6 for the target, against its warscroll's
 *   Health, as tail37b's "exceeds"). Read only for one target, an activated ability, one effect on the target with
 *   no condition of its own and no gate of its own (mortal damage has its own), and nothing after.
 *
 * @module
 */

import type { AbilityEffect } from './schema';

/** What the caller knows of the ability (as parseRollList37's context). */
export interface Roll38Ctx {
  readonly hasTargets: boolean;
  readonly manyTargets: boolean;
  readonly passive: boolean;
  readonly readClause: (clause: string) => AbilityEffect[];
}

/** Sentences consumed and the effects read, or null when the sentences at `i` are not a shape of this module. */
export function readRolls38(ss: readonly string[], i: number, ctx: Roll38Ctx): { effects: AbilityEffect[]; used: number } | null {
  if (!/^roll a dice\.?$/i.test(ss[i].trim())) return null;
  const m = /^if the roll is equal to or less than the target's health characteristic, (.+?)\.?$/i.exec((ss[i + 1] ?? '').trim());
  if (!m || i + 2 !== ss.length || !ctx.hasTargets || ctx.manyTargets || ctx.passive) return null;
  let read: AbilityEffect[];
  try {
    read = ctx.readClause(m[1]);
  } catch {
    return null;
  }
  if (read.length !== 1) return null;
  const e = read[0];
  if (e.targets !== 'targets' || e.if !== undefined || e.while !== undefined || 'mortal' in e || 'on' in e) return null;
  return { effects: [{ ...e, if: { rollHealth: { dice: 'D6', test: 'atMost' } } } as AbilityEffect], used: 2 };
}

/**
 * "If this unit is in combat with any enemy units that charged this turn, roll a dice." + "On a N+, for the rest of
 * the turn, this unit has Strike-first but ward rolls cannot be made for it." (Elite Guardians, fec-001): the
 * condition is the whole Effect's, checked when the ability is used (`triggerConditions.ts` refuses it unmet, in the
 * same action the Effect resolves in); the two clauses joined by "but" (the second's "it": this unit), each gated by
 * the one roll (`rollOnce`). Read only with nothing after and when both clauses read as effects on this unit.
 */
export function readChargedFoesRoll(ss: readonly string[], i: number, ctx: Roll38Ctx): { effects: AbilityEffect[]; used: number } | null {
  if (!/^if this unit is in combat with any enemy units that charged this turn, roll a dice\.?$/i.test(ss[i].trim()) || i !== 0) return null;
  const m = /^on a ([2-6])\+, (for the rest of the turn|until the start of your next turn), (.+?) but (.+?)\.?$/i.exec((ss[i + 1] ?? '').trim());
  if (!m || ss.length !== 2 || ctx.passive) return null;
  const out: AbilityEffect[] = [];
  for (const part of [m[3], m[4].replace(/\bfor it$/i, 'for this unit')]) {
    let read: AbilityEffect[];
    try {
      read = ctx.readClause(`${m[2]}, ${part}`);
    } catch {
      return null;
    }
    if (read.length !== 1 || read[0].targets !== 'self' || read[0].if !== undefined || read[0].while !== undefined || 'mortal' in read[0]) return null;
    out.push({ ...read[0], if: { roll: `${m[1]}+`, rollOnce: true } } as AbilityEffect);
  }
  return { effects: out, used: 2 };
}
