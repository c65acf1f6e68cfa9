/**
 * The damage query's ability options (issue 34, session 36: `DamageOptions` critOn, failHitUpTo,
 * failWoundUpTo, reroll, attacksAdd, damageAdd, rendAdd), each against a hand-computed expectation
 * (one attack, Damage 1, so the expected damage is the probability that the attack gets through).
 * The Play panel's use of them: src/game/session/expectedDamage36.test.ts.
 */

import { describe, expect, it } from 'vitest';
import { computeDamage, type DamageAttacker, type DamageTarget } from './damage';

/** 1 model, 1 attack, hit 4+, wound 4+, Rend 0, Damage 1. */
const ONE: DamageAttacker = { models: 1, weapon: { attacks: 1, hit: '4+', wound: '4+', rend: 0, damage: 1 } };
const NO_SAVE: DamageTarget = { save: '-', health: 1 };

describe('DamageOptions from abilities, hand-computed', () => {
  it('no option: 1/2 to hit × 1/2 to wound = 1/4', () => {
    expect(computeDamage(ONE, NO_SAVE).value).toBeCloseTo(1 / 4, 12);
  });
  it('failHitUpTo 4 (Shadowy Killers): only 5 and 6 hit → 2/6 × 1/2 = 1/6; failWoundUpTo 4 with Wound 3+: only 5 and 6 wound', () => {
    expect(computeDamage(ONE, NO_SAVE, { failHitUpTo: 4 }).value).toBeCloseTo(1 / 6, 12);
    const w3: DamageAttacker = { ...ONE, weapon: { ...ONE.weapon, wound: '3+' } };
    expect(computeDamage(w3, NO_SAVE).value).toBeCloseTo((1 / 2) * (4 / 6), 12);
    expect(computeDamage(w3, NO_SAVE, { failHitUpTo: 4, failWoundUpTo: 4 }).value).toBeCloseTo((2 / 6) * (2 / 6), 12);
    // A +1 hit modifier does not rescue an unmodified 4.
    expect(computeDamage({ ...ONE, modifiers: { hit: 1 } }, NO_SAVE, { failHitUpTo: 4 }).value).toBeCloseTo(1 / 6, 12);
  });
  it('re-rolls: failed hits 1/2 · (1 + 1/2) = 3/4 → 3/8; hit rolls of 1: 1/2 · 7/6 → 7/24; failed saves of a 4+ save: unsaved 1 − 1/2 · 3/2 = 1/4 → 1/16', () => {
    expect(computeDamage(ONE, NO_SAVE, { reroll: { hit: 'failed' } }).value).toBeCloseTo(3 / 8, 12);
    expect(computeDamage(ONE, NO_SAVE, { reroll: { hit: 'ones' } }).value).toBeCloseTo(7 / 24, 12);
    expect(computeDamage(ONE, { save: '4+', health: 1 }, { reroll: { save: 'failed' } }).value).toBeCloseTo(1 / 16, 12);
    expect(computeDamage(ONE, NO_SAVE, { reroll: { wound: 'any' } }).value).toBeCloseTo((1 / 2) * (3 / 4), 12);
  });
  it('critOn 5 with Crit (Mortal): a 4 hits and must wound (1/6 · 1/2), a 5 or 6 is mortal damage (2/6) → 5/12', () => {
    const mortal: DamageAttacker = { ...ONE, weapon: { ...ONE.weapon, abilities: ['crit-mortal'] } };
    expect(computeDamage(mortal, NO_SAVE).value).toBeCloseTo((2 / 6) * (1 / 2) + 1 / 6, 12);
    expect(computeDamage(mortal, NO_SAVE, { critOn: 5 }).value).toBeCloseTo(5 / 12, 12);
  });
  it('attacksAdd, damageAdd, rendAdd: +1 Attacks → 1/2; +1 Damage → 1/2; +1 Rend against a 4+ save → unsaved 2/3 (was 1/2); −2 Damage on Damage 1 → 0', () => {
    const target: DamageTarget = { save: '4+', health: 5 };
    expect(computeDamage(ONE, NO_SAVE, { attacksAdd: 1 }).value).toBeCloseTo(1 / 2, 12);
    expect(computeDamage(ONE, { save: '-', health: 5 }, { damageAdd: 1 }).value).toBeCloseTo(1 / 2, 12);
    expect(computeDamage(ONE, target).value).toBeCloseTo(1 / 8, 12);
    expect(computeDamage(ONE, target, { rendAdd: 1 }).value).toBeCloseTo((1 / 4) * (4 / 6), 12);
    expect(computeDamage(ONE, NO_SAVE, { damageAdd: -2 }).value).toBe(0);
  });
});
