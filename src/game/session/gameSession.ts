/**
 * The game session's state and actions: {@link GameSession} (re-exported with every shape by
 * `src/game/session.ts`). One game of the rules engine
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
import { freezeTree, loggedActions, reduce, scriptedPolicy, stateHash, inCombat, type Action, type GameEvent, type GameState, type GeometryPort, type PlayerId, type ReduceResult } from '../../rules/engine';
import { portView } from '../../rules/engine/core';
import { playerDictionary, playerWords, type TableNames } from '../playerWords';
import type { BaseEntry } from '../../army/bases';
import { upgradeSavedGame, type GameSetupV2, type SavedGameV2 } from '../savedGame';
import { openGame, prepareGame, warmTableTerrain, type OpenedGame } from '../start';
import { carryMeshes, loadBundledMesh, loadCarriedMeshes, type BundledMeshReader } from '../table';
import { loadScenarioMeshes, ScenarioBuildError } from '../../scenario/build';
import { parseMeshFile, type MeshTriangles } from '../../scenario/meshLoader';
import type { Scenario } from '../../scenario/schema';
import type { TerrainIndex } from '../../geometry/world';
import { parseScenario, type ParseResult } from '../../scenario/validate';
import { sharedTerrainCache, TerrainCache } from '../terrainCache';
import { readArmyFile, type ArmyFileResult } from './armyFile';
import { reactionPossible, toReact } from './autoPass';
import { autoPassLine, describe, type LogLine } from './battleLog';
import { diceSteps, type DiceStep } from './diceSteps';
import { expectedDamageOf, type ExpectedDamage } from './expectedDamage';
import { answerOnTable, tableAt } from './gameTable';
import { generalOptionsOf, unitOptions, type OptionEntry, type OptionsResult } from './options';
import { playPolicy, type PlayOptions, type PlayOutcome } from './play';
import { rosterEntry } from './roster';
import { unitViews, type UnitView } from './unitViews';
import { boardOf, summarize, turnActs, type GameSummary } from './summary';
import type { ActResult, GameQueryAnswer, GameSessionOptions, GameSetupInput, GameSnapshot, ShortestPathsOptions, ShortestPathsResult, StartResult, TableGameInput } from './types';

/** The game API (one game at a time). */
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
  ): ArmyFileResult {
    return readArmyFile(bytes, fileName, idPrefix, rememberedBases);
  }

  /**
   * Starts a game on any table (GAME.md `start`): the scenario's units of the chosen armies start
   * where it puts them, the others are set up automatically or in the deployment phase
   * (`prepareGame`). On failure (every problem with its path) the current game stays.
   */
  async startOnTable(input: TableGameInput): Promise<StartResult> {
    const loaded = await this.tableMeshes(input);
    if (!loaded.ok) return loaded;
    const { meshes } = loaded;
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

  /**
   * Builds ahead the terrain index of the battlefield a battle is about to start on (the input of
   * {@link startOnTable} without the armies), kept in the session's terrain cache, so that a start
   * on it later does not build it (issue 35 item 6: the New battle dialog asks while the players
   * choose their armies). The game held, if any, is untouched.
   * @returns whether the index was built now (false: it was kept already), or the problems of the
   *   scenario or its meshes (each with its path, as `startOnTable` gives them).
   */
  async prepareTable(input: Pick<TableGameInput, 'scenario' | 'meshFiles' | 'bundled'>): Promise<{ ok: true; built: boolean } | { ok: false; problems: string[] }> {
    const loaded = await this.tableMeshes(input);
    if (!loaded.ok) return loaded;
    return warmTableTerrain(input.scenario, loaded.meshes, carryMeshes(loaded.meshes, (src) => input.bundled?.[src] ?? null), this.terrainCache);
  }

  /** The scenario's meshes, parsed from the files given or read as bundled assets (`TableGameInput`), or the problems with their paths. */
  private async tableMeshes(input: Pick<TableGameInput, 'scenario' | 'meshFiles' | 'bundled'>): Promise<{ ok: true; meshes: Map<string, MeshTriangles> } | { ok: false; problems: string[] }> {
    const parsed = parseScenario(input.scenario);
    if (!parsed.ok) return { ok: false, problems: parsed.problems.map((p) => `scenario.${p}`) };
    const files = input.meshFiles ?? {};
    try {
      const meshes = await loadScenarioMeshes(parsed.scenario, async (src) => {
        const bytes = files[src];
        if (bytes) return parseMeshFile(bytes, src);
        const bundled = input.bundled?.[src];
        if (bundled) return loadBundledMesh(bundled, this.readBundled);
        throw new Error(`mesh file "${src}" was not supplied`);
      });
      return { ok: true, meshes };
    } catch (e) {
      return { ok: false, problems: e instanceof ScenarioBuildError ? e.problems.map((p) => `scenario.${p}`) : [`scenario: ${(e as Error).message}`] };
    }
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
    // The rosters are never changed in a game (the reducer's working copy and the ability caches share them by
    // identity): frozen, so that a write into one throws and the state hash keeps their text (session 42).
    for (const p of ['p1', 'p2'] as const) freezeTree(o.game.state.players[p].roster);
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
   * The game's table as a scenario (SCENARIO.md) with every model where the current state has it
   * (slain and off-table models left out): what the page draws and the tools measure during a game.
   */
  tableScenario(): Scenario | null {
    if (!this.opened) return null;
    const s = this.current;
    return tableAt(this.opened.table, s, boardOf(s, this.placement).positions);
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
    const steps = this.shortestPathsSteps(goals, options);
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /**
   * {@link shortestPaths} one model at a time (issue 35 item 6: the live drag label's question may
   * be given up between two models when a newer one arrives, `workers/gameHost.ts`): the generator
   * yields after each model's answer and returns what `shortestPaths` returns. Between two steps the
   * caller may run other calls; a step that finds the game changed meanwhile (another state: an
   * action taken) starts again on the new state, so the answers are always those of one state,
   * the same as one `shortestPaths` call on it.
   */
  *shortestPathsSteps(goals: Record<string, readonly [number, number]>, options: ShortestPathsOptions = {}): Generator<void, ShortestPathsResult, void> {
    if (!this.opened) return { ok: false, problems: ['no game loaded'] };
    if (typeof goals !== 'object' || goals === null || Array.isArray(goals)) return { ok: false, problems: ['goals: expected an object of model id → [x, y]'] };
    const extra: ShortestPathsOptions = {};
    if (options && typeof options === 'object') {
      for (const k of ['fly', 'ignoreUnit', 'avoidCombat'] as const) if (options[k] !== undefined) extra[k] = options[k];
    }
    const entries = Object.entries(goals);
    let answers: Record<string, GameQueryAnswer> = {};
    let state: GameState | null = null;
    let opened: OpenedGame | null = null;
    for (let i = 0; i < entries.length; i++) {
      if (!this.opened) return { ok: false, problems: ['no game loaded'] };
      if (state !== this.current || opened !== this.opened) {
        // The first model, or the game changed since the last step: (again) from the first model.
        if (state !== null) i = 0;
        state = this.current;
        opened = this.opened;
        answers = {};
      }
      // Another call between two steps may have left the World elsewhere: the state's positions.
      this.port!.sync(portView(this.current));
      const [model, to] = entries[i];
      const a = this.answerOne({ id: model, kind: 'shortestPath', model, to, ...extra });
      answers[model] = options?.orStraight && a.ok && a.answer.value === null ? this.straightAnswer(model, to, a, options.orStraight.kind, extra) : a;
      if (i < entries.length - 1) yield;
    }
    return { ok: true, answers };
  }

  /**
   * A model's straight line to `to` as the engine checks a drop on it (see
   * `ShortestPathsOptions.orStraight`): the `movePath` query's cost, then the combat ranges on the
   * way (`makeMove`'s own check, Core 14.1). `searched` (the search's answer) when the engine would refuse it.
   */
  private straightAnswer(model: string, to: readonly [number, number], searched: GameQueryAnswer, kind: NonNullable<ShortestPathsOptions['orStraight']>['kind'], extra: ShortestPathsOptions): GameQueryAnswer {
    // Where the engine starts the model's path (the World synced to the current state).
    const pos = this.port!.modelPosition(model);
    if (!pos) return searched;
    // A goal the search refused for the combat range (Core 14.1: the move may not end there) is
    // refused by the engine whatever the path (its end check counts every enemy, seen or not).
    if (searched.ok && searched.answer.rule === 'Core 14.1' && /would end within/.test(String(searched.answer.reason))) return searched;
    // A goal whose end pose the search refused (its base would end mid-climb, on Unstable or
    // Impassable terrain, or on another model: the walk's end checks, Core 15.0, 15.2, Terrain 1.2)
    // is refused by the straight line too: the line ends in that pose and the walk checks it the
    // same way, whatever came before (issue 35 item 6: the label's cheapest refusal, not walked twice).
    if (searched.ok && /^the model would end (mid-climb|on a part of Unstable|on Impassable|on or overlapping)/.test(String(searched.answer.reason))) return searched;
    const path: [number, number][] = [[pos[0], pos[1]], [to[0], to[1]]];
    const q = this.answerOne({ id: model, kind: 'movePath', model, path, ...(extra.fly !== undefined ? { fly: extra.fly } : {}), ...(extra.ignoreUnit ? { ignoreUnit: true } : {}) });
    if (!q.ok || typeof q.answer.value !== 'number') return searched;
    const world = this.opened!.world;
    const fly = extra.fly ?? world.units.get(world.models.get(model)?.unitId ?? '')?.keywords.some((k) => k.toUpperCase() === 'FLY') ?? false;
    if (!fly && (kind === 'normal' || kind === 'run' || kind === 'redeploy')) {
      const s = this.current;
      const owner = s.units[world.models.get(model)!.unitId]?.owner;
      const enemies = Object.values(s.units).filter((u) => u.owner !== owner && world.units.has(u.id) && world.unitModels(u.id).length > 0).map((u) => u.id);
      if (this.port!.pathEntersCombatRange(model, path, enemies, { visibility: kind !== 'redeploy' })) return searched;
    }
    return { ok: true, answer: { id: model, value: q.answer.value, path, endElevation: q.answer.endElevation, straight: true, fallback: 'straight' } };
  }

  /** Validates one query against the table at the current state's positions and answers it (the World already synced). */
  private answerOne(q: unknown): GameQueryAnswer {
    return answerOnTable(this.opened!.world, this.validTable(), q);
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

  /**
   * Plays the engine's scripted policy (`scriptedPolicy`, set-up positions as its deployment
   * placement) for `options.players` from the current state (GAME.md `play`): until the battle
   * ends, `options.to.rounds` battle rounds have ended, or a player it does not play must act.
   * Every action is an ordinary accepted action of the log (no automatic pass is added: the
   * policy passes itself), so the game is the one `playScripted` plays from the same state.
   * @returns how many actions were played, why it stopped, the last action and its events, or
   *   `{ok: false}` when no game is loaded.
   */
  playScripted(options: PlayOptions): ({ ok: true; summary: GameSummary } & PlayOutcome) | { ok: false; reason: string; rule: string } {
    if (!this.port || !this.opened || this.states.length === 0) return { ok: false, reason: 'no game loaded', rule: 'Engine: no game' };
    const policy = scriptedPolicy(this.port, { placement: this.placement });
    const out = playPolicy(this.current, policy, options, (action, result) => {
      this.apply(action, false, { ok: true, state: result.state, events: result.events });
      return this.current;
    });
    if (out.played && this.replayQueue) {
      this.replayQueue = null;
      this.replayIndex = 0;
    }
    return { ok: true, summary: this.summary(), ...out };
  }

  /**
   * Every unit with its models where they stand now (GAME.md `state`'s `units`): position in
   * inches (base centre and the height it stands at), damage, Health left and status.
   */
  unitViews(): UnitView[] {
    if (!this.port || !this.opened) return [];
    this.port.sync(portView(this.current));
    return unitViews(this.current, this.opened.world);
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
   * to react has no reaction the engine would accept (see `reactionPossible`, `autoPass.ts`), `pass` is
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
        const who = toReact(this.current);
        if (!who || reactionPossible(this.current, who, this.port)) break;
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

  /** Applies one action (`done`: its `reduce` result from the current state, already computed by the caller). */
  private apply(action: unknown, auto = false, done?: ReduceResult): ActResult {
    const before = this.current;
    const r = done ?? reduce(before, action, this.port!);
    if (!r.ok) return { ok: false, reason: this.words(r.reason), rule: r.rule };
    const seq = this.states.length - 1;
    const newLog = r.state.log.slice(before.log.length);
    // Names, not ids, in every line a player reads (issue 28).
    const dict = this.dictionary(r.state);
    const lines = describe(seq, newLog, r.events as GameEvent[], r.state).map((l) => ({ ...l, text: playerWords(l.text, dict) }));
    // A pass with no reaction possible (applied by act, or replayed from the log) reads as such.
    const a = action as Action;
    const isAuto = auto || (a.type === 'pass' && this.autoPass && !reactionPossible(before, a.player, this.port!));
    if (isAuto) {
      const text = autoPassLine(before, a.player as PlayerId);
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

  /** The summary of the current state. */
  summary(): GameSummary {
    const s = this.current;
    return summarize(s, this.port, {
      ...turnActs(this.states),
      board: boardOf(s, this.placement),
      actions: this.states.length - 1,
      undo: this.canUndo(),
      replay: this.replayQueue ? { index: this.replayIndex, total: this.replayQueue.length } : null,
      // The twist's pick in words (issue 37 item 8), the dictionary built only when asked.
      names: (id) => this.dictionary(s).get(id) ?? id,
    });
  }

  /**
   * What `unitId` may do now: every candidate action tried with `reduce` (never changing the game).
   * `general` holds the player-level actions of the player expected to act (end phase, pass,
   * first turn, battle tactics).
   */
  options(unitId: string): OptionsResult {
    if (!this.port || this.states.length === 0) return { ok: false, reason: 'no game loaded' };
    const r = unitOptions(this.current, this.port, this.placement, unitId);
    return r.ok ? this.optionsInWords(r) : r;
  }

  /** Options of the general (player-level) actions only. */
  generalOptions(): OptionEntry[] {
    if (!this.port || this.states.length === 0) return [];
    return this.optionsInWords({ ok: true as const, unitId: "", player: "p1" as const, entries: [], general: generalOptionsOf(this.current, this.port) }).general;
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
    if (this.port) this.port.sync(portView(this.current));
    return expectedDamageOf(this.current, unitId, targetId, kind, this.port ?? undefined);
  }
}

/** For tests: is the unit in combat now (the engine's answer over the game's port)? */
export function unitInCombat(api: GameSession, unitId: string): boolean {
  const port = (api as unknown as { port: GeometryPort }).port;
  return inCombat(api.state(), port, unitId);
}
