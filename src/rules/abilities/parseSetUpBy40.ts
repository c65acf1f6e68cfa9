/**
 * "If this unit was set up this turn using the 'Scions of the Storm' ability, pick up to 3 enemy units within 10"
 * of it to be the targets." (Blazing Impact, sce ×3; issue 34, session 40, sh40c): the Declare's leading condition
 * on this unit, read by `parseDeclare.ts` `readDeclareText` as `unitIf: {setUp: true, setUpBy: "Scions of the
 * Storm", unit: "self"}` and checked when the ability is declared against the unit's record of the ability that set
 * it up this turn (`engine/setUpBy40.ts`, Core 24.0 "set up").
 *
 * Pure.
 *
 * @module
 */

import type { AbilityCondition } from './schema';

const SET_UP_BY = /^was set up this turn using the '([A-Za-z][\w' -]*[\w])' ability$/i;

/** "was set up this turn using the 'X' ability" → `{setUp: true, setUpBy: "X", unit: "self"}`, or null for any other phrase. */
export function setUpByPhrase40(phrase: string): AbilityCondition | null {
  const m = SET_UP_BY.exec(phrase.trim());
  return m ? { setUp: true, setUpBy: m[1], unit: 'self' } : null;
}
