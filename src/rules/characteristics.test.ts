import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  characteristicCounts,
  characteristicDistribution,
  characteristicMean,
  characteristicRange,
  formatCharacteristic,
  parseCharacteristic,
  rollCharacteristic,
  toCharacteristic,
} from './characteristics';
import { createDice } from './dice';

/** Independent brute force: enumerate every face tuple of n D6 and apply the printed formula. */
function bruteForce(n: number, sides: 3 | 6, bonus: number): Map<number, number> {
  const out = new Map<number, number>();
  const total = 6 ** n;
  for (let code = 0; code < total; code++) {
    let c = code;
    let sum = bonus;
    for (let i = 0; i < n; i++) {
      const face = (c % 6) + 1;
      c = Math.floor(c / 6);
      sum += sides === 6 ? face : Math.ceil(face / 2); // D3 = halved D6 (Core 2.2)
    }
    out.set(sum, (out.get(sum) ?? 0) + 1 / total);
  }
  return out;
}

describe('characteristics: parsing (Core 26.0)', () => {
  it('parses the printed forms', () => {
    expect(parseCharacteristic(3)).toEqual({ ok: true, value: { kind: 'fixed', value: 3 } });
    expect(parseCharacteristic('3')).toEqual({ ok: true, value: { kind: 'fixed', value: 3 } });
    expect(parseCharacteristic('D3')).toEqual({ ok: true, value: { kind: 'random', dice: 1, sides: 3, bonus: 0 } });
    expect(parseCharacteristic('D6')).toEqual({ ok: true, value: { kind: 'random', dice: 1, sides: 6, bonus: 0 } });
    expect(parseCharacteristic('2D6')).toEqual({ ok: true, value: { kind: 'random', dice: 2, sides: 6, bonus: 0 } });
    expect(parseCharacteristic('D3+1')).toEqual({ ok: true, value: { kind: 'random', dice: 1, sides: 3, bonus: 1 } });
    expect(parseCharacteristic('D6+3')).toEqual({ ok: true, value: { kind: 'random', dice: 1, sides: 6, bonus: 3 } });
    expect(parseCharacteristic('2D3')).toEqual({ ok: true, value: { kind: 'random', dice: 2, sides: 3, bonus: 0 } });
    expect(parseCharacteristic(' d6 + 1 ')).toEqual({ ok: true, value: { kind: 'random', dice: 1, sides: 6, bonus: 1 } });
  });

  it('rejects everything else with a reason', () => {
    for (const bad of [-1, 1.5, Number.NaN, 1001, 'D4', 'D6-1', 'D6+D3', '0D6', '21D6', 'x', '', '3+', 'D', '+1', 'D6+1001']) {
      const r = parseCharacteristic(bad);
      expect(r.ok, String(bad)).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(5);
    }
    expect(() => toCharacteristic('D5')).toThrow(RangeError);
    expect(parseCharacteristic({} as unknown as string).ok).toBe(false);
  });

  it('formats back to the printed form', () => {
    for (const s of ['3', 'D3', 'D6', '2D6', 'D3+1', 'D6+3', '2D3']) {
      expect(formatCharacteristic(toCharacteristic(s))).toBe(s);
    }
  });
});

describe('characteristics: exact distributions (Core 26.0, Core 2.2)', () => {
  it('known answers', () => {
    expect(characteristicDistribution(3)).toEqual([0, 0, 0, 1]);
    expect(characteristicDistribution('D6')).toEqual([0, 1, 1, 1, 1, 1, 1].map((x) => x / 6));
    expect(characteristicDistribution('D3')).toEqual([0, 1, 1, 1].map((x) => x / 3));
    expect(characteristicDistribution('D3+1')).toEqual([0, 0, 1, 1, 1].map((x) => x / 3));
    expect(characteristicDistribution('D6+3')).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 1, 1].map((x) => x / 6));
    // 2D6: 1,2,3,4,5,6,5,4,3,2,1 ways out of 36 for 2..12
    expect(characteristicCounts('2D6')).toEqual({ counts: [0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], total: 36 });
    expect(characteristicDistribution('2D6')[7]).toBe(6 / 36);
    // 2D3: 1,2,3,2,1 out of 9 for 2..6 (faces counted as D6 faces: ×4, total 36)
    expect(characteristicCounts('2D3')).toEqual({ counts: [0, 0, 4, 8, 12, 8, 4], total: 36 });
    expect(characteristicDistribution('2D3')[4]).toBe(3 / 9);
  });

  it('matches a brute-force enumeration of every face tuple', () => {
    for (const [n, sides, bonus] of [
      [1, 6, 0],
      [2, 6, 0],
      [3, 6, 2],
      [1, 3, 1],
      [2, 3, 0],
      [4, 3, 5],
      [5, 6, 0],
    ] as const) {
      const text = `${n}D${sides}+${bonus}`;
      const dist = characteristicDistribution(text);
      const ref = bruteForce(n, sides, bonus);
      for (let v = 0; v < dist.length; v++) expect(dist[v]).toBeCloseTo(ref.get(v) ?? 0, 14);
      for (const v of ref.keys()) expect(v).toBeLessThan(dist.length);
    }
  });

  it('properties: sums to 1, mean and range agree with the distribution', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.constantFrom<3 | 6>(3, 6), fc.integer({ min: 0, max: 10 }), (n, sides, bonus) => {
        const text = `${n}D${sides}+${bonus}`;
        const { counts, total } = characteristicCounts(text);
        expect(counts.every((c) => Number.isSafeInteger(c))).toBe(true);
        expect(counts.reduce((s, c) => s + c, 0)).toBe(total);
        const d = characteristicDistribution(text);
        expect(Math.abs(d.reduce((s, p) => s + p, 0) - 1)).toBeLessThan(1e-12);
        const mean = d.reduce((s, p, v) => s + p * v, 0);
        expect(mean).toBeCloseTo(characteristicMean(text), 9);
        const { min, max } = characteristicRange(text);
        expect(d.length - 1).toBe(max);
        expect(d.findIndex((p) => p > 0)).toBe(min);
      }),
      { numRuns: 100 },
    );
  });

  it('rolled values always lie in the support of the distribution, and fixed values use no dice', () => {
    let s = createDice('char');
    for (const text of ['D3', 'D6', '2D6', 'D3+1', 'D6+3', '2D3']) {
      const d = characteristicDistribution(text);
      const seen = new Set<number>();
      for (let i = 0; i < 300; i++) {
        const r = rollCharacteristic(s, text);
        expect(d[r.value] ?? 0).toBeGreaterThan(0);
        seen.add(r.value);
        s = r.state;
      }
      expect(seen.size).toBe(d.filter((p) => p > 0).length);
    }
    const fixed = rollCharacteristic(s, 4);
    expect(fixed).toEqual({ value: 4, state: s });
  });
});
