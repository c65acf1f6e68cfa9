import { describe, expect, it } from 'vitest';
import { stackChips, type ChipBox } from './chipStack';

const overlap = (a: ChipBox, b: ChipBox) => Math.abs(a.x - b.x) < (a.w + b.w) / 2 && a.y - a.h < b.y && b.y - b.h < a.y;

describe('stackChips', () => {
  it('leaves chips that do not overlap where they point', () => {
    const boxes = [{ x: 100, y: 100, w: 60, h: 20 }, { x: 200, y: 100, w: 60, h: 20 }, { x: 100, y: 200, w: 60, h: 20 }];
    expect(stackChips(boxes)).toEqual([100, 100, 200]);
  });
  it('stacks a state chip and a wound chip anchored 6 px apart ("mov ♥ 2/4 lain"): the higher one goes above the lower', () => {
    // The wound chip (lower on screen, y 306) stays; the state chip (y 300) overlaps it and goes up to 306 - 18 - 2 = 286.
    const ys = stackChips([{ x: 400, y: 300, w: 110, h: 18 }, { x: 405, y: 306, w: 50, h: 18 }]);
    expect(ys).toEqual([286, 306]);
  });
  it('three chips at one point end one above the other, none overlapping', () => {
    const boxes = [0, 1, 2].map(() => ({ x: 50, y: 80, w: 40, h: 10 }));
    const ys = stackChips(boxes, 2);
    expect(ys).toEqual([80, 68, 56]);
    const placed = boxes.map((b, i) => ({ ...b, y: ys[i] }));
    for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) expect(overlap(placed[i], placed[j])).toBe(false);
  });
  it('a chip pushed up into a third one pushes that one above it (placed from the lowest up)', () => {
    // b (lowest) stays at 100; a overlaps b and goes to 100 - 20 - 2 = 78 (58..78); c (50..70) now overlaps a: up to 58 - 2 = 56.
    const ys = stackChips([{ x: 0, y: 95, w: 30, h: 20 }, { x: 0, y: 100, w: 30, h: 20 }, { x: 10, y: 70, w: 30, h: 20 }]);
    expect(ys).toEqual([78, 100, 56]);
  });
});
