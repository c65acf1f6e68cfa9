/**
 * Runs the Play target tool (`./tools/targetTool.ts`): its state is the panel's `targeting` (the
 * panel shows it and starts or cancels the picking), a pick on the table goes through the tool, and
 * Esc cancels the picking (and keeps the selection).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { Action } from '../../client/gameClient';
import type { ScenePick } from '../../scene/TableScene';
import type { ModelView } from '../../scene/types';
import type { PanelStore } from './panelStore';
import { targetToolStep, type TargetGroup, type TargetToolEvent } from './tools/targetTool';

/** What {@link useTargetTool} needs. */
export interface TargetToolInput {
  /** Whether the page is in Play mode (else picks are never the tool's). */
  active: boolean;
  store: PanelStore;
  /** The models on the table now (a pick names a model; the tool answers units). */
  models: () => readonly ModelView[] | undefined;
  /** Takes the picked option's action (called after the tool's step). */
  act: (action: Action) => void;
}

/** The target tool's handlers. */
export interface TargetTool {
  /** The panel's button: start picking for `group`, or (null) cancel. */
  onTarget: (group: TargetGroup | null) => void;
  /** Routes a table pick; true when the tool used it (the table does nothing else with it). */
  onPick: (p: ScenePick) => boolean;
  /** An action was accepted: the picking is over. */
  accepted: () => void;
}

/** The Play target tool (see the module comment). */
export function useTargetTool({ active, store, models, act }: TargetToolInput): TargetTool {
  const io = useRef({ models, act });
  io.current = { models, act };
  const send = useCallback(
    (e: TargetToolEvent): boolean => {
      const step = targetToolStep(store.get().targeting, e);
      store.set('targeting', step.state);
      for (const fx of step.effects) io.current.act(fx.action);
      return step.used;
    },
    [store],
  );
  const onTarget = useCallback((group: TargetGroup | null) => void send(group ? { type: 'start', group } : { type: 'cancel' }), [send]);
  const onPick = useCallback(
    (p: ScenePick): boolean => {
      if (!active || p.kind !== 'model' || !store.get().targeting) return false;
      const m = io.current.models()?.find((mm) => mm.id === p.id);
      return m ? send({ type: 'pick', unitId: m.unitId, options: store.get().options, general: store.get().general }) : false;
    },
    [active, store, send],
  );
  const accepted = useCallback(() => void send({ type: 'accepted' }), [send]);
  // Esc while picking cancels the picking, and only that (one Esc, one step back): taken in the
  // capture phase so the page's own Esc (which clears the selection) does not see it.
  useEffect(() => {
    if (!active) return;
    const on = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !store.get().targeting) return;
      e.stopPropagation();
      send({ type: 'cancel' });
    };
    window.addEventListener('keydown', on, true);
    return () => window.removeEventListener('keydown', on, true);
  }, [active, store, send]);
  return { onTarget, onPick, accepted };
}
