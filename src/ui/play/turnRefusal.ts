/**
 * Why a model may not be dragged now because it is not its player's turn to act (issue 35 items 2
 * and 5: "dragging your own model in the opponent's turn says why at once, not after the drop").
 */
import type { GameSummary } from '../../client/gameClient';
import type { PlayNote } from './panelStore';

/**
 * The refusal for dragging a model of `unitId` now, or null when its player may act: the game's
 * `toAct` (the player expected to act: the active player, a reacting or rallying player, the one
 * deploying) owns the unit, or the unit has a move declared (a Redeploy in the opponent's turn,
 * Core 15.0 "move" abilities), or the game is over or nobody is to act. The engine still checks
 * every move; this only says at once what its refusal would say after the drop.
 */
export function turnRefusal(summary: GameSummary | null, unitId: string | undefined): PlayNote | null {
  if (!summary || !unitId || summary.stage === 'ended' || summary.replay) return null;
  const toAct = summary.toAct;
  const u = summary.units.find((x) => x.id === unitId);
  if (!toAct || !u || u.owner === toAct || u.pendingMove) return null;
  return {
    kind: 'refused',
    text: `It is ${summary.armies[toAct]}'s turn to act: ${u.name} (${summary.armies[u.owner]}) cannot move now.`,
  };
}
