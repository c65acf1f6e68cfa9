/**
 * The dice thrown onto the battlefield, as a small store the scene's {@link TableDice} reads:
 * whoever rolls (the Play mode with the engine's dice, the dice roller) calls
 * {@link TableDiceStore.throw}; the faces read back from the drawn dice come back through
 * {@link TableDiceStore.onSettled}. The player's choice "throw onto the table" or "tray only" is
 * kept in the browser (`localStorage`). Until the player chooses, the dice are thrown, or go
 * straight to the tray where the browser asks for reduced motion (`prefers-reduced-motion`,
 * followed as it changes).
 */
import { onReducedMotionChange, prefersReducedMotion } from '../reducedMotion';
import type { DiceGroup } from './diceKinds';

/** How the dice arrive: thrown onto the battlefield, or straight into the tray. */
export type TableDiceMode = 'throw' | 'tray';

/** A throw asked for. */
export interface TableDiceRequest {
  /** The caller's id of the throw (Play: its throw id), given back with the faces. */
  id: number;
  /** The groups: one per roll (hit, wound, save…), in order. */
  groups: DiceGroup[];
  /** Seed of the motion (same seed, same throw on every client). */
  seed: number;
}

/** The store's state (a new object after each change). */
export interface TableDiceState {
  /** The last throw asked for (null: none yet), with a sequence number that changes every time. */
  request: (TableDiceRequest & { seq: number }) | null;
  mode: TableDiceMode;
  /** Bumps when the player skips the throw in progress (the K key or the panel's button). */
  skip: number;
}

const MODE_KEY = 'sightline.diceMode';
type Settled = (id: number, faces: number[][]) => void;

/** The store (one per page: {@link tableDice}). */
export class TableDiceStore {
  private state: TableDiceState;
  private readonly listeners = new Set<() => void>();
  private readonly settledListeners = new Set<Settled>();
  private seq = 0;
  /** The player's choice (this page's, or kept from an earlier visit); null: none yet. */
  private chosen: TableDiceMode | null = null;

  constructor() {
    try {
      const kept = typeof localStorage !== 'undefined' ? localStorage.getItem(MODE_KEY) : null;
      if (kept === 'tray' || kept === 'throw') this.chosen = kept;
    } catch {
      // No storage (private mode): the default.
    }
    this.state = { request: null, mode: this.chosen ?? TableDiceStore.defaultMode(), skip: 0 };
    onReducedMotionChange(() => {
      if (!this.chosen) this.set({ mode: TableDiceStore.defaultMode() });
    });
  }

  /** The mode before the player chooses: straight to the tray where the browser asks for reduced motion, else thrown. */
  static defaultMode(): TableDiceMode {
    return prefersReducedMotion() ? 'tray' : 'throw';
  }

  readonly get = (): TableDiceState => this.state;

  readonly subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  private set(next: Partial<TableDiceState>): void {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  /** Throws these dice (a throw still rolling goes straight to the tray). A throw with no die is ignored. */
  throw(request: TableDiceRequest): void {
    if (request.groups.every((g) => g.faces.length === 0)) return;
    this.set({ request: { ...request, seq: ++this.seq } });
  }

  /**
   * Forgets the last throw (Leave Play: the game's dice do not follow the page onto the sandbox
   * table, whose dice remount and would throw the last request again). The mode is kept.
   */
  clear(): void {
    if (this.state.request) this.set({ request: null });
  }

  /** Throw onto the table, or tray only (kept for the next visit). */
  setMode(mode: TableDiceMode): void {
    this.chosen = mode;
    try {
      localStorage.setItem(MODE_KEY, mode);
    } catch {
      // Not kept: the choice holds for this page.
    }
    this.set({ mode });
  }

  /** Ends the throw in progress: its dice go to the tray at once. */
  skipThrow(): void {
    this.set({ skip: this.state.skip + 1 });
  }

  /** Called with the faces read back from the drawn dice of throw `id`, per group. */
  onSettled(l: Settled): () => void {
    this.settledListeners.add(l);
    return () => this.settledListeners.delete(l);
  }

  /** The scene reports the faces read back from the drawn dice of throw `id`. */
  settled(id: number, faces: number[][]): void {
    for (const l of this.settledListeners) l(id, faces);
  }
}

/** The page's dice on the battlefield. */
export const tableDice = new TableDiceStore();
