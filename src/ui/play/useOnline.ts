/**
 * The Play mode's online part (issue 25 item 3), a small hook of `usePlay`: the other player's
 * accepted actions shown as they arrive (their moves and pile-ins played along their paths, their
 * units deployed or set up from reserve glided to their positions, then
 * the board; their log lines; their dice thrown), who is connected and the connection's state in
 * the panel's store, and the seat check of a drag (a spectator moves nothing, a player only its own
 * army). In hot-seat (`online` null) it does nothing and allows every drag.
 */
import { useCallback, useEffect, useRef, useState, type MutableRefObject, type SetStateAction } from 'react';
import type { DiceStep, GameSummary, LogLine } from '../../client/gameClient';
import type { OnlineGame, OnlineUpdate } from '../../client/onlineGame';
import { SEAT_RULE } from '../../game/network';
import type { ModelView } from '../../scene/types';
import type { Point2 } from '../tools/types';
import { actionNote } from './notes';
import { linkFor, onlineLink } from './online';
import { playbackPaths } from './playbackPaths';
import { prefersReducedMotion } from '../../scene/reducedMotion';
import type { OnlineView, PanelStore, PlayNote } from './panelStore';

/** What {@link useOnline} needs of the Play mode. */
export interface OnlineOptions {
  /** The online game (null: hot-seat). */
  online: OnlineGame | null;
  store: PanelStore;
  /** The summary on screen. */
  summaryRef: MutableRefObject<GameSummary | null>;
  /** The models on the table now. */
  models: () => readonly ModelView[] | undefined;
  setLines: (v: SetStateAction<LogLine[]>) => void;
  showDice: (steps: DiceStep[]) => void;
  setNote: (n: PlayNote | null) => void;
  /** Shows a new game state (board, summary); resolves once the table shows it. */
  afterChange: (s: GameSummary) => Promise<void>;
}

/** The online hook: see the module comment. */
export function useOnline({ online, store, summaryRef, models, setLines, showDice, setNote, afterChange }: OnlineOptions) {
  // ---- Online (issue 25 item 3): the other player's actions played on the table (moves animated
  // along their paths), their log lines and dice; who is connected; the connection's state.
  /** Another player's move being played on the table, and what resolves when it ends. */
  const [playback, setPlayback] = useState<{ n: number; paths: Record<string, Point2[]>; done: () => void } | null>(null);
  const playbackN = useRef(0);
  /**
   * Plays the moves, pile-ins and set-ups (deployment, reserves) of accepted actions on the table; resolves when they
   * reached their ends. Where the player asked for reduced motion (`prefers-reduced-motion`) there is no glide: it
   * resolves at once and the models are shown at their ends.
   */
  const playMoves = useCallback((actions: unknown[]): Promise<void> => {
    const paths = playbackPaths(actions);
    if (Object.keys(paths).length === 0 || prefersReducedMotion()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const n = ++playbackN.current;
      setPlayback((prev) => {
        prev?.done();
        return { n, paths, done: resolve };
      });
    });
  }, []);
  const endPlayback = useCallback((n: number) => {
    setPlayback((prev) => {
      if (!prev || prev.n !== n) return prev;
      prev.done();
      return null;
    });
  }, []);
  const remoteChain = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    if (!online) return;
    const link = onlineLink();
    const server = link?.server ?? '';
    const other = online.seat === 'p2' ? 'p1' : 'p2';
    const view = (): OnlineView => {
      const c = online.connection;
      return {
        roomId: online.roomId,
        seat: online.seat,
        presence: online.who,
        status: c.kind,
        ...(c.kind === 'reconnecting' && c.unreachable ? { unreachable: true } : {}),
        ...(c.kind === 'closed' ? { closedWhy: c.reason || `code ${c.code}` } : {}),
        links: { opponent: linkFor(online.roomId, other, server), spectator: linkFor(online.roomId, 'spectator', server) },
      };
    };
    store.set('online', view());
    const apply = async (u: OnlineUpdate) => {
      const shown = summaryRef.current;
      // Before the game is on screen, the start reads the latest game; an update already shown is skipped.
      if (!shown || (!u.resync && u.seq <= shown.actions)) return;
      if (u.resync) setLines(u.lines);
      else setLines((l) => [...l, ...u.lines]);
      showDice(u.steps);
      const actor = (u.actions[0] as { player?: string } | undefined)?.player;
      const name = actor === 'p1' || actor === 'p2' ? u.summary.armies[actor] : '';
      setNote(u.resync ? { kind: 'info', text: 'Back in sync with the game server.' } : { kind: 'info', ...actionNote(u.lines), text: `${name ? `${name}: ` : ''}${actionNote(u.lines).text}` });
      if (!u.resync) await playMoves(u.actions);
      await afterChange(u.summary);
    };
    const offs = [
      online.onPresence(() => store.set('online', view())),
      online.onStatus(() => store.set('online', view())),
      online.onRemote((u) => {
        remoteChain.current = remoteChain.current.then(() => apply(u)).catch((e: unknown) => console.warn('Sightline: an update could not be shown', e));
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [online, store, setLines, showDice, setNote, playMoves, afterChange]);

  /**
   * Online, a drag this page may not make: a spectator's (acts on nothing), or a player's of the
   * other player's model (a player acts for its own seat only). Null: allowed (and always in hot-seat).
   */
  const seatRefusal = useCallback(
    (modelId: string): PlayNote | null => {
      if (!online) return null;
      if (online.connection.kind !== 'connected')
        return { kind: 'refused', text: online.connection.kind === 'closed' ? 'The connection to the game server is closed: reload the page to rejoin.' : 'The game server is unreachable: nothing can be moved until the connection is back.', rule: 'Network: online' };
      if (online.seat === 'spectator') return { kind: 'refused', text: 'You are watching this game: a spectator cannot move anything (measure and line of sight still work).', rule: SEAT_RULE };
      const x = summaryRef.current;
      const m = models()?.find((mm) => mm.id === modelId);
      const owner = m && x ? x.units.find((u) => u.id === m.unitId)?.owner : undefined;
      if (owner && owner !== online.seat) return { kind: 'refused', text: `You play ${x!.armies[online.seat]}: ${x!.units.find((u) => u.id === m!.unitId)?.name ?? m!.unitId} is ${x!.armies[owner]}'s.`, rule: SEAT_RULE };
      return null;
    },
    [online],
  );

  return { playback, endPlayback, seatRefusal };
}
