/**
 * Re-rolls of a charge roll or a run roll that an army's ability gives (issue 34; Core 2.2, 14.1,
 * 14.3): the `rerollRoll` action. Abilities with `{reroll: "charge" | "run"}` ("You can re-roll
 * charge rolls for this unit", Cruel Taskmaster, Lead the Charge) do not say when the roll has
 * failed: whether a charge roll is enough depends on the move the player will make, and a run roll
 * never fails. So the re-roll is the player's choice, as at the table: after the roll is made and
 * before the move, while an ability that gives the re-roll applies to the unit (a passive whose
 * conditions hold, measured now, or a persisting effect), the player may re-roll it once.
 *
 * - Core 2.2: "You cannot re-roll a dice more than once, and re-rolls happen before modifiers to
 *   the roll (if any) are applied": the unmodified dice of the roll (from the game's log) are rolled
 *   again and the modifiers of the abilities applied to the new dice; a charge roll already
 *   re-rolled (Forward to Victory, Berserker, this action) or a run roll already re-rolled is refused.
 * - `which: "ones"`: only the dice showing 1 are rolled again; `"any"` / `"failed"`: every die, or
 *   the dice the player names (`dice`, indices into the roll: "some or all of the dice").
 * - The re-roll is part of the ability's effect, not a use of it (the ability was used, or is a
 *   passive): nothing is added to the once-per record. Dice from the seeded PRNG, logged
 *   `charge-reroll:<unit>` / `run-reroll:<unit>`.
 *
 * @module
 */

import { friendlyUnit, reject, requireTurn, rollLogged, type Ctx } from './core';
import { ritualOfPrimalForce } from './ascension';
import type { Action, GameState, PlayerId } from './state';
import type { GeometryPort } from './geometryPort';
import { effectsOn, modified, rerollEffects } from '../abilities/passives';

/** The rolls an ability may let a player re-roll with `rerollRoll`. */
export type RerollableRoll = 'charge' | 'run';

/** The ability effect that gives the re-roll: the ability's id, name and rule, and which dice. */
export interface RerollSource {
  readonly ability: string;
  readonly name: string;
  readonly rule: string;
  readonly which: 'ones' | 'failed' | 'any';
  /** The player whose ability it is. */
  readonly player: PlayerId;
}

const RANK = { ones: 1, failed: 2, any: 3 } as const;

/** The widest re-roll of `roll` an ability gives `unitId` now (any > failed > ones), or null. */
export function rerollSource(s: GameState, port: GeometryPort | undefined, unitId: string, roll: RerollableRoll): RerollSource | null {
  let best: RerollSource | null = null;
  for (const a of effectsOn(s, port, unitId, {}, rerollEffects)) {
    const e = a.effect;
    if (!('reroll' in e) || (e.reroll !== roll && e.reroll !== 'any')) continue;
    if (best === null || RANK[e.which] > RANK[best.which]) best = { ability: a.ability, name: a.name, rule: a.rule, which: e.which, player: a.player };
  }
  return best;
}

/** The unmodified dice of the unit's last `purpose` roll in the log (`charge:<id>`, `run:<id>`), or null. */
function lastDice(s: GameState, purpose: string): readonly number[] | null {
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i];
    if (e.kind === 'roll' && e.purpose === purpose) return e.dice;
  }
  return null;
}

/** The roll waiting for its move that may be re-rolled, with its dice, or why not: `{reason, rule}`. */
function rollProblem(s: GameState, unitId: string, roll: RerollableRoll, player: PlayerId): { reason: string; rule: string } | { dice: readonly number[] } {
  const u = s.units[unitId];
  const pending = u.turn.pendingMove;
  if (roll === 'charge') {
    if (u.turn.chargeRoll === null || pending?.kind !== 'charge') return { reason: `unit "${unitId}" has no charge roll waiting for its charge move (re-roll it after the roll, before the move)`, rule: 'Core 14.3' };
    const byFtV = s.phaseCommands.byArmy[player].includes('forwardToVictory') && s.phaseCommands.units.includes(unitId);
    if (u.turn.chargeRerolled === true || byFtV) return { reason: 'this charge roll was already re-rolled: a dice cannot be re-rolled more than once', rule: 'Core 2.2' };
  } else {
    if (pending?.kind !== 'run') return { reason: `unit "${unitId}" has no run roll waiting for its run move (re-roll it after the roll, before the move)`, rule: 'Core 14.1' };
    if (u.turn.runRoll === null) return { reason: 'this Run was made At the Double: there is no run roll to re-roll', rule: 'Commands 3.0' };
    if (u.turn.runRerolled === true) return { reason: 'this run roll was already re-rolled: a dice cannot be re-rolled more than once', rule: 'Core 2.2' };
  }
  const dice = lastDice(s, `${roll}:${unitId}`);
  if (dice === null) return { reason: `no ${roll} roll of unit "${unitId}" in the game's log`, rule: 'Core 2.2' };
  return { dice };
}

/**
 * Why `player` cannot re-roll unit `unitId`'s `roll` now, or null: the unit is theirs, its roll waits
 * for its move and was not re-rolled, and an ability gives the re-roll (with `which: "ones"`, a die
 * shows 1). The same checks as the action, without rolling (for the options).
 */
export function rerollProblem(s: GameState, port: GeometryPort, player: PlayerId, unitId: string, roll: RerollableRoll): { reason: string; rule: string } | null {
  const u = s.units[unitId];
  if (u === undefined || u.owner !== player) return { reason: `unit "${unitId}" is not ${player}'s`, rule: 'Core 2.2' };
  const r = rollProblem(s, unitId, roll, player);
  if ('reason' in r) return r;
  const src = rerollSource(s, port, unitId, roll);
  if (src === null) return { reason: `no ability lets ${player} re-roll ${roll} rolls for "${unitId}" now`, rule: 'Core 2.2' };
  if (src.which === 'ones' && !r.dice.includes(1)) return { reason: `${src.name} re-rolls dice showing 1, and the ${roll} roll (${r.dice.join(', ')}) has none`, rule: src.rule };
  return null;
}

/** The dice of unit `unitId`'s `roll` waiting for its move (unmodified), or null. */
export function waitingRollDice(s: GameState, unitId: string, roll: RerollableRoll): readonly number[] | null {
  const u = s.units[unitId];
  if (u === undefined) return null;
  const r = rollProblem(s, unitId, roll, u.owner);
  return 'dice' in r ? r.dice : null;
}

/** `rerollRoll` (issue 34; Core 2.2): re-roll a charge or run roll an ability lets the player re-roll. */
export function rerollRoll(c: Ctx, a: Extract<Action, { type: 'rerollRoll' }>): void {
  requireTurn(c);
  const s = c.s;
  const rule = a.roll === 'charge' ? 'Core 14.3' : 'Core 14.1';
  const u = friendlyUnit(c, a.player, a.unitId, rule);
  const r = rollProblem(s, a.unitId, a.roll, a.player);
  if ('reason' in r) reject(r.reason, r.rule);
  const src = rerollSource(s, c.port, a.unitId, a.roll);
  if (src === null) reject(`no ability lets ${a.player} re-roll ${a.roll} rolls for "${a.unitId}" now`, 'Core 2.2');
  const before = [...r.dice];
  let idx: number[];
  if (src.which === 'ones') {
    if (a.dice !== undefined) reject(`${src.name} re-rolls the dice showing 1: no dice to pick`, src.rule);
    idx = before.flatMap((d, i) => (d === 1 ? [i] : []));
    if (idx.length === 0) reject(`${src.name} re-rolls dice showing 1, and the ${a.roll} roll (${before.join(', ')}) has none`, src.rule);
  } else if (a.dice !== undefined) {
    idx = [...new Set(a.dice)].sort((x, y) => x - y);
    if (idx.length === 0 || idx.some((i) => i >= before.length)) reject(`pick dice of the ${a.roll} roll to re-roll: indices 0 to ${before.length - 1}`, 'Core 2.2');
  } else idx = before.map((_, i) => i);
  const again = rollLogged(c, idx.length, 6, `${a.roll}-reroll:${a.unitId}`, a.player);
  const dice = [...before];
  idx.forEach((i, k) => (dice[i] = again[k]));
  const sum = dice.reduce((x, y) => x + y, 0);
  // Core 2.2: modifiers after the re-roll (Core 27.0: set, then add; at least 0), as the roll was.
  const mod = modified(s, c.port, a.unitId, a.roll);
  const value = Math.max(0, (mod.set ?? sum) + mod.add);
  const pending = u.turn.pendingMove!;
  if (a.roll === 'charge') {
    const prior = u.turn.chargeRoll;
    u.turn.chargeRoll = value;
    u.turn.chargeRerolled = true;
    u.turn.pendingMove = { ...pending, maxInches: value };
    c.events.push({ type: 'chargeReroll', unitId: a.unitId, before: prior, beforeDice: before, dice, roll: value, rule: src.rule, ability: src.ability, name: src.name, which: src.which, rerolled: idx, ...(mod.rules.length > 0 ? { abilities: mod.rules } : {}) });
    ritualOfPrimalForce(c, a.unitId, value);
  } else {
    const prior = u.turn.runRoll as number;
    const maxInches = pending.maxInches - prior + value;
    u.turn.runRoll = value;
    u.turn.runRerolled = true;
    u.turn.pendingMove = { ...pending, maxInches };
    c.events.push({ type: 'runReroll', unitId: a.unitId, before: prior, beforeDice: before, dice, roll: value, maxInches, rule: src.rule, ability: src.ability, name: src.name, which: src.which, rerolled: idx, ...(mod.rules.length > 0 ? { abilities: mod.rules } : {}) });
  }
}
