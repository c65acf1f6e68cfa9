/**
 * Deterministic seeded dice (Core 2.2).
 *
 * The generator is sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 32-bit
 * variant). Its whole state is four unsigned 32-bit integers kept in a plain JSON object,
 * `{ s: [a, b, c, d] }`, so a state can be saved in a scenario file, sent to a worker or
 * compared with `JSON.stringify`. All arithmetic is 32-bit integer arithmetic
 * (`Math.imul`, `| 0`, `>>> 0`), so the same seed gives the same sequence on every
 * JavaScript engine and machine. No function here mutates its input state: each returns
 * a new state next to its result.
 *
 * Seeding: the seed is turned into a string (`String(seed)` for numbers, so `42` and `"42"`
 * are the same seed) and hashed to 128 bits with cyrb128; the sfc32 state is that hash, and
 * the first 12 outputs are discarded to mix it.
 *
 * @module
 */

import { z } from 'zod';

/** The full state of the dice: four unsigned 32-bit integers (plain JSON data). */
export interface DiceState {
  readonly s: readonly [number, number, number, number];
}

const Uint32Schema = z
  .number()
  .int()
  .min(0)
  .max(0xffffffff, { error: 'must be an unsigned 32-bit integer' });

/** Zod schema of a {@link DiceState} (strict: unknown keys rejected). */
export const DiceStateSchema = z.strictObject({
  s: z.tuple([Uint32Schema, Uint32Schema, Uint32Schema, Uint32Schema]),
});

/** Number of outputs thrown away after seeding (mixes the hashed seed into the state). */
export const DICE_WARMUP_ROUNDS = 12;

/** cyrb128: a 128-bit string hash over UTF-16 code units; returns 4 unsigned 32-bit words. */
function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** One sfc32 step on plain words: returns the output and the next words (inputs untouched). */
function sfc32Step(
  s: readonly [number, number, number, number],
): { out: number; next: [number, number, number, number] } {
  let [a, b, c, d] = s;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  return { out: t >>> 0, next: [a >>> 0, b >>> 0, c >>> 0, d >>> 0] };
}

function assertState(state: DiceState): void {
  const s = state?.s;
  if (
    !Array.isArray(s) ||
    s.length !== 4 ||
    !s.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff)
  ) {
    throw new TypeError('dice state must be { s: [u32, u32, u32, u32] }');
  }
}

/**
 * Create the dice state for a seed.
 *
 * @param seed Any string, or a finite number (converted with `String(seed)`, so `42` and
 *   `"42"` give the same dice; `-0` is `"0"`).
 * @returns A fresh {@link DiceState}.
 * @throws {RangeError} when `seed` is a number that is not finite (NaN, ±Infinity).
 * @throws {TypeError} when `seed` is neither a number nor a string.
 */
export function createDice(seed: number | string): DiceState {
  let key: string;
  if (typeof seed === 'number') {
    if (!Number.isFinite(seed)) throw new RangeError(`dice seed must be finite, got ${seed}`);
    key = String(seed);
  } else if (typeof seed === 'string') {
    key = seed;
  } else {
    throw new TypeError(`dice seed must be a number or a string, got ${typeof seed}`);
  }
  let s: [number, number, number, number] = cyrb128(key);
  for (let i = 0; i < DICE_WARMUP_ROUNDS; i++) s = sfc32Step(s).next;
  return { s };
}

/**
 * Draw one raw unsigned 32-bit integer.
 *
 * @returns `value` in `[0, 2^32 - 1]` and the next state (the input state is not modified).
 * @throws {TypeError} when `state` is not a valid {@link DiceState}.
 */
export function nextUint32(state: DiceState): { value: number; state: DiceState } {
  assertState(state);
  const { out, next } = sfc32Step(state.s);
  return { value: out, state: { s: next } };
}

/**
 * Roll one fair die with `sides` faces numbered 1..sides, without modulo bias (rejection
 * sampling on the 32-bit output). Note: a D3 in the rules is a halved D6, see {@link rollD3}.
 *
 * @param sides Integer number of faces, `1..2^32`.
 * @returns `value` in `1..sides` and the next state.
 * @throws {RangeError} when `sides` is not an integer in range.
 */
export function rollDie(state: DiceState, sides: number): { value: number; state: DiceState } {
  if (!Number.isInteger(sides) || sides < 1 || sides > 0x100000000) {
    throw new RangeError(`a die needs an integer number of sides from 1 to 2^32, got ${sides}`);
  }
  const limit = 0x100000000 - (0x100000000 % sides);
  let st = state;
  for (;;) {
    const r = nextUint32(st);
    st = r.state;
    if (r.value < limit) return { value: (r.value % sides) + 1, state: st };
  }
}

/** Roll a D6 (Core 2.2). @returns `value` in 1..6 and the next state. */
export function rollD6(state: DiceState): { value: number; state: DiceState } {
  return rollDie(state, 6);
}

/**
 * Roll a D3: a D6 halved, rounding up (Core 2.2): 1-2 → 1, 3-4 → 2, 5-6 → 3.
 *
 * @returns `value` in 1..3 and the next state.
 */
export function rollD3(state: DiceState): { value: number; state: DiceState } {
  const r = rollD6(state);
  return { value: Math.ceil(r.value / 2), state: r.state };
}

/**
 * Roll `count` dice with `sides` faces, in order. `sides === 3` rolls D3s the rules' way
 * (halved D6s, Core 2.2); other values roll fair dice with that many faces.
 *
 * @param count Integer number of dice, `>= 0`.
 * @param sides Integer number of faces, `>= 1`.
 * @returns the `values` in rolling order and the next state.
 * @throws {RangeError} when `count` or `sides` is not a valid integer.
 */
export function rollDice(
  state: DiceState,
  count: number,
  sides: number,
): { values: number[]; state: DiceState } {
  if (!Number.isInteger(count) || count < 0) {
    throw new RangeError(`dice count must be a non-negative integer, got ${count}`);
  }
  if (!Number.isInteger(sides) || sides < 1 || sides > 0x100000000) {
    throw new RangeError(`a die needs an integer number of sides from 1 to 2^32, got ${sides}`);
  }
  assertState(state);
  const values: number[] = [];
  let st = state;
  for (let i = 0; i < count; i++) {
    const r = sides === 3 ? rollD3(st) : rollDie(st, sides);
    values.push(r.value);
    st = r.state;
  }
  return { values, state: st };
}

/**
 * mulberry32: a tiny seeded generator of numbers in [0, 1), for things that are not game dice
 * (generated benchmark tables, animating the dice tray). Same seed, same sequence on any machine.
 * A seed of 0 is taken as 1.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
