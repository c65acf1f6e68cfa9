/**
 * The Play mode's state outside React's App state: the panel's store (`PanelStore`: log, options,
 * note, dice, busy, targeting, online) and the summary on screen. The table gets a copy of the
 * summary only when what it draws from it changes (`sceneKey`), so a new log line, option list or
 * phase never re-renders the App and its 3D table (with software WebGL a table redraw costs
 * hundreds of milliseconds).
 */
import { useCallback, useMemo, useRef, useState, type MutableRefObject, type SetStateAction } from 'react';
import type { GameSummary, LogLine } from '../../client/gameClient';
import { PanelStore, type PlayNote } from './panelStore';
import { pageWords } from './playWords';

/** What the table draws from the summary: a new key, a new copy for the table (App re-render). */
export function sceneKey(s: GameSummary): string {
  return JSON.stringify([
    s.stage,
    s.phase,
    s.active,
    s.units.map((u) => [u.id, u.owner, u.deployed, u.reserve, u.pendingMove?.kind ?? '', u.pendingMove?.maxInches ?? 0, u.damage, u.alive, u.moved, u.shot, u.usedRun, u.charged, u.fought, u.inCombat, u.runRoll, u.chargeRoll, u.slainPriority[0] ?? '']),
  ]);
}

/** The Play mode's state (see the module comment). */
export interface PlayState {
  /** The panel's store (the panel subscribes to it; the App does not). */
  store: PanelStore;
  /** The summary shown now (null before the game is up): always the latest. */
  summaryRef: MutableRefObject<GameSummary | null>;
  /** The summary the table draws: a new copy only when its `sceneKey` changes. */
  summary: GameSummary | null;
  /** Shows a new summary (panel; the table when what it draws changed). */
  setSummary: (s: GameSummary) => void;
  setLines: (v: SetStateAction<LogLine[]>) => void;
  setNote: (v: PlayNote | null) => void;
  setBusy: (v: boolean) => void;
  /** Bumps each time the page shows a new game state (the test hook's `version()`). */
  version: MutableRefObject<number>;
}

/** The Play mode's state: the panel's store and the summary on screen. */
export function usePlayStore(): PlayState {
  const summaryRef = useRef<GameSummary | null>(null);
  const [summary, setSceneSummary] = useState<GameSummary | null>(null);
  const sceneKeyRef = useRef('');
  const store = useMemo(() => new PanelStore(), []);
  const version = useRef(0);
  const setSummary = useCallback(
    (s: GameSummary) => {
      summaryRef.current = s;
      store.set('summary', s);
      const key = sceneKey(s);
      if (key !== sceneKeyRef.current) {
        sceneKeyRef.current = key;
        setSceneSummary(s);
      }
    },
    [store],
  );
  const setLines = useCallback((v: SetStateAction<LogLine[]>) => store.set('lines', v), [store]);
  // Every note in words (issue 35: names, never ids), whoever composed it.
  const setNote = useCallback((v: PlayNote | null) => store.set('note', v && { ...v, text: pageWords(summaryRef.current)(v.text) }), [store]);
  const setBusy = useCallback((v: boolean) => store.set('busy', v), [store]);
  return useMemo(() => ({ store, summaryRef, summary, setSummary, setLines, setNote, setBusy, version }), [store, summary, setSummary, setLines, setNote, setBusy]);
}
