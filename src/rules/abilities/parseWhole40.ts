/**
 * Session 40 (sh40c) readers called by `parseEffect.ts` (one import, one dispatch each): the whole-text shapes
 * (`readWhole40c`: Commanding View / Lord of Assassins, `parseRedeploy40.ts`; Overwhelming Volleystorm,
 * `parseCommandBan40.ts`; Doomfang, below) and the sentence reader of a move under the Normal Move's rule (`parseMove40.ts`).
 *
 * Pure.
 *
 * @module
 */

import { readCommandBan40 } from './parseCommandBan40';
import { readRedeployReaction40 } from './parseRedeploy40';
import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityPick, AbilityTiming } from './schema';

export { readNoCombatMove40 } from './parseMove40';

type Input = { readonly declare: string | null; readonly effect: string; readonly timing: AbilityTiming; readonly knownKeywords: Iterable<string>; readonly unitNames?: readonly string[] };
type Parsed = { resolves: AbilityEffect[] | null; picks?: AbilityPick[]; unparsed?: string };

/**
 * "This unit has Strike-first for the rest of the turn but it cannot use commands this phase." (Doomfang, skv): one
 * sentence of two effects on this unit joined by "but it"; read as the two sentences "This unit has Strike-first for
 * the rest of the turn. This unit cannot use commands for the rest of the phase." ("this phase" from an ability used
 * now is the rest of the phase; Commands 1.2 refuses the unit's commands while it applies). Only in an activated
 * ability whose sentence begins "This unit"; the rewritten text is read by `parseEffect` as a whole (by hand if any
 * part is not read).
 */
const BUT_NO_COMMANDS = /^(this unit [^.]+?) but it cannot use commands this phase\.?$/i;

/** The whole Declare and Effect read by one of this session's whole-text shapes, or null (left to the other readers). */
export function readWhole40c(input: Input, parseEffect: (i: Input) => Parsed): { resolves: AbilityEffect[]; picks?: AbilityPick[] } | null {
  const redeploy = readRedeployReaction40(input.timing, input.declare, input.effect);
  if (redeploy !== null) return { resolves: redeploy };
  const but = input.timing.when === 'passive' ? null : BUT_NO_COMMANDS.exec(plainRulesText(input.effect).trim());
  if (but) {
    const p = parseEffect({ ...input, effect: `${but[1]}. This unit cannot use commands for the rest of the phase.` });
    return p.resolves === null ? null : { resolves: p.resolves, ...(p.picks ? { picks: p.picks } : {}) };
  }
  return readCommandBan40(input.timing, input.declare, input.effect, input.knownKeywords, input.unitNames);
}
