/**
 * Effect sentences that hang on what a Fight ability just did (issue 34, session 37; react37), read
 * into the vocabulary's extensions (schema.ts; the engine side is `engine/attacks.ts`,
 * `engine/unitHistory.ts`):
 *
 * - "Each time this unit uses a Fight ability, after that Fight ability has been resolved, Heal (X)
 *   this unit, where X is the number of damage points allocated to enemy units by combat attacks made
 *   as part of that Fight ability." (Knight of Shrouds, "Stolen Hours", nh-001; a passive) →
 *   `{healAllocated: "fight", targets: "self"}`.
 * - "This unit can use Unbind abilities as if it had Wizard (1)." (Evocators "Warrior Mages", Lord-Veritant
 *   "Staff of Abjuration", sce-002; passives) → `{unbindAs: 1, targets: "self"}` (`engine/unbindGrants.ts`).
 *
 * Pure; called by `parseEffect.ts` for each sentence before its other readers.
 *
 * @module
 */

import type { AbilityEffect } from './schema';

const STOLEN_HOURS = /^each time this unit uses a fight ability, after that fight ability has been resolved, heal \(x\) this unit, where x is the number of damage points allocated to enemy units by combat attacks made as part of that fight ability$/i;

const UNBIND_AS = /^this unit can use unbind abilities as if it had wizard \(([1-3])\)$/i;

/** One sentence (no final full stop) of a passive's Effect → its effect, or null when it is not one of these. */
export function historySentence(sentence: string, passive: boolean): AbilityEffect | null {
  if (!passive) return null;
  if (STOLEN_HOURS.test(sentence.trim())) return { healAllocated: 'fight', targets: 'self' };
  const u = UNBIND_AS.exec(sentence.trim());
  if (u) return { unbindAs: Number(u[1]), targets: 'self' };
  return null;
}
