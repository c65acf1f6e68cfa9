/**
 * Line-of-sight disputes you can send (issue 29): the battlefield as it stands, with one `visible`
 * query carrying `show` (SCENARIO.md extension), as a share link or a scenario file. Opening either
 * reopens the line-of-sight tool on the same pair, the camera at the observer's eye; `npm run
 * adjudicate` answers the same file (the verdict, the witness or the blockers, the eye line).
 */
import type { Scenario } from '../../scenario/schema';
import type { PickTarget } from '../tools/types';

/** The id of the dispute's query in a shared scenario. */
export const DISPUTE_QUERY_ID = 'dispute';

/** A dispute found in a scenario: the pair (model or unit ids) and where the camera goes. */
export interface DisputeQuery {
  observer: string;
  target: string;
  eye: boolean;
}

/**
 * The scenario of a dispute: `scenario` (the battlefield on screen, a game's positions included)
 * with its queries replaced by the one `visible` query of the pair, `show: "eye"`.
 */
export function disputeScenario(scenario: Scenario, observer: PickTarget, target: PickTarget): Scenario {
  return { ...scenario, queries: [{ id: DISPUTE_QUERY_ID, kind: 'visible', observer: observer.id, target: target.id, show: 'eye' }] };
}

/** Where a game has every model now (the game worker's `GameSummary.board`): plan-view centres, inches, and the models off the battlefield. */
export interface GameBoard {
  positions: Record<string, [number, number]>;
  removed: string[];
}

/**
 * The battlefield on screen with a game's models where the game has them now (issue 29: "in a
 * game, the link carries the game's positions"): every model at `board.positions` (its elevation
 * dropped when it moved: the game measures a moved model on the ground or what it stands on),
 * models the board does not place (slain, in reserve, not deployed) left out, and units left
 * without models left out. The terrain is the scenario's, as drawn. Pure: `scenario` is not changed.
 * @param armyNames - the game's army names by the drawn army id (`p1-stormcast-eternals` →
 *   "Stormcast Eternals", Play's `armyNames`): each unit's `army` becomes its army's name, so the
 *   link reopens naming the armies, not the page's internal ids (issue 39). Two armies of the same
 *   name are told apart by their player ("Skaven (player 1)"). Default: the ids kept.
 */
export function atGamePositions(scenario: Scenario, board: GameBoard, armyNames: Readonly<Record<string, string>> = {}): Scenario {
  const removed = new Set(board.removed);
  const ids = [...new Set((scenario.units ?? []).map((u) => u.army))];
  const named = (id: string) => armyNames[id]?.trim() || id;
  const armyOf = new Map(
    ids.map((id) => {
      const name = named(id);
      const clash = ids.some((o) => o !== id && named(o) === name);
      const player = /^p([12])-/.exec(id)?.[1];
      return [id, clash ? `${name} (${player ? `player ${player}` : id})` : name];
    }),
  );
  const units = (scenario.units ?? [])
    .map((u) => ({
      ...u,
      army: armyOf.get(u.army) ?? u.army,
      models: u.models
        .filter((m) => !removed.has(m.id) && board.positions[m.id])
        .map((m) => {
          const [x, y] = board.positions[m.id];
          if (m.position[0] === x && m.position[1] === y) return m;
          const { elevation: _dropped, ...rest } = m;
          return { ...rest, position: [x, y] as [number, number] };
        }),
    }))
    .filter((u) => u.models.length > 0);
  return { ...scenario, units };
}

/** The first `visible` query with `show` in a scenario JSON (validated or not), or null. */
export function disputeOf(json: unknown): DisputeQuery | null {
  const qs = (json as { queries?: unknown } | null)?.queries;
  if (!Array.isArray(qs)) return null;
  for (const q of qs) {
    const v = q as { kind?: unknown; observer?: unknown; target?: unknown; show?: unknown };
    if (v && v.kind === 'visible' && typeof v.observer === 'string' && typeof v.target === 'string' && (v.show === 'eye' || v.show === 'table')) {
      return { observer: v.observer, target: v.target, eye: v.show === 'eye' };
    }
  }
  return null;
}

/** A file name for a dispute: `sightline-dispute-<observer>-<target>.json`. */
export function disputeFilename(observer: string, target: string): string {
  const slug = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40);
  return `sightline-dispute-${slug(observer)}-${slug(target)}.json`;
}
