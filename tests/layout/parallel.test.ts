import { describe, expect, it } from 'vitest';
import { analyseLayout, type LayoutReport } from '../../src/layout/analyse';
import { analyseLayoutParallel, RelatePool } from '../../src/layout/parallel';
import { modelClass } from '../../src/layout/classes';
import { relateSpots, SpotSamples } from '../../src/layout/spotVisibility';
import { standingSpots, terrainRules } from '../../src/layout/standingSpots';
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

  it('answers relations in a row as one thread does: a large one, one step, empty sets, both forms (work counts summed over the threads)', async () => {
    const world = await worldOf({
      battlefield: { width: 24, depth: 20 },
      terrain: [
        { id: 'wall', type: 'obstacle', pieces: [{ shape: 'box', center: [12, 10], size: [10, 0.5, 3], rotation: 10 }] },
        { id: 'tower', type: 'obscuring', pieces: [{ shape: 'cylinder', center: [6, 12], radius: 1.5, height: 5 }] },
      ],
      territories: { north: [[0, 14], [24, 14], [24, 20], [0, 20]], south: [[0, 0], [24, 0], [24, 6], [0, 6]] },
    });
    const cls = modelClass('infantry')!;
    const spots = standingSpots(terrainRules(world), cls, 1);
    const low: number[] = [];
    const high: number[] = [];
    for (let i = 0; i < spots.count; i++) (spots.y[i] < 8 ? low : high).push(i);
    const L = Int32Array.from(low);
    const H = Int32Array.from(high);
    const cases: [Int32Array, Int32Array, 'pairs' | 'rows'][] = [
      [L, H, 'pairs'],
      [L.subarray(0, 3), H, 'pairs'],
      [new Int32Array(0), H, 'pairs'],
      [H, L, 'rows'],
      [L, new Int32Array(0), 'rows'],
    ];
    const pool = new RelatePool(world.terrain.occluders, 1);
    // One class's samples for the pool's relations, as the analysis shares them (set trees reused).
    const samples = new SpotSamples(spots, cls);
    try {
      for (const [rows, cols, form] of cases) {
        const one = relateSpots(new SpotSamples(spots, cls), world.terrain.occluders, rows, cols, { form });
        const two = await pool.relate(samples, rows, cols, { form });
        expect(two).toEqual(one);
      }
    } finally {
      await pool.close();
    }
    // The large relation really was shared: more than one step, and it has blocked and seen pairs.
    const big = relateSpots(new SpotSamples(spots, cls), world.terrain.occluders, L, H);
    expect(L.length).toBeGreaterThan(16);
    expect(big.seen.includes(0) && big.seen.includes(1)).toBe(true);
  }, 120_000);
});
