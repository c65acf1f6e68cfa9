import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { World } from '../geometry/world';
import { buildWorld, ScenarioBuildError } from './build';
import { meshFileOf } from './bundledNode';
import { modelsInsideTerrain } from './insideTerrain';
import { loadMeshFileNode } from './meshLoaderNode';
import { SCENARIO_LIMITS, type Scenario } from './schema';
import { parseScenarioText } from './validate';

/** A loaded scenario, or every problem found (each led by its JSON path). */
export type LoadResult = { ok: true; scenario: Scenario; world: World; warnings: string[] } | { ok: false; problems: string[] };

/** Options of {@link loadScenarioFile}. */
export interface LoadFileOptions {
  /**
   * Refuse models standing inside terrain (a problem), or warn for terrain 1" tall or less
   * (`insideTerrain.ts`). Default true; the layout analysis, which ignores the units, says false.
   */
  checkModels?: boolean;
}

/**
 * Reads, validates and builds a scenario file in Node: mesh `src` paths are resolved relative to
 * the scenario file, `bundled:` names to Sightline's own assets (`bundledNode.ts`: the file answers
 * wherever it lies), and checks that no model stands inside terrain (`insideTerrain.ts`). Never throws for bad input; problems come back as data.
 */
export async function loadScenarioFile(path: string, options: LoadFileOptions = {}): Promise<LoadResult> {
  let text: string;
  try {
    const size = (await stat(path)).size;
    if (size > SCENARIO_LIMITS.fileBytes) return { ok: false, problems: [`(file): ${path} is ${size} bytes, more than the ${SCENARIO_LIMITS.fileBytes / 1024 / 1024} MB a scenario file may have`] };
    text = await readFile(path, 'utf8');
  } catch (e) {
    return { ok: false, problems: [`(file): cannot read ${path}: ${(e as Error).message}`] };
  }
  const parsed = parseScenarioText(text);
  if (!parsed.ok) return parsed;
  const base = dirname(resolve(path));
  try {
    const world = await buildWorld(parsed.scenario, (src) => loadMeshFileNode(meshFileOf(src, base)));
    const inside = options.checkModels === false ? { problems: [], warnings: [] } : modelsInsideTerrain(world, parsed.scenario);
    if (inside.problems.length) return { ok: false, problems: inside.problems };
    return { ok: true, scenario: parsed.scenario, world, warnings: inside.warnings };
  } catch (e) {
    if (e instanceof ScenarioBuildError) return { ok: false, problems: e.problems };
    return { ok: false, problems: [`(root): ${(e as Error).message}`] };
  }
}
