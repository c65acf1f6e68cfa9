import { describe, expect, it } from 'vitest';
import { makeWorld, type TerrainSpec } from '../../tests/scenario/geomKit';
import { movePathCost, type MovePathResult } from './movePath';

/**
 * `passBelowInches` (session 37, Longshanks: "can pass through ... parts of terrain features that are less than
 * 4" tall"): the walk of `movePath.test.ts` (a 32 mm base, 1.2" tall, from (15, 20) to (25, 20) across a 1"
 * thick wall centred at x = 20) with parts lower than the bound passed through as Core 15.2 passes over features
 * 1" tall or less. Costs exact to the walker's sampling (1e-6").
 */
const TOL = 1e-6;
const world = (height: number) =>
  makeWorld({
    terrain: [{ id: 'wall', type: 'area', boxes: [{ center: [20, 20], size: [1, 10, height] }] } as TerrainSpec],
    units: [{ id: 'u', army: 'n', models: [{ id: 'm', base: { round: 32 }, pos: [15, 20], height: 1.2 }] }],
  });
const ok = (r: MovePathResult) => {
  if (!r.ok) throw new Error(`expected a legal move, got: ${r.reason}`);
  return r;
};

describe('movePath: parts of terrain lower than passBelowInches are passed through', () => {
  it('a 3" wall: climbed without it (10 + 3 up + 3 down = 16), passed through below 4" (10)', () => {
    expect(Math.abs(ok(movePathCost(world(3), 'm', [[15, 20], [25, 20]])).inches - 16)).toBeLessThan(TOL);
    expect(Math.abs(ok(movePathCost(world(3), 'm', [[15, 20], [25, 20]], { passBelowInches: 4 })).inches - 10)).toBeLessThan(TOL);
  });
  it('a 5" wall is climbed even below 4" (10 + 5 + 5 = 20); a wall exactly 4" tall is not "less than 4"" (18)', () => {
    expect(Math.abs(ok(movePathCost(world(5), 'm', [[15, 20], [25, 20]], { passBelowInches: 4 })).inches - 20)).toBeLessThan(TOL);
    expect(Math.abs(ok(movePathCost(world(4), 'm', [[15, 20], [25, 20]], { passBelowInches: 4 })).inches - 18)).toBeLessThan(TOL);
  });
});
