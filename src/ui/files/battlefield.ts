/**
 * Replacing the battlefield on the table: the engine worker validates and loads the scenario first
 * (its `loadScenario` problems, each led by its JSON path, are what the user sees), then the
 * scene-data worker builds what to draw. A failure leaves the current battlefield in place, in both
 * workers.
 */
import type { Engine } from '../engine/engine';
import type { MeshBytes } from '../scenarioSource';
import { sceneDataClient } from '../sceneData/sceneDataClient';
import type { BattlefieldData } from '../../scene/types';
import { currentFiles, setCurrentFiles } from './startup';

/** A battlefield that was loaded, or every problem that stopped it. */
export type LoadOutcome = { ok: true; data: BattlefieldData } | { ok: false; problems: string[] };

/**
 * Loads a scenario into the engine, then builds its render data. On success the mesh files become
 * the current ones ({@link currentFiles}).
 */
export async function loadBattlefield(engine: Engine, json: unknown, meshes: MeshBytes, label: string, fallbackName: string): Promise<LoadOutcome> {
  const previous = { files: currentFiles(), scenario: engine.client.snapshot };
  engine.setPhase('loading');
  try {
    const r = await engine.track(engine.client.loadScenario(json, meshes));
    if (!r.ok) return { ok: false, problems: r.problems };
    const built = await sceneDataClient().build(json, meshes, fallbackName);
    if (!built.ok) {
      // The engine took it but the drawing did not: put the engine back as it was.
      if (previous.scenario) await engine.track(engine.client.loadScenario(previous.scenario, previous.files.meshes));
      return { ok: false, problems: built.problems };
    }
    setCurrentFiles({ meshes, label, fallbackName });
    return { ok: true, data: built.data };
  } catch (e) {
    return { ok: false, problems: [`(engine): ${(e as Error).message}`] };
  } finally {
    engine.setPhase('ready');
  }
}

/** Rebuilds the render data of the engine's current scenario (after an incremental edit). */
export async function redraw(engine: Engine): Promise<LoadOutcome> {
  const scenario = await engine.track(engine.client.getScenario());
  if (!scenario) return { ok: false, problems: ['(engine): no scenario loaded'] };
  const files = currentFiles();
  const built = await sceneDataClient().build(scenario, files.meshes, files.fallbackName);
  return built.ok ? { ok: true, data: built.data } : { ok: false, problems: built.problems };
}
