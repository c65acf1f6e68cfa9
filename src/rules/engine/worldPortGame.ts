/**
 * Headless games over the real geometry (named `worldPort*` because it builds Worlds): set-up
 * formations, replaying a saved game, and recording the sample game with the scripted policy.
 *
 * @module
 */

import { BattlefieldSchema, type BattlefieldInput } from './battlefield';
import { stateHash } from './hash';
import { playScripted } from './policy';
import { reduce } from './reduce';
import type { Roster, RosterInput } from './roster';
import { SavedGameSchema, type SavedGame } from './savedGame';
import { PLAYERS, createGame, type Action, type GameState, type PlayerId } from './state';
import { buildWorld, worldPort } from './worldPort';
import type { GeometryPort } from './geometryPort';

const MM = 25.4;

/**
 * Set-up positions for every model: each unit in a block of rows (up to 5 models per row, bases
 * 0.3" apart edge to edge, so units of 7+ models have 2 neighbours), units side by side along
 * the player's deployment line (`y` of the front row), facing the other player. Blocks that do
 * not fit across the battlefield go to a second band in front of the first (1.5" between bands).
 */
export function formation(rosters: Record<PlayerId, Roster>, width: number, lines: Record<PlayerId, number>): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const p of PLAYERS) {
    const dir = lines[p] < lines[p === 'p1' ? 'p2' : 'p1'] ? -1 : 1;
    const blocks = rosters[p].units.map((u) => {
      const d = Math.max(...u.models.map((m) => (m.base.shape === 'round' ? m.base.diameterMm : m.base.lengthMm) / MM));
      const perRow = Math.min(5, u.models.length);
      const rows = Math.ceil(u.models.length / perRow);
      return { u, d, perRow, w: perRow * (d + 0.3), depth: rows * (d + 0.3) };
    });
    const bands: (typeof blocks)[] = [[]];
    let used = 0;
    for (const b of blocks) {
      const cur = bands[bands.length - 1];
      if (cur.length > 0 && used + 1.5 + b.w > width - 2) {
        bands.push([b]);
        used = b.w;
      } else {
        cur.push(b);
        used += (cur.length > 1 ? 1.5 : 0) + b.w;
      }
    }
    bands.forEach((band, k) => {
      const depth = Math.max(...band.map((b) => b.depth));
      const line = k === 0 ? lines[p] : lines[p] - dir * (1.5 + depth) * k;
      const total = band.reduce((a, b) => a + b.w, 0) + (band.length - 1) * 1.5;
      let x = Math.max(1, (width - total) / 2);
      for (const b of band) {
        b.u.models.forEach((m, i) => {
          const col = i % b.perRow;
          const rowN = Math.floor(i / b.perRow);
          out[m.id] = [Math.round((x + b.d / 2 + col * (b.d + 0.3)) * 1000) / 1000, Math.round((line + dir * rowN * (b.d + 0.3)) * 1000) / 1000];
        });
        x += b.w + 1.5;
      }
    });
  }
  return out;
}

/** Result of {@link replaySaved}. */
export interface ReplayResult {
  readonly state: GameState;
  readonly summary: { round: number; phase: string | null; stage: string; vp: Record<PlayerId, number>; unitsLeft: Record<PlayerId, number>; winner: string | null; stateHash: string };
}

/**
 * The game a saved game's set-up starts (`createGame` with every set-up field the file carries:
 * seed, rosters, who finished deploying first, battleplan, territories, deployment, reserves).
 * One place, so the CLI, the replays and the game worker can never start a saved game differently.
 */
export function createGameFromSetup(saved: Pick<SavedGame, 'seed' | 'rosters' | 'finishedDeployingFirst' | 'battleplan' | 'territories' | 'reserves'> & { deployment?: Parameters<typeof createGame>[0]['deployment'] }): ReturnType<typeof createGame> {
  return createGame({
    seed: saved.seed,
    rosters: saved.rosters as Record<PlayerId, RosterInput>,
    finishedDeployingFirst: saved.finishedDeployingFirst,
    battleplan: saved.battleplan,
    ...(saved.territories ? { territories: saved.territories } : {}),
    ...(saved.deployment ? { deployment: saved.deployment } : {}),
    ...(saved.reserves ? { reserves: saved.reserves } : {}),
  });
}

/** Start a saved game's setup: the initial state and a port over a fresh World. */
export function startSaved(saved: SavedGame): { state: GameState; port: GeometryPort } {
  const g = createGameFromSetup(saved);
  if (!g.ok) throw new Error(`invalid setup: ${g.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  const rosters = { p1: g.state.players.p1.roster, p2: g.state.players.p2.roster };
  const bf = BattlefieldSchema.parse(saved.battlefield);
  return { state: g.state, port: worldPort(buildWorld(bf, rosters)) };
}

/** Summary of a state: round, phase, VP, units left, hash. */
export function summarise(s: GameState): ReplayResult['summary'] {
  const unitsLeft = { p1: 0, p2: 0 };
  for (const u of Object.values(s.units)) {
    const models = s.players[u.owner].roster.units.find((x) => x.id === u.id)!.models.length;
    if (u.slain.length < models) unitsLeft[u.owner]++;
  }
  return {
    round: s.round,
    phase: s.phase,
    stage: s.stage,
    vp: { p1: s.players.p1.vp, p2: s.players.p2.vp },
    unitsLeft,
    winner: s.winner,
    stateHash: stateHash(s),
  };
}

/** Replay a saved game headless. Throws (with the action index) if an action is rejected. */
export function replaySaved(input: unknown): ReplayResult {
  const saved = SavedGameSchema.parse(input);
  let { state, port } = startSaved(saved);
  saved.actions.forEach((a, i) => {
    const r = reduce(state, a, port);
    if (!r.ok) throw new Error(`action ${i} rejected: ${r.reason} (${r.rule}): ${JSON.stringify(a)}`);
    state = r.state;
  });
  return { state, summary: summarise(state) };
}

/** The sample battlefield: 60"×44", three objectives, a few terrain features. */
export function sampleBattlefield(rosters: Record<PlayerId, Roster>): BattlefieldInput {
  return {
    width: 60,
    depth: 44,
    terrain: [
      { id: 'ruined-wall', type: 'obstacle', boxes: [{ center: [12, 22], size: [6, 0.8, 2] }] },
      { id: 'watchtower', type: 'obscuring', abilities: ['cover', 'obscuring', 'unstable', 'impassable'], boxes: [{ center: [48, 22], size: [3, 3, 6] }] },
      { id: 'nexus-syphon', type: 'placeOfPower', cylinders: [{ center: [30, 30], radius: 1, height: 2 }] },
    ],
    objectives: [
      { id: 'o1', x: 15, y: 16 },
      { id: 'o2', x: 30, y: 22 },
      { id: 'o3', x: 45, y: 28 },
    ],
    // Territories (Core 9.1.2): p1 the southern 16", p2 the northern 16" (12" apart: Deploy Unit's 9" gap fits).
    territories: {
      p1: [[0, 0], [60, 0], [60, 16], [0, 16]],
      p2: [[0, 28], [60, 28], [60, 44], [0, 44]],
    },
    placement: formation(rosters, 60, { p1: 6, p2: 38 }),
  };
}

/**
 * Record a game played by the scripted policy (the sample game). With `deploy`, the game starts
 * with the deployment phase (Core 10.0; p1 begins, territories p1/p2 of the sample battlefield)
 * and the policy deploys every unit at its formation position.
 */
export function recordScripted(seed: number, rosterInputs: Record<PlayerId, RosterInput>, deploy = false): SavedGame {
  const dep = deploy ? { territories: { p1: 'p1', p2: 'p2' } as Record<PlayerId, string>, deployment: { beginsDeployment: 'p1' as const } } : {};
  const g = createGame({ seed, rosters: rosterInputs, finishedDeployingFirst: 'p1', battleplan: { objectives: ['o1', 'o2', 'o3'] }, ...dep });
  if (!g.ok) throw new Error(JSON.stringify(g.issues));
  const rosters = { p1: g.state.players.p1.roster, p2: g.state.players.p2.roster };
  const battlefield = sampleBattlefield(rosters);
  const port = worldPort(buildWorld(battlefield, rosters));
  const { actions } = playScripted(g.state, port, 5000, { placement: battlefield.placement });
  return {
    format: 'sightline-game/1',
    seed,
    finishedDeployingFirst: 'p1',
    ...dep,
    battleplan: { objectives: ['o1', 'o2', 'o3'] },
    rosters: rosterInputs,
    battlefield,
    actions: actions as Action[],
  };
}
