/**
 * The Effect text's sentences and its duration phrases ("for the rest of the turn", "until the start of your next
 * turn": Core 28.1, effects that persist), split out of `parseEffect.ts`.
 *
 * @module
 */
import { rx } from './parseDeclare';
import { plainRulesText } from './parseTiming';
import type { AbilityEffect } from './schema';

type Duration = AbilityEffect['duration'];

const DURATIONS: [RegExp, NonNullable<Duration>][] = [
  [/for the rest of the turn/i, 'turn'],
  [/for the rest of the phase/i, 'phase'],
  [/for the rest of the battle round/i, 'round'],
  [/for the rest of the battle/i, 'battle'],
  [/until the start of your next turn/i, 'nextTurnStart'],
];

/** "this turn" as a duration, only where the shape allows it (a permission for the turn). */
export const THIS_TURN: [RegExp, NonNullable<Duration>] = [/this turn/i, 'turn'];

/** Pull a leading or trailing duration phrase off a clause. */
export function takeDuration(c: string): { rest: string; duration?: Duration } {
  for (const [re, d] of DURATIONS) {
    const lead = rx(`^${re.source},? `).exec(c);
    if (lead) return { rest: c.slice(lead[0].length), duration: d };
    const trail = rx(` ${re.source}$`).exec(c);
    if (trail) return { rest: c.slice(0, trail.index), duration: d };
  }
  return { rest: c };
}

/** Sentences of an Effect: split on full stops and bullets; a lead-in ending in ':' kept for its duration. */
export function sentences(effect: string): string[] {
  return plainRulesText(effect.replace(/\s*[•\u2022]\s*/g, ' \u2022 '))
    .split(/(?<=[.:])\s+|\s*\u2022\s*/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
