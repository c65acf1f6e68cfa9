/**
 * Runs the Play move tool (`./tools/moveTool.ts`): holds its state, feeds it events (the pointer's,
 * Esc, the engine's answers, a new game state or selection) and carries out its effects: the live
 * path question (a move's: the game's shortest legal paths, asked at once for the newest point, an
 * older question given up by the worker; a set-up's: the measuring engine's straight line, one at
 * a time, latest wins), the selection of the unit picked up, the drop
 * sent through the game (`sendMove`), the note. It also answers the test hook's waits (a drop's
 * note, a held drag's label).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import type { Action, ActResult, ShortestPathsOptions } from '../../client/gameClient';
import type { PathMeasure } from '../tools/moveTool';
import type { Point2 } from '../tools/types';
import { playGame } from './game';
import { perfMark } from '../../client/perfTrace';
import type { PlayNote } from './panelStore';
import type { DragLabel, PlayOptions } from './playTypes';
import { sendMove } from './sendMove';
import { pageWords } from './playWords';
import { avoidsCombat, needsMeasure, playDragLabel, samePoint, useEscapeCancels, type PlayDragState } from './tools/moveMeasure';
import { MOVE_TOOL_IDLE, moveToolStep, type MoveFacts, type MoveToolEffect, type MoveToolEvent, type MoveToolState } from './tools/moveTool';
import type { PlayState } from './usePlayStore';

/** The move kinds the game checks a straight line for (`ShortestPathsOptions.orStraight`). */
type StraightKind = NonNullable<ShortestPathsOptions['orStraight']>['kind'];
const STRAIGHT_KINDS: readonly string[] = ['normal', 'run', 'redeploy', 'retreat', 'charge', 'pileIn', 'powerThrough'] satisfies StraightKind[];
/** The game's straight-line check for a move of `kind` (none for a set-up). */
export const orStraight = (kind: string | undefined): Pick<ShortestPathsOptions, 'orStraight'> => (kind && STRAIGHT_KINDS.includes(kind) ? { orStraight: { kind: kind as StraightKind } } : {});

/**
 * A whole unit's drag measured (issue 35, item 2): every model's shortest legal path to its own
 * drop point in one `shortestPaths` call; a model the search found no way for is answered by the
 * game with its straight line when the engine would accept that line (`orStraight`: its cost and
 * the combat ranges on the way, as the engine checks the drop, which sends that line), in the same
 * call (issue 35 item 6: one round trip), so the label never says "blocked" for a move the engine
 * would accept. The measure's `value` is the worst model's (the longest path, or null when one
 * model cannot move there), `worst` names it, `models` holds every answer (its path is sent at the drop).
 * With `live` (the page's count of live questions) the question is the live label's: the worker
 * gives it up for a newer one (`GameClient.liveShortestPaths`), and then this resolves with null.
 */
export async function measureUnit(
  game: Extract<NonNullable<ReturnType<typeof playGame>>, { shortestPaths: unknown }>,
  modelId: string,
  to: Point2,
  drops: Record<string, Point2>,
  avoidCombat: boolean,
  kind?: string,
  live?: number,
): Promise<PathMeasure | null> {
  const options = { ignoreUnit: true, avoidCombat, ...orStraight(kind) };
  const r = live === undefined ? await game.shortestPaths(drops, options) : await game.liveShortestPaths(live, drops, options);
  if (!r.ok && 'superseded' in r) return null;
  if (!r.ok) return { to, value: null, reason: r.problems.join('; ') };
  const answers: NonNullable<PathMeasure['models']> = {};
  for (const [id, a] of Object.entries(r.answers)) {
    const v = a.ok && typeof a.answer.value === 'number' ? a.answer.value : null;
    if (!a.ok) answers[id] = { value: null, reason: a.problems.join('; ') };
    else answers[id] = v === null ? { value: null, reason: String(a.answer.reason ?? 'no legal path') } : { value: v, path: a.answer.path as Point2[] };
  }
  let worst = modelId;
  for (const [id, a] of Object.entries(answers)) {
    const w = answers[worst];
    if (!w || (w.value !== null && (a.value === null || a.value > w.value + 1e-9))) worst = id;
  }
  const w = answers[worst];
  return { to, value: w?.value ?? null, ...(w?.reason ? { reason: w.reason } : {}), ...(answers[modelId]?.path ? { path: answers[modelId].path } : {}), models: answers, worst };
}

/**
 * The drag label as the move tool has it at this moment (issue 35 item 6): set in the same task
 * as the tool's state, so the label's text can be drawn without waiting for the page's render
 * (`PlayScene`'s `LiveLabelText` reads it with `useSyncExternalStore`). The same label
 * {@link PlayMoveTool.labelOf} gives for the tool's state now.
 */
export interface LiveLabel {
  get(): DragLabel | null;
  subscribe(listener: () => void): () => void;
}

/** A {@link LiveLabel} and its setter (listeners told only when what the label shows changed). */
function liveLabelStore(): LiveLabel & { set(l: DragLabel | null): void } {
  let cur: DragLabel | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => cur,
    subscribe: (fn) => {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
    set: (l) => {
      const same = l === cur || (l && cur && l.text === cur.text && l.bad === cur.bad && l.measured === cur.measured);
      cur = l;
      if (!same) for (const fn of listeners) fn();
    },
  };
}

/** What {@link usePlayMoveTool} needs. */
export interface PlayMoveToolInput {
  /** The App's current options (the table's models, the engine, the selection). */
  app: MutableRefObject<PlayOptions>;
  play: PlayState;
  /** Takes an action through the page (the drop's move). */
  act: (action: Action) => Promise<ActResult>;
  /** The selected unit (another one clears the refusal's chip). */
  selectedUnit: string | null;
}

/** The running move tool. */
export interface PlayMoveTool {
  /** The tool's state (re-rendered on every change). */
  state: MoveToolState;
  /** The state now (between renders). */
  stateRef: MutableRefObject<MoveToolState>;
  /** Feeds the tool an event; returns the effects it carried out. */
  send: (e: MoveToolEvent) => MoveToolEffect[];
  /** The live label of a drag state (null: no drag). */
  labelOf: (d: PlayDragState) => DragLabel | null;
  /** The live label of the tool's state now, updated with the state (before the page renders it). */
  liveLabel: LiveLabel;
  /** The allowance of a model's move, inches (null: a set-up, or not in the game). */
  allowanceOf: (modelId: string) => number | null;
  /** Resolves with the next drop's note (the test hook's drag). */
  waitDrop: () => Promise<PlayNote | null>;
  /** Resolves with the held drag's label once it is final for point `to`. */
  waitLabel: (to: Point2) => Promise<DragLabel>;
  /** Sends the models placed one at a time; resolves with the note (null: none placed). */
  commitStaged: () => Promise<PlayNote | null>;
}

/**
 * The live label's question numbers, one sequence for the page (not per mounted tool): the game
 * worker outlives the Play panel (Leave Play and back, New game in place) and gives up every live
 * question numbered below the newest it has seen (`workers/gameHost.ts`, `liveShortestPaths`). A
 * count restarting at 0 with each mount had every label of the new Play panel given up, so the
 * label stayed "≥" forever (found by the e2e runner's per-test bound: play18b after campaign).
 */
const liveSeq = { current: 0 };

/** The Play move tool, running (see the module comment). */
export function usePlayMoveTool({ app, play, act, selectedUnit }: PlayMoveToolInput): PlayMoveTool {
  const { store, summaryRef, setNote } = play;
  const [state, setState] = useState(MOVE_TOOL_IDLE);
  const stateRef = useRef(state);
  const io = useRef({ act, selectedUnit });
  io.current = { act, selectedUnit };

  /** What the tool must know of a model now: its unit, allowance and move kind (from the summary). */
  const facts = useCallback<MoveFacts>(
    (modelId) => {
      const s = summaryRef.current;
      const data = app.current.data;
      const m = data?.models.find((mm) => mm.id === modelId);
      const u = m && s ? s.units.find((x) => x.id === m.unitId) : undefined;
      if (!s || !m || !u || !data) return null;
      const setUp = s.stage === 'deployment' || u.reserve;
      const pending = u.pendingMove?.kind ?? 'normal';
      return {
        unitId: u.id,
        unitName: u.name,
        aliveModelIds: u.aliveModelIds,
        // The declared move, the pile-in's 3" (Core 15.3), else Move; a set-up (Core 10.1, 24.1) has none.
        allowance: setUp ? null : (u.pendingMove?.maxInches ?? (s.phase === 'combat' ? 3 : u.move)),
        kind: setUp ? 'set-up' : s.phase === 'combat' && !u.pendingMove ? 'pileIn' : pending,
        avoidCombat: avoidsCombat(s.phase, u.pendingMove?.kind),
        topZ: m.elevation + m.height,
        unitModels: data.models.filter((x) => x.unitId === m.unitId).map((x) => ({ id: x.id, x: x.footprint.x, y: x.footprint.y })),
      };
    },
    [app, summaryRef],
  );
  const allowanceOf = useCallback((modelId: string) => facts(modelId)?.allowance ?? null, [facts]);

  const dropWaiters = useRef<((n: PlayNote | null) => void)[]>([]);
  const inFlight = useRef(false);
  /** The live label's newest question to the game worker (null: none unanswered), and their count. */
  const live = useRef<{ seq: number; n: number; to: Point2 } | null>(null);
  const sendRef = useRef<(e: MoveToolEvent) => MoveToolEffect[]>(() => []);

  const run = useCallback(
    (fx: MoveToolEffect) => {
      const send = sendRef.current;
      switch (fx.type) {
        case 'measure': {
          const { n, modelId, start, to, routed } = fx;
          const engine = app.current.engine;
          const game = playGame();
          if (routed && game && 'shortestPaths' in game) {
            // A whole unit: every model's path in one call; the worst speaks for the unit. One
            // model: the same call (the straight line checked as the drop checks it, issue 35 item 2).
            // Asked at once, newest first (issue 35 item 6): the worker gives up an older question
            // still searching when this one reaches it, so the label never waits for an old point.
            const asked = live.current;
            if (asked && asked.n === n && samePoint(asked.to, to)) return; // this very point is being asked
            const seq = (liveSeq.current += 1);
            live.current = { seq, n, to };
            measureUnit(game, modelId, to, fx.drops ?? { [modelId]: to }, fx.avoidCombat, facts(modelId)?.kind, seq).then(
              (m) => {
                if (live.current?.seq === seq) live.current = null;
                if (!m) return; // given up for a newer point
                perfMark('labelAnswer');
                const { models: _m, worst: _w, ...one } = m;
                send({ type: 'measured', n, measure: fx.drops ? { ...one, models: _m, worst: _w } : one });
              },
              (e: unknown) => {
                if (live.current?.seq === seq) live.current = null;
                send({ type: 'measured', n, measure: { to, value: null, reason: `the game did not answer (${(e as Error).message})` } });
              },
            );
            return;
          }
          if (inFlight.current) return; // asked again with the answer (latest wins)
          inFlight.current = true;
          // A move: the rules engine's shortest legal path around terrain and models (climbing only
          // where cheaper), counted as the engine counts the move. A set-up: the straight line, for information.
          const ask = routed
            ? playGame()!.query({ id: 'drag', kind: 'shortestPath', model: modelId, to, ignoreUnit: true, avoidCombat: fx.avoidCombat })
            : engine.track(engine.client.query({ id: 'drag', kind: 'movePath', model: modelId, path: [start, to] }));
          ask.then(
            (r) => {
              inFlight.current = false;
              const value = r.ok && typeof r.answer.value === 'number' ? r.answer.value : null;
              const path = routed && r.ok && value !== null ? (r.answer.path as Point2[]) : undefined;
              send({ type: 'measured', n, measure: { to, value, reason: r.ok ? String(r.answer.reason ?? '') : r.problems.join('; '), ...(path ? { path } : {}) } });
            },
            () => {
              inFlight.current = false;
              send({ type: 'measured', n, measure: { to, value: null, reason: 'the measuring engine did not answer' } });
            },
          );
          return;
        }
        case 'select': {
          const d = app.current.data;
          if (!d || io.current.selectedUnit === fx.unitId) return;
          app.current.setSelectedIds(new Set(d.models.filter((mm) => mm.unitId === fx.unitId).map((mm) => mm.id)));
          return;
        }
        case 'send': {
          const summary = summaryRef.current;
          const models = app.current.data?.models;
          const game = playGame();
          if (!summary || !models || !game) return;
          sendMove(fx, { summary, models, options: store.get().options, game, act: io.current.act }).then(
            ({ acrossPick, ...r }) => {
              store.set('acrossPick', acrossPick ?? null); // session 41 (ui41): the unit passed across to pick
              send({ type: 'sent', n: fx.n, ...r });
            },
            (e: unknown) => send({ type: 'sent', n: fx.n, note: { kind: 'refused', text: `The move could not be sent: ${(e as Error).message}` }, refused: null }),
          );
          return;
        }
        case 'note':
          setNote(fx.note);
          for (const w of dropWaiters.current.splice(0)) w(fx.note);
          return;
      }
    },
    [app, summaryRef, store, setNote, facts],
  );

  const liveLabel = useMemo(liveLabelStore, []);
  const labelOfRef = useRef<(d: PlayDragState) => DragLabel | null>(() => null);
  const send = useCallback(
    (e: MoveToolEvent): MoveToolEffect[] => {
      const step = moveToolStep(stateRef.current, e, facts);
      if (step.state !== stateRef.current) {
        stateRef.current = step.state;
        setState(step.state);
        liveLabel.set(labelOfRef.current(step.state.drag));
      }
      for (const fx of step.effects) run(fx);
      return step.effects;
    },
    [facts, run, liveLabel],
  );
  sendRef.current = send;

  const labelOf = useCallback(
    (d: PlayDragState): DragLabel | null => {
      if (d.name !== 'dragging' && d.name !== 'dropping') return null;
      const l = playDragLabel(d, allowanceOf(d.modelId));
      return l && { modelId: d.modelId, to: l.to, value: l.value, max: l.max, measured: l.measured, bad: l.bad, text: pageWords(summaryRef.current)(l.text), ...(l.path ? { path: l.path } : {}), ...(l.badModels ? { badModels: l.badModels } : {}) };
    },
    [allowanceOf, summaryRef],
  );
  labelOfRef.current = labelOf;

  // A held drag's label is final once the engine measured its point, or when it needs no measure (too far).
  const holdWaiters = useRef<{ to: Point2; resolve: (l: DragLabel) => void }[]>([]);
  useEffect(() => {
    const l = labelOf(state.drag);
    if (!l || (!l.measured && needsMeasure(state.drag, l.max))) return;
    const ready = holdWaiters.current.filter((w) => samePoint(w.to, l.to));
    holdWaiters.current = holdWaiters.current.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve(l);
  }, [state.drag, labelOf]);

  // A new game state: the refusal's chip belongs to its moment; another phase or turn forgets the placed models.
  useEffect(() => {
    let last = store.get().summary;
    return store.subscribe(() => {
      const s = store.get().summary;
      if (s === last) return;
      const turn = !last || !s || last.phase !== s.phase || last.active !== s.active;
      last = s;
      sendRef.current({ type: 'clearRefused' });
      // Session 41 (ui41): a new game state answers (or outdates) the question of the unit passed across.
      store.set('acrossPick', null);
      store.set('hoverUnit', null);
      if (turn) sendRef.current({ type: 'clearStaged' });
    });
  }, [store]);
  // Another unit selected: the last refusal's chip is over.
  useEffect(() => void sendRef.current({ type: 'clearRefused' }), [selectedUnit]);
  const escape = useCallback(() => void send({ type: 'escape' }), [send]);
  useEscapeCancels(state.drag.name === 'pressing' || state.drag.name === 'dragging', escape);

  const waitDrop = useCallback(() => new Promise<PlayNote | null>((resolve) => dropWaiters.current.push(resolve)), []);
  const waitLabel = useCallback((to: Point2) => new Promise<DragLabel>((resolve) => holdWaiters.current.push({ to, resolve })), []);
  const commitStaged = useCallback((): Promise<PlayNote | null> => {
    if (!stateRef.current.staged) return Promise.resolve(null);
    const p = waitDrop();
    if (!send({ type: 'commitStaged' }).some((fx) => fx.type === 'send')) {
      dropWaiters.current.pop()?.(null);
    }
    return p;
  }, [send, waitDrop]);

  return useMemo(() => ({ state, stateRef, send, labelOf, liveLabel, allowanceOf, waitDrop, waitLabel, commitStaged }), [state, send, labelOf, liveLabel, allowanceOf, waitDrop, waitLabel, commitStaged]);
}
