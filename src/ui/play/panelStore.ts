/**
 * The Play panel's state, kept outside React's App state: the panel (and only the panel)
 * subscribes to it (`useSyncExternalStore` in `PlayPanelConnected`). A change of the battle log,
 * the options, the note or the dice re-renders the panel's DOM, never the App and its 3D table —
 * with software WebGL every redraw of the table costs hundreds of milliseconds of main thread.
 */
import type { SetStateAction } from 'react';
import type { Action, DiceStep, ExpectedDamage, GameSummary, LogLine, OptionEntry, OptionsResult } from '../../client/gameClient';
import type { PreviousGame } from './game';
import type { TargetGroup } from './tools/targetTool';
import type { PresenceMessage, Seat } from '../../game/network';
import type { AcrossPick } from './passedAcross41';

/** What the Play panel shows of an online game. */
export interface OnlineView {
  roomId: string;
  /** This page's seat. */
  seat: Seat;
  /** Who is connected (the server's last presence message; null before the first). */
  presence: PresenceMessage | null;
  /** The connection: joined, reconnecting after a drop, or closed (with why). */
  status: 'connected' | 'reconnecting' | 'closed';
  /** Reconnecting, and a try to reach the game server failed (it is down or out of reach). */
  unreachable?: boolean;
  /** Why the connection closed (status `closed`). */
  closedWhy?: string;
  /** The links to share: the opponent's seat (p2's when this page is p1, and so on) and the spectators'. */
  links: { opponent: string; spectator: string };
}

/** A message of the Play mode. */
export interface PlayNote {
  kind: 'ok' | 'refused' | 'info';
  text: string;
  rule?: string;
}

/** Everything the Play panel shows (the state half of its props). */
export interface PanelState {
  /** The game summary (null while the game is set up). */
  summary: GameSummary | null;
  /** The battle log shown. */
  lines: LogLine[];
  /** The last message (accepted, refused with the engine's reason, info). */
  note: PlayNote | null;
  /** The selected unit's options (each tried by the engine). */
  options: OptionsResult | null;
  /** The player-level actions of the player to act. */
  general: OptionEntry[];
  /**
   * The hash of the summary {@link general} was asked at: another than the summary's means the
   * answer for the game now has not come yet (the panel offers none of them until it has).
   */
  generalFor?: string;
  /** Expected damage per target of the selected unit. */
  expected: Record<string, ExpectedDamage>;
  /** The dice steps of the last action that rolled (engine values). */
  steps: DiceStep[];
  /** Changes with every new set of dice steps. */
  throwId: number;
  /** A call is running in the game worker. */
  busy: boolean;
  /** Target picking on the table in progress: the option group being picked (`shoot`, `fight`, `ability:<id>`). */
  targeting: TargetGroup | null;
  /** The game a new game (or a loaded file) replaced, kept to be resumed (null: none). */
  previous: PreviousGame | null;
  /** The online game (null: hot-seat). */
  online: OnlineView | null;
  /** Session 41 (ui41): a move refused for want of the enemy unit it passed across to pick (the question asked; null: none). */
  acrossPick?: AcrossPick | null;
  /** Session 41 (ui41): the unit ringed on the table while the pointer is on its name in the panel (null: none). */
  hoverUnit?: string | null;
}

/** What the Play panel's buttons do (the handler half of its props). */
export interface PlayPanelHandlers {
  onAct: (a: Action) => void;
  onTarget: (t: TargetGroup | null) => void;
  onUndo: () => void;
  onSave: () => void;
  onLoad: (text: string, replay: boolean) => void;
  /** Replay: next action. */
  onReplayStep: () => void;
  /** Replay: one action back. */
  onReplayBack: () => void;
  /** Replay: go to step `index` (0 … total). */
  onReplayTo: (index: number) => void;
  /** Starts a new game (once confirmed): armies set up, or (`deployment`) with the deployment phase; the game in progress is kept as the previous game. */
  onNewGame: (deployment: boolean) => void;
  /** Leaves a replay: back to the game in progress (the autosave). */
  onLeaveReplay: () => void;
  /** Resumes the previous game (the game in progress becomes the previous one). */
  onResumePrevious: () => void;
  onSelectUnit: (id: string) => void;
  /** The dice of step `index` of throw `throwId` came to rest showing `shown`. */
  onDiceSettled: (throwId: number, index: number, shown: number[]) => void;
  /** Session 41 (ui41): the unit picked among those the refused move passed across (null: the question dismissed). */
  onAcrossPick?: (unitId: string | null) => void;
  /** Session 41 (ui41): the pointer is on a unit's name in the panel (null: left it): the unit is ringed on the table. */
  onHoverUnit?: (unitId: string | null) => void;
}

/** A small external store of {@link PanelState}. */
export class PanelStore {
  private state: PanelState = { summary: null, lines: [], note: null, options: null, general: [], expected: {}, steps: [], throwId: 0, busy: false, targeting: null, previous: null, online: null };
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
