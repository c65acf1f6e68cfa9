/**
 * One game session: the one game logic behind every way to play (issue 25). The game worker
 * (`workers/game.worker.ts`, hot-seat), `npm run game` (`src/cli/game.ts`) and the game server
 * (`server/battleRoom.ts`) each wrap it in a few lines. One game of the rules engine
 * (`src/rules/engine`, a pure `reduce`) over a `worldPort` built from the game's battlefield. It
 * touches no DOM, so it runs the same in the worker, in Node and in tests. Games on the same table
 * in one process share its terrain index ({@link TerrainCache}).
 *
 * Conventions (as in `engineApi.ts`): rule rejections and bad input come back as DATA
 * (`{ok: false, reason, rule}` / `{ok: false, problems}`), never thrown.
 *
 * - {@link GameSession.newGame}: battlefield + two rosters + seed (+ battleplan).
 * - {@link GameSession.act}: one action through `reduce`: the summary, the events, the battle-log lines
 *   and the dice rolled; or the engine's rejection with its rule.
 * - {@link GameSession.options}: what a unit may do now: every candidate action is tried with `reduce`
 *   (pure: the state is never changed by a try) and reported available, or not with the reason.
 * - {@link GameSession.undo}: takes back the last action when it rolled no dice (nothing random revealed).
 * - {@link GameSession.save} / {@link GameSession.load}: the saved-game format (`src/rules/engine/savedGame.ts`).
 * - {@link GameSession.load} with `{replay: true}` then {@link GameSession.replayStep}: step-by-step replay.
 * - {@link GameSession.replayTo} / {@link GameSession.replayBack}: jump / step back (the prefix's states).
 * - {@link GameSession.snapshot} / {@link GameSession.restore}: what a restarted worker needs (gameClient.ts).
 * - {@link GameSession.hash}: `stateHash` of the current state.
 * - {@link diceSteps}: the rolls of an action as the dice tray shows them (target numbers, successes).
 * - The deployment phase (Core 10.0) when the set-up has `deployment` (see {@link GameSummary.deployment}).
 */
import { computeDamage, type DamageAttacker, type DamageTarget } from '../rules/damage';
import {
  COMMANDS,
  PLAYERS,
  SPELLS,
  TACTICS,
  inCombat,
  loggedActions,
  opponentOf,
  reduce,
  stateHash,
  type Action,
  type GameEvent,
  type GameState,
  type GeometryPort,
  type LogEntry,
  type PlayerId,
} from '../rules/engine';
import { currentPicker, profileChoices } from '../rules/engine/attacks';
import { knownMove, portView } from '../rules/engine/core';
import { playerDictionary, playerWords, type TableNames } from './playerWords';
import type { BattlefieldInput } from '../rules/engine/battlefield';
import { parseRoster, type RosterInput } from '../rules/engine/roster';
import { importArmy } from '../army/importArmy';
import type { BaseEntry } from '../army/bases';
import { upgradeSavedGame, type GameSetupV2, type SavedGameV2 } from './savedGame';
import { openGame, prepareGame, type OpenedGame } from './start';
import { carryMeshes, loadBundledMesh, loadCarriedMeshes, type BundledMeshReader } from './table';
import { loadScenarioMeshes, ScenarioBuildError } from '../scenario/build';
import { parseMeshFile, type MeshTriangles } from '../scenario/meshLoader';
import { answerQuery, type Answer } from '../scenario/answer';
import type { Scenario } from '../scenario/schema';
import type { TerrainIndex } from '../geometry/world';
import { parseQueries, parseScenario, type ParseResult } from '../scenario/validate';
import { sharedTerrainCache, TerrainCache } from './terrainCache';
import { ascensionGeneralOptions, ascensionSummary, ascensionUnitOptions, type AscensionSummary } from './ascensionOptions';

export type { Action, GameState, PlayerId } from '../rules/engine';
/** A saved game (`sightline-game/2`, `src/game/savedGame.ts`). */
export type SavedGame = SavedGameV2;

/** A line of the battle log: an action, a roll or an outcome, with the rule it applies. */
export interface LogLine {
  /** Index of the action that produced it (0-based). */
  seq: number;
  kind: 'action' | 'roll' | 'event';
  player: PlayerId | null;
  text: string;
  rule?: string;
  dice?: number[];
}

/** One unit, as the Play panels show it. */
export interface UnitSummary {
  id: string;
  name: string;
  owner: PlayerId;
  models: number;
  alive: number;
  health: number;
  /** Damage points on the wounded model. */
  damage: number;
  keywords: string[];
  usedRun: boolean;
  charged: boolean;
  fought: boolean;
  /** Move characteristic (inches, Core 3.0). */
  /** Move, inches: fixed, this turn's roll of a random Move, or its least value before it is rolled. */
  move: number;
  /** A random Move as printed (`2D6`), Core 26.0. */
  moveRandom?: string;
  /** This turn: made a Normal Move, Run, Retreat or Redeploy (a `move` action other than a charge). */
  moved: boolean;
  /** This turn: used a SHOOT ability (a `shoot` action). */
  shot: boolean;
  /** In combat with an enemy unit now (the engine's `inCombat` over the game's table). */
  inCombat: boolean;
  /** This turn's run and charge rolls, once rolled (null before). */
  runRoll: number | null;
  chargeRoll: number | null;
  /** The unit's ranged weapons and their ranges (inches), distinct names. */
  ranges: { weapon: string; range: number }[];
  pendingMove: { kind: string; maxInches: number } | null;
  effects: string[];
  /** False while the unit waits to be deployed (deployment phase), was never deployed, or is in reserve. */
  deployed: boolean;
  /** In reserve (Core 24.1): off the table until its player sets it up in their movement phase. */
  reserve: boolean;
  /** Ids of the unit's models still alive, in roster order. */
  aliveModelIds: string[];
  /**
   * The commander's casualty order (Core 18.3, `setSlainPriority`): these alive models are slain
   * first, in this order; after them (or when empty) the engine's default order applies.
   */
  slainPriority: string[];
}

/** What the page needs after every change. */
export interface GameSummary {
  round: number;
  battleRounds: number;
  battleplan: string;
  stage: GameState['stage'];
  phase: GameState['phase'];
  active: PlayerId | null;
  decider: PlayerId;
  firstPlayer: PlayerId | null;
  cp: Record<PlayerId, number>;
  vp: Record<PlayerId, number>;
  /** Each player's army name (the roster's `name`). */
  armies: Record<PlayerId, string>;
  /** Each player's faction (the roster's `faction`). */
  factions: Record<PlayerId, string>;
  objectives: Record<string, PlayerId | null>;
  winner: GameState['winner'];
  /** The open reactions window (Core 5.2), if any. */
  pendingAttack: { kind: 'shoot' | 'fight'; player: PlayerId; unitId: string; targets: string[]; toReact: PlayerId; passes: number } | null;
  pendingSpell: { player: PlayerId; casterId: string; spell: string; targetId?: string; point?: readonly [number, number]; castingRoll: number } | null;
  pendingRally: { unitId: string; points: number; player: PlayerId } | null;
  /** Whose pick it is to fight (combat phase). */
  combatPicker: PlayerId | null;
  /**
   * The deployment phase (Core 10.0), while `stage === 'deployment'`: the step, whose DEPLOY
   * ability is next, a Deploy Regiment in progress, who has finished. Null otherwise.
   */
  deployment: { step: string; toDeploy: PlayerId; regiment: { player: PlayerId; leader: string; left: string[] } | null; done: Record<PlayerId, boolean>; finishedFirst: PlayerId | null; territories: Record<PlayerId, string> | null } | null;
  /** The player expected to act now (window reactions, rally, first-turn choice, else the active player). */
  toAct: PlayerId | null;
  /** Accepted actions so far. */
  actions: number;
  hash: string;
  undo: { ok: true } | { ok: false; reason: string };
  /** Step-by-step replay in progress: next action index and total. */
  replay: { index: number; total: number } | null;
  units: UnitSummary[];
  /**
   * Where every model on the battlefield stands now (plan view, inches) and the slain ones; the
   * objectives placed during the battle (Spied Treasure: centre and marker diameter, inches),
   * which the table does not have.
   */
  board: { positions: Record<string, [number, number]>; removed: string[]; addedObjectives: { id: string; x: number; y: number; diameter: number }[] };
  /** A Path to Glory battle (Ascension): the battleplan, this round's twist, the Glorious Victory; absent otherwise. */
  ascension?: AscensionSummary;
}

/**
 * One roll of an accepted action, as the dice tray shows it: the engine's dice (from its log, in
 * the order rolled), which roll it is and, for rolls against a target number (hit, wound, save,
 * ward, casting, unbinding, charge…), the target and how many dice succeeded.
 */
export interface DiceStep {
  /** Index of the action that rolled it (0-based). */
  seq: number;
  /** The engine log's roll purpose (`hit:<unit>:<weapon>`, `charge:<unit>`, …). */
  purpose: string;
  /** Short name of the roll: `Hit rolls`, `Charge roll`… */
  label: string;
  /** Who and with what (unit, weapon, target). */
  detail: string;
  rule: string;
  player: PlayerId | null;
  /** Sides of the dice (6, or 3 for a D3: the value is shown on a six-sided die's face). */
  sides: number;
  /** The engine's values, in the order rolled. */
  dice: number[];
  /** What a die (or the total) needs, e.g. `3+`, `≥ 7 (casting value)`; absent for plain values. */
  target?: string;
  /** Dice that succeeded (or, for totals, 1 when the total did). */
  successes?: number;
  /** The outcome in words, e.g. `4 hits`, `total 8"`. */
  outcome: string;
}

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

/** One candidate of {@link GameSession.options}. */
export interface OptionEntry {
  /** Groups entries of one ability (`shoot`, `fight`, `command:allOutAttack`, …). */
  group: string;
  label: string;
  rule: string;
  action: Action;
  available: boolean;
  /** The engine's rejection, when not available. */
  reason?: string;
  rejectedBy?: string;
  /** True for moves: made by dragging (probed with an empty move). */
  drag?: boolean;
  target?: string;
  /** An alternative weapon profile this entry picks (`Weapon: Profile`), and its expected damage on `target`. */
  profile?: string;
  expectedDamage?: number;
}

/** Answer of {@link GameSession.options}. */
export type OptionsResult = { ok: true; unitId: string; player: PlayerId; entries: OptionEntry[]; general: OptionEntry[] } | { ok: false; reason: string };

/** Expected damage of one unit's weapons on a target (computeDamage, before committing). */
export type ExpectedDamage =
  | { ok: true; kind: 'shoot' | 'fight'; weapons: { weapon: string; models: number; value: number; slain: number }[]; value: number; slain: number; notes: string[] }
  | { ok: false; reason: string };

const ACTION_RULES: Record<string, string> = {
  chooseFirstTurn: 'Core 12.0',
  endPhase: 'Core 13.0',
  chooseContestedObjective: 'Core 32.1',
  run: 'Core 14.1',
  rollMove: 'Core 26.0',
  charge: 'Core 14.3',
  spendRally: 'Commands 2.0',
  allocateDamage: 'Core 18.4',
  retreat: 'Core 14.1',
  shoot: 'Core 16.0',
  fight: 'Core 19.0',
  pass: 'Core 5.2',
  setSlainPriority: 'Core 18.3',
  cast: 'Magic 2.0',
  unbind: 'Magic 4.0',
  activatePlaceOfPower: 'Terrain 1.2',
  tacticalGambit: 'BattleTactics 2.0',
};
const MOVE_RULES: Record<string, string> = { normal: 'Core 14.1', run: 'Core 14.1', retreat: 'Core 14.1', charge: 'Core 14.3', redeploy: 'Commands 3.0' };
const ROLL_RULES: [string, string, string][] = [
  ['priority', 'Core 12.0', 'priority roll'],
  ['run', 'Core 14.1', 'run roll'],
  ['move', 'Core 26.0', 'Move'],
  ['charge-reroll', 'Commands 5.0', 'charge re-roll'],
  ['charge', 'Core 14.3', 'charge roll'],
  ['rally', 'Commands 2.0', 'rally dice'],
  ['redeploy', 'Commands 3.0', 'redeploy roll'],
  ['attacks', 'Core 26.0', 'random Attacks'],
  ['hit', 'Core 17.0', 'hit rolls'],
  ['wound', 'Core 17.0', 'wound rolls'],
  ['save', 'Core 17.0', 'save rolls'],
  ['damage', 'Core 26.0', 'random Damage'],
  ['ward', 'Core 18.1', 'ward rolls'],
  ['cast', 'Magic 2.0', 'casting roll'],
  ['miscast', 'Magic 2.0', 'miscast D3'],
  ['unbind', 'Magic 4.0', 'unbinding roll'],
  ['spell', 'Magic 2.0', 'spell effect'],
  ['placeOfPower-mortal', 'Terrain 1.2', 'Place of Power mortal D3'],
  ['placeOfPower', 'Terrain 1.2', 'Place of Power roll'],
  ['retreat', 'Core 14.1', 'retreat mortal D3'],
  ['wildFire', 'Ascension › The Ruined Settlement › Wild Fire', 'Wild Fire'],
];

const PHASE_NAMES: Record<string, string> = {
  startOfTurn: 'start of turn',
  hero: 'hero phase',
  movement: 'movement phase',
  shooting: 'shooting phase',
  charge: 'charge phase',
  combat: 'combat phase',
  endOfTurn: 'end of turn',
};

/** The end-phase button in plain words ("End the end of turn" was one of them). */
const END_PHASE_LABELS: Record<string, string> = {
  startOfTurn: 'Go on to the hero phase',
  hero: 'End the hero phase',
  movement: 'End the movement phase',
  shooting: 'End the shooting phase',
  charge: 'End the charge phase',
  combat: 'End the combat phase',
  endOfTurn: 'End the turn',
};

/** A spell's name (its id when the engine does not know it). */
const spellName = (id: unknown) => SPELLS[String(id)]?.name ?? String(id);

/** The game API (one game at a time). */
/** A unit's roster entry: a unit of its army or one of its manifestations (Magic 7.0). */
function rosterEntry(s: GameState, id: string) {
  const u = s.units[id];
  const r = u ? s.players[u.owner].roster : undefined;
  return r?.units.find((x) => x.id === id) ?? r?.manifestations?.find((x) => x.id === id);
}

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
}

/** Answer of {@link GameSession.shortestPaths}: per model id, its `shortestPath` query's answer. */
export type ShortestPathsResult = { ok: true; answers: Record<string, GameQueryAnswer> } | { ok: false; problems: string[] };

/** The commands used in reaction to a declared ATTACK ability (Commands 6.0, 7.0). */
const REACTIONS_TO_ATTACKS = ['allOutAttack', 'allOutDefence'] as const;

export class GameSession {
  private setup: GameSetupV2 | null = null;
  private port: GeometryPort | null = null;
  private opened: OpenedGame | null = null;
  /** `states[i]`: the state after `i` accepted actions. */
  private states: GameState[] = [];
  /** `lineCounts[i]`: battle-log lines after `i` actions. */
  private lineCounts: number[] = [];
  private lines: LogLine[] = [];
  private replayQueue: unknown[] | null = null;
  private replayIndex = 0;
  /**
   * The game's table (SCENARIO.md) validated at the positions of one state (issue 28): kept while
   * that state is the current one of that game, so queries validate only themselves.
   */
  private checkedTable: { state: GameState; opened: OpenedGame; table: ParseResult } | null = null;
  private readonly readBundled: BundledMeshReader;
  /** `autoFlags[i]`: the action that made `states[i + 1]` was a pass with no reaction possible (an automatic pass). */
  private autoFlags: boolean[] = [];
  private readonly autoPass: boolean;
  private readonly terrainCache: TerrainCache;

  constructor(options: GameSessionOptions = {}) {
    this.autoPass = options.autoPass ?? true;
    this.terrainCache = options.terrainCache ?? sharedTerrainCache;
    this.readBundled = options.readBundled ?? (async (path) => {
      throw new Error(`bundled asset "${path}" cannot be read here`);
    });
  }

  /**
   * Starts a new game from the first battlefield format's set-up (the hot-seat sample game):
   * converted to a table (`battlefieldToTable`) and started as every game is.
   */
  async newGame(input: GameSetupInput): Promise<StartResult> {
    const up = upgradeSavedGame({
      format: 'sightline-game/1',
      seed: input.seed,
      finishedDeployingFirst: input.finishedDeployingFirst ?? 'p1',
      battleplan: input.battleplan ?? { objectives: (input.battlefield.objectives ?? []).map((o) => o.id) },
      ...(input.territories ? { territories: input.territories } : {}),
      ...(input.deployment ? { deployment: input.deployment } : {}),
      rosters: { p1: input.rosters.p1, p2: input.rosters.p2 },
      battlefield: input.battlefield,
      actions: [],
    });
    if (!up.ok) return up;
    const { actions: _a, ...setup } = up.saved;
    return this.start(setup);
  }

  /**
   * Reads an army file for a new game, here so the page never parses it: Sightline's army format
   * (docs/rules-engine.md, checked with `parseRoster`) or a roster export the army importer reads
   * (ARMY.md: `.ros`, `.rosz`, New Recruit `.json`).
   * @param rememberedBases Bases the player set in the app before (unit name → `{base, heightInches?}`,
   *   the `--bases` file's shape), used for a roster export where no other base is given (ARMY.md).
   * @returns the army, the importer's warnings and where it came from (`army`: Sightline's format,
   *   its bases as written; `roster`: an import, bases remembered or default), or the problem naming the file.
   */
  readArmy(
    bytes: ArrayBuffer | ArrayBufferView,
    fileName: string,
    idPrefix?: string,
    rememberedBases?: Record<string, BaseEntry>,
  ): { ok: true; army: RosterInput; warnings: string[]; source: 'army' | 'roster' } | { ok: false; problems: string[] } {
    const data = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    try {
      const json = JSON.parse(new TextDecoder().decode(data)) as { units?: unknown[] };
      if (json && Array.isArray(json.units) && json.units.some((u) => !!u && typeof u === 'object' && 'warscroll' in u)) {
        const r = parseRoster(json);
        return r.ok ? { ok: true, army: json as unknown as RosterInput, warnings: [], source: 'army' } : { ok: false, problems: r.issues.map((i) => `${fileName}: ${i.path}: ${i.message}`) };
      }
    } catch {
      // not Sightline's JSON: a roster export
    }
    try {
      const remembered = rememberedBases ? new Map(Object.entries(rememberedBases)) : undefined;
      const r = importArmy(data, fileName, { ...(idPrefix ? { idPrefix } : {}), ...(remembered?.size ? { rememberedBases: remembered } : {}) });
      return { ok: true, army: r.army, warnings: r.warnings, source: 'roster' };
    } catch (e) {
      return { ok: false, problems: [(e as Error).message] };
    }
  }

  /**
   * Starts a game on any table (GAME.md `start`): the scenario's units of the chosen armies start
   * where it puts them, the others are set up automatically or in the deployment phase
   * (`prepareGame`). On failure (every problem with its path) the current game stays.
   */
  async startOnTable(input: TableGameInput): Promise<StartResult> {
    const parsed = parseScenario(input.scenario);
    if (!parsed.ok) return { ok: false, problems: parsed.problems.map((p) => `scenario.${p}`) };
    const files = input.meshFiles ?? {};
    let meshes: Map<string, MeshTriangles>;
    try {
      meshes = await loadScenarioMeshes(parsed.scenario, async (src) => {
        const bytes = files[src];
        if (bytes) return parseMeshFile(bytes, src);
        const bundled = input.bundled?.[src];
        if (bundled) return loadBundledMesh(bundled, this.readBundled);
        throw new Error(`mesh file "${src}" was not supplied`);
      });
    } catch (e) {
      return { ok: false, problems: e instanceof ScenarioBuildError ? e.problems.map((p) => `scenario.${p}`) : [`scenario: ${(e as Error).message}`] };
    }
    const prepared = prepareGame({
      scenario: input.scenario,
      meshes,
      carried: carryMeshes(meshes, (src) => input.bundled?.[src] ?? null),
      armies: input.armies,
      seed: input.seed,
      ...(input.battleplan ? { battleplan: input.battleplan } : {}),
      ...(input.deploy ? { deploy: input.deploy } : {}),
      terrainCache: this.terrainCache,
    });
    if (!prepared.ok) return prepared;
    return this.start(prepared.setup, meshes, prepared.terrain, prepared.state);
  }

  private async start(setup: GameSetupV2, loaded?: Map<string, MeshTriangles>, terrain?: TerrainIndex, initial?: GameState): Promise<StartResult> {
    let meshes = loaded;
    if (!meshes) {
      const m = await loadCarriedMeshes(setup.table.meshes, this.readBundled);
      if (!m.ok) return { ok: false, problems: m.problems.map((p) => `table.${p}`) };
      meshes = m.meshes;
    }
    // The table's terrain index: shared with every game of this process on the same table
    // (`prepareGame` has looked it up in the same cache when it gives one).
    const key = terrain ? null : TerrainCache.keyOf(setup.table);
    const o = openGame(setup, meshes, terrain ?? this.terrainCache.get(key!), initial);
    if (!o.ok) return o;
    if (key !== null) this.terrainCache.set(key, o.game.world.terrain);
    const missing = Object.values(o.game.state.units)
      .filter((u) => u.status === undefined)
      .flatMap((u) => rosterEntry(o.game.state, u.id)!.models)
      .filter((m) => !o.game.placement[m.id]);
    if (missing.length) return { ok: false, problems: missing.map((m) => `table.scenario.units: no set-up position for model "${m.id}"`) };
    this.setup = structuredClone(setup);
    this.opened = o.game;
    this.port = o.game.port;
    this.states = [o.game.state];
    this.autoFlags = [];
    this.lines = [];
    this.lineCounts = [0];
    this.replayQueue = null;
    this.replayIndex = 0;
    return { ok: true, summary: this.summary() };
  }

  /** Where the table sets up every model (plan-view centre, inches). */
  private get placement(): Record<string, [number, number]> {
    return this.opened!.placement;
  }

  /**
   * Where every model on the battlefield stands in state `s` (plan view, inches), and the models
   * off it (see {@link GameSummary.board}).
   */
  private board(s: GameState): GameSummary['board'] {
    // Slain models; after the deployment phase also the models of units never deployed (off the
    // battlefield for the whole battle). During it, undeployed units stand where the set-up
    // suggests (their territory), for the player to drag them where they deploy them. Units in
    // reserve are off the table, except in their player's movement phase of battle rounds 1-3,
    // when they stand where the set-up suggests for that player to drag them in (Core 24.1).
    const reserveShown = (u: GameState['units'][string]) => s.stage === 'turn' && s.phase === 'movement' && s.active === u.owner && s.round <= 3;
    const offField = (u: GameState['units'][string]) =>
      (u.status === 'undeployed' && s.stage !== 'deployment') || u.status === 'unsummoned' || (u.status === 'reserve' && !reserveShown(u));
    const removed = Object.values(s.units).flatMap((u) => (offField(u) ? rosterEntry(s, u.id)!.models.map((m) => m.id) : u.slain));
    const gone = new Set(removed);
    const positions: Record<string, [number, number]> = {};
    for (const [id, p] of Object.entries(this.placement)) if (!gone.has(id)) positions[id] = s.positions[id] ? [...s.positions[id]] : [p[0], p[1]];
    for (const [id, p] of Object.entries(s.positions)) if (!gone.has(id) && !positions[id]) positions[id] = [...p];
    const addedObjectives = (s.ascension?.addedObjectives ?? []).map((o) => ({ id: o.id, x: o.at[0], y: o.at[1], diameter: o.diameterInches }));
    return { positions, removed, addedObjectives };
  }

  /**
   * The game's table as a scenario (SCENARIO.md) with every model where the current state has it
   * (slain and off-table models left out): what the page draws and the tools measure during a game.
   */
  tableScenario(): Scenario | null {
    if (!this.opened) return null;
    const s = this.current;
    const { positions } = this.board(s);
    const t = structuredClone(this.opened.table);
    t.units = (t.units ?? [])
      .map((u) => ({ ...u, models: u.models.filter((m) => positions[m.id]).map((m) => ({ ...m, position: positions[m.id], ...(s.positions[m.id] ? { elevation: undefined } : {}) })) }))
      .filter((u) => u.models.length > 0);
    for (const u of t.units) for (const m of u.models) if (m.elevation === undefined) delete m.elevation;
    // Objectives placed during the battle (Spied Treasure): 40 mm markers.
    const added = s.ascension?.addedObjectives ?? [];
    if (added.length) t.objectives = [...(t.objectives ?? []), ...added.map((o) => ({ id: o.id, position: [o.at[0], o.at[1]] as [number, number], diameterMm: Math.round(o.diameterInches * 25.4 * 1000) / 1000 }))];
    return t;
  }

  /**
   * Answers a scenario query (SCENARIO.md: distance, visible, inCombat, coherent, within,
   * whollyWithin, contests, movePath, shortestPath, damage) on the game's own World at the current
   * positions: the measuring tools during a game, so they can never disagree with the rules.
   * The table is validated once per state (see {@link checkedTable}); the query is validated
   * against it. Problems (a bad query, a model not on the game's table) are data, never thrown.
   */
  query(q: unknown): GameQueryAnswer {
    if (!this.opened) return { ok: false, problems: ['no game loaded'] };
    this.port!.sync(portView(this.current));
    return this.answerOne(q);
  }

  /**
   * The shortest legal paths of several models at once (issue 28: a whole unit dropped in the Play
   * mode): one call, one sync of the World and one validated table for all of them, each model's
   * path searched on the same World (its terrain's surface grid shared). Core 15.0-15.4 as the
   * `shortestPath` query (SCENARIO.md extension, `src/geometry/shortestMovePath.ts`).
   * @param goals - model id → where its centre should end (plan view, inches).
   * @param options - as the `shortestPath` query's: `ignoreUnit` (the model's unit-mates are not
   *   obstacles), `avoidCombat` (keep out of the other armies' combat ranges, Core 14.1), `fly`.
   * @returns per model id, exactly what `query({id: modelId, kind: 'shortestPath', model: modelId,
   *   to, ...options})` answers (a path and its cost, or `value: null` and why, or the query's
   *   problems); `{ok: false, problems}` only when there is no game or `goals` is not an object.
   */
  shortestPaths(goals: Record<string, readonly [number, number]>, options: ShortestPathsOptions = {}): ShortestPathsResult {
    if (!this.opened) return { ok: false, problems: ['no game loaded'] };
    if (typeof goals !== 'object' || goals === null || Array.isArray(goals)) return { ok: false, problems: ['goals: expected an object of model id → [x, y]'] };
    const extra: ShortestPathsOptions = {};
    if (options && typeof options === 'object') {
      for (const k of ['fly', 'ignoreUnit', 'avoidCombat'] as const) if (options[k] !== undefined) extra[k] = options[k];
    }
    this.port!.sync(portView(this.current));
    const answers: Record<string, GameQueryAnswer> = {};
    for (const [model, to] of Object.entries(goals)) answers[model] = this.answerOne({ id: model, kind: 'shortestPath', model, to, ...extra });
    return { ok: true, answers };
  }

  /** Validates one query against the table at the current state's positions and answers it (the World already synced). */
  private answerOne(q: unknown): GameQueryAnswer {
    const t = this.validTable();
    if (!t.ok) return t;
    const v = parseQueries(t.scenario, [q]);
    if (!v.ok) return v;
    try {
      return { ok: true, answer: answerQuery(this.opened!.world, t.scenario, v.queries[0]) };
    } catch (e) {
      // A model shown but not on the game's table (a unit waiting to be deployed) is not measured.
      return { ok: false, problems: [`${(e as Error).message}`] };
    }
  }

  /** The game's table at the current positions, validated (SCENARIO.md) once per state. */
  private validTable(): ParseResult {
    const state = this.current;
    const c = this.checkedTable;
    if (c && c.state === state && c.opened === this.opened) return c.table;
    const table = parseScenario(this.tableScenario()!);
    this.checkedTable = { state, opened: this.opened!, table };
    return table;
  }

  /** Whether a game is loaded. */
  hasGame(): boolean {
    return this.states.length > 0;
  }

  private get current(): GameState {
    const s = this.states[this.states.length - 1];
    if (!s) throw new Error('no game: call newGame or load first');
    return s;
  }

  /**
   * Applies one action. Rejections are data: `{ok: false, reason, rule}`. After an accepted action,
   * while a reactions window is open (an attack's, or a spell waiting for an unbind) and the player
   * to react has no reaction the engine would accept (see {@link reactionPossible}), `pass` is
   * applied for them (issue 18): each automatic pass is an ordinary accepted action of the log (a
   * saved game and its replay hold it), and the result holds the lines, dice and events of the
   * action and of its automatic passes. Undo takes them back together.
   */
  act(action: unknown): ActResult {
    if (!this.port || this.states.length === 0) return { ok: false, reason: 'no game loaded', rule: 'Engine: no game' };
    const r = this.apply(action);
    if (!r.ok) return r;
    if (this.autoPass) {
      for (let i = 0; i < 8; i++) {
        const who = this.toReact(this.current);
        if (!who || this.reactionPossible(this.current, who)) break;
        const p = this.apply({ type: 'pass', player: who }, true);
        if (!p.ok) break;
        r.events.push(...p.events);
        r.lines.push(...p.lines);
        r.rolls.push(...p.rolls);
        r.steps.push(...p.steps);
        r.summary = p.summary;
      }
    }
    // A new action leaves the replay (the game branches from here, or goes on after its end).
    if (this.replayQueue) {
      this.replayQueue = null;
      this.replayIndex = 0;
    }
    return r;
  }

  /**
   * Who may react in the open reactions window: the attack's `toReact`, or the caster's opponent
   * while a spell waits for an unbind; null when no window is open.
   */
  private toReact(s: GameState): PlayerId | null {
    if (s.stage !== 'turn') return null;
    if (s.pendingAttack) return s.pendingAttack.toReact;
    if (s.pendingSpell) return opponentOf(s.pendingSpell.player);
    return null;
  }

  /**
   * Whether `player` has a reaction the engine would accept in the open window: in an attack's
   * window, All-out Attack or All-out Defence (the commands whose reaction is "an ATTACK ability was
   * declared") on any of their units; while a spell waits, an Unbind by any of their units (other
   * commands the engine accepts meanwhile, e.g. Rally in any hero phase, stay usable after it).
   * Each candidate is tried with `reduce`: the same state gives the same answer, so a replay of the
   * log meets the same automatic passes as the game did.
   */
  private reactionPossible(s: GameState, player: PlayerId): boolean {
    const mine = Object.values(s.units).filter((u) => u.owner === player && u.slain.length < rosterEntry(s, u.id)!.models.length && u.status === undefined);
    const ok = (a: Action) => reduce(s, a, this.port!).ok;
    for (const u of mine) {
      if (s.pendingSpell && ok({ type: 'unbind', player, unitId: u.id })) return true;
      if (s.pendingAttack) for (const c of REACTIONS_TO_ATTACKS) if (ok({ type: 'command', player, command: c, unitId: u.id })) return true;
    }
    return false;
  }

  /** The battle-log line of an automatic pass (it replaces "p2 passes"). */
  private autoPassLine(s: GameState, player: PlayerId): string {
    const why = s.pendingSpell ? `no WIZARD able to unbind ${SPELLS[s.pendingSpell.spell]?.name ?? s.pendingSpell.spell}` : s.players[player].cp <= 0 ? 'no command points for a reaction' : 'no reaction it can use';
    const then = s.pendingSpell ? 'the spell takes effect' : s.pendingAttack && s.pendingAttack.passes >= 1 ? 'the attacks are made' : `${opponentOf(player)} may react`;
    return `${player} cannot react (${why}): passed automatically, ${then}`;
  }

  private apply(action: unknown, auto = false): ActResult {
    const before = this.current;
    const r = reduce(before, action, this.port!);
    if (!r.ok) return { ok: false, reason: this.words(r.reason), rule: r.rule };
    const seq = this.states.length - 1;
    const newLog = r.state.log.slice(before.log.length);
    // Names, not ids, in every line a player reads (issue 28).
    const dict = this.dictionary(r.state);
    const lines = describe(seq, newLog, r.events as GameEvent[], r.state).map((l) => ({ ...l, text: playerWords(l.text, dict) }));
    // A pass with no reaction possible (applied by act, or replayed from the log) reads as such.
    const a = action as Action;
    const isAuto = auto || (a.type === 'pass' && this.autoPass && !this.reactionPossible(before, a.player));
    if (isAuto) {
      const text = this.autoPassLine(before, a.player as PlayerId);
      for (const l of lines) if (l.kind === 'action' || (l.kind === 'event' && l.text === `${a.player} passes`)) l.text = text;
      const seen = new Set<string>();
      lines.splice(0, lines.length, ...lines.filter((l) => (l.text === text ? !seen.has(text) && (seen.add(text), true) : true)));
    }
    this.autoFlags.push(isAuto);
    this.states.push(r.state);
    this.lines.push(...lines);
    this.lineCounts.push(this.lines.length);
    const rolls = newLog.flatMap((e) => (e.kind === 'roll' ? [...e.dice] : []));
    const steps = diceSteps(seq, newLog, r.events as GameEvent[], r.state);
    return { ok: true, summary: this.summary(), events: r.events as GameEvent[], lines, rolls, steps };
  }

  /** Why the last action can (not) be undone. */
  canUndo(): { ok: true } | { ok: false; reason: string } {
    if (this.states.length < 2) return { ok: false, reason: 'nothing to undo' };
    const s = this.current;
    const lastAction = s.log.map((e) => e.kind).lastIndexOf('action');
    const rolled = s.log.slice(lastAction + 1).some((e) => e.kind === 'roll');
    if (rolled) return { ok: false, reason: 'the last action rolled dice: its result is known and cannot be taken back' };
    return { ok: true };
  }

  /** Takes back the last action when it rolled no dice. */
  undo(): { ok: true; summary: GameSummary; undone: Action } | { ok: false; reason: string } {
    const can = this.canUndo();
    if (!can.ok) return can;
    // Automatic passes go back with the action that opened their window.
    let undone: Action;
    for (;;) {
      undone = loggedActions(this.current).at(-1)!;
      const wasAuto = this.autoFlags.pop() ?? false;
      this.states.pop();
      this.lineCounts.pop();
      this.lines.length = this.lineCounts[this.lineCounts.length - 1];
      if (this.replayQueue) this.replayIndex = Math.max(0, this.replayIndex - 1);
      if (!wasAuto || this.states.length < 2) break;
    }
    // The port is synced to the state at the start of every reduce: nothing else to restore.
    return { ok: true, summary: this.summary(), undone };
  }

  /** The whole game in the saved-game format (`sightline-game/2`: set-up, table, accepted actions). */
  save(): SavedGameV2 {
    if (!this.setup) throw new Error('no game loaded');
    return { ...structuredClone(this.setup), actions: loggedActions(this.current) as unknown[] };
  }

  /**
   * Loads a saved game: replays every action (or, with `replay: true`, stops at the start and
   * keeps the actions for {@link replayStep}). On failure the current game stays.
   */
  async load(json: unknown, options: { replay?: boolean } = {}): Promise<StartResult> {
    const parsed = upgradeSavedGame(json);
    if (!parsed.ok) return parsed;
    const saved = parsed.saved;
    const keep = { setup: this.setup, port: this.port, opened: this.opened, states: this.states, autoFlags: this.autoFlags, lines: this.lines, lineCounts: this.lineCounts, q: this.replayQueue, qi: this.replayIndex };
    const restore = () => {
      this.setup = keep.setup;
      this.port = keep.port;
      this.opened = keep.opened;
      this.states = keep.states;
      this.autoFlags = keep.autoFlags;
      this.lines = keep.lines;
      this.lineCounts = keep.lineCounts;
      this.replayQueue = keep.q;
      this.replayIndex = keep.qi;
    };
    const { actions, ...setup } = saved;
    const r = await this.start(setup);
    if (!r.ok) {
      restore();
      return r;
    }
    if (options.replay) {
      this.replayQueue = [...actions];
      this.replayIndex = 0;
      return { ok: true, summary: this.summary() };
    }
    for (let i = 0; i < actions.length; i++) {
      const a = this.apply(actions[i]);
      if (!a.ok) {
        restore();
        return { ok: false, problems: [`actions[${i}]: rejected: ${a.reason} (${a.rule})`] };
      }
    }
    return { ok: true, summary: this.summary() };
  }

  /** Applies the next action of the replay started by `load(saved, {replay: true})`. */
  replayStep(): ActResult & { index?: number; total?: number } {
    const q = this.replayQueue;
    if (!q) return { ok: false, reason: 'no replay in progress (load a saved game for replay first)', rule: 'Engine: replay' };
    if (this.replayIndex >= q.length) return { ok: false, reason: 'the replay is at its last action', rule: 'Engine: replay' };
    const r = this.apply(q[this.replayIndex]);
    if (!r.ok) return { ok: false, reason: `action ${this.replayIndex} of the saved game was rejected: ${r.reason}`, rule: r.rule };
    this.replayIndex++;
    return { ...r, summary: this.summary(), index: this.replayIndex, total: q.length };
  }

  /** Steps the replay one action back (see {@link replayTo}). */
  replayBack(): ReturnType<GameSession['replayTo']> {
    if (this.replayQueue && this.replayIndex === 0) return { ok: false, reason: 'the replay is at its start', rule: 'Engine: replay' };
    return this.replayTo(this.replayIndex - 1);
  }

  /**
   * Moves the replay to step `index` (0 = the start, `total` = every action applied), forwards or
   * backwards. Backwards, the game goes back to the state reached by replaying the first `index`
   * actions of the log (the states of that prefix are kept as they were replayed, so this is the
   * same state, and the same hash, as a fresh replay of the prefix); the battle log is cut to it.
   */
  replayTo(index: number): { ok: true; summary: GameSummary; index: number; total: number; lines: LogLine[]; steps: DiceStep[] } | { ok: false; reason: string; rule: string } {
    const q = this.replayQueue;
    if (!q) return { ok: false, reason: 'no replay in progress (load a saved game for replay first)', rule: 'Engine: replay' };
    if (!Number.isInteger(index) || index < 0 || index > q.length) return { ok: false, reason: `step ${index} is outside the replay (0-${q.length})`, rule: 'Engine: replay' };
    let lines: LogLine[] = [];
    let steps: DiceStep[] = [];
    if (index < this.replayIndex) {
      // The states of the prefix were produced by replaying it from the set-up: drop the later ones.
      // (Actions applied before the replay started are never part of it: the replay starts at 0.)
      this.states.length = index + 1;
      this.autoFlags.length = index;
      this.lineCounts.length = index + 1;
      this.lines.length = this.lineCounts[index];
      this.replayIndex = index;
    }
    while (this.replayIndex < index) {
      const r = this.replayStep();
      if (!r.ok) return r;
      lines = r.lines;
      steps = r.steps;
    }
    return { ok: true, summary: this.summary(), index: this.replayIndex, total: q.length, lines, steps };
  }

  /** Everything a fresh worker needs to rebuild this game exactly (see {@link restore}). */
  snapshot(): GameSnapshot | null {
    if (!this.setup) return null;
    return { saved: this.save(), replay: this.replayQueue ? { actions: [...this.replayQueue], index: this.replayIndex } : null };
  }

  /** Rebuilds a game from {@link snapshot} (a replay resumes at the same step). */
  async restore(snap: GameSnapshot): Promise<StartResult> {
    if (snap.replay) {
      const r = await this.load({ ...snap.saved, actions: snap.replay.actions }, { replay: true });
      if (!r.ok) return r;
      const t = this.replayTo(snap.replay.index);
      return t.ok ? { ok: true, summary: t.summary } : { ok: false, problems: [t.reason] };
    }
    return this.load(snap.saved);
  }

  /** `stateHash` of the current state. */
  hash(): string {
    return stateHash(this.current);
  }

  /** The full engine state (plain JSON). */
  state(): GameState {
    return this.current;
  }

  /** The battle log (every line since the start, or from line `from`). */
  log(from = 0): LogLine[] {
    return this.lines.slice(from);
  }

  /**
   * Units that moved (a `move` action other than a charge) or shot (a `shoot` action) in the
   * current turn: the accepted actions since the state last changed battle round, active player or
   * stage (`states[i]` is the state after `i` actions, the log's `i`-th action led to it).
   */
  private turnActs(): { moved: Set<string>; shot: Set<string> } {
    const moved = new Set<string>();
    const shot = new Set<string>();
    const n = this.states.length - 1;
    const cur = this.current;
    const acts = loggedActions(cur);
    for (let i = n; i >= 1; i--) {
      const before = this.states[i - 1];
      if (before.round !== cur.round || before.active !== cur.active || before.stage !== cur.stage) break;
      const a = acts[acts.length - (n - i) - 1];
      if (!a) break;
      if (a.type === 'move' && a.kind !== 'charge') moved.add(a.unitId);
      if (a.type === 'shoot') shot.add(a.unitId);
    }
    return { moved, shot };
  }

  /** The summary of the current state. */
  summary(): GameSummary {
    const s = this.current;
    const { moved, shot } = this.turnActs();
    if (this.port) this.port.sync(portView(s));
    const units: UnitSummary[] = Object.values(s.units).map((u) => {
      const ru = rosterEntry(s, u.id)!;
      return {
        id: u.id,
        name: ru.name,
        owner: u.owner,
        models: ru.models.length,
        alive: ru.models.length - u.slain.length,
        health: ru.warscroll.health,
        damage: u.damage,
        keywords: [...ru.warscroll.keywords],
        usedRun: u.turn.usedRun,
        charged: u.turn.charged,
        fought: u.turn.fought,
        move: knownMove(s, u.id),
        ...(typeof ru.warscroll.move === 'string' ? { moveRandom: ru.warscroll.move } : {}),
        moved: moved.has(u.id),
        shot: shot.has(u.id),
        inCombat: !!this.port && u.status === undefined && u.slain.length < ru.models.length && inCombat(s, this.port, u.id),
        runRoll: u.turn.runRoll,
        chargeRoll: u.turn.chargeRoll,
        ranges: ru.weapons.flatMap((w) => (w.range === 'melee' ? [] : [{ weapon: w.name, range: w.range }])),
        pendingMove: u.turn.pendingMove ? { ...u.turn.pendingMove } : null,
        effects: s.effects.filter((e) => e.unitId === u.id).map((e) => e.kind),
        deployed: u.status !== 'undeployed' && u.status !== 'reserve',
        reserve: u.status === 'reserve',
        aliveModelIds: ru.models.map((m) => m.id).filter((id) => !u.slain.includes(id)),
        slainPriority: u.slainPriority.filter((id) => !u.slain.includes(id)),
      };
    });
    const { positions, removed, addedObjectives } = this.board(s);
    const asc = ascensionSummary(s);
    const pa = s.pendingAttack;
    // Whose pick it is in the combat phase (asked of the engine once: it measures who is in combat).
    const combatPicker = s.phase === 'combat' ? this.picker(s) : null;
    const toAct: PlayerId | null =
      s.stage === 'ended' ? null : s.stage === 'deployment' && s.deployment ? s.deployment.toDeploy : s.stage === 'firstTurn' ? s.decider : s.pendingRally ? s.units[s.pendingRally.unitId].owner : pa ? pa.toReact : s.pendingSpell ? opponentOf(s.pendingSpell.player) : s.phase === 'combat' && s.combat ? combatPicker ?? s.active : s.active;
    return {
      round: s.round,
      battleRounds: s.battleplan.battleRounds,
      battleplan: s.battleplan.name,
      stage: s.stage,
      phase: s.phase,
      active: s.active,
      decider: s.decider,
      firstPlayer: s.firstPlayer,
      cp: { p1: s.players.p1.cp, p2: s.players.p2.cp },
      vp: { p1: s.players.p1.vp, p2: s.players.p2.vp },
      armies: { p1: s.players.p1.roster.name, p2: s.players.p2.roster.name },
      factions: { p1: s.players.p1.roster.faction, p2: s.players.p2.roster.faction },
      objectives: { ...s.objectives },
      winner: s.winner,
      pendingAttack: pa ? { kind: pa.kind, player: pa.player, unitId: pa.unitId, targets: [...new Set(pa.assignments.map((x) => x.target))], toReact: pa.toReact, passes: pa.passes } : null,
      pendingSpell: s.pendingSpell ? { ...s.pendingSpell } : null,
      pendingRally: s.pendingRally ? { ...s.pendingRally, player: s.units[s.pendingRally.unitId].owner } : null,
      combatPicker,
      deployment:
        s.stage === 'deployment' && s.deployment
          ? { step: s.deployment.step, toDeploy: s.deployment.toDeploy, regiment: s.deployment.regiment ? structuredClone(s.deployment.regiment) : null, done: { ...s.deployment.done }, finishedFirst: s.deployment.finishedFirst, territories: s.territories ? { ...s.territories } : null }
          : null,
      toAct,
      actions: this.states.length - 1,
      hash: stateHash(s),
      undo: this.canUndo(),
      replay: this.replayQueue ? { index: this.replayIndex, total: this.replayQueue.length } : null,
      units,
      board: { positions, removed, addedObjectives },
      ...(asc ? { ascension: asc } : {}),
    };
  }

  /** Whose pick it is to fight (Core 13.1), as the engine decides it. */
  private picker(s: GameState): PlayerId | null {
    if (s.phase !== 'combat' || !s.combat) return null;
    this.port!.sync(portView(s));
    return currentPicker({ s: structuredClone(s), port: this.port!, events: [] });
  }

  /**
   * What `unitId` may do now: every candidate action tried with `reduce` (never changing the game).
   * `general` holds the player-level actions of the player expected to act (end phase, pass,
   * first turn, battle tactics).
   */
  options(unitId: string): OptionsResult {
    if (!this.port || this.states.length === 0) return { ok: false, reason: 'no game loaded' };
    const s = this.current;
    const u = s.units[unitId];
    if (!u) return { ok: false, reason: `unknown unit "${unitId}"` };
    const p = u.owner;
    const ru = rosterEntry(s, unitId)!;
    const enemies = Object.values(s.units).filter((e) => e.owner !== p && e.slain.length < rosterEntry(s, e.id)!.models.length);
    const friends = Object.values(s.units).filter((e) => e.owner === p && e.slain.length < rosterEntry(s, e.id)!.models.length);
    const name = (id: string) => rosterEntry(s, id)?.name ?? id;
    const entries: OptionEntry[] = [];
    const probe = (group: string, label: string, rule: string, action: Action, extra: Partial<OptionEntry> = {}) => {
      const r = reduce(s, action, this.port!);
      entries.push({ group, label, rule, action, available: r.ok, ...(r.ok ? {} : { reason: r.reason, rejectedBy: r.rule }), ...extra });
      return r;
    };
    if (s.stage === 'deployment') {
      // DEPLOY (Core 10.1): drag the unit where it is set up, or deploy it where it is shown.
      const here = this.board(s).positions;
      const positions = Object.fromEntries(ru.models.map((m) => [m.id, here[m.id]]).filter(([, v]) => v));
      if (u.status === 'undeployed') {
        probe('deploy', 'Deploy the unit (drag it within your territory)', 'Core 10.1', { type: 'deployUnit', player: p, unitId, positions }, { drag: true });
        probe('deployHere', 'Deploy the unit where it is shown', 'Core 10.1', { type: 'deployUnit', player: p, unitId, positions });
      } else entries.push({ group: 'deploy', label: 'Deployed', rule: 'Core 10.1', action: { type: 'endDeployment', player: p }, available: false, reason: 'this unit has been deployed', rejectedBy: 'Core 10.1' });
      // Hunter's Eye is a Deployment Phase ability (Ascension › Path of the Hunter).
      ascensionUnitOptions(s, this.port, unitId, probe);
      return this.optionsInWords({ ok: true as const, unitId, player: p, entries, general: this.general() });
    }
    if (u.status === 'reserve') {
      // SET UP FROM RESERVE (Core 24.1): drag the unit in, in your movement phase of rounds 1-3.
      const here = this.board(s).positions;
      const positions = Object.fromEntries(ru.models.map((m) => [m.id, here[m.id] ?? [...this.placement[m.id]]]));
      probe('reserve', 'Set up from reserve (drag the unit onto the battlefield)', 'Core 24.1', { type: 'setUpReserve', player: p, unitId, positions }, { drag: true });
      return this.optionsInWords({ ok: true as const, unitId, player: p, entries, general: this.general() });
    }
    const pending = u.turn.pendingMove;
    // A random Move (Core 26.0) is rolled when the unit is picked to move; then the allowance is known.
    const randomMove = ru.warscroll.move;
    if (typeof randomMove === 'string') {
      if (u.turn.moveRoll === undefined) probe('rollMove', `Pick to move: roll its Move (${randomMove}")`, 'Core 26.0', { type: 'rollMove', player: p, unitId });
    }
    probe('move', typeof randomMove === 'string' && u.turn.moveRoll !== undefined ? `Normal Move, up to ${u.turn.moveRoll}" (drag the unit)` : 'Normal Move (drag the unit)', 'Core 14.1', { type: 'move', player: p, unitId, kind: 'normal', paths: {} }, { drag: true });
    if (pending) {
      entries.push({ group: 'move', label: `Make the ${pending.kind} move, up to ${pending.maxInches}" (drag the unit)`, rule: MOVE_RULES[pending.kind], action: { type: 'move', player: p, unitId, kind: pending.kind, paths: {} }, available: true, drag: true });
    }
    probe('run', 'Run (D6)', 'Core 14.1', { type: 'run', player: p, unitId });
    probe('run', COMMAND_LABELS.atTheDouble, 'Commands 3.0', { type: 'run', player: p, unitId, atTheDouble: true });
    probe('retreat', 'Retreat (D3 mortal)', 'Core 14.1', { type: 'retreat', player: p, unitId });
    probe('charge', 'Charge (2D6)', 'Core 14.3', { type: 'charge', player: p, unitId });
    for (const [c, def] of Object.entries(COMMANDS)) {
      if (c === 'atTheDouble') continue;
      probe(`command:${c}`, commandLabel(c), def.rule, { type: 'command', player: p, command: c as 'rally', unitId });
    }
    if (ru.weapons.some((w) => w.range !== 'melee')) {
      for (const e of enemies) probe('shoot', `Shoot → ${name(e.id)}`, 'Core 16.0', { type: 'shoot', player: p, unitId, target: e.id }, { target: e.id });
    }
    for (const e of enemies) probe('fight', `Fight → ${name(e.id)}`, 'Core 19.0', { type: 'fight', player: p, unitId, target: e.id }, { target: e.id });
    // Alternative weapon profiles (issue 28): one entry per profile and target, with its expected damage.
    for (const kind of ['shoot', 'fight'] as const) {
      for (const e of enemies) {
        for (const c of profileChoices(s, unitId, e.id, kind)) {
          const label = `${kind === 'shoot' ? 'Shoot' : 'Fight'} → ${name(e.id)} with ${c.profile} (expected damage ${c.expectedDamage.toFixed(1)}${c.isDefault ? ', the default' : ''})`;
          probe(`${kind}Profile`, label, kind === 'shoot' ? 'Core 16.0' : 'Core 19.0', { type: kind, player: p, unitId, target: e.id, weaponTargets: { [c.profile]: e.id } }, { target: e.id, profile: c.profile, expectedDamage: c.expectedDamage });
        }
      }
    }
    if (u.turn.charged) probe('fight', 'Fight (pile in only)', 'Core 19.0', { type: 'fight', player: p, unitId });
    if (s.phase === 'combat') {
      // Pile-in moves are made by dragging the unit (the drop declares the Fight with its pile-in).
      for (const e of enemies) {
        probe('pileIn', `Pile in (drag the unit, up to 3") and fight → ${name(e.id)}`, 'Core 15.3', { type: 'fight', player: p, unitId, target: e.id, pileIn: { target: e.id, paths: {} } }, { drag: true, target: e.id });
      }
      if (u.turn.charged) probe('pileIn', 'Pile in (drag the unit, up to 3")', 'Core 15.3', { type: 'fight', player: p, unitId, pileIn: { paths: {} } }, { drag: true });
    }
    for (const spell of ru.warscroll.spells ?? []) {
      const def = SPELLS[spell];
      if (!def) continue;
      // A spell with no target (Arcane Conduit) is one option; a point (Sunder the Earth) is picked on the table, not offered here.
      if (def.target === 'none') probe(`cast:${spell}`, `Cast ${def.name}`, 'Magic 2.0', { type: 'cast', player: p, unitId, spell });
      if (def.target !== 'friendly' && def.target !== 'enemy') continue;
      for (const t of def.target === 'friendly' ? friends : enemies) {
        probe(`cast:${spell}`, `Cast ${def.name} → ${name(t.id)}`, 'Magic 2.0', { type: 'cast', player: p, unitId, spell, target: t.id }, { target: t.id });
      }
    }
    if (s.pendingSpell) probe('unbind', 'Unbind', 'Magic 4.0', { type: 'unbind', player: p, unitId });
    probe('placeOfPower', 'Activate Place of Power', 'Terrain 1.2', { type: 'activatePlaceOfPower', player: p, unitId });
    ascensionUnitOptions(s, this.port, unitId, probe);
    return this.optionsInWords({ ok: true as const, unitId, player: p, entries, general: this.general() });
  }

  /** Player-level actions of the player expected to act now. */
  private general(): OptionEntry[] {
    const s = this.current;
    const out: OptionEntry[] = [];
    const probe = (group: string, label: string, rule: string, action: Action, extra: Partial<OptionEntry> = {}) => {
      const r = reduce(s, action, this.port!);
      out.push({ group, label, rule, action, available: r.ok, ...(r.ok ? {} : { reason: r.reason, rejectedBy: r.rule }), ...extra });
      return r;
    };
    if (s.stage === 'ended') return out;
    if (s.stage === 'deployment' && s.deployment) {
      const d = s.deployment;
      const p = d.toDeploy;
      for (const t of d.factionTerrain[p] ?? []) probe('deployTerrain', `${p}: Deploy Faction Terrain ${t}`, 'Core 10.1', { type: 'deployTerrain', player: p, terrainId: t });
      if (d.step === 'units' && d.regiment === null) {
        for (const r of s.players[p].roster.regiments) {
          const ids = [r.leader, ...r.units];
          if (ids.every((id) => s.units[id]?.status === 'undeployed')) probe('deployRegiment', `${p}: Deploy Regiment of ${unitName(s, r.leader)} (${ids.length} units, one after the other)`, 'Core 10.1', { type: 'deployRegiment', player: p, leader: r.leader });
        }
      }
      probe('endDeployment', `${p}: finish deploying (units left stay off the battlefield)`, 'Core 10.0', { type: 'endDeployment', player: p });
      return out;
    }
    if (s.stage === 'firstTurn') {
      for (const f of PLAYERS) probe('firstTurn', `${s.decider} chooses: ${f} takes the first turn`, 'Core 12.0', { type: 'chooseFirstTurn', player: s.decider, first: f });
      return out;
    }
    if (s.pendingRally) {
      const pr = s.pendingRally;
      probe('spendRally', `Spend ${pr.points} rally point(s) on healing`, 'Commands 2.0', { type: 'spendRally', player: s.units[pr.unitId].owner, heal: pr.points, returnModels: 0 });
      return out;
    }
    if (s.pendingAttack) {
      probe('pass', `${s.pendingAttack.toReact} passes (no reaction)`, 'Core 5.2', { type: 'pass', player: s.pendingAttack.toReact });
      const pa = s.pendingAttack;
      probe('reaction', 'All-out Attack (1 CP, +1 to hit)', 'Commands 6.0', { type: 'command', player: pa.player, command: 'allOutAttack', unitId: pa.unitId });
      for (const t of new Set(pa.assignments.map((x) => x.target))) {
        probe('reaction', `All-out Defence on ${t} (1 CP, +1 save)`, 'Commands 7.0', { type: 'command', player: opponentOf(pa.player), command: 'allOutDefence', unitId: t });
      }
      return out;
    }
    if (s.pendingSpell) {
      probe('pass', `${opponentOf(s.pendingSpell.player)} does not unbind`, 'Magic 4.0', { type: 'pass', player: opponentOf(s.pendingSpell.player) });
      return out;
    }
    const a = s.active as PlayerId;
    // A Path to Glory battle's twist pick and withdrawing: offered only when the engine takes them.
    ascensionGeneralOptions(s, this.port!, (group, label, rule, action, extra) => {
      const r = reduce(s, action, this.port!);
      if (r.ok) out.push({ group, label, rule, action, available: true, ...extra });
      return r;
    });
    probe('endPhase', END_PHASE_LABELS[s.phase ?? ''] ?? `End the ${PHASE_NAMES[s.phase ?? ''] ?? s.phase}`, 'Core 13.0', { type: 'endPhase', player: a });
    if (s.phase === 'startOfTurn') {
      for (const t of TACTICS) {
        if (t === 'slayTheEntourage') {
          const enemy = s.players[opponentOf(a)].roster;
          probe('tactic', `Battle tactic: Slay the Entourage (${enemy.general})`, 'BattleTactics 2.0', { type: 'tacticalGambit', player: a, tactic: t, unitId: enemy.general });
        } else probe('tactic', `Battle tactic: ${t === 'doNotWaver' ? 'Do Not Waver' : 'Attack on Two Fronts'}`, 'BattleTactics 2.0', { type: 'tacticalGambit', player: a, tactic: t });
      }
    }
    return out;
  }

  /** Options of the general (player-level) actions only. */
  generalOptions(): OptionEntry[] {
    if (!this.port || this.states.length === 0) return [];
    return this.optionsInWords({ ok: true as const, unitId: "", player: "p1" as const, entries: [], general: this.general() }).general;
  }

  /** The id → words dictionary of a state of this game (units, models, spells, commands, tactics, terrain). */
  private dictionary(s: GameState = this.current): Map<string, string> {
    const t = this.setup?.table?.scenario as TableNames | undefined;
    return playerDictionary(s, { terrain: t?.terrain ?? [], objectives: t?.objectives ?? [] });
  }

  /** A text a player reads, with names instead of ids (issue 28). */
  private words(text: string): string {
    return playerWords(text, this.dictionary());
  }

  /** Options with names instead of ids in their labels and refusals (issue 28). */
  private optionsInWords<T extends { entries: OptionEntry[]; general: OptionEntry[] }>(r: T): T {
    const d = this.dictionary();
    const fix = (e: OptionEntry): OptionEntry => ({ ...e, label: playerWords(e.label, d), ...(e.reason !== undefined ? { reason: playerWords(e.reason, d) } : {}) });
    return { ...r, entries: r.entries.map(fix), general: r.general.map(fix) };
  }

  /**
   * Expected damage (computeDamage, exact distribution) of `unitId`'s weapons of the current kind
   * (shooting phase: ranged; otherwise melee) on `targetId`, with the models alive now. Range and
   * visibility are the engine's to check on commit; Champion +1 attack and Cover are not included.
   */
  expectedDamage(unitId: string, targetId: string, kind?: 'shoot' | 'fight'): ExpectedDamage {
    if (this.states.length === 0) return { ok: false, reason: 'no game loaded' };
    const s = this.current;
    const a = s.units[unitId];
    const t = s.units[targetId];
    if (!a || !t) return { ok: false, reason: 'unknown unit' };
    const k = kind ?? (s.phase === 'shooting' ? 'shoot' : 'fight');
    const aru = rosterEntry(s, unitId)!;
    const tru = rosterEntry(s, targetId)!;
    const aliveA = aru.models.filter((m) => !a.slain.includes(m.id));
    const aliveT = tru.models.length - t.slain.length;
    if (aliveA.length === 0 || aliveT === 0) return { ok: false, reason: 'a unit has been destroyed' };
    const hasEffect = (kindE: string, id: string) => s.effects.some((e) => e.kind === kindE && e.unitId === id);
    const ward = Math.min(tru.warscroll.ward ?? 7, ...s.effects.filter((e) => e.kind === 'ward' && e.unitId === targetId).map((e) => e.value ?? 7));
    const target: DamageTarget = {
      save: tru.warscroll.save ?? '-',
      ...(ward <= 6 ? { ward } : {}),
      health: tru.warscroll.health,
      models: aliveT,
      keywords: [...tru.warscroll.keywords],
      charged: t.turn.charged,
      ...(hasEffect('allOutDefence', targetId) ? { modifiers: { save: 1 } } : {}),
    };
    const weapons: { weapon: string; models: number; value: number; slain: number }[] = [];
    for (const w of aru.weapons.filter((x) => (k === 'shoot' ? x.range !== 'melee' : x.range === 'melee'))) {
      const models = aliveA.filter((m) => !m.weapons || m.weapons.includes(w.name)).length;
      if (models === 0) continue;
      const attacker: DamageAttacker = {
        models,
        weapon: { attacks: w.attacks, hit: w.hit, wound: w.wound, rend: w.rend, damage: w.damage, abilities: w.abilities },
        charged: a.turn.charged,
        ...(hasEffect('allOutAttack', unitId) ? { modifiers: { hit: 1 } } : {}),
      };
      try {
        const r = computeDamage(attacker, target);
        weapons.push({ weapon: w.name, models, value: r.value, slain: r.slain });
      } catch (e) {
        return { ok: false, reason: `${w.name}: ${(e as Error).message}` };
      }
    }
    // Alternative profiles (issue 28): only the one the declaration picks by default counts.
    const notPicked = new Set(profileChoices(s, unitId, targetId, k).filter((c) => !c.isDefault).map((c) => c.profile));
    weapons.splice(0, weapons.length, ...weapons.filter((w) => !notPicked.has(w.weapon)));
    if (weapons.length === 0) return { ok: false, reason: `"${aru.name}" has no ${k === 'shoot' ? 'ranged' : 'melee'} weapons` };
    return {
      ok: true,
      kind: k,
      weapons,
      value: weapons.reduce((x, y) => x + y.value, 0),
      slain: Math.min(aliveT, weapons.reduce((x, y) => x + y.slain, 0)),
      notes: ['per weapon, all alive models armed with it; not counted: Champion +1 Attack, Cover, Guarded Hero, range/visibility (checked on commit)'],
    };
  }
}

/** The button label of every command (a Record over COMMANDS: a new command cannot go unlabelled). */
const COMMAND_LABELS: Record<keyof typeof COMMANDS, string> = {
  rally: 'Rally (1 CP)',
  magicalIntervention: 'Magical Intervention (1 CP, cast or chant at −1)',
  redeploy: 'Redeploy (1 CP, D6")',
  atTheDouble: 'At the Double (1 CP, +6")',
  forwardToVictory: 'Forward to Victory (1 CP, re-roll charge)',
  allOutAttack: 'All-out Attack (1 CP, +1 to hit)',
  allOutDefence: 'All-out Defence (1 CP, +1 save)',
  coveringFire: 'Covering Fire (1 CP, shoot at −1 to hit)',
  counterCharge: 'Counter-charge (2 CP, charge now)',
  powerThrough: 'Power Through (1 CP, D3 mortal)',
};

function commandLabel(c: string): string {
  return COMMAND_LABELS[c as keyof typeof COMMANDS] ?? c;
}

function unitName(s: GameState, id: string): string {
  const u = s.units[id];
  if (!u) return id;
  return rosterEntry(s, id)?.name ?? id;
}

function actionText(s: GameState, a: Action): string {
  const n = (id: string) => unitName(s, id);
  switch (a.type) {
    case 'chooseFirstTurn':
      return `${a.player} chooses ${a.first} to take the first turn`;
    case 'endPhase':
      return `${a.player} ends the phase`;
    case 'chooseContestedObjective':
      return `${n(a.unitId)} contests ${a.objectiveId}`;
    case 'run':
      return `${n(a.unitId)} ${a.atTheDouble ? 'runs At the Double' : 'runs'}`;
    case 'rollMove':
      return `${n(a.unitId)} is picked to move`;
    case 'charge':
      return `${n(a.unitId)} declares a charge`;
    case 'command':
      return `${a.player} uses ${commandLabel(a.command)} on ${n(a.unitId)}`;
    case 'spendRally':
      return `${a.player} spends rally points: heal ${a.heal}, return ${a.returnModels} model(s)`;
    case 'allocateDamage':
      return `${a.points} damage point(s) allocated to ${n(a.unitId)}`;
    case 'move':
      return `${n(a.unitId)} makes a ${a.kind} move (${Object.keys(a.paths).length} model(s))`;
    case 'retreat':
      return `${n(a.unitId)} retreats`;
    case 'shoot':
      return `${n(a.unitId)} shoots at ${n(a.target)}`;
    case 'fight':
      return `${n(a.unitId)} fights${a.target ? ` ${n(a.target)}` : ''}${a.pileIn ? ' (piles in)' : ''}`;
    case 'pass':
      return `${a.player} passes`;
    case 'setSlainPriority':
      return `${a.player} sets which models of ${n(a.unitId)} are slain first`;
    case 'cast':
      return `${n(a.unitId)} attempts to cast ${SPELLS[a.spell]?.name ?? a.spell}${a.target !== undefined ? ` on ${n(a.target)}` : a.point ? ` at (${a.point[0]}, ${a.point[1]})` : ''}`;
    case 'unbind':
      return `${n(a.unitId)} attempts to unbind`;
    case 'activatePlaceOfPower':
      return `${n(a.unitId)} activates a Place of Power`;
    case 'tacticalGambit':
      return `${a.player} attempts the battle tactic ${a.tactic}${a.unitId ? ` (${n(a.unitId)})` : ''}`;
    case 'deployTerrain':
      return `${a.player} deploys faction terrain ${a.terrainId}`;
    case 'deployRegiment':
      return `${a.player} deploys the regiment of ${n(a.leader)}`;
    case 'deployUnit':
      return `${a.player} deploys ${n(a.unitId)}`;
    case 'endDeployment':
      return `${a.player} finishes deploying`;
    default: {
      // Actions added to the engine after this list was written: their type and unit.
      const x = a as { type: string; player: string; unitId?: string };
      return `${x.player} ${x.type}${x.unitId ? ` (${n(x.unitId)})` : ''}`;
    }
  }
}

function actionRule(a: Action): string {
  if (a.type === 'move') return MOVE_RULES[a.kind] ?? 'Core 15.0';
  if (a.type === 'deployTerrain' || a.type === 'deployRegiment' || a.type === 'deployUnit') return 'Core 10.1';
  if (a.type === 'endDeployment') return 'Core 10.0';
  if (a.type === 'command') return COMMANDS[a.command].rule;
  return ACTION_RULES[a.type] ?? '';
}

const list = (d: readonly number[]) => `[${d.join(' ')}]`;

/** The battle-log lines of one accepted action: the action, its rolls, then its outcomes. */
export function describe(seq: number, newLog: readonly LogEntry[], events: readonly GameEvent[], s: GameState): LogLine[] {
  const out: LogLine[] = [];
  const n = (id: unknown) => unitName(s, String(id));
  for (const e of newLog) {
    if (e.kind === 'action') {
      out.push({ seq, kind: 'action', player: e.action.player, text: actionText(s, e.action), rule: actionRule(e.action) });
    } else {
      const [prefix, ...rest] = e.purpose.split(':');
      const rr = ROLL_RULES.find(([k]) => k === prefix) ?? ['', 'Core 26.0', prefix];
      const who = rest.length ? ` (${rest.map((x) => (s.units[x] ? unitName(s, x) : SPELLS[x] ? spellName(x) : x)).join(', ')})` : '';
      out.push({ seq, kind: 'roll', player: e.player, text: `${e.player ?? ''} rolls ${rr[2]}${who}: ${list(e.dice)}`.trim(), rule: rr[1], dice: [...e.dice] });
    }
  }
  for (const ev of events as (GameEvent & Record<string, unknown>)[]) {
    const ln = (text: string, rule?: string) => out.push({ seq, kind: 'event', player: null, text, ...(rule ? { rule } : {}) });
    switch (ev.type) {
      case 'turnStarted':
        ln(`Battle round ${ev.round}: ${ev.active}'s turn begins`, 'Core 13.0');
        break;
      case 'phaseStarted':
        ln(`— ${PHASE_NAMES[String(ev.phase)] ?? ev.phase} —`, 'Core 13.0');
        break;
      case 'control':
        if (ev.changed || ev.when === 'endOfTurn') {
          const sc = ev.scores as Record<string, number>;
          ln(`Objective ${ev.objectiveId}: control ${sc.p1}–${sc.p2} → ${ev.controller ?? 'nobody'}${ev.changed ? ' (changed)' : ''}`, 'Core 32.2');
        }
        break;
      case 'vpScored':
        ln(`${ev.player} scores ${ev.vp} VP for ${ev.objectivesHeld} objective(s) (total ${ev.total})`, 'Core 31.0');
        break;
      case 'underdog':
        if (ev.underdog) ln(`Underdog: ${ev.underdog}`, 'Core 12.0');
        break;
      case 'cpGained':
        ln(`${ev.player} gains ${ev.gain} CP (now ${ev.cp})`, 'Commands 1.1');
        break;
      case 'roundEnded':
        ln(`End of battle round ${ev.round}: command points reset`, 'Core 33.0');
        break;
      case 'priorityRoll': {
        const r = ev.rolls as Record<string, number>;
        ln(`Priority roll p1 ${r.p1} – p2 ${r.p2}${ev.tie ? ' (tie)' : ''}: ${ev.decider} decides who goes first`, 'Core 12.0');
        break;
      }
      case 'battleEnded': {
        const vp = ev.vp as Record<string, number>;
        ln(`The battle has ended: ${ev.winner === 'draw' ? 'a draw' : `${ev.winner} wins`} (${vp.p1}–${vp.p2} VP)`, 'Core 33.0');
        break;
      }
      case 'run':
        ln(`${n(ev.unitId)} may move up to ${ev.maxInches}"`, 'Core 14.1');
        break;
      case 'moveRolled':
        ln(`${n(ev.unitId)}'s Move (${ev.characteristic}") this turn: ${ev.moveInches}"`, 'Core 26.0');
        break;
      case 'chargeRoll':
        ln(`${n(ev.unitId)} charge roll ${ev.roll}"`, 'Core 14.3');
        break;
      case 'chargeReroll':
        ln(`${n(ev.unitId)} charge re-rolled: ${ev.before}" → ${ev.roll}"`, 'Commands 5.0');
        break;
      case 'moved':
        ln(`${n(ev.unitId)} moved (${ev.kind}, max ${ev.maxInches}")`, MOVE_RULES[String(ev.kind)] ?? 'Core 15.0');
        break;
      case 'charged':
        ln(`${n(ev.unitId)} completed its charge`, 'Core 14.3');
        break;
      case 'commandUsed':
        ln(`${ev.player} spends ${ev.cost} CP on ${ev.command} (${ev.cpLeft} left)`, 'Commands 1.2');
        break;
      case 'attackDeclared': {
        const as = ev.assignments as { weapon: string; target: string }[];
        ln(`${n(ev.unitId)} declares ${ev.kind === 'shoot' ? 'shooting' : 'fight'} attacks: ${as.map((x) => `${x.weapon} → ${n(x.target)}`).join(', ')}; reactions window open (${ev.reactionsFirst} first)`, 'Core 5.2');
        break;
      }
      case 'passed':
        ln(`${ev.player} passes`, 'Core 5.2');
        break;
      case 'attacksResolved': {
        const hits = ev.hits as number[];
        const wounds = ev.wounds as number[];
        const saves = ev.saves as number[];
        const hm = Number(ev.hitModifier);
        const sm = Number(ev.saveModifier);
        ln(`${n(ev.unitId)} · ${ev.weapon} → ${n(ev.target)}: ${ev.attacks} attacks from ${ev.models} model(s)`, 'Core 17.0');
        ln(`  1. Hit rolls ${list(hits)}${hm ? ` (modifier ${hm > 0 ? '+' : ''}${hm})` : ''}`, 'Core 17.0 / 17.1');
        ln(`  2. Wound rolls ${list(wounds)}`, 'Core 17.0');
        ln(`  3. Save rolls ${list(saves)}${sm ? ` (modifier ${sm > 0 ? '+' : ''}${sm})` : ''}`, 'Core 17.0 / 17.1');
        ln(`  4. Damage ${ev.damage}${Number(ev.mortal) ? ` + ${ev.mortal} mortal (critical)` : ''}`, 'Core 17.3 / 20.0');
        break;
      }
      case 'damageResolved': {
        const wd = ev.wardDice as number[] | undefined;
        const slain = ev.slain as string[];
        ln(`${n(ev.unitId)}: damage pool ${ev.pool}${ev.ward ? `, ward ${ev.ward}+ ${list(wd ?? [])}` : ''}, ${ev.allocated} allocated, ${slain.length} model(s) slain`, 'Core 18.0–18.4');
        break;
      }
      case 'mortalDamage':
        ln(`${n(ev.unitId)} suffers ${ev.amount} mortal damage`, 'Core 17.2');
        break;
      // Path to Glory twists (Ascension › Twists): the roll, the underdog's pick, a new objective (Spied Treasure).
      case 'twist':
        ln(`Twist (${ev.roller}${ev.underdog ? ', the underdog' : ''}): ${ev.name}${ev.features !== undefined ? ` (up to ${ev.features} terrain features)` : ''}`, 'Ascension › Twists');
        break;
      case 'twistPicked':
        ln(`${ev.player} picks for ${ev.name}: ${ev.featureIds ? (ev.featureIds as string[]).join(', ') : ev.at ? `a new objective at (${(ev.at as number[]).join(', ')})` : ev.unitId ? n(ev.unitId) : String(ev.objectiveId)}`, 'Ascension › Twists');
        break;
      case 'objectiveAdded':
        ln(`New objective ${ev.objectiveId} at (${(ev.at as number[]).join(', ')})`, String(ev.rule));
        break;
      case 'unitDestroyed':
        ln(`${n(ev.unitId)} is destroyed`, 'Core 18.4');
        break;
      case 'removedForCoherency':
        ln(`${ev.modelId} removed to keep ${n(ev.unitId)} coherent`, 'Core 15.1');
        break;
      case 'rallyRolls':
        ln(`${n(ev.unitId)}: ${ev.points} rally point(s)`, 'Commands 2.0');
        break;
      case 'rallied':
        ln(`${n(ev.unitId)} healed ${ev.healed}, ${(ev.returned as string[]).length} model(s) returned`, 'Commands 2.0');
        break;
      case 'redeploy':
        ln(`${n(ev.unitId)} may redeploy up to ${ev.maxInches}"`, 'Commands 3.0');
        break;
      case 'retreat':
        ln(`${n(ev.unitId)} retreats: ${ev.mortal} mortal damage`, 'Core 14.1');
        break;
      case 'spellCastRoll':
        ln(`${n(ev.unitId)} casts ${spellName(ev.spell)}: casting roll ${ev.roll} — the enemy may try to unbind it`, 'Magic 2.0');
        break;
      case 'spellFailed':
        ln(`The cast failed: ${n(ev.unitId)} rolled ${ev.roll}, below ${spellName(ev.spell)}'s casting value ${ev.castingValue}; the spell has no effect`, 'Magic 2.0');
        break;
      case 'miscast':
        ln(`The cast failed: ${n(ev.unitId)} miscasts ${spellName(ev.spell)} (a double 1)`, 'Magic 2.0');
        break;
      case 'spellCast':
        ln(`${spellName(ev.spell)} is cast${ev.target !== undefined ? `: it takes effect on ${n(ev.target)}` : ''}`, 'Magic 2.0');
        break;
      case 'unbindRoll':
        ln(`${n(ev.unitId)} unbinding roll ${ev.roll} vs ${ev.castingRoll}: ${ev.unbound ? 'unbound' : 'failed'}`, 'Magic 4.0');
        break;
      case 'tacticPicked':
        ln(`${ev.player} attempts ${ev.tactic}`, 'BattleTactics 2.0');
        break;
      case 'tacticResult':
        ln(`${ev.player}: ${ev.tactic} ${ev.completed ? `completed (+${ev.vp} VP)` : 'not completed'}`, 'BattleTactics 1.0');
        break;
      case 'placeOfPower':
        ln(`${n(ev.unitId)} Place of Power roll ${ev.roll}: ${ev.effect}`, 'Terrain 1.2');
        break;
      case 'unitDeployed':
        ln(`${n(ev.unitId)} is set up on the battlefield${ev.regiment ? ` (regiment of ${n(ev.regiment)})` : ''}`, 'Core 10.1');
        break;
      case 'regimentDeclared':
        ln(`${ev.player} deploys a regiment: ${(ev.units as string[]).map(n).join(', ')}`, 'Core 10.1');
        break;
      case 'terrainDeployed':
        ln(`${ev.player} sets up faction terrain ${ev.terrainId}`, 'Core 10.1');
        break;
      case 'deploymentFinished':
        ln(`${ev.player} has finished deploying${ev.first ? ' first' : ''}${(ev.undeployed as string[] | undefined)?.length ? ` (${(ev.undeployed as string[]).length} unit(s) stay off the battlefield)` : ''}`, 'Core 10.0');
        break;
      case 'deploymentEnded':
        ln(`The deployment phase ends: ${ev.decider} decides who takes the first turn`, 'Core 12.0');
        break;
      default:
        break;
    }
  }
  return out;
}

/** For tests: is the unit in combat now (the engine's answer over the game's port)? */
export function unitInCombat(api: GameSession, unitId: string): boolean {
  const port = (api as unknown as { port: GeometryPort }).port;
  return inCombat(api.state(), port, unitId);
}

const ROLL_LABELS: Record<string, string> = {
  priority: 'Priority roll',
  run: 'Run roll',
  'charge-reroll': 'Charge re-roll',
  charge: 'Charge roll',
  rally: 'Rally dice',
  redeploy: 'Redeploy roll',
  attacks: 'Random Attacks',
  hit: 'Hit rolls',
  wound: 'Wound rolls',
  save: 'Save rolls',
  damage: 'Random Damage',
  ward: 'Ward rolls',
  cast: 'Casting roll',
  miscast: 'Miscast D3',
  unbind: 'Unbinding roll',
  spell: 'Spell effect D3',
  'placeOfPower-mortal': 'Place of Power mortal D3',
  placeOfPower: 'Place of Power roll',
  retreat: 'Retreat mortal D3',
};

const sum = (d: readonly number[]) => d.reduce((a, b) => a + b, 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
const rollTarget = (v: number | string | null | undefined) => (typeof v === 'number' ? v : Number(/\d+/.exec(String(v ?? ''))?.[0] ?? 7));

/**
 * The dice steps of one accepted action: every roll of the engine's log (in order), with its
 * target number and successes worked out the way the engine counted them (attacks.ts, core.ts,
 * magic.ts, reduce.ts): hits need the weapon's Hit (modified, capped), an unmodified 1 fails and an
 * unmodified 6 hits; wounds the weapon's Wound; saves the target's Save (modified); wards the ward.
 */
export function diceSteps(seq: number, newLog: readonly LogEntry[], events: readonly GameEvent[], s: GameState): DiceStep[] {
  const out: DiceStep[] = [];
  const evs = events as readonly (GameEvent & Record<string, unknown>)[];
  const attacks = evs.filter((e) => e.type === 'attacksResolved');
  const weaponOf = (unitId: string, weapon: string) => {
    const u = s.units[unitId];
    return u ? rosterEntry(s, unitId)?.weapons.find((w) => w.name === weapon) : undefined;
  };
  for (const e of newLog) {
    if (e.kind !== 'roll') continue;
    const [prefix, ...rest] = e.purpose.split(':');
    const dice = [...e.dice];
    const sides = dice.every((d) => d <= 3) && /mortal|miscast|spell|retreat/.test(prefix) ? 3 : 6;
    const base = { seq, purpose: e.purpose, label: ROLL_LABELS[prefix] ?? prefix, rule: (ROLL_RULES.find(([k]) => k === prefix) ?? ['', 'Core 26.0'])[1], player: e.player, sides, dice };
    const n = (id: string | undefined) => (id === undefined ? '' : s.units[id] ? unitName(s, id) : id);
    const unit = rest[0];
    const weapon = rest.slice(1).join(':');
    const step = (x: Omit<DiceStep, keyof typeof base>): DiceStep => ({ ...base, ...x });
    switch (prefix) {
      case 'hit': {
        const ev = attacks.find((a) => a.unitId === unit && a.weapon === weapon);
        const hit = rollTarget(weaponOf(unit, weapon)?.hit);
        const mod = Number(ev?.hitModifier ?? 0);
        const ok = dice.filter((d) => d !== 1 && (d === 6 || d + mod >= hit)).length;
        const crits = dice.filter((d) => d === 6).length;
        const crit = (weaponOf(unit, weapon)?.abilities ?? []).find((x) => x === 'crit-mortal' || x === 'crit-auto-wound' || x === 'crit-2-hits');
        const critText = crit === 'crit-mortal' ? ': mortal damage, no wound roll' : crit === 'crit-auto-wound' ? ': wound automatically' : crit === 'crit-2-hits' ? ': 2 hits each' : '';
        out.push(step({ detail: `${n(unit)} · ${weapon}${ev ? ` → ${n(String(ev.target))}` : ''}`, target: `${hit}+${mod ? ` (modifier ${signed(mod)})` : ''}`, successes: ok, outcome: `${plural(ok, 'hit')} of ${dice.length}${crits ? ` (${crits} critical${critText})` : ''}` }));
        break;
      }
      case 'wound': {
        const ev = attacks.find((a) => a.unitId === unit && a.weapon === weapon);
        const wound = rollTarget(weaponOf(unit, weapon)?.wound);
        const ok = dice.filter((d) => d !== 1 && d >= wound).length;
        out.push(step({ detail: `${n(unit)} · ${weapon}${ev ? ` → ${n(String(ev.target))}` : ''}`, target: `${wound}+`, successes: ok, outcome: `${plural(ok, 'wound')} of ${dice.length}` }));
        break;
      }
      case 'save': {
        // `save:<target>:<weapon>`
        const ev = attacks.find((a) => a.target === unit && a.weapon === weapon);
        const t = s.units[unit];
        const save = t ? rosterEntry(s, unit)?.warscroll.save : undefined;
        const mod = Number(ev?.saveModifier ?? 0);
        const sv = rollTarget(save);
        const ok = dice.filter((d) => d !== 1 && d + mod >= sv).length;
        // Why a roll that meets the Save failed: the modifier (rend, Core 17.1) took it under (issue 18).
        const lost = dice.filter((d) => d !== 1 && d >= sv && d + mod < sv);
        const worst = lost.length ? Math.max(...lost) : 0;
        const why = worst ? `; ${lost.length === 1 ? `the ${worst} fails` : `${lost.length} rolls of ${sv}+ fail (the best a ${worst})`}: ${worst} ${mod < 0 ? '−' : '+'} ${Math.abs(mod)} = ${worst + mod}, under ${sv}+ (modifier ${signed(mod)}, Core 17.1)` : '';
        out.push(step({ detail: `${n(unit)} against ${weapon}${ev ? ` (${n(String(ev.unitId))})` : ''}`, target: `${sv}+${mod ? ` (modifier ${signed(mod)})` : ''}`, successes: ok, outcome: `${plural(ok, 'save')} of ${dice.length}: ${plural(dice.length - ok, 'unsaved attack')}${why}` }));
        break;
      }
      case 'ward': {
        const ev = evs.find((x) => x.type === 'damageResolved' && x.unitId === unit);
        const ward = Number(ev?.ward ?? 7);
        const ok = dice.filter((d) => d >= ward).length;
        out.push(step({ detail: n(unit), target: `${ward}+`, successes: ok, outcome: `${plural(ok, 'damage point')} negated of ${dice.length}` }));
        break;
      }
      case 'charge':
      case 'charge-reroll':
        out.push(step({ detail: n(unit), outcome: `charge roll ${sum(dice)}"` }));
        break;
      case 'run':
        out.push(step({ detail: n(unit), outcome: `may move Move + ${sum(dice)}"` }));
        break;
      case 'cast': {
        const sp = SPELLS[weapon];
        const total = sum(dice);
        const ok = sp ? total >= sp.castingValue && !(dice[0] === 1 && dice[1] === 1) : undefined;
        out.push(step({ detail: `${n(unit)} · ${sp?.name ?? weapon}`, ...(sp ? { target: `${sp.castingValue}+ (casting value)`, successes: ok ? 1 : 0 } : {}), outcome: `total ${total}${dice.length === 2 && dice[0] === 1 && dice[1] === 1 ? ' — a double 1: miscast' : ok === undefined ? '' : ok ? ': cast' : ': failed'}` }));
        break;
      }
      case 'unbind': {
        const ev = evs.find((x) => x.type === 'unbindRoll');
        const total = sum(dice);
        out.push(step({ detail: n(unit), ...(ev ? { target: `> ${ev.castingRoll} (the casting roll)`, successes: ev.unbound ? 1 : 0 } : {}), outcome: `total ${total}${ev ? (ev.unbound ? ': unbound' : ': failed') : ''}` }));
        break;
      }
      case 'rally': {
        const ok = dice.filter((d) => d >= 4).length;
        out.push(step({ detail: n(unit), target: '4+', successes: ok, outcome: plural(ok, 'rally point') }));
        break;
      }
      case 'priority':
        out.push(step({ detail: e.player ?? '', outcome: `${e.player ?? ''} rolls ${sum(dice)}` }));
        break;
      default:
        out.push(step({ detail: [n(unit), weapon].filter(Boolean).join(' · '), outcome: dice.length > 1 ? `total ${sum(dice)}` : `${sum(dice)}` }));
    }
  }
  return out;
}

/** The session under the name the game worker's callers knew it by (`workers/gameApi.ts` before issue 25). */
export { GameSession as GameApi };
/** Options of {@link GameApi}. */
export type GameApiOptions = GameSessionOptions;
