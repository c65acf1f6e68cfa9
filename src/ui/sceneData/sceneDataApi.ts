/**
 * The scene-data worker's API: turns a scenario into render data off the main thread, and places
 * moved models for drawing. It never answers a rules question (the engine worker does).
 */
import { addModelView, buildBattlefield, placeModelView, ScenarioLoadError, type AddedModel, type BuiltBattlefield, type MeshFileBytes, type NewModelUnit } from '../loadBattlefield';
import type { BattlefieldData, ModelView } from '../../scene/types';

/** Result of {@link SceneDataApi.build}. */
export type BuildResult = { ok: true; data: BattlefieldData } | { ok: false; problems: string[] };

/** Result of {@link SceneDataApi.addModel}. */
export type AddResult = { ok: true; added: AddedModel } | { ok: false; problems: string[] };

/** Render-data builder (one battlefield at a time). Safe to call through comlink. */
export class SceneDataApi {
  private built: BuiltBattlefield | null = null;

  /**
   * Validates the scenario and builds its render data (terrain triangle soups, model poses).
   * @returns `{ok: false, problems}` with each problem led by its JSON path.
   */
  async build(json: unknown, meshes: MeshFileBytes, fallbackName: string): Promise<BuildResult> {
    try {
      // The same table with other models (Play started on the sandbox table): its terrain index is reused.
      this.built = await buildBattlefield(json, meshes, fallbackName, this.built?.world);
      return { ok: true, data: this.built.data };
    } catch (e) {
      return { ok: false, problems: e instanceof ScenarioLoadError ? e.problems : [`(root): ${(e as Error).message}`] };
    }
  }

  /**
   * Adds one model (as the engine's `addModel` or a one-unit reload just did) to the built
   * battlefield, incrementally: the terrain is not rebuilt and nothing else is sent back, only the
   * new model's view, its unit's view and the army list.
   * @param unit - the unit it joins; created when `unit.create` and not yet known.
   * @param model - the scenario model (validated here).
   */
  addModel(unit: NewModelUnit, model: unknown): AddResult {
    const b = this.built;
    if (!b) return { ok: false, problems: ['(scene): nothing is built'] };
    try {
      return { ok: true, added: addModelView(b, unit, model) };
    } catch (e) {
      return { ok: false, problems: e instanceof ScenarioLoadError ? e.problems : [`(scene): ${(e as Error).message}`] };
    }
  }

  /**
   * A model drawn at plan position `(x, y)` (inches), standing on what is under it, or at
   * `elevation` when given. Null when nothing is built or the model is unknown.
   */
  place(modelId: string, x: number, y: number, elevation?: number): ModelView | null {
    const b = this.built;
    if (!b) return null;
    const m = b.data.models.find((mm) => mm.id === modelId);
    if (!m) return null;
    return placeModelView(b, m, x, y, elevation);
  }
}
