import { afterEach, describe, expect, it } from 'vitest';
import { CLICK_SLOP_PX, clickDetector, frameThrottle, isClick, pressOf } from './pointerOnTable';

const ev = (clientX: number, clientY: number, button = 0) => ({ button, clientX, clientY });

describe('pointer on the table: clicks and hover', () => {
  it('a left release within 5 px of its press is a click; farther, another button, or no press is not', () => {
    expect(CLICK_SLOP_PX).toBe(5);
    expect(isClick(pressOf(ev(100, 100)), ev(103, 104))).toBe(true); // 5 px exactly (3-4-5)
    expect(isClick(pressOf(ev(100, 100)), ev(104, 104))).toBe(false); // 5.66 px: a drag
    expect(isClick(pressOf(ev(100, 100, 2)), ev(100, 100, 2))).toBe(false); // right button
    expect(isClick(null, ev(100, 100))).toBe(false);
  });

  it('clickDetector calls back once per click, never for a drag, and forgets a press after its release', () => {
    const got: number[] = [];
    const c = clickDetector((e: ReturnType<typeof ev>) => got.push(e.clientX));
    c.press(ev(10, 10));
    c.release(ev(12, 10)); // click
    c.press(ev(10, 10));
    c.release(ev(40, 10)); // drag
    c.release(ev(40, 10)); // a release with no press
    c.press(ev(50, 50));
    c.release(ev(50, 50)); // click
    expect(got).toEqual([12, 50]);
  });

  describe('frameThrottle', () => {
    const frames: (() => void)[] = [];
    const g = globalThis as { requestAnimationFrame?: (f: () => void) => number; cancelAnimationFrame?: (id: number) => void };
    const saved = { raf: g.requestAnimationFrame, caf: g.cancelAnimationFrame };
    afterEach(() => {
      g.requestAnimationFrame = saved.raf;
      g.cancelAnimationFrame = saved.caf;
      frames.length = 0;
    });

    it('runs at most once a frame, with the last event; cancel drops the pending frame', () => {
      g.requestAnimationFrame = (f) => frames.push(f);
      g.cancelAnimationFrame = (id) => {
        frames[id - 1] = () => {};
      };
      const seen: number[] = [];
      const t = frameThrottle((e: number) => seen.push(e));
      t.move(1);
      t.move(2);
      t.move(3);
      expect(frames).toHaveLength(1);
      frames[0]();
      expect(seen).toEqual([3]);
      t.move(4);
      expect(frames).toHaveLength(2);
      t.cancel();
      frames[1]();
      expect(seen).toEqual([3]);
      t.move(5);
      frames[2]();
      expect(seen).toEqual([3, 5]);
    });
  });
});
