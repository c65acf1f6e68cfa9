/**
 * The Play mode's games and files: save the game to a file; load a saved game (to play on, or as a
 * read-only replay); a new game; leave a replay; resume the previous game. Loading checks the file
 * in the game worker first, so a bad file never replaces the game; the game a new game or a loaded
 * file replaces is kept as the previous game ("Resume previous game"). None of them reloads the
 * page: Play is reopened in place (`reopenPlay`, the App remounts, the workers stay), on the game
 * the game worker holds (a new game, a loaded file, a replay) or on the autosave (Leave replay,
 * Resume previous game); the autosave is written as before, so a reload lands on the same game.
 */
import { useCallback, type MutableRefObject } from 'react';
import type { GameSummary } from '../../client/gameClient';
import { downloadText } from '../proof';
import type { SavedGame } from '../../client/gameClient';
import { AUTOSAVE_KEY, REPLAY_KEY, autosave, keepPrevious, newGame, reopenPlay, resumePrevious, type PlayGame } from './game';
import type { PlayNote } from './panelStore';

/** What {@link usePlayFiles} needs. */
export interface PlayFilesInput {
  /** The game connection (null: not in Play mode). */
  game: PlayGame | null;
  /** The summary shown now (its round names the saved file). */
  summaryRef: MutableRefObject<GameSummary | null>;
  setNote: (n: PlayNote | null) => void;
}

/** The panel's game and file handlers. */
export interface PlayFiles {
  /** Downloads the game as `sightline-game-r<round>.json` (the saved-game format). */
  saveFile: () => Promise<void>;
  /** Loads a saved game's text (`replay`: as a read-only replay); Play reopens in place on it. */
  loadFile: (text: string, replay: boolean) => Promise<void>;
  /** A new game (`deployment`: with the deployment phase); Play reopens in place on it. */
  restart: (deployment: boolean) => Promise<void>;
  /** Leaves a replay: Play reopens in place on the game in progress (its autosave, never touched by the replay). */
  leaveReplay: () => void;
  /** The previous game becomes the game in progress; the game in progress becomes the previous one. */
  resumePreviousGame: () => void;
}

const STORAGE_FULL = 'The game in progress could not be kept (browser storage is full): save it to a file first.';

/** The Play mode's games and files (see the module comment). */
export function usePlayFiles({ game, summaryRef, setNote }: PlayFilesInput): PlayFiles {
  const saveFile = useCallback(async () => {
    if (!game) return;
    const saved = await game.save();
    downloadText(`sightline-game-r${summaryRef.current?.round ?? 0}.json`, JSON.stringify(saved, null, 1));
  }, [game, summaryRef]);

  const loadFile = useCallback(
    async (text: string, replay: boolean) => {
      if (!game) return;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        setNote({ kind: 'refused', text: `Not a JSON file: ${(e as Error).message}` });
        return;
      }
      // Checked in the worker first, so a bad file never replaces the game.
      const r = await game.load(json, { replay });
      if (!r.ok) {
        setNote({ kind: 'refused', text: `The saved game was refused: ${r.problems.slice(0, 3).join('; ')}` });
        // The worker kept the current game.
        return;
      }
      if (replay) {
        // The worker holds the replay; a reload shows the game in progress (the autosave), as before.
        reopenPlay('replay');
        return;
      }
      // The game in progress stays recoverable ("Resume previous game").
      if (!keepPrevious()) {
        setNote({ kind: 'refused', text: STORAGE_FULL });
        return;
      }
      // The file's text becomes the autosave (a reload resumes it), known to be the worker's game.
      autosave(json as SavedGame);
      reopenPlay('resumed');
    },
    [game, setNote],
  );

  const restart = useCallback(
    async (deployment: boolean) => {
      if (!keepPrevious()) {
        setNote({ kind: 'refused', text: STORAGE_FULL });
        return;
      }
      sessionStorage.removeItem(REPLAY_KEY);
      localStorage.removeItem(AUTOSAVE_KEY);
      await newGame(undefined, { deployment });
      reopenPlay('new');
    },
    [setNote],
  );

  const leaveReplay = useCallback(() => {
    sessionStorage.removeItem(REPLAY_KEY);
    reopenPlay();
  }, []);

  const resumePreviousGame = useCallback(() => {
    sessionStorage.removeItem(REPLAY_KEY);
    if (resumePrevious()) reopenPlay();
    else setNote({ kind: 'refused', text: 'There is no previous game to resume.' });
  }, [setNote]);

  return { saveFile, loadFile, restart, leaveReplay, resumePreviousGame };
}
