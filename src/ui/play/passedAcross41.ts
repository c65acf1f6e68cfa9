/**
 * The pick after a move that passed across two or more enemy units (session 41, ui41; issue 34 item 5), pure: an
 * ability's move with "Then, pick an enemy unit that this unit passed across during that move" (sh40f's
 * `passedAcross: {pick: "one"}`: Draconic Onslaught, Soaring Terror) must name the unit picked in the move action's
 * `target` when the move crossed more than one (GAME.md extension of `move`). The drag tool sends the move without it;
 * the engine then refuses it, listing the units crossed (`src/rules/engine/passedAcross40f.ts`). This reads that
 * refusal into the question the Play panel asks the player (the units by name), and builds the move again with the
 * unit picked as its `target`.
 *
 * @module
 */

import type { Action, ActResult, GameSummary } from '../../client/gameClient';

/** What the Play panel asks after such a refusal: the ability, the move to send again, the units crossed (names, not ids). */
export interface AcrossPick {
  /** The ability whose move it is ("Draconic Onslaught"). */
  ability: string;
  /** The move refused (sent again with the unit picked as `target`). */
  action: Extract<Action, { type: 'move' }>;
  /** The enemy units the move passed across, in the engine's order. */
  units: { id: string; name: string }[];
}

/** The start of the engine's refusal of such a move without `target` (`passedAcross40f.ts` `resolvePassedAcross`). */
const ASKS = 'pick an enemy unit that this unit passed across';

/**
 * The question to ask after move `action` was answered `r`, when the move is an ability's move whose sentence picks one
 * unit passed across (the unit's `pendingMove` in `summary`, before the move) and the engine refused it for want of
 * that pick; null otherwise (accepted, another refusal, a move that already names its target).
 */
export function acrossPickOf(r: ActResult, action: Action, summary: GameSummary): AcrossPick | null {
  if (r.ok || action.type !== 'move' || action.kind !== 'ability' || (action as { target?: string }).target !== undefined) return null;
  const unit = summary.units.find((u) => u.id === action.unitId);
  const pending = unit?.pendingMove;
  if (!pending || pending.passedAcross?.pick !== 'one' || !r.reason.startsWith(ASKS)) return null;
  const ids = r.reason.slice(r.reason.lastIndexOf(': ') + 2).split(', ');
  const units = ids.map((id) => summary.units.find((u) => u.id === id)).filter((u): u is GameSummary['units'][number] => u !== undefined && u.owner !== unit!.owner);
  if (units.length < 2 || units.length !== ids.length) return null;
  return { ability: pending.ability ?? r.rule.replace(/: Effect$/, ''), action, units: units.map((u) => ({ id: u.id, name: u.name })) };
}

/** The move of `pick` sent again with `unitId` (one of its units) as its `target`. */
export function moveWithTarget(pick: AcrossPick, unitId: string): Action {
  if (!pick.units.some((u) => u.id === unitId)) throw new Error(`acrossPick: unit "${unitId}" is not one the move passed across (${pick.units.map((u) => u.id).join(', ')})`);
  return { ...pick.action, target: unitId } as Action;
}
