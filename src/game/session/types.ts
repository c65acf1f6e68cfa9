/**
 * The shapes of the game session's API (GAME.md): what it takes to start a game, its options, and
 * the answers of its actions, queries and snapshots. The summary's shapes are in `summary.ts`, the
 * options' in `options.ts`, the battle log's in `battleLog.ts`, the dice steps' in `diceSteps.ts`.
 */
import type { GameEvent, PlayerId } from '../../rules/engine';
import type { BattlefieldInput } from '../../rules/engine/battlefield';
import type { Answer } from '../../scenario/answer';
import type { SavedGameV2 } from '../savedGame';
import type { BundledMeshReader } from '../table';
import type { TerrainCache } from '../terrainCache';
import type { LogLine } from './battleLog';
import type { DiceStep } from './diceSteps';
import type { GameSummary } from './summary';

/** A saved game (`sightline-game/2`, `src/game/savedGame.ts`). */
export type SavedGame = SavedGameV2;

/** Answer of {@link GameSession.act}. */
export type ActResult =
  | { ok: true; summary: GameSummary; events: GameEvent[]; lines: LogLine[]; rolls: number[]; steps: DiceStep[] }
  | { ok: false; reason: string; rule: string };

/**
 * What the client needs to rebuild the game in a fresh worker: the saved game (set-up and every
 * accepted action) and, during a step-by-step replay, the whole replay and how far it got.
 */
export interface GameSnapshot {
  saved: SavedGame;
  replay: { actions: unknown[]; index: number } | null;
}

/** Answer of {@link GameSession.newGame} and {@link GameSession.load}. */
export type StartResult = { ok: true; summary: GameSummary } | { ok: false; problems: string[] };

/**
 * A set-up in the first battlefield format (boxes and cylinders, `placement`): still accepted by
 * {@link GameSession.newGame}, converted to a table (`battlefieldToTable`).
 */
export interface GameSetupInput {
  seed: number | string;
  rosters: Record<'p1' | 'p2', unknown>;
  battlefield: BattlefieldInput;
  finishedDeployingFirst?: 'p1' | 'p2';
  battleplan?: { objectives: string[]; battleRounds?: number; vpPerObjective?: number; name?: string };
  /** Each player's territory (a key of `battlefield.territories`); needed with `deployment`. */
  territories?: { p1: string; p2: string };
  /** Play the deployment phase (Core 10.0): every unit starts undeployed. */
  deployment?: { beginsDeployment: 'p1' | 'p2'; factionTerrain?: { p1?: string[]; p2?: string[] } };
}

/** Options of {@link GameSession}. */
export interface GameSessionOptions {
  /**
   * Reads a bundled asset's bytes (`assets/kenney/...`) for saved games that carry their meshes as
   * bundled-asset ids. Default: none (such a game cannot be opened).
   */
  readBundled?: BundledMeshReader;
  /**
   * Pass a reactions window automatically for a player who has no reaction the engine would accept
   * (issue 18; see {@link GameSession.act}). Default true.
   */
  autoPass?: boolean;
  /** Where terrain indexes are shared with other games of the process. Default: {@link sharedTerrainCache}. */
  terrainCache?: TerrainCache;
}

/** Input of {@link GameSession.startOnTable}: a game on any table (GAME.md `start`). */
export interface TableGameInput {
  /** The scenario (SCENARIO.md) as parsed JSON. */
  scenario: unknown;
  /** Mesh files the scenario names, keyed exactly by `src` (raw bytes). */
  meshFiles?: Record<string, ArrayBuffer | ArrayBufferView>;
  /** `src` → bundled asset path (`assets/kenney/...`) for the meshes shipped with Sightline: carried by id, not by triangles. */
  bundled?: Record<string, string>;
  armies: Record<PlayerId, { army: string; roster: unknown }>;
  seed: number | string;
  battleplan?: string;
  deploy?: 'auto' | 'manual';
}

/** Answer of {@link GameSession.query}: the adjudicator's answer (SCENARIO.md), or the query's problems. */
export type GameQueryAnswer = { ok: true; answer: Answer } | { ok: false; problems: string[] };

/** Options of {@link GameSession.shortestPaths}: those of the `shortestPath` query (SCENARIO.md extension). */
export interface ShortestPathsOptions {
  /** The model's unit-mates are not obstacles (they move with it). */
  ignoreUnit?: boolean;
  /** Keep out of every other army's models' combat range (Core 14.1: a Normal Move or a Run). */
  avoidCombat?: boolean;
  /** Move as FLY (Core 15.4); default the unit's keyword. */
  fly?: boolean;
  /**
   * A model the search found no path for is answered with its straight line when the engine would
   * accept that line for a move of this kind (issue 35 item 2: the live label and the drop give the
   * same verdict, because a drop sends the straight line of such a model): the line's `movePath`
   * cost (Core 15.0-15.2) and, for a Normal Move, a Run or a Redeploy, the engine's own check that
   * it enters no enemy combat range on the way (`pathEntersCombatRange`, Core 14.1; enemies not
   * visible do not count for a Normal Move or a Run, as the engine has it); a goal the search
   * refused for ending within an enemy's combat range stays refused. Such an answer has
   * `straight: true` and `fallback: 'straight'`; a line the engine would refuse keeps the search's
   * `value: null` and its reason. Default: none (every answer is the search's).
   */
  orStraight?: { kind: 'normal' | 'run' | 'redeploy' | 'retreat' | 'charge' | 'pileIn' | 'powerThrough' };
}

/** Answer of {@link GameSession.shortestPaths}: per model id, its `shortestPath` query's answer. */
export type ShortestPathsResult = { ok: true; answers: Record<string, GameQueryAnswer> } | { ok: false; problems: string[] };
