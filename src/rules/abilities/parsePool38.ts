/**
 * Shapes of the Daughters of Khaine and Flesh-eater Courts rosters' by-hand abilities (issue 34, session 38, ab38b's
 * pool), read by `parseEffect.ts`'s sentence loop through `readResourceSentences`' block (parseResources38.ts):
 *
 * | sentence (real text) | effects |
 * | --- | --- |
 * | `Subtract 1 from hit rolls and wound rolls for the target's combat attacks for the rest of the turn.` (Dance of Death, dok) | the sentence read twice by the clause reader, once for hit rolls and once for wound rolls: two `modify` effects with the same subject, duration and conditions |
 *
 * @module
 */

import type { AbilityEffect } from './schema';

/** "Add/Subtract N to/from hit rolls and wound rolls for <rest>": one modifier on each roll (Core 17.0, capped each, Core 17.1). */
const HIT_AND_WOUND = /^(add|subtract) (\d) (to|from) hit rolls and wound rolls (for .+)$/i;

/**
 * The pool sentence at `s` (markup-free, without the final full stop), or null when it is not one.
 * `readClause`: parseEffect.ts's clause reader (throws when a clause is not understood).
 */
export function readPoolSentence(s: string, readClause: (clause: string) => AbilityEffect[]): AbilityEffect[] | null {
  const m = HIT_AND_WOUND.exec(s);
  if (!m) return null;
  const hit = readClause(`${m[1]} ${m[2]} ${m[3]} hit rolls ${m[4]}`);
  const wound = readClause(`${m[1]} ${m[2]} ${m[3]} wound rolls ${m[4]}`);
  return [...hit, ...wound];
}
