import { describe, expect, it } from 'vitest';
import { contactPatch, trianglesArea } from './RuleVolumes';
import type { ModelView } from './types';

/** A 32 mm model (radius 16 mm = 0.63"), 1.5" tall, standing on the table at (10, 5). */
const model = { id: 'm', footprint: { x: 10, y: 5, semiMajor: 16 / 25.4, semiMinor: 16 / 25.4, facingRad: 0 }, elevation: 0, height: 1.5 } as ModelView;
const r = 16 / 25.4;

describe('the highlighted part of a blocking volume (issue 39)', () => {
  it('a line meeting the side wall lights a band 0.32" either way along the rim and up and down, not the whole volume', () => {
    const patch = contactPatch(model, [10 + r, 5, 0.75]);
    // 8 flat facets over an arc of 2 x 0.32/r radians, 0.64" tall: 8 chords of 2 r sin(0.32 / (8 r)) each.
    const expected = 8 * 2 * r * Math.sin(0.32 / (8 * r)) * 0.64;
    expect(trianglesArea(patch)).toBeCloseTo(expected, 9);
    const whole = 2 * Math.PI * r * 1.5 + Math.PI * r * r;
    expect(trianglesArea(patch) / whole).toBeLessThan(0.1);
    // Every point of it lies on the rim, between z 0.43 and 1.07.
    for (let k = 0; k < patch.length; k += 3) {
      expect(Math.hypot(patch[k] - 10, patch[k + 1] - 5)).toBeCloseTo(r, 9);
      expect(patch[k + 2]).toBeGreaterThanOrEqual(0.43 - 1e-9);
      expect(patch[k + 2]).toBeLessThanOrEqual(1.07 + 1e-9);
    }
  });

  it('near the top the band stops at the volume; through the top cap it is a small disc there', () => {
    const high = contactPatch(model, [10, 5 + r, 1.4]);
    for (let k = 2; k < high.length; k += 3) expect(high[k]).toBeLessThanOrEqual(1.5 + 1e-9);
    const cap = contactPatch(model, [10.1, 5, 1.5]);
    // 16 triangles of a 0.32" disc at z = 1.5.
    expect(trianglesArea(cap)).toBeCloseTo(16 * 0.5 * 0.32 * 0.32 * Math.sin((2 * Math.PI) / 16), 9);
    for (let k = 2; k < cap.length; k += 3) expect(cap[k]).toBe(1.5);
  });
});
