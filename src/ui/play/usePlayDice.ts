/**
 * The Play mode's dice: every action that rolled shows its dice steps (the engine's values) thrown
 * in the 3D tray; the faces the tray's dice came to rest on are kept per throw (the test hook's `dice()`).
 */
import { pageWords } from './playWords';
import { useCallback, useRef, type MutableRefObject } from 'react';
import type { DiceStep } from '../../client/gameClient';
import type { PanelStore } from './panelStore';
import { throwPlayDice, usePlayDiceSettled } from './playTableDice';

/** The dice of the Play mode. */
export interface PlayDice {
  /** Shows an action's dice steps (none: nothing thrown). */
  showDice: (steps: DiceStep[]) => void;
  /** The dice of step `index` of throw `throwId` came to rest showing `shown` (the tray's report). */
  onDiceSettled: (throwId: number, index: number, shown: number[]) => void;
  /** The last throw and, per step, the faces read back once they rested (null: still rolling). */
  diceShown: MutableRefObject<{ throwId: number; shown: (number[] | null)[] }>;
}

/** The dice of the Play mode, shown through the panel's store (`steps`, `throwId`). */
export function usePlayDice(store: PanelStore): PlayDice {
  const diceShown = useRef<{ throwId: number; shown: (number[] | null)[] }>({ throwId: 0, shown: [] });
  const showDice = useCallback(
    (st: DiceStep[]) => {
      if (st.length === 0) return;
      const id = store.get().throwId + 1;
      diceShown.current = { throwId: id, shown: st.map(() => null) };
      const words = pageWords(store.get().summary);
      store.set('steps', st.map((x) => ({ ...x, label: words(x.label), detail: words(x.detail), outcome: words(x.outcome) })));
      store.set('throwId', id);
      throwPlayDice(id, st);
    },
    [store],
  );
  const onDiceSettled = useCallback((id: number, index: number, shown: number[]) => {
    if (diceShown.current.throwId !== id) return;
    diceShown.current.shown[index] = shown;
  }, []);
  usePlayDiceSettled(onDiceSettled);
  return { showDice, onDiceSettled, diceShown };
}
