/**
 * Board status: after every load and edit, the engine worker answers `coherent` for every unit
 * (Core 15.1) and `contests` for every unit and objective (Core 32.1), as one cancellable
 * `queries` job; a newer edit cancels the older job (latest wins).
 *
 *   computing --answered--> shown --refresh (scenario changed)--> computing (previous kept on screen)
 */
import { useEffect, useReducer } from 'react';
import type { Engine } from '../engine/engine';
import { problemsOf } from './types';

/** Coherency of one unit. */
export interface UnitCoherency {
  coherent: boolean;
  /** Models with no unit-mate in range (the engine's `isolated` extra). */
  isolated: string[];
}

/** What the board status shows. */
export interface BoardStatus {
  /** By unit id. */
  coherency: Record<string, UnitCoherency>;
  /** By objective id: the units that contest it. */
  contests: Record<string, string[]>;
}

/** States of the board status. */
export type BoardState =
  | { name: 'computing'; n: number; previous?: BoardStatus }
  | { name: 'shown'; n: number; status: BoardStatus }
  | { name: 'failed'; n: number; problems: string[]; previous?: BoardStatus };

/** Events of the board status. */
export type BoardEvent = { type: 'refresh' } | { type: 'answered'; n: number; status: BoardStatus } | { type: 'failed'; n: number; problems: string[] };

/** The initial state (computing the first status). */
export const BOARD_INITIAL: BoardState = { name: 'computing', n: 1 };

/** The board status's transitions (pure). */
export function boardReduce(s: BoardState, e: BoardEvent): BoardState {
  switch (e.type) {
    case 'refresh':
      return { name: 'computing', n: s.n + 1, previous: shownBoard(s) ?? undefined };
    case 'answered':
      return s.name === 'computing' && e.n === s.n ? { name: 'shown', n: s.n, status: e.status } : s;
    case 'failed':
      return s.name === 'computing' && e.n === s.n ? { name: 'failed', n: s.n, problems: e.problems, previous: s.previous } : s;
  }
}

/** The status to draw: the answer, or the previous one while a refresh is running. */
export function shownBoard(s: BoardState): BoardStatus | null {
  if (s.name === 'shown') return s.status;
  return s.previous ?? null;
}

/**
 * Runs the board status for a scenario whose units and objectives are given; recomputes when
 * `version` changes. Does nothing until `enabled` (the scenario is loaded in the worker).
 */
export function useBoardStatus(engine: Engine, version: number, enabled: boolean, unitIds: readonly string[], objectiveIds: readonly string[]): BoardState {
  const [state, dispatch] = useReducer(boardReduce, BOARD_INITIAL);
  const idsKey = `${unitIds.join('\u0000')}|${objectiveIds.join('\u0000')}`;
  useEffect(() => {
    if (enabled) dispatch({ type: 'refresh' });
  }, [version, enabled, idsKey]);

  const n = state.name === 'computing' && enabled ? state.n : -1;
  useEffect(() => {
    if (n < 0) return;
    const qs: Record<string, unknown>[] = [];
    for (const u of unitIds) qs.push({ id: `coh:${u}`, kind: 'coherent', unit: u });
    for (const u of unitIds) for (const o of objectiveIds) qs.push({ id: `con:${u}:${o}`, kind: 'contests', unit: u, objective: o });
    const job = engine.client.queries(qs);
    let finished = false;
    engine.track(job.result.finally(() => (finished = true))).then(
      (r) => {
        if (!r.ok) {
          if ('reason' in r && (r.reason === 'cancelled' || r.reason === 'scenario changed')) return;
          return dispatch({ type: 'failed', n, problems: problemsOf(r) });
        }
        const status: BoardStatus = { coherency: {}, contests: Object.fromEntries(objectiveIds.map((o) => [o, [] as string[]])) };
        r.answers.forEach((a, i) => {
          const q = qs[i] as { kind: string; unit: string; objective?: string };
          if (q.kind === 'coherent') {
            status.coherency[q.unit] = { coherent: a.value === true, isolated: Array.isArray(a.isolated) ? (a.isolated as string[]) : [] };
          } else if (a.value === true && q.objective) {
            status.contests[q.objective].push(q.unit);
          }
        });
        dispatch({ type: 'answered', n, status });
      },
      (e: unknown) => dispatch({ type: 'failed', n, problems: [(e as Error).message] }),
    );
    return () => {
      if (!finished) void job.cancel();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [n, engine]);

  return state;
}
