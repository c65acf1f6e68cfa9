import { describe, expect, test } from 'vitest';
import { alongPath } from './MovePlayback';

describe('alongPath (another player\'s move played along its path)', () => {
  // An L-shaped path: 3" east then 4" north, 7" in all.
  const path: [number, number][] = [
    [0, 0],
    [3, 0],
    [3, 4],
  ];
  test('shares of the length land on the path by length', () => {
    expect(alongPath(path, 0)).toEqual([0, 0]);
    expect(alongPath(path, 1)).toEqual([3, 4]);
    // 3/7 of the way: the corner; 5/7: 2" up the second leg.
    const corner = alongPath(path, 3 / 7);
    expect(corner[0]).toBeCloseTo(3, 12);
    expect(corner[1]).toBeCloseTo(0, 12);
    const up = alongPath(path, 5 / 7);
    expect(up[0]).toBeCloseTo(3, 12);
    expect(up[1]).toBeCloseTo(2, 12);
  });
  test('shares outside 0..1 are held at the ends; one point or zero-length legs stay put', () => {
    expect(alongPath(path, -0.5)).toEqual([0, 0]);
    expect(alongPath(path, 2)).toEqual([3, 4]);
    expect(alongPath([[1, 2]], 0.5)).toEqual([1, 2]);
    expect(alongPath([[1, 2], [1, 2]], 0.5)).toEqual([1, 2]);
  });
});
