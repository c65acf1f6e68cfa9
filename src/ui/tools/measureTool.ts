/**
 * Measure tool: pick two things (a model, its unit with shift, an objective, a terrain feature);
 * the engine worker's `distance` answers (3D, Core 2.1, and horizontal) are shown in inches with
 * their closest points.
 *
 *   idle --pick--> pointing(from) --pick other--> measuring(from, to) --answered--> done
 *     ^                                               |  (stale answers are ignored)     |
 *     +------------------ cancel (Esc) ---------------+---- pick: start again <-----------+
 *   done --refresh (the scenario changed)--> measuring (same pair)
 */
import { useEffect, useReducer } from 'react';
import type { Engine } from '../engine/engine';
import { asSegment, problemsOf, samePick, type PickTarget, type Segment3 } from './types';
import { useRefreshOnEdit } from './useRefreshOnEdit';

/** The engine's two answers for a pair. */
export interface MeasureResult {
  /** Inches between the closest points (3D, Core 2.1). */
  distance: number;
  /** Inches between the closest points seen from above. */
  horizontal: number;
  /** The closest points of the 3D answer. */
  points: Segment3;
  /** The closest points of the horizontal answer. */
  horizontalPoints: Segment3;
}

/** States of the measure tool. `n` counts requests: an answer is taken only for the current `n`. */
export type MeasureState =
  | { name: 'idle'; n: number }
  | { name: 'pointing'; n: number; from: PickTarget }
  | { name: 'measuring'; n: number; from: PickTarget; to: PickTarget; previous?: MeasureResult }
  | { name: 'done'; n: number; from: PickTarget; to: PickTarget; result: MeasureResult }
  | { name: 'failed'; n: number; from: PickTarget; to: PickTarget; problems: string[] };

/** Events of the measure tool. */
export type MeasureEvent =
  | { type: 'pick'; target: PickTarget }
  | { type: 'answered'; n: number; result: MeasureResult }
  | { type: 'failed'; n: number; problems: string[] }
  | { type: 'refresh' }
  | { type: 'cancel' };

/** The initial state. */
export const MEASURE_IDLE: MeasureState = { name: 'idle', n: 0 };

/** The measure tool's transitions (pure). */
export function measureReduce(s: MeasureState, e: MeasureEvent): MeasureState {
  switch (e.type) {
    case 'cancel':
      return { name: 'idle', n: s.n };
    case 'pick':
      if (s.name === 'pointing') {
        if (samePick(s.from, e.target)) return s;
        return { name: 'measuring', n: s.n + 1, from: s.from, to: e.target };
      }
      return { name: 'pointing', n: s.n, from: e.target };
    case 'answered':
      if (s.name !== 'measuring' || e.n !== s.n) return s;
      return { name: 'done', n: s.n, from: s.from, to: s.to, result: e.result };
    case 'failed':
      if (s.name !== 'measuring' || e.n !== s.n) return s;
      return { name: 'failed', n: s.n, from: s.from, to: s.to, problems: e.problems };
    case 'refresh':
      if (s.name === 'done') return { name: 'measuring', n: s.n + 1, from: s.from, to: s.to, previous: s.result };
      if (s.name === 'failed' || s.name === 'measuring') return { name: 'measuring', n: s.n + 1, from: s.from, to: s.to, previous: s.name === 'measuring' ? s.previous : undefined };
      return s;
  }
}

/** The result to draw: the answer, or the previous one while a refresh is running. */
export function shownMeasure(s: MeasureState): MeasureResult | null {
  if (s.name === 'done') return s.result;
  if (s.name === 'measuring') return s.previous ?? null;
  return null;
}

/**
 * Runs the measure tool: its state, its dispatcher, and the engine calls its `measuring` state
 * asks for (two `distance` queries, 3D and horizontal). Re-measures when `version` (the scenario's
 * edit count) changes.
 */
export function useMeasureTool(engine: Engine, version: number): [MeasureState, (e: MeasureEvent) => void] {
  const [state, dispatch] = useReducer(measureReduce, MEASURE_IDLE);
  useRefreshOnEdit(version, () => dispatch({ type: 'refresh' }));

  const job = state.name === 'measuring' ? state : null;
  useEffect(() => {
    if (!job) return;
    const { n, from, to } = job;
    engine
      .track(Promise.all([engine.query({ id: 'measure-3d', kind: 'distance', from: from.id, to: to.id }), engine.query({ id: 'measure-h', kind: 'distance', from: from.id, to: to.id, horizontal: true })]))
      .then(
        ([a, h]) => {
          if (!a.ok) return dispatch({ type: 'failed', n, problems: problemsOf(a) });
          if (!h.ok) return dispatch({ type: 'failed', n, problems: problemsOf(h) });
          const points = asSegment(a.answer.points);
          const horizontalPoints = asSegment(h.answer.points);
          if (typeof a.answer.value !== 'number' || typeof h.answer.value !== 'number' || !points || !horizontalPoints) {
            return dispatch({ type: 'failed', n, problems: ['the engine gave no distance for this pair'] });
          }
          dispatch({ type: 'answered', n, result: { distance: a.answer.value, horizontal: h.answer.value, points, horizontalPoints } });
        },
        (e: unknown) => dispatch({ type: 'failed', n, problems: [(e as Error).message] }),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job?.n, engine]);

  return [state, dispatch];
}
