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
 * - "Add 1 to hit rolls and wound rolls for attacks made with this unit's Fellreaper if the target is a Priest or a Wizard."
 *   (Grim Justice, a passive): `{modify: "hit" / "wound", by, weapon, against: [K, K]}` (`against`: the unit attacked has
 *   any of them).
 * - "Subtract the current battle round number from the control scores of enemy units while they are in combat with any
 *   friendly Nighthaunt units." (Mounting Dread): `{modify: "control", by: -1, perRound: true, targets: "enemy", while:
 *   {inCombatWithFoe: "NIGHTHAUNT"}}`.
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
  // Grim Justice: hit and wound rolls of a named weapon's attacks on a unit with one of two keywords (`against`: any of them).
  if (ctx.passive && (m = /^add ([1-3]) to hit rolls and wound rolls for attacks made with this unit's ([A-Z][\w' -]+?) if the target is an? ([\w' -]+?) or an? ([\w' -]+)$/i.exec(s))) {
    const a = splitKeywords(m[3], ctx.known);
    const b = splitKeywords(m[4], ctx.known);
    if (!a || !b || a.length !== 1 || b.length !== 1 || /\bweapons?$/i.test(m[2])) return null;
    const common = { by: Number(m[1]), weapon: m[2], against: [a[0], b[0]], targets: 'self' };
    return { effects: [{ modify: 'hit', ...common } as AbilityEffect, { modify: 'wound', ...common } as AbilityEffect], used: 1 };
  }
  // Mounting Dread (a passive): the battle round number off enemy units' control scores while in combat with friendly K units.
  if (ctx.passive && (m = /^subtract the current battle round number from the control scores of enemy units while they are in combat with any friendly ([\w' -]+?) units$/i.exec(s))) {
    const kw = splitKeywords(m[1], ctx.known);
    if (!kw) return null;
    return { effects: [{ modify: 'control', by: -1, perRound: true, targets: 'enemy', while: { inCombatWithFoe: kw.join(' ') } } as AbilityEffect], used: 1 };
  }
  // Ethereal, Excommunication, Supreme Swordmaster: "ignore positive / negative modifiers to <rolls> for <subject>".
  const ig = readIgnore(s, ctx);
  if (ig !== undefined) return ig === null ? null : { effects: [ig], used: 1 };
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

const IGNORE_ROLLS: Record<string, ('hit' | 'wound' | 'save')[]> = { 'hit rolls and wound rolls': ['hit', 'wound'], 'hit rolls': ['hit'], 'wound rolls': ['wound'], 'save rolls': ['save'] };

/**
 * "[Until the start of your next turn, ]ignore positive|negative modifiers to <rolls> for <subject>[ for the rest of the
 * turn]": undefined when not this shape, null when this shape but not read whole. Subjects: "this unit" / "the target"
 * (their save rolls; hit and wound rolls: of their attacks), "this unit's attacks" / "the target's attacks" (hit and
 * wound rolls), and in a passive "friendly K units[, excluding N]" (save rolls; N a unit name of the army, or not in it).
 */
function readIgnore(s: string, ctx: FecNh39Ctx): AbilityEffect | null | undefined {
  const m = /^(?:(until the start of your next turn|for the rest of the turn), )?ignore (positive|negative) modifiers to (hit rolls and wound rolls|hit rolls|wound rolls|save rolls) for (.+?)(?: (for the rest of the turn|until the start of your next turn))?$/i.exec(s);
  if (!m) return undefined;
  const when = (m[1] ?? m[5] ?? '').toLowerCase();
  if (m[1] && m[5]) return null;
  const duration = when === '' ? undefined : when.startsWith('until') ? 'nextTurnStart' : 'turn';
  if (ctx.passive !== (duration === undefined)) return null; // Core 28.1: an activated ability's effect lasts as long as it says
  const rolls = IGNORE_ROLLS[m[3].toLowerCase()];
  const attackRolls = !rolls.includes('save');
  const subj = m[4].trim();
  const base = { ignoreModifiers: m[2].toLowerCase() as 'positive' | 'negative', rolls, ...(duration ? { duration } : {}) };
  let t: RegExpExecArray | null;
  if ((t = /^(this unit|the target)(?:'s attacks)?$/i.exec(subj))) {
    if (/'s attacks$/i.test(subj) && !attackRolls) return null;
    if (t[1].toLowerCase() === 'the target' && (!ctx.hasTargets || ctx.manyTargets)) return null;
    return { ...base, targets: t[1].toLowerCase() === 'this unit' ? 'self' : 'targets' } as AbilityEffect;
  }
  // Ethereal: friendly K units (the army's), "excluding" one named unit.
  if (ctx.passive && !attackRolls && (t = /^friendly ([\w' -]+?) units(?:, excluding ([A-Z][\w' -]*))?$/i.exec(subj))) {
    const kw = splitKeywords(t[1], ctx.known);
    if (!kw) return null;
    return { ...base, targets: 'friendly', while: { keyword: kw.join(' '), ...(t[2] ? { notWarscroll: t[2].trim() } : {}) } } as AbilityEffect;
  }
  return null;
}
