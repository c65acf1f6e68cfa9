import type { World } from '../../src/geometry/world';
import { buildWorld } from '../../src/scenario/build';
import { parseScenarioText } from '../../src/scenario/validate';

/** A world from a scenario object (validated as a file would be; box and cylinder pieces only: no mesh files). */
export async function worldOf(scenario: object): Promise<World> {
  const parsed = parseScenarioText(JSON.stringify({ units: [], ...scenario }));
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return buildWorld(parsed.scenario, () => Promise.reject(new Error('no meshes in these tests')));
}
