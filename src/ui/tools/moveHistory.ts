/**
 * Undo/redo stack of applied edits (Ctrl+Z / Ctrl+Y): moves made with the move tool, placements
 * from the palette and the sandbox's edits of placed things (moved, turned, deleted). Pure data:
 * applying an undo or a redo of a move is a `moveModel` call in the engine worker, of a placement
 * or an edit a reload of the scenario before / after it; both made by the caller.
 */
import type { Scenario } from '../../scenario/schema';
import type { MoveRecord } from './moveTool';

/** A placement from the palette: the engine's scenario just before and just after it. */
export interface PlaceRecord {
  kind: 'place';
  /** What was placed. */
  what: 'model' | 'terrain';
  /** Id of the placed model or terrain feature. */
  id: string;
  before: Scenario;
  after: Scenario;
}

/**
 * A sandbox edit of a placed thing (moved, turned or deleted terrain feature or model): the
 * engine's scenario just before and just after it, and what was done, in words.
 */
export interface EditRecord {
  kind: 'edit';
  /** Id of the terrain feature or model edited. */
  id: string;
  /** What was done ("Moved wall-2 to (30.0, 15.0)."). */
  note: string;
  before: Scenario;
  after: Scenario;
}

/** One undoable edit. */
export type HistoryEntry = MoveRecord | PlaceRecord | EditRecord;

/** True for a placement. */
export function isPlacement(e: HistoryEntry): e is PlaceRecord {
  return (e as PlaceRecord).kind === 'place';
}

/** True for a sandbox edit. */
export function isEdit(e: HistoryEntry): e is EditRecord {
  return (e as EditRecord).kind === 'edit';
}

/** An immutable undo/redo stack: `done` edits (newest last) and `undone` edits (next redo last). */
export interface MoveHistory {
  done: HistoryEntry[];
  undone: HistoryEntry[];
}

/** An empty history. */
export const EMPTY_HISTORY: MoveHistory = { done: [], undone: [] };

/** A new edit (move or placement): pushed on the undo stack; the redo stack is cleared. */
export function pushMove(h: MoveHistory, r: HistoryEntry): MoveHistory {
  return { done: [...h.done, r], undone: [] };
}

/** The edit an undo would revert, or null. */
export function nextUndo(h: MoveHistory): HistoryEntry | null {
  return h.done[h.done.length - 1] ?? null;
}

/** The edit a redo would re-apply, or null. */
export function nextRedo(h: MoveHistory): HistoryEntry | null {
  return h.undone[h.undone.length - 1] ?? null;
}

/** The history after an undo was applied. */
export function afterUndo(h: MoveHistory): MoveHistory {
  const r = nextUndo(h);
  return r ? { done: h.done.slice(0, -1), undone: [...h.undone, r] } : h;
}

/** The history after a redo was applied. */
export function afterRedo(h: MoveHistory): MoveHistory {
  const r = nextRedo(h);
  return r ? { done: [...h.done, r], undone: h.undone.slice(0, -1) } : h;
}
