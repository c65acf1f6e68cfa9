import { describe, expect, test } from 'vitest';
import { circleFootprint, footprintFromBase } from '../../geometry/footprint';
import { overlappingModels, overlapWarning } from './overlaps';

const m = (id: string, x: number, y: number, r = 0.5, elevation = 0) => ({ id, footprint: circleFootprint(x, y, r), elevation, height: 1.25 });

describe('overlapping models (issue 18)', () => {
  test('overlapping bases are named; touching and apart ones are not', () => {
    const models = [m('a', 0, 0), m('b', 0.8, 0), m('c', 1.8, 0), m('d', 10, 10)];
    // a-b overlap by 0.2"; b-c touch exactly (1.0 between centres); d is far.
    expect(overlappingModels(models)).toEqual([['a', 'b']]);
  });

  test('a model on a floor above another does not overlap it; ovals use the exact gap', () => {
    expect(overlappingModels([m('a', 0, 0), m('b', 0.2, 0, 0.5, 3)])).toEqual([]);
    const oval = { id: 'o', footprint: footprintFromBase({ oval: [90, 52] }, [0, 0], 0), elevation: 0, height: 2 };
    // The oval is 90 mm (3.54") long along x: a 25 mm base 2" along x overlaps, 2" along y does not.
    expect(overlappingModels([oval, m('x', 2, 0, 0.49)])).toEqual([['o', 'x']]);
    expect(overlappingModels([oval, m('y', 0, 2, 0.49)])).toEqual([]);
  });

  test('the warning names the models', () => {
    expect(overlapWarning([])).toBeNull();
    expect(overlapWarning([['a', 'b']])).toMatch(/^Overlapping models: a and b\./);
    expect(overlapWarning(Array.from({ length: 10 }, (_, i) => [`m${i}`, `n${i}`] as [string, string]), 2)).toContain('m1 and n1 and 8 more pair(s)');
  });
});
