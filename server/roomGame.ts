/**
 * A battle room's game, wherever it runs (issue 36 item 2): {@link LocalRoomGame} holds a
 * {@link GameSession} on the server's event loop (light tables: bundled meshes only, the usual
 * case); a heavy table (a large create: embedded meshes) is built and played in a worker thread
 * of the table pool (`tablePool.ts`), which hosts the same {@link LocalRoomGame} and answers
 * through the same {@link RoomGame} interface. The room never knows which.
 *
 * Everything that reads a create's or a saved room's JSON lives here, so the worker and the room
 * check it with the same code: {@link openRoomGame} (create options: SCENARIO.md table + armies,
 * or a GAME.md saved game; every problem with its path; the triangle caps) and
 * {@link restoreRoomGame} (a stored room).
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { loggedActions } from '../src/rules/engine';
import { readBundledNode } from '../src/game/node';
import { GameSession, type GameSummary } from '../src/game/session';
import { repoPathOf } from '../src/game/table';
import { SavedCreateSchema, TableCreateSchema, zodProblems, type AskMethod, type UpdateMessage } from '../src/game/network';

/** An action's outcome as the room sends it: accepted (with what goes into its `update`) or refused. */
export type ActOutcome =
  | { ok: true; events: UpdateMessage['events']; lines: UpdateMessage['lines']; steps: UpdateMessage['steps']; accepted: unknown[]; summary: GameSummary }
  | { ok: false; reason: string; rule: string };

/** An `ask` answered, with what it cost (ms of the session's work). */
export interface AskOutcome {
  value: unknown;
  costMs: number;
}

/** One room's game (see the module comment). */
export interface RoomGame {
  /** The summary after the last accepted action (kept on the room's side: no round trip). */
  summary(): GameSummary;
  /** Triangles of the meshes the table embeds or carries (bundled meshes, the server's own, are not counted). */
  readonly triangles: number;
  /** Plays one action (the session's `act`); resolves with what the room sends. */
  act(action: unknown): Promise<ActOutcome>;
  /** A read-only question (`ASK_METHODS`); rejects with the session's error. */
  ask(method: AskMethod, args: (string | number)[]): Promise<AskOutcome>;
  /** The saved game without its seed (`snapshot`). */
  snapshot(): Promise<unknown>;
  /** Frees the game (the worker forgets it). */
  close(): void;
}

/** Limits a new table is checked against (from the server's configuration). */
export interface TableLimits {
  /** Longest saved game a room may be created from (accepted actions). */
  maxSavedActions: number;
  /** Most triangles one table may carry. */
  maxTableTriangles: number;
  /** Triangles the process may still take (its cap minus the live tables'). */
  triangleBudget: number;
}

/** A table refused: the HTTP status and every problem. */
export interface Refusal {
  ok: false;
  status: number;
  problems: string[];
}

/** A new room's game: the game, its set-up as JSON (the saved game without actions) and its actions (a saved-game create). */
export interface OpenedGame {
  ok: true;
  game: LocalRoomGame;
  setupJson: string;
  actions: unknown[];
}

/** Where a bundled mesh `src` of a scenario lies in this checkout (`../kenney/x.glb` as the bundled scenarios name it). */
function bundledPath(src: string): string | null {
  const path = src.startsWith('assets/') ? repoPathOf(src, '') : repoPathOf(src, 'assets/scenarios/scenario.json');
  return path.startsWith('assets/') ? path : null;
}

/**
 * Triangles of every mesh a create or saved game carries, counted without building anything:
 * each `triangles` array (SCENARIO.md inline meshes) and each carried `positions` (base64 of
 * float32 x, y, z: 36 bytes a triangle). Arrays of numbers are not walked.
 */
export function countTriangles(value: unknown, depth = 0): number {
  if (depth > 12 || value === null || typeof value !== 'object') return 0;
  if (Array.isArray(value)) {
    if (value.length === 0 || typeof value[0] === 'number' || (Array.isArray(value[0]) && typeof value[0][0] === 'number')) return 0;
    let n = 0;
    for (const v of value) n += countTriangles(v, depth + 1);
    return n;
  }
  let n = 0;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === 'triangles' && Array.isArray(v)) n += v.length;
    else if (k === 'positions' && typeof v === 'string') n += Math.floor((v.length * 3) / 4 / 36);
    else n += countTriangles(v, depth + 1);
  }
  return n;
}

/** Refuses a table over the caps (before anything is built). */
function triangleRefusal(triangles: number, limits: TableLimits): Refusal | null {
  if (triangles > limits.maxTableTriangles)
    return { ok: false, status: 413, problems: [`Network: table: its meshes have ${triangles} triangles, at most ${limits.maxTableTriangles} on one table (MAX_TABLE_TRIANGLES)`] };
  if (triangles > limits.triangleBudget)
    return { ok: false, status: 503, problems: [`Network: server full: its meshes have ${triangles} triangles and this server can take ${Math.max(0, limits.triangleBudget)} more now (MAX_PROCESS_TRIANGLES); try again later`] };
  return null;
}

/**
 * A new room's game from its create options (NETWORK.md): checked (every problem with its path),
 * capped (triangles), built and started. Never throws for bad input: a {@link Refusal}.
 */
export async function openRoomGame(options: Record<string, unknown>, limits: TableLimits): Promise<OpenedGame | Refusal> {
  const triangles = countTriangles('savedGame' in options ? options.savedGame : options.scenario);
  const capped = triangleRefusal(triangles, limits);
  if (capped) return capped;
  const session = new GameSession({ readBundled: readBundledNode });
  let started: { ok: true } | { ok: false; problems: string[] };
  if ('savedGame' in options) {
    const p = SavedCreateSchema.safeParse(options);
    if (!p.success) return { ok: false, status: 400, problems: zodProblems(p.error) };
    const actions = (p.data.savedGame as { actions?: unknown }).actions;
    if (Array.isArray(actions) && actions.length > limits.maxSavedActions) return { ok: false, status: 400, problems: [`savedGame.actions: ${actions.length} actions, at most ${limits.maxSavedActions}`] };
    const r = await session.load(p.data.savedGame);
    started = r.ok ? { ok: true } : { ok: false, problems: r.problems.map((x) => `savedGame.${x}`) };
  } else {
    const p = TableCreateSchema.safeParse(options);
    if (!p.success) return { ok: false, status: 400, problems: zodProblems(p.error) };
    const o = p.data;
    const [a1, a2] = Object.keys(o.armies);
    const bundled: Record<string, string> = {};
    const problems: string[] = [];
    for (const t of (o.scenario as { terrain?: { pieces?: { src?: unknown }[] }[] }).terrain ?? []) {
      for (const piece of Array.isArray(t?.pieces) ? t.pieces : []) {
        if (typeof piece?.src !== 'string') continue;
        const given = o.bundled?.[piece.src];
        const path = given !== undefined ? bundledPath(given) : bundledPath(piece.src);
        if (path) bundled[piece.src] = path;
        else problems.push(`scenario: mesh "${piece.src}" is not a bundled asset of Sightline (embed its triangles as a mesh piece instead)`);
      }
    }
    if (problems.length) return { ok: false, status: 400, problems };
    const r = await session.startOnTable({
      scenario: o.scenario,
      bundled,
      armies: { p1: { army: a1, roster: o.armies[a1] }, p2: { army: a2, roster: o.armies[a2] } },
      seed: o.seed ?? randomBytes(4).readUInt32LE(0),
      ...(o.battleplan ? { battleplan: o.battleplan } : {}),
      ...(o.deploy ? { deploy: o.deploy } : {}),
    });
    started = r.ok ? { ok: true } : { ok: false, problems: r.problems };
  }
  if (!started.ok) return { ok: false, status: 400, problems: started.problems };
  const { actions, ...setup } = session.save();
  return { ok: true, game: new LocalRoomGame(session, triangles), setupJson: JSON.stringify(setup), actions };
}

/**
 * A stored room's game: its set-up (`setup`, the saved game without actions) and its actions.
 * @throws Error when the saved game does not load (the room cannot be restored).
 */
export async function restoreRoomGame(setup: unknown, actions: unknown[]): Promise<LocalRoomGame> {
  const session = new GameSession({ readBundled: readBundledNode });
  const r = await session.load({ ...(setup as object), actions });
  if (!r.ok) throw new Error(`its saved game does not load: ${r.problems.join('; ')}`);
  return new LocalRoomGame(session, countTriangles(setup));
}

/** A room's game on this thread (see the module comment). */
export class LocalRoomGame implements RoomGame {
  private last: GameSummary;

  constructor(
    private readonly session: GameSession,
    readonly triangles: number,
  ) {
    this.last = session.summary();
  }

  summary(): GameSummary {
    return this.last;
  }

  /** {@link act} without the promise (the worker and the room share it). */
  actNow(action: unknown): ActOutcome {
    // The actions logged so far (not a whole summary: that is built once, by act).
    const before = loggedActions(this.session.state()).length;
    const r = this.session.act(action);
    if (!r.ok) return { ok: false, reason: r.reason, rule: r.rule };
    this.last = r.summary;
    return { ok: true, events: r.events, lines: r.lines, steps: r.steps, accepted: loggedActions(this.session.state()).slice(before), summary: r.summary };
  }

  async act(action: unknown): Promise<ActOutcome> {
    return this.actNow(action);
  }

  /** {@link ask} without the promise; throws the session's error. */
  askNow(method: AskMethod, args: (string | number)[]): AskOutcome {
    const t0 = performance.now();
    const [a, b, c] = args;
    const s = this.session;
    const value =
      method === 'options' ? s.options(String(a))
      : method === 'generalOptions' ? s.generalOptions()
      : method === 'expectedDamage' ? s.expectedDamage(String(a), String(b), c === 'shoot' || c === 'fight' ? c : undefined)
      : method === 'log' ? s.log(typeof a === 'number' ? a : 0)
      : method === 'summary' ? s.summary()
      : { ...s.state(), seed: '', dice: null };
    return { value, costMs: performance.now() - t0 };
  }

  async ask(method: AskMethod, args: (string | number)[]): Promise<AskOutcome> {
    return this.askNow(method, args);
  }

  snapshotNow(): unknown {
    const { seed: _seed, ...saved } = this.session.save();
    return saved;
  }

  async snapshot(): Promise<unknown> {
    return this.snapshotNow();
  }

  close(): void {
    // Nothing held beyond the object itself.
  }
}
