/**
 * Free ruler (issue 18): measure from any point of the table (or a terrain surface) to any other.
 * After the first click a live line follows the pointer with its length; the second click fixes
 * it; a third starts a new ruler; Esc clears it. Straight-line 3D distance and the plan-view
 * distance between the two points, inches.
 *
 *   idle --click--> anchored(from, pointer) --click--> done(from, to) --click--> anchored(...)
 *     ^                   |  hover: pointer follows                   |
 *     +------ cancel -----+-------------------------------------------+
 */
import type { Point3 } from './types';

/** States of the ruler. */
export type RulerState = { name: 'idle' } | { name: 'anchored'; from: Point3; pointer: Point3 | null } | { name: 'done'; from: Point3; to: Point3 };

/** Events of the ruler. */
export type RulerEvent = { type: 'click'; at: Point3 } | { type: 'hover'; at: Point3 | null } | { type: 'cancel' };

export const RULER_IDLE: RulerState = { name: 'idle' };

/** The ruler's transitions (pure). */
export function rulerReduce(s: RulerState, e: RulerEvent): RulerState {
  switch (e.type) {
    case 'cancel':
      return RULER_IDLE;
    case 'click':
      if (s.name === 'anchored') return { name: 'done', from: s.from, to: e.at };
      return { name: 'anchored', from: e.at, pointer: null };
    case 'hover':
      if (s.name !== 'anchored') return s;
      return { ...s, pointer: e.at };
  }
}

/** The segment to draw: the fixed ruler, or the live line to the pointer. */
export function rulerSegment(s: RulerState): [Point3, Point3] | null {
  if (s.name === 'done') return [s.from, s.to];
  if (s.name === 'anchored' && s.pointer) return [s.from, s.pointer];
  return null;
}

/** Distances between two points: straight line (3D) and seen from above, inches. */
export function rulerDistance(a: Point3, b: Point3): { distance: number; horizontal: number } {
  const horizontal = Math.hypot(b[0] - a[0], b[1] - a[1]);
  return { distance: Math.hypot(horizontal, b[2] - a[2]), horizontal };
}
