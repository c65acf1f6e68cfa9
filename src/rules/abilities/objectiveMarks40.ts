/**
 * Objective marks (issue 34, session 40, sh40d; docs/abilities.md "Objective picks ..., session 40 (sh40d)"): Ordained
 * Quest's "Pick an objective wholly outside friendly territory. That objective is considered by you to be questmarked."
 * leaves a mark for its player (`GameState.objectiveMarks`, set by `engine/objective40.ts`), read by the condition
 * `contesting: "questmarked"` ("While this unit is contesting a questmarked objective", His Will Be Done; Core 32.1).
 * Pure; no three.
 *
 * @module
 */

import type { GameState } from '../engine/state';

/** Has `player` marked objective `objective` with `mark` (only "questmarked" is read)? */
export function isMarked(s: GameState, player: string, objective: string, mark: 'questmarked' = 'questmarked'): boolean {
  return (s.objectiveMarks ?? []).some((m) => m.player === player && m.objective === objective && m.mark === mark);
}
