/**
 * The proof of a "not visible" verdict (Core 6.0): the lines tested between the two models or
 * units, what blocks each, every blocker named once (terrain first), and the most favourable line
 * (the one the observer's-eye view looks along). See docs/visibility.md, "The blockers that matter".
 */
import { segmentOccluderFirstHit } from './occluders';
import { segmentBlockersExcept, type SegmentBlocker } from './segmentBlockers';
import type { Segment3 } from './visibility';
import type { ModelState, World } from './world';

/**
 * What a tested line touches: a {@link SegmentBlocker} (its first contact `at`, `t`) and, for a
 * model, where the line leaves its volume (`exit`, `tExit`: its last contact; equal to `at` when it
 * only grazes the rim), so a picture can show the part of the volume the line meets (issue 39).
 */
export type LineContact = SegmentBlocker & { exit?: [number, number, number]; tExit?: number };

/** One line tested: from a point of an observing model to a point of a target model, with what it touches. */
export interface TestedLine {
  /** `[[x, y, z], [x, y, z]]` inches, observer end first. */
  segment: Segment3;
  observerModelId: string;
  targetModelId: string;
  /** What the line touches, ordered along it (Core 6.0 blockers of the pair; see {@link blockedLines}); models with their exit. */
  blockers: LineContact[];
}

/**
 * The blockers of `segment` with, for each model, its last contact: the first contact of the
 * reversed segment with the model's volume (the same exact test as the first contact).
 */
function contactsOf(world: World, segment: Segment3, transparent: (m: ModelState) => boolean): LineContact[] {
  const [[ax, ay, az], [bx, by, bz]] = segment;
  return segmentBlockersExcept(world, segment, transparent).map((b) => {
    const m = b.kind === 'model' ? world.models.get(b.id) : undefined;
    if (!m) return b;
    let back = -1;
    for (const o of m.occluders) {
      const t = segmentOccluderFirstHit(o, bx, by, bz, ax, ay, az);
      if (t >= 0 && (back < 0 || t < back)) back = t;
    }
    const tExit = back < 0 ? b.t : Math.max(b.t, 1 - back);
    return { ...b, exit: [ax + tExit * (bx - ax), ay + tExit * (by - ay), az + tExit * (bz - az)], tExit };
  });
}

/** One blocker of the tested lines. */
export interface LineBlocker {
  kind: 'terrain' | 'model';
  /** Terrain feature id or model id. */
  id: string;
  /** How many of the tested lines it touches (at least 1). */
  lines: number;
}

/** What {@link blockedLines} found. */
export interface BlockedLines {
  /**
   * `unit`: both picks are units, so the question is symmetric (docs/visibility.md step 4): neither
   * unit blocks. `model`: the direct form: the observer's unit is transparent, the target model
   * never blocks its own lines, the target's unit-mates do.
   */
  form: 'unit' | 'model';
  lines: TestedLine[];
  /** Every terrain feature, then every model, that touches a tested line; each kind by lines touched (most first), then id. */
  blockers: LineBlocker[];
  /** Index in `lines` of the most favourable line: fewest blockers, then the latest first contact, then the first tested. */
  favourite: number;
}

/** The models a model or unit id stands for, or null when the id is neither. */
function modelsOf(world: World, id: string): ModelState[] | null {
  const m = world.models.get(id);
  if (m) return [m];
  if (!world.units.has(id)) return null;
  return world.unitModels(id);
}

/**
 * The point of a model's top rim in plan direction `(dx, dy)` (a unit vector) from its centre:
 * where the ray from the centre leaves its footprint ellipse, at the top of its volume.
 */
function rimPoint(m: ModelState, dx: number, dy: number): [number, number, number] {
  const f = m.footprint;
  const c = Math.cos(f.facingRad);
  const s = Math.sin(f.facingRad);
  const u = dx * c + dy * s;
  const v = -dx * s + dy * c;
  const r = 1 / Math.sqrt((u / f.semiMajor) ** 2 + (v / f.semiMinor) ** 2);
  return [f.x + r * dx, f.y + r * dy, m.elevation + m.heightInches];
}

/**
 * The points of model `m` a line is tested from or to, toward model `other`: the top centre, and
 * the top rim toward the other model and square to either side of that direction (leaning out
 * over the base's edge).
 */
function viewPoints(m: ModelState, other: ModelState): [number, number, number][] {
  const top: [number, number, number] = [m.footprint.x, m.footprint.y, m.elevation + m.heightInches];
  let dx = other.footprint.x - m.footprint.x;
  let dy = other.footprint.y - m.footprint.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return [top];
  dx /= len;
  dy /= len;
  return [top, rimPoint(m, dx, dy), rimPoint(m, -dy, dx), rimPoint(m, dy, -dx)];
}

/** For each model of `from`, the model of `to` whose centre is nearest in plan (ties: the first). */
function nearest(from: ModelState[], to: ModelState[]): [ModelState, ModelState][] {
  return from.map((a) => {
    let best = to[0];
    let bestD = Infinity;
    for (const b of to) {
      const d = Math.hypot(a.footprint.x - b.footprint.x, a.footprint.y - b.footprint.y);
      if (d < bestD) {
        bestD = d;
        best = b;
      }
    }
    return [a, best];
  });
}

/**
 * The lines tested for a line-of-sight dispute between `observerId` and `targetId` (model or unit
 * ids) and what blocks them (Core 6.0). The model pairs: every observing model with its nearest
 * target model, and every target model with its nearest observing model (by plan centres); for
 * each pair, the 16 lines from the observer's top centre and three top-rim points (toward the
 * target and square to either side) to the same four points of the target. The blockers of a line
 * are those of the question's form (see {@link BlockedLines.form}). For a "not visible" pair every
 * line is blocked, so every line names at least one blocker; for a visible pair some may be clear.
 * @returns null when an id is neither a model nor a unit, or both ids stand for the same models.
 */
export function blockedLines(world: World, observerId: string, targetId: string): BlockedLines | null {
  const os = modelsOf(world, observerId);
  const ts = modelsOf(world, targetId);
  if (!os || !ts || !os.length || !ts.length) return null;
  const form: BlockedLines['form'] = world.units.has(observerId) && world.units.has(targetId) ? 'unit' : 'model';
  const observerUnit = os[0].unitId;
  const targetUnit = ts[0].unitId;
  if (form === 'unit' && observerUnit === targetUnit) return null;
  const seen = new Set<string>();
  const pairs: [ModelState, ModelState][] = [];
  for (const [o, t] of [...nearest(os, ts), ...nearest(ts, os).map(([t, o]) => [o, t] as [ModelState, ModelState])]) {
    const key = `${o.id}\u0000${t.id}`;
    if (o.id === t.id || seen.has(key)) continue;
    seen.add(key);
    pairs.push([o, t]);
  }
  const lines: TestedLine[] = [];
  for (const [o, t] of pairs) {
    const transparent =
      form === 'unit' ? (m: ModelState) => m.unitId === observerUnit || m.unitId === targetUnit : (m: ModelState) => m.unitId === o.unitId || m.id === t.id;
    for (const p of viewPoints(o, t)) {
      for (const q of viewPoints(t, o)) {
        const segment: Segment3 = [p, q];
        lines.push({ segment, observerModelId: o.id, targetModelId: t.id, blockers: contactsOf(world, segment, transparent) });
      }
    }
  }
  const counts = new Map<string, LineBlocker>();
  for (const l of lines) {
    for (const b of l.blockers) {
      const key = `${b.kind}:${b.id}`;
      const c = counts.get(key);
      if (c) c.lines++;
      else counts.set(key, { kind: b.kind, id: b.id, lines: 1 });
    }
  }
  const blockers = [...counts.values()].sort((a, b) => (a.kind === b.kind ? b.lines - a.lines || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.kind === 'terrain' ? -1 : 1));
  let favourite = 0;
  const firstT = (l: TestedLine) => (l.blockers.length ? l.blockers[0].t : Infinity);
  lines.forEach((l, i) => {
    const f = lines[favourite];
    if (l.blockers.length < f.blockers.length || (l.blockers.length === f.blockers.length && firstT(l) > firstT(f))) favourite = i;
  });
  return { form, lines, blockers, favourite };
}
