/**
 * Screen layout of the table's state chips (issue 28, item 9: "status chips overlap and cannot be
 * read"): chips anchored at nearby points of the table are stacked upwards so that no two overlap.
 * Pure: screen pixels, y down.
 */

/** A chip on screen: `x` its centre, `y` its bottom edge (where it points), `w` × `h` its size, pixels. */
export interface ChipBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The bottom edge of each chip once stacked: chips are placed from the lowest on screen up; a chip
 * that would overlap one already placed goes just above it (`gap` pixels between), and again until
 * it overlaps none. A chip never moves down, and chips that do not overlap stay where they point.
 * @returns the new `y` of each chip, in the order given.
 */
export function stackChips(boxes: readonly ChipBox[], gap = 2): number[] {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[b].y - boxes[a].y || a - b);
  const placed: { l: number; r: number; t: number; b: number }[] = [];
  const out = boxes.map((b) => b.y);
  for (const i of order) {
    const c = boxes[i];
    const l = c.x - c.w / 2;
    const r = c.x + c.w / 2;
    let bottom = c.y;
    for (let moved = true; moved; ) {
      moved = false;
      for (const p of placed) {
        const top = bottom - c.h;
        if (l < p.r && r > p.l && top < p.b + gap && bottom > p.t - gap) {
          bottom = p.t - gap;
          moved = true;
        }
      }
    }
    out[i] = bottom;
    placed.push({ l, r, t: bottom - c.h, b: bottom });
  }
  return out;
}
