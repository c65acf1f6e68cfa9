/**
 * The page's handle on the game worker (`workers/game.worker.ts`): a typed comlink wrapper of
 * {@link GameApi} that survives worker crashes. Every method returns what the API returns
 * (rejections are data, never thrown). Calls made before the worker posted its ready message wait
 * for it.
 *
 * Crash recovery (the pattern of `engineClient.ts`): after every call that changes the game
 * (`newGame`, `act`, `undo`, `load`, replay steps) the client takes the worker's
 * {@link GameSnapshot} (the saved game: set-up + every accepted action, and the replay position).
 * When the worker dies (an `error` event, no ready message within
 * {@link GameClientOptions.startupWatchdogMs}, a call unanswered for
 * {@link GameClientOptions.watchdogMs}, or {@link GameClient.simulateCrash}), the client terminates
 * it, starts a new one from the factory, restores the snapshot (the engine is deterministic: the
 * same actions from the same seed give the same state, dice included), then retries every call that
 * was in flight, once. A retried `act` is safe: the snapshot is taken in the same attempt as the
 * action, so either both were answered (the action is in the snapshot, and the retry is not
 * needed) or the restored state is the one before it. A call whose retry dies too rejects with
 * {@link GameWorkerDiedError}.
 */
import * as Comlink from 'comlink';
import type {
  ActResult,
  ExpectedDamage,
  GameApi,
  GameSetupInput,
  GameSnapshot,
  GameState,
  GameSummary,
  LogLine,
  OptionEntry,
  OptionsResult,
  SavedGame,
  StartResult,
} from '../../workers/gameApi';
import { isGameReadyMessage } from '../../workers/gameProtocol';

export type { ActResult, DiceStep, ExpectedDamage, GameSetupInput, GameSnapshot, GameState, GameSummary, LogLine, OptionEntry, OptionsResult, SavedGame, StartResult } from '../../workers/gameApi';
export type { Action, PlayerId } from '../../workers/gameApi';

/** Answer of {@link GameClient.replayStep}. */
export type ReplayStepResult = ActResult & { index?: number; total?: number };
/** Answer of {@link GameClient.replayTo} / {@link GameClient.replayBack}. */
export type ReplayToResult = ReturnType<GameApi['replayTo']>;

/**
 * Why a game worker was declared dead: `error` event; `startup`: no ready message in time;
 * `watchdog`: a call went unanswered; `crash`: {@link GameClient.simulateCrash}; `restore failed`:
 * the new worker refused the snapshot; `disposed`: {@link GameClient.dispose}.
 */
export type GameWorkerDeathCause = 'error' | 'startup' | 'watchdog' | 'crash' | 'restore failed' | 'disposed';

/** Rejection of a call whose worker died and whose single retry died too (or after `dispose`). */
export class GameWorkerDiedError extends Error {
  constructor(
    readonly deathCause: GameWorkerDeathCause,
    message = `game worker died (${deathCause})`,
  ) {
    super(message);
    this.name = 'GameWorkerDiedError';
  }
}

/** Reported to {@link GameClientOptions.onRestart} once a new worker holds the restored game. */
export interface GameRestartEvent {
  /** Restarts so far, this one included. */
  restarts: number;
  cause: GameWorkerDeathCause;
  /** True when a game was restored into the new worker (false: none had been started yet). */
  restored: boolean;
  /** Accepted actions in the restored game. */
  actions: number;
}

/** Options of {@link createGameClient}. */
export interface GameClientOptions {
  /**
   * A call unanswered for this many milliseconds (once the worker is up) is taken as a dead
   * worker. Default 30 000; `0` or `Infinity` disables it. Loading a long saved game replays every
   * action, so keep it well above that.
   */
  watchdogMs?: number;
  /** A new worker without its ready message after this many milliseconds is dead. Default 60 000. */
  startupWatchdogMs?: number;
  /** Called after each restart, once the new worker holds the restored game. */
  onRestart?: (e: GameRestartEvent) => void;
}

/** One worker and everything tied to it. */
interface Generation {
  worker: Worker;
  remote: Comlink.Remote<GameApi>;
  alive: boolean;
  started: boolean;
  whenStarted: Promise<void>;
  /** Rejects with {@link GameWorkerDiedError} when the generation is killed. */
  died: Promise<never>;
  /** Resolves once the worker holds the restored game (at once for the first worker). */
  ready: Promise<void>;
  kill(cause: GameWorkerDeathCause): void;
}

type Attempt<T> = (g: Generation) => Promise<T>;

/** The typed, crash-surviving game client. Create it with {@link createGameClient}. */
export class GameClient {
  /** Call watchdog limit, ms (see {@link GameClientOptions.watchdogMs}); may be changed at any time. */
  watchdogMs: number;
  /** Start-up watchdog limit, ms; read when a worker is created. */
  startupWatchdogMs: number;
  private gen: Generation;
  private restartCount = 0;
  private snap: GameSnapshot | null = null;
  private snapTicket = 0;
  private ticketCounter = 0;
  private disposed = false;

  constructor(
    private readonly factory: () => Worker,
    private readonly opts: GameClientOptions = {},
  ) {
    this.watchdogMs = opts.watchdogMs ?? 30_000;
    this.startupWatchdogMs = opts.startupWatchdogMs ?? 60_000;
    this.gen = this.spawn();
  }

  /** The current worker (tests: `client.worker.terminate()` kills it behind the client's back). */
  get worker(): Worker {
    return this.gen.worker;
  }

  /** Resolves once the current worker is up and holds the (restored) game. */
  get ready(): Promise<void> {
    const g = this.gen;
    return g.ready.then(() => g.whenStarted);
  }

  /** How many times a dead worker was replaced. */
  get restarts(): number {
    return this.restartCount;
  }

  /** The client's copy of the game a restarted worker would get (a deep copy), or null. */
  get snapshot(): GameSnapshot | null {
    return this.snap ? structuredClone(this.snap) : null;
  }

  /** Starts a new game (battlefield + two rosters + seed). */
  newGame(input: GameSetupInput): Promise<StartResult> {
    return this.change<StartResult>((r) => r.newGame(input));
  }
  /** Whether the worker holds a game. */
  hasGame(): Promise<boolean> {
    return this.call((g) => g.remote.hasGame());
  }
  /** Applies one action: the new summary, events, log lines, dice and dice steps; or the engine's rejection. */
  act(action: unknown): Promise<ActResult> {
    return this.change<ActResult>((r) => r.act(action));
  }
  /** What a unit may do now (each candidate tried with reduce), and the player-level actions. */
  options(unitId: string): Promise<OptionsResult> {
    return this.call<OptionsResult>((g) => g.remote.options(unitId));
  }
  /** The player-level actions (end phase, pass, first turn, battle tactics). */
  generalOptions(): Promise<OptionEntry[]> {
    return this.call((g) => g.remote.generalOptions());
  }
  /** Expected damage (computeDamage) of a unit's weapons on a target. */
  expectedDamage(unitId: string, targetId: string, kind?: 'shoot' | 'fight'): Promise<ExpectedDamage> {
    return this.call<ExpectedDamage>((g) => g.remote.expectedDamage(unitId, targetId, kind));
  }
  /** Takes back the last action when it rolled no dice. */
  undo(): Promise<ReturnType<GameApi['undo']>> {
    return this.change<ReturnType<GameApi['undo']>>((r) => r.undo());
  }
  /** The whole game in the saved-game format. */
  save(): Promise<SavedGame> {
    return this.call((g) => g.remote.save());
  }
  /** Loads a saved game (all actions, or paused at the start with `replay: true`). */
  load(json: unknown, options: { replay?: boolean } = {}): Promise<StartResult> {
    return this.change<StartResult>((r) => r.load(json, options));
  }
  /** Next action of a replay. */
  replayStep(): Promise<ReplayStepResult> {
    return this.change<ReplayStepResult>((r) => r.replayStep());
  }
  /** Moves the replay to step `index` (forwards or backwards). */
  replayTo(index: number): Promise<ReplayToResult> {
    return this.change<ReplayToResult>((r) => r.replayTo(index));
  }
  /** Steps the replay one action back. */
  replayBack(): Promise<ReplayToResult> {
    return this.change<ReplayToResult>((r) => r.replayBack());
  }
  /** State hash of the current state. */
  hash(): Promise<string> {
    return this.call((g) => g.remote.hash());
  }
  /** The current summary. */
  summary(): Promise<GameSummary> {
    return this.call((g) => g.remote.summary());
  }
  /** The full engine state. */
  state(): Promise<GameState> {
    return this.call((g) => g.remote.state());
  }
  /** The battle log from line `from`. */
  log(from = 0): Promise<LogLine[]> {
    return this.call((g) => g.remote.log(from));
  }

  /**
   * Kills the current worker as a crash would (terminate, no goodbye) and recovers at once: new
   * worker, game restored, in-flight calls retried. Resolves when the new worker is ready.
   */
  simulateCrash(): Promise<void> {
    return this.handleDeath(this.gen, 'crash');
  }

  /** Terminates the worker for good; pending and later calls reject with {@link GameWorkerDiedError}. */
  dispose(): void {
    this.disposed = true;
    this.gen.kill('disposed');
  }

  // -------------------------------------------------------------------------------------------

  private spawn(): Generation {
    const worker = this.factory();
    let rejectDied!: (e: Error) => void;
    const died = new Promise<never>((_, reject) => {
      rejectDied = reject;
    });
    died.catch(() => undefined);
    let markStarted!: () => void;
    const whenStarted = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    let startupTimer: ReturnType<typeof setTimeout> | undefined;
    const g: Generation = {
      worker,
      remote: Comlink.wrap<GameApi>(worker),
      alive: true,
      started: false,
      whenStarted,
      died,
      ready: Promise.resolve(),
      kill: (cause) => {
        if (!g.alive) return;
        g.alive = false;
        if (startupTimer !== undefined) clearTimeout(startupTimer);
        try {
          g.remote[Comlink.releaseProxy]();
        } catch {
          // Already released.
        }
        try {
          worker.terminate();
        } catch {
          // Already gone.
        }
        rejectDied(new GameWorkerDiedError(cause));
      },
    };
    worker.addEventListener('message', (ev: MessageEvent) => {
      if (g.started || !isGameReadyMessage(ev.data)) return;
      g.started = true;
      if (startupTimer !== undefined) clearTimeout(startupTimer);
      markStarted();
    });
    worker.addEventListener('error', () => void this.handleDeath(g, 'error').catch(() => undefined));
    const ms = this.startupWatchdogMs;
    if (ms > 0 && Number.isFinite(ms)) {
      startupTimer = setTimeout(() => {
        if (!g.started) void this.handleDeath(g, 'startup').catch(() => undefined);
      }, ms);
    }
    return g;
  }

  /** Declares `g` dead (once): kills it, starts a new worker and restores the game into it. */
  private handleDeath(g: Generation, cause: GameWorkerDeathCause): Promise<void> {
    if (g !== this.gen || this.disposed) return this.gen.ready;
    g.kill(cause);
    this.restartCount++;
    const next = this.spawn();
    this.gen = next;
    next.ready = this.restore(next, cause);
    next.ready.catch(() => undefined);
    return next.ready;
  }

  private async restore(g: Generation, cause: GameWorkerDeathCause): Promise<void> {
    const snap = this.snap;
    try {
      await this.guard(g, async () => {
        if (!snap) return;
        const r = await g.remote.restore(snap);
        if (!r.ok) throw new GameWorkerDiedError('restore failed', `game worker restore failed: ${r.problems.join('; ')}`);
      });
    } catch (e) {
      g.kill('restore failed');
      throw e instanceof GameWorkerDiedError ? e : new GameWorkerDiedError('restore failed', `game worker restore failed: ${(e as Error).message}`);
    }
    this.opts.onRestart?.({ restarts: this.restartCount, cause, restored: snap !== null, actions: snap?.saved.actions.length ?? 0 });
  }

  /** Runs `attempt` on the current worker; if it dies, recovers and runs it once more. */
  private async call<T>(attempt: Attempt<T>): Promise<T> {
    for (let n = 0; ; n++) {
      if (this.disposed) throw new GameWorkerDiedError('disposed', 'game client disposed');
      const g = this.gen;
      try {
        await g.ready;
        return await this.guard(g, attempt);
      } catch (e) {
        if (!(e instanceof GameWorkerDiedError) || n >= 1 || this.disposed) throw e;
        await this.handleDeath(g, e.deathCause).catch(() => undefined);
      }
    }
  }

  /** A call that may change the game: on success, the worker's snapshot becomes the client's. */
  private change<T extends { ok: boolean }>(run: (r: Comlink.Remote<GameApi>) => unknown): Promise<T> {
    return this.call(async (g) => {
      const r = (await run(g.remote)) as T;
      if (r.ok) await this.refreshSnapshot(g);
      return r;
    });
  }

  /** Tickets follow the order the worker serves requests, so a late answer never wins over a newer one. */
  private async refreshSnapshot(g: Generation): Promise<void> {
    const ticket = ++this.ticketCounter;
    const snap = await g.remote.snapshot();
    if (snap && ticket > this.snapTicket) {
      this.snapTicket = ticket;
      this.snap = snap;
    }
  }

  /** Races an attempt against the generation's death and the call watchdog (armed once started). */
  private guard<T>(g: Generation, attempt: Attempt<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      const arm = () => {
        if (settled) return;
        if (!g.started) {
          void g.whenStarted.then(arm);
          return;
        }
        const ms = this.watchdogMs;
        if (ms > 0 && Number.isFinite(ms)) timer = setTimeout(() => void this.handleDeath(g, 'watchdog').catch(() => undefined), ms);
      };
      const finish = (f: () => void) => {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        f();
      };
      arm();
      g.died.catch((e: unknown) => finish(() => reject(e)));
      g.whenStarted
        .then(() => attempt(g))
        .then(
          (v) => finish(() => resolve(v)),
          (e: unknown) => finish(() => reject(e)),
        );
    });
  }
}

/** Creates the game client over a new worker (or the ones `factory` makes, once now and once per restart). */
export function createGameClient(factory?: () => Worker, options: GameClientOptions = {}): GameClient {
  return new GameClient(factory ?? (() => new Worker(new URL('../../workers/game.worker.ts', import.meta.url), { type: 'module' })), options);
}
