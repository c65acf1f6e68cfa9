/**
 * The page's handle on the scene-data worker (render data only; measurements come from the engine
 * worker through `src/client/engineClient.ts`).
 */
import * as Comlink from 'comlink';
import type { BattlefieldData, ModelView } from '../../scene/types';
import type { MeshBytes } from '../scenarioSource';
import type { NewModelUnit } from '../loadBattlefield';
import type { AddResult, BuildResult, SceneDataApi } from './sceneDataApi';

/** Builds render data and places moved models, in a worker. */
export interface SceneDataClient {
  /** Validates and builds the battlefield's render data. */
  build(json: unknown, meshes: MeshBytes, fallbackName: string): Promise<BuildResult>;
  /** A model re-posed at `(x, y)` (standing on what is under it unless `elevation` is given). */
  place(modelId: string, x: number, y: number, elevation?: number): Promise<ModelView | null>;
  /** Adds one model to the built battlefield, incrementally (only its views come back). */
  addModel(unit: NewModelUnit, model: unknown): Promise<AddResult>;
}

let instance: SceneDataClient | null = null;

/** The page's one scene-data worker (created on first use). */
export function sceneDataClient(): SceneDataClient {
  if (instance) return instance;
  const worker = new Worker(new URL('./sceneData.worker.ts', import.meta.url), { type: 'module' });
  const remote = Comlink.wrap<SceneDataApi>(worker);
  instance = {
    build: (json, meshes, fallbackName) => remote.build(json, meshes, fallbackName),
    place: (modelId, x, y, elevation) => remote.place(modelId, x, y, elevation),
    addModel: (unit, model) => remote.addModel(unit, model),
  };
  return instance;
}

export type { BattlefieldData };
