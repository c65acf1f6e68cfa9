/**
 * Session 41 (sh41c, issue 34) reader called by `parseEffect.ts` (one import, one dispatch): the Lumineth Realm-lords
 * abilities that only read or set the runes of the battle scripture (`runes41c.ts`; docs/abilities.md "Lumineth runes
 * and the Shrine Guardian, session 41 (sh41c)"). Read whole, word for word; any other wording is left to the other
 * readers (by hand):
 *
 * - "<an effect on this unit> for each instance of <Rune>, Rune of <...> depicted on your battle scripture." (passive):
 *   the sentence without the tail must read as one `modify` by 1 (With the Force of a Landslide: "Add 1 to the Attacks
 *   characteristic of this unit's Firestealer Hammers", Masters of Combat: "... Rend ... Sunmental Blades") →
 *   that `modify` with `perRune41c: <Rune>`.
 * - "While you have N or more instances of <Rune>, Rune of <...> depicted on your battle scripture, <effect>." (passive):
 *   "this unit's Save characteristic is 3+" (Fortitude of the Earth) → `{set: "save", to: 3}`; any other effect the
 *   parser reads whole on this unit, with no condition of its own → those effects; each with `while: {runes41c:
 *   {rune, atLeast: N}}`.
 * - Discs of the Aelementiri (Start of Battle Round): Declare "You cannot use this ability in the first battle round.",
 *   Effect "Depict a rune of your choice on your battle scripture." and only its designer's note (which says not to
 *   resolve Depict Rune's effect) → `{runePick41c: "depict", notFirstRound: true}` and a `choice` pick of the 5 runes.
 * - Realmscribe (a reaction to "You declared the 'Depict Rune' ability", no Declare): "Replace 1 instance of a rune on
 *   your battle scripture with 1 of the following: • <Rune>, Rune of ... • ..." → `{runePick41c: "replace", runes}` and
 *   a `choice` pick of the pairs "A>B" (A any rune, B one of the list, A ≠ B).
 *
 * Pure.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import { RUNES, runeNamed, type Rune } from './runes41c';
import type { AbilityEffect, AbilityPick } from './schema';
import type { EffectInput, ParsedEffect } from './parseEffect';

const RUNE = `(Varinor|Alaithi|Ydriliqi|Oreali|Thalari), Rune of (?:the )?(?:Strength|Mountain|River|Wind|Zenith)`;
const PER = new RegExp(`^(.+?) for each instance of ${RUNE} depicted on your battle scripture\\.$`);
const WHILE = new RegExp(`^While you have (\\d+) or more instances of ${RUNE} depicted on your battle scripture, (.+?)\\.$`);
const SAVE = /^this unit's Save characteristic is ([2-6])\+$/;
const DISCS = /^Depict a rune of your choice on your battle scripture\.(?: Designer's Note: \*?This allows you to have that rune depicted earlier in the battle scripture for the purposes of other abilities\. Do not resolve the effect of the 'Depict Rune' ability as part of this ability\. There is a smaller diamond in the battle scripture diamond in the Rules Reference where you can record this extra rune\.\*?)?$/;
const REPLACE = new RegExp(`^Replace 1 instance of a rune on your battle scripture with 1 of the following:((?: • ${RUNE})+)$`);

/** Does the rune name match the rest of its title ("Alaithi, Rune of the Mountain")? */
function titled(text: string): Rune | null {
  const m = /^([A-Za-z]+), (Rune of .+)$/.exec(text.trim());
  if (m === null) return null;
  const r = runeNamed(m[1]);
  return r !== null && runeNamed(text.trim()) === r ? r : null;
}

/** The runes' choices of a `runePick41c` ability: each rune, or the pairs "A>B". */
export function runeChoices41c(kind: 'depict' | 'replace', to: readonly Rune[] = RUNES): string[] {
  if (kind === 'depict') return [...RUNES];
  const out: string[] = [];
  for (const a of RUNES) for (const b of to) if (a !== b) out.push(`${a}>${b}`);
  return out;
}

/** The rune readers (module notes), or null. `parse`: the parser itself (the effect without the rune clause). */
export function readRunes41c(input: EffectInput, parse: (input: EffectInput) => ParsedEffect): ParsedEffect | null {
  if (!/battle scripture/.test(input.effect)) return null;
  const text = plainRulesText(input.effect);
  const declare = input.declare === null ? null : plainRulesText(input.declare);
  const passive = input.timing.when === 'passive';
  const per = PER.exec(text);
  if (per && passive && declare === null) {
    const rune = titled(text.slice(text.indexOf(' for each instance of ') + ' for each instance of '.length, text.indexOf(' depicted on your battle scripture')));
    const inner = parse({ ...input, effect: `${per[1]}.` });
    const e = inner.resolves;
    if (rune === null || e === null || e.length !== 1 || !('modify' in e[0]) || e[0].by !== 1 || e[0].while !== undefined || e[0].if !== undefined || e[0].perResource !== undefined || e[0].perRound === true || (e[0].targets ?? 'self') !== 'self') return null;
    return { resolves: [{ ...e[0], perRune41c: rune }] };
  }
  const w = WHILE.exec(text);
  if (w && passive && declare === null) {
    const rune = titled(text.slice(text.indexOf(' instances of ') + ' instances of '.length, text.indexOf(' depicted on your battle scripture')));
    if (rune === null) return null;
    const cond = { runes41c: { rune, atLeast: Number(w[1]) } };
    const save = SAVE.exec(w[3]);
    if (save) return { resolves: [{ set: 'save', to: Number(save[1]), targets: 'self', while: cond } as AbilityEffect] };
    const rest = w[3].charAt(0).toUpperCase() + w[3].slice(1);
    const inner = parse({ ...input, effect: `${rest}.` });
    if (inner.resolves === null || inner.resolves.length === 0 || inner.resolves.some((e) => e.while !== undefined || e.if !== undefined || (e.targets ?? 'self') !== 'self')) return null;
    return { resolves: inner.resolves.map((e) => ({ ...e, while: cond }) as AbilityEffect) };
  }
  if (DISCS.test(text) && declare === 'You cannot use this ability in the first battle round.' && input.timing.when === 'startOfRound') {
    const picks: AbilityPick[] = [{ kind: 'choice', choices: runeChoices41c('depict') }];
    return { resolves: [{ runePick41c: 'depict', notFirstRound: true }], picks };
  }
  const r = REPLACE.exec(text);
  if (r && declare === null && input.timing.when === 'reaction' && /^You declared the 'Depict Rune' ability$/.test(plainRulesText(input.timing.reaction ?? ''))) {
    const to = r[1].split(' • ').filter((x) => x.trim() !== '').map(titled);
    if (to.some((x) => x === null) || new Set(to).size !== to.length) return null;
    const runes = to as Rune[];
    return { resolves: [{ runePick41c: 'replace', runes }], picks: [{ kind: 'choice', choices: runeChoices41c('replace', runes) }] };
  }
  return null;
}
