/**
 * The Play mode's test hook (`window.__sightline.play`, see `PlayHook`): everything it reads is what
 * the page shows, and everything it does goes the way the page's buttons and pointer go (the
 * actions through `act`, the drags through the move tool).
 */
import { useMemo, type MutableRefObject } from 'react';
import type { ActResult } from '../../client/gameClient';
import type { Point2 } from '../tools/types';
import { playGame, startInfo } from './game';
import type { PlayNote } from './panelStore';
import type { DragLabel, PlayHook, PlayOptions } from './playTypes';
import { avoidsCombat, DRAG_THRESHOLD } from './tools/moveMeasure';
import { REPLAY_READ_ONLY } from './usePlayActions';
import type { PlayDice } from './usePlayDice';
import type { PlayMoveTool } from './usePlayMoveTool';
import type { PlayState } from './usePlayStore';

/**
 * How long the hook waits for a drag's label or note before it gives up with an error naming what
 * it waited for (a test's `page.evaluate` has no bound of its own: a wait that never ends would
 * stall the whole browser run, as the live label did in session 39; docs/performance.md).
 */
const HOOK_WAIT_MS = 120_000;

/** `p`, or an error saying `what` did not come within {@link HOOK_WAIT_MS}. */
function bounded<T>(p: Promise<T>, what: () => string): Promise<T> {
  let t: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    t = setTimeout(() => reject(new Error(`${what()} did not come within ${HOOK_WAIT_MS / 1000} s`)), HOOK_WAIT_MS);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(t));
}

/** What {@link usePlayHook} needs. */
export interface PlayHookInput {
  active: boolean;
  app: MutableRefObject<PlayOptions>;
  play: PlayState;
  dice: PlayDice;
  move: PlayMoveTool;
  act: (action: unknown) => Promise<ActResult>;
  replayMove: (to: 'next' | 'back' | number) => Promise<boolean>;
  replaying: () => boolean;
  /** Online, a drag this page may not make (null: allowed). */
  seatRefusal: (modelId: string) => PlayNote | null;
}

/** The Play mode's test hook (undefined outside Play mode). */
export function usePlayHook({ active, app, play, dice, move, act, replayMove, replaying, seatRefusal }: PlayHookInput): PlayHook | undefined {
  const { store, summaryRef, setNote, version } = play;
  const { send, stateRef, labelOf, waitDrop, waitLabel, commitStaged } = move;
  return useMemo<PlayHook | undefined>(() => {
    if (!active) return undefined;
    const modelAt = (modelId: string) => app.current.data?.models.find((mm) => mm.id === modelId);
    const keepsOutOfCombat = (modelId: string) => {
      const s = summaryRef.current;
      const m = modelAt(modelId);
      const u = m && s ? s.units.find((x) => x.id === m.unitId) : undefined;
      return !!u && avoidsCombat(s!.phase, u.pendingMove?.kind);
    };
    return {
      summary: () => summaryRef.current,
      act: (a) => act(a),
      hash: () => playGame()!.hash(),
      save: () => playGame()!.save(),
      selectUnit: (unitId) => {
        const ids = app.current.data?.units.find((u) => u.id === unitId)?.modelIds ?? [];
        app.current.setSelectedIds(new Set(ids));
      },
      options: () => store.get().options,
      drag: async (modelId, to, single) => {
        const m = modelAt(modelId);
        if (!m) return null;
        if (replaying()) {
          const note: PlayNote = { kind: 'refused', text: REPLAY_READ_ONLY, rule: 'Page: replay' };
          setNote(note);
          return note;
        }
        const seatNote = seatRefusal(modelId);
        if (seatNote) {
          setNote(seatNote);
          return seatNote;
        }
        const start: Point2 = [m.footprint.x, m.footprint.y];
        // No farther than a click: nothing is dragged, nothing sent.
        if (Math.hypot(to[0] - start[0], to[1] - start[1]) < DRAG_THRESHOLD) return null;
        const note = bounded(waitDrop(), () => `the note of ${modelId}'s drop to (${to.join(', ')})`);
        send({ type: 'carry', modelId, start, to, single: single ?? stateRef.current.oneModel });
        return note;
      },
      dragHold: async (modelId, to, single) => {
        const m = modelAt(modelId);
        if (!m) throw new Error(`no model ${modelId} on the table`);
        const label = bounded(waitLabel(to), () => `the measured drag label of ${modelId} at (${to.join(', ')}) (shown: ${labelOf(stateRef.current.drag)?.text ?? 'none'})`);
        const start: Point2 = [m.footprint.x, m.footprint.y];
        const d = stateRef.current.drag;
        if (d.name === 'idle' || d.modelId !== modelId) send({ type: 'press', modelId, start, pointer: start, single: single ?? stateRef.current.oneModel });
        send({ type: 'pointer', at: to });
        return label;
      },
      dragRelease: async () => {
        if (stateRef.current.drag.name !== 'dragging') return null;
        const note = bounded(waitDrop(), () => 'the note of the held drag\'s drop');
        send({ type: 'release' });
        return note;
      },
      dragLabel: (): DragLabel | null => labelOf(stateRef.current.drag),
      pathCost: async (modelId, path) => {
        const r = await playGame()!.query({ id: 'cost', kind: 'movePath', model: modelId, path, ignoreUnit: true });
        return r.ok && typeof r.answer.value === 'number' ? r.answer.value : null;
      },
      route: async (modelId, to) => {
        const r = await playGame()!.query({ id: 'route', kind: 'shortestPath', model: modelId, to, ignoreUnit: true, avoidCombat: keepsOutOfCombat(modelId) });
        if (!r.ok) return { value: null, reason: r.problems.join('; ') };
        const a = r.answer as { value: number | null; path?: Point2[]; straight?: boolean; reason?: string };
        return { value: a.value, path: a.path, straight: a.straight, reason: a.reason };
      },
      commitStaged: () => bounded(commitStaged(), () => 'the note of the placed models\' move'),
      staged: () => {
        const st = stateRef.current.staged;
        return st && { unitId: st.unitId, paths: st.paths };
      },
      clearStaged: () => void send({ type: 'clearStaged' }),
      moveOne: () => stateRef.current.oneModel,
      setMoveOne: (on) => void send({ type: 'setOneModel', on }),
      note: () => store.get().note,
      hoverUnit: () => store.get().hoverUnit ?? null,
      log: () => store.get().lines,
      version: () => version.current,
      started: () => startInfo(),
      dice: () => ({ throwId: dice.diceShown.current.throwId, steps: store.get().steps, shown: [...dice.diceShown.current.shown] }),
      replayStep: () => replayMove('next'),
      replayBack: () => replayMove('back'),
      replayTo: (index) => replayMove(index),
      crashWorker: () => playGame()!.simulateCrash(),
      online: () => store.get().online,
      dropConnection: () => {
        const g = playGame();
        if (g && 'simulateDrop' in g) g.simulateDrop();
      },
    };
  }, [active, app, summaryRef, store, setNote, version, dice, send, stateRef, labelOf, waitDrop, waitLabel, commitStaged, act, replayMove, replaying, seatRefusal]);
}
