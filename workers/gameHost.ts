/**
 * The game worker's calls that change the game, answered together with the crash-recovery
 * snapshot in one message (issue 35 item 6: the drop's verdict waited for a second round trip, the
 * snapshot, behind a busy page), and the snapshot sent as a delta: the saved game's set-up (the
 * table, its meshes, both armies: the bulk) only when it is not the one sent last time, else just
 * the accepted actions and the replay position. `src/client/gameClient.ts` rebuilds the whole
 * {@link GameSnapshot} from them.
 */
import { loggedActions, type GameState } from '../src/rules/engine';
import type { GameSession } from '../src/game/session';
import type { GameSnapshot } from '../src/game/session/types';

/** The session's methods that may change the game. */
export type GameChangeMethod = 'newGame' | 'startOnTable' | 'act' | 'undo' | 'load' | 'replayStep' | 'replayTo' | 'replayBack' | 'restore';

/** The snapshot sent with a change: `setup` only when it changed since the last one sent. */
export interface SnapshotDelta {
  /** The saved game without its actions (the set-up and table), when new; else absent (the client keeps the last). */
  setup?: Omit<GameSnapshot['saved'], 'actions'>;
  actions: unknown[];
  replay: GameSnapshot['replay'];
}

/** What {@link gameHost} adds to the session exposed by the worker. */
export interface GameHostApi {
  /** Calls `method(...args)`; when it succeeds, answers its snapshot (delta) with it. */
  changeAndSnapshot(method: GameChangeMethod, args: unknown[]): Promise<{ result: { ok: boolean }; snapshot: SnapshotDelta | null }>;
}

/** The session's private fields the host reads (the set-up's identity, the replay position). */
interface SessionInside {
  setup: object | null;
  current: GameState;
  replayQueue: unknown[] | null;
  replayIndex: number;
}

/** `session` with {@link GameHostApi.changeAndSnapshot} (see the module comment). */
export function gameHost(session: GameSession): GameSession & GameHostApi {
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
  return Object.assign(session, { changeAndSnapshot });
}
