import { memo, useSyncExternalStore } from 'react';
import type { Action } from '../../client/gameClient';
import type { PanelStore } from './panelStore';
import { PlayPanel } from './PlayPanel';

/** What the panel's buttons do (read at call time: the object may be updated in place). */
export interface PlayPanelHandlers {
  onAct: (a: Action) => void;
  onTarget: (t: 'shoot' | 'fight' | null) => void;
  onUndo: () => void;
  onSave: () => void;
  onLoad: (text: string, replay: boolean) => void;
  onReplayStep: () => void;
  onReplayBack: () => void;
  onReplayTo: (index: number) => void;
  onNewGame: (deployment: boolean) => void;
  onSelectUnit: (id: string) => void;
  onDiceSettled: (throwId: number, index: number, shown: number[]) => void;
}

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
      summary={s.summary}
      lines={s.lines}
      note={s.note}
      options={s.options}
      general={s.general}
      expected={s.expected}
      steps={s.steps}
      throwId={s.throwId}
      busy={s.busy}
      selectedUnit={selectedUnit}
      targeting={s.targeting}
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
      onSelectUnit={(id) => h.current.onSelectUnit(id)}
      onDiceSettled={(id, i, shown) => h.current.onDiceSettled(id, i, shown)}
    />
  );
});
