import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { worldPort } from './worldPort';

describe('worldPort over src/geometry', () => {
  const world = makeWorld({
    objectives: [{ id: 'o1', pos: [30, 22] }],
    units: [
      {
        id: 'a',
        army: 'p1',
        models: [
          { id: 'a1', base: { round: 32 }, pos: [30, 24], height: 1.2 },
          { id: 'a2', base: { round: 32 }, pos: [30, 30], height: 1.2 },
        ],
      },
      { id: 'b', army: 'p2', models: [{ id: 'b1', base: { round: 32 }, pos: [32, 24], height: 1.2 }] },
      { id: 'c', army: 'p2', models: [{ id: 'c1', base: { round: 32 }, pos: [50, 40], height: 1.2 }] },
    ],
  });
  const port = worldPort(world);

  it('answers combat, contest, distance and coherency questions', () => {
    expect(port.unitsInCombat('a', 'b')).toBe(true);
    expect(port.unitsInCombat('a', 'c')).toBe(false);
    expect(port.contests('a', 'o1')).toBe(true);
    expect(port.contestingModels?.('a', 'o1')).toEqual(['a1']);
    expect(port.contests('c', 'o1')).toBe(false);
    expect(port.contests('a', 'nope')).toBe(false);
    // a1 at (30,24) and b1 at (32,24), both 32 mm bases: 2 - 2 × 0.6299" apart.
    expect(port.distance('a1', 'b1')).toBeCloseTo(2 - 2 * (16 / 25.4), 5);
    // a1 and a2 are 6" apart, more than 1/2": not coherent.
    expect(port.coherent('a').coherent).toBe(false);
    expect(port.coherent('b').coherent).toBe(true);
    expect(port.onBattlefield?.('c')).toBe(true);
  });
});
