/**
 * Shapes read in session 39 (sh39c; docs/abilities.md "Rally extras and the use's D3, session 39 (sh39c)"), asked by
 * `parseEffect.ts`'s sentence loop ({@link readSentences39c}, one insertion):
 *
 * - **Rally extras** (Iron-fisted Commander, ij; Shining Example, lrl; Captured Soul Energy, nh; Call to Battle,
 *   sce): "If a friendly K unit wholly within 12" of this unit uses the 'Rally' command, you can make 3 additional
 *   rally rolls of D6." (also "Each time ...") is the aura `{rallyExtra: {rolls: 3}, targets: "friendly",
 *   while: {within: 12, of: "self", wholly: true, keyword: K}}` (sh39a's vocabulary, one since session 40) (or `warscroll: "Ardboyz"` when K is a warscroll
 *   name of the army, not a keyword). Commands 2.0: the Rally command's six dice, plus these (`engine/rally39.ts`).
 *   Only as the whole Effect of a passive: a sentence more (Icon of Slaughter's rally points) stays by hand.
 * - **The use's one D3** ("Roll a D3. On a 2+:" and what is "equal to the roll"): one roll for the whole use of the
 *   ability, shared by every effect of it and every unit they reach (condition **`useRoll: {die, on}`**,
 *   `engine/useRoll39.ts`); `{mortal: "roll", if: {useRoll}}` inflicts that roll; `{modify, byRoll: true, if:
 *   {useRoll}}` adds it. Read: "Roll a D3. On a 2+:" + items (Light a Pyre, nh: mortal damage on the target equal
 *   to the roll, and "Add a number equal to the roll to this unit's control score for the rest of the turn"), and
 *   "Roll a D3. On a 2+, inflict an amount of mortal damage on the target equal to the roll. Add 1 to the mortal
 *   damage inflicted (if any) if the target is K." (Gore-grunta Charge, ij: a second mortal effect of 1 on a K
 *   target, gated by the same roll: the same damage points, allocated one at a time as Core 18.0 allocates any).
 *   Only with one picked target (not "for each target"), in an activated ability, as the rest of the Effect.
 *
 * As everywhere in the parser, a text that starts like one of these but holds a word more stays by hand.
 * Pure; no three.
 *
 * @module
 */

import { fail } from './parseDeclare';
import { splitKeywords } from './parseKeywords';
import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityPick } from './schema';

/** What the readers need of the parser's state (parseEffect.ts `Ctx`). */
export interface Sentence39cCtx {
  readonly passive: boolean;
  readonly hasTargets: boolean;
  /** More than one target picked (or "each" / "any number"). */
  readonly manyTargets: boolean;
  readonly known: Iterable<string>;
  readonly unitNames?: readonly string[];
  /** The number of "•" items of the Effect. */
  readonly bullets: number;
  /** The parser's clause reader (no gate). */
  readonly readClause: (c: string) => AbilityEffect[];
  /** The parser's clause reader with a roll gate ("On a 3+, ..."). */
  readonly readGated?: (c: string, gate: string) => AbilityEffect[];
}

/** Strip a sentence's full stop. */
function bare(s: string | undefined): string {
  return (s ?? '').trim().replace(/\.$/, '');
}

const RALLY = /^(?:if|each time) an? friendly ([\w' -]+?) unit (wholly )?within (\d+)" of this unit uses the ['\u2018\u2019]rally['\u2018\u2019] command, you can make (\d) additional rally rolls of D6$/i;

/** One keyword of the army, or one of its warscroll names (as parseResources38's named-roll auras); else not read. */
function keywordOrWarscroll(who: string, ctx: Sentence39cCtx): { keyword: string } | { warscroll: string } {
  const kw = splitKeywords(who, ctx.known);
  if (kw !== null && kw.length === 1) return { keyword: kw[0] };
  const name = (ctx.unitNames ?? []).find((n) => n.toLowerCase() === who.toLowerCase());
  if (name === undefined) fail(who);
  return { warscroll: name };
}

/**
 * The session-39 (sh39c) sentences at `ss[i]` (as parseEffect.ts splits them), or null when `ss[i]` starts none
 * of them. Throws `NotUnderstood` when one starts and the rest is not read.
 * @returns the effects and how many sentences were used.
 */
export function readSentences39c(ss: readonly string[], i: number, ctx: Sentence39cCtx): { effects: AbilityEffect[]; used: number } | null {
  const s = bare(ss[i]);
  const rally = RALLY.exec(s);
  if (rally) {
    if (!ctx.passive || ss.length !== 1) fail(s);
    const by = Number(rally[4]);
    if (by < 1 || by > 6) fail(s);
    const effect = { rallyExtra: { rolls: by }, targets: 'friendly', while: { within: Number(rally[3]), of: 'self', ...(rally[2] ? { wholly: true } : {}), ...keywordOrWarscroll(rally[1].trim(), ctx) } } as AbilityEffect;
    return { effects: [effect], used: 1 };
  }
  return readUseRoll(ss, i, ctx) ?? readFollowingEffects(ss, i, ctx) ?? readNonKeywordAttackers(ss, i, ctx);
}

const MADE_BY_NON = /^on a ([2-6])\+, (subtract \d+ from hit rolls for attacks) made by non-([\w' -]+?) units (that target this unit for the rest of the turn)\.?$/i;

/**
 * Scare Taktikz (kb): "Roll a dice. On a 3+, subtract 1 from hit rolls for attacks made by non-Hero units that target
 * this unit for the rest of the turn." The clause without "made by non-K units" (the `incoming` modifier of session
 * 36), with `while: {notKeyword: K, unit: "target"}`: the attacking unit (the opposing unit of an incoming modifier,
 * engine/attackAbilities.ts) must not have the keyword. Only as the whole Effect of an activated ability.
 */
function readNonKeywordAttackers(ss: readonly string[], i: number, ctx: Sentence39cCtx): { effects: AbilityEffect[]; used: number } | null {
  if (!/^roll a dice$/i.test(bare(ss[i]))) return null;
  const m = MADE_BY_NON.exec((ss[i + 1] ?? '').trim());
  if (!m) return null;
  if (ctx.passive || i !== 0 || ss.length !== 2 || ctx.readGated === undefined) fail(ss[i + 1]);
  const kw = splitKeywords(m[3], ctx.known);
  if (kw === null || kw.length !== 1) fail(m[3]);
  const read = ctx.readGated(`${m[2]} ${m[4]}`, `${m[1]}+`);
  for (const e of read) if (!('incoming' in e) || e.incoming !== true || (e.targets ?? 'self') !== 'self' || e.while !== undefined) fail(ss[i + 1]);
  return { effects: read.map((e) => ({ ...e, while: { notKeyword: kw[0], unit: 'target' } }) as AbilityEffect), used: 2 };
}

const ONCE_PER_BATTLE = /^(.+?\.)\s*You cannot pick the same ([\w' -]+?) to be the target of this ability more than once per battle\.?$/is;

/**
 * Ironjawz Waaagh! (ij): "... You cannot pick the same Hero to be the target of this ability more than once per
 * battle." The Declare without that sentence, and whether it was there (the pick then gets `notPickedThisBattle`).
 */
export function splitOncePerBattlePick(declare: string | null): { declare: string | null; once: boolean } {
  if (declare === null) return { declare, once: false };
  const m = ONCE_PER_BATTLE.exec(plainRulesText(declare).trim());
  return m ? { declare: m[1], once: true } : { declare, once: false };
}

/** The Declare's one pick, marked `notPickedThisBattle` (several picks, "each", "up to N": not read). */
export function markOncePerBattle(picks: readonly AbilityPick[]): AbilityPick[] {
  if (picks.length !== 1 || (picks[0].count ?? 1) !== 1 || picks[0].each === true || picks[0].anyNumber === true) fail('You cannot pick the same unit more than once per battle');
  return [{ ...picks[0], notPickedThisBattle: true }];
}

const FOLLOWING = /^for the rest of the turn, the following effects apply to friendly ([\w' -]+?) units while they are (wholly )?within (\d+)" of the target:$/i;

/**
 * Ironjawz Waaagh! (ij): "For the rest of the turn, the following effects apply to friendly K units while they are
 * wholly within 18" of the target:" + items on "those units": each item read on the target, then made the aura
 * `{..., targets: "friendly", duration: "turn", while: {within: 18, wholly: true, of: "picked", keyword: K}}`
 * (`of: "picked"`: the Declare's one target, fixed when the ability resolves, engine/abilityUse.ts).
 */
function readFollowingEffects(ss: readonly string[], i: number, ctx: Sentence39cCtx): { effects: AbilityEffect[]; used: number } | null {
  const m = FOLLOWING.exec((ss[i] ?? '').trim());
  if (!m) return null;
  const items = ss.slice(i + 1);
  if (ctx.passive || !ctx.hasTargets || ctx.manyTargets || items.length < 1 || items.length !== ctx.bullets) fail(ss[i]);
  const kw = splitKeywords(m[1], ctx.known);
  if (kw === null || kw.length !== 1) fail(m[1]);
  const effects: AbilityEffect[] = [];
  for (const raw of items) {
    const item = bare(raw);
    if (!/\bthose units\b/i.test(item)) fail(item);
    // Read with the lead's duration, as the clause reader reads a modifier only with one.
    const read = ctx.readClause(`for the rest of the turn, ${item.replace(/\bthose units'/gi, "the target's").replace(/\bthose units\b/gi, 'the target')}`);
    for (const e of read) {
      if (e.targets !== 'targets' || e.if !== undefined || e.while !== undefined || e.duration !== 'turn' || !('modify' in e)) fail(item);
      effects.push({ ...e, targets: 'friendly', duration: 'turn', while: { within: Number(m[3]), ...(m[2] ? { wholly: true } : {}), of: 'picked', keyword: kw[0] } } as AbilityEffect);
    }
  }
  return { effects, used: 1 + items.length };
}

const EQUAL_MORTAL = /^inflict an amount of mortal damage on the target equal to the roll$/i;
const EQUAL_CONTROL = /^add a number equal to the roll to this unit's control score for the rest of the turn$/i;
const PLUS_IF = /^add (\d) to the mortal damage inflicted \(if any\) if the target is (?:an? )?([\w' -]+)$/i;

/** "Roll a D3. On a 2+: ..." and "Roll a D3. On a 2+, inflict ... equal to the roll. Add 1 ... if the target is K." */
function readUseRoll(ss: readonly string[], i: number, ctx: Sentence39cCtx): { effects: AbilityEffect[]; used: number } | null {
  if (!/^roll a D3$/i.test(bare(ss[i]))) return null;
  const list = /^on a ([23])\+:$/i.exec((ss[i + 1] ?? '').trim());
  const inline = list ? null : /^on a ([23])\+, (.+?)\.?$/i.exec((ss[i + 1] ?? '').trim());
  if (!list && !(inline && EQUAL_MORTAL.test(inline[2]) && PLUS_IF.test(bare(ss[i + 2])))) return null;
  if (ctx.passive || !ctx.hasTargets || ctx.manyTargets) fail(ss[i + 1]);
  const useRoll = { die: 'D3' as const, on: `${(list ?? inline)![1]}+` };
  const mortal = { mortal: 'roll', targets: 'targets', if: { useRoll } } as AbilityEffect;
  if (inline) {
    // Gore-grunta Charge: the sentence "Add 1 ... if the target is K" must end the Effect.
    const plus = PLUS_IF.exec(bare(ss[i + 2]))!;
    if (ss.length !== i + 3) fail(ss[i + 3]);
    const kw = splitKeywords(plus[2], ctx.known);
    if (kw === null || kw.length !== 1) fail(ss[i + 2]);
    return { effects: [mortal, { mortal: Number(plus[1]), targets: 'targets', if: { useRoll, keyword: kw[0] } } as AbilityEffect], used: 3 };
  }
  // Light a Pyre: every sentence left is one "•" item of the list.
  const items = ss.slice(i + 2);
  if (items.length < 2 || items.length !== ctx.bullets) fail(ss[i + 1]);
  const effects: AbilityEffect[] = [];
  for (const raw of items) {
    const item = bare(raw);
    if (EQUAL_MORTAL.test(item)) effects.push(mortal);
    else if (EQUAL_CONTROL.test(item)) effects.push({ modify: 'control', by: 1, byRoll: true, targets: 'self', duration: 'turn', if: { useRoll } } as AbilityEffect);
    else {
      // Any other item: one ungated effect on the target, gated by the same roll.
      const read = ctx.readClause(item);
      for (const e of read) {
        if (e.targets !== 'targets' || e.if !== undefined || e.while !== undefined || 'mortal' in e) fail(item);
        effects.push({ ...e, if: { useRoll } } as AbilityEffect);
      }
    }
  }
  return { effects, used: 2 + items.length };
}
