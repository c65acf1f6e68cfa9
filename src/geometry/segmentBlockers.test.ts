import { describe, expect, it } from 'vitest';
import { footprintFromBase } from './footprint';
import { segmentBlockers } from './segmentBlockers';
import { convexSolidTriangles, type ConvexSolid } from './solids';
import { World } from './world';

// A wall 1" thick whose near face is at x = 10, and models on the line y = 5.
const wall: ConvexSolid = { kind: 'box', center: [10.5, 5], size: [1, 6, 3], rotationDeg: 0, elevation: 0 };
function world(): World {
  const round32 = (x: number) => footprintFromBase({ round: 32 }, [x, 5]);
  return new World({
    widthInches: 30,
    depthInches: 10,
    terrain: [{ id: 'wall', type: 'obstacle', abilities: [], pieces: [{ positions: convexSolidTriangles(wall), solid: wall }] }],
    objectives: [],
    territories: {},
    units: [
      { id: 'A', army: 'a', keywords: [], coherencyRangeInches: 0.5, modelIds: ['a1', 'a2'] },
      { id: 'B', army: 'b', keywords: [], coherencyRangeInches: 0.5, modelIds: ['b1', 'b2'] },
    ],
    models: [
      { id: 'a1', unitId: 'A', footprint: round32(2), elevation: 0, heightInches: 2, baseThicknessInches: 0.157 },
      { id: 'a2', unitId: 'A', footprint: round32(5), elevation: 0, heightInches: 2, baseThicknessInches: 0.157 },
      { id: 'b1', unitId: 'B', footprint: round32(15), elevation: 0, heightInches: 2, baseThicknessInches: 0.157 },
      { id: 'b2', unitId: 'B', footprint: round32(20), elevation: 0, heightInches: 2, baseThicknessInches: 0.157 },
    ],
  });
}

describe('segmentBlockers', () => {
  it('lists what the segment touches, in order, with the first contact point', () => {
    // From a1's centre (2, 5, 1) to b2's centre (20, 5, 1): a2 is the observer's unit-mate
    // (transparent), the wall's near face is at x = 10, b1's base edge at x = 15 - 0.63 = 14.3701.
    const hits = segmentBlockers(world(), [[2, 5, 1], [20, 5, 1]], 'a1', 'b2');
    expect(hits.map((h) => `${h.kind}:${h.id}`)).toEqual(['terrain:wall', 'model:b1']);
    expect(hits[0].at[0]).toBeCloseTo(10, 9);
    expect(hits[1].at[0]).toBeCloseTo(15 - 16 / 25.4, 9);
    expect(hits[0].t).toBeCloseTo(8 / 18, 9);
  });

  it('without an observer nobody is transparent; the target is never its own blocker', () => {
    const hits = segmentBlockers(world(), [[2, 5, 1], [20, 5, 1]], null, 'b2');
    // a1's own volume contains the start point: contact at t = 0.
    expect(hits.map((h) => h.id)).toEqual(['a1', 'a2', 'wall', 'b1']);
    expect(hits[0].t).toBe(0);
  });

  it('a segment over the wall touches only the model in the way; one below the table hits the table', () => {
    const over = segmentBlockers(world(), [[2, 5, 3.5], [20, 5, 3.5]], 'a1', 'b2');
    expect(over).toEqual([]);
    const under = segmentBlockers(world(), [[2, 1, 1], [8, 1, -1]], 'a1', null);
    expect(under.map((h) => h.id)).toEqual(['table']);
    expect(under[0].at[2]).toBeCloseTo(0, 12);
  });
});
