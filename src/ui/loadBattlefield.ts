/**
 * Browser loading of a scenario into render data: fetch + validate the JSON (the same
 * `parseScenarioText` the adjudicator uses), fetch and parse its meshes (`parseMeshFile`), build
 * the table-space geometry (`scenarioToWorldInput`) and resolve where models stand (`World`).
 */
import scenarioUrl from '../../assets/scenarios/default.json?url';
import { highestSurfaceUnder } from '../geometry/standing';
import { World } from '../geometry/world';
import { scenarioToWorldInput } from '../scenario/build';
import { parseMeshFile } from '../scenario/meshLoader';
import { parseScenarioText } from '../scenario/validate';
import type { BattlefieldData, TerrainView } from '../scene/types';
import { meshUrlFor } from './assetUrls';

/** Repository path of the default scenario (mesh `src` paths are relative to it). */
export const DEFAULT_SCENARIO_PATH = 'assets/scenarios/default.json';

/** A scenario that failed to load: every problem, each led by its JSON path. */
export class ScenarioLoadError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ScenarioLoadError';
  }
}

/**
 * Loads scenario text into render data.
 * @param text - the scenario JSON.
 * @param scenarioPath - its repository path, to resolve mesh `src` paths.
 * @param fallbackName - display name when the scenario has none.
 * @throws ScenarioLoadError listing every problem (invalid file, mesh that would not load).
 */
export async function battlefieldFromText(text: string, scenarioPath: string, fallbackName = 'Untitled battlefield'): Promise<BattlefieldData> {
  const parsed = parseScenarioText(text);
  if (!parsed.ok) throw new ScenarioLoadError(parsed.problems);
  const s = parsed.scenario;
  let input;
  try {
    input = await scenarioToWorldInput(s, async (src) => {
      const url = meshUrlFor(src, scenarioPath);
      if (!url) throw new Error(`${src}: no bundled mesh file at that path`);
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${src}: HTTP ${res.status} fetching ${url}`);
      return parseMeshFile(await res.arrayBuffer(), src);
    });
  } catch (e) {
    const problems = (e as { problems?: string[] }).problems;
    throw new ScenarioLoadError(problems ?? [(e as Error).message]);
  }
  const world = new World(input);

  const terrain: TerrainView[] = input.terrain.map((t, i) => {
    let total = 0;
    for (const p of t.pieces) total += p.positions.length;
    const positions = new Float32Array(total);
    let o = 0;
    for (const p of t.pieces) {
      positions.set(p.positions, o);
      o += p.positions.length;
    }
    const src = s.terrain![i];
    return {
      id: t.id,
      name: src.name ?? t.id,
      type: t.type,
      abilities: t.abilities,
      positions,
      maxHeight: world.terrain.features[i].maxHeightInches,
      pieceCount: t.pieces.length,
    };
  });
  const terrainName = (index: number) => (index >= 0 ? terrain[index]?.name ?? null : null);

  const units = (s.units ?? []).map((u) => ({ id: u.id, name: u.name ?? u.id, army: u.army, keywords: u.keywords ?? [], modelIds: u.models.map((m) => m.id) }));
  const models = (s.units ?? []).flatMap((u) =>
    u.models.map((m) => {
      const st = world.models.get(m.id)!;
      const resolved = m.elevation === undefined;
      const under = resolved ? highestSurfaceUnder(world.terrain, st.footprint) : null;
      return {
        id: m.id,
        unitId: u.id,
        army: u.army,
        base: m.base,
        footprint: st.footprint,
        elevation: st.elevation,
        elevationResolved: resolved,
        standingOn: under ? terrainName(under.featureIndex) : null,
        height: st.heightInches,
        baseThickness: st.baseThicknessInches,
      };
    }),
  );
  const armies: string[] = [];
  for (const a of [...units.map((u) => u.army), ...Object.keys(input.territories)]) if (!armies.includes(a)) armies.push(a);

  return {
    name: s.name ?? fallbackName,
    width: input.widthInches,
    depth: input.depthInches,
    terrain,
    objectives: input.objectives.map((o) => ({ id: o.id, x: o.x, y: o.y, diameter: o.diameterInches })),
    territories: input.territories,
    units,
    models,
    armies,
  };
}

/** Fetches and loads the bundled default scenario (`assets/scenarios/default.json`). */
export async function loadDefaultBattlefield(): Promise<BattlefieldData> {
  const res = await fetch(scenarioUrl);
  if (!res.ok) throw new ScenarioLoadError([`(file): HTTP ${res.status} fetching the default scenario`]);
  return battlefieldFromText(await res.text(), DEFAULT_SCENARIO_PATH, 'Default battlefield');
}
