/**
 * Move tool: drag a model over the table. While dragging, the engine worker's `movePath` answer for
 * the straight path from the start to the pointer (Core 15.2: climbing counts) is shown live
 * (throttled, one request in flight, latest wins), or `null` with its reason in red. On drop, a
 * legal move is applied with `moveModel` in the worker; an illegal one is refused and the model
 * stays where it was.
 *
 *   idle --press on a model--> pressing --pointer moves > 0.05"--> dragging --release--> dropping
 *     ^          |  release (a click, no move)                      | cancel (Esc)         |
 *     +----------+--------------------------------------------------+----- dropped --------+
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { Engine } from '../engine/engine';
import { problemsOf, type Point2 } from './types';

/** The engine's answer for the path from the drag's start to `to`. */
export interface PathMeasure {
  /** Where the path ends (the model's centre), inches. */
  to: Point2;
  /** Inches of move spent, or null when the move cannot be made. */
  value: number | null;
  /** Why not, when `value` is null. */
  reason?: string;
  /** Where the model would stand there (for drawing the ghost), inches. */
  elevation?: number;
  /** The path the engine counted, start to `to` (the shortest legal path in Play; absent: the straight line). */
  path?: Point2[];
  /**
   * A whole unit's drag (Play, issue 35): every model's answer at its own drop point (the drag's
   * offset); `value` and `reason` are then the worst model's (the longest path, or none).
   */
  models?: Record<string, { value: number | null; reason?: string; path?: Point2[] }>;
  /** The model whose figure `value` is (the worst of the unit's), when `models` is given. */
  worst?: string;
}

/** A message left by the last drop, undo or redo. */
export interface MoveNote {
  kind: 'moved' | 'refused' | 'undone' | 'redone' | 'failed';
  text: string;
}

/** A move that was applied (kept for undo/redo). */
export interface MoveRecord {
  modelId: string;
  from: Point2;
  /** Explicit elevation the model had before (undefined: it stood on what was under it). */
  fromElevation?: number;
  to: Point2;
  /** Inches of move spent, as the engine answered. */
  inches: number;
}

/** States of the move tool. `n` identifies a drag: answers are taken only for the current one. */
export type MoveState =
  | { name: 'idle'; n: number; last?: MoveNote }
  | { name: 'pressing'; n: number; modelId: string; start: Point2; grab: Point2 }
  | { name: 'dragging'; n: number; modelId: string; start: Point2; grab: Point2; to: Point2; measured: PathMeasure | null }
  | { name: 'dropping'; n: number; modelId: string; start: Point2; to: Point2; measured: PathMeasure | null };

/** Events of the move tool. */
export type MoveEvent =
  | { type: 'press'; modelId: string; start: Point2; pointer: Point2 }
  | { type: 'pointer'; at: Point2 }
  | { type: 'measured'; n: number; measure: PathMeasure }
  | { type: 'release' }
  | { type: 'dropped'; n: number; note: MoveNote }
  | { type: 'note'; note: MoveNote }
  | { type: 'cancel' };

/** The initial state. */
export const MOVE_IDLE: MoveState = { name: 'idle', n: 0 };

/** How far (inches) the pointer must carry the model before a press becomes a drag. */
export const DRAG_THRESHOLD = 0.05;

const samePoint = (a: Point2, b: Point2) => Math.abs(a[0] - b[0]) < 1e-9 && Math.abs(a[1] - b[1]) < 1e-9;

/** The move tool's transitions (pure). */
export function moveReduce(s: MoveState, e: MoveEvent): MoveState {
  switch (e.type) {
    case 'press':
      if (s.name !== 'idle') return s;
      return { name: 'pressing', n: s.n + 1, modelId: e.modelId, start: e.start, grab: [e.start[0] - e.pointer[0], e.start[1] - e.pointer[1]] };
    case 'pointer': {
      if (s.name !== 'pressing' && s.name !== 'dragging') return s;
      const to: Point2 = [e.at[0] + s.grab[0], e.at[1] + s.grab[1]];
      if (s.name === 'pressing') {
        if (Math.hypot(to[0] - s.start[0], to[1] - s.start[1]) < DRAG_THRESHOLD) return s;
        return { name: 'dragging', n: s.n, modelId: s.modelId, start: s.start, grab: s.grab, to, measured: null };
      }
      return samePoint(to, s.to) ? s : { ...s, to };
    }
    case 'measured':
      if ((s.name !== 'dragging' && s.name !== 'dropping') || e.n !== s.n) return s;
      return { ...s, measured: e.measure };
    case 'release':
      if (s.name === 'pressing') return { name: 'idle', n: s.n };
      if (s.name === 'dragging') return { name: 'dropping', n: s.n, modelId: s.modelId, start: s.start, to: s.to, measured: s.measured };
      return s;
    case 'dropped':
      if (s.name !== 'dropping' || e.n !== s.n) return s;
      return { name: 'idle', n: s.n, last: e.note };
    case 'note':
      return s.name === 'idle' ? { ...s, last: e.note } : s;
    case 'cancel':
      return s.name === 'idle' ? s : { name: 'idle', n: s.n, last: s.name === 'pressing' ? undefined : { kind: 'refused', text: 'Move cancelled.' } };
  }
}

/** The live path answer for the current pointer position, if it has arrived. */
export function currentMeasure(s: MoveState): PathMeasure | null {
  if (s.name !== 'dragging' && s.name !== 'dropping') return null;
  return s.measured && samePoint(s.measured.to, s.to) ? s.measured : null;
}

/** Options of {@link useMoveTool}. */
export interface MoveToolOptions {
  /** Where a model would stand at `(x, y)` (drawing only), or undefined when unknown. */
  standAt: (modelId: string, x: number, y: number) => Promise<number | undefined>;
  /** The model's explicit elevation before the move (undefined when it stands on what is under it). */
  elevationOf: (modelId: string) => number | undefined;
  /** Called after the worker applied a move. */
  onMoved: (record: MoveRecord) => void;
  /** Minimum time between two path requests while dragging, ms. Default 40. */
  throttleMs?: number;
}

/**
 * Runs the move tool: its state, its dispatcher, the throttled latest-wins `movePath` requests of a
 * drag, and the drop (`movePath` for the exact drop point if needed, then `moveModel`).
 */
export function useMoveTool(engine: Engine, opts: MoveToolOptions): [MoveState, (e: MoveEvent) => void] {
  const [state, dispatch] = useReducer(moveReduce, MOVE_IDLE);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const throttle = opts.throttleMs ?? 40;

  // Latest-wins pump: at most one request in flight; when it returns, the newest pointer position goes next.
  const want = useRef<{ n: number; modelId: string; start: Point2; to: Point2; urgent: boolean } | null>(null);
  const inFlight = useRef(false);
  const lastSent = useRef<{ n: number; to: Point2; at: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const pump = useCallback(() => {
    const w = want.current;
    if (!w || inFlight.current) return;
    const last = lastSent.current;
    if (last && last.n === w.n && samePoint(last.to, w.to)) return;
    const wait = last && !w.urgent ? throttle - (performance.now() - last.at) : 0;
    if (wait > 0) {
      if (timer.current === undefined) {
        timer.current = setTimeout(() => {
          timer.current = undefined;
          pump();
        }, wait);
      }
      return;
    }
    inFlight.current = true;
    lastSent.current = { n: w.n, to: w.to, at: performance.now() };
    const { n, modelId, start, to } = w;
    const path = engine.client.query({ id: 'drag', kind: 'movePath', model: modelId, path: [start, to] });
    const stand = optsRef.current.standAt(modelId, to[0], to[1]).catch(() => undefined);
    engine.track(Promise.all([path, stand])).then(
      ([r, elevation]) => {
        inFlight.current = false;
        let measure: PathMeasure;
        if (!r.ok) measure = { to, value: null, reason: problemsOf(r).join('; '), elevation };
        else if (typeof r.answer.value === 'number') measure = { to, value: r.answer.value, elevation };
        else measure = { to, value: null, reason: typeof r.answer.reason === 'string' ? r.answer.reason : 'the move cannot be made', elevation };
        dispatch({ type: 'measured', n, measure });
        pump();
      },
      (e: unknown) => {
        inFlight.current = false;
        dispatch({ type: 'measured', n, measure: { to, value: null, reason: (e as Error).message } });
        pump();
      },
    );
  }, [engine, throttle]);

  // While dragging (and for the exact drop point), keep asking for the newest position.
  const active = state.name === 'dragging' || state.name === 'dropping' ? state : null;
  useEffect(() => {
    if (!active) {
      want.current = null;
      return;
    }
    want.current = { n: active.n, modelId: active.modelId, start: active.start, to: active.to, urgent: active.name === 'dropping' };
    pump();
  }, [active?.n, active?.name, active?.to[0], active?.to[1], pump]); // eslint-disable-line react-hooks/exhaustive-deps

  // The drop: once the answer for the exact drop point is in, apply or refuse it (once per drag).
  const decided = useRef(-1);
  const drop = state.name === 'dropping' ? state : null;
  const dropMeasure = drop ? currentMeasure(drop) : null;
  useEffect(() => {
    if (!drop || !dropMeasure || decided.current === drop.n) return;
    decided.current = drop.n;
    const { n, modelId, start, to } = drop;
    if (dropMeasure.value === null) {
      dispatch({ type: 'dropped', n, note: { kind: 'refused', text: `Move refused: ${dropMeasure.reason ?? 'the move cannot be made'}` } });
      return;
    }
    const inches = dropMeasure.value;
    const fromElevation = optsRef.current.elevationOf(modelId);
    engine.track(engine.client.moveModel(modelId, to[0], to[1])).then(
      (r) => {
        if (!r.ok) return dispatch({ type: 'dropped', n, note: { kind: 'refused', text: `Move refused: ${r.reason}` } });
        optsRef.current.onMoved({ modelId, from: start, fromElevation, to, inches });
        dispatch({ type: 'dropped', n, note: { kind: 'moved', text: `Moved ${modelId} ${inches.toFixed(2)}".` } });
      },
      (e: unknown) => dispatch({ type: 'dropped', n, note: { kind: 'failed', text: `Move failed: ${(e as Error).message}` } }),
    );
  }, [drop, dropMeasure, engine]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return [state, dispatch];
}
