/**
 * One game session: the one game logic behind every way to play (issue 25). The game worker
 * (`workers/game.worker.ts`, hot-seat), `npm run game` (`src/cli/game.ts`) and the game server
 * (`server/battleRoom.ts`) each wrap it in a few lines. This file is the session's front door: it
 * re-exports the session and every shape of its API from the modules of `src/game/session/`, one
 * concern each (docs/architecture.md):
 *
 * - `gameSession.ts`: {@link GameSession}, the session's state and actions (new game, act with
 *   automatic passes, undo, save/load, replay, snapshot, queries on the game's table).
 * - `types.ts`: the shapes of its inputs and answers.
 * - `summary.ts`: the summary of a state ({@link GameSummary}, {@link UnitSummary}).
 * - `options.ts`: what a unit may do now ({@link OptionEntry}), tried with `reduce`.
 * - `battleLog.ts`: the battle log in players' words ({@link describe}, {@link LogLine}).
 * - `diceSteps.ts`: the rolls of an action as the dice tray shows them ({@link diceSteps}).
 * - `expectedDamage.ts`: expected damage of an attack before committing ({@link ExpectedDamage}).
 * - `roster.ts`: a unit's roster entry and name in a state.
 * - `autoPass.ts`: automatic passes (who may react, and whether they can).
 * - `gameTable.ts`: the table at a state's positions, queries on it; `armyFile.ts`: reading an army file.
 *
 * Conventions (as in `engineApi.ts`): rule rejections and bad input come back as DATA
 * (`{ok: false, reason, rule}` / `{ok: false, problems}`), never thrown.
 */
import { GameSession } from './session/gameSession';
import type { GameSessionOptions } from './session/types';

export type { Action, GameState, PlayerId } from '../rules/engine';
export { GameSession, unitInCombat } from './session/gameSession';
export type {
  ActResult,
  GameQueryAnswer,
  GameSessionOptions,
  GameSetupInput,
  GameSnapshot,
  SavedGame,
  ShortestPathsOptions,
  ShortestPathsResult,
  StartResult,
  TableGameInput,
} from './session/types';
export type { GameSummary, UnitSummary } from './session/summary';
export type { OptionEntry, OptionsResult } from './session/options';
export { describe, type LogLine } from './session/battleLog';
export { diceSteps, type DiceStep } from './session/diceSteps';
export type { ExpectedDamage } from './session/expectedDamage';
export type { PlayOptions, PlayOutcome, PlayStop } from './session/play';
export type { ModelView, UnitPlace, UnitView } from './session/unitViews';

/** The session under the name the game worker's callers knew it by (`workers/gameApi.ts` before issue 25). */
export { GameSession as GameApi };
/** Options of {@link GameApi}. */
export type GameApiOptions = GameSessionOptions;
