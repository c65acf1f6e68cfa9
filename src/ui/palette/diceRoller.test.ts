import { describe, expect, test } from 'vitest';
import { describeRoll, dieValue, reroll, rollDice, sortedFaces, successes } from './diceRoller';

/** A `random()` that returns the faces given (a D6 face f → (f - 0.5) / 6). */
function faces(...fs: number[]): () => number {
  let i = 0;
  return () => (fs[i++ % fs.length] - 0.5) / 6;
}

describe('dice roller (issue 18)', () => {
  test('D6 and D3 values', () => {
    expect([0, 0.17, 0.34, 0.5, 0.67, 0.99].map((r) => dieValue('D6', r))).toEqual([1, 2, 3, 4, 5, 6]);
    expect([1, 2, 3, 4, 5, 6].map((f) => dieValue('D3', (f - 0.5) / 6))).toEqual([1, 1, 2, 2, 3, 3]);
    expect(rollDice('D3', 4, faces(6, 5, 2, 1)).faces).toEqual([3, 3, 1, 1]);
  });

  test('successes against a target; re-roll failures or 1s keeps the other dice in place', () => {
    const r = rollDice('D6', 5, faces(1, 4, 3, 6, 1));
    expect(successes(r.faces, 4)).toBe(2);
    expect(successes(r.faces, null)).toBe(5);
    const again = reroll(r, 'failures', 4, faces(5, 2, 6));
    expect(again.faces).toEqual([5, 4, 2, 6, 6]);
    expect(again.rerolled).toEqual([0, 2, 4]);
    expect(successes(again.faces, 4)).toBe(4);
    const ones = reroll(r, 'ones', 4, faces(3, 3));
    expect(ones.faces).toEqual([3, 4, 3, 6, 3]);
    expect(ones.rerolled).toEqual([0, 4]);
  });

  test('sorted and described', () => {
    const r = rollDice('D6', 4, faces(5, 1, 6, 3));
    expect(sortedFaces(r.faces)).toEqual([1, 3, 5, 6]);
    expect(r.faces).toEqual([5, 1, 6, 3]);
    expect(describeRoll(r, 4, true)).toBe('4D6: 1, 3, 5, 6 · 2 successes (4+) · sum 15');
    expect(describeRoll(r, null, false)).toBe('4D6: 5, 1, 6, 3 · sum 15');
    expect(describeRoll(reroll(r, 'ones', 4, faces(2)), 4, false)).toBe('4D6: 5, 2, 6, 3 · 2 successes (4+) · sum 16 · 1 re-rolled');
  });
});
