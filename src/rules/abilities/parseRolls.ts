/**
 * The roll family of effect texts (issue 34, session 37, roll37; docs/abilities.md "Roll effects added in
 * session 37 (roll37)"): an Effect that rolls dice and says what happens on the result, read into the
 * effect vocabulary only when every sentence of the shape is understood (parseEffect.ts calls
 * {@link readRollSentences} for each sentence before its own shapes). Shapes:
 *
 * - "Roll a number of dice equal to the number of models in the target unit." / "Roll a dice for each model
 *   in the target unit." + "For each N+, inflict 1 mortal damage on the target." [+ "If the chanting roll was
 *   M+, inflict 1 mortal damage on the target for each K+ instead."] (Bile-torrent, Da Black Pit):
 *   `{mortal: 1, on, each: "model"}`, the replaced one with `unlessCastRoll`, the replacing one `if: {castRoll}`.
 * - "Roll a dice | Roll 2D6 | Roll N dice." + "If the roll exceeds | equals or exceeds | is at least double the
 *   target's Health characteristic, 1 model in the target unit is slain | it is automatically destroyed." /
 *   "For each roll that ..., 1 model in the target unit is slain." (Easy Meat, Tear Limb From Limb, Toxic
 *   Stash, Cavernous Jaws): `slay`.
 * - "<clause>, then roll a dice." + "If the roll equals or exceeds the target's Save characteristic, inflict X
 *   mortal damage on it." (Overwhelming Heat; the clause read as any clause, e.g. "Halve the target's Move
 *   characteristic until the start of your next turn", `halve`): `{mortal: X, vs: "save"}`.
 * - "If this unit <state>, roll a dice." + "On a N+, <clause>." (Paragon of Slaughter): the clause gated by the
 *   roll and by the condition on this unit, checked before the dice is rolled.
 * - "Then, roll a dice." read as "Roll a dice." (Beast-breaking Strike).
 *
 * Everything else returns null (the sentence is not of this family) or fails (`NotUnderstood`: the
 * ability is resolved by hand). Pure; no three.
 *
 * @module
 */

import { fail, mergeConditions, takeLeadingCondition } from './parseDeclare';
import type { AbilityCondition, AbilityEffect } from './schema';

/** What the roll readers need from parseEffect.ts. */
export interface RollCtx {
  /** The Declare picks units ("the target" can be read). */
  readonly hasTargets: boolean;
  /** The Declare picks more than one unit: "the target's Health characteristic" is not one unit's. */
  readonly manyTargets: boolean;
  /** The Declare makes a casting or chanting roll (Magic 6.0). */
  readonly castRoll: boolean;
  readonly passive: boolean;
  readonly known: Iterable<string>;
  /** parseEffect.ts's clause reader (one clause → its effects; `gate`: "N+" of a roll made first). */
  readonly readClause: (clause: string, gate?: string) => AbilityEffect[];
}

/** The effects of the roll shape starting at sentence `i`, and how many sentences it used; null when it is not one. */
export interface RollRead {
  readonly effects: AbilityEffect[];
  readonly used: number;
}

const HEALTH_TEST = `(exceeds|equals or exceeds|is equal to or greater than|is at least double)`;

function healthTest(x: string): 'exceeds' | 'atLeast' | 'double' {
  const t = x.toLowerCase();
  return t === 'exceeds' ? 'exceeds' : t === 'is at least double' ? 'double' : 'atLeast';
}

/** Strip a sentence's full stop. */
function bare(s: string | undefined): string {
  return (s ?? '').trim().replace(/\.$/, '');
}

/**
 * Read the roll shape starting at `ss[i]` (sentences as parseEffect.ts splits them).
 * @returns the effects and the number of sentences read, or null when `ss[i]` does not start a roll shape
 *   of this module. Throws `NotUnderstood` when it starts one whose rest is not understood.
 */
export function readRollSentences(ss: readonly string[], i: number, ctx: RollCtx): RollRead | null {
  const s = bare(ss[i]);
  let m: RegExpExecArray | null;
  // "Then, roll a dice." after an effect: the same as "Roll a dice." (the effects before it are applied first).
  if (/^then, roll a dice$/i.test(s) && i > 0) {
    const next = /^on a ([2-6])\+, (.+)$/i.exec(bare(ss[i + 1]));
    if (!next) fail(ss[i + 1] ?? s);
    single(ctx, s);
    return { effects: ctx.readClause(next[2], `${next[1]}+`), used: 2 };
  }
  // Dice for each model of the target unit; mortal damage for each N+ (and the chanting roll's alternative).
  if (/^(?:roll a number of dice equal to the number of models in the target unit|roll a dice for each model in the target unit)$/i.test(s)) {
    const each = /^for each ([2-6])\+?, inflict 1 mortal damage on the target$/i.exec(bare(ss[i + 1]));
    if (!each || !ctx.hasTargets) fail(ss[i + 1] ?? s);
    const base: AbilityEffect = { mortal: 1, on: `${each[1]}+`, each: 'model', targets: 'targets' };
    const alt = /^if the (?:casting|chanting) roll was (\d+)\+, inflict 1 mortal damage on the target for each ([2-6])\+ instead$/i.exec(bare(ss[i + 2]));
    if (!alt) return { effects: [base], used: 2 };
    if (!ctx.castRoll || ctx.passive) fail(ss[i + 2]);
    const n = Number(alt[1]);
    return { effects: [{ ...base, unlessCastRoll: n }, { mortal: 1, on: `${alt[2]}+`, each: 'model', targets: 'targets', if: { castRoll: n } }], used: 3 };
  }
  // Rolls against the target's Health characteristic: slain models or a destroyed unit.
  if ((m = /^roll (a dice|2D6|(\d+) dice)$/i.exec(s))) {
    const next = bare(ss[i + 1]);
    const one = new RegExp(`^if the (?:roll|result) ${HEALTH_TEST} the target's health characteristic, (1 model in the target unit is slain|it is automatically destroyed)$`, 'i').exec(next);
    const many = new RegExp(`^for each roll that ${HEALTH_TEST} the target's health characteristic, 1 model in the target unit is slain$`, 'i').exec(next);
    if (!one && !many) return null; // "Roll a dice. On a N+, ..." and the rest: parseEffect.ts's shapes
    if (!ctx.hasTargets || ctx.manyTargets) fail(next);
    const times = m[2] !== undefined ? Number(m[2]) : 1;
    if (one && times !== 1) fail(next); // "Roll 3 dice. If the roll ...": which roll?
    if (many && times < 2) fail(next); // "Roll a dice. For each roll ...": not a shape printed
    if (times > 10) fail(s);
    const dice = m[1].toUpperCase() === '2D6' ? '2D6' : 'D6';
    const test = healthTest((one ?? many)![1]);
    const slay = one && /destroyed/i.test(one[2]) ? 'unit' : 'model';
    return { effects: [{ slay, dice, ...(times > 1 ? { times } : {}), health: test, targets: 'targets' }], used: 2 };
  }
  // "<clause>, then roll a dice. If the roll equals or exceeds the target's Save characteristic, inflict X mortal damage on it."
  if ((m = /^(.+), then roll a dice$/i.exec(s))) {
    const vs = /^if the roll (?:equals or exceeds|is equal to or greater than) the target's save characteristic, inflict (\d*D[36]|\d+) mortal damage on (?:it|the target)$/i.exec(bare(ss[i + 1]));
    if (!vs || !ctx.hasTargets || ctx.manyTargets) fail(ss[i + 1] ?? s);
    const first = ctx.readClause(m[1]);
    const amount = /^\d+$/.test(vs[1]) ? Number(vs[1]) : vs[1].toUpperCase();
    return { effects: [...first, { mortal: amount, vs: 'save', targets: 'targets' }], used: 2 };
  }
  // "If this unit is not in combat, roll a dice. On a 3+, <clause>."
  if ((m = /^(if this unit .+?), roll a dice$/i.exec(s))) {
    const lead = takeLeadingCondition(`${m[1]}, x`, ctx.known);
    if (!lead.cond || lead.rest !== 'x' || lead.cond.unit !== 'self') fail(s);
    const next = /^on a ([2-6])\+, (.+)$/i.exec(bare(ss[i + 1]));
    if (!next) fail(ss[i + 1] ?? s);
    single(ctx, s);
    return { effects: ctx.readClause(next[2], `${next[1]}+`).map((e) => withCondition(e, lead.cond!, s)), used: 2 };
  }
  return null;
}

/** One roll for one unit: a Declare of several targets would roll once for each (Core 28.0), not once. */
function single(ctx: RollCtx, s: string): void {
  if (ctx.manyTargets) fail(s);
}

/** The condition on this unit added to an effect's `if` (with its roll gate); a `while` or a clash fails. */
function withCondition(e: AbilityEffect, cond: AbilityCondition, s: string): AbilityEffect {
  if (e.while !== undefined) fail(s);
  return { ...e, if: mergeConditions(e.if, cond) } as AbilityEffect;
}

/** "Halve the target's Move characteristic" (a body for parseEffect.ts's clause reader): the subject phrase, or null. */
export function halveBody(t: string): { body: { halve: 'move' }; subject: string } | null {
  const m = /^halve (this unit|the target|that unit)'s move characteristic$/i.exec(t);
  return m ? { body: { halve: 'move' }, subject: m[1] } : null;
}
