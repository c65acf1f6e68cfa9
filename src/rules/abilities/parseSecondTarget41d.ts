/**
 * "For the rest of the turn, when you use the '<ability>' ability, you can pick that friendly unit to be a second
 * target." (Get In There And Wallop 'Em!, ij-001; issue 34, session 41, sh41d) with a Declare of one friendly unit pick
 * (read by `parseDeclare.ts`) → `{secondTarget41d: {ability}, targets: "targets", duration: "turn"}`
 * (`schema41d.ts`; engine: `engine/secondTarget41d.ts`). Any other wording, a Declare of no or several picks, or a
 * passive / reaction: null (the other readers, then by hand).
 *
 * Pure; called by `parseEffect.ts` after its Declare is read.
 *
 * @module
 */

import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityPick, AbilityTiming } from './schema';

const SECOND = /^For the rest of the turn, when you use the '([A-Z][\w' -]{1,60})' ability, you can pick that friendly unit to be a second target\.$/i;

/** The effect of the module docs for an Effect whose Declare read as `picks`, or null. */
export function readSecondTarget41d(effect: string, picks: readonly AbilityPick[], timing: AbilityTiming): AbilityEffect[] | null {
  if (timing.when === 'passive' || timing.when === 'reaction') return null;
  if (picks.length !== 1 || picks[0].kind !== 'friendlyUnit' || (picks[0].count ?? 1) !== 1 || picks[0].each || picks[0].anyNumber) return null;
  const m = SECOND.exec(plainRulesText(effect).replace(/\s+/g, ' ').trim());
  if (!m) return null;
  return [{ secondTarget41d: { ability: m[1] }, targets: 'targets', duration: 'turn' } as AbilityEffect];
}
