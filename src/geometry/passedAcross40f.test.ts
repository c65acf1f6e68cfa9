/**
 * "Passed across" (session 40, sh40f; `passedAcross40f.ts`): a base overlapping another base in plan view at some
 * point of a path (Core 1.0; docs/interpretations.md "Passed across"). Hand-computed: 32 mm bases are 1.26" across
 * (radius 0.63"), so two of them overlap when their centres are less than 1.26" apart.
 */
import { describe, expect, it } from 'vitest';
import { circleFootprint, footprintFromBase } from './footprint';
import { basesPassedAcross } from './passedAcross40f';

const R = 0.63; // 32 mm / 25.4 / 2 = 0.6299"
const mover = circleFootprint(0, 0, R);
const other = (id: string, x: number, y: number) => ({ id, footprint: circleFootprint(x, y, R) });

describe('basesPassedAcross (plan view, inches)', () => {
  it('a straight 6" move over a base (centre on the path at x = 3): crossed', () => {
    expect(basesPassedAcross(mover, [[0, 0], [6, 0]], [other('a', 3, 0)])).toEqual(['a']);
  });

  it('beside it at 0.1" (centre 1.36" off the path, gap 1.36 - 1.26 = 0.1"): not crossed', () => {
    expect(basesPassedAcross(mover, [[0, 0], [6, 0]], [other('a', 3, 1.36)])).toEqual([]);
  });

  it('grazing it by 0.01" (centre 1.25" off the path): crossed; touching (1.26"): not', () => {
    expect(basesPassedAcross(mover, [[0, 0], [6, 0]], [other('a', 3, 1.25)])).toEqual(['a']);
    expect(basesPassedAcross(mover, [[0, 0], [6, 0]], [other('a', 3, 2 * R)])).toEqual([]);
  });

  it('a base beyond the end of the path (centre 1.5" past x = 6) is not crossed; one 1" past it is (the end pose overlaps)', () => {
    expect(basesPassedAcross(mover, [[0, 0], [6, 0]], [other('a', 7.5, 0)])).toEqual([]);
    expect(basesPassedAcross(mover, [[0, 0], [6, 0]], [other('a', 7, 0)])).toEqual(['a']);
  });

  it('a dog-leg path (0,0) → (4,0) → (4,4) crosses a base at (4, 3) on its second leg, not one at (2, 2) inside the corner', () => {
    // (2, 2) is 2" from both legs: gap 2 - 1.26 = 0.74".
    expect(basesPassedAcross(mover, [[0, 0], [4, 0], [4, 4]], [other('in', 2, 2), other('leg2', 4, 3)])).toEqual(['leg2']);
  });

  it('oval bases: a 90 × 52 mm oval (3.54" × 2.05") lying along +x, 1.5" off the path: its half short axis 1.02" + 0.63" = 1.65" > 1.5": crossed; 1.7" off: not', () => {
    const oval = (y: number) => ({ id: 'o', footprint: footprintFromBase({ oval: [90, 52] }, [3, y], 0) });
    expect(basesPassedAcross(mover, [[0, 0], [6, 0]], [oval(1.5)])).toEqual(['o']);
    expect(basesPassedAcross(mover, [[0, 0], [6, 0]], [oval(1.7)])).toEqual([]);
  });

  it('each base once, in the order given; a non-finite point is an error naming it', () => {
    expect(basesPassedAcross(mover, [[0, 0], [6, 0], [0, 0]], [other('b', 5, 0), other('a', 1, 0)])).toEqual(['b', 'a']);
    expect(() => basesPassedAcross(mover, [[0, 0], [Number.NaN, 0]], [other('a', 3, 0)])).toThrow(/not finite/);
  });
});
