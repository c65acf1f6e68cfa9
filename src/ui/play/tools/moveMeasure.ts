/**
 * The Play move tool's drag and its measures (issue 28, items 7-8): the drag of a unit (or one
 * model) over the table, on top of the table tools' drag machine (`src/ui/tools/moveTool.ts`,
 * `moveReduce`); the whole tool (staged models, refusals, effects) is `./moveTool.ts`.
 *
 *   idle --press on a model--> pointing --pointer moves > 0.05"--> dragging --release--> dropping
 *     ^          | release (a click)            | Esc                | release where it     | dropped
 *     |          |                              |                    | started: cancelled   | (sent, or
 *     +----------+------------------------------+--------------------+----------------------+ refused at once)
 *
 * - A drop where the drag started (the model carried back within {@link DRAG_THRESHOLD}) and Esc
 *   during a press or a drag cancel it: nothing is sent, so no move is spent (Core 14.1: a unit
 *   that did not move has not used its move).
 * - The live label always shows the move: the engine's answer for the pointer's point once it is
 *   in; meanwhile, and whenever the straight line alone is longer than the allowance (no path can
 *   be shorter than the straight line: the engine is not asked), the straight line as a lower
 *   bound, "≥ 7.3 / 5"". Too far: red, with the allowance.
 * - A drop that is too far for certain (the straight line, or the engine's shortest path measured
 *   for that very point, longer than the allowance: Core 15.0) is refused at once by the page,
 *   with the distance and the allowance, without asking the game worker.
 *
 * Pure functions and one tiny hook (Esc); `usePlayMoveTool` runs the engine calls.
 */
import { useEffect } from 'react';
import { currentMeasure, DRAG_THRESHOLD, moveReduce, type MoveEvent, type MoveState } from '../../tools/moveTool';
import type { Point2 } from '../../tools/types';
import { moveRule } from '../../../rules/engine/moveRules';

export { currentMeasure, DRAG_THRESHOLD, MOVE_IDLE } from '../../tools/moveTool';
export type { MoveState as PlayDragState, PathMeasure } from '../../tools/moveTool';

/** Tolerance on distances against an allowance, inches (the engine's). */
const EPS = 1e-6;

/** The note a drag left: kept on the idle state as `last`. */
export const CANCELLED_TEXT = 'Move cancelled: the unit stays where it was (no move spent).';
export const PUT_BACK_TEXT = 'Put back where it started: no move made (no move spent).';

/** Events of the Play move tool: the table drag's, and Esc. */
export type PlayDragEvent = MoveEvent | { type: 'escape' };

/** Whether two table points are the same (within 1e-6", the page's rounding). */
export const samePoint = (a: Point2, b: Point2): boolean => Math.abs(a[0] - b[0]) < 1e-6 && Math.abs(a[1] - b[1]) < 1e-6;

/**
 * Whether a move may not enter combat range, so its path keeps out of the enemy's 3" (Core 14.1: a
 * Normal Move or a Run; Redeploy likewise): in the movement phase, with no declared move other than
 * a run or a redeploy pending. Charges, retreats and pile-ins may go in.
 * @param pendingKind The unit's declared move (`pendingMove.kind`), undefined: none (a Normal Move).
 */
export function avoidsCombat(phase: string | null, pendingKind: string | undefined): boolean {
  const kind = pendingKind ?? 'normal';
  return phase === 'movement' && (kind === 'normal' || kind === 'run' || kind === 'redeploy');
}

/** Plan-view straight-line distance, inches. */
export function straightInches(a: Point2, b: Point2): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

/**
 * The Play move tool's transitions (pure): the table drag's (`moveReduce`), with
 * - `release` in a drag whose point is back within {@link DRAG_THRESHOLD} of its start: idle, cancelled
 *   (a drop where it started is no move);
 * - `escape` during a press or a drag: idle, cancelled. Once dropped (the move is sent) Esc does nothing.
 */
export function playDragReduce(s: MoveState, e: PlayDragEvent): MoveState {
  if (e.type === 'escape') {
    if (s.name === 'pressing') return { name: 'idle', n: s.n };
    if (s.name === 'dragging') return { name: 'idle', n: s.n, last: { kind: 'refused', text: CANCELLED_TEXT } };
    return s;
  }
  if (e.type === 'release' && s.name === 'dragging' && straightInches(s.start, s.to) < DRAG_THRESHOLD) {
    return { name: 'idle', n: s.n, last: { kind: 'refused', text: PUT_BACK_TEXT } };
  }
  return moveReduce(s, e);
}

/** What the live label of a drag shows. */
export interface PlayDragLabel {
  /** Where the dragged model would stand, inches. */
  to: Point2;
  /** Inches the label shows: the engine's (`measured`) or the straight line's (a lower bound); null: no legal path. */
  value: number | null;
  /** Whether `value` is the engine's answer for `to` (else the straight line, shown as "≥"). */
  measured: boolean;
  /** The allowance (null: a set-up, none). */
  max: number | null;
  /** The move is longer than the allowance, or cannot be made: the label is red. */
  bad: boolean;
  /** The engine's path to `to` (when measured in a move). */
  path?: Point2[];
  /** Why not (no legal path). */
  reason?: string;
  /** A whole unit's drag: the models whose own move is too long or impossible (their ghosts are red). */
  badModels?: string[];
  /** The text, e.g. `4.2 / 5"`, `≥ 7.3 / 5" — too far`, `✗ blocked: …`. */
  text: string;
}

/** Inches with one decimal, no trailing `.0`. */
export const in1 = (v: number) => String(Math.round(v * 10) / 10);

/**
 * Inches against an allowance: one decimal, but two when one would hide which side of the
 * allowance the figure is on (issue 35: "5 / 5" — too far" at 5.04"): `inNear(5.04, 5)` = `5.04`.
 */
export function inNear(v: number, max: number | null): string {
  if (max === null) return in1(v);
  const one = Math.round(v * 10) / 10;
  const over = v > max + EPS;
  return (over && one <= max) || (!over && one > max) ? (Math.ceil(v * 100) / 100).toFixed(2).replace(/0$/, '') : in1(v);
}

/**
 * The live label of a drag (dragging or dropping), or null when there is no drag.
 * @param max The allowance, inches (null: a set-up).
 */
export function playDragLabel(s: MoveState, max: number | null): PlayDragLabel | null {
  if (s.name !== 'dragging' && s.name !== 'dropping') return null;
  const m = currentMeasure(s);
  const straight = straightInches(s.start, s.to);
  if (m) {
    // A whole unit's drag: the worst model speaks for the unit, named when it is not the one dragged.
    const other = m.worst && m.worst !== s.modelId ? m.worst : undefined;
    const badModels = m.models ? Object.entries(m.models).filter(([, a]) => a.value === null || (max !== null && a.value > max + EPS)).map(([id]) => id) : undefined;
    const path = m.models?.[s.modelId]?.path ?? m.path;
    if (m.value === null) return { to: s.to, value: null, measured: true, max, bad: true, ...(m.reason ? { reason: m.reason } : {}), ...(badModels ? { badModels } : {}), text: `✗ blocked${other ? ` (${other})` : ''}${m.reason ? `: ${m.reason}` : ''}` };
    const bad = max !== null && m.value > max + EPS;
    const text = max === null ? `${in1(m.value)}"` : `${inNear(m.value, max)} / ${in1(max)}"${bad ? ` — too far${other ? ` (${other})` : ''}` : ''}`;
    return { to: s.to, value: m.value, measured: true, max, bad, ...(path ? { path } : {}), ...(badModels ? { badModels } : {}), text };
  }
  const bad = max !== null && straight > max + EPS;
  const text = max === null ? `${in1(straight)}"` : `≥ ${inNear(straight, max)} / ${in1(max)}"${bad ? ' — too far' : ''}`;
  return { to: s.to, value: straight, measured: false, max, bad, text };
}

/**
 * Whether the engine needs asking for the path to the drag's point: not when the straight line
 * alone is longer than the allowance (every path is at least as long: the move is too far).
 */
export function needsMeasure(s: MoveState, max: number | null): boolean {
  if (s.name !== 'dragging' && s.name !== 'dropping') return false;
  if (s.measured && Math.abs(s.measured.to[0] - s.to[0]) < 1e-9 && Math.abs(s.measured.to[1] - s.to[1]) < 1e-9) return false;
  return max === null || straightInches(s.start, s.to) <= max + EPS;
}

/** A drop refused by the page before anything is sent: too far for certain (Core 15.0). */
export interface TooFar {
  /** Inches at least (the straight line) or exactly (the engine's measured path); null: no legal path. */
  inches: number | null;
  /** The model it is about (a whole unit's worst), when not the one dragged. */
  modelId?: string;
  /** Whether `inches` is the engine's path (else the straight line's lower bound). */
  measured: boolean;
  max: number;
  /** The reason, e.g. `it would move at least 7.30" but this move allows 5"`. */
  reason: string;
  /** The rule of the move's allowance (the engine's own table: `moveRule` in `src/rules/engine/moveRules.ts`). */
  rule: string;
}

/**
 * The verdict the page can give at once on a drop (dropping state): too far when the straight line
 * from start to drop (every model of a whole-unit drag moves by the same offset), or the engine's
 * shortest path measured for that point, is longer than the allowance (Core 15.0: no part of the
 * base may move farther than the maximum). Null: the game worker decides.
 * @param kind The move's kind as the engine names it (`normal`, `run`, `charge`, `pileIn`…): the rule cited is the engine's (`moveRule`).
 */
export function tooFarAtDrop(s: MoveState, max: number | null, kind = ''): TooFar | null {
  if (s.name !== 'dropping' || max === null) return null;
  const rule = moveRule(kind);
  const m = currentMeasure(s);
  const who = m?.worst && m.worst !== s.modelId ? { modelId: m.worst } : {};
  if (m && m.value !== null && m.value > max + EPS) return { inches: m.value, measured: true, max, reason: `it would move ${m.value.toFixed(2)}" but this move allows ${in1(max)}"`, rule, ...who };
  // No legal path for this very point (the label said so): the same verdict at the drop (issue 35).
  if (m && m.value === null) return { inches: null, measured: true, max, reason: m.reason ? `no legal path: ${m.reason}` : 'no legal path', rule, ...who };
  const straight = straightInches(s.start, s.to);
  if (straight > max + EPS) return { inches: straight, measured: false, max, reason: `it would move at least ${straight.toFixed(2)}" (the straight line) but this move allows ${in1(max)}"`, rule };
  return null;
}

/** Where a whole-unit drag (or a one-model drag) puts each model: its centre moved by the drag's offset (3 decimals). */
export function dropPoints(models: readonly { id: string; x: number; y: number }[], start: Point2, to: Point2): Record<string, Point2> {
  const dx = to[0] - start[0];
  const dy = to[1] - start[1];
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  return Object.fromEntries(models.map((m) => [m.id, [r3(m.x + dx), r3(m.y + dy)] as Point2]));
}

/**
 * Esc while `active` (a press or a drag) calls `cancel` (the drag is dropped where it started), and
 * only that (issue 35: it also cleared the selection): taken in the capture phase so the page's own
 * Esc (which clears the selection) does not see it.
 */
export function useEscapeCancels(active: boolean, cancel: () => void): void {
  useEffect(() => {
    if (!active) return;
    const on = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      cancel();
    };
    window.addEventListener('keydown', on, true);
    return () => window.removeEventListener('keydown', on, true);
  }, [active, cancel]);
}

