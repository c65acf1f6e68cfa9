/**
 * Characteristics as printed on a warscroll, fixed ("3") or random ("D3", "D6", "2D6",
 * "D3+1", "D6+3", "2D3"), and their exact probability distributions (Core 26.0, Core 2.2).
 *
 * Everything here is a pure function of its arguments. A distribution is a plain array
 * `p` where `p[v]` is the probability that the characteristic equals the integer `v`
 * (so `p.length - 1` is the maximum value and `p[0..min-1]` are zeros).
 *
 * @module
 */

import { rollDice, type DiceState } from './dice';

/** Largest number of dice in a random characteristic: keeps the integer counts exact (6^20 < 2^53). */
export const MAX_CHARACTERISTIC_DICE = 20;
/** Largest fixed value or bonus accepted ("D6+1000" is already absurd; it bounds the work). */
export const MAX_CHARACTERISTIC_VALUE = 1000;

/** A characteristic with one fixed integer value, e.g. the printed "3". */
export interface FixedCharacteristic {
  readonly kind: 'fixed';
  /** The value (an integer in `[0, MAX_CHARACTERISTIC_VALUE]`). */
  readonly value: number;
}

/**
 * A random characteristic `dice`D`sides` + `bonus`, e.g. "2D6" = `{dice: 2, sides: 6, bonus: 0}`,
 * "D3+1" = `{dice: 1, sides: 3, bonus: 1}`. A D3 is a D6 halved and rounded up (Core 2.2).
 */
export interface RandomCharacteristic {
  readonly kind: 'random';
  /** Number of dice, `1..MAX_CHARACTERISTIC_DICE`. */
  readonly dice: number;
  /** 3 for D3, 6 for D6. */
  readonly sides: 3 | 6;
  /** Flat amount added to the dice total, `0..MAX_CHARACTERISTIC_VALUE`. */
  readonly bonus: number;
}

/** A parsed characteristic (Core 26.0). */
export type Characteristic = FixedCharacteristic | RandomCharacteristic;

/** Result of {@link parseCharacteristic}: the parsed value, or a human-readable reason. */
export type ParseCharacteristicResult =
  | { readonly ok: true; readonly value: Characteristic }
  | { readonly ok: false; readonly error: string };

const RANDOM_RE = /^(\d*)D(\d+)(?:\+(\d+))?$/;
const FIXED_RE = /^\d+$/;

/**
 * Parse a characteristic written as printed (Core 26.0).
 *
 * Accepted: a non-negative integer (number or digit string, e.g. `3` or `"3"`), or
 * `[n]D3` / `[n]D6` with an optional `+k` (e.g. `"D6"`, `"2D6"`, `"D3+1"`, `"2D3"`).
 * Case and spaces are ignored ("d6 + 1" is "D6+1"). Dice counts are `1..20`, fixed values
 * and bonuses `0..1000`. Anything else (negative numbers, fractions, "D4", "D6-1", "D6+D3")
 * is rejected with a reason; this function never throws.
 *
 * @param input The characteristic as printed.
 * @returns `{ok: true, value}` or `{ok: false, error}`.
 */
export function parseCharacteristic(input: number | string): ParseCharacteristicResult {
  if (typeof input === 'number') {
    if (!Number.isInteger(input) || input < 0 || input > MAX_CHARACTERISTIC_VALUE) {
      return {
        ok: false,
        error: `expected a whole number from 0 to ${MAX_CHARACTERISTIC_VALUE} or a dice expression like "D6+1", got ${String(input)}`,
      };
    }
    return { ok: true, value: { kind: 'fixed', value: input } };
  }
  if (typeof input !== 'string') {
    return { ok: false, error: `expected a number or a string like "D3+1", got ${typeof input}` };
  }
  const text = input.replace(/\s+/g, '').toUpperCase();
  if (FIXED_RE.test(text)) {
    return parseCharacteristic(Number(text));
  }
  const m = RANDOM_RE.exec(text);
  if (!m) {
    return {
      ok: false,
      error: `"${input}" is not a characteristic: expected a whole number or [n]D3/[n]D6 with an optional +k (e.g. "3", "D6", "2D6", "D3+1")`,
    };
  }
  const dice = m[1] === '' ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  const bonus = m[3] === undefined ? 0 : Number(m[3]);
  if (sides !== 3 && sides !== 6) {
    return { ok: false, error: `"${input}": only D3 and D6 exist (Core 2.2), got D${m[2]}` };
  }
  if (dice < 1 || dice > MAX_CHARACTERISTIC_DICE) {
    return { ok: false, error: `"${input}": the number of dice must be 1 to ${MAX_CHARACTERISTIC_DICE}` };
  }
  if (bonus > MAX_CHARACTERISTIC_VALUE) {
    return { ok: false, error: `"${input}": the bonus must be at most ${MAX_CHARACTERISTIC_VALUE}` };
  }
  return { ok: true, value: { kind: 'random', dice, sides, bonus } };
}

/**
 * Like {@link parseCharacteristic} but accepts an already-parsed characteristic and throws on
 * an invalid one.
 *
 * @throws {RangeError} when the input is not a valid characteristic (message says why).
 */
export function toCharacteristic(input: number | string | Characteristic): Characteristic {
  if (typeof input === 'object' && input !== null) return input;
  const r = parseCharacteristic(input);
  if (!r.ok) throw new RangeError(r.error);
  return r.value;
}

/**
 * Exact integer counts of a characteristic's outcomes over all equally likely die faces.
 *
 * For a random characteristic with `n` dice, `total = 6^n` (every D6 face is counted; a D3
 * value covers 2 faces because a D3 is a halved D6, Core 2.2) and `counts[v]` is the number
 * of face combinations giving the value `v`. All numbers are exact integers (< 2^53).
 * For a fixed characteristic `total = 1` and `counts[value] = 1`.
 *
 * @returns `{counts, total}` with `sum(counts) === total`.
 */
export function characteristicCounts(input: number | string | Characteristic): {
  counts: number[];
  total: number;
} {
  const c = toCharacteristic(input);
  if (c.kind === 'fixed') {
    const counts = new Array<number>(c.value + 1).fill(0);
    counts[c.value] = 1;
    return { counts, total: 1 };
  }
  // One die: counts over its values (index = value).
  const one = c.sides === 6 ? [0, 1, 1, 1, 1, 1, 1] : [0, 2, 2, 2];
  let counts = [1];
  for (let i = 0; i < c.dice; i++) {
    const next = new Array<number>(counts.length + one.length - 1).fill(0);
    for (let a = 0; a < counts.length; a++) {
      if (counts[a] === 0) continue;
      for (let b = 0; b < one.length; b++) next[a + b] += counts[a] * one[b];
    }
    counts = next;
  }
  const shifted = new Array<number>(c.bonus).fill(0).concat(counts);
  return { counts: shifted, total: 6 ** c.dice };
}

/**
 * Exact probability distribution of a characteristic (Core 26.0).
 *
 * @returns `p` with `p[v]` = probability that the characteristic is `v`; each entry is the
 *   correctly rounded quotient of exact integer counts, and the entries sum to 1 (within
 *   floating-point rounding).
 * @throws {RangeError} when the input is not a valid characteristic.
 */
export function characteristicDistribution(input: number | string | Characteristic): number[] {
  const { counts, total } = characteristicCounts(input);
  return counts.map((n) => n / total);
}

/** Smallest and largest possible values of a characteristic. @throws {RangeError} if invalid. */
export function characteristicRange(input: number | string | Characteristic): {
  min: number;
  max: number;
} {
  const c = toCharacteristic(input);
  if (c.kind === 'fixed') return { min: c.value, max: c.value };
  return { min: c.dice + c.bonus, max: c.dice * c.sides + c.bonus };
}

/** Expected value of a characteristic (a D6 averages 3.5, a D3 2). @throws {RangeError} if invalid. */
export function characteristicMean(input: number | string | Characteristic): number {
  const c = toCharacteristic(input);
  if (c.kind === 'fixed') return c.value;
  return c.dice * (c.sides === 6 ? 3.5 : 2) + c.bonus;
}

/** The printed form of a characteristic, e.g. `"2D6"`, `"D3+1"`, `"3"`. */
export function formatCharacteristic(c: Characteristic): string {
  if (c.kind === 'fixed') return String(c.value);
  const dice = `${c.dice === 1 ? '' : c.dice}D${c.sides}`;
  return c.bonus === 0 ? dice : `${dice}+${c.bonus}`;
}

/**
 * Roll a characteristic with the seeded dice (Core 26.0): the sum of its dice (a D3 is a
 * halved D6, Core 2.2) plus its bonus, or its fixed value (no dice used).
 *
 * @returns the value and the advanced dice state; the input state is not modified.
 * @throws {RangeError} when the input is not a valid characteristic.
 */
export function rollCharacteristic(
  state: DiceState,
  input: number | string | Characteristic,
): { value: number; state: DiceState } {
  const c = toCharacteristic(input);
  if (c.kind === 'fixed') return { value: c.value, state };
  const r = rollDice(state, c.dice, c.sides);
  return { value: r.values.reduce((s, v) => s + v, 0) + c.bonus, state: r.state };
}
