/**
 * The Play mode's move tool as a small state machine, in the manner of tldraw's tools (a `StateNode`
 * with child states and event handlers): `moveToolStep(state, event, facts) -> { state, effects }`,
 * pure; the effects are data that `usePlayMoveTool` carries out (ask the engine for a path, select
 * the unit, send the move, show the note) and answers with events (`measured`, `sent`).
 *
 *   idle --press--> pressing --pointer > 0.05"--> dragging --release--> dropping --sent--> idle
 *    ^                 | release (a click)          | Esc, or released    | too far (Core 15.0): refused at once
 *    |                 | Esc                        | where it started    | one model placed ("Move one model")
 *    +-----------------+----------------------------+---------------------+--> idle, with the drop's note
 *
 * Beside the drag (`drag`, the table drag machine `moveReduce` with the Play rules of
 * `playDragReduce`), the tool keeps what a drag leaves behind:
 * - `staged`: the models placed one at a time (with "Move one model"), sent as the unit's one
 *   `move` by `commitStaged` (the engine's `move` is one action per unit, a path per model);
 * - `refused`: the chip on the table where a refused drop would have put the model, with why
 *   (cleared by the next press, game state or selection: `clearRefused`).
 *
 * What the tool must know of the dragged model (its unit, allowance, move kind) is read from the
 * summary and the table when each event arrives (`facts`), so the step stays pure and testable.
 */
import { modelNumber, modelWords } from '../../../game/playerWords';
import type { PathMeasure } from '../../tools/moveTool';
import type { Point2 } from '../../tools/types';
import type { PlayNote } from '../panelStore';
import { CANCELLED_TEXT, currentMeasure, dropPoints, in1, inNear, MOVE_IDLE, needsMeasure, playDragLabel, playDragReduce, PUT_BACK_TEXT, samePoint, tooFarAtDrop, type PlayDragState } from './moveMeasure';

/** What the move tool needs to know of a model on the table (from the game summary and the table). */
export interface MoveModelFacts {
  unitId: string;
  unitName: string;
  /** The unit's alive models in order: a model is named by its place ("model 3"). */
  aliveModelIds: readonly string[];
  /** The move's allowance, inches: the declared move, the pile-in's 3", else Move; null: a set-up (none). */
  allowance: number | null;
  /** The move's kind as the engine names it (`normal`, `run`, `charge`, `pileIn`…), or `set-up` (deployment, reserve). */
  kind: string;
  /** The move may not end or pass within the enemy's combat range (Core 14.1: Normal Move, Run, Redeploy). */
  avoidCombat: boolean;
  /** The top of the model (its elevation + height), inches: where a refusal's chip floats. */
  topZ: number;
  /** The unit's models on the table: their centres, inches. */
  unitModels: readonly { id: string; x: number; y: number }[];
}

/** The facts of a model (null: not on the table or not in the game). */
export type MoveFacts = (modelId: string) => MoveModelFacts | null;

/** Models placed one at a time, not sent yet. */
export interface StagedMove {
  unitId: string;
  /** Where each placed model ends, inches. */
  paths: Record<string, Point2>;
  /** The engine's shortest path to each placed model's end, measured while dragging (start to end). */
  routes: Record<string, Point2[]>;
}

/** Where a refused drop would have put the model, and why (a chip on the table). */
export interface RefusedMark {
  at: Point2;
  /** Height of the chip, inches. */
  z: number;
  text: string;
}

/** The move tool's state. */
export interface MoveToolState {
  /** The drag: idle, pressing, dragging, dropping (`n` numbers the drags). */
  drag: PlayDragState;
  /** "Move one model" is on: a drag moves only the model dragged. Default false: the whole unit. */
  oneModel: boolean;
  /** The drag in progress moves one model (`oneModel` at its press, unless the press said). */
  single: boolean;
  staged: StagedMove | null;
  refused: RefusedMark | null;
  /**
   * The press in progress may not move its model (not this page's seat, not its player's turn):
   * why, said as soon as the press becomes a drag; a plain click says nothing (issue 35 item 5).
   */
  blocked?: PlayNote | null;
}

/** The initial state: no drag, whole units, nothing placed or refused. */
export const MOVE_TOOL_IDLE: MoveToolState = { drag: MOVE_IDLE, oneModel: false, single: false, staged: null, refused: null };

/** Events of the move tool. Points are table inches. */
export type MoveToolEvent =
  /** The pointer pressed a model (`start`: the model's centre). `single` overrides "Move one model". */
  | { type: 'press'; modelId: string; start: Point2; pointer: Point2; single?: boolean; blocked?: PlayNote }
  | { type: 'pointer'; at: Point2 }
  | { type: 'release' }
  | { type: 'escape' }
  /** Press, carry to `to` and release at once (a drag made by a program, e.g. the test hook): no live measure, no selection. */
  | { type: 'carry'; modelId: string; start: Point2; to: Point2; single?: boolean }
  /** The engine's answer for the path of drag `n`. */
  | { type: 'measured'; n: number; measure: PathMeasure }
  /** A `send` effect was answered (`n` null: the placed models' commit). */
  | { type: 'sent'; n: number | null; note: PlayNote; refused: RefusedMark | null }
  | { type: 'commitStaged' }
  | { type: 'clearStaged' }
  | { type: 'setOneModel'; on: boolean }
  /** The chip of the last refusal belongs to its moment: a new game state or selection clears it. */
  | { type: 'clearRefused' };

/** What the tool asks to be done (by `usePlayMoveTool`). */
export type MoveToolEffect =
  /** Ask the path to `to`: a move's shortest legal path from the game (`routed`), else a set-up's straight line from the measuring engine. */
  | { type: 'measure'; n: number; modelId: string; start: Point2; to: Point2; routed: boolean; avoidCombat: boolean; drops?: Record<string, Point2> }
  /** The unit picked up becomes the selected unit (issue 28). */
  | { type: 'select'; unitId: string }
  /**
   * Send the unit's drop: every model's drop point (`drops`, a one-point path each); `known`: the
   * paths measured already (the rest are asked in one call). Answered by a `sent` event.
   */
  | { type: 'send'; n: number | null; unitId: string; modelId: string; kind: string; drops: Record<string, Point2[]>; single: boolean; distInches: number; known: Record<string, Point2[]> }
  /** The drop's outcome: shown as the Play note, and the answer of whoever waits on the drop. */
  | { type: 'note'; note: PlayNote };

/** One step of the tool. */
export interface MoveToolStep {
  state: MoveToolState;
  effects: MoveToolEffect[];
}

const none = (state: MoveToolState): MoveToolStep => ({ state, effects: [] });

/** The model's name in notes: `Clanrats (model 3)`, the unit's name for a unit of one model (issue 35: names, never ids). */
function who(f: MoveModelFacts, modelId: string): string {
  return modelWords({ id: f.unitId, name: f.unitName }, modelId, f.aliveModelIds, Math.max(f.aliveModelIds.length, modelNumber(f.unitId, modelId, f.aliveModelIds)));
}

/** The path question of a drag, when the engine must be asked (not measured yet, not too far for certain). */
function measureOf(drag: PlayDragState, facts: MoveFacts, single: boolean): MoveToolEffect[] {
  if (drag.name !== 'dragging') return [];
  const f = facts(drag.modelId);
  const allowance = f?.allowance ?? null;
  if (!needsMeasure(drag, allowance)) return [];
  // A whole unit's move: every model asked at its own drop point, so the label shows the unit's
  // verdict (the worst model), the same the drop gets (issue 35, item 2).
  const whole = !single && allowance !== null && !!f && f.unitModels.length > 1;
  return [{ type: 'measure', n: drag.n, modelId: drag.modelId, start: drag.start, to: drag.to, routed: allowance !== null, avoidCombat: f?.avoidCombat ?? false, ...(whole ? { drops: dropPoints(f.unitModels, drag.start, drag.to) } : {}) }];
}

/**
 * The drop (state `dropping`): refused at once when too far for certain (Core 15.0); with one model
 * at a time (not a set-up), the model is placed (staged); else the unit's move is sent.
 */
function drop(s: MoveToolState, facts: MoveFacts): MoveToolStep {
  const d = s.drag;
  if (d.name !== 'dropping') return none(s);
  const f = facts(d.modelId);
  if (!f) return none({ ...s, drag: { name: 'idle', n: d.n } });
  const single = s.single;
  const far = tooFarAtDrop(d, f.allowance, f.kind);
  if (far) {
    const named = far.modelId && f.unitModels.some((m) => m.id === far.modelId) ? far.modelId : d.modelId;
    const at = named === d.modelId ? d.to : (dropPoints(f.unitModels, d.start, d.to)[named] ?? d.to);
    const text = `${f.kind === 'pileIn' ? 'Pile-in' : 'Move'}${single ? ' (one model)' : ''} refused: ${who(f, named)} at (${in1(at[0])}", ${in1(at[1])}"): ${far.reason}`;
    const refused: RefusedMark = { at, z: f.topZ + 0.4, text: far.inches === null ? `✗ ${who(f, named)}: no legal path` : `✗ ${who(f, named)}: too far (${far.measured ? '' : '≥ '}${inNear(far.inches, far.max)} / ${in1(far.max)}")` };
    return { state: { ...s, drag: { name: 'idle', n: d.n, last: { kind: 'refused', text } }, refused }, effects: [{ type: 'note', note: { kind: 'refused', text, rule: far.rule } }] };
  }
  const movers = f.unitModels.filter((m) => !single || m.id === d.modelId);
  const points = dropPoints(movers, d.start, d.to);
  const drops: Record<string, Point2[]> = Object.fromEntries(Object.entries(points).map(([id, p]) => [id, [p]]));
  // The dragged model's path as measured while dragging (the engine's shortest path to the drop).
  const measured = currentMeasure(d);
  const known: Record<string, Point2[]> = {};
  if (measured?.path && samePoint(measured.to, d.to)) known[d.modelId] = measured.path.map((p, i, all) => (i === all.length - 1 ? points[d.modelId] : p));
  // A whole unit measured while dragging: every model's path as measured (the verdict shown is the one sent).
  if (measured?.models && samePoint(measured.to, d.to) && !single) {
    for (const [id, a] of Object.entries(measured.models)) if (a.path && a.path.length >= 2 && points[id]) known[id] = a.path.map((p, i, all) => (i === all.length - 1 ? points[id] : p));
  }
  if (single && f.kind !== 'set-up') {
    // One model at a time: its place is kept (drawn as a ghost) until the unit's move is sent.
    const prev = s.staged?.unitId === f.unitId ? s.staged : { unitId: f.unitId, paths: {}, routes: {} };
    const routes = { ...prev.routes };
    if (known[d.modelId]) routes[d.modelId] = known[d.modelId];
    else delete routes[d.modelId];
    const staged: StagedMove = { unitId: f.unitId, paths: { ...prev.paths, [d.modelId]: points[d.modelId] }, routes };
    const label = playDragLabel(d, f.allowance);
    const count = Object.keys(staged.paths).length;
    const text = `Placed ${who(f, d.modelId)}${label ? ` ${label.text}` : ''}: ${count} model${count === 1 ? '' : 's'} placed; drag others, then "Move the placed models".`;
    return { state: { ...s, drag: { name: 'idle', n: d.n, last: { kind: 'moved', text } }, staged }, effects: [{ type: 'note', note: { kind: 'info', text } }] };
  }
  const distInches = Math.hypot(d.to[0] - d.start[0], d.to[1] - d.start[1]);
  return { state: s, effects: [{ type: 'send', n: d.n, unitId: f.unitId, modelId: d.modelId, kind: f.kind, drops, single: false, distInches, known }] };
}

/**
 * The move tool's transitions (pure). See the module comment for the states; `facts` answers what
 * the tool must know of a model at this moment.
 */
export function moveToolStep(s: MoveToolState, e: MoveToolEvent, facts: MoveFacts): MoveToolStep {
  switch (e.type) {
    case 'press': {
      if (s.drag.name !== 'idle') return none(s);
      const drag = playDragReduce(s.drag, { type: 'press', modelId: e.modelId, start: e.start, pointer: e.pointer });
      return none({ ...s, drag, single: e.single ?? s.oneModel, refused: null, blocked: e.blocked ?? null });
    }
    case 'pointer': {
      const drag = playDragReduce(s.drag, e);
      if (drag === s.drag) return none(s);
      // A press that may not move its model became a drag: why, at once; nothing is dragged.
      if (s.blocked && drag.name === 'dragging') return { state: { ...s, drag: { name: 'idle', n: drag.n }, blocked: null }, effects: [{ type: 'note', note: s.blocked }] };
      const effects: MoveToolEffect[] = [];
      const unitId = drag.name === 'dragging' && s.drag.name === 'pressing' ? facts(drag.modelId)?.unitId : undefined;
      if (unitId) effects.push({ type: 'select', unitId });
      effects.push(...measureOf(drag, facts, s.single));
      return { state: { ...s, drag }, effects };
    }
    case 'release': {
      // A plain click on a model it may not move: no refusal (nothing was dragged).
      if (s.blocked) return none({ ...s, drag: { name: 'idle', n: s.drag.n }, blocked: null });
      const drag = playDragReduce(s.drag, e);
      if (drag.name === 'dropping') return drop({ ...s, drag }, facts);
      // Carried back to where it started: no move made.
      if (s.drag.name === 'dragging' && drag.name === 'idle') return { state: { ...s, drag }, effects: [{ type: 'note', note: { kind: 'info', text: PUT_BACK_TEXT } }] };
      return none({ ...s, drag });
    }
    case 'escape': {
      if (s.blocked) return none({ ...s, drag: { name: 'idle', n: s.drag.n }, blocked: null });
      const drag = playDragReduce(s.drag, e);
      if (s.drag.name === 'dragging' && drag.name === 'idle') return { state: { ...s, drag }, effects: [{ type: 'note', note: { kind: 'info', text: CANCELLED_TEXT } }] };
      return none({ ...s, drag });
    }
    case 'carry': {
      if (s.drag.name !== 'idle') return none(s);
      let step = moveToolStep(s, { type: 'press', modelId: e.modelId, start: e.start, pointer: e.start, single: e.single }, facts);
      const effects: MoveToolEffect[] = [];
      for (const next of [{ type: 'pointer', at: e.to }, { type: 'release' }] as const) {
        step = moveToolStep(step.state, next, facts);
        effects.push(...step.effects.filter((x) => x.type !== 'measure' && x.type !== 'select'));
      }
      return { state: step.state, effects };
    }
    case 'measured': {
      const drag = playDragReduce(s.drag, e);
      // One question at a time, latest wins: the pointer moved on meanwhile, ask again.
      return { state: drag === s.drag ? s : { ...s, drag }, effects: measureOf(drag, facts, s.single) };
    }
    case 'sent': {
      const drag = e.n === null ? s.drag : playDragReduce(s.drag, { type: 'dropped', n: e.n, note: { kind: e.note.kind === 'ok' ? 'moved' : 'refused', text: e.note.text } });
      const staged = e.n === null && e.note.kind === 'ok' ? null : s.staged;
      return { state: { ...s, drag, staged, refused: e.refused ?? s.refused }, effects: [{ type: 'note', note: e.note }] };
    }
    case 'commitStaged': {
      const st = s.staged;
      const first = st ? Object.keys(st.paths)[0] : undefined;
      const f = first ? facts(first) : null;
      if (!st || !first || !f) return none(s);
      const drops = Object.fromEntries(Object.entries(st.paths).map(([id, p]) => [id, [p]]));
      return { state: s, effects: [{ type: 'send', n: null, unitId: st.unitId, modelId: first, kind: f.kind, drops, single: true, distInches: 0, known: st.routes }] };
    }
    case 'clearStaged':
      return none(s.staged ? { ...s, staged: null } : s);
    case 'setOneModel':
      return none(e.on === s.oneModel ? s : { ...s, oneModel: e.on, staged: null });
    case 'clearRefused':
      return none(s.refused ? { ...s, refused: null } : s);
  }
}
