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
  ShortestPathsOptions,
  ShortestPathsResult,
  StartResult,
  TableGameInput,
} from '../game/session';
import type { Scenario } from '../scenario/schema';
import type { BaseEntry } from '../army/bases';
import { isGameReadyMessage } from '../../workers/gameProtocol';
import { registerTimingSource, traced } from './perfTrace';
import type { TimedApi } from '../../workers/timedApi';
import type { GameChangeMethod, GameHostApi, SnapshotDelta, Superseded } from '../../workers/gameHost';
import { Tickets, WorkerSupervisor, type Attempt, type RestorePlan, type WorkerDeathCause } from './workerSupervisor';

export type { ActResult, DiceStep, ExpectedDamage, GameSetupInput, GameSnapshot, GameState, GameSummary, LogLine, OptionEntry, OptionsResult, SavedGame, ShortestPathsOptions, ShortestPathsResult, StartResult, TableGameInput } from '../game/session';
export type { Action, PlayerId } from '../game/session';
export type { Superseded } from '../../workers/gameHost';

/** Answer of {@link GameClient.query}. */
export type GameQueryResult = ReturnType<GameApi['query']>;
/** Answer of {@link GameClient.replayStep}. */
export type ReplayStepResult = ActResult & { index?: number; total?: number };
/** Answer of {@link GameClient.replayTo} / {@link GameClient.replayBack}. */
export type ReplayToResult = ReturnType<GameApi['replayTo']>;

/** Why a game worker was declared dead (the same causes as the engine's; see `workerSupervisor.ts`). */
export type GameWorkerDeathCause = WorkerDeathCause;

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

/** The typed, crash-surviving game client. Create it with {@link createGameClient}. */
export class GameClient {
  /** Call watchdog limit, ms (see {@link GameClientOptions.watchdogMs}); may be changed at any time. */
  watchdogMs: number;
  /** Start-up watchdog limit, ms; read when a worker is created. */
  startupWatchdogMs: number;
  private readonly sup: WorkerSupervisor<GameApi>;
  private snap: GameSnapshot | null = null;
  /** The saved game's set-up last sent by the worker (the snapshot's bulk, sent once per game). */
  private setup: SnapshotDelta['setup'] | null = null;
  private readonly tickets = new Tickets();

  constructor(
    factory: () => Worker,
    private readonly opts: GameClientOptions = {},
  ) {
    this.watchdogMs = opts.watchdogMs ?? 30_000;
    this.startupWatchdogMs = opts.startupWatchdogMs ?? 60_000;
    this.sup = new WorkerSupervisor<GameApi>({
      label: 'game',
      factory,
      isReadyMessage: isGameReadyMessage,
      DiedError: GameWorkerDiedError,
      limits: this,
      awaitStart: true,
      restore: (cause) => this.restorePlan(cause),
    });
    // The Play probe's worker timings (`workers/timedApi.ts`): the current worker's, after a restart too.
    registerTimingSource('game', () => (this.sup.current.remote as unknown as Comlink.Remote<TimedApi>).takeTimings());
  }

  /** The current worker (tests: `client.worker.terminate()` kills it behind the client's back). */
  get worker(): Worker {
    return this.sup.current.worker;
  }

  /** Resolves once the current worker is up and holds the (restored) game. */
  get ready(): Promise<void> {
    const g = this.sup.current;
    return g.ready.then(() => g.whenStarted);
  }

  /** How many times a dead worker was replaced. */
  get restarts(): number {
    return this.sup.restarts;
  }

  /** The client's copy of the game a restarted worker would get (a deep copy), or null. */
  get snapshot(): GameSnapshot | null {
    return this.snap ? structuredClone(this.snap) : null;
  }

  /** Starts a new game (battlefield + two rosters + seed). */
  newGame(input: GameSetupInput): Promise<StartResult> {
    return this.change<StartResult>('newGame', input);
  }
  /** Starts a game on any table (scenario + mesh files + two armies; GAME.md `start`). */
  startOnTable(input: TableGameInput): Promise<StartResult> {
    return this.change<StartResult>('startOnTable', input);
  }
  /**
   * Builds ahead, in the worker, the terrain index of the battlefield a battle is about to start on
   * (`GameSession.prepareTable`): a later {@link startOnTable} on it does not build it.
   */
  prepareTable(input: Pick<TableGameInput, 'scenario' | 'meshFiles' | 'bundled'>): Promise<Awaited<ReturnType<GameApi['prepareTable']>>> {
    return this.call('prepareTable', (g) => g.remote.prepareTable(input) as Promise<Awaited<ReturnType<GameApi['prepareTable']>>>);
  }
  /** Reads an army file (army format or roster export) in the worker; `rememberedBases`: the bases the player set before (unit name → base). */
  readArmy(bytes: ArrayBuffer, fileName: string, idPrefix?: string, rememberedBases?: Record<string, BaseEntry>): Promise<ReturnType<GameApi['readArmy']>> {
    return this.call('readArmy', (g) => g.remote.readArmy(bytes, fileName, idPrefix, rememberedBases) as Promise<ReturnType<GameApi['readArmy']>>);
  }
  /** The game's table with every model where the game has it now (SCENARIO.md), or null. */
  tableScenario(): Promise<Scenario | null> {
    return this.call('tableScenario', (g) => g.remote.tableScenario());
  }
  /** A scenario query answered on the game's own World at the current positions (the tools during a game). */
  query(q: unknown): Promise<GameQueryResult> {
    return this.call<GameQueryResult>('query', (g) => g.remote.query(q) as Promise<GameQueryResult>);
  }
  /**
   * The shortest legal paths of several models at once (a whole unit's drop, issue 28): one round
   * trip; per model id what `query` answers for its `shortestPath` query.
   */
  shortestPaths(goals: Record<string, readonly [number, number]>, options?: ShortestPathsOptions): Promise<ShortestPathsResult> {
    return this.call<ShortestPathsResult>('shortestPaths', (g) => g.remote.shortestPaths(goals, options) as Promise<ShortestPathsResult>);
  }
  /**
   * {@link shortestPaths} for the live drag label (issue 35 item 6): the worker gives this question
   * up (`{ok: false, superseded: true}`) when a live question with a larger `seq` reaches it before
   * it is done (`workers/gameHost.ts`, `liveShortestPaths`), so a new pointer position is answered
   * without waiting for an older one's whole search. Otherwise the same answer as `shortestPaths`.
   * @param seq - increasing per page (each new question a larger one).
   */
  liveShortestPaths(seq: number, goals: Record<string, readonly [number, number]>, options?: ShortestPathsOptions): Promise<ShortestPathsResult | Superseded> {
    return this.call<ShortestPathsResult | Superseded>('liveShortestPaths', (g) => (g.remote as unknown as Comlink.Remote<GameHostApi>).liveShortestPaths(seq, goals, options));
  }
  /** Whether the worker holds a game. */
  hasGame(): Promise<boolean> {
    return this.call('hasGame', (g) => g.remote.hasGame());
  }
  /** Applies one action: the new summary, events, log lines, dice and dice steps; or the engine's rejection. */
  act(action: unknown): Promise<ActResult> {
    return this.change<ActResult>('act', action);
  }
  /** What a unit may do now (each candidate tried with reduce), and the player-level actions. */
  options(unitId: string): Promise<OptionsResult> {
    return this.call<OptionsResult>('options', (g) => g.remote.options(unitId));
  }
  /** The player-level actions (end phase, pass, first turn, battle tactics). */
  generalOptions(): Promise<OptionEntry[]> {
    return this.call('generalOptions', (g) => g.remote.generalOptions());
  }
  /** Expected damage (computeDamage) of a unit's weapons on a target. */
  expectedDamage(unitId: string, targetId: string, kind?: 'shoot' | 'fight'): Promise<ExpectedDamage> {
    return this.call<ExpectedDamage>('expectedDamage', (g) => g.remote.expectedDamage(unitId, targetId, kind));
  }
  /** Takes back the last action when it rolled no dice. */
  undo(): Promise<ReturnType<GameApi['undo']>> {
    return this.change<ReturnType<GameApi['undo']>>('undo');
  }
  /** The whole game in the saved-game format. */
  save(): Promise<SavedGame> {
    return this.call('save', (g) => g.remote.save());
  }
  /** Loads a saved game (all actions, or paused at the start with `replay: true`). */
  load(json: unknown, options: { replay?: boolean } = {}): Promise<StartResult> {
    return this.change<StartResult>('load', json, options);
  }
  /** Next action of a replay. */
  replayStep(): Promise<ReplayStepResult> {
    return this.change<ReplayStepResult>('replayStep');
  }
  /** Moves the replay to step `index` (forwards or backwards). */
  replayTo(index: number): Promise<ReplayToResult> {
    return this.change<ReplayToResult>('replayTo', index);
  }
  /** Steps the replay one action back. */
  replayBack(): Promise<ReplayToResult> {
    return this.change<ReplayToResult>('replayBack');
  }
  /** State hash of the current state. */
  hash(): Promise<string> {
    return this.call('hash', (g) => g.remote.hash());
  }
  /** The current summary. */
  summary(): Promise<GameSummary> {
    return this.call('summary', (g) => g.remote.summary());
  }
  /** The full engine state. */
  state(): Promise<GameState> {
    return this.call('state', (g) => g.remote.state());
  }
  /** The battle log from line `from`. */
  log(from = 0): Promise<LogLine[]> {
    return this.call('log', (g) => g.remote.log(from));
  }

  /**
   * Kills the current worker as a crash would (terminate, no goodbye) and recovers at once: new
   * worker, game restored, in-flight calls retried. Resolves when the new worker is ready.
   */
  simulateCrash(): Promise<void> {
    return this.sup.handleDeath(this.sup.current, 'crash');
  }

  /** Terminates the worker for good; pending and later calls reject with {@link GameWorkerDiedError}. */
  dispose(): void {
    this.sup.dispose();
  }

  // -------------------------------------------------------------------------------------------

  /** What a new worker gets: the game snapshot as of the restart. */
  private restorePlan(cause: GameWorkerDeathCause): RestorePlan<GameApi> {
    const snap = this.snap;
    return {
      run: async (remote) => {
        if (!snap) return;
        const r = await remote.restore(snap);
        if (!r.ok) throw new Error(r.problems.join('; '));
      },
      done: () => this.opts.onRestart?.({ restarts: this.sup.restarts, cause, restored: snap !== null, actions: snap?.saved.actions.length ?? 0 }),
    };
  }

  /** Runs `attempt` on the current worker; if it dies, recovers and runs it once more (see {@link WorkerSupervisor.call}). */
  private call<T>(name: string, attempt: Attempt<GameApi, T>): Promise<T> {
    return traced(`game.${name}`, () => this.sup.call(attempt));
  }

  /**
   * A call that may change the game, answered with the game's snapshot in the same message
   * (`workers/gameHost.ts`: one round trip, the set-up sent only when new): on success the
   * snapshot becomes the client's; a late answer never wins over a newer one (see {@link Tickets}),
   * but a set-up is always kept (answers arrive in the worker's order, so the last set-up sent is
   * the worker's).
   */
  private change<T extends { ok: boolean }>(name: GameChangeMethod, ...args: unknown[]): Promise<T> {
    return this.call(name, async (g) => {
      const isNewest = this.tickets.take();
      const { result, snapshot } = await (g.remote as unknown as Comlink.Remote<GameHostApi>).changeAndSnapshot(name, args);
      if (snapshot?.setup) this.setup = snapshot.setup;
      if (snapshot && this.setup && isNewest()) this.snap = { saved: { ...this.setup, actions: snapshot.actions } as GameSnapshot['saved'], replay: snapshot.replay };
      return result as T;
    });
  }
}

/** Creates the game client over a new worker (or the ones `factory` makes, once now and once per restart). */
export function createGameClient(factory?: () => Worker, options: GameClientOptions = {}): GameClient {
  return new GameClient(factory ?? (() => new Worker(new URL('../../workers/game.worker.ts', import.meta.url), { type: 'module' })), options);
}
