/**
 * Reader of the Kruleboyz dirty tricks (session 41, sh41a; issue 34; kb-001's battle traits and the Skaregob Totem),
 * called first by `parseEffect`. The vocabulary is `schema41a.ts`; the engine `engine/dirtyTricks41a.ts`.
 *
 * - Dirty Tricks (a passive of the army, no Declare): "The effect of a Dirty Trick ability is only applied if you make a
 *   successful dirty trick roll. The success of a dirty trick roll depends on the number of Dirty Trick abilities your
 *   army has already used this battle round: First: 2+ Second: 3+ Third: 4+ Fourth or subsequent: 5+" →
 *   `{dirtyTrickRule41a: [2, 3, 4, 5]}` (the table as written).
 * - A Declare ending ", then make a dirty trick roll." (Noisy Racket, Lethal Surprise): the rest of the Declare and the
 *   Effect are read by the parser as any other ability's; when both are read whole, `{dirtyTrickRoll41a: true}` is put
 *   first, the gate of the whole Effect. The pick's "in combat with any friendly Kruleboyz units" is the session-39
 *   condition `inCombatWithFoe` (sh39b) on the picked enemy unit (a keyword run of the army, one pick only).
 * - Lethal Surprise's Effect: "<effect>. In addition, for the rest of the turn, the target's weapons cannot be affected
 *   by the Charge (+1 Damage) weapon ability" → the first part read as the parser reads it, then
 *   `{noWeaponAbility41a: "charge-damage", targets: "targets", duration: "turn"}` (one picked unit only).
 * - Breaka-harness (Breaka-boss on Mirebrute Troggoth; no Declare): "Make a breaka-roll of D3. • Inflict an amount of
 *   mortal damage on this unit equal to the breaka-roll. • Double the breaka-roll and add that value to the Attacks
 *   characteristic of this unit's W for the rest of the turn." → the use's one D3 (sh39c's `useRoll`, with `on: "1+"`:
 *   no gate) read by `{mortal: "roll", targets: "self"}` and `{modify: "attacks", by: 1, byRoll: true, byRollTimes41a: 2,
 *   weapon: W, targets: "self", duration: "turn"}`. (No ability of the rosters modifies breaka-rolls.)
 * - Scrap-bang (Hobgrot Slittaz, End of Any Turn): "Roll a dice. On a 3+: • Inflict 1 mortal damage on the target. • This
 *   unit can immediately use the 'Retreat' ability as if it were your movement phase without any mortal damage being
 *   inflicted on it." → one dice for the use (sh39a's `rollOnce: "use"`) gating `{mortal: 1, targets: "targets"}` and
 *   session 38's `{retreatNow: true, noDamage: true, targets: "self"}`; the Declare's one pick read as the parser reads it.
 * - Keep 'Em in Line (Killaboss with Stab-grot; Reaction: "You declared the 'All-out Attack' command for a friendly K
 *   unit", the trigger's unit checked by `triggerConditions.ts`): "If this unit is wholly within 12" of the unit using
 *   the 'All-out Attack' command, add 1 to wound rolls for combat attacks made by that unit for the rest of the phase."
 *   → `{triggerUnit41a: {name: "All-out Attack", within: 12, wholly: true, modify: "wound", by: 1, attacks: "melee"},
 *   duration: "phase"}` (the command named in the trigger and the Effect must be the same).
 * - Sinister Stare (a passive of a faction terrain feature, no Declare): "Add 1 to dirty trick rolls for friendly K
 *   units wholly within 12" of this terrain feature or for enemy units within 12" of this terrain feature. If this
 *   terrain feature has a Shouty Boss, add 1 to dirty trick rolls for friendly K units wholly within 18" of this
 *   terrain feature instead of wholly within 12" or for enemy units within 18" of this terrain feature instead of
 *   within 12"." → `{dirtyTrickPlus41a: {by: 1, keyword: K, within: 12, shoutyBossWithin: 18}}` (the same K, the same
 *   numbers in both sentences, or not read).
 *
 * Kept by hand on purpose: Venom-encrusted Weapons (its Effect, "Until the start of your next turn, the target's
 * attacks score critical hits on unmodified hit rolls of 5+.", reads whole; it is the browser test's by-hand example,
 * tests/e2e/abilities34.e2e.ts). Anything else is not read here: null (the parser goes on).
 *
 * @module
 */

import type { AbilityEffect, AbilityPick } from './schema';
import type { EffectInput, ParsedEffect } from './parseEffect';
import { plainRulesText } from './parseTiming';
import { keywordSpec, splitKeywords } from './parseKeywords';

const RULE = /^The effect of a Dirty Trick ability is only applied if you make a successful dirty trick roll\. The success of a dirty trick roll depends on the number of Dirty Trick abilities your army has already used this battle round: First: ([2-6])\+ Second: ([2-6])\+ Third: ([2-6])\+ Fourth or subsequent: ([2-6])\+\.?$/i;
const ROLL = /^(.+?),? then make a dirty trick roll\.?$/i;
const NO_CHARGE = /^(.+?) In addition, for the rest of the turn, the target's weapons cannot be affected by the Charge \(\+1 Damage\) weapon ability\.?$/i;
const FOE = /^(Pick an enemy unit (?:that charged this turn and is |that is )?)in combat with any friendly ([A-Za-z' -]+?) units( to be the target)\.?$/i;
const STARE = /^Add (\d) to dirty trick rolls for friendly ([A-Za-z' -]+?) units wholly within (\d+)" of this terrain feature or for enemy units within (\d+)" of this terrain feature\. If this terrain feature has a Shouty Boss, add (\d) to dirty trick rolls for friendly ([A-Za-z' -]+?) units wholly within (\d+)" of this terrain feature instead of wholly within (\d+)" or for enemy units within (\d+)" of this terrain feature instead of within (\d+)"\.?$/i;
const BREAKA = /^Make an? ([a-z]+)-roll of D3\. • Inflict an amount of mortal damage on this unit equal to the \1-roll\. • Double the \1-roll and add that value to the Attacks characteristic of this unit's ([A-Za-z' -]+?) for the rest of the turn\.?$/i;
const SCRAP = /^Roll a dice\. On a ([2-6])\+: • Inflict (\d) mortal damage on the target\. • This unit can immediately use the 'Retreat' ability as if it were your movement phase without any mortal damage being inflicted on it\.?$/i;
const LINE_TRIGGER = /^You declared the '([A-Za-z' -]+)' command for a friendly [A-Za-z' -]+ unit$/i;
const LINE = /^If this unit is (wholly )?within (\d+)" of the unit using the '([A-Za-z' -]+)' command, (add|subtract) (\d) (?:to|from) (hit|wound) rolls for (combat|shooting) attacks made by that unit for the rest of the phase\.?$/i;
/** The browser test's by-hand example (Venom-encrusted Weapons): its Effect, kept by hand (module notes). */
const BY_HAND_EXAMPLE = /^Until the start of your next turn, the target's attacks score critical hits on unmodified hit rolls of 5\+\.?$/i;

/** A keyword run of the army ("Kruleboyz") as a keyword phrase, or null. */
function keywordRun(words: string, known: Iterable<string>): string | null {
  const k = splitKeywords(words, known);
  return k === null || k.length === 0 ? null : keywordSpec(k);
}

/**
 * Read the Dirty Tricks trait, a dirty trick ability or Sinister Stare (module notes), or null when the text is none of
 * them. `parse`: the parser itself, asked for the dirty trick ability without its roll clause.
 */
export function readDirtyTricks41a(input: EffectInput, parse: (input: EffectInput) => ParsedEffect): ParsedEffect | null {
  const effect = plainRulesText(input.effect);
  const declare = input.declare === null || plainRulesText(input.declare) === '' ? null : plainRulesText(input.declare);
  const passive = input.timing.when === 'passive';
  const rule = RULE.exec(effect);
  if (rule) {
    if (!passive || declare !== null) return null;
    return { resolves: [{ dirtyTrickRule41a: [Number(rule[1]), Number(rule[2]), Number(rule[3]), Number(rule[4])] } as AbilityEffect] };
  }
  const stare = STARE.exec(effect);
  if (stare) {
    const [, by, kw, within, enemyWithin, by2, kw2, boss, was, enemyBoss, enemyWas] = stare;
    const keyword = keywordRun(kw, input.knownKeywords);
    if (!passive || declare !== null || keyword === null || by !== by2 || kw.toLowerCase() !== kw2.toLowerCase() || within !== enemyWithin || was !== within || enemyWas !== within || boss !== enemyBoss) return null;
    return { resolves: [{ dirtyTrickPlus41a: { by: Number(by), keyword, within: Number(within), shoutyBossWithin: Number(boss) } } as AbilityEffect] };
  }
  const breaka = BREAKA.exec(effect);
  if (breaka) {
    if (passive || declare !== null) return null;
    const once = { useRoll: { die: 'D3' as const, on: '1+' } };
    return { resolves: [{ mortal: 'roll', targets: 'self', if: once }, { modify: 'attacks', by: 1, byRoll: true, byRollTimes41a: 2, weapon: breaka[2], targets: 'self', duration: 'turn', if: once }] as AbilityEffect[] };
  }
  const line = LINE.exec(effect);
  if (line) {
    const trig = LINE_TRIGGER.exec(plainRulesText(input.timing.reaction ?? ''));
    if (input.timing.when !== 'reaction' || declare !== null || !trig || trig[1].toLowerCase() !== line[3].toLowerCase()) return null;
    const by = Number(line[5]) * (line[4].toLowerCase() === 'add' ? 1 : -1);
    return { resolves: [{ triggerUnit41a: { name: line[3], within: Number(line[2]), wholly: line[1] !== undefined, modify: line[6].toLowerCase(), by, attacks: line[7].toLowerCase() === 'combat' ? 'melee' : 'ranged' }, duration: 'phase' } as AbilityEffect] };
  }
  const scrap = SCRAP.exec(effect);
  if (scrap) {
    if (passive || declare === null) return null;
    // The Declare's pick alone, read with a plain effect on the target.
    const pick = parse({ ...input, effect: `Inflict ${scrap[2]} mortal damage on the target.` });
    if (pick.resolves === null || pick.picks === undefined || pick.picks.length !== 1 || (pick.picks[0].count ?? 1) !== 1) return null;
    const gate = { roll: `${scrap[1]}+`, rollOnce: 'use' as const };
    return { resolves: [{ mortal: Number(scrap[2]), targets: 'targets', if: gate }, { retreatNow: true, noDamage: true, targets: 'self', if: gate }] as AbilityEffect[], picks: pick.picks };
  }
  const roll = declare === null ? null : ROLL.exec(declare);
  if (!roll || passive) return null;
  if (BY_HAND_EXAMPLE.test(effect)) return { resolves: null, unparsed: '(kept by hand: a browser test\'s by-hand example)' };
  let rest = `${roll[1]}.`;
  let foe: string | null = null;
  const f = FOE.exec(rest);
  if (f) {
    foe = keywordRun(f[2], input.knownKeywords);
    if (foe === null) return { resolves: null, unparsed: f[2] };
    rest = `${f[1].replace(/ (?:and is|that is) $/i, ' ').trimEnd()}${f[3]}.`;
  }
  // Lethal Surprise: "In addition, for the rest of the turn, the target's weapons cannot be affected by the Charge (+1 Damage) weapon ability".
  const noCharge = NO_CHARGE.exec(effect);
  const inner = parse({ ...input, declare: rest, ...(noCharge ? { effect: noCharge[1] } : {}) });
  if (inner.resolves === null) return inner;
  if (noCharge && (inner.picks === undefined || inner.picks.length !== 1 || (inner.picks[0].count ?? 1) !== 1)) return { resolves: null, unparsed: effect };
  const barred: AbilityEffect[] = noCharge ? [{ noWeaponAbility41a: 'charge-damage', targets: 'targets', duration: 'turn' } as AbilityEffect] : [];
  let picks: AbilityPick[] | undefined = inner.picks;
  if (foe !== null) {
    if (picks === undefined || picks.length !== 1 || picks[0].kind !== 'enemyUnit' || picks[0].cond?.inCombatWithFoe !== undefined) return { resolves: null, unparsed: roll[1] };
    picks = [{ ...picks[0], cond: { ...picks[0].cond, inCombatWithFoe: foe } }];
  }
  return { resolves: [{ dirtyTrickRoll41a: true } as AbilityEffect, ...inner.resolves, ...barred], ...(picks !== undefined ? { picks } : {}) };
}
