/**
 * Issue 28: `highestSurfaceUnder` answers the table at once for a base near a terrain feature but
 * clear of its plan hull (the command tower's walls, the paths round it). On the default
 * battlefield's real Kenney meshes, 6,000 seeded random bases round the command tower and the
 * other features (round 25 mm and 32 mm, a 60 x 35 mm oval at random facings), with and without
 * the "taller than 1 inch" filter (Core 15.2), get exactly the exact scan's answer (height and feature).
 */
import { describe, expect, it } from 'vitest';
import { towerGame } from '../../src/cli/benchGame';
import { highestSurfaceUnder, scanSurfaceUnder } from '../../src/geometry/standing';
import type { TerrainIndex } from '../../src/geometry/world';
import { mulberry32 } from '../../src/rules/dice';

describe('highestSurfaceUnder on the default battlefield: the hull shortcut changes no answer', () => {
  it('6,000 bases round the features: the same height and feature as the exact scan', async () => {
    const api = await towerGame();
    const terrain = (api as unknown as { opened: { world: { terrain: TerrainIndex } } }).opened.world.terrain;
    const tall = (i: number) => terrain.features[i].maxHeightInches > 1;
    const next = mulberry32(28);
    const mm = 1 / 25.4 / 2;
    const shapes = [
      { semiMajor: 25 * mm, semiMinor: 25 * mm },
      { semiMajor: 32 * mm, semiMinor: 32 * mm },
      { semiMajor: 60 * mm, semiMinor: 35 * mm },
    ];
    let onTerrain = 0;
    let clearButNear = 0;
    for (let k = 0; k < 6000; k++) {
      // A third round the command tower (x 35.07-36.93, y 11.93-14.07), the rest round any feature.
      const feat = k % 3 === 0 ? terrain.features.find((f) => f.id === 'command-tower')! : terrain.features[Math.floor(next() * terrain.features.length)];
      const b = feat.bounds;
      const shape = shapes[k % 3];
      const f = { ...shape, x: b[0] - 1.5 + next() * (b[3] - b[0] + 3), y: b[1] - 1.5 + next() * (b[4] - b[1] + 3), facingRad: next() * Math.PI * 2 };
      for (const include of [undefined, tall]) {
        const fast = highestSurfaceUnder(terrain, f, include);
        expect(fast).toEqual(scanSurfaceUnder(terrain, f, include));
        if (fast.featureIndex >= 0) onTerrain++;
        else clearButNear++;
      }
    }
    // Both kinds of answer were tried many times.
    expect(onTerrain).toBeGreaterThan(1000);
    expect(clearButNear).toBeGreaterThan(1000);
  });
});
