import { describe, expect, it } from 'vitest';
import { boardReduce, BOARD_INITIAL } from './boardStatus';
import { shownPairs, type CombatState } from './combatTool';
import { JOB_TOOL_OFF, jobToolReduce } from './jobTool';
import { LOS_IDLE, losReduce, type LosState } from './losTool';
import { MEASURE_IDLE, measureReduce, shownMeasure, type MeasureResult } from './measureTool';
import { afterRedo, afterUndo, EMPTY_HISTORY, nextRedo, nextUndo, pushMove } from './moveHistory';
import { currentMeasure, MOVE_IDLE, moveReduce, type MoveRecord } from './moveTool';
import { seeEachOther, shownEntries, type SightTableState } from './sightTableTool';

const a1 = { kind: 'model', id: 'a1' } as const;
const b1 = { kind: 'model', id: 'b1' } as const;
const result: MeasureResult = { distance: 2, horizontal: 1.5, points: [[0, 0, 0], [2, 0, 0]], horizontalPoints: [[0, 0, 0], [1.5, 0, 0]] };

describe('measure tool machine', () => {
  it('idle -> pointing -> measuring -> done, ignoring stale answers', () => {
    let s = measureReduce(MEASURE_IDLE, { type: 'pick', target: a1 });
    expect(s.name).toBe('pointing');
    expect(measureReduce(s, { type: 'pick', target: a1 })).toBe(s); // the same thing twice is not a pair
    s = measureReduce(s, { type: 'pick', target: b1 });
    expect(s.name).toBe('measuring');
    const n = s.n;
    expect(measureReduce(s, { type: 'answered', n: n - 1, result })).toBe(s);
    s = measureReduce(s, { type: 'answered', n, result });
    expect(s.name).toBe('done');
    expect(shownMeasure(s)).toBe(result);
  });
  it('refresh re-measures the same pair and keeps the old answer on screen meanwhile', () => {
    let s = measureReduce(measureReduce(measureReduce(MEASURE_IDLE, { type: 'pick', target: a1 }), { type: 'pick', target: b1 }), { type: 'answered', n: 1, result });
    s = measureReduce(s, { type: 'refresh' });
    expect(s).toMatchObject({ name: 'measuring', n: 2, from: a1, to: b1 });
    expect(shownMeasure(s)).toBe(result);
    expect(measureReduce(s, { type: 'cancel' }).name).toBe('idle');
  });
});

describe('line-of-sight tool machine', () => {
  const done = (visible: boolean): LosState => {
    let s = losReduce(LOS_IDLE, { type: 'pick', target: a1 });
    s = losReduce(s, { type: 'pick', target: b1 });
    return losReduce(s, { type: 'answered', n: s.n, result: { visible } });
  };
  it('ignores objectives and terrain', () => {
    expect(losReduce(LOS_IDLE, { type: 'pick', target: { kind: 'objective', id: 'o' } })).toBe(LOS_IDLE);
  });
  it('blocked verdicts wait for blockers; eye view toggles; swap re-checks reversed', () => {
    const s = done(false);
    expect(s).toMatchObject({ name: 'done', blockers: { status: 'pending' }, eye: false });
    const withBlockers = losReduce(s, { type: 'blockers', n: s.n, info: { status: 'failed', reason: 'x' } });
    expect(withBlockers).toMatchObject({ blockers: { status: 'failed' } });
    expect(losReduce(withBlockers, { type: 'eye' })).toMatchObject({ eye: true });
    expect(losReduce(losReduce(withBlockers, { type: 'eye' }), { type: 'back' })).toMatchObject({ eye: false });
    expect(losReduce(s, { type: 'swap' })).toMatchObject({ name: 'checking', observer: b1, target: a1 });
    expect(done(true)).toMatchObject({ blockers: null });
  });
  it('a dispute opened from a link checks its pair at once and lands in the eye view', () => {
    const u = { kind: 'unit' as const, id: 'u-a' };
    const v = { kind: 'unit' as const, id: 'u-b' };
    let s = losReduce(LOS_IDLE, { type: 'open', observer: u, target: v, eye: true });
    expect(s).toMatchObject({ name: 'checking', observer: u, target: v, openEye: true });
    s = losReduce(s, { type: 'answered', n: s.n, result: { visible: false } });
    expect(s).toMatchObject({ name: 'done', eye: true, blockers: { status: 'pending' } });
    const t = losReduce(LOS_IDLE, { type: 'open', observer: u, target: v, eye: false });
    expect(losReduce(t, { type: 'answered', n: t.n, result: { visible: true } })).toMatchObject({ eye: false });
    expect(losReduce(LOS_IDLE, { type: 'open', observer: u, target: u, eye: true })).toBe(LOS_IDLE);
  });
});

describe('move tool machine', () => {
  it('press, drag past the threshold, measure the current point only, release, drop', () => {
    let s = moveReduce(MOVE_IDLE, { type: 'press', modelId: 'a1', start: [10, 10], pointer: [10.25, 10] });
    expect(s).toMatchObject({ name: 'pressing', grab: [-0.25, 0] });
    s = moveReduce(s, { type: 'pointer', at: [10.26, 10] });
    expect(s.name).toBe('pressing'); // under 0.05"
    s = moveReduce(s, { type: 'pointer', at: [12.25, 10] });
    expect(s).toMatchObject({ name: 'dragging', to: [12, 10] });
    s = moveReduce(s, { type: 'measured', n: s.n, measure: { to: [11, 10], value: 1 } });
    expect(currentMeasure(s)).toBeNull(); // an answer for an older pointer position
    s = moveReduce(s, { type: 'measured', n: s.n, measure: { to: [12, 10], value: 2 } });
    expect(currentMeasure(s)?.value).toBe(2);
    s = moveReduce(s, { type: 'release' });
    expect(s.name).toBe('dropping');
    s = moveReduce(s, { type: 'dropped', n: s.n, note: { kind: 'moved', text: 'ok' } });
    expect(s).toMatchObject({ name: 'idle', last: { kind: 'moved' } });
  });
  it('a press and release without moving is a click', () => {
    const s = moveReduce(moveReduce(MOVE_IDLE, { type: 'press', modelId: 'a1', start: [1, 1], pointer: [1, 1] }), { type: 'release' });
    expect(s.name).toBe('idle');
  });
  it('undo/redo stack', () => {
    const r1: MoveRecord = { modelId: 'a', from: [0, 0], to: [1, 0], inches: 1 };
    const r2: MoveRecord = { modelId: 'b', from: [0, 0], to: [2, 0], inches: 2 };
    let h = pushMove(pushMove(EMPTY_HISTORY, r1), r2);
    expect(nextUndo(h)).toBe(r2);
    h = afterUndo(h);
    expect(nextRedo(h)).toBe(r2);
    expect(nextUndo(h)).toBe(r1);
    h = afterRedo(h);
    expect(nextRedo(h)).toBeNull();
    h = pushMove(afterUndo(h), r1);
    expect(h.undone).toEqual([]); // a new move clears the redo stack
  });
});

describe('combat and board machines', () => {
  it('combat: toggle on computes, refresh keeps the previous pairs, toggle off', () => {
    let s: CombatState = jobToolReduce(JOB_TOOL_OFF, { type: 'toggle' });
    expect(s.name).toBe('computing');
    s = jobToolReduce(s, { type: 'answered', n: s.n, value: [{ a: 'x', b: 'y' }] });
    s = jobToolReduce(s, { type: 'refresh' });
    expect(shownPairs(s)).toEqual([{ a: 'x', b: 'y' }]);
    expect(jobToolReduce(s, { type: 'toggle' }).name).toBe('off');
  });
  it('board: answers for an old request are ignored', () => {
    const s = boardReduce(BOARD_INITIAL, { type: 'refresh' });
    expect(boardReduce(s, { type: 'answered', n: s.n - 1, status: { coherency: {}, contests: {} } })).toBe(s);
  });
});

describe('who-sees-whom table machine', () => {
  const entries = [
    { observer: 'n1', target: 's1', sameArmy: false, visible: true },
    { observer: 's1', target: 'n1', sameArmy: false, visible: true },
    { observer: 'n1', target: 's2', sameArmy: false, visible: false },
  ];
  it('off -> computing (with progress) -> shown; stale jobs ignored; close from anywhere', () => {
    let s: SightTableState = jobToolReduce(JOB_TOOL_OFF, { type: 'open' });
    expect(s).toMatchObject({ name: 'computing', n: 1 });
    expect(jobToolReduce(s, { type: 'open' })).toBe(s);
    s = jobToolReduce(s, { type: 'progress', n: 1, done: 3, total: 4 });
    expect(s).toMatchObject({ name: 'computing', progress: 0.75 });
    expect(jobToolReduce(s, { type: 'answered', n: 0, value: entries })).toBe(s);
    s = jobToolReduce(s, { type: 'answered', n: 1, value: entries });
    expect(s.name).toBe('shown');
    expect(shownEntries(s)).toBe(entries);
    expect(jobToolReduce(s, { type: 'close' })).toEqual({ name: 'off', n: 1 });
  });
  it('a scenario change recomputes and keeps the old table on screen meanwhile; a failure can be retried', () => {
    let s: SightTableState = jobToolReduce(jobToolReduce(JOB_TOOL_OFF, { type: 'open' }), { type: 'answered', n: 1, value: entries });
    s = jobToolReduce(s, { type: 'refresh' });
    expect(s).toMatchObject({ name: 'computing', n: 2 });
    expect(shownEntries(s)).toBe(entries);
    expect(jobToolReduce(JOB_TOOL_OFF, { type: 'refresh' })).toBe(JOB_TOOL_OFF);
    s = jobToolReduce(s, { type: 'failed', n: 2, reason: 'no scenario loaded' });
    expect(s).toEqual({ name: 'failed', n: 2, reason: 'no scenario loaded' });
    expect(shownEntries(s)).toEqual([]);
    expect(jobToolReduce(s, { type: 'open' })).toMatchObject({ name: 'computing', n: 3 });
  });
  it('a cell reads either direction of a pair, and knows when neither was computed', () => {
    expect(seeEachOther(entries, 'n1', 's1')).toBe(true);
    expect(seeEachOther(entries, 's1', 'n1')).toBe(true);
    expect(seeEachOther(entries, 's2', 'n1')).toBe(false);
    expect(seeEachOther(entries, 'n2', 's1')).toBeNull();
  });
});
