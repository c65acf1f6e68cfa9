/**
 * Scenarios and helpers shared by the worker tests (not a test file itself).
 */
import { World } from '../../src/geometry/world';
import { answerQuery, type Answer } from '../../src/scenario/answer';
import { scenarioToWorldInput } from '../../src/scenario/build';
import { parseMeshFile } from '../../src/scenario/meshLoader';
import type { Scenario, ScenarioQuery } from '../../src/scenario/schema';
import { parseScenario } from '../../src/scenario/validate';

/** A 2" cube as OBJ text (z up), origin at a bottom corner. */
export const CUBE_OBJ = [
  'v 0 0 0', 'v 2 0 0', 'v 2 2 0', 'v 0 2 0', 'v 0 0 2', 'v 2 0 2', 'v 2 2 2', 'v 0 2 2',
  'f 1 3 2', 'f 1 4 3', 'f 5 6 7', 'f 5 7 8', 'f 1 2 6', 'f 1 6 5',
  'f 2 3 7', 'f 2 7 6', 'f 3 4 8', 'f 3 8 7', 'f 4 1 5', 'f 4 5 8',
].join('\n');

/** The cube's bytes as a fresh ArrayBuffer. */
export function cubeBytes(): ArrayBuffer {
  return new TextEncoder().encode(CUBE_OBJ).buffer as ArrayBuffer;
}

/**
 * 60" x 44" table, a 0.5" x 8" x 3" box wall at (30, 22), a 2" OBJ rock (by `src`), an inline
 * triangle. Unit `a` (north) is west of the wall, `b` (south) east of it and hidden from `a`,
 * `c` (south) is 2.5" from `a1` on the same side (in combat with `a`).
 */
export function wallScenario(): Record<string, unknown> {
  return {
    name: 'wall test',
    battlefield: { width: 60, depth: 44 },
    terrain: [
      { id: 'wall', type: 'obstacle', pieces: [{ shape: 'box', center: [30, 22], size: [0.5, 8, 3] }] },
      { id: 'rock', type: 'obstacle', pieces: [{ shape: 'mesh', src: 'meshes/rock.obj', position: [50, 5, 0] }] },
      { id: 'ramp', type: 'area', pieces: [{ shape: 'mesh', vertices: [[5, 40, 0], [8, 40, 0], [5, 43, 0.5]], triangles: [[0, 1, 2]] }] },
    ],
    objectives: [{ id: 'obj-1', position: [40, 22] }],
    territories: { north: [[0, 32], [60, 32], [60, 44], [0, 44]], south: [[0, 0], [60, 0], [60, 12], [0, 12]] },
    units: [
      {
        id: 'a', army: 'north', keywords: ['INFANTRY'],
        models: [
          { id: 'a1', base: { round: 32 }, height: 1.2, position: [25, 22] },
          { id: 'a2', base: { round: 32 }, height: 1.2, position: [25, 23.5] },
        ],
      },
      {
        id: 'b', army: 'south',
        models: [
          { id: 'b1', base: { round: 32 }, height: 1.2, position: [35, 22] },
          { id: 'b2', base: { oval: [60, 35] }, facing: 90, height: 2, position: [35, 20] },
        ],
      },
      { id: 'c', army: 'south', models: [{ id: 'c1', base: { round: 25 }, height: 1, position: [27.5, 22] }] },
    ],
    queries: [{ id: 'stored-v', kind: 'visible', observer: 'a1', target: 'b1' }],
  };
}

/** The mesh files `wallScenario` needs. */
export function wallMeshes(): Record<string, ArrayBuffer> {
  return { 'meshes/rock.obj': cubeBytes() };
}

/** One query of every kind, against `wallScenario`. */
export const ALL_KINDS: ScenarioQuery[] = [
  { id: 'd1', kind: 'distance', from: 'a1', to: 'b1' },
  { id: 'dh', kind: 'distance', from: 'a1', to: 'rock', horizontal: true },
  { id: 'v1', kind: 'visible', observer: 'a1', target: 'b1' },
  { id: 'v2', kind: 'visible', observer: 'a', target: 'b' },
  { id: 'v3', kind: 'visible', observer: 'a1', target: 'c1' },
  { id: 'ic', kind: 'inCombat', a: 'a', b: 'c' },
  { id: 'ib', kind: 'inCombat', a: 'a', b: 'b' },
  { id: 'co', kind: 'coherent', unit: 'a' },
  { id: 'wi', kind: 'within', subject: 'c1', object: 'a1', distance: 3 },
  { id: 'ww', kind: 'whollyWithin', subject: 'b', object: 'territory:south', distance: 0 },
  { id: 'ct', kind: 'contests', model: 'b1', objective: 'obj-1' },
  { id: 'mp', kind: 'movePath', model: 'a1', path: [[25, 22], [25, 30]] },
  { id: 'dm', kind: 'damage', attacker: { models: 5, weapon: { attacks: 2, hit: 3, wound: 4, rend: 1, damage: 1 } }, target: { save: 4, health: 1, models: 5 } },
];

/**
 * Builds the scenario in this process, independently of the engine, and answers queries with
 * `answerQuery`: the reference the engine's answers must equal.
 */
export async function answerDirectly(json: unknown, queries: ScenarioQuery[], meshes: Record<string, ArrayBuffer> = wallMeshes()): Promise<Answer[]> {
  const parsed = parseScenario(json);
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const world = new World(
    await scenarioToWorldInput(parsed.scenario, async (src) => {
      const bytes = meshes[src];
      if (!bytes) throw new Error(`missing mesh ${src}`);
      return parseMeshFile(bytes, src);
    }),
  );
  return queries.map((q) => answerQuery(world, parsed.scenario as Scenario, q));
}

/**
 * A crowded table for long jobs: `perArmy` units per army, 3 models each, on both sides of a row
 * of walls (most pairs need a full visibility search).
 */
export function crowdScenario(perArmy: number): Record<string, unknown> {
  const units = [];
  for (const [army, x0] of [['north', 10], ['south', 44]] as const) {
    for (let i = 0; i < perArmy; i++) {
      const y = 3 + i * (38 / Math.max(perArmy - 1, 1));
      units.push({
        id: `${army}-${i}`,
        army,
        models: [0, 1, 2].map((k) => ({ id: `${army}-${i}-${k}`, base: { round: 32 }, height: 1.5, position: [x0 + k * 1.4, y] })),
      });
    }
  }
  const terrain = [0, 1, 2, 3].map((k) => ({
    id: `wall-${k}`,
    type: 'obscuring',
    pieces: [{ shape: 'box', center: [30, 5.5 + k * 11], size: [1, 9, 4] }],
  }));
  return { battlefield: { width: 60, depth: 44 }, terrain, units };
}
