/**
 * Line-of-sight tool: pick an observer, then a target (a model, or its whole unit with shift); the
 * engine worker's `visible` verdict (Core 6.0) is shown with its witness segment, or, when blocked,
 * every terrain feature and model that blocks the lines tested (the engine's `losBlockers`).
 * A dispute opened from a link or file (`open`) checks its pair and shows the eye view when told.
 *
 *   idle --pick--> pointing(observer) --pick--> checking --answered--> done --eye--> done(eye)
 *     ^                                                                 |  <--back--
 *     +------------------------------ cancel (Esc) ---------------------+
 *   done --refresh (the scenario changed)--> checking (same pair);  done --swap--> checking (reversed)
 */
import { useEffect, useReducer } from 'react';
import type { LosBlockersResult } from '../../client/engineClient';
import type { Engine } from '../engine/engine';
import { asSegment, problemsOf, samePick, type PickTarget, type Segment3 } from './types';
import { useRefreshOnEdit } from './useRefreshOnEdit';

/** The engine's proof of a blocked pair: the lines tested, their blockers (terrain first), the most favourable line. */
export type LosBlockers = Extract<LosBlockersResult, { ok: true }>;

/** One blocker of the lines tested (`name`: the feature's name, or the model's unit and id). */
export type LineBlockerInfo = LosBlockers['blockers'][number];

/** What is known about the blockers of a blocked pair. */
export type BlockersInfo = { status: 'pending' } | { status: 'found'; proof: LosBlockers } | { status: 'failed'; reason: string };

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
  | { name: 'checking'; n: number; observer: PickTarget; target: PickTarget; previous?: LosResult; openEye?: boolean }
  | { name: 'done'; n: number; observer: PickTarget; target: PickTarget; result: LosResult; blockers: BlockersInfo | null; eye: boolean }
  | { name: 'failed'; n: number; observer: PickTarget; target: PickTarget; problems: string[] };

/** Events of the line-of-sight tool. */
export type LosEvent =
  | { type: 'pick'; target: PickTarget }
  /** A dispute from a link or file: check this pair at once, in the observer's-eye view when `eye`. */
  | { type: 'open'; observer: PickTarget; target: PickTarget; eye: boolean }
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
    case 'open':
      if (!pickable(e.observer) || !pickable(e.target) || samePick(e.observer, e.target)) return s;
      return { name: 'checking', n: s.n + 1, observer: e.observer, target: e.target, openEye: e.eye };
    case 'answered':
      if (s.name !== 'checking' || e.n !== s.n) return s;
      return { name: 'done', n: s.n, observer: s.observer, target: s.target, result: e.result, blockers: e.result.visible ? null : { status: 'pending' }, eye: s.openEye === true };
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

/** The blockers to show: the found ones, else none. */
export function foundBlockers(s: LosState): LosBlockers | null {
  return s.name === 'done' && s.blockers?.status === 'found' ? s.blockers.proof : null;
}

/** The most favourable line tested of a blocked pair (observer end first), when known. */
export function favouriteLine(p: LosBlockers | null): Segment3 | null {
  return p && p.lines.length ? (p.lines[p.favourite].segment as Segment3) : null;
}

/**
 * Runs the line-of-sight tool: its state, its dispatcher and the engine calls its states ask for
 * (`visible`, then, when blocked, `losBlockers` for the same pair: model or unit ids).
 */
export function useLosTool(engine: Engine, version: number): [LosState, (e: LosEvent) => void] {
  const [state, dispatch] = useReducer(losReduce, LOS_IDLE);
  useRefreshOnEdit(version, () => dispatch({ type: 'refresh' }));

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
        engine.track(engine.client.losBlockers(observer.id, target.id)).then(
          (b) => dispatch({ type: 'blockers', n, info: b.ok ? { status: 'found', proof: b } : { status: 'failed', reason: b.reason } }),
          (e: unknown) => dispatch({ type: 'blockers', n, info: { status: 'failed', reason: (e as Error).message } }),
        );
      },
      (e: unknown) => dispatch({ type: 'failed', n, problems: [(e as Error).message] }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job?.n, engine]);

  return [state, dispatch];
}
