/**
 * Reader of the Lumineth Realm-lords Shrine Luminor abilities Enter the Shrine and Exit the Shrine (session 41, sh41c;
 * issue 34; lrl-001; docs/abilities.md "Lumineth runes and the Shrine Guardian, session 41 (sh41c)"). The Shrine
 * Guardian is the Shouty Boss of session 40 (sh40e) under another name: "Place the target on this terrain feature. The
 * target is now a Shrine Guardian" and "set up the Shrine Guardian ... wholly within 6" of this terrain feature and not
 * in combat. That unit is no longer a Shrine Guardian." are Up We Go! and I'm Off! word for word but for the name and
 * the order of the pick's two conditions ("within 3" of it and not in combat"). So the texts are rewritten into the
 * Shouty Boss wording and read by `readShoutyBoss40e` (its checks: the timing, the pick through session 38's terrain
 * reader), and the effect carries `role41c: "Shrine Guardian"` (only the engine's words change, `engine/shoutyBoss40e.ts`).
 *
 * - Enter the Shrine (Your Hero Phase): Declare "If this terrain feature does not have a Shrine Guardian, pick a
 *   friendly Lumineth Realm-lords Infantry Hero within 3" of it and not in combat to be the target.", Effect "Place
 *   the target on this terrain feature. The target is now a Shrine Guardian (see 'Shrine Guardian')." →
 *   `{shoutyBoss: "place", targets: "targets", role41c: "Shrine Guardian"}`.
 * - Exit the Shrine (Your Movement Phase): no Declare, Effect "If this terrain feature has a Shrine Guardian that was
 *   not placed on it this turn, set up the Shrine Guardian on the battlefield wholly within 6" of this terrain feature
 *   and not in combat. That unit is no longer a Shrine Guardian." → `{shoutyBoss: "leave", within: 6, targets: "self",
 *   role41c: "Shrine Guardian"}`.
 *
 * Shrine Guardian itself (attacks on the feature, its destruction, the feature moving as a unit) and Cleansing Rituals
 * are not read here (by hand). Pure.
 *
 * @module
 */

import type { EffectInput, ParsedEffect } from './parseEffect';
import { readShoutyBoss40e } from './parseShoutyBoss40e';
import { plainRulesText } from './parseTiming';

const ENTER_DECLARE = /^If this terrain feature does not have a Shrine Guardian, pick (a friendly [A-Za-z' -]+?) within (\d+)" of it and not in combat to be the target\.?$/i;
const ENTER_EFFECT = /^Place the target on this terrain feature\. The target is now a Shrine Guardian \(see 'Shrine Guardian'\)\.?$/i;
const EXIT_EFFECT = /^If this terrain feature has a Shrine Guardian that was not placed on it this turn, set up the Shrine Guardian on the battlefield wholly within (\d+)" of this terrain feature and not in combat\. That unit is no longer (?:the|a) Shrine Guardian\.?$/i;

/** Enter the Shrine / Exit the Shrine read whole (module notes), or null. `parse`: the parser itself (for the pick). */
export function readShrine41c(input: EffectInput, parse: (input: EffectInput) => ParsedEffect): ParsedEffect | null {
  const effect = plainRulesText(input.effect);
  const declare = input.declare === null || plainRulesText(input.declare) === '' ? null : plainRulesText(input.declare);
  let as: EffectInput | null = null;
  const exit = EXIT_EFFECT.exec(effect);
  if (exit && declare === null) {
    as = { ...input, effect: `If this terrain feature has a Shouty Boss that was not placed on it this turn, set up the Shouty Boss on the battlefield wholly within ${exit[1]}" of this terrain feature and not in combat. That unit is no longer a Shouty Boss.` };
  } else {
    const enter = declare === null ? null : ENTER_DECLARE.exec(declare);
    if (enter && ENTER_EFFECT.test(effect)) {
      as = {
        ...input,
        declare: `If this terrain feature does not have a Shouty Boss, pick ${enter[1]} that is not in combat and is within ${enter[2]}" of it to be the target.`,
        effect: "Place the target on this terrain feature. The target is now a Shouty Boss (see 'Man da Tower').",
      };
    }
  }
  if (as === null) return null;
  const read = readShoutyBoss40e(as, parse);
  if (read === null || read.resolves === null) return null;
  return { ...read, resolves: read.resolves.map((e) => ('shoutyBoss' in e ? { ...e, role41c: 'Shrine Guardian' as const } : e)) };
}
