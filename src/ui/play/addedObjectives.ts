/**
 * The objectives the Play screen draws when the game places new ones during the battle (Ascension ›
 * Relics of Myth › Spied Treasure, issue 26): the table's own markers plus the game's.
 *
 * @module
 */
import type { ObjectiveView } from '../../scene/types';

/**
 * The markers to draw for a game state, or null when those drawn are already right.
 * @param drawn The objectives drawn now (the table's, plus any the game placed earlier).
 * @param added The objectives the game placed so far (the session's `board.addedObjectives`: centre and diameter, inches).
 * @param shown Ids of the drawn objectives that came from the game (not the table's own).
 * @returns The table's own markers followed by `added`, and the ids now shown from the game; null
 *   when nothing changes. A replay stepped back before a placing drops its marker again.
 */
export function withAddedObjectives(drawn: readonly ObjectiveView[], added: readonly ObjectiveView[], shown: ReadonlySet<string>): { objectives: ObjectiveView[]; shown: Set<string> } | null {
  const ids = new Set(added.map((o) => o.id));
  // The table's own markers (a table that already carries the game's marker counts it once).
  const next = [...drawn.filter((o) => !shown.has(o.id) && !ids.has(o.id)), ...added.map((o) => ({ ...o }))];
  const same = next.length === drawn.length && next.every((o, i) => o.id === drawn[i].id && o.x === drawn[i].x && o.y === drawn[i].y && o.diameter === drawn[i].diameter);
  return same ? null : { objectives: next, shown: ids };
}
