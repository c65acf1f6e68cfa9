/**
 * "Roll a dice. On a 2+, the target cannot use the 'All-out Defence' command in the following combat phase."
 * (Overwhelming Volleystorm, sce-002 ×2; issue 34, session 40, sh40c): one named command forbidden to the target in
 * the combat phase that follows (Commands 1.2: a unit uses a command; an ability may forbid it, Core 29.0).
 *
 * Read whole (the Effect is this one sentence, after a Declare with one pick), only in an ability used in the
 * shooting phase: "the following combat phase" is then the combat phase of the same turn (Core 4.0: shooting,
 * charge, combat). → `{noCommand: "allOutDefence", inPhase: "combat", duration: "turn", targets: "targets", if:
 * {roll: "2+"}}` (an extension of the vocabulary, schema.ts); the engine refuses the command while it applies
 * (`engine/commandBan40.ts`). Used in another phase, with another command name, or with more text: left to the
 * other readers (by hand).
 *
 * Pure.
 *
 * @module
 */

import { readDeclareText } from './parseDeclare';
import { plainRulesText } from './parseTiming';
import type { AbilityEffect, AbilityPick, AbilityTiming } from './schema';

/** The commands' printed names (Commands 2.0-8.0) → their ids (engine `COMMANDS`). */
const COMMAND_IDS: Readonly<Record<string, string>> = {
  'all-out defence': 'allOutDefence',
  'all-out attack': 'allOutAttack',
  'redeploy': 'redeploy',
  'at the double': 'atTheDouble',
  'forward to victory': 'forwardToVictory',
  'covering fire': 'coveringFire',
  'counter-charge': 'counterCharge',
  'power through': 'powerThrough',
  'rally': 'rally',
  'magical intervention': 'magicalIntervention',
};

const BAN = /^roll a dice\. on a ([2-6])\+, the target cannot use the '([\w -]+)' command in the following combat phase\.?$/i;

/** The whole Effect (module docs) with its Declare's picks, or null when it is not this shape. */
export function readCommandBan40(timing: AbilityTiming, declare: string | null, effect: string, known: Iterable<string>, names?: readonly string[]): { resolves: AbilityEffect[]; picks: AbilityPick[] } | null {
  const m = BAN.exec(plainRulesText(effect).trim());
  if (!m || timing.when !== 'shooting') return null;
  const command = COMMAND_IDS[m[2].toLowerCase()];
  if (command === undefined) return null;
  let picks: AbilityPick[];
  try {
    picks = readDeclareText(declare, known, timing, names ?? []).picks;
  } catch {
    return null;
  }
  if (picks.length !== 1 || (picks[0].count ?? 1) !== 1) return null;
  return { resolves: [{ noCommand: command, inPhase: 'combat', duration: 'turn', targets: 'targets', if: { roll: `${m[1]}+` } } as AbilityEffect], picks };
}
