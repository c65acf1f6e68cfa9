import { describe, expect, it } from 'vitest';
import { rulerDistance, rulerReduce, rulerSegment, RULER_IDLE } from './rulerTool';

describe('free ruler (issue 18)', () => {
  it('first click anchors, hover follows live, second click fixes, third starts again, cancel clears', () => {
    let s = rulerReduce(RULER_IDLE, { type: 'hover', at: [1, 1, 0] });
    expect(s).toBe(RULER_IDLE);
    s = rulerReduce(s, { type: 'click', at: [0, 0, 0] });
    expect(rulerSegment(s)).toBeNull();
    s = rulerReduce(s, { type: 'hover', at: [3, 4, 0] });
    expect(rulerSegment(s)).toEqual([
      [0, 0, 0],
      [3, 4, 0],
    ]);
    s = rulerReduce(s, { type: 'click', at: [6, 8, 0] });
    expect(s).toEqual({ name: 'done', from: [0, 0, 0], to: [6, 8, 0] });
    expect(rulerReduce(s, { type: 'hover', at: [1, 1, 1] })).toBe(s);
    expect(rulerReduce(s, { type: 'click', at: [2, 2, 0] })).toEqual({ name: 'anchored', from: [2, 2, 0], pointer: null });
    expect(rulerReduce(s, { type: 'cancel' })).toEqual(RULER_IDLE);
    expect(rulerDistance([0, 0, 0], [3, 4, 12])).toEqual({ distance: 13, horizontal: 5 });
  });
});
