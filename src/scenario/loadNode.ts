import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { World } from '../geometry/world';
import { buildWorld, ScenarioBuildError } from './build';
import { meshFileOf } from './bundledNode';
import { loadMeshFileNode } from './meshLoaderNode';
import type { Scenario } from './schema';
import { parseScenarioText } from './validate';

/** A loaded scenario, or every problem found (each led by its JSON path). */
export type LoadResult = { ok: true; scenario: Scenario; world: World } | { ok: false; problems: string[] };

/**
 * Reads, validates and builds a scenario file in Node: mesh `src` paths are resolved relative to
 * the scenario file, `bundled:` names to Sightline's own assets (`bundledNode.ts`: the file answers
 * wherever it lies). Never throws for bad input; problems come back as data.
 */
export async function loadScenarioFile(path: string): Promise<LoadResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    return { ok: false, problems: [`(file): cannot read ${path}: ${(e as Error).message}`] };
  }
  const parsed = parseScenarioText(text);
  if (!parsed.ok) return parsed;
  const base = dirname(resolve(path));
  try {
    const world = await buildWorld(parsed.scenario, (src) => loadMeshFileNode(meshFileOf(src, base)));
    return { ok: true, scenario: parsed.scenario, world };
  } catch (e) {
    if (e instanceof ScenarioBuildError) return { ok: false, problems: e.problems };
    return { ok: false, problems: [`(root): ${(e as Error).message}`] };
  }
}
