/**
 * The pick after a move that passed across two or more enemy units (session 41, ui41; issue 34 item 5), pure: an
 * ability's move with "Then, pick an enemy unit that this unit passed across during that move" (sh40f's
 * `passedAcross: {pick: "one"}`: Draconic Onslaught, Soaring Terror) must name the unit picked in the move action's
 * `target` when the move crossed more than one (GAME.md extension of `move`). The drag tool sends the move without it;
 * the engine refuses it then (`src/rules/engine/passedAcross40f.ts`, "pick an enemy unit that this unit passed
 * across (the move's target): ..."). After that refusal the page finds the units crossed on its own table with the
 * engine's own measure (`basesPassedAcross`, `src/geometry/passedAcross40f.ts`: the bases of the table's models, each
 * moving model's path from where it stands), asks the player which one (by name), and sends the move again with it
 * as `target`. The engine decides again: a unit it did not count is refused with its reason.
 *
 * @module
 */

import type { Action, ActResult, GameSummary } from '../../client/gameClient';
import type { Footprint } from '../../geometry/footprint';
import { basesPassedAcross } from '../../geometry/passedAcross40f';

/** What the Play panel asks after such a refusal: the ability, the move to send again, the units crossed (names, not ids). */
export interface AcrossPick {
  /** The ability whose move it is ("Draconic Onslaught"). */
  ability: string;
  /** The move refused (sent again with the unit picked as `target`). */
  action: Extract<Action, { type: 'move' }>;
  /** The enemy units the move passed across, in the summary's order. */
  units: { id: string; name: string }[];
}

/** A model on the page's table: its id, unit and base (plan view, inches; `ModelView`). */
export interface TableModel {
  readonly id: string;
  readonly unitId: string;
  readonly footprint: Footprint;
}

/** The start of the engine's refusal of such a move without `target` (`passedAcross40f.ts` `resolvePassedAcross`). */
const ASKS = 'pick an enemy unit that this unit passed across';

/**
 * The enemy units (of the moving unit's owner, alive) whose bases the models of `action` pass across along their paths
 * (each from the model's place on `models`), in the order of `summary.units`.
 */
export function unitsCrossed(action: Extract<Action, { type: 'move' }>, summary: GameSummary, models: readonly TableModel[]): string[] {
  const owner = summary.units.find((u) => u.id === action.unitId)?.owner;
  const enemies = new Set(summary.units.filter((u) => u.owner !== owner && u.alive > 0).map((u) => u.id));
  const alive = new Set(summary.units.flatMap((u) => u.aliveModelIds));
  const others = models.filter((m) => enemies.has(m.unitId) && alive.has(m.id)).map((m) => ({ id: m.unitId, footprint: m.footprint }));
  const hit = new Set<string>();
  for (const [id, path] of Object.entries(action.paths)) {
    const m = models.find((x) => x.id === id);
    if (!m || path.length === 0) continue;
    const from: [number, number] = [m.footprint.x, m.footprint.y];
    const full = Math.hypot(path[0][0] - from[0], path[0][1] - from[1]) > 0.01 ? [from, ...path] : path;
    for (const u of basesPassedAcross(m.footprint, full, others)) hit.add(u);
  }
  return summary.units.filter((u) => hit.has(u.id)).map((u) => u.id);
}

/**
 * The question to ask after move `action` was answered `r`: when the move is an ability's move whose sentence picks one
 * unit passed across (the unit's `pendingMove` in `summary`, before the move), the engine refused it for want of that
 * pick, and the page's table shows two or more enemy units crossed; null otherwise (accepted, another refusal, a move
 * that names its target already, fewer than two units found).
 */
export function acrossPickOf(r: ActResult, action: Action, summary: GameSummary, models: readonly TableModel[]): AcrossPick | null {
  if (r.ok || action.type !== 'move' || action.kind !== 'ability' || action.target !== undefined) return null;
  const pending = summary.units.find((u) => u.id === action.unitId)?.pendingMove;
  if (!pending || pending.passedAcross?.pick !== 'one' || !r.reason.startsWith(ASKS)) return null;
  const ids = unitsCrossed(action, summary, models);
  if (ids.length < 2) return null;
  const units = ids.map((id) => ({ id, name: summary.units.find((u) => u.id === id)!.name }));
  return { ability: pending.ability ?? r.rule.replace(/: Effect$/, ''), action, units };
}

/** The move of `pick` sent again with `unitId` (one of its units) as its `target`. */
export function moveWithTarget(pick: AcrossPick, unitId: string): Action {
  if (!pick.units.some((u) => u.id === unitId)) throw new Error(`acrossPick: unit "${unitId}" is not one the move passed across (${pick.units.map((u) => u.id).join(', ')})`);
  return { ...pick.action, target: unitId };
}
