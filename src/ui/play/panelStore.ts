/**
 * The Play panel's state, kept outside React's App state: the panel (and only the panel)
 * subscribes to it (`useSyncExternalStore` in `PlayPanelConnected`). A change of the battle log,
 * the options, the note or the dice re-renders the panel's DOM, never the App and its 3D table —
 * with software WebGL every redraw of the table costs hundreds of milliseconds of main thread.
 */
import type { SetStateAction } from 'react';
import type { DiceStep, ExpectedDamage, GameSummary, LogLine, OptionEntry, OptionsResult } from '../../client/gameClient';
import type { PlayNote } from './PlayPanel';

/** Everything the Play panel shows. */
export interface PanelState {
  summary: GameSummary | null;
  lines: LogLine[];
  note: PlayNote | null;
  options: OptionsResult | null;
  general: OptionEntry[];
  expected: Record<string, ExpectedDamage>;
  steps: DiceStep[];
  throwId: number;
  busy: boolean;
  targeting: 'shoot' | 'fight' | null;
}

/** A small external store of {@link PanelState}. */
export class PanelStore {
  private state: PanelState = { summary: null, lines: [], note: null, options: null, general: [], expected: {}, steps: [], throwId: 0, busy: false, targeting: null };
  private readonly listeners = new Set<() => void>();

  /** The current state (a new object after every change). */
  readonly get = (): PanelState => this.state;

  /** Subscribes to changes; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Sets one field (a value, or a function of the previous value, as React's setters). */
  set<K extends keyof PanelState>(key: K, value: SetStateAction<PanelState[K]>): void {
    const prev = this.state[key];
    const next = typeof value === 'function' ? (value as (p: PanelState[K]) => PanelState[K])(prev) : value;
    if (Object.is(prev, next)) return;
    this.state = { ...this.state, [key]: next };
    for (const l of this.listeners) l();
  }
}
