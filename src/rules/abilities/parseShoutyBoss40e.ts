/**
 * Reader of the Shouty Boss abilities Up We Go! and I'm Off! (session 40, sh40e; issue 34; the faction terrain
 * features Skaregob Totem, kb-001, and Bossrokk Tower, ij-001), called by `parseEffect` for texts that say "this
 * terrain feature" before the session-38 terrain reader (`parseTerrain38.ts`). The vocabulary is `schema40e.ts`'s
 * `{shoutyBoss}`; the engine `engine/shoutyBoss40e.ts`.
 *
 * - Up We Go!: Declare "If this terrain feature does not have a Shouty Boss, pick a friendly <K> that is not in combat
 *   and is within 3" of it to be the target." (the pick read by the parser as "Pick a friendly <K> that is not in
 *   combat and is within 3" of this terrain feature to be the target.", session 38's `from: "terrain"`; the condition
 *   checked by the engine when declared), Effect "Place the target on this terrain feature. The target is now a Shouty
 *   Boss (see 'Man da Tower')." → `{shoutyBoss: "place", targets: "targets"}`. Only in your hero phase.
 * - I'm Off!: no Declare, Effect "If this terrain feature has a Shouty Boss that was not placed on it this turn, set up
 *   the Shouty Boss on the battlefield wholly within 6" of this terrain feature and not in combat. That unit is no
 *   longer the (or: a) Shouty Boss." → `{shoutyBoss: "leave", within: 6, targets: "self"}`. Only in your movement phase.
 *
 * Anything else (Man da Tower!, Aggressively Bossy, Sinister Stare, another wording or timing) is not read here: null.
 *
 * @module
 */

import type { AbilityEffect } from './schema';
import type { EffectInput, ParsedEffect } from './parseEffect';
import { plainRulesText } from './parseTiming';

const UP_DECLARE = /^If this terrain feature does not have a Shouty Boss ?, pick (a friendly [A-Za-z' -]+?) that is not in combat and is within (\d+)" of it to be the target\.?$/i;
const UP_EFFECT = /^Place the target on this terrain feature\. The target is now a Shouty Boss \(see 'Man da Tower!?'\)\.?$/i;
const OFF_EFFECT = /^If this terrain feature has a Shouty Boss that was not placed on it this turn, set up the Shouty Boss on the battlefield wholly within (\d+)" of this terrain feature and not in combat\. That unit is no longer (?:the|a) Shouty Boss\.?$/i;

/**
 * Read Up We Go! or I'm Off! (module notes), or null when the text is neither. `parse`: the parser itself, asked for
 * Up We Go!'s pick alone (its Declare without the Shouty Boss condition, with an effect every reader knows).
 */
export function readShoutyBoss40e(input: EffectInput, parse: (input: EffectInput) => ParsedEffect): ParsedEffect | null {
  const effect = plainRulesText(input.effect);
  const declare = input.declare === null ? '' : plainRulesText(input.declare);
  const { when, whose } = input.timing;
  const off = OFF_EFFECT.exec(effect);
  if (off) {
    if (declare !== '' || when !== 'movement' || whose !== 'your') return null;
    const e: AbilityEffect = { shoutyBoss: 'leave', within: Number(off[1]), targets: 'self' };
    return { resolves: [e] };
  }
  const up = UP_DECLARE.exec(declare);
  if (!up || !UP_EFFECT.test(effect) || when !== 'hero' || whose !== 'your') return null;
  // The pick alone, through the session-38 terrain reader: an effect it reads on the target stands for the placing.
  const pick = parse({ ...input, declare: `Pick ${up[1]} that is not in combat and is within ${up[2]}" of this terrain feature to be the target.`, effect: 'The target has Strike-first for the rest of the turn.' });
  const picks = pick.picks ?? [];
  if (pick.resolves === null || picks.length !== 1 || picks[0].from !== 'terrain' || picks[0].inCombat !== false) return null;
  return { resolves: [{ shoutyBoss: 'place', targets: 'targets' }], picks };
}
