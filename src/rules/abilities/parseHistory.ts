/**
 * Effect sentences that hang on what a Fight ability just did (issue 34, session 37; react37), read
 * into the vocabulary's extensions (schema.ts; the engine side is `engine/attacks.ts`,
 * `engine/unitHistory.ts`):
 *
 * - "Each time this unit uses a Fight ability, after that Fight ability has been resolved, Heal (X)
 *   this unit, where X is the number of damage points allocated to enemy units by combat attacks made
 *   as part of that Fight ability." (Knight of Shrouds, "Stolen Hours", nh-001; a passive) →
 *   `{healAllocated: "fight", targets: "self"}`.
 *
 * Pure; called by `parseEffect.ts` for each sentence before its other readers.
 *
 * @module
 */

import type { AbilityEffect } from './schema';

const STOLEN_HOURS = /^each time this unit uses a fight ability, after that fight ability has been resolved, heal \(x\) this unit, where x is the number of damage points allocated to enemy units by combat attacks made as part of that fight ability$/i;

/** One sentence (no final full stop) of a passive's Effect → its effect, or null when it is not one of these. */
export function historySentence(sentence: string, passive: boolean): AbilityEffect | null {
  if (!passive) return null;
  if (STOLEN_HOURS.test(sentence.trim())) return { healAllocated: 'fight', targets: 'self' };
  return null;
}
