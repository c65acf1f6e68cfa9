/**
 * Play mode plumbing: whether the page is in Play mode (`?play=1`), the page's one game client
 * (`workers/game.worker.ts`), the autosave (localStorage), and the scenario the page draws for the
 * game: the default battlefield file (its real meshes) with the game's armies where the game says
 * they stand now (slain models left out), or, for a game on another battlefield, that battlefield.
 */
import { createGameClient, type GameClient, type GameRestartEvent, type GameState, type GameSummary, type SavedGame } from '../../client/gameClient';
import { deploymentSetup, hotseatSetup, sampleRosters } from '../../../workers/gameSetup';
import { fetchScenario, type MeshBytes, type ScenarioSource } from '../scenarioSource';
import { BUNDLED_MESHES } from '../assetUrls';
import { gameMeshes } from '../files/meshes';
import { getEngine } from '../engine/engine';
import { perfMark } from '../../client/perfTrace';
import { base64ToPositions } from '../../game/table';
import { defaultUpAxis } from '../../scenario/meshLoader';
import type { Scenario } from '../../scenario/schema';
import type { OnlineGame } from '../../client/onlineGame';
import { drawnModels, gameScenario } from './gameScenario';
import { tableDice } from '../../scene/dice/tableDiceStore';
import { connectOnline, onlineGame, onlineLink, type OnlineLink } from './online';

/**
 * A saved game's table as the page draws it: bundled meshes fetched (by their bundled path), and
 * meshes carried as triangles turned into inline mesh pieces (the same triangles, placed the same
 * way), so the table drawn is the table the rules engine measures.
 */
export async function drawableTable(saved: SavedGame): Promise<{ json: Scenario; meshes: MeshBytes }> {
  const json = structuredClone(saved.table.scenario) as Scenario;
  const meshes: MeshBytes = {};
  const refs = saved.table.meshes ?? {};
  for (const t of json.terrain ?? []) {
    t.pieces = t.pieces.map((p) => {
      if (p.shape !== 'mesh' || !('src' in p)) return p;
      const ref = refs[p.src];
      if (!ref || !('positions' in ref)) return p;
      const pos = base64ToPositions(ref.positions);
      const vertices: [number, number, number][] = [];
      const triangles: [number, number, number][] = [];
      for (let i = 0; i < pos.length; i += 3) vertices.push([pos[i], pos[i + 1], pos[i + 2]]);
      for (let i = 0; i < vertices.length; i += 3) triangles.push([i, i + 1, i + 2]);
      const { src, ...placement } = p;
      return { ...placement, upAxis: p.upAxis ?? defaultUpAxis(src) ?? 'y', vertices, triangles };
    });
  }
  await Promise.all(
    Object.entries(refs).map(async ([src, ref]) => {
      if (!('bundled' in ref)) return;
      const url = BUNDLED_MESHES.get(ref.bundled);
      if (!url) throw new Error(`table.meshes: "${ref.bundled}" is not bundled with this version of Sightline`);
      meshes[src] = await (await fetch(url)).arrayBuffer();
    }),
  );
  return { json, meshes };
}

/** localStorage key of the autosaved game (the saved-game format). */
export const AUTOSAVE_KEY = 'sightline.play.autosave';
/** sessionStorage key of a saved game to open in step-by-step replay after the reload. */
export const REPLAY_KEY = 'sightline.play.replay';

/**
 * localStorage key of the previous game: the autosaved game a new game, a loaded file or a new
 * battle replaced (the saved-game format). "Resume previous game" swaps it with the autosave, so
 * starting a game never loses the one in progress.
 */
export const PREVIOUS_KEY = 'sightline.play.previous';

/** What the page tells of the previous game. */
export interface PreviousGame {
  /** Actions played. */
  actions: number;
  /** The two armies' names. */
  armies: string;
}

/**
 * Keeps the autosaved game as the previous game, before something replaces the autosave.
 * @returns false when it could not be kept (storage full): the caller must not replace the game.
 */
export function keepPrevious(): boolean {
  try {
    const current = localStorage.getItem(AUTOSAVE_KEY);
    if (current) localStorage.setItem(PREVIOUS_KEY, current);
    return true;
  } catch (e) {
    console.warn('Sightline: the game in progress could not be kept', e);
    return false;
  }
}

/** What the page tells of the saved game kept under localStorage `key` (null: none, or not a saved game). */
function keptGame(key: string): PreviousGame | null {
  try {
    const text = localStorage.getItem(key);
    if (!text) return null;
    const g = JSON.parse(text) as { actions?: unknown[]; rosters?: { p1?: { name?: string }; p2?: { name?: string } } };
    if (!Array.isArray(g.actions)) return null;
    return { actions: g.actions.length, armies: `${g.rosters?.p1?.name ?? 'p1'} vs ${g.rosters?.p2?.name ?? 'p2'}` };
  } catch {
    return null;
  }
}

/** The previous game kept by {@link keepPrevious} (null: none, or not a saved game). */
export function previousGame(): PreviousGame | null {
  return keptGame(PREVIOUS_KEY);
}

/**
 * The game in progress, autosaved (null: none): Play resumes it (issue 35 item 5: after Leave
 * Play, Play offers resuming it, not only a new battle).
 */
export function gameInProgress(): PreviousGame | null {
  return keptGame(AUTOSAVE_KEY);
}

/**
 * Makes the previous game the autosave (resumed by the next page load) and keeps the game it
 * replaces as the previous game: a swap, nothing is lost. False when there is no previous game.
 */
export function resumePrevious(): boolean {
  const prev = localStorage.getItem(PREVIOUS_KEY);
  if (!prev) return false;
  const current = localStorage.getItem(AUTOSAVE_KEY);
  localStorage.setItem(AUTOSAVE_KEY, prev);
  if (current) localStorage.setItem(PREVIOUS_KEY, current);
  else localStorage.removeItem(PREVIOUS_KEY);
  return true;
}

/** Whether the page was opened in Play mode. */
export function isPlayMode(search: string = typeof window === 'undefined' ? '' : window.location.search): boolean {
  const v = new URLSearchParams(search).get('play');
  return v !== null && v !== '0' && v !== 'false';
}

/** Window event dispatched when Play mode is switched in place (the page's root remounts the App in the new mode: see `Root.tsx`). */
export const PLAY_MODE_EVENT = 'sightline-play-mode';

/**
 * The address's `?play` changed under the page (Back or Forward): the same clean-up as
 * {@link setPlayMode} for the mode the address now names, then {@link PLAY_MODE_EVENT}.
 */
export function playModeFollowsAddress(): void {
  // The table view's tools measure on the engine worker again (Play routes them to the game's World).
  if (!isPlayMode()) getEngine().routeQueries(null);
  tableDice.clear();
  delete document.body.dataset.ready;
  delete document.body.dataset.problems;
  perfMark('remount');
  window.dispatchEvent(new Event(PLAY_MODE_EVENT));
}

/**
 * Switches Play mode on or off, in place (no page reload: issue 35 item 6, "a battle started within
 * 3 s of Start"). On: the address gains `?play=1` (a new history entry, so Back returns to the
 * table view); off: it loses `?play` (history entry replaced). Either way {@link PLAY_MODE_EVENT}
 * asks the page's root to remount the App in the new mode: the workers stay, so the game worker's
 * game (just started, or left) is shown as it stands, not replayed from the autosave
 * ({@link startGame}), and the engine worker reuses its table's terrain. The ready signal
 * (`body[data-ready]`) is cleared until the new view has loaded. The dice on the table belong to
 * the mode left (issue 35 item 5: the game's dice never stay on the sandbox table).
 */
export function setPlayMode(on: boolean): void {
  const url = new URL(window.location.href);
  if (on) {
    url.searchParams.set('play', '1');
    history.pushState(history.state, '', url.href);
  } else {
    url.searchParams.delete('play');
    history.replaceState(history.state, '', url.href);
  }
  playModeFollowsAddress();
}

/**
 * The game the game worker holds now and Play is reopened on (null: none pending): how
 * {@link startGame} reports it (a replay, a loaded or resumed game, a new game). Set by
 * {@link reopenPlay}, taken by the next {@link startGame}.
 */
let heldStart: StartKind | null = null;

/**
 * Reopens Play in place on the game the game worker holds now (no page reload: issue 35 item 6,
 * issue 38 item 1): "New game", "Load", a replay. The App remounts ({@link PLAY_MODE_EVENT}, as
 * {@link setPlayMode} does) and {@link startGame} shows the worker's game as it stands, reported as
 * `held` (`'replay'`: a replay just loaded into the worker). Without `held` (Leave replay, Resume
 * previous game) the App remounts and {@link startGame} starts from the autosave as a page load
 * would. The address stays (`?play=1`), so a reload still lands on the autosaved game, and no
 * history entry is added (a reload added none either).
 */
export function reopenPlay(held: StartKind | null = null): void {
  heldStart = held;
  // A replay in the worker is not the autosaved game, whatever its text.
  if (held === 'replay') heldAutosave = null;
  playModeFollowsAddress();
}

/** Window event dispatched after the game worker was restarted and the game restored (`detail`: {@link GameRestartEvent}). */
export const GAME_RESTART_EVENT = 'sightline-game-restart';

let client: GameClient | null = null;
/** The page's one game client (it restarts a dead game worker and restores the game: see gameClient.ts). */
export function getGame(): GameClient {
  if (!client) client = createGameClient(undefined, { onRestart: (e: GameRestartEvent) => window.dispatchEvent(new CustomEvent(GAME_RESTART_EVENT, { detail: e })) });
  return client;
}

/** The game the Play mode talks to: the game worker (hot-seat) or the game server (online). */
export type PlayGame = GameClient | OnlineGame;

/**
 * The page's game connection: the online game when the page's address names one (null until it
 * is connected), else the game worker's client. The Play mode asks it everything; only the seat
 * tells them apart (hot-seat acts for both players, an online page for its seat only).
 */
export function playGame(): PlayGame | null {
  return onlineLink() ? onlineGame() : getGame();
}

/**
 * The autosave text this page wrote last from the game worker's game (null: none since the page
 * loaded). While the autosave still reads so, the game worker holds that very game, and Play shows
 * it as it stands instead of replaying it ({@link startGame}).
 */
let heldAutosave: string | null = null;

/** Writes the autosave (`saved`: the game worker's game, saved now). */
export function autosave(saved: SavedGame): void {
  const text = JSON.stringify(saved);
  try {
    localStorage.setItem(AUTOSAVE_KEY, text);
    heldAutosave = text;
  } catch (e) {
    heldAutosave = null;
    console.warn('Sightline: the game could not be autosaved', e);
  }
}

/**
 * Whether the game worker holds the autosaved game `saved` (its text): this page wrote it last and
 * nothing replaced it since, or else the worker's game saves to the very same text (one `save`,
 * tens of ms, against seconds to replay it). False when the worker holds no game.
 */
async function workerHoldsAutosave(saved: string): Promise<boolean> {
  if (heldAutosave !== null && saved === heldAutosave) return true;
  try {
    return JSON.stringify(await getGame().save()) === saved;
  } catch {
    return false;
  }
}

/** What the start-up did: resumed the autosave, opened a replay, or started a new game. */
export type StartKind = 'resumed' | 'replay' | 'new' | 'online';
let startKind: StartKind = 'new';
let startProblems: string[] = [];
/** How the game was started on this page load (and why an autosave was not resumed). */
export function startInfo(): { kind: StartKind; problems: string[] } {
  return { kind: startKind, problems: startProblems };
}

/** Starts the game: a pending replay, else the autosave, else a new hot-seat game. */
export async function startGame(): Promise<GameSummary> {
  const g = getGame();
  // Reopened in place on the game the worker holds (reopenPlay): shown as it stands.
  if (heldStart !== null) {
    startKind = heldStart;
    heldStart = null;
    startProblems = [];
    return g.summary();
  }
  /** The worker holds a replay (shown last on this page): never taken for the autosaved game. */
  const replayHeld = startKind === 'replay';
  const replay = sessionStorage.getItem(REPLAY_KEY);
  if (replay) {
    sessionStorage.removeItem(REPLAY_KEY);
    const r = await g.load(JSON.parse(replay), { replay: true });
    // Whatever the worker held (the autosaved game among them) is replaced, or the load failed.
    heldAutosave = null;
    if (r.ok) {
      startKind = 'replay';
      return r.summary;
    }
    startProblems = r.problems;
  }
  // The game worker holds the autosaved game already (a battle just started on this page, or Play
  // left and resumed): shown as it stands, not started a second time by replaying it.
  const saved = localStorage.getItem(AUTOSAVE_KEY);
  if (saved) {
    // 'new' when Start the battle just started it; else resumed.
    if (!replayHeld && (await workerHoldsAutosave(saved))) {
      if (startKind !== 'new') startKind = 'resumed';
      startProblems = [];
      return g.summary();
    }
    try {
      const r = await g.load(JSON.parse(saved));
      // The worker holds this autosave now (or, refused, whatever it held: not known to be one).
      heldAutosave = r.ok ? saved : null;
      if (r.ok) {
        startKind = 'resumed';
        return r.summary;
      }
      startProblems = r.problems;
    } catch (e) {
      startProblems = [(e as Error).message];
    }
  }
  return newGame();
}

/**
 * A new hot-seat game (a fresh seed), autosaved: the armies set up in their territories, or, with
 * `deployment`, every unit to be deployed in the deployment phase (Core 10.0).
 */
export async function newGame(seed: number = Math.floor(Math.random() * 1e9), options: { deployment?: boolean } = {}): Promise<GameSummary> {
  const g = getGame();
  const r = await g.startOnTable(options.deployment ? deploymentSetup(seed) : hotseatSetup(seed));
  if (!r.ok) throw new Error(r.problems.join('\n'));
  startKind = 'new';
  autosave(await g.save());
  return r.summary;
}

export { armyId, gameScenario, scenarioModel } from './gameScenario';

/** The page's scenario source in Play mode: start (or resume) the game, then draw it on the default battlefield. */
export async function playScenarioSource(): Promise<ScenarioSource> {
  const link = onlineLink();
  if (link) return onlineScenarioSource(link);
  const [src, summary] = await Promise.all([fetchScenario(null), startGame()]);
  // The measure and line-of-sight tools ask the game's own World (the game worker) during a game.
  getEngine().routeQueries((q) => getGame().query(q).then((r) => (r.ok ? r : { ok: false as const, problems: r.problems })));
  const [state, saved] = await Promise.all([getGame().state(), getGame().save()]);
  return { ...src, ...(await gameTable(saved, state, summary)), label: 'Play', fallbackName: 'Play' };
}

/**
 * The game's own table (the one the rules engine measures), its meshes as the saved game carries
 * them, with every model where the game has it (plan position and height from the drawn table).
 */
async function gameTable(saved: SavedGame, state: GameState, summary: GameSummary): Promise<Pick<ScenarioSource, 'meshes' | 'json'>> {
  const drawn = await drawableTable(saved);
  return { meshes: drawn.meshes, json: gameScenario({ ...drawn.json, units: [] }, state, summary, drawnModels(drawn.json)) };
}

/**
 * The scenario source of an online game: joins the room the address names, then draws the game's
 * table (as the server's saved game carries it) with every model where the server's game has it.
 * The measuring tools stay on the page's engine worker, which holds that table at the game's
 * positions (moved with every update), so measure and line of sight work for every client,
 * spectators included.
 */
async function onlineScenarioSource(link: OnlineLink): Promise<ScenarioSource> {
  const [src, g] = await Promise.all([fetchScenario(null), connectOnline(link)]);
  g.answerQueries = (q) => getEngine().client.query(q);
  const [state, saved, summary] = await Promise.all([g.state(), g.save(), g.summary()]);
  startKind = 'online';
  return { ...src, ...(await gameTable(saved, state, summary)), label: 'Play online', fallbackName: 'Play online' };
}

/** An army chosen for a new battle: a sample army or a file read by the game worker. */
export interface ChosenArmy {
  /** Shown to the player. */
  label: string;
  roster: unknown;
}

/** The two sample armies (assets/armies). */
export function sampleArmies(): ChosenArmy[] {
  const r = sampleRosters();
  return [
    { label: 'Stormcast Eternals (sample)', roster: r.p1 },
    { label: 'Skaven (sample)', roster: r.p2 },
  ];
}

/**
 * Builds ahead, in the game worker, the terrain index of the battlefield a battle may start on (the
 * engine's current scenario and its mesh files, as {@link startBattle} would give them), while the
 * players choose their armies: Start then finds it (issue 35 item 6). Problems are left for the
 * start to report.
 */
export async function prepareBattle(scenario: unknown, meshes: Record<string, ArrayBuffer | ArrayBufferView>): Promise<void> {
  const { bundled, meshFiles } = gameMeshes(scenario, meshes);
  await getGame().prepareTable({ scenario, meshFiles, bundled });
}

/**
 * Starts a battle on the battlefield open now (the engine's current scenario and its mesh files)
 * with two armies, each playing one of the scenario's armies (a territory key): the game worker
 * checks everything (GAME.md `start`); on success the game is autosaved, to be resumed by the Play
 * page. Kenney pieces (`bundled:kenney/...` as saved files name them, or `../kenney/...` as the
 * default scenario and the palette do) are carried as bundled assets; other meshes by their bytes
 * (`gameMeshes`).
 * @returns the problems (each with its path) when the game cannot start; the sandbox stays.
 */
export async function startBattle(input: {
  scenario: unknown;
  meshes: Record<string, ArrayBuffer | ArrayBufferView>;
  armies: Record<'p1' | 'p2', { army: string; roster: unknown }>;
  deploy: 'auto' | 'manual';
  seed?: number;
  /** A battleplan id (`src/game/start.ts` BATTLEPLANS; a Path to Glory battle from the campaign screen). Default Take and Hold. */
  battleplan?: string;
}): Promise<{ ok: true } | { ok: false; problems: string[] }> {
  const { bundled, meshFiles } = gameMeshes(input.scenario, input.meshes);
  const g = getGame();
  const r = await g.startOnTable({ scenario: input.scenario, meshFiles, bundled, armies: input.armies, deploy: input.deploy, seed: input.seed ?? Math.floor(Math.random() * 1e9), ...(input.battleplan ? { battleplan: input.battleplan } : {}) });
  if (!r.ok) return r;
  startKind = 'new';
  // The game in progress (if any) stays recoverable: "Resume previous game" in the Play panel.
  keepPrevious();
  autosave(await g.save());
  return { ok: true };
}
