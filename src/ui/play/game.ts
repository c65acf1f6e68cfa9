/**
 * Play mode plumbing: whether the page is in Play mode (`?play=1`), the page's one game client
 * (`workers/game.worker.ts`), the autosave (localStorage), and the scenario the page draws for the
 * game: the default battlefield file (its real meshes) with the game's armies where the game says
 * they stand now (slain models left out), or, for a game on another battlefield, that battlefield.
 */
import { createGameClient, type GameClient, type GameRestartEvent, type GameState, type GameSummary, type SavedGame } from '../../client/gameClient';
import { defaultBattlefieldTerrain, deploymentSetup, hotseatSetup } from '../../../workers/gameSetup';
import { fetchScenario, type ScenarioSource } from '../scenarioSource';

/** localStorage key of the autosaved game (the saved-game format). */
export const AUTOSAVE_KEY = 'sightline.play.autosave';
/** sessionStorage key of a saved game to open in step-by-step replay after the reload. */
export const REPLAY_KEY = 'sightline.play.replay';

/** Whether the page was opened in Play mode. */
export function isPlayMode(search: string = typeof window === 'undefined' ? '' : window.location.search): boolean {
  const v = new URLSearchParams(search).get('play');
  return v !== null && v !== '0' && v !== 'false';
}

/** Switches Play mode on or off (a reload: the table shows the game's armies, or the scenario). */
export function setPlayMode(on: boolean): void {
  const url = new URL(window.location.href);
  if (on) url.searchParams.set('play', '1');
  else url.searchParams.delete('play');
  window.location.assign(url.href);
}

/** Window event dispatched after the game worker was restarted and the game restored (`detail`: {@link GameRestartEvent}). */
export const GAME_RESTART_EVENT = 'sightline-game-restart';

let client: GameClient | null = null;
/** The page's one game client (it restarts a dead game worker and restores the game: see gameClient.ts). */
export function getGame(): GameClient {
  if (!client) client = createGameClient(undefined, { onRestart: (e: GameRestartEvent) => window.dispatchEvent(new CustomEvent(GAME_RESTART_EVENT, { detail: e })) });
  return client;
}

/** Writes the autosave. */
export function autosave(saved: SavedGame): void {
  try {
    localStorage.setItem(AUTOSAVE_KEY, JSON.stringify(saved));
  } catch (e) {
    console.warn('Sightline: the game could not be autosaved', e);
  }
}

/** What the start-up did: resumed the autosave, opened a replay, or started a new game. */
export type StartKind = 'resumed' | 'replay' | 'new';
let startKind: StartKind = 'new';
let startProblems: string[] = [];
/** How the game was started on this page load (and why an autosave was not resumed). */
export function startInfo(): { kind: StartKind; problems: string[] } {
  return { kind: startKind, problems: startProblems };
}

/** Starts the game: a pending replay, else the autosave, else a new hot-seat game. */
export async function startGame(): Promise<GameSummary> {
  const g = getGame();
  const replay = sessionStorage.getItem(REPLAY_KEY);
  if (replay) {
    sessionStorage.removeItem(REPLAY_KEY);
    const r = await g.load(JSON.parse(replay), { replay: true });
    if (r.ok) {
      startKind = 'replay';
      return r.summary;
    }
    startProblems = r.problems;
  }
  const saved = localStorage.getItem(AUTOSAVE_KEY);
  if (saved) {
    try {
      const r = await g.load(JSON.parse(saved));
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
  const r = await g.newGame(options.deployment ? deploymentSetup(seed) : hotseatSetup(seed));
  if (!r.ok) throw new Error(r.problems.join('\n'));
  startKind = 'new';
  autosave(await g.save());
  return r.summary;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'army';

/** The scenario army id of a player's army. */
export function armyId(state: GameState, p: 'p1' | 'p2'): string {
  return `${p}-${slug(state.players[p].roster.faction ?? state.players[p].roster.name)}`;
}

type RosterModel = GameState['players']['p1']['roster']['units'][number]['models'][number];

function modelObject(m: RosterModel, position: [number, number]) {
  return {
    id: m.id,
    base: m.base.shape === 'round' ? { round: m.base.diameterMm } : { oval: [m.base.lengthMm, m.base.widthMm] },
    height: 1.25, // the rules' model volume (battlefield.ts default)
    position,
  };
}

/** The scenario-file model object of a roster model standing at `position` (null if unknown). */
export function scenarioModel(state: GameState, modelId: string, position: [number, number]): unknown {
  for (const p of ['p1', 'p2'] as const) {
    for (const u of state.players[p].roster.units) {
      const m = u.models.find((x) => x.id === modelId);
      if (m) return modelObject(m, position);
    }
  }
  return null;
}

/** The rules' battlefield of a saved game (`SavedGame.battlefield`), as far as drawing it needs. */
interface GameBattlefield {
  width?: number;
  depth?: number;
  terrain?: { id: string; type: string; abilities?: string[]; boxes?: { center: [number, number]; size: [number, number, number]; rotationDeg?: number; elevation?: number }[]; cylinders?: { center: [number, number]; radius: number; height: number; elevation?: number }[] }[];
  objectives?: { id: string; x: number; y: number }[];
  territories?: Record<string, [number, number][]>;
  placement?: Record<string, [number, number]>;
}

/**
 * Whether a game is played on the default battlefield (the same size, terrain features and
 * objectives as the hot-seat set-ups derive from the default scenario): then the page draws the
 * default scenario, with its real meshes.
 */
export function onDefaultBattlefield(bf: GameBattlefield): boolean {
  const d = defaultBattlefieldTerrain();
  const ids = (xs: { id: string }[] | undefined) => (xs ?? []).map((x) => x.id).join('|');
  const objectives = (xs: { id: string; x: number; y: number }[] | undefined) => JSON.stringify((xs ?? []).map((o) => [o.id, o.x, o.y]));
  return (bf.width ?? 60) === d.width && (bf.depth ?? 44) === d.depth && ids(bf.terrain) === ids(d.terrain ?? []) && objectives(bf.objectives) === objectives(d.objectives);
}

/**
 * A scenario file drawing a game's own battlefield (a saved game made elsewhere, e.g. by the CLI):
 * its boxes and cylinders as pieces of the same features (types and abilities kept), its
 * objectives and territories. The units are added by {@link gameScenario}.
 */
export function battlefieldScenario(bf: GameBattlefield, name: string): Record<string, unknown> {
  return {
    name,
    battlefield: { width: bf.width ?? 60, depth: bf.depth ?? 44 },
    terrain: (bf.terrain ?? []).map((t) => ({
      id: t.id,
      type: t.type,
      ...(t.abilities ? { abilities: t.abilities } : {}),
      pieces: [
        ...(t.boxes ?? []).map((b) => ({ shape: 'box', center: b.center, size: b.size, rotation: b.rotationDeg ?? 0, elevation: b.elevation ?? 0 })),
        ...(t.cylinders ?? []).map((c) => ({ shape: 'cylinder', center: c.center, radius: c.radius, height: c.height, elevation: c.elevation ?? 0 })),
      ],
    })),
    objectives: (bf.objectives ?? []).map((o) => ({ id: o.id, position: [o.x, o.y] })),
    ...(bf.territories ? { territories: bf.territories } : {}),
  };
}

/**
 * The default battlefield file with the game's units where they stand now. Units in reserve
 * (Core 24.1) are included at their set-up position (`placement`) although they are off the
 * table: the page takes them off at its first board sync and keeps them to bring back when their
 * player may set them up (see `applyBoard` in usePlay).
 */
export function gameScenario(base: unknown, state: GameState, summary: GameSummary, placement: Record<string, [number, number]> = {}): unknown {
  const json = structuredClone(base) as Record<string, unknown>;
  const units: unknown[] = [];
  for (const p of ['p1', 'p2'] as const) {
    for (const u of state.players[p].roster.units) {
      const inReserve = state.units[u.id]?.status === 'reserve';
      const at = (id: string) => summary.board.positions[id] ?? (inReserve ? placement[id] : undefined);
      const models = u.models.filter((m) => at(m.id)).map((m) => modelObject(m, at(m.id)!));
      if (models.length) units.push({ id: u.id, army: armyId(state, p), name: u.name, keywords: u.warscroll.keywords, ...(u.warscroll.coherencyRange ? { coherencyRange: u.warscroll.coherencyRange } : {}), models });
    }
  }
  json.units = units;
  delete json.queries;
  json.name = `${String(json.name ?? 'Battle')} — ${state.players.p1.roster.name} vs ${state.players.p2.roster.name}`;
  return json;
}

/** The page's scenario source in Play mode: start (or resume) the game, then draw it on the default battlefield. */
export async function playScenarioSource(): Promise<ScenarioSource> {
  const [src, summary] = await Promise.all([fetchScenario(null), startGame()]);
  const [state, saved] = await Promise.all([getGame().state(), getGame().save()]);
  const bf = (saved.battlefield ?? {}) as GameBattlefield;
  const placement = bf.placement ?? {};
  // A game on another battlefield (a saved game made elsewhere) is drawn on its own terrain and
  // objectives, so the table shows what the rules engine measures.
  const base = onDefaultBattlefield(bf) ? src.json : battlefieldScenario(bf, 'Battlefield of the saved game');
  return { ...src, json: gameScenario(base, state, summary, placement), label: 'Play', fallbackName: 'Play' };
}
