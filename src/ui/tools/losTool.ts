/**
 * Line-of-sight tool: pick an observer, then a target (a model, or its whole unit with shift); the
 * engine worker's `visible` verdict (Core 6.0) is shown with its witness segment, or, when blocked,
 * what the straight line between the two models' top centres runs into (when the engine offers it).
 *
 *   idle --pick--> pointing(observer) --pick--> checking --answered--> done --eye--> done(eye)
 *     ^                                                                 |  <--back--
 *     +------------------------------ cancel (Esc) ---------------------+
 *   done --refresh (the scenario changed)--> checking (same pair);  done --swap--> checking (reversed)
 */
import { useEffect, useReducer, useRef } from 'react';
import type { BlockersResult } from '../../client/engineClient';
import type { Engine } from '../engine/engine';
import { asSegment, problemsOf, samePick, type PickTarget, type Segment3 } from './types';
import { useRefreshOnEdit } from './useRefreshOnEdit';

/** One thing the straight top-centre line runs into (a hit of the engine's `segmentBlockers`). */
export type BlockerHit = Extract<BlockersResult, { ok: true }>['hits'][number];

/** What is known about the blockers of a blocked line (`unavailable`: there is no straight line to ask about). */
export type BlockersInfo =
  | { status: 'pending' }
  | { status: 'unavailable' }
  | { status: 'found'; hits: BlockerHit[] }
  | { status: 'failed'; reason: string };

/** The engine's verdict for a pair. */
export interface LosResult {
  visible: boolean;
  /** When visible: a clear segment from a point of an observing model to a point of a target model. */
  witness?: Segment3;
  observerModel?: string;
  targetModel?: string;
}

/** States of the line-of-sight tool. */
export type LosState =
  | { name: 'idle'; n: number }
  | { name: 'pointing'; n: number; observer: PickTarget }
  | { name: 'checking'; n: number; observer: PickTarget; target: PickTarget; previous?: LosResult }
  | { name: 'done'; n: number; observer: PickTarget; target: PickTarget; result: LosResult; blockers: BlockersInfo | null; eye: boolean }
  | { name: 'failed'; n: number; observer: PickTarget; target: PickTarget; problems: string[] };

/** Events of the line-of-sight tool. */
export type LosEvent =
  | { type: 'pick'; target: PickTarget }
  | { type: 'answered'; n: number; result: LosResult }
  | { type: 'blockers'; n: number; info: BlockersInfo }
  | { type: 'failed'; n: number; problems: string[] }
  | { type: 'eye' }
  | { type: 'back' }
  | { type: 'swap' }
  | { type: 'refresh' }
  | { type: 'cancel' };

/** The initial state. */
export const LOS_IDLE: LosState = { name: 'idle', n: 0 };

/** Models and units only: objectives and terrain neither see nor are seen. */
function pickable(t: PickTarget): boolean {
  return t.kind === 'model' || t.kind === 'unit';
}

/** The line-of-sight tool's transitions (pure). */
export function losReduce(s: LosState, e: LosEvent): LosState {
  switch (e.type) {
    case 'cancel':
      return { name: 'idle', n: s.n };
    case 'pick':
      if (!pickable(e.target)) return s;
      if (s.name === 'pointing') {
        if (samePick(s.observer, e.target)) return s;
        return { name: 'checking', n: s.n + 1, observer: s.observer, target: e.target };
      }
      return { name: 'pointing', n: s.n, observer: e.target };
    case 'answered':
      if (s.name !== 'checking' || e.n !== s.n) return s;
      return { name: 'done', n: s.n, observer: s.observer, target: s.target, result: e.result, blockers: e.result.visible ? null : { status: 'pending' }, eye: false };
    case 'blockers':
      if (s.name !== 'done' || e.n !== s.n || s.result.visible) return s;
      return { ...s, blockers: e.info };
    case 'failed':
      if (s.name !== 'checking' || e.n !== s.n) return s;
      return { name: 'failed', n: s.n, observer: s.observer, target: s.target, problems: e.problems };
    case 'eye':
      return s.name === 'done' ? { ...s, eye: true } : s;
    case 'back':
      return s.name === 'done' ? { ...s, eye: false } : s;
    case 'swap':
      if (s.name !== 'done' && s.name !== 'failed') return s;
      return { name: 'checking', n: s.n + 1, observer: s.target, target: s.observer };
    case 'refresh':
      if (s.name === 'done' || s.name === 'failed' || s.name === 'checking') {
        return { name: 'checking', n: s.n + 1, observer: s.observer, target: s.target, previous: s.name === 'done' ? s.result : s.name === 'checking' ? s.previous : undefined };
      }
      return s;
  }
}

/** The verdict to draw: the answer, or the previous one while a refresh is running. */
export function shownLos(s: LosState): LosResult | null {
  if (s.name === 'done') return s.result;
  if (s.name === 'checking') return s.previous ?? null;
  return null;
}

/**
 * Runs the line-of-sight tool: its state, its dispatcher and the engine calls its states ask for
 * (`visible`, then, when blocked, `segmentBlockers` along `topLine`).
 * @param topLine - the straight line between the two models' top centres for a pair (drawing
 *   geometry: coordinates only), used to ask what blocks it.
 */
export function useLosTool(engine: Engine, version: number, topLine: (observer: PickTarget, target: PickTarget, r: LosResult) => Segment3 | null): [LosState, (e: LosEvent) => void] {
  const [state, dispatch] = useReducer(losReduce, LOS_IDLE);
  useRefreshOnEdit(version, () => dispatch({ type: 'refresh' }));
  const topLineRef = useRef(topLine);
  topLineRef.current = topLine;

  const job = state.name === 'checking' ? state : null;
  useEffect(() => {
    if (!job) return;
    const { n, observer, target } = job;
    engine.track(engine.query({ id: 'los', kind: 'visible', observer: observer.id, target: target.id })).then(
      (r) => {
        if (!r.ok) return dispatch({ type: 'failed', n, problems: problemsOf(r) });
        const a = r.answer;
        if (typeof a.value !== 'boolean') return dispatch({ type: 'failed', n, problems: ['the engine gave no verdict for this pair'] });
        const result: LosResult = { visible: a.value };
        const w = asSegment(a.witness);
        if (w) result.witness = w;
        if (typeof a.observerModel === 'string') result.observerModel = a.observerModel;
        if (typeof a.targetModel === 'string') result.targetModel = a.targetModel;
        dispatch({ type: 'answered', n, result });
        if (result.visible) return;
        const line = topLineRef.current(observer, target, result);
        if (!line) return dispatch({ type: 'blockers', n, info: { status: 'unavailable' } });
        engine.track(engine.client.segmentBlockers(line, { observer: observer.id, target: target.id })).then(
          (b) => dispatch({ type: 'blockers', n, info: b.ok ? { status: 'found', hits: b.hits } : { status: 'failed', reason: b.reason } }),
          (e: unknown) => dispatch({ type: 'blockers', n, info: { status: 'failed', reason: (e as Error).message } }),
        );
      },
      (e: unknown) => dispatch({ type: 'failed', n, problems: [(e as Error).message] }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job?.n, engine]);

  return [state, dispatch];
}
