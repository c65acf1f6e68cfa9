/**
 * Aftermath dice: the engine's seeded PRNG (`src/rules/dice.ts`, Core 2.2), every roll recorded
 * with its reason. Tests may give die faces to use first (as the engine's `diceScript`).
 *
 * @module
 */
import { createDice, rollD3, rollD6, type DiceState } from '../rules/dice';

/** One recorded roll: why it was made and the dice (D3 values as rolled, 1-3). */
export interface RecordedRoll {
  readonly why: string;
  readonly dice: number[];
}

/** Seeded dice that record every roll. */
export class CampaignDice {
  private state: DiceState;
  private readonly script: number[];
  /** Every roll made, in order. */
  readonly rolls: RecordedRoll[] = [];

  /**
   * @param seed The aftermath's seed (any string or finite number; the same seed gives the same rolls).
   * @param script Die faces (1-6) used before the seeded dice; a D3 from a scripted face is ⌈face/2⌉.
   */
  constructor(seed: number | string, script: readonly number[] = []) {
    this.state = createDice(seed);
    this.script = [...script];
  }

  private face(sides: 3 | 6): number {
    const s = this.script.shift();
    if (s !== undefined) return sides === 3 ? Math.ceil(s / 2) : s;
    const r = sides === 3 ? rollD3(this.state) : rollD6(this.state);
    this.state = r.state;
    return r.value;
  }

  /** Rolls `count` dice of `sides` faces (D3 or D6), records them under `why` and returns them. */
  roll(count: number, sides: 3 | 6, why: string): number[] {
    const dice = Array.from({ length: count }, () => this.face(sides));
    this.rolls.push({ why, dice });
    return dice;
  }
}
