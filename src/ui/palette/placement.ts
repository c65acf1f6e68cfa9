/**
 * Placing things from the palette, through the engine worker:
 * - terrain: the engine's scenario plus the new feature is loaded again (`loadScenario` rebuilds
 *   the terrain BVH, which is fine for a layout edit), with the Kenney mesh files it names; a piece
 *   that would land on models (their `modelPoses` elevation changes) is refused;
 * - a model of an existing unit: `addModel` (incremental); of a new unit: `loadScenario` with the
 *   unit added. The drawing adds just the model either way (scene-data worker `addModel`). Either way the engine then checks the spot with a one-point `movePath` (the end
 *   pose of Core 15.0 / 15.2: not on or overlapping another model, not mid-climb, not on
 *   Impassable terrain); a refused spot is taken back with `removeModel`. Where the model stands
 *   (`modelPoses` elevation) is the engine's answer.
 */
import type { Scenario } from '../../scenario/schema';
import type { BattlefieldData } from '../../scene/types';
import type { Engine } from '../engine/engine';
import { redraw } from '../files/battlefield';
import { withAddedModel } from '../loadBattlefield';
import { sceneDataClient } from '../sceneData/sceneDataClient';
import { resolveMeshes } from '../files/meshes';
import { currentFiles, setCurrentFiles } from '../files/startup';
import { freshId, slug, usedIds, type BasePreset, type TerrainPreset } from './presets';

/** Result of a placement. */
export type PlaceOutcome =
  | { ok: true; data: BattlefieldData; note: string; placed: { kind: 'terrain'; id: string } | { kind: 'model'; id: string; unitId: string; elevation: number } }
  | { ok: false; problems: string[] };

/** The unit a placed model joins. */
export type UnitChoice = { kind: 'existing'; id: string } | { kind: 'new'; name: string; army: string; keywords: string[] };

/** What model to place. */
export interface ModelSpec {
  base: BasePreset['base'];
  /** Inches, base included. */
  height: number;
  /** Degrees (oval bases). */
  facing: number;
  unit: UnitChoice;
}

/**
 * The engine's scenario: the client's copy of `getScenario()` (refreshed after every load and edit,
 * so it never waits behind a running job), else a worker round trip.
 */
async function scenarioOf(engine: Engine): Promise<Scenario> {
  const s = engine.client.snapshot ?? (await engine.track(engine.client.getScenario()));
  if (!s) throw new Error('no scenario loaded');
  return s;
}

/**
 * Places a terrain feature centred at `at` (inches), turned `rotation` degrees. Refused (and the
 * engine put back as it was) when the piece would land on models: any model whose resolved
 * elevation the new piece changes.
 */
export async function placeTerrain(engine: Engine, preset: TerrainPreset, at: [number, number], rotation: number): Promise<PlaceOutcome> {
  const s = await scenarioOf(engine);
  const id = freshId(preset.idPrefix, usedIds(s));
  const n = id.slice(preset.idPrefix.length + 1);
  const feature = preset.make(id, `${preset.name} ${n}`, at, rotation);
  const json = { ...s, terrain: [...(s.terrain ?? []), feature] };
  const files = currentFiles();
  const { meshes, missing } = await resolveMeshes(json, files.meshes);
  if (missing.length) return { ok: false, problems: missing.map((m) => `${m.path}: the mesh file "${m.src}" is not available`) };
  const before = new Map((await engine.track(engine.client.modelPoses())).map((p) => [p.id, p.elevation]));
  // The engine and the drawing build in parallel (two workers); a refusal puts both back.
  const putBack = async () => {
    const [back] = await Promise.all([engine.track(engine.client.loadScenario(s, files.meshes)), sceneDataClient().build(s, files.meshes, files.fallbackName)]);
    if (!back.ok) console.warn('Sightline: could not put the engine back after a refused placement', back.problems);
  };
  engine.setPhase('loading');
  let data: BattlefieldData;
  try {
    const [r, b] = await Promise.all([engine.track(engine.client.loadScenario(json, meshes)), sceneDataClient().build(json, meshes, files.fallbackName)]);
    if (!r.ok) {
      if (b.ok) await sceneDataClient().build(s, files.meshes, files.fallbackName);
      return { ok: false, problems: r.problems };
    }
    const after = await engine.track(engine.client.modelPoses());
    const lifted = after.filter((p) => Math.abs(p.elevation - (before.get(p.id) ?? p.elevation)) > 1e-6).map((p) => p.id);
    if (lifted.length) {
      await putBack();
      const list = lifted.length > 4 ? `${lifted.slice(0, 4).join(', ')} and ${lifted.length - 4} more` : lifted.join(', ');
      return { ok: false, problems: [`${id} cannot be placed there: it would stand under ${list} (move ${lifted.length === 1 ? 'it' : 'them'} first)`] };
    }
    if (!b.ok) {
      await putBack();
      return { ok: false, problems: b.problems };
    }
    data = b.data;
  } finally {
    engine.setPhase('ready');
  }
  setCurrentFiles({ ...files, meshes });
  return { ok: true, data, note: `Placed ${preset.name.toLowerCase()} ${id} at (${at[0].toFixed(1)}, ${at[1].toFixed(1)}).`, placed: { kind: 'terrain', id } };
}

/**
 * Places a model centred at `at` (inches). `current` is the battlefield drawn now: the result's
 * `data` is it plus the new model (built incrementally by the scene-data worker); without it the
 * drawing is rebuilt from the engine's scenario.
 */
export async function placeModel(engine: Engine, spec: ModelSpec, at: [number, number], current: BattlefieldData | null = null): Promise<PlaceOutcome> {
  const s = await scenarioOf(engine);
  const used = usedIds(s);
  const r2 = (v: number) => Math.round(v * 1000) / 1000;
  let unitId: string;
  let modelId: string;
  const model = (id: string): Record<string, unknown> => ({ id, base: spec.base, height: spec.height, position: [r2(at[0]), r2(at[1])], ...(spec.facing ? { facing: spec.facing } : {}) });
  if (spec.unit.kind === 'existing') {
    unitId = spec.unit.id;
    modelId = freshId(unitId, used);
    const r = await engine.track(engine.client.addModel(unitId, model(modelId)));
    if (!r.ok) return { ok: false, problems: [r.reason] };
  } else {
    const base = slug(spec.unit.name);
    unitId = used.has(base) ? freshId(base, used) : base;
    used.add(unitId);
    modelId = freshId(unitId, used);
    const unit = { id: unitId, army: spec.unit.army, name: spec.unit.name, keywords: spec.unit.keywords, models: [model(modelId)] };
    const json = { ...s, units: [...(s.units ?? []), unit] };
    const files = currentFiles();
    engine.setPhase('loading');
    try {
      const r = await engine.track(engine.client.loadScenario(json, files.meshes));
      if (!r.ok) return { ok: false, problems: r.problems };
    } finally {
      engine.setPhase('ready');
    }
  }
  // The engine checks the spot as the end of a move (no overlap, stands by itself, ...).
  const check = await engine.track(engine.client.query({ id: 'place', kind: 'movePath', model: modelId, path: [[r2(at[0]), r2(at[1])]] }));
  const refused = !check.ok ? check.problems.join('; ') : check.answer.value === null ? String(check.answer.reason ?? 'the model cannot stand there') : null;
  if (refused !== null) {
    const back = await engine.track(engine.client.removeModel(modelId));
    if (!back.ok) console.warn(`Sightline: could not take back ${modelId}: ${back.reason}`);
    return { ok: false, problems: [`${modelId} cannot be placed there: ${refused}`] };
  }
  const poses = await engine.track(engine.client.modelPoses());
  const pose = poses.find((p) => p.id === modelId);
  const elevation = pose?.elevation ?? 0;
  // The drawing: only the new model is added (the scene-data worker keeps its terrain and other
  // models); a full rebuild only when there is no drawn battlefield to add to.
  let drawn: BattlefieldData;
  const unitRef = spec.unit.kind === 'existing' ? { id: unitId } : { id: unitId, create: { army: spec.unit.army, name: spec.unit.name, keywords: spec.unit.keywords } };
  const added = current ? await sceneDataClient().addModel(unitRef, model(modelId)) : null;
  if (current && added?.ok) drawn = withAddedModel(current, added.added);
  else {
    const full = await redraw(engine);
    if (!full.ok) return full;
    drawn = full.data;
  }
  // Draw the model where the engine says it stands.
  const data: BattlefieldData = { ...drawn, models: drawn.models.map((m) => (m.id === modelId ? { ...m, elevation } : m)) };
  const on = elevation > 1e-6 ? ` on a surface ${elevation.toFixed(2)}" up` : '';
  return { ok: true, data, note: `Placed ${modelId}${on}.`, placed: { kind: 'model', id: modelId, unitId, elevation } };
}
