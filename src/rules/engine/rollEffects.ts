/**
 * The roll effects of session 37 (roll37; docs/abilities.md "Roll effects added in session 37 (roll37)")
 * applied to one unit: `slay` (rolls against the target's Health characteristic: "If the roll exceeds the
 * target's Health characteristic, 1 model in the target unit is slain", "Roll 2D6 ... it is automatically
 * destroyed", "Roll 3 dice. For each roll that equals or exceeds ...") and the Save characteristic a
 * `mortal` effect's `vs: "save"` gate is rolled against. Dice from the seeded PRNG (`rollLogged`).
 *
 * @module
 */

import { modified } from '../abilities/passives';
import type { AbilityEffect } from '../abilities/schema';
import { aliveModels, rollLogged, rosterUnit, slayModels, type Ctx } from './core';
import { automaticallyDestroy } from './abilityPermits';
import type { GameState, PlayerId } from './state';

/** The unit's Save characteristic now (a `set: "save"` effect, else the warscroll's), or null for none ("-"). */
export function saveCharacteristic(c: Ctx, unitId: string): number | null {
  const set = modified(c.s, c.port, unitId, 'save').set;
  return set ?? rosterUnit(c.s, unitId).warscroll.save ?? null;
}

/**
 * How many gate dice a `mortal` effect rolls for unit `t`: one, or one for each model of the unit still alive
 * (`each: "model"`), each point of its Health characteristic (`health`) or each damage point allocated to it now
 * (`damage`). The caller applies `max`.
 */
export function diceCount(s: GameState, e: Extract<AbilityEffect, { mortal: unknown }>, t: string): number {
  if (e.each === 'model') return aliveModels(s, t).length;
  if (e.each === 'health') return rosterUnit(s, t).warscroll.health;
  if (e.each === 'damage') return s.units[t].damage;
  return 1;
}

/** Does `roll` pass the test against a Health characteristic (`exceeds`: more; `atLeast`: equal or more; `double`: twice or more)? */
export function beatsHealth(roll: number, health: number, test: 'exceeds' | 'atLeast' | 'double' | 'atMost'): boolean {
  // `atMost` (session 38, ab38d): "equal to or less than the target's Health characteristic" (Crystal Touch).
  return test === 'exceeds' ? roll > health : test === 'atLeast' ? roll >= health : test === 'atMost' ? roll <= health : roll >= 2 * health;
}

/**
 * Roll a `slay` effect for unit `t`: `times` rolls of `dice` (a D6 or 2D6, each logged as one roll), each
 * compared with the unit's Health characteristic (the warscroll's); each passing roll slays 1 model
 * (`slay: "model"`) or the first destroys the unit (`slay: "unit"`). Emits `abilitySlay` with the rolls.
 * @param source the damage source naming the ability's unit (`ability:<unit>`), for who destroyed the unit.
 */
export function slayByRoll(c: Ctx, e: Extract<AbilityEffect, { slay: string }>, t: string, purpose: string, player: PlayerId, source: string, ability: string): void {
  const health = rosterUnit(c.s, t).warscroll.health;
  const rolls: number[] = [];
  let passed = 0;
  for (let k = 0; k < (e.times ?? 1); k++) {
    const dice = rollLogged(c, e.dice === '2D6' ? 2 : 1, 6, `${purpose}:slay:${t}`, player);
    const roll = dice.reduce((a, b) => a + b, 0);
    rolls.push(roll);
    if (beatsHealth(roll, health, e.health)) passed++;
  }
  // `slay: "unit"` ("it is automatically destroyed"): the unit is destroyed through `automaticallyDestroy`, which
  // obeys a `notDestroyed` passive on it (Son of Behemat, Avatar of Destruction: 6 damage points instead).
  const count = passed === 0 ? 0 : e.slay === 'unit' ? aliveModels(c.s, t).length : passed;
  c.events.push({ type: 'abilitySlay', ability, unitId: t, rolls, health, test: e.health, slay: e.slay, count });
  if (count > 0 && e.slay === 'unit') automaticallyDestroy(c, t, source);
  else if (count > 0) slayModels(c, t, count, source);
}
