/**
 * The Play mode's start: the game is already loaded by the scenario source; once the table is up,
 * its summary, log and previous game are read once and shown. Also tells the player when the game
 * worker died and was restarted (the game restored from the client's snapshot).
 */
import { useEffect, useRef, type MutableRefObject } from 'react';
import { GAME_RESTART_EVENT, previousGame, type PlayGame } from './game';
import type { PlayOptions } from './playTypes';
import type { PlayState } from './usePlayStore';
import type { GameSummary } from '../../client/gameClient';

/** What {@link usePlayStart} needs. */
export interface PlayStartInput {
  /** The game connection (null: not in Play mode). */
  game: PlayGame | null;
  /** The App's current options (its table's data, whether the engine holds it). */
  app: MutableRefObject<PlayOptions>;
  engineLoaded: boolean;
  hasData: boolean;
  play: PlayState;
  /** Moves the table's models to a summary's board. */
  applyBoard: (s: GameSummary) => Promise<void>;
}

/** Reads the game once the table is up (see the module comment). */
export function usePlayStart({ game, app, engineLoaded, hasData, play, applyBoard }: PlayStartInput): void {
  const { store, setLines, setSummary, setNote, version } = play;
  const started = useRef(false);
  useEffect(() => {
    if (!game || !engineLoaded || !hasData || started.current) return;
    started.current = true;
    void (async () => {
      const s = await game.summary();
      setLines(await game.log());
      store.set('previous', previousGame());
      setSummary(s);
      // Units drawn but off the table by the game (in reserve) leave the table, kept to come back.
      // So do the objectives the game placed (a loaded game that played Spied Treasure).
      if (s.board.removed.some((id) => app.current.data?.models.some((m) => m.id === id)) || (s.board.addedObjectives ?? []).length > 0) await applyBoard(s);
      version.current++;
    })();
  }, [game, engineLoaded, hasData, setLines, setSummary, applyBoard, store, app, version]);

  // The game worker was restarted (it died): the game was restored from the client's snapshot.
  useEffect(() => {
    if (!game) return;
    const on = (e: Event) => {
      const d = (e as CustomEvent<{ cause: string; actions: number }>).detail;
      setNote({ kind: 'info', text: `The game worker stopped (${d.cause}) and was restarted: the game was restored (${d.actions} actions).` });
    };
    window.addEventListener(GAME_RESTART_EVENT, on);
    return () => window.removeEventListener(GAME_RESTART_EVENT, on);
  }, [game, setNote]);
}
