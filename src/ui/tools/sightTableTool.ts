/**
 * The "who sees whom" table of the line-of-sight tool: every pair of units from different armies
 * and whether they can see each other (Core 6.0, whole units), from the engine worker's
 * `visibilityMatrix` job (shared with its visibility helper thread, with progress, cancelled when
 * superseded). A whole-unit question is symmetric (A sees B exactly when B sees A: see docs/interpretations.md,
 * "Unit to unit"), so one cell answers both directions. A job-backed tool (`jobTool.ts`):
 * off --open--> computing --answered--> shown, refreshed when the scenario changes.
 */
import type { VisibilityEntry } from '../../client/engineClient';
import type { Engine } from '../engine/engine';
import { shownValue, useJobTool, type JobToolEvent, type JobToolState } from './jobTool';

/** States of the table (its value: the matrix's entries). */
export type SightTableState = JobToolState<VisibilityEntry[]>;

/** Events of the table. */
export type SightTableEvent = JobToolEvent<VisibilityEntry[]>;

/** The entries to draw: the answer, or the previous one while a refresh is running. */
export function shownEntries(s: SightTableState): VisibilityEntry[] {
  return shownValue(s, []);
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
  return useJobTool(engine, version, (onProgress) => engine.client.visibilityMatrix(onProgress), (r) => r.entries);
}
