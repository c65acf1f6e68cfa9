/**
 * Shapes read in session 40 (sh40a; docs/abilities.md "Kruleboyz and Ironjawz, session 40 (sh40a)"), asked by
 * `parseEffect.ts`'s sentence loop ({@link readSentences40a}, one insertion):
 *
 * - **A dice for each target in bands** (Breath of the Mire-drakes, kb): "Roll a dice for each target. On a 1, this
 *   ability has no effect. On a 2-5, inflict 1 mortal damage on the target. On a 6, inflict D3 mortal damage on the
 *   target." One dice for each target (Core 28.0: "the target" is each of them in turn), every band gated by that
 *   same dice: `{mortal: 1, targets: "targets", if: {roll: "2+", rollAtMost: 5, rollOnce: true}}` and `{mortal: "D3",
 *   if: {roll: "6+", rollOnce: true}}` (condition **`rollAtMost`**, an extension). The bands must cover 1-6 once
 *   each, in order, and be the rest of the Effect; each band's clause one effect on the target with no condition of
 *   its own. Only with picked targets, in an activated ability. A single target's "Roll a dice. ... On a 1, ..."
 *   (Foul Elixirs) is not this shape (it stays by hand: a browser test's by-hand example).
 * - **"that enemy unit" of an attack reaction** (You Call Dat A Punch?, ij): in a reaction "Opponent declared an
 *   Attack ability that targeted this unit", "For the rest of the turn, add 1 to hit rolls and wound rolls for this
 *   unit's combat attacks that target that enemy unit." is two modifiers of this unit's rolls (Core 17.1) against
 *   the attacking unit of the declaration it reacts to: `{modify: "hit" | "wound", by: 1, attacks: "melee", targets:
 *   "self", duration: "turn", againstTrigger: true}` (**`againstTrigger`**, an extension: `against` becomes that
 *   unit's id when the effect is applied, engine/trigger40.ts). The whole Effect, one sentence.
 * - **A named weapon's weapon ability near this unit** (Kountin' Krew, kb): "For the rest of the battle, the target's
 *   Slitta-knives have Crit (Mortal) while they are wholly within 12" of this unit." is `{weaponAbility:
 *   "crit-mortal", weapon: "Slitta-knives", targets: "targets", duration: "battle", while: {within: 12, wholly: true,
 *   of: "self"}}` (Core 20.0; the `while` measured from the target to the ability's unit whenever an attack reads it).
 *   The whole Effect, one picked target; the importer keeps it only when every unit of the picked warscroll has that
 *   weapon (`army/abilities.ts` `checkNamedWeapons`).
 * - **Units that cannot contest objectives** (You Messin'?, ij): read by contest40.ts `readNoContest`.
 *
 * As everywhere in the parser, a text that starts like one of these but holds a word more stays by hand.
 * Pure; no three.
 *
 * @module
 */

import { fail } from './parseDeclare';
import type { AbilityEffect, AbilityTiming } from './schema';
import { readNoContest } from './contest40';

/** What the readers need of the parser's state (parseEffect.ts `Ctx`). */
export interface Sentence40aCtx {
  readonly passive: boolean;
  readonly hasTargets: boolean;
  /** More than one target picked (or "each" / "any number"). */
  readonly manyTargets: boolean;
  readonly timing: AbilityTiming;
  /** The parser's clause reader (no gate). */
  readonly readClause: (c: string) => AbilityEffect[];
}

/** A read: the effects and how many sentences they used. */
export interface Read40a {
  readonly effects: AbilityEffect[];
  readonly used: number;
}

/** Strip a sentence's full stop. */
function bare(s: string | undefined): string {
  return (s ?? '').trim().replace(/\.$/, '');
}

const BAND = /^on a ([1-6])(?:-([1-6])|(\+))?, (.+)$/i;

/**
 * "Roll a dice for each target." followed by bands "On a 1, ...", "On a 2-5, ...", "On a 6, ..." covering 1-6 once
 * each, to the end of the Effect. Null when `ss[i]` does not start this shape; throws `NotUnderstood` when it does
 * and a band is not read.
 */
function readBands(ss: readonly string[], i: number, ctx: Sentence40aCtx): Read40a | null {
  if (!/^roll a dice for each target$/i.test(bare(ss[i]))) return null;
  if (!ctx.hasTargets || ctx.passive) fail(ss[i]);
  const rest = ss.slice(i + 1).map(bare);
  if (rest.length < 2) fail(ss[i]);
  const effects: AbilityEffect[] = [];
  let next = 1; // the lowest face not yet covered by a band
  for (const b of rest) {
    const m = BAND.exec(b);
    if (!m) fail(b);
    const lo = Number(m[1]);
    const hi = m[3] ? 6 : m[2] ? Number(m[2]) : lo;
    if (lo !== next || hi < lo) fail(b);
    next = hi + 1;
    if (/^this ability has no effect$/i.test(m[4])) continue;
    const read = ctx.readClause(m[4]);
    if (read.length !== 1) fail(b);
    const e = read[0];
    // One effect on the target with nothing of its own to check or roll: the band's dice is its only gate.
    if (e.targets !== 'targets' || e.if !== undefined || e.while !== undefined || e.duration !== undefined || ('on' in e && e.on !== undefined)) fail(b);
    effects.push({ ...e, if: { roll: `${lo}+`, ...(hi < 6 ? { rollAtMost: hi } : {}), rollOnce: true } } as AbilityEffect);
  }
  if (next !== 7 || effects.length === 0) fail(ss[i]);
  return { effects, used: 1 + rest.length };
}

const PUNCH_TRIGGER = /^opponent declared an attack ability that targeted this unit$/i;
const PUNCH = /^for the rest of the turn, add ([1-3]) to hit rolls and wound rolls for this unit's (combat|shooting) attacks that target that enemy unit$/i;

/** You Call Dat A Punch?'s whole Effect in its reaction, or null. */
function readAgainstAttacker(ss: readonly string[], i: number, ctx: Sentence40aCtx): Read40a | null {
  const m = PUNCH.exec(bare(ss[i]));
  if (!m) return null;
  const t = ctx.timing;
  // "that enemy unit" is the attacker only in this reaction; the Effect must be this one sentence.
  if (t.when !== 'reaction' || !PUNCH_TRIGGER.test(t.reaction ?? '') || ctx.hasTargets || i !== 0 || ss.length !== 1) fail(ss[i]);
  const by = Number(m[1]);
  const attacks = m[2].toLowerCase() === 'combat' ? 'melee' : 'ranged';
  const effects = (['hit', 'wound'] as const).map((modify) => ({ modify, by, attacks, targets: 'self', duration: 'turn', againstTrigger: true }) as AbilityEffect);
  return { effects, used: 1 };
}

const NAMED_WEAPON = /^for the rest of the battle, the target's ([A-Z][\w' -]*?) have (crit \((?:mortal|auto-wound|2 hits)\)) while they are (wholly )?within (\d+)" of this unit$/i;

/** Kountin' Krew's whole Effect, or null. */
function readNamedWeaponNear(ss: readonly string[], i: number, ctx: Sentence40aCtx): Read40a | null {
  const m = NAMED_WEAPON.exec(bare(ss[i]));
  if (!m) return null;
  // A weapon's name, not "melee weapons" / "weapons" (the clause reader's, with the range).
  if (/\bweapons?$/i.test(m[1]) || !ctx.hasTargets || ctx.manyTargets || ctx.passive || i !== 0 || ss.length !== 1) fail(ss[i]);
  const read = ctx.readClause(`for the rest of the battle, the target's weapons have ${m[2]}`);
  if (read.length !== 1 || !('weaponAbility' in read[0]) || read[0].duration !== 'battle' || read[0].targets !== 'targets' || read[0].if !== undefined || read[0].while !== undefined) fail(ss[i]);
  const e: AbilityEffect = { weaponAbility: read[0].weaponAbility, weapon: m[1], targets: 'targets', duration: 'battle', while: { within: Number(m[4]), ...(m[3] ? { wholly: true } : {}), of: 'self' } };
  return { effects: [e], used: 1 };
}

/**
 * The sentence loop's reader of this session's shapes at `ss[i]` (sentences as parseEffect.ts splits them).
 * @returns the effects and the number of sentences used, or null when no shape starts at `ss[i]`; throws
 *   `NotUnderstood` when one does and a part of it is not read.
 */
export function readSentences40a(ss: readonly string[], i: number, ctx: Sentence40aCtx): Read40a | null {
  const noContest = readNoContest(bare(ss[i]), ctx.passive, i === 0 && ss.length === 1); // You Messin'? (contest40.ts)
  if (noContest) return { effects: noContest, used: 1 };
  return readBands(ss, i, ctx) ?? readAgainstAttacker(ss, i, ctx) ?? readNamedWeaponNear(ss, i, ctx);
}
