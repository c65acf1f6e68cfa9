import { describe, expect, it } from 'vitest';
import { fireLanes } from '../../src/layout/fireLanes';

describe('fire lanes', () => {
  it('count the cells a seeing pair\'s plan segment crosses: a level line from (1, 1) to (9, 1) crosses cells 0 to 4 of row 0 (2" cells)', () => {
    const lanes = fireLanes(12, 6, 2, Uint8Array.of(1), [1], [1], [9], [1]);
    expect([lanes.nx, lanes.ny, lanes.lines]).toEqual([6, 3, 1]);
    expect(Array.from(lanes.share)).toEqual([1, 1, 1, 1, 1, 0, ...Array(12).fill(0)]);
  });

  it('count a segment alike from either end (a territory and its twin share lanes), where walking it from each end differs', () => {
    // Half-cell steps from (10.5, 5.6) toward (5.6, 1.4) land in a cell that steps the other way miss
    // (found by search over a 0.7" grid): the walk must not depend on which end is the row spot.
    const ab = fireLanes(12, 8, 2, Uint8Array.of(1), [5.6], [1.4], [10.5], [5.6]);
    const ba = fireLanes(12, 8, 2, Uint8Array.of(1), [10.5], [5.6], [5.6], [1.4]);
    expect(Array.from(ba.share)).toEqual(Array.from(ab.share));
    // Two pairs, one unseen: only the seen one counts.
    const two = fireLanes(12, 8, 2, Uint8Array.of(0, 1), [5.6], [1.4], [1, 10.5], [7, 5.6]);
    expect(two.lines).toBe(1);
    expect(Array.from(two.share)).toEqual(Array.from(ab.share));
  });
});
