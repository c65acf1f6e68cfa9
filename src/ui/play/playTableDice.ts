/**
 * The Play mode's dice on the battlefield: every action that rolled throws its dice steps (the
 * engine's values, never re-rolled) onto the table, one coloured group per step
 * (`src/scene/dice`); the faces read back from the drawn dice come back per step.
 */
import { useEffect, useRef } from 'react';
import type { DiceStep } from '../../client/gameClient';
import { tableDice } from '../../scene/dice/tableDiceStore';

/**
 * Throws the dice steps of throw `throwId` onto the battlefield. The motion's seed is the action's
 * index in the game (`DiceStep.seq`), so every client of a game throws the same way.
 */
export function throwPlayDice(throwId: number, steps: readonly DiceStep[]): void {
  if (steps.length === 0) return;
  tableDice.throw({
    id: throwId,
    seed: steps[0].seq * 7919 + 17,
    groups: steps.map((s) => ({ label: s.label, purpose: s.purpose, faces: [...s.dice] })),
  });
}

/** Calls `onSettled(throwId, stepIndex, faces)` for each step of a throw once its dice are read back. */
export function usePlayDiceSettled(onSettled: (throwId: number, index: number, shown: number[]) => void): void {
  const cb = useRef(onSettled);
  cb.current = onSettled;
  useEffect(() => tableDice.onSettled((id, faces) => faces.forEach((f, i) => cb.current(id, i, f))), []);
}
