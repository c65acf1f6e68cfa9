/**
 * The "who sees whom" table of the line-of-sight tool: every pair of units from different armies
 * and whether they can see each other (Core 6.0, whole units), from the engine worker's
 * `visibilityMatrix` job (shared with its visibility helper thread, with progress, cancelled when
 * superseded). A whole-unit question is symmetric (A sees B exactly when B sees A: see the README,
 * "Visibility"), so one cell answers both directions.
 *
 *   off --open--> computing --answered--> shown --refresh (scenario changed)--> computing
 *    ^                |                      |
 *    +---- close -----+------- close --------+        (a superseded job is cancelled)
 */
import { useEffect, useReducer, useRef } from 'react';
import type { VisibilityEntry } from '../../client/engineClient';
import type { Engine } from '../engine/engine';
import { trackJob } from './trackJob';

/** States of the table. */
export type SightTableState =
  | { name: 'off'; n: number }
  | { name: 'computing'; n: number; previous?: VisibilityEntry[]; progress?: number }
  | { name: 'shown'; n: number; entries: VisibilityEntry[] }
  | { name: 'failed'; n: number; reason: string };

/** Events of the table. */
export type SightTableEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'refresh' }
  | { type: 'progress'; n: number; done: number; total: number }
  | { type: 'answered'; n: number; entries: VisibilityEntry[] }
  | { type: 'failed'; n: number; reason: string };

/** The initial state. */
export const SIGHT_TABLE_OFF: SightTableState = { name: 'off', n: 0 };

/** The table's transitions (pure). */
export function sightTableReduce(s: SightTableState, e: SightTableEvent): SightTableState {
  switch (e.type) {
    case 'open':
      return s.name === 'off' || s.name === 'failed' ? { name: 'computing', n: s.n + 1 } : s;
    case 'close':
      return { name: 'off', n: s.n };
    case 'refresh':
      if (s.name === 'off') return s;
      return { name: 'computing', n: s.n + 1, previous: s.name === 'shown' ? s.entries : s.name === 'computing' ? s.previous : undefined };
    case 'progress':
      if (s.name !== 'computing' || e.n !== s.n) return s;
      return { ...s, progress: e.total > 0 ? e.done / e.total : 1 };
    case 'answered':
      if (s.name !== 'computing' || e.n !== s.n) return s;
      return { name: 'shown', n: s.n, entries: e.entries };
    case 'failed':
      if (s.name !== 'computing' || e.n !== s.n) return s;
      return { name: 'failed', n: s.n, reason: e.reason };
  }
}

/** The entries to draw: the answer, or the previous one while a refresh is running. */
export function shownEntries(s: SightTableState): VisibilityEntry[] {
  if (s.name === 'shown') return s.entries;
  if (s.name === 'computing') return s.previous ?? [];
  return [];
}

/**
 * Whether two units see each other by the entries (either direction: they agree), or null when
 * the entries hold neither direction.
 */
export function seeEachOther(entries: readonly VisibilityEntry[], a: string, b: string): boolean | null {
  const e = entries.find((x) => (x.observer === a && x.target === b) || (x.observer === b && x.target === a));
  return e ? e.visible : null;
}

/** Runs the table: its state, its dispatcher and the `visibilityMatrix` job (cancelled when superseded). */
export function useSightTable(engine: Engine, version: number): [SightTableState, (e: SightTableEvent) => void] {
  const [state, dispatch] = useReducer(sightTableReduce, SIGHT_TABLE_OFF);
  const firstVersion = useRef(version);
  useEffect(() => {
    if (version !== firstVersion.current) dispatch({ type: 'refresh' });
  }, [version]);

  const n = state.name === 'computing' ? state.n : -1;
  useEffect(() => {
    if (n < 0) return;
    return trackJob(
      engine,
      engine.client.visibilityMatrix((p) => dispatch({ type: 'progress', n, done: p.done, total: p.total })),
      (r) => dispatch({ type: 'answered', n, entries: r.entries }),
      (reason) => dispatch({ type: 'failed', n, reason }),
    );
  }, [n, engine]);

  return [state, dispatch];
}
