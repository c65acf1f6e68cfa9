import { memo, useSyncExternalStore } from 'react';
import type { PanelStore, PlayPanelHandlers } from './panelStore';
import { PlayPanel } from './PlayPanel';

export type { PlayPanelHandlers } from './panelStore';

/** Props of {@link PlayPanelConnected}. */
export interface PlayPanelConnectedProps {
  /** The panel's state (subscribed to here only). */
  store: PanelStore;
  /** The handlers, as a stable ref whose `current` is kept up to date by the Play hook. */
  handlers: { readonly current: PlayPanelHandlers };
  /** The selected unit's id. */
  selectedUnit: string | null;
  /** Army colour of p1. */
  colorP1: string;
  /** Army colour of p2. */
  colorP2: string;
}

/**
 * The Play panel bound to its store: re-renders when the panel state changes (or its few props),
 * not when the App does — and the App does not re-render when only the panel state changes.
 */
export const PlayPanelConnected = memo(function PlayPanelConnected({ store, handlers, selectedUnit, colorP1, colorP2 }: PlayPanelConnectedProps) {
  const s = useSyncExternalStore(store.subscribe, store.get);
  const h = handlers;
  return (
    <PlayPanel
      {...s}
      selectedUnit={selectedUnit}
      armyColorOf={(p) => (p === 'p1' ? colorP1 : colorP2)}
      onAct={(a) => h.current.onAct(a)}
      onTarget={(t) => h.current.onTarget(t)}
      onUndo={() => h.current.onUndo()}
      onSave={() => h.current.onSave()}
      onLoad={(text, replay) => h.current.onLoad(text, replay)}
      onReplayStep={() => h.current.onReplayStep()}
      onReplayBack={() => h.current.onReplayBack()}
      onReplayTo={(i) => h.current.onReplayTo(i)}
      onNewGame={(d) => h.current.onNewGame(d)}
      onLeaveReplay={() => h.current.onLeaveReplay()}
      onResumePrevious={() => h.current.onResumePrevious()}
      onSelectUnit={(id) => h.current.onSelectUnit(id)}
      onDiceSettled={(id, i, shown) => h.current.onDiceSettled(id, i, shown)}
      onAcrossPick={(id) => h.current.onAcrossPick?.(id)}
      onHoverUnit={(id) => h.current.onHoverUnit?.(id)}
    />
  );
});
