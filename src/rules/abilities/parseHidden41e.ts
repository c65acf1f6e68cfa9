/**
 * "While this unit is within the combat range of a friendly Clanrats unit that has 5 or more models, and there are no
 * other friendly Weapon Team units within that unit's combat range, this unit is not visible to enemy units more than
 * 13" away." (Hidden Weapon Team, skv-001: Acolyte Globadiers, Ratling Guns, Warpfire Throwers, Warpvolt Scourgers;
 * issue 34, session 41, sh41e) → `{hiddenBeyond: 13, screen: {named: "Clanrats", models: 5, within: 3, noOther:
 * "WEAPON TEAM"}, targets: "self"}` (schema41e.ts; the engine: `hidden41e.ts`).
 *
 * Read whole, in a passive with no Declare. "Clanrats" is a warscroll name, not a keyword (the Clanrats warscroll has
 * none such); a name that is one of the army's keywords is not read (by hand), nor a `noOther` that is not one. A
 * unit's combat range is 3" (Core 13.0). Any other wording: by hand.
 *
 * Pure.
 *
 * @module
 */

import { keywordsMatch } from '../damage';
import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityTiming } from './schema';

const HIDDEN = /^while this unit is within the combat range of a friendly ([A-Z][\w' -]*?) unit that has (\d{1,2}) or more models, and there are no other friendly ([\w' -]+?) units within that unit's combat range, this unit is not visible to enemy units more than (\d{1,2})" away\.?$/i;

/** The effect of Hidden Weapon Team's text (module docs), or null when the text is not this shape. */
export function readHidden41e(input: { readonly timing: AbilityTiming; readonly declare: string | null; readonly effect: string; readonly knownKeywords: Iterable<string> }): AbilityEffect[] | null {
  const m = HIDDEN.exec(plainRulesText(input.effect).trim());
  if (!m || input.timing.when !== 'passive' || (input.declare ?? '').trim() !== '') return null;
  const known = [...input.knownKeywords];
  const isKeyword = (k: string) => known.some((x) => keywordsMatch(x, k));
  if (isKeyword(m[1]) || !isKeyword(m[3])) return null;
  return [{ hiddenBeyond: Number(m[4]), screen: { named: m[1], models: Number(m[2]), within: 3, noOther: m[3].toUpperCase() }, targets: 'self' }];
}
