/**
 * Shared vocabulary of the tools (tldraw-style: each tool is a small state machine in its own
 * file, a pure `reduce(state, event)` plus a hook that runs the engine calls its states ask for).
 * Everything is in TABLE space: inches, x along the width, y along the depth, z up.
 */

/** The tools of the toolbar. `select` is the default (click to select, shift for the unit). */
export type ToolId = 'select' | 'measure' | 'los' | 'move' | 'ruler';

/** What a click can pick: a model, its unit (shift), an objective or a terrain feature. */
export type PickKind = 'model' | 'unit' | 'objective' | 'terrain';

/** A picked thing, named by its scenario id. */
export interface PickTarget {
  kind: PickKind;
  id: string;
}

/** A point `[x, y, z]`, inches, table space. */
export type Point3 = [number, number, number];

/** A segment between two table-space points. */
export type Segment3 = [Point3, Point3];

/** A plan-view point `[x, y]`, inches. */
export type Point2 = [number, number];

/** True when two picks name the same thing. */
export function samePick(a: PickTarget | null | undefined, b: PickTarget | null | undefined): boolean {
  return !!a && !!b && a.kind === b.kind && a.id === b.id;
}

/** Reads a `[[x,y,z],[x,y,z]]` answer extra, or undefined when it is not one. */
export function asSegment(v: unknown): Segment3 | undefined {
  if (!Array.isArray(v) || v.length !== 2) return undefined;
  const ok = (p: unknown): p is Point3 => Array.isArray(p) && p.length === 3 && p.every((n) => typeof n === 'number' && Number.isFinite(n));
  return ok(v[0]) && ok(v[1]) ? [v[0], v[1]] : undefined;
}

/** Problems of a failed engine call, as one list of lines. */
export function problemsOf(r: { ok: false; problems?: string[]; reason?: string }): string[] {
  return r.problems ?? [r.reason ?? 'the engine refused the request'];
}
