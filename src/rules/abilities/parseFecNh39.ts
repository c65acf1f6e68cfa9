/**
 * Session 39 (sh39b, issue 34): shapes of the Flesh-eater Courts and Nighthaunt rosters, read with the caller's clause
 * reader (docs/abilities.md "Flesh-eater Courts and Nighthaunt, session 39 (sh39b)"). Each reads whole or returns null
 * (the sentence then falls to the other readers, and to by hand):
 *
 * - "<clause on this unit> while it is wholly within 12" of any friendly Nobles or Abhorrants." (Royal Approval, a
 *   passive): the clause's effects on this unit with `while: {within, wholly, ofFriendly, unit: "self"}` (session 36's
 *   condition, the leading form's reader `friendlyKeywords`).
 * - "If any models are slain as a result of this ability, <clause>" / "If any models in the target unit are slain by this
 *   ability, <clause>" (Wraithstorm, Ghostly Howl): the last sentence, after this use's mortal damage on its one target;
 *   the clause's one effect with `if: {slainByUse: true}` ("a further D3 mortal damage": D3 more).
 * - "Roll a dice." + "On a N+, <clause>." + "In addition, if the target is a K, <clause>." (Staring Death in the Face):
 *   one roll (`rollOnce`) gating both; the second also `keyword: K` on the target (docs/interpretations.md: "In
 *   addition" is within the roll).
 * - "Roll a dice." + "On a N+, inflict X mortal damage on the target and <clause with its duration>." (Sentenced to
 *   Eternal Torment): the mortal damage is instant, so the trailing duration is the second clause's; one roll for both.
 * - "Until the start of your next turn, each time the target uses a Fight ability, if all of its attacks targeted the
 *   same enemy unit, after that ability has been resolved, subtract 1 from save rolls for that enemy unit for the rest
 *   of the turn." (Fell Blades): `{foeAfterFight: {modify: "save", by: -1}, duration: "nextTurnStart"}` on the target
 *   (`engine/afterFight39.ts`).
 * - "This unit's Skeletal Talons have a maximum Attacks characteristic of 10." (Necromantic Limits, a passive):
 *   `{maxAttacks: 10, weapon}` on this unit (`engine/afterFight39.ts` `attacksCap`).
 *
 * @module
 */

import { friendlyKeywords } from './parseDeclare';
import { splitKeywords } from './parseKeywords';
import type { AbilityEffect } from './schema';

/** What the caller knows of the ability. */
export interface FecNh39Ctx {
  readonly hasTargets: boolean;
  readonly manyTargets: boolean;
  readonly passive: boolean;
  readonly known: Iterable<string>;
  /** The caller's clause reader (throws when a clause is not read whole). */
  readonly readClause: (clause: string) => AbilityEffect[];
}

function tryRead(ctx: FecNh39Ctx, clause: string): AbilityEffect[] | null {
  try {
    return ctx.readClause(clause);
  } catch {
    return null;
  }
}

const plain = (e: AbilityEffect): boolean => e.if === undefined && e.while === undefined && !('on' in e && e.on !== undefined) && e.unlessCastRoll === undefined;

/**
 * The sentences at `i` (of `ss`, the Effect's sentences, `out` the effects read before) as one of this module's shapes:
 * the effects and how many sentences they used, or null.
 */
export function readFecNh39(ss: readonly string[], i: number, out: readonly AbilityEffect[], ctx: FecNh39Ctx): { effects: AbilityEffect[]; used: number } | null {
  const s = ss[i].trim().replace(/\.$/, '');
  const last = i === ss.length - 1;
  let m: RegExpExecArray | null;
  // Royal Approval: a passive's clause on this unit, the condition on any friendly K or K unit near it.
  if (ctx.passive && (m = /^(.+?) while it is (wholly )?within (\d+)" of ((?:a|any) friendly [\w' -]+)$/i.exec(s))) {
    const kws = friendlyKeywords(m[4], ctx.known);
    const read = kws ? tryRead(ctx, m[1]) : null;
    if (!kws || !read || read.length === 0 || !read.every((e) => e.targets === 'self' && plain(e))) return null;
    const cond = { within: Number(m[3]), ...(m[2] ? { wholly: true } : {}), ofFriendly: kws, unit: 'self' as const };
    return { effects: read.map((e) => ({ ...e, while: cond }) as AbilityEffect), used: 1 };
  }
  // Wraithstorm, Ghostly Howl: models slain by this use's mortal damage on its one target.
  if ((m = /^if any models (?:in the target unit )?are slain (?:as a result of|by) this ability, (.+)$/i.exec(s))) {
    if (!last || !ctx.hasTargets || ctx.manyTargets || ctx.passive) return null;
    if (!out.some((e) => 'mortal' in e && e.targets === 'targets')) return null;
    const read = tryRead(ctx, m[1].replace(/^inflict a further /i, 'inflict '));
    if (!read || read.length !== 1 || read[0].targets !== 'targets' || !plain(read[0])) return null;
    return { effects: [{ ...read[0], if: { slainByUse: true } } as AbilityEffect], used: 1 };
  }
  // Fell Blades.
  if ((m = /^until the start of your next turn, each time the target uses a fight ability, if all of its attacks targeted the same enemy unit, after that ability has been resolved, subtract ([1-3]) from save rolls for that enemy unit for the rest of the turn$/i.exec(s))) {
    if (!ctx.hasTargets || ctx.passive) return null;
    return { effects: [{ foeAfterFight: { modify: 'save', by: -Number(m[1]) }, targets: 'targets', duration: 'nextTurnStart' } as AbilityEffect], used: 1 };
  }
  // Necromantic Limits.
  if (ctx.passive && (m = /^this unit's ([A-Z][\w' -]+?) have a maximum attacks characteristic of (\d+)$/i.exec(s))) {
    if (/\bweapons?$/i.test(m[1])) return null;
    return { effects: [{ maxAttacks: Number(m[2]), weapon: m[1], targets: 'self' } as AbilityEffect], used: 1 };
  }
  // "Roll a dice." + two sentences gated by the one roll.
  if (/^roll a dice$/i.test(s) && !ctx.passive && ctx.hasTargets && !ctx.manyTargets) {
    const on = /^on a ([2-6])\+, (.+?)\.?$/i.exec((ss[i + 1] ?? '').trim());
    if (!on) return null;
    const gate = { roll: `${on[1]}+`, rollOnce: true as const };
    // Sentenced to Eternal Torment: "inflict X mortal damage on the target and <clause>" (the only sentence left).
    const mort = /^inflict (\d+|D3|D6) mortal damage on the target and (.+)$/i.exec(on[2]);
    if (mort && i + 2 === ss.length) {
      const read = tryRead(ctx, mort[2]);
      if (!read || read.length !== 1 || read[0].targets !== 'targets' || !plain(read[0]) || read[0].duration === undefined) return null;
      const mortal = /^\d+$/.test(mort[1]) ? Number(mort[1]) : mort[1].toUpperCase();
      return { effects: [{ mortal, targets: 'targets', if: gate } as AbilityEffect, { ...read[0], if: gate } as AbilityEffect], used: 2 };
    }
    // Staring Death in the Face: "In addition, if the target is a K, <clause>." (the last sentence).
    const add = /^in addition, if the target is an? ([\w' -]+?), (.+?)\.?$/i.exec((ss[i + 2] ?? '').trim());
    if (!add || i + 3 !== ss.length) return null;
    const kw = splitKeywords(add[1], ctx.known);
    const first = tryRead(ctx, on[2]);
    const second = tryRead(ctx, add[2]);
    if (!kw || kw.length !== 1 || !first || !second) return null;
    if (![...first, ...second].every((e) => e.targets === 'targets' && plain(e) && !('mortal' in e))) return null;
    return { effects: [...first.map((e) => ({ ...e, if: gate })), ...second.map((e) => ({ ...e, if: { ...gate, keyword: kw[0] } }))] as AbilityEffect[], used: 3 };
  }
  return null;
}
