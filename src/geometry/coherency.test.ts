import { describe, expect, it } from 'vitest';
import { makeWorld, rad, type ModelSpec } from '../../tests/scenario/geomKit';
import { coherencyOf } from './coherency';
import { footprintFromBase, type Footprint } from './footprint';

/**
 * Coherency (Core 15.1, INVENTORY G6, A-G18): each model within 1/2" HORIZONTALLY of at least 1
 * other model (2 others at 7+ models), and the unit in a single group.
 * 32 mm bases: radius 16/25.4 = 0.629921"; centres 2r + g apart have a plan gap of exactly g.
 */
const R = rad(32);
const f32 = (x: number, y: number): Footprint => footprintFromBase({ round: 32 }, [x, y]);
/** n bases in a line along x, gap g between neighbours (centre spacing 2r + g). */
const line = (n: number, g: number, y = 10): Footprint[] => Array.from({ length: n }, (_, i) => f32(5 + i * (2 * R + g), y));

describe('coherency: a line of models', () => {
  it('T-35 6 models in a line 0.5" apart: each has >= 1 neighbour, one group -> coherent', () => {
    const r = coherencyOf(line(6, 0.5), 0.5);
    expect(r.coherent).toBe(true);
    expect(r.neighboursNeeded).toBe(1);
    expect(r.groups).toBe(1);
  });

  it('T-35 7 models in a line: the two end models have only 1 neighbour (2 needed at 7+) -> not coherent', () => {
    // neighbours at 0.5" gap; next-but-one at 2(2r + 0.5) - 2r = 2r + 1 = 2.26" gap: too far
    const r = coherencyOf(line(7, 0.5), 0.5);
    expect(r.coherent).toBe(false);
    expect(r.neighboursNeeded).toBe(2);
    expect(r.isolated).toEqual([0, 6]);
    expect(r.groups).toBe(1);
  });

  it('7 models in two staggered rows (4 + 3, triangular packing, 0.4" gaps) -> coherent', () => {
    // Row 1 centres x = 5 + i s (i = 0..3), s = 2r + 0.4; row 2 x = 5 + (i + 1/2) s (i = 0..2) at
    // dy = s sqrt(3)/2, so every diagonal neighbour is also s apart (gap 0.4"). Degrees: row-1 ends
    // 2 (one row mate + one diagonal), everyone else 3 or 4.
    const s = 2 * R + 0.4;
    const fs = [
      ...Array.from({ length: 4 }, (_, i) => f32(5 + i * s, 10)),
      ...Array.from({ length: 3 }, (_, i) => f32(5 + (i + 0.5) * s, 10 + (s * Math.sqrt(3)) / 2)),
    ];
    const r = coherencyOf(fs, 0.5);
    expect(r.coherent).toBe(true);
    expect(r.isolated).toEqual([]);
  });

  it('7 models in two aligned rows (4 + 3): the lone corner model has 1 neighbour -> not coherent', () => {
    // row 2 under row 1's first three; the 4th of row 1 has its row mate and a diagonal at
    // s sqrt 2 - 2r = 2.489 - 1.260 = 1.229" > 0.5"
    const s = 2 * R + 0.4;
    const fs = [...Array.from({ length: 4 }, (_, i) => f32(5 + i * s, 10)), ...Array.from({ length: 3 }, (_, i) => f32(5 + i * s, 10 + s))];
    const r = coherencyOf(fs, 0.5);
    expect(r.coherent).toBe(false);
    expect(r.isolated).toEqual([3]);
  });

  it('T-35 two separate groups of 3 (each model has a neighbour) -> not coherent, 2 groups', () => {
    const fs = [...line(3, 0.3, 10), ...line(3, 0.3, 30)];
    const r = coherencyOf(fs, 0.5);
    expect(r.coherent).toBe(false);
    expect(r.isolated).toEqual([]);
    expect(r.groups).toBe(2);
  });

  it('T-35 range boundaries: a gap of exactly 0.5" is within, 0.51" is not; a longer warscroll range is honoured', () => {
    expect(coherencyOf(line(2, 0.5), 0.5).coherent).toBe(true);
    expect(coherencyOf(line(2, 0.51), 0.5).coherent).toBe(false);
    expect(coherencyOf(line(2, 0.9), 1).coherent).toBe(true);
    expect(coherencyOf(line(2, 1.1), 1).coherent).toBe(false);
  });

  it('a single model is coherent; 7 -> 6 models switches to the 1-neighbour rule at once', () => {
    expect(coherencyOf([f32(5, 5)], 0.5).coherent).toBe(true);
    expect(coherencyOf(line(7, 0.5).slice(0, 6), 0.5).coherent).toBe(true);
  });
});

describe('coherency: measured horizontally (heights ignored)', () => {
  // A 3" wide, 6" tall tower at (20, 20); a model on its top stands at z = 6 (standing.ts).
  const tower = { id: 'tower', type: 'area' as const, boxes: [{ center: [20, 20] as [number, number], size: [3, 3, 6] as [number, number, number] }] };
  const onTop: ModelSpec = { id: 'up', base: { round: 32 }, pos: [20, 20], height: 1.2 };

  it('a model on a tower directly above another counts as its neighbour (plan gap 0, 3D gap ~5.8")', () => {
    // the ground model: explicit elevation 0 at the same plan position (inside the tower's footprint)
    const world = makeWorld({
      terrain: [tower],
      units: [{ id: 'u', army: 'n', models: [onTop, { id: 'down', base: { round: 32 }, pos: [20, 20], height: 1.2, elevation: 0 }] }],
    });
    expect(world.models.get('up')!.elevation).toBeCloseTo(6, 6);
    const r = coherencyOf(world.unitModels('u').map((m) => m.footprint), 0.5);
    expect(r.coherent).toBe(true);
  });

  it('T-35 a model on the tower top 0.4" (plan) from a model at its foot is coherent; 0.6" is not', () => {
    // tower edge x = 21.5. Top model at x = 21.5 - r (its base edge flush with the tower edge);
    // foot model at x = 21.5 + g + r -> plan gap g, vertical gap 6 - 4/25.4 = 5.84".
    const mk = (g: number) =>
      makeWorld({
        terrain: [tower],
        units: [
          {
            id: 'u',
            army: 'n',
            models: [
              { id: 'up', base: { round: 32 }, pos: [21.5 - R, 20], height: 1.2 },
              { id: 'foot', base: { round: 32 }, pos: [21.5 + g + R, 20], height: 1.2 },
            ],
          },
        ],
      });
    const near = mk(0.4);
    expect(near.models.get('up')!.elevation).toBeCloseTo(6, 6);
    expect(near.models.get('foot')!.elevation).toBe(0);
    expect(coherencyOf(near.unitModels('u').map((m) => m.footprint), 0.5).coherent).toBe(true);
    expect(coherencyOf(mk(0.6).unitModels('u').map((m) => m.footprint), 0.5).coherent).toBe(false);
  });
});
