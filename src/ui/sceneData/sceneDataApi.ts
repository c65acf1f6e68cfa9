/**
 * The scene-data worker's API: turns a scenario into render data off the main thread, and places
 * moved models for drawing. It never answers a rules question (the engine worker does).
 */
import { buildBattlefield, placeModelView, ScenarioLoadError, type BuiltBattlefield, type MeshFileBytes } from '../loadBattlefield';
import type { BattlefieldData, ModelView } from '../../scene/types';

/** Result of {@link SceneDataApi.build}. */
export type BuildResult = { ok: true; data: BattlefieldData } | { ok: false; problems: string[] };

/** Render-data builder (one battlefield at a time). Safe to call through comlink. */
export class SceneDataApi {
  private built: BuiltBattlefield | null = null;

  /**
   * Validates the scenario and builds its render data (terrain triangle soups, model poses).
   * @returns `{ok: false, problems}` with each problem led by its JSON path.
   */
  async build(json: unknown, meshes: MeshFileBytes, fallbackName: string): Promise<BuildResult> {
    try {
      this.built = await buildBattlefield(json, meshes, fallbackName);
      return { ok: true, data: this.built.data };
    } catch (e) {
      return { ok: false, problems: e instanceof ScenarioLoadError ? e.problems : [`(root): ${(e as Error).message}`] };
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
