/**
 * Undo/redo stack of applied moves (Ctrl+Z / Ctrl+Y). Pure data: applying an undo or a redo is a
 * `moveModel` call in the engine worker, made by the caller.
 */
import type { MoveRecord } from './moveTool';

/** An immutable undo/redo stack: `done` moves (newest last) and `undone` moves (next redo last). */
export interface MoveHistory {
  done: MoveRecord[];
  undone: MoveRecord[];
}

/** An empty history. */
export const EMPTY_HISTORY: MoveHistory = { done: [], undone: [] };

/** A new move: pushed on the undo stack; the redo stack is cleared. */
export function pushMove(h: MoveHistory, r: MoveRecord): MoveHistory {
  return { done: [...h.done, r], undone: [] };
}

/** The move an undo would revert, or null. */
export function nextUndo(h: MoveHistory): MoveRecord | null {
  return h.done[h.done.length - 1] ?? null;
}

/** The move a redo would re-apply, or null. */
export function nextRedo(h: MoveHistory): MoveRecord | null {
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
