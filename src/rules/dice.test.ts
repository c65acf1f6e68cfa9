import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DICE_WARMUP_ROUNDS,
  DiceStateSchema,
  createDice,
  nextUint32,
  rollD3,
  rollD6,
  rollDice,
  rollDie,
  type DiceState,
} from './dice';

// ---------------------------------------------------------------------------------------------
// Independent reference: cyrb128 + sfc32 written with BigInt arithmetic modulo 2^32 (no
// Math.imul, no |0 tricks), straight from the published algorithm descriptions.
// ---------------------------------------------------------------------------------------------
const M32 = (1n << 32n) - 1n;
const u = (x: bigint) => x & M32;
const mul = (a: bigint, b: bigint) => u(a * b);
const shr = (a: bigint, n: bigint) => a >> n;
const rotl = (a: bigint, n: bigint) => u((a << n) | (a >> (32n - n)));

function refHash(str: string): bigint[] {
  let h1 = 1779033703n;
  let h2 = 3144134277n;
  let h3 = 1013904242n;
  let h4 = 2773480762n;
  for (const ch of str.split('')) {
    const k = BigInt(ch.charCodeAt(0));
    h1 = h2 ^ mul(h1 ^ k, 597399067n);
    h2 = h3 ^ mul(h2 ^ k, 2869860233n);
    h3 = h4 ^ mul(h3 ^ k, 951274213n);
    h4 = h1 ^ mul(h4 ^ k, 2716044179n);
  }
  h1 = mul(h3 ^ shr(h1, 18n), 597399067n);
  h2 = mul(h4 ^ shr(h2, 22n), 2869860233n);
  h3 = mul(h1 ^ shr(h3, 17n), 951274213n);
  h4 = mul(h2 ^ shr(h4, 19n), 2716044179n);
  h1 = h1 ^ h2 ^ h3 ^ h4;
  h2 = h2 ^ h1;
  h3 = h3 ^ h1;
  h4 = h4 ^ h1;
  return [h1, h2, h3, h4];
}

function refGenerator(seed: string, warmup: number): () => bigint {
  let [a, b, c, d] = refHash(seed);
  const next = () => {
    const t = u(a + b + d);
    d = u(d + 1n);
    a = b ^ shr(b, 9n);
    b = u(c + u(c << 3n));
    c = u(rotl(c, 21n) + t);
    return t;
  };
  for (let i = 0; i < warmup; i++) next();
  return next;
}

function refD6s(seed: string, n: number): number[] {
  const next = refGenerator(seed, DICE_WARMUP_ROUNDS);
  const limit = (1n << 32n) - ((1n << 32n) % 6n);
  const out: number[] = [];
  while (out.length < n) {
    const x = next();
    if (x < limit) out.push(Number(x % 6n) + 1);
  }
  return out;
}

function drawUint32(state: DiceState, n: number): number[] {
  const out: number[] = [];
  let s = state;
  for (let i = 0; i < n; i++) {
    const r = nextUint32(s);
    out.push(r.value);
    s = r.state;
  }
  return out;
}

describe('dice: seeded sfc32 (Core 2.2)', () => {
  it('matches the independent BigInt reference for several seeds (raw 32-bit outputs)', () => {
    for (const seed of ['sightline', '42', '', 'é🎲 unicode', 'a'.repeat(300)]) {
      const ref = refGenerator(seed, DICE_WARMUP_ROUNDS);
      const expected = Array.from({ length: 50 }, () => Number(ref()));
      expect(drawUint32(createDice(seed), 50)).toEqual(expected);
    }
  });

  it('has known first values (pinned from the reference, guards against drift)', () => {
    // If these change, saved games replay differently.
    const ref = refGenerator('sightline', DICE_WARMUP_ROUNDS);
    const pinned = [ref(), ref(), ref()].map(Number);
    expect(drawUint32(createDice('sightline'), 3)).toEqual(pinned);
    expect(pinned).toEqual(PINNED_SIGHTLINE_UINT32);
    let s = createDice(42);
    const d6: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = rollD6(s);
      d6.push(r.value);
      s = r.state;
    }
    expect(d6).toEqual(refD6s('42', 20));
    expect(d6).toEqual(PINNED_SEED42_D6);
  });

  it('the numeric seed n is the string seed String(n)', () => {
    expect(createDice(42)).toEqual(createDice('42'));
    expect(createDice(-0)).toEqual(createDice('0'));
    expect(createDice(1.5)).toEqual(createDice('1.5'));
    expect(createDice(1)).not.toEqual(createDice(2));
  });

  it('rejects non-finite seeds and invalid states', () => {
    expect(() => createDice(Number.NaN)).toThrow(RangeError);
    expect(() => createDice(Infinity)).toThrow(RangeError);
    expect(() => nextUint32({ s: [1, 2, 3] } as unknown as DiceState)).toThrow(TypeError);
    expect(() => nextUint32({ s: [1, 2, 3, -1] })).toThrow(TypeError);
    expect(() => nextUint32({ s: [1, 2, 3, 2 ** 32] })).toThrow(TypeError);
    expect(() => rollDice(createDice(1), -1, 6)).toThrow(RangeError);
    expect(() => rollDice(createDice(1), 1.5, 6)).toThrow(RangeError);
    expect(() => rollDice(createDice(1), 0, 0)).toThrow(RangeError);
    expect(() => rollDie(createDice(1), 0)).toThrow(RangeError);
  });

  it('state is plain JSON: it survives a JSON round trip and validates with the schema', () => {
    const s = createDice('json');
    const copy = JSON.parse(JSON.stringify(s)) as DiceState;
    expect(DiceStateSchema.safeParse(copy).success).toBe(true);
    expect(rollDice(copy, 10, 6)).toEqual(rollDice(s, 10, 6));
    expect(DiceStateSchema.safeParse({ s: [1, 2, 3, 4], extra: 1 }).success).toBe(false);
    expect(DiceStateSchema.safeParse({ s: [1, 2, 3, 4.5] }).success).toBe(false);
  });

  it('never mutates the input state (frozen input, property test)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 30 }), fc.constantFrom(3, 6, 2, 20), (seed, n, sides) => {
        const s = createDice(seed);
        const snapshot = JSON.stringify(s);
        Object.freeze(s);
        Object.freeze(s.s);
        const a = rollDice(s, n, sides);
        const b = rollDice(s, n, sides);
        expect(a).toEqual(b); // same state → same rolls
        expect(JSON.stringify(s)).toBe(snapshot);
        expect(a.values.every((v) => Number.isInteger(v) && v >= 1 && v <= sides)).toBe(true);
        expect(a.state.s.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('rollDice threads the state: n single rolls equal one rollDice of n', () => {
    let s = createDice('thread');
    const singles: number[] = [];
    for (let i = 0; i < 25; i++) {
      const r = rollD6(s);
      singles.push(r.value);
      s = r.state;
    }
    const batch = rollDice(createDice('thread'), 25, 6);
    expect(batch.values).toEqual(singles);
    expect(batch.state).toEqual(s);
  });

  it('D3 is a halved D6 rounded up (Core 2.2; INVENTORY T-21)', () => {
    let s6 = createDice('d3');
    let s3 = createDice('d3');
    for (let i = 0; i < 200; i++) {
      const a = rollD6(s6);
      const b = rollD3(s3);
      expect(b.value).toBe(Math.ceil(a.value / 2));
      const mapping: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3 };
      expect(b.value).toBe(mapping[a.value]);
      s6 = a.state;
      s3 = b.state;
    }
    expect(rollDice(createDice('d3'), 50, 3).values).toEqual(
      rollDice(createDice('d3'), 50, 6).values.map((v) => Math.ceil(v / 2)),
    );
  });

  it('is uniform: chi-square of 60 000 D6 and D3 rolls is within the 99.9% bound', () => {
    for (const [sides, crit] of [
      [6, 20.52],
      [3, 13.82],
    ] as const) {
      const n = 60_000;
      const { values } = rollDice(createDice(`uniform-${sides}`), n, sides);
      const counts = new Array<number>(sides + 1).fill(0);
      for (const v of values) counts[v]++;
      const e = n / sides;
      const chi2 = counts.slice(1).reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
      expect(chi2).toBeLessThan(crit);
      // and not suspiciously perfect (e.g. a counter modulo 6)
      expect(chi2).toBeGreaterThan(0.001);
    }
  });

  it('consecutive D6 pairs are independent (chi-square on the 36 cells)', () => {
    const { values } = rollDice(createDice('pairs'), 72_000, 6);
    const cells = new Array<number>(36).fill(0);
    for (let i = 0; i < values.length; i += 2) cells[(values[i] - 1) * 6 + values[i + 1] - 1]++;
    const e = values.length / 2 / 36;
    const chi2 = cells.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
    expect(chi2).toBeLessThan(66.62); // 99.9% quantile, 35 degrees of freedom
  });

  it('rollDie handles odd sizes without bias (range check) and 1-sided dice', () => {
    const { values } = rollDice(createDice('odd'), 5000, 7);
    expect(Math.min(...values)).toBe(1);
    expect(Math.max(...values)).toBe(7);
    expect(rollDie(createDice('one'), 1).value).toBe(1);
  });
});

// Pinned values, computed once with a third, separate reference (a Python port of cyrb128 +
// sfc32 over UTF-16 code units, 12 warm-up outputs, rejection sampling for the D6).
const PINNED_SIGHTLINE_UINT32: number[] = [2259191887, 1303443370, 3385098153];
const PINNED_SEED42_D6: number[] = [2, 3, 3, 6, 5, 6, 3, 5, 1, 1, 1, 5, 1, 2, 3, 2, 4, 5, 5, 5];
