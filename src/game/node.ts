/**
 * Node-only helpers for games (the `game` command, tests, the bench, the game server): bundled
 * assets read from this checkout, and a scenario file's meshes read from disk and carried the way
 * a saved game carries them (bundled-asset ids for files under `assets/`, triangles otherwise).
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadScenarioMeshes, ScenarioBuildError } from '../scenario/build';
import { loadMeshFileNode } from '../scenario/meshLoaderNode';
import { meshFileOf } from '../scenario/bundledNode';
import type { MeshTriangles } from '../scenario/meshLoader';
import type { Scenario } from '../scenario/schema';
import { carryMeshes, type MeshRef } from './table';

/** This checkout's root folder. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Reads a bundled asset (`assets/kenney/...`) from this checkout.
 * @throws Error for a path outside `assets/` or a file that cannot be read.
 */
export async function readBundledNode(path: string): Promise<Uint8Array> {
  const full = resolve(REPO_ROOT, path);
  if (!full.startsWith(resolve(REPO_ROOT, 'assets') + sep)) throw new Error(`"${path}" is not a bundled asset`);
  return readFile(full);
}

/** The bundled-asset id of a file, when it lies under this checkout's `assets/` folder, else null. */
export function bundledIdOf(fullPath: string): string | null {
  const rel = relative(REPO_ROOT, fullPath).split(sep).join('/');
  return rel.startsWith('assets/') && !rel.includes('..') ? rel : null;
}

/**
 * Loads every mesh a scenario file names (relative to the file's folder) and says how a saved
 * game carries each.
 * @returns the parsed meshes and their carried form, or every problem with its JSON path.
 */
export async function loadScenarioMeshesNode(
  scenario: Scenario,
  scenarioPath: string,
): Promise<{ ok: true; meshes: Map<string, MeshTriangles>; carried: Record<string, MeshRef> } | { ok: false; problems: string[] }> {
  const base = dirname(resolve(scenarioPath));
  const full = (src: string) => meshFileOf(src, base);
  try {
    const meshes = await loadScenarioMeshes(scenario, (src) => loadMeshFileNode(full(src)));
    return { ok: true, meshes, carried: carryMeshes(meshes, (src) => bundledIdOf(full(src))) };
  } catch (e) {
    if (e instanceof ScenarioBuildError) return { ok: false, problems: e.problems };
    return { ok: false, problems: [`(root): ${(e as Error).message}`] };
  }
}
