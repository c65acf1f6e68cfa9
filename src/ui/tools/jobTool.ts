/**
 * A tool backed by one engine job whose answer it shows (the combat overlay, the who-sees-whom
 * table), as a small state machine:
 *
 *   off --open/toggle--> computing --answered--> shown --refresh (scenario changed)--> computing
 *    ^                      |                      |
 *    +---- close/toggle ----+---- close/toggle ----+        (a superseded job is cancelled)
 *
 * While a refresh runs, the previous answer stays on screen (`shownValue`). A failed job can be
 * started again with `open`.
 */
import { useEffect, useReducer, useRef } from 'react';
import type { EngineJob, JobStopReason, Progress } from '../../client/engineClient';
import type { Engine } from '../engine/engine';
import { useRefreshOnEdit } from './useRefreshOnEdit';

/** States of a job-backed tool showing a `T`. */
export type JobToolState<T> =
  | { name: 'off'; n: number }
  | { name: 'computing'; n: number; previous?: T; progress?: number }
  | { name: 'shown'; n: number; value: T }
  | { name: 'failed'; n: number; reason: string };

/** Events of a job-backed tool. */
export type JobToolEvent<T> =
  | { type: 'toggle' }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'refresh' }
  | { type: 'progress'; n: number; done: number; total: number }
  | { type: 'answered'; n: number; value: T }
  | { type: 'failed'; n: number; reason: string };

/** The initial state of every job-backed tool. */
export const JOB_TOOL_OFF = { name: 'off', n: 0 } as const;

/** The transitions (pure). Answers and progress of a superseded job (another `n`) are ignored. */
export function jobToolReduce<T>(s: JobToolState<T>, e: JobToolEvent<T>): JobToolState<T> {
  switch (e.type) {
    case 'toggle':
      return s.name === 'off' ? { name: 'computing', n: s.n + 1 } : { name: 'off', n: s.n };
    case 'open':
      return s.name === 'off' || s.name === 'failed' ? { name: 'computing', n: s.n + 1 } : s;
    case 'close':
      return { name: 'off', n: s.n };
    case 'refresh':
      if (s.name === 'off') return s;
      return { name: 'computing', n: s.n + 1, previous: s.name === 'shown' ? s.value : s.name === 'computing' ? s.previous : undefined };
    case 'progress':
      if (s.name !== 'computing' || e.n !== s.n) return s;
      return { ...s, progress: e.total > 0 ? e.done / e.total : 1 };
    case 'answered':
      if (s.name !== 'computing' || e.n !== s.n) return s;
      return { name: 'shown', n: s.n, value: e.value };
    case 'failed':
      if (s.name !== 'computing' || e.n !== s.n) return s;
      return { name: 'failed', n: s.n, reason: e.reason };
  }
}

/** What to draw: the answer, or the previous one while a refresh is running, else `none`. */
export function shownValue<T>(s: JobToolState<T>, none: T): T {
  if (s.name === 'shown') return s.value;
  if (s.name === 'computing') return s.previous ?? none;
  return none;
}

/**
 * Runs a job-backed tool: its state, its dispatcher, and the job its `computing` state asks for
 * (`start`), refreshed when `version` (the scenario's edit counter) changes.
 * @param value what to keep of a successful result.
 */
export function useJobTool<T, R extends { ok: true } | { ok: false; reason: JobStopReason }>(
  engine: Engine,
  version: number,
  start: (onProgress: (p: Progress) => void) => EngineJob<R>,
  value: (r: Extract<R, { ok: true }>) => T,
): [JobToolState<T>, (e: JobToolEvent<T>) => void] {
  const [state, dispatch] = useReducer(jobToolReduce<T>, JOB_TOOL_OFF as JobToolState<T>);
  useRefreshOnEdit(version, () => dispatch({ type: 'refresh' }));
  const startRef = useRef(start);
  startRef.current = start;
  const valueRef = useRef(value);
  valueRef.current = value;

  const n = state.name === 'computing' ? state.n : -1;
  useEffect(() => {
    if (n < 0) return;
    return trackJob(
      engine,
      startRef.current((p) => dispatch({ type: 'progress', n, done: p.done, total: p.total })),
      (r) => dispatch({ type: 'answered', n, value: valueRef.current(r) }),
      (reason) => dispatch({ type: 'failed', n, reason }),
    );
  }, [n, engine]);

  return [state, dispatch];
}

/**
 * Follows `job` for a tool's effect: `answered` gets its result when it ends well, `failed` the
 * reason when it stops for any reason but a cancel or a scenario change (the tool's own doing), or
 * throws.
 * @returns the effect's cleanup: cancels the job if it is still running.
 */
export function trackJob<R extends { ok: true } | { ok: false; reason: JobStopReason }>(
  engine: Engine,
  job: EngineJob<R>,
  answered: (r: Extract<R, { ok: true }>) => void,
  failed: (reason: string) => void,
): () => void {
  let finished = false;
  engine.track(job.result.finally(() => (finished = true))).then(
    (r) => {
      if (r.ok) answered(r as Extract<R, { ok: true }>);
      else if (r.reason !== 'cancelled' && r.reason !== 'scenario changed') failed(r.reason);
    },
    (e: unknown) => failed((e as Error).message),
  );
  return () => {
    if (!finished) void job.cancel();
  };
}
