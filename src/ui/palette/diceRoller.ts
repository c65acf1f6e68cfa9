/**
 * The sandbox's general dice roller (issue 18): a roll of N D6 or D3, counted against a target
 * ("4+": a die showing 4 or more is a success), re-rolled (the failures, or the 1s), sorted. Pure:
 * the random numbers come in as an argument (`random()` in [0, 1)), so tests give their own.
 */

/** Which die: D6, or D3 (a D6 halved, rounded up: 1-2 → 1, 3-4 → 2, 5-6 → 3). */
export type DieKind = 'D6' | 'D3';

/** What a re-roll takes: the failed dice (below the target), or the dice showing 1. */
export type RerollKind = 'failures' | 'ones';

/** One roll of the roller: the faces, and the dice that were re-rolled to get them. */
export interface DiceRoll {
  kind: DieKind;
  faces: number[];
  /** Indexes of `faces` rolled again by the last re-roll (empty for a first roll). */
  rerolled: number[];
}

/** A die's value from a uniform random number in [0, 1). */
export function dieValue(kind: DieKind, r: number): number {
  const d6 = Math.min(6, Math.max(1, Math.floor(r * 6) + 1));
  return kind === 'D3' ? Math.ceil(d6 / 2) : d6;
}

/** Rolls `count` dice of `kind`. */
export function rollDice(kind: DieKind, count: number, random: () => number): DiceRoll {
  return { kind, faces: Array.from({ length: Math.max(0, Math.floor(count)) }, () => dieValue(kind, random())), rerolled: [] };
}

/** True when `face` is a success against `target` (null: every die counts). */
export function isSuccess(face: number, target: number | null): boolean {
  return target === null || face >= target;
}

/** Number of successes of a roll against `target` (null: no target, every die). */
export function successes(faces: readonly number[], target: number | null): number {
  return faces.filter((f) => isSuccess(f, target)).length;
}

/**
 * Re-rolls the failed dice (below `target`) or the 1s; the other dice keep their faces and places.
 * A re-rolled die is never re-rolled again by the rules (Core 1.3), but the roller allows it.
 */
export function reroll(roll: DiceRoll, which: RerollKind, target: number | null, random: () => number): DiceRoll {
  const rerolled: number[] = [];
  const faces = roll.faces.map((f, i) => {
    const again = which === 'ones' ? f === 1 : !isSuccess(f, target);
    if (!again) return f;
    rerolled.push(i);
    return dieValue(roll.kind, random());
  });
  return { kind: roll.kind, faces, rerolled };
}

/** The faces from lowest to highest (a copy). */
export function sortedFaces(faces: readonly number[]): number[] {
  return [...faces].sort((a, b) => a - b);
}

/** The roll's line: faces (sorted when asked), successes against the target, sum. */
export function describeRoll(roll: DiceRoll, target: number | null, sort: boolean): string {
  if (roll.faces.length === 0) return 'Roll some dice.';
  const faces = sort ? sortedFaces(roll.faces) : roll.faces;
  const sum = roll.faces.reduce((a, b) => a + b, 0);
  const parts = [`${roll.faces.length}${roll.kind}: ${faces.join(', ')}`];
  if (target !== null) parts.push(`${successes(roll.faces, target)} success${successes(roll.faces, target) === 1 ? '' : 'es'} (${target}+)`);
  parts.push(`sum ${sum}`);
  if (roll.rerolled.length) parts.push(`${roll.rerolled.length} re-rolled`);
  return parts.join(' · ');
}

/** A crypto-strong `random()` for the page. */
export function cryptoRandom(): number {
  const b = new Uint32Array(1);
  crypto.getRandomValues(b);
  return b[0] / 2 ** 32;
}
