/**
 * The sandbox's edits of placed things, as pure functions of the scenario (issue 18): move, turn
 * or delete a terrain feature, turn or delete a model. Each returns the new scenario (the input is
 * not changed) or a refusal naming the piece. A terrain feature has no position of its own in the
 * scenario format (`src/scenario/schema.ts`): its pieces carry theirs (a box's `center` and
 * `rotation`, a cylinder's `center`, a mesh's `position` and `rotation`), so an edit moves or turns
 * every piece with the feature. Table space: inches, angles in degrees counter-clockwise seen from
 * above.
 */
import type { Scenario, ScenarioModel, ScenarioPiece } from '../../scenario/schema';

/** One terrain feature of a scenario. */
export type ScenarioFeature = NonNullable<Scenario['terrain']>[number];

/** The new scenario and what was done, or why it was refused. */
export type EditOutcome = { ok: true; scenario: Scenario; note: string } | { ok: false; problem: string };

/** A plan-view box, inches. */
export interface PlanBox {
  min: [number, number];
  max: [number, number];
}

/** The step of one turn with the rotate buttons and keys, degrees. */
export const ROTATE_STEP = 15;
/** How far a piece may reach past the table's edge (rounding), inches. */
const EDGE_TOLERANCE = 0.01;

const r3 = (n: number) => Math.round(n * 1000) / 1000;
/** An angle in [0, 360), rounded to 1/1000 of a degree. */
const norm = (deg: number) => {
  const d = r3(((deg % 360) + 360) % 360);
  return d === 360 ? 0 : d;
};
const fmt = (n: number) => n.toFixed(1);

/** `p` turned `deg` about `pivot`. */
function turn(p: readonly [number, number], pivot: readonly [number, number], deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const dx = p[0] - pivot[0];
  const dy = p[1] - pivot[1];
  return [r3(pivot[0] + c * dx - s * dy), r3(pivot[1] + s * dx + c * dy)];
}

/** The plan-view points that bound a piece (as far as the scenario alone tells: a mesh file's extent is its `position`). */
function piecePoints(p: ScenarioPiece): [number, number][] {
  if (p.shape === 'box') {
    const [w, d] = p.size;
    const a = ((p.rotation ?? 0) * Math.PI) / 180;
    const c = Math.cos(a);
    const s = Math.sin(a);
    return [
      [-w / 2, -d / 2],
      [w / 2, -d / 2],
      [w / 2, d / 2],
      [-w / 2, d / 2],
    ].map(([x, y]) => [p.center[0] + c * x - s * y, p.center[1] + s * x + c * y]);
  }
  if (p.shape === 'cylinder') {
    const [x, y] = p.center;
    return [
      [x - p.radius, y - p.radius],
      [x + p.radius, y + p.radius],
    ];
  }
  const pos = p.position ?? [0, 0, 0];
  if (!('vertices' in p)) return [[pos[0], pos[1]]];
  // An inline mesh: its vertices placed as the engine places them (axes, scale, turn, move).
  const sc = typeof p.scale === 'number' ? [p.scale, p.scale, p.scale] : (p.scale ?? [1, 1, 1]);
  const yUp = p.upAxis === 'y';
  const a = ((p.rotation ?? 0) * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return p.vertices.map(([fx, fy, fz]) => {
    const x = fx * sc[0];
    const y = (yUp ? -fz : fy) * sc[1];
    return [c * x - s * y + pos[0], s * x + c * y + pos[1]];
  });
}

/** The plan-view box of a feature's pieces (see {@link piecePoints}). */
export function featureExtent(f: ScenarioFeature): PlanBox {
  const min: [number, number] = [Infinity, Infinity];
  const max: [number, number] = [-Infinity, -Infinity];
  for (const p of f.pieces)
    for (const [x, y] of piecePoints(p)) {
      min[0] = Math.min(min[0], x);
      min[1] = Math.min(min[1], y);
      max[0] = Math.max(max[0], x);
      max[1] = Math.max(max[1], y);
    }
  return { min, max };
}

/** The centre of a feature: the middle of its plan-view box. It is where a move puts it and what a turn turns about. */
export function featureCentre(f: ScenarioFeature): [number, number] {
  const { min, max } = featureExtent(f);
  return [r3((min[0] + max[0]) / 2), r3((min[1] + max[1]) / 2)];
}

function findFeature(s: Scenario, id: string): ScenarioFeature | undefined {
  return (s.terrain ?? []).find((t) => t.id === id);
}

/** The refusal for a feature that would reach off the table, or null when it stays on it. */
function offTable(s: Scenario, f: ScenarioFeature): string | null {
  const { min, max } = featureExtent(f);
  const { width, depth } = s.battlefield;
  const t = EDGE_TOLERANCE;
  if (min[0] >= -t && min[1] >= -t && max[0] <= width + t && max[1] <= depth + t) return null;
  return `${f.id} would be off the table there (the battlefield is ${width}" × ${depth}")`;
}

function withFeature(s: Scenario, f: ScenarioFeature): Scenario {
  return { ...s, terrain: (s.terrain ?? []).map((t) => (t.id === f.id ? f : t)) };
}

/** Every piece of `f` moved by `[dx, dy]`. */
function shifted(f: ScenarioFeature, dx: number, dy: number): ScenarioFeature {
  const pieces = f.pieces.map((p): ScenarioPiece => {
    if (p.shape === 'box' || p.shape === 'cylinder') return { ...p, center: [r3(p.center[0] + dx), r3(p.center[1] + dy)] };
    const pos = p.position ?? [0, 0, 0];
    return { ...p, position: [r3(pos[0] + dx), r3(pos[1] + dy), pos[2]] };
  });
  return { ...f, pieces };
}

/**
 * The scenario with feature `id` moved so that its centre ({@link featureCentre}) is at `at`:
 * every piece moves by the same amount, its meshes too. Refused for an unknown id or when the
 * feature would reach off the table.
 */
export function moveFeature(s: Scenario, id: string, at: readonly [number, number]): EditOutcome {
  const f = findFeature(s, id);
  if (!f) return { ok: false, problem: `There is no terrain feature ${id}.` };
  const c = featureCentre(f);
  const moved = shifted(f, at[0] - c[0], at[1] - c[1]);
  const off = offTable(s, moved);
  if (off) return { ok: false, problem: `${off}.` };
  const now = featureCentre(moved);
  return { ok: true, scenario: withFeature(s, moved), note: `Moved ${id} to (${fmt(now[0])}, ${fmt(now[1])}).` };
}

/**
 * The scenario with feature `id` turned `degrees` (counter-clockwise) about `pivot` (default its
 * centre): each piece's centre or position turns about the pivot, and a box's or mesh's own
 * `rotation` grows by `degrees` (a cylinder has none). Refused for an unknown id or when the
 * feature would reach off the table.
 */
export function rotateFeature(s: Scenario, id: string, degrees: number, pivot?: readonly [number, number]): EditOutcome {
  const f = findFeature(s, id);
  if (!f) return { ok: false, problem: `There is no terrain feature ${id}.` };
  const c = pivot ?? featureCentre(f);
  const pieces = f.pieces.map((p): ScenarioPiece => {
    if (p.shape === 'box') return { ...p, center: turn(p.center, c, degrees), rotation: norm((p.rotation ?? 0) + degrees) };
    if (p.shape === 'cylinder') return { ...p, center: turn(p.center, c, degrees) };
    const pos = p.position ?? [0, 0, 0];
    const [x, y] = turn([pos[0], pos[1]], c, degrees);
    return { ...p, position: [x, y, pos[2]], rotation: norm((p.rotation ?? 0) + degrees) };
  });
  const turned = { ...f, pieces };
  const off = offTable(s, turned);
  if (off) return { ok: false, problem: `${off}.` };
  const way = degrees >= 0 ? 'left' : 'right';
  return { ok: true, scenario: withFeature(s, turned), note: `Turned ${id} ${Math.abs(degrees)}° ${way}.` };
}

/** Queries that name none of `ids` (a scenario's stored queries must name things that exist). */
function queriesWithout(s: Scenario, ids: ReadonlySet<string>): Pick<Scenario, 'queries'> {
  if (!s.queries) return {};
  return { queries: s.queries.filter((q) => !Object.values(q).some((v) => typeof v === 'string' && ids.has(v) && v !== q.id)) };
}

/** The scenario without feature `id` (and without stored queries naming it). Refused for an unknown id. */
export function deleteFeature(s: Scenario, id: string): EditOutcome {
  if (!findFeature(s, id)) return { ok: false, problem: `There is no terrain feature ${id}.` };
  return { ok: true, scenario: { ...s, terrain: (s.terrain ?? []).filter((t) => t.id !== id), ...queriesWithout(s, new Set([id])) }, note: `Deleted ${id}.` };
}

function findModel(s: Scenario, id: string): { unit: NonNullable<Scenario['units']>[number]; model: ScenarioModel } | null {
  for (const unit of s.units ?? []) {
    const model = unit.models.find((m) => m.id === id);
    if (model) return { unit, model };
  }
  return null;
}

/**
 * The scenario without model `id`; the last model of a unit takes the unit with it. Stored queries
 * naming either are dropped. Refused for an unknown id.
 */
export function deleteModel(s: Scenario, id: string): EditOutcome {
  const found = findModel(s, id);
  if (!found) return { ok: false, problem: `There is no model ${id}.` };
  const { unit } = found;
  const last = unit.models.length === 1;
  const units = last ? (s.units ?? []).filter((u) => u !== unit) : (s.units ?? []).map((u) => (u === unit ? { ...u, models: u.models.filter((m) => m.id !== id) } : u));
  const gone = new Set(last ? [id, unit.id] : [id]);
  const note = last ? `Deleted ${id}, the last model of ${unit.name ?? unit.id} (the unit is gone too).` : `Deleted ${id}.`;
  return { ok: true, scenario: { ...s, units, ...queriesWithout(s, gone) }, note };
}

/**
 * The scenario without the models `ids` (a whole unit selected, issue 39): each deleted as
 * {@link deleteModel} does (a unit left without models goes too). Refused for an unknown id.
 */
export function deleteModels(s: Scenario, ids: readonly string[]): EditOutcome {
  let cur = s;
  for (const id of ids) {
    const r = deleteModel(cur, id);
    if (!r.ok) return r;
    cur = r.scenario;
  }
  const gone = (s.units ?? []).filter((u) => !(cur.units ?? []).some((v) => v.id === u.id)).map((u) => u.name ?? u.id);
  const shown = ids.length > 4 ? `${ids.slice(0, 4).join(', ')} and ${ids.length - 4} more` : ids.join(', ');
  return { ok: true, scenario: cur, note: `Deleted ${ids.length} models (${shown})${gone.length ? `; ${gone.join(', ')} ${gone.length === 1 ? 'is' : 'are'} gone` : ''}.` };
}

/** The scenario with model `id` turned `degrees` (its `facing`). Refused for an unknown id. */
export function rotateModel(s: Scenario, id: string, degrees: number): EditOutcome {
  const found = findModel(s, id);
  if (!found) return { ok: false, problem: `There is no model ${id}.` };
  const facing = norm((found.model.facing ?? 0) + degrees);
  const units = (s.units ?? []).map((u) => (u === found.unit ? { ...u, models: u.models.map((m) => (m.id === id ? { ...m, facing } : m)) } : u));
  const way = degrees >= 0 ? 'left' : 'right';
  return { ok: true, scenario: { ...s, units }, note: `Turned ${id} ${Math.abs(degrees)}° ${way} (facing ${fmt(facing)}°).` };
}
