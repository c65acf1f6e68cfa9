/**
 * The Play mode's actions through the game connection: `act` (every action: the panel's buttons,
 * the move and target tools), `undo`, the replay's steps, and `afterChange` (a new game state shown:
 * summary, board, autosave). A replay is read-only: acting or undoing in one is refused by the page.
 */
import { useCallback } from 'react';
import type { ActResult, DiceStep, GameSummary, LogLine } from '../../client/gameClient';
import type { OnlineGame } from '../../client/onlineGame';
import { autosave, type PlayGame } from './game';
import { actionNote } from './notes';
import type { PlayState } from './usePlayStore';

/** The note shown when something would change the game during a replay. */
export const REPLAY_READ_ONLY = 'This is a replay: it is read-only. Leave the replay to go back to your game.';

/** The undone action in the battle log's words: its first line (issue 35: "Undid: tacticalGambit" named the engine's action type). */
function undoneLine(lines: readonly LogLine[]): string {
  const last = lines.at(-1)?.seq;
  const line = lines.find((l) => l.seq === last && l.kind === 'action') ?? lines.find((l) => l.seq === last);
  return line ? line.text : 'the last action';
}

/** What {@link usePlayActions} needs. */
export interface PlayActionsInput {
  /** The game connection (null: not in Play mode). */
  game: PlayGame | null;
  /** The online game (null: hot-seat): never autosaved by the page. */
  online: OnlineGame | null;
  play: PlayState;
  showDice: (steps: DiceStep[]) => void;
  /** Moves the table's models to a summary's board; resolves once the table shows it. */
  applyBoard: (s: GameSummary) => Promise<void>;
  /** Whether a replay is on screen. */
  replaying: () => boolean;
  /** An action was accepted (the target tool's picking ends). */
  onAccepted: () => void;
}

/** The Play mode's actions. */
export interface PlayActions {
  /** Shows a new game state (summary, board) and autosaves a hot-seat game; resolves once shown. */
  afterChange: (s: GameSummary) => Promise<void>;
  /** Takes an action; a refusal is shown with the engine's reason and rule (and returned). */
  act: (action: unknown) => Promise<ActResult>;
  undo: () => Promise<void>;
  /** Replay: `to` = 'next', 'back' or a step index; resolves whether the worker accepted it. */
  replayMove: (to: 'next' | 'back' | number) => Promise<boolean>;
}

/** The Play mode's actions (see the module comment). */
export function usePlayActions({ game, online, play, showDice, applyBoard, replaying, onAccepted }: PlayActionsInput): PlayActions {
  const { store, setSummary, setLines, setNote, setBusy, version } = play;
  const afterChange = useCallback(
    async (s: GameSummary) => {
      setSummary(s);
      await applyBoard(s);
      // A replay is not the player's game: the autosave keeps the game in progress.
      if (game && !online && s.replay === null && !replaying()) autosave(await game.save());
      version.current++;
    },
    [applyBoard, game, online, replaying, setSummary, version],
  );

  const act = useCallback(
    async (action: unknown): Promise<ActResult> => {
      if (!game) return { ok: false, reason: 'not in Play mode', rule: 'Engine: no game' };
      if (replaying()) {
        // Acting would fork the game from this step of the replay: refused by the page.
        setNote({ kind: 'refused', text: REPLAY_READ_ONLY, rule: 'Page: replay' });
        return { ok: false, reason: REPLAY_READ_ONLY, rule: 'Page: replay' };
      }
      setBusy(true);
      try {
        const r = await game.act(action);
        if (!r.ok) {
          setNote({ kind: 'refused', text: `Refused: ${r.reason}`, rule: r.rule });
          return r;
        }
        setLines((l) => [...l, ...r.lines]);
        showDice(r.steps);
        setNote({ kind: 'ok', ...actionNote(r.lines) });
        onAccepted();
        await afterChange(r.summary);
        return r;
      } finally {
        setBusy(false);
      }
    },
    [game, afterChange, showDice, replaying, setBusy, setLines, setNote, onAccepted],
  );

  const undo = useCallback(async () => {
    if (!game) return;
    if (replaying()) {
      setNote({ kind: 'refused', text: REPLAY_READ_ONLY, rule: 'Page: replay' });
      return;
    }
    setBusy(true);
    try {
      const before = store.get().lines;
      const r = await game.undo();
      if (!r.ok) {
        setNote({ kind: 'refused', text: `Cannot undo: ${r.reason}` });
        return;
      }
      setLines(await game.log());
      setNote({ kind: 'info', text: `Undid: ${undoneLine(before)}` });
      await afterChange(r.summary);
    } finally {
      setBusy(false);
    }
  }, [game, afterChange, replaying, store, setBusy, setLines, setNote]);

  const replayMove = useCallback(
    async (to: 'next' | 'back' | number): Promise<boolean> => {
      if (!game) return false;
      setBusy(true);
      try {
        const r = to === 'next' ? await game.replayStep() : to === 'back' ? await game.replayBack() : await game.replayTo(to);
        if (!r.ok) {
          setNote({ kind: 'refused', text: r.reason, rule: r.rule });
          return false;
        }
        if (to === 'next') setLines((l) => [...l, ...r.lines]);
        else setLines(await game.log());
        showDice(r.steps);
        const idx = r.summary.replay?.index ?? 0;
        const total = r.summary.replay?.total ?? 0;
        const first = to === 'next' ? r.lines[0] : undefined;
        setNote({ kind: 'info', text: `Replay ${idx}/${total}${first ? `: ${first.text}` : to === 'back' ? ': one action back' : ''}`, rule: first?.rule });
        await afterChange(r.summary);
        return true;
      } finally {
        setBusy(false);
      }
    },
    [game, afterChange, showDice, setBusy, setLines, setNote],
  );

  return { afterChange, act, undo, replayMove };
}
