/**
 * Session 38 (ab38d): "This unit cannot be picked to be the target of enemy Rampage abilities." (Creepers, King Brodd,
 * sob-001): a passive on this unit, `{unpickableBy: "RAMPAGE"}`: an enemy ability with that keyword cannot pick it
 * (`engine/abilityUse.ts` `pickProblem` asks `abilities/wardRules38.ts` `unpickableBy`). Only the whole
 * sentence, in a passive, on this unit, one keyword.
 *
 * @module
 */

import type { AbilityEffect } from './schema';

/** The effects of the sentence, or null when it is not that shape. */
export function readUnpickable(effect: string, passive: boolean): AbilityEffect[] | null {
  const m = /^this unit cannot be picked to be the target of enemy \*{0,2}(?:\^\^)?([A-Za-z-]+)(?:\^\^)?\*{0,2} abilities\.?$/i.exec(effect.trim());
  if (!m || !passive) return null;
  return [{ unpickableBy: m[1].toUpperCase(), targets: 'self' } as AbilityEffect];
}
