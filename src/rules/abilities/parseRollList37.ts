/**
 * "Roll a dice. On a N+[, for the rest of the turn]:" followed by a list of effects (issue 34, session 37,
 * tail37b; docs/abilities.md "Second pass, session 37 (tail37b)"). One dice is rolled for the target (Core
 * 28.0) and every item of the list is gated by that same dice: each item is read with parseEffect.ts's clause
 * reader, its gate `if: {roll: "N+", rollOnce: true}` (the engine keeps the first roll made for the unit by this
 * use of the ability and reuses it for the other items: engine/abilityUse.ts).
 *
 * An item may start with "If the target is a K unit, ..." (Countless Servants: "If the target is a Serfs unit,
 * return up to 3 slain models to it."): the keyword is checked on the target, `if: {keyword}`. The list is read
 * only when it ends the Effect, each item is one sentence and every item is read; an item whose effect is not
 * gated by `if.roll` (mortal damage gates itself, `on`, with a roll of its own) fails, so the whole ability is
 * resolved by hand (Scrap-bang; Light a Pyre is read since session 39 by parseKbIj39.ts, one D3 for the use). Pure; no three.
 *
 * @module
 */

import { fail } from './parseDeclare';
import { splitKeywords } from './parseKeywords';
import type { AbilityEffect } from './schema';
import type { RollCtx, RollRead } from './parseRolls';

/** Strip a sentence's full stop. */
function bare(s: string | undefined): string {
  return (s ?? '').trim().replace(/\.$/, '');
}

/**
 * Read "Roll a dice." + "On a N+[, for the rest of the turn | until the start of your next turn]:" + the list's
 * items, at `ss[i]` (sentences as parseEffect.ts splits them; `bullets`: the number of "•" items of the Effect).
 * @returns the effects and the sentences used (the rest of the Effect), or null when `ss[i]` does not start
 *   this shape. Throws `NotUnderstood` when it does and an item is not read.
 */
export function readRollList(ss: readonly string[], i: number, bullets: number, ctx: RollCtx): RollRead | null {
  const health = readHealthList(ss, i, bullets, ctx);
  if (health) return health;
  if (!/^roll a dice$/i.test(bare(ss[i]))) return null;
  const lead = /^on a ([2-6])\+(?:, (for the rest of the turn|until the start of your next turn))?:$/i.exec((ss[i + 1] ?? '').trim());
  if (!lead) return null;
  const items = ss.slice(i + 2);
  // Every sentence left is one item of the list: an item of two sentences, or a sentence after the list, is not read.
  if (items.length < 2 || items.length !== bullets) fail(ss[i + 1]);
  if (!ctx.hasTargets || ctx.manyTargets || ctx.passive) fail(ss[i + 1]);
  const gate = `${lead[1]}+`;
  const effects: AbilityEffect[] = [];
  for (const raw of items) {
    const item = bare(raw);
    const kw = /^if the target is an? (.+?) unit, (.+)$/i.exec(item);
    const keyword = kw ? splitKeywords(kw[1], [...ctx.known]) : null;
    if (kw && (keyword === null || keyword.length !== 1)) fail(item);
    // "return up to 3 slain models to it" is read as the clause reader's "you can return 3 slain models to the target":
    // the engine returns as many as it can, up to 3 (docs/interpretations.md, tail37b).
    const body = (kw ? kw[2].replace(/ to it$/i, ' to the target').replace(/ on it$/i, ' on the target') : item).replace(/^return (?:up to )?(\d+|D3|D6) slain/i, 'you can return $1 slain');
    const read = ctx.readClause(lead[2] ? `${lead[2]}, ${body}` : body, gate);
    for (const e of read) {
      if (e.if?.roll !== gate || e.targets !== 'targets') fail(item); // one dice gates every item, each on the target
      effects.push({ ...e, if: { ...e.if, rollOnce: true, ...(keyword ? { keyword: keyword[0] } : {}) } } as AbilityEffect);
    }
  }
  return { effects, used: 2 + items.length };
}

/**
 * "Roll 2D6 | a dice." + "If the result | roll exceeds | equals or exceeds the target's Health characteristic, for the
 * rest of the turn:" + the list (Vice-like Grip, sce): each item read with the duration, gated by
 * `if: {rollHealth: {dice, test}, rollOnce: true}` (one roll against the target's Health for the whole list).
 */
function readHealthList(ss: readonly string[], i: number, bullets: number, ctx: RollCtx): RollRead | null {
  const roll = /^roll (2D6|a dice)$/i.exec(bare(ss[i]));
  const lead = roll ? /^if the (?:result|roll) (exceeds|equals or exceeds|is equal to or greater than) the target's health characteristic, (for the rest of the turn|until the start of your next turn):$/i.exec((ss[i + 1] ?? '').trim()) : null;
  if (!roll || !lead) return null;
  const items = ss.slice(i + 2);
  if (items.length < 2 || items.length !== bullets) fail(ss[i + 1]);
  if (!ctx.hasTargets || ctx.manyTargets || ctx.passive) fail(ss[i + 1]);
  const rollHealth = { dice: roll[1].toUpperCase() === '2D6' ? ('2D6' as const) : ('D6' as const), test: /^exceeds$/i.test(lead[1]) ? ('exceeds' as const) : ('atLeast' as const) };
  const effects: AbilityEffect[] = [];
  for (const raw of items) {
    const item = bare(raw);
    for (const e of ctx.readClause(`${lead[2]}, ${item}`)) {
      // Only the target, and no condition of its own (the roll is the one gate); mortal damage has a gate of its own.
      if (e.targets !== 'targets' || e.if !== undefined || e.while !== undefined || 'mortal' in e) fail(item);
      effects.push({ ...e, if: { rollHealth, rollOnce: true } } as AbilityEffect);
    }
  }
  return { effects, used: 2 + items.length };
}
