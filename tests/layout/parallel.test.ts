import { describe, expect, it } from 'vitest';
import { analyseLayout, type LayoutReport } from '../../src/layout/analyse';
import { analyseLayoutParallel } from '../../src/layout/parallel';
import { worldOf } from './worlds';

/** The report without its timings (milliseconds differ from run to run). */
const untimed = (r: LayoutReport) => ({ ...r, classes: r.classes.map((c) => ({ ...c, work: { ...c.work, ms: 0 } })) });

describe('the layout analysis on worker threads', () => {
  it('gives the single thread\'s report bit for bit (walls, a tower on a floor, two classes, threat 3")', async () => {
    const world = await worldOf({
      battlefield: { width: 24, depth: 20 },
      terrain: [
        { id: 'wall', type: 'obstacle', pieces: [{ shape: 'box', center: [8, 10], size: [6, 0.5, 2.5], rotation: 20 }] },
        {
          id: 'hall',
          type: 'obstacle',
          pieces: [
            { shape: 'box', center: [16, 9], size: [5, 3, 1] },
            { shape: 'box', center: [16, 8], size: [5, 0.5, 3], elevation: 1 },
          ],
        },
        { id: 'tower', type: 'obscuring', pieces: [{ shape: 'cylinder', center: [12, 14], radius: 1.2, height: 5 }] },
      ],
      objectives: [{ id: 'o', position: [12, 10] }],
      territories: { north: [[0, 14], [24, 14], [24, 20], [0, 20]], south: [[0, 0], [24, 0], [24, 6], [0, 6]] },
    });
    const opts = { grid: 2, classes: ['infantry', 'cavalry'], threat: 3 };
    const one = analyseLayout(world, opts);
    const two = await analyseLayoutParallel(world, opts, 2);
    expect(untimed(two)).toEqual(untimed(one));
  }, 120_000);
});
