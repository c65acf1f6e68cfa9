/**
 * Replacing the battlefield on the table: the engine worker validates and loads the scenario (its
 * `loadScenario` problems, each led by its JSON path, are what the user sees) while the scene-data
 * worker builds what to draw. A failure leaves the current battlefield in place, in both workers.
 */
import type { Engine } from '../engine/engine';
import type { MeshBytes } from '../scenarioSource';
import { sceneDataClient } from '../sceneData/sceneDataClient';
import type { BattlefieldData } from '../../scene/types';
import { currentFiles, setCurrentFiles } from './startup';

/** A battlefield that was loaded, or every problem that stopped it. */
export type LoadOutcome = { ok: true; data: BattlefieldData } | { ok: false; problems: string[] };

/**
 * Loads a scenario into the engine and builds its render data. On success the mesh files become
 * the current ones ({@link currentFiles}).
 */
export async function loadBattlefield(engine: Engine, json: unknown, meshes: MeshBytes, label: string, fallbackName: string): Promise<LoadOutcome> {
  const previous = { files: currentFiles(), scenario: engine.client.snapshot };
  engine.setPhase('loading');
  try {
    // Both workers validate and build at once; whichever refuses, the other is put back.
    const [r, built] = await Promise.all([engine.track(engine.client.loadScenario(json, meshes)), sceneDataClient().build(json, meshes, fallbackName)]);
    if (r.ok && built.ok) {
      setCurrentFiles({ meshes, label, fallbackName });
      return { ok: true, data: built.data };
    }
    if (previous.scenario) {
      await Promise.all([
        r.ok ? engine.track(engine.client.loadScenario(previous.scenario, previous.files.meshes)) : null,
        built.ok ? sceneDataClient().build(previous.scenario, previous.files.meshes, previous.files.fallbackName) : null,
      ]);
    }
    // The engine's problems are the ones to show (the drawing's are the same validation).
    return { ok: false, problems: r.ok ? (built.ok ? [] : built.problems) : r.problems };
  } catch (e) {
    return { ok: false, problems: [`(engine): ${(e as Error).message}`] };
  } finally {
    engine.setPhase('ready');
  }
}

/** Rebuilds the render data of the engine's current scenario (after an incremental edit). */
export async function redraw(engine: Engine): Promise<LoadOutcome> {
  // The client's copy of the engine's scenario (refreshed after every edit): no wait behind jobs.
  const scenario = engine.client.snapshot ?? (await engine.track(engine.client.getScenario()));
  if (!scenario) return { ok: false, problems: ['(engine): no scenario loaded'] };
  const files = currentFiles();
  const built = await sceneDataClient().build(scenario, files.meshes, files.fallbackName);
  return built.ok ? { ok: true, data: built.data } : { ok: false, problems: built.problems };
}

function samePositions(a: Float32Array, b: Float32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * `next` with the terrain views of `prev` kept wherever a feature is unchanged (same id, same
 * triangles), so the scene keeps their geometries (and their crease edges) instead of rebuilding
 * every feature after a one-piece edit.
 */
export function keepUnchangedTerrain(prev: BattlefieldData | null, next: BattlefieldData): BattlefieldData {
  if (!prev) return next;
  const old = new Map(prev.terrain.map((t) => [t.id, t]));
  let kept = 0;
  const terrain = next.terrain.map((t) => {
    const o = old.get(t.id);
    if (o && o.type === t.type && o.name === t.name && o.maxHeight === t.maxHeight && o.abilities.join() === t.abilities.join() && samePositions(o.positions, t.positions)) {
      kept++;
      return o;
    }
    return t;
  });
  return kept ? { ...next, terrain } : next;
}
