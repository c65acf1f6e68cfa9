/**
 * Scenario models standing inside terrain (issue 39), as problems and warnings with their JSON
 * paths. Only models with an explicit `elevation` can: one without stands on the highest surface
 * under its footprint (SCENARIO.md). See `src/geometry/insideTerrain.ts` for the test, and
 * docs/interpretations.md ("A model inside terrain") for why terrain 1" tall or less only warns.
 * @module
 */
import { terrainInsideModel } from '../geometry/insideTerrain';
import type { World } from '../geometry/world';
import type { Scenario } from './schema';

/** Terrain at most this tall (inches) is moved over "as if it were not there" (Core 15.2): a model in it is a warning. */
export const LOW_TERRAIN_INCHES = 1;

/** What {@link modelsInsideTerrain} found: refusals and warnings, each led by the model's JSON path. */
export interface InsideTerrainReport {
  problems: string[];
  warnings: string[];
}

/** The feature as a reader knows it: its name and id, or its id. */
function featureLabel(s: Scenario, id: string): string {
  const t = (s.terrain ?? []).find((f) => f.id === id) as { name?: string } | undefined;
  return t?.name ? `"${t.name}" (${id})` : `"${id}"`;
}

/**
 * The one-line reason a model stands inside terrain, or null (a warning's reason included when
 * `warnings` is given: then a model only in low terrain returns null and pushes the warning).
 */
export function insideTerrainReason(world: World, s: Scenario, modelId: string, warnings?: string[]): string | null {
  const inside = terrainInsideModel(world, modelId);
  const high = inside.filter((t) => t.featureHeightInches > LOW_TERRAIN_INCHES);
  const low = inside.filter((t) => t.featureHeightInches <= LOW_TERRAIN_INCHES);
  if (high.length) {
    const names = high.map((t) => featureLabel(s, t.featureId)).join(', ');
    return `model "${modelId}" stands inside the terrain feature ${names}: its volume meets the feature's solid (a model stands on terrain or beside it, never in it; Core 15.2, A-G28). Move it, or give it the elevation of the surface it stands on`;
  }
  if (low.length && warnings) {
    const names = low.map((t) => featureLabel(s, t.featureId)).join(', ');
    warnings.push(`model "${modelId}" stands inside the terrain feature ${names}, ${LOW_TERRAIN_INCHES}" tall or less, which models move over as if it were not there (Core 15.2): accepted as it stands`);
  }
  return null;
}

/**
 * Every model of the scenario (with an explicit `elevation`) whose volume meets a terrain feature:
 * a problem when the feature is more than 1" tall, a warning otherwise. Paths are `units[i].models[j]`.
 */
export function modelsInsideTerrain(world: World, s: Scenario): InsideTerrainReport {
  const problems: string[] = [];
  const warnings: string[] = [];
  (s.units ?? []).forEach((u, i) =>
    u.models.forEach((m, j) => {
      if (m.elevation === undefined || !world.models.has(m.id)) return;
      const own: string[] = [];
      const reason = insideTerrainReason(world, s, m.id, own);
      if (reason) problems.push(`units[${i}].models[${j}]: ${reason}`);
      for (const w of own) warnings.push(`units[${i}].models[${j}]: ${w}`);
    }),
  );
  return { problems, warnings };
}
