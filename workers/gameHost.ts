/**
 * The game worker's calls that change the game, answered together with the crash-recovery
 * snapshot in one message (issue 35 item 6: the drop's verdict waited for a second round trip, the
 * snapshot, behind a busy page), and the snapshot sent as a delta: the saved game's set-up (the
 * table, its meshes, both armies: the bulk) only when it is not the one sent last time, else just
 * the accepted actions and the replay position. `src/client/gameClient.ts` rebuilds the whole
 * {@link GameSnapshot} from them. Also the live drag label's question, given up for a newer one
 * ({@link GameHostApi.liveShortestPaths}).
 */
import { loggedActions, type GameState } from '../src/rules/engine';
import type { GameSession } from '../src/game/session';
import type { GameSnapshot, ShortestPathsOptions, ShortestPathsResult } from '../src/game/session/types';

/** The session's methods that may change the game. */
export type GameChangeMethod = 'newGame' | 'startOnTable' | 'act' | 'undo' | 'load' | 'replayStep' | 'replayTo' | 'replayBack' | 'restore';

/** The snapshot sent with a change: `setup` only when it changed since the last one sent. */
export interface SnapshotDelta {
  /** The saved game without its actions (the set-up and table), when new; else absent (the client keeps the last). */
  setup?: Omit<GameSnapshot['saved'], 'actions'>;
  actions: unknown[];
  replay: GameSnapshot['replay'];
}

/** The answer of a live question given up for a newer one ({@link GameHostApi.liveShortestPaths}). */
export interface Superseded {
  ok: false;
  superseded: true;
  problems: string[];
}

/** What {@link gameHost} adds to the session exposed by the worker. */
export interface GameHostApi {
  /** Calls `method(...args)`; when it succeeds, answers its snapshot (delta) with it. */
  changeAndSnapshot(method: GameChangeMethod, args: unknown[]): Promise<{ result: { ok: boolean }; snapshot: SnapshotDelta | null }>;
  /**
   * The live drag label's question (issue 35 item 6): `session.shortestPaths(goals, options)`,
   * worked one model at a time; every {@link LIVE_SLICE_MS} the worker reads its messages, and when
   * a live question with a larger `seq` has arrived meanwhile this one is given up
   * ({@link Superseded}): the label waits for the newest pointer position only, never for the
   * rest of an older one's search. An answer is exactly `shortestPaths`' on one state.
   * @param seq - increasing per page (the page's count of live questions).
   */
  liveShortestPaths(seq: number, goals: Record<string, readonly [number, number]>, options?: ShortestPathsOptions): Promise<ShortestPathsResult | Superseded>;
}

/**
 * How long a live question works before the worker reads its messages, ms (a newer question, or
 * any other call, waits at most about this plus one model's search).
 */
export const LIVE_SLICE_MS = 4;

/** Resolves in a new task after the messages already queued for this thread (a MessageChannel's message, not clamped as nested timers are). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

/** The session's private fields the host reads (the set-up's identity, the replay position). */
interface SessionInside {
  setup: object | null;
  current: GameState;
  replayQueue: unknown[] | null;
  replayIndex: number;
}

/**
 * `session` with {@link GameHostApi.changeAndSnapshot} and {@link GameHostApi.liveShortestPaths}
 * (see the module comment). `liveSliceMs`: how long a live question works before it reads its
 * messages (default {@link LIVE_SLICE_MS}; 0 reads them after every model, as tests do).
 */
export function gameHost(session: GameSession, { liveSliceMs = LIVE_SLICE_MS }: { liveSliceMs?: number } = {}): GameSession & GameHostApi {
  let sentSetup: object | null = null;
  const inside = session as unknown as SessionInside;
  const changeAndSnapshot: GameHostApi['changeAndSnapshot'] = async (method, args) => {
    const result = (await (session[method] as (...a: unknown[]) => unknown)(...args)) as { ok: boolean };
    if (!result.ok || !inside.setup) return { result, snapshot: null };
    const replay = inside.replayQueue ? { actions: [...inside.replayQueue], index: inside.replayIndex } : null;
    const actions = loggedActions(inside.current) as unknown[];
    if (inside.setup === sentSetup) return { result, snapshot: { actions, replay } };
    sentSetup = inside.setup;
    const { actions: _, ...setup } = session.save();
    return { result, snapshot: { setup, actions, replay } };
  };
  let newestLive = -Infinity;
  const superseded = (seq: number): Superseded => ({ ok: false, superseded: true, problems: [`live question ${seq} given up for a newer one (${newestLive})`] });
  const liveShortestPaths: GameHostApi['liveShortestPaths'] = async (seq, goals, options) => {
    if (seq < newestLive) return superseded(seq);
    newestLive = seq;
    const steps = session.shortestPathsSteps(goals, options);
    let since = performance.now();
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
      if (performance.now() - since < liveSliceMs) continue;
      await nextTask();
      since = performance.now();
      if (seq !== newestLive) {
        steps.return(undefined as never);
        return superseded(seq);
      }
    }
  };
  return Object.assign(session, { changeAndSnapshot, liveShortestPaths });
}
