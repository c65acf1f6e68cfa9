/**
 * Combat-range overlay: toggled on, it shows translucent 3" combat ranges (Core 7.0) around the
 * selected units' bases (drawn only) and asks the engine worker which units are in combat
 * (`combatPairs`, a cancellable job), highlighting them.
 *
 *   off --toggle--> computing --answered--> shown --refresh (scenario changed)--> computing
 *    ^                  |                     |
 *    +----- toggle -----+------ toggle -------+        (a superseded job is cancelled)
 */
import { useEffect, useReducer, useRef } from 'react';
import type { CombatPair } from '../../client/engineClient';
import type { Engine } from '../engine/engine';
import { trackJob } from './trackJob';

/** States of the combat overlay. */
export type CombatState =
  | { name: 'off'; n: number }
  | { name: 'computing'; n: number; previous?: CombatPair[]; progress?: number }
  | { name: 'shown'; n: number; pairs: CombatPair[] }
  | { name: 'failed'; n: number; reason: string };

/** Events of the combat overlay. */
export type CombatEvent =
  | { type: 'toggle' }
  | { type: 'refresh' }
  | { type: 'progress'; n: number; done: number; total: number }
  | { type: 'answered'; n: number; pairs: CombatPair[] }
  | { type: 'failed'; n: number; reason: string };

/** The initial state. */
export const COMBAT_OFF: CombatState = { name: 'off', n: 0 };

/** The combat overlay's transitions (pure). */
export function combatReduce(s: CombatState, e: CombatEvent): CombatState {
  switch (e.type) {
    case 'toggle':
      return s.name === 'off' ? { name: 'computing', n: s.n + 1 } : { name: 'off', n: s.n };
    case 'refresh':
      if (s.name === 'off') return s;
      return { name: 'computing', n: s.n + 1, previous: s.name === 'shown' ? s.pairs : s.name === 'computing' ? s.previous : undefined };
    case 'progress':
      if (s.name !== 'computing' || e.n !== s.n) return s;
      return { ...s, progress: e.total > 0 ? e.done / e.total : 1 };
    case 'answered':
      if (s.name !== 'computing' || e.n !== s.n) return s;
      return { name: 'shown', n: s.n, pairs: e.pairs };
    case 'failed':
      if (s.name !== 'computing' || e.n !== s.n) return s;
      return { name: 'failed', n: s.n, reason: e.reason };
  }
}

/** The pairs to draw: the answer, or the previous one while a refresh is running. */
export function shownPairs(s: CombatState): CombatPair[] {
  if (s.name === 'shown') return s.pairs;
  if (s.name === 'computing') return s.previous ?? [];
  return [];
}

/** Runs the combat overlay: its state, its dispatcher and the `combatPairs` job (cancelled when superseded). */
export function useCombatTool(engine: Engine, version: number): [CombatState, (e: CombatEvent) => void] {
  const [state, dispatch] = useReducer(combatReduce, COMBAT_OFF);
  const firstVersion = useRef(version);
  useEffect(() => {
    if (version !== firstVersion.current) dispatch({ type: 'refresh' });
  }, [version]);

  const n = state.name === 'computing' ? state.n : -1;
  useEffect(() => {
    if (n < 0) return;
    return trackJob(
      engine,
      engine.client.combatPairs((p) => dispatch({ type: 'progress', n, done: p.done, total: p.total })),
      (r) => dispatch({ type: 'answered', n, pairs: r.pairs }),
      (reason) => dispatch({ type: 'failed', n, reason }),
    );
  }, [n, engine]);

  return [state, dispatch];
}
