/**
 * `{noCommand, inPhase}` on a unit (issue 34, session 40, sh40c; read by `parseCommandBan40.ts`): "the target cannot
 * use the 'All-out Defence' command in the following combat phase" (Overwhelming Volleystorm). Commands 1.2: the
 * unit may not use that command while the effect applies and the game is in `inPhase`; checked by
 * `engine/core.ts` `payCommand` for every command, so the options (which probe the action) stop offering it too.
 *
 * @module
 */

import type { GeometryPort } from '../engine/geometryPort';
import type { GameState } from '../engine/state';
import { effectsOn } from './passives';
import type { AbilityEffect } from './schema';

const NO_COMMAND = (e: AbilityEffect) => 'noCommand' in e;

/** The ability forbidding `unitId` to use `command` now, or null. */
export function commandBanned(s: GameState, port: GeometryPort | undefined, unitId: string, command: string): string | null {
  if (s.abilities?.active === undefined || s.abilities.active.length === 0) return null; // only used abilities set it (no passive has it)
  for (const a of effectsOn(s, port, unitId, {}, NO_COMMAND)) {
    const e = a.effect;
    if ('noCommand' in e && e.noCommand === command && (e.inPhase === undefined || s.phase === e.inPhase)) return a.rule;
  }
  return null;
}
