import * as RAPIER from '@dimforge/rapier3d-compat';
import { Euler, Quaternion, Vector3 } from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulateDice } from './diceSim';
import { faceCorrection, faceNormal, faceUp } from './dieFaces';

describe('die faces', () => {
  it('opposite faces sum to 7', () => {
    for (let n = 1; n <= 6; n++) expect(faceNormal(n).dot(faceNormal(7 - n))).toBeCloseTo(-1);
  });

  it('the correction puts the requested face up for any resting orientation of the cube', () => {
    // The 24 rotations of the cube, slightly tilted as a die resting on another might be.
    const rests: Quaternion[] = [];
    for (const a of [0, 1, 2, 3]) for (const [x, y, z] of [[0, 0, 0], [Math.PI / 2, 0, 0], [Math.PI, 0, 0], [-Math.PI / 2, 0, 0], [0, 0, Math.PI / 2], [0, 0, -Math.PI / 2]]) {
      const q = new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), (a * Math.PI) / 2 + 0.1);
      const e = new Quaternion().setFromEuler(new Euler(x + 0.15, y, z - 0.1, 'XYZ'));
      rests.push(q.multiply(e));
    }
    for (const rest of rests) {
      for (let want = 1; want <= 6; want++) {
        const shown = rest.clone().multiply(faceCorrection(rest, want));
        expect(faceUp(shown)).toBe(want);
      }
    }
  });
});

describe('dice physics', () => {
  beforeAll(async () => {
    await RAPIER.init();
  });

  it('a throw comes to rest inside the tray, and is the same for the same seed', () => {
    const a = simulateDice(RAPIER, 8, { seed: 42 });
    const b = simulateDice(RAPIER, 8, { seed: 42 });
    expect(a.frames).toBeLessThan(8 * 60);
    expect(a.frames).toBeGreaterThan(10);
    expect(Array.from(a.poses)).toEqual(Array.from(b.poses));
    const last = (a.frames - 1) * a.count * 7;
    for (let i = 0; i < a.count; i++) {
      const [x, y, z] = [a.poses[last + i * 7], a.poses[last + i * 7 + 1], a.poses[last + i * 7 + 2]];
      expect(Math.abs(x)).toBeLessThan(a.tray.width / 2);
      expect(Math.abs(z)).toBeLessThan(a.tray.depth / 2);
      expect(y).toBeGreaterThan(0.3);
      expect(y).toBeLessThan(2);
    }
  });

  it('the requested faces show at rest, whatever the throw', () => {
    for (const seed of [1, 2, 3]) {
      const rec = simulateDice(RAPIER, 6, { seed });
      const last = (rec.frames - 1) * rec.count * 7;
      const want = [1, 2, 3, 4, 5, 6];
      want.forEach((w, i) => {
        const o = last + i * 7;
        const rest = new Quaternion(rec.poses[o + 3], rec.poses[o + 4], rec.poses[o + 5], rec.poses[o + 6]);
        expect(faceUp(rest.clone().multiply(faceCorrection(rest, w)))).toBe(w);
      });
    }
  });
});
