import { describe, expect, it } from 'vitest';
import type { MoveState } from '../../tools/moveTool';
import { MOVE_RULES } from '../../../rules/engine/moveRules';
import { avoidsCombat, CANCELLED_TEXT, dropPoints, MOVE_IDLE, needsMeasure, playDragLabel, playDragReduce, PUT_BACK_TEXT, tooFarAtDrop, type PlayDragEvent } from './moveMeasure';

const run = (events: PlayDragEvent[], s: MoveState = MOVE_IDLE) => events.reduce(playDragReduce, s);
/** A Clanrat at (10, 10) picked up at its centre and carried to `to`. */
const carried = (to: [number, number]) => run([{ type: 'press', modelId: 'c1', start: [10, 10], pointer: [10, 10] }, { type: 'pointer', at: to }]);

describe('Play move tool: cancel (issue 28, item 7)', () => {
  it('a drop where the drag started is no move: idle, put back, nothing to send', () => {
    const s = run([{ type: 'pointer', at: [10.02, 10] }, { type: 'release' }], carried([13, 10]));
    expect(s).toMatchObject({ name: 'idle', last: { text: PUT_BACK_TEXT } });
  });
  it('a drop 0.04" from the start (under the 0.05" drag threshold) is put back; 0.06" is a drop', () => {
    expect(run([{ type: 'pointer', at: [10.04, 10] }, { type: 'release' }], carried([12, 10])).name).toBe('idle');
    expect(run([{ type: 'pointer', at: [10.06, 10] }, { type: 'release' }], carried([12, 10]))).toMatchObject({ name: 'dropping', to: [10.06, 10] });
  });
  it('Esc during a drag cancels it; during a press it ends the press; once dropped it does nothing', () => {
    expect(run([{ type: 'escape' }], carried([13, 10]))).toMatchObject({ name: 'idle', last: { text: CANCELLED_TEXT } });
    expect(run([{ type: 'press', modelId: 'c1', start: [10, 10], pointer: [10, 10] }, { type: 'escape' }]).name).toBe('idle');
    const dropping = run([{ type: 'release' }], carried([13, 10]));
    expect(playDragReduce(dropping, { type: 'escape' })).toBe(dropping);
    // A later release (the pointer let go after Esc) does nothing either.
    expect(run([{ type: 'escape' }, { type: 'release' }], carried([13, 10])).name).toBe('idle');
  });
});

describe('Play move tool: the live label and the drop (issue 28, item 8)', () => {
  it('before the engine answers, the label is the straight line as a lower bound; then the engine\'s value', () => {
    // (10, 10) → (13, 14): 5" straight.
    const s = carried([13, 14]);
    expect(playDragLabel(s, 6)).toMatchObject({ value: 5, measured: false, bad: false, text: '≥ 5 / 6"' });
    expect(needsMeasure(s, 6)).toBe(true);
    const m = playDragReduce(s, { type: 'measured', n: s.n, measure: { to: [13, 14], value: 5.6, path: [[10, 10], [11, 13], [13, 14]] } });
    expect(playDragLabel(m, 6)).toMatchObject({ value: 5.6, measured: true, bad: false, text: '5.6 / 6"' });
    expect(needsMeasure(m, 6)).toBe(false);
    // The engine's path round terrain longer than the allowance: red, with the allowance.
    const long = playDragReduce(s, { type: 'measured', n: s.n, measure: { to: [13, 14], value: 6.4 } });
    expect(playDragLabel(long, 6)).toMatchObject({ bad: true, text: '6.4 / 6" — too far' });
  });
  it('a point whose straight line is longer than the allowance is red at once and never sent to the engine', () => {
    // (10, 10) → (16, 18): 10" straight, Move 5.
    const s = carried([16, 18]);
    expect(playDragLabel(s, 5)).toMatchObject({ value: 10, measured: false, bad: true, text: '≥ 10 / 5" — too far' });
    expect(needsMeasure(s, 5)).toBe(false);
  });
  it('a set-up has no allowance: the straight line, never red', () => {
    expect(playDragLabel(carried([16, 18]), null)).toMatchObject({ text: '10"', bad: false });
    expect(needsMeasure(carried([16, 18]), null)).toBe(true);
  });
  it('a drop too far is refused at once (Core 15.0): by the straight line, or by the engine\'s measured path', () => {
    const far = run([{ type: 'release' }], carried([16, 18]));
    expect(tooFarAtDrop(far, 5, 'normal')).toEqual({ inches: 10, measured: false, max: 5, reason: 'it would move at least 10.00" (the straight line) but this move allows 5"', rule: 'Core 14.1' });
    expect(tooFarAtDrop(far, 3, 'pileIn')?.rule).toBe('Core 15.3');
    expect(tooFarAtDrop(far, 8, 'charge')?.rule).toBe('Core 14.3');
    // The engine's own table (src/rules/engine/moveRules.ts): the same rule the engine cites.
    for (const [kind, rule] of Object.entries(MOVE_RULES)) expect(tooFarAtDrop(far, 1, kind)?.rule).toBe(rule);
    expect(tooFarAtDrop(far, 1, 'powerThrough')?.rule).toBe('Commands 8.0');
    expect(tooFarAtDrop(far, 1, 'set-up')?.rule).toBe('Core 15.0');
    const near = carried([13, 14]);
    const measured = run([{ type: 'measured', n: near.n, measure: { to: [13, 14], value: 6.4 } }, { type: 'release' }], near);
    expect(tooFarAtDrop(measured, 6)).toMatchObject({ inches: 6.4, measured: true, reason: 'it would move 6.40" but this move allows 6"' });
    // Within the allowance and not measured yet: the game worker decides.
    expect(tooFarAtDrop(run([{ type: 'release' }], near), 6)).toBeNull();
    expect(tooFarAtDrop(far, null)).toBeNull();
  });
  it('a whole-unit drop moves every model by the drag\'s offset', () => {
    expect(dropPoints([{ id: 'a', x: 1, y: 2 }, { id: 'b', x: 2.5, y: 2 }], [1, 2], [4.1, 0])).toEqual({ a: [4.1, 0], b: [5.6, 0] });
  });
});

describe('Play move tool: which moves keep out of combat range (Core 14.1)', () => {
  it('a Normal Move, a Run and a Redeploy in the movement phase; not a charge, a retreat or a pile-in', () => {
    expect([undefined, 'normal', 'run', 'redeploy', 'charge', 'retreat'].map((k) => avoidsCombat('movement', k))).toEqual([true, true, true, true, false, false]);
    expect(avoidsCombat('combat', undefined)).toBe(false);
    expect(avoidsCombat('charge', 'charge')).toBe(false);
  });
});
