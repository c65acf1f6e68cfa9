/**
 * The page's handle on the game worker (`workers/game.worker.ts`): a typed comlink wrapper of
 * {@link GameApi}. Every method returns what the API returns (rejections are data, never thrown).
 * Calls made before the worker posted its ready message wait for it.
 *
 * Not done (unlike engineClient.ts): restart-on-crash. A crashed game worker can be restored by the
 * page from its autosave (`load(save)`), which the Play mode keeps after every action.
 */
import * as Comlink from 'comlink';
import type {
  ActResult,
  ExpectedDamage,
  GameApi,
  GameSetupInput,
  GameState,
  GameSummary,
  LogLine,
  OptionEntry,
  OptionsResult,
  SavedGame,
  StartResult,
} from '../../workers/gameApi';
import { isGameReadyMessage } from '../../workers/gameProtocol';

export type { ActResult, ExpectedDamage, GameSetupInput, GameState, GameSummary, LogLine, OptionEntry, OptionsResult, SavedGame, StartResult } from '../../workers/gameApi';
export type { Action, PlayerId } from '../../workers/gameApi';

/** The typed game client. Create it with {@link createGameClient}. */
export class GameClient {
  private readonly remote: Comlink.Remote<GameApi>;
  /** Resolves once the worker has posted its ready message. */
  readonly ready: Promise<void>;

  constructor(readonly worker: Worker) {
    this.remote = Comlink.wrap<GameApi>(worker);
    this.ready = new Promise<void>((resolve) => {
      const on = (ev: MessageEvent) => {
        if (!isGameReadyMessage(ev.data)) return;
        worker.removeEventListener('message', on);
        resolve();
      };
      worker.addEventListener('message', on);
    });
  }

  private async call<T>(f: (r: Comlink.Remote<GameApi>) => unknown): Promise<T> {
    await this.ready;
    return (await f(this.remote)) as T;
  }

  /** Starts a new game (battlefield + two rosters + seed). */
  newGame(input: GameSetupInput): Promise<StartResult> {
    return this.call<StartResult>((r) => r.newGame(input));
  }
  /** Whether the worker holds a game. */
  hasGame(): Promise<boolean> {
    return this.call<boolean>((r) => r.hasGame());
  }
  /** Applies one action: the new summary, events, log lines and dice; or the engine's rejection. */
  act(action: unknown): Promise<ActResult> {
    return this.call<ActResult>((r) => r.act(action));
  }
  /** What a unit may do now (each candidate tried with reduce), and the player-level actions. */
  options(unitId: string): Promise<OptionsResult> {
    return this.call<OptionsResult>((r) => r.options(unitId));
  }
  /** The player-level actions (end phase, pass, first turn, battle tactics). */
  generalOptions(): Promise<OptionEntry[]> {
    return this.call<OptionEntry[]>((r) => r.generalOptions());
  }
  /** Expected damage (computeDamage) of a unit's weapons on a target. */
  expectedDamage(unitId: string, targetId: string, kind?: 'shoot' | 'fight'): Promise<ExpectedDamage> {
    return this.call<ExpectedDamage>((r) => r.expectedDamage(unitId, targetId, kind));
  }
  /** Takes back the last action when it rolled no dice. */
  undo(): Promise<ReturnType<GameApi['undo']>> {
    return this.call<ReturnType<GameApi['undo']>>((r) => r.undo());
  }
  /** The whole game in the saved-game format. */
  save(): Promise<SavedGame> {
    return this.call<SavedGame>((r) => r.save());
  }
  /** Loads a saved game (all actions, or paused at the start with `replay: true`). */
  load(json: unknown, options: { replay?: boolean } = {}): Promise<StartResult> {
    return this.call<StartResult>((r) => r.load(json, options));
  }
  /** Next action of a replay. */
  replayStep(): Promise<ActResult & { index?: number; total?: number }> {
    return this.call<ActResult & { index?: number; total?: number }>((r) => r.replayStep());
  }
  /** State hash of the current state. */
  hash(): Promise<string> {
    return this.call<string>((r) => r.hash());
  }
  /** The current summary. */
  summary(): Promise<GameSummary> {
    return this.call<GameSummary>((r) => r.summary());
  }
  /** The full engine state. */
  state(): Promise<GameState> {
    return this.call<GameState>((r) => r.state());
  }
  /** The battle log from line `from`. */
  log(from = 0): Promise<LogLine[]> {
    return this.call<LogLine[]>((r) => r.log(from));
  }
  /** Terminates the worker. */
  dispose(): void {
    this.remote[Comlink.releaseProxy]();
    this.worker.terminate();
  }
}

/** Creates the game client over a new worker (or the one `factory` makes). */
export function createGameClient(factory?: () => Worker): GameClient {
  return new GameClient(factory ? factory() : new Worker(new URL('../../workers/game.worker.ts', import.meta.url), { type: 'module' }));
}
