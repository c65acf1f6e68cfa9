/**
 * `port.overlapping` (Core 15.0: a model cannot end a move on or overlapping another model), with
 * the bounding-circle shortcut of session 37 (pairs whose circles of radius the semi-major axis are
 * apart are skipped): oval bases whose bounding circles overlap but whose ellipses do not still go
 * to the exact gap, and are not overlapping; the same ovals a little nearer overlap.
 * Two 60 x 35 mm ovals, long axes along x, centres one above the other: the ellipses touch when the
 * centres are 35 mm (1.378") apart; their bounding circles already overlap below 60 mm (2.362").
 */
import { describe, expect, it } from 'vitest';
import { makeWorld } from '../../../tests/scenario/geomKit';
import { worldPort } from './worldPort';

const MM = 25.4;
const portWith = (dy: number, dx = 0) =>
  worldPort(
    makeWorld({
      units: [
        { id: 'a', army: 'p1', models: [{ id: 'a-1', base: { oval: [60, 35] }, pos: [10, 10], height: 1.5 }] },
        { id: 'b', army: 'p2', models: [{ id: 'b-1', base: { oval: [60, 35] }, pos: [10 + dx, 10 + dy], height: 1.5 }] },
      ],
    }),
  );

describe('port.overlapping with oval bases (Core 15.0)', () => {
  it('side by side 1.5" apart (bounding circles overlap, ellipses 0.12" apart): not overlapping; 1.3" apart: overlapping', () => {
    expect(35 / MM).toBeLessThan(1.5);
    expect(60 / MM).toBeGreaterThan(1.5);
    expect(portWith(1.5).overlapping('a')).toBe(null);
    expect(portWith(1.3).overlapping('a')).toBe('a-1');
  });

  it('end to end: 2.4" apart along the long axes (circles apart) not overlapping; 2.3" overlapping', () => {
    expect(portWith(0, 2.4).overlapping('b')).toBe(null);
    expect(portWith(0, 2.3).overlapping('b')).toBe('b-1');
  });
});
