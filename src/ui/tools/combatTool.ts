/**
 * Combat-range overlay: toggled on, it shows translucent 3" combat ranges (Core 7.0) around the
 * selected units' bases (drawn only) and asks the engine worker which units are in combat
 * (`combatPairs`, a cancellable job), highlighting them. A job-backed tool (`jobTool.ts`):
 * off --toggle--> computing --answered--> shown, refreshed when the scenario changes.
 */
import type { CombatPair } from '../../client/engineClient';
import type { Engine } from '../engine/engine';
import { shownValue, useJobTool, type JobToolEvent, type JobToolState } from './jobTool';

/** States of the combat overlay (its value: the pairs of units in combat). */
export type CombatState = JobToolState<CombatPair[]>;

/** Events of the combat overlay. */
export type CombatEvent = JobToolEvent<CombatPair[]>;

/** The pairs to draw: the answer, or the previous one while a refresh is running. */
export function shownPairs(s: CombatState): CombatPair[] {
  return shownValue(s, []);
}

/** Runs the combat overlay: its state, its dispatcher and the `combatPairs` job (cancelled when superseded). */
export function useCombatTool(engine: Engine, version: number): [CombatState, (e: CombatEvent) => void] {
  return useJobTool(engine, version, (onProgress) => engine.client.combatPairs(onProgress), (r) => r.pairs);
}
