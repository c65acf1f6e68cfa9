/**
 * The per-turn unit history the abilities read (issue 34, session 37): what a unit did this turn
 * that an ability's condition hangs on, beyond the flags the core keeps (`charged`, `fought`,
 * `setUp`, `usedRun`, `usedRetreat`):
 *
 * - `usedMove`: the unit used a MOVE ability this turn (Core 5.1 keywords: Normal Move, Run, Retreat,
 *   Charge, Redeploy, Power Through; At the Double is a Run). "If this unit has not used a Move ability
 *   this turn and was not set up this turn, add 1 to hit rolls ..." (Pick 'Em Off).
 * - `combatDamaged`: the enemy units that damage points were allocated to (Core 18.0) by the unit's
 *   combat attacks (a FIGHT ability's attacks) this turn. "If any damage points were allocated to an
 *   enemy unit by this unit's combat attacks this turn and that enemy unit has been destroyed, ..."
 *   (Strength From Victory, Heads on Pikes, Evocation of Death).
 * - `combatSlew` (session 38, ab38b): models of such an enemy unit were slain in that damage sequence. "If any enemy
 *   models were slain this turn by this unit's combat attacks, give this unit D3 ritual points" (Rhythm of Destruction).
 *
 * Both live in `UnitState.turn`, so they are reset at the start of each turn (`freshTurnFlags`),
 * saved with the game and covered by the state hash like every other field; they are written by the
 * reducer only (deterministic, no dice). Recorded only in games whose armies have an ability that
 * reads them (cached per roster), so games without such an ability keep their state and hash as
 * before (the same rule as `reactionWindows.ts`).
 *
 * @module
 */

import { isAlive, type Ctx } from './core';
import { heal } from './pathAbilities';
import { effectsOn } from '../abilities/passives';
import type { AbilityEffect } from '../abilities/schema';
import type { Action, GameState } from './state';
import { armyAbilities } from '../abilities/catalog';

/** Texts that read the history: the phrases of the fixture rosters' abilities. */
const READS_HISTORY = /used a \W*move\W* ability this turn|by this unit's combat attacks this turn|slain this turn by this unit's combat attacks|allocated to it this (?:turn|phase) by|slain this phase by this unit's shooting attacks|targeted by all this unit's shooting attacks|slain by this unit's attacks this turn|target of all of their shooting attacks this turn|by a friendly anointed unit.s combat attacks/i; // the last three: session 39 (sh39d), attackHistory39.ts; "anointed": session 41 (sh41b), Blood Rites (bloodRites41b.ts)

const needs = new WeakMap<object, boolean>();

/** Does either army have an ability whose Timing, Declare or Effect reads the history (cached per roster)? */
export function historyNeeded(s: GameState): boolean {
  for (const p of ['p1', 'p2'] as const) {
    const r = s.players[p].roster;
    let has = needs.get(r);
    if (has === undefined) {
      const texts = (abs: readonly { timing: { reaction?: string }; declare: string | null; effect: string; resolves?: unknown }[]) => abs.some((a) => (READS_HISTORY.test(`${a.timing.reaction ?? ''} ${a.declare ?? ''} ${a.effect}`) || JSON.stringify(a.resolves ?? null).includes('usedMove')));
      has = texts(armyAbilities(s, p)) || r.units.some((u) => texts((u.warscroll.abilities as Parameters<typeof texts>[0] | undefined) ?? []));
      needs.set(r, has);
    }
    if (has) return true;
  }
  return false;
}

/** The move kinds (`move` action) that are MOVE abilities (Core 14.2, 14.3, Commands 3.0, 8.0); `pileIn` (part of Fight) and an ability's extra move are not. */
const MOVE_ABILITY_KINDS = new Set(['normal', 'run', 'retreat', 'charge', 'redeploy', 'powerThrough']);
/** The declarations of MOVE abilities resolved by their own action (Core 14.2, 14.3) or a command (Commands 3.0 Redeploy, 8.0 Power Through). */
const MOVE_COMMANDS = new Set(['redeploy', 'powerThrough']);

/**
 * After an accepted action (`reduce.ts`): a unit that declared a MOVE ability (a Run, Retreat or Charge
 * declared, a Normal Move made, a Redeploy or Power Through command) has used a Move ability this turn
 * (a charge that fails is still a Charge ability used, Core 14.3).
 */
export function noteUnitHistory(c: Ctx, a: Action): void {
  const s = c.s;
  if (s.stage !== 'turn' || !historyNeeded(s)) return;
  let unitId: string | undefined;
  if (a.type === 'run' || a.type === 'retreat' || a.type === 'charge') unitId = a.unitId;
  else if (a.type === 'move' && MOVE_ABILITY_KINDS.has(a.kind)) unitId = a.unitId;
  else if (a.type === 'command' && MOVE_COMMANDS.has(a.command)) unitId = a.unitId;
  if (unitId === undefined || !Object.prototype.hasOwnProperty.call(s.units, unitId)) return;
  const u = s.units[unitId];
  if (u.turn.usedMove !== true) u.turn = { ...u.turn, usedMove: true };
}

/**
 * After the damage sequence of a FIGHT ability's attacks on `target` (`attacks.ts` `resolveAttacks`):
 * `allocated` damage points were allocated to it (Core 18.0), so `attacker`'s combat attacks allocated
 * damage to that enemy unit this turn.
 */
export function noteCombatDamage(c: Ctx, attacker: string, target: string, allocated: number, slain = 0): void {
  const s = c.s;
  if (allocated <= 0 || !historyNeeded(s)) return;
  const u = s.units[attacker];
  const before = u.turn.combatDamaged ?? [];
  if (!before.includes(target)) u.turn = { ...u.turn, combatDamaged: [...before, target] };
  // Session 38 (ab38b): models of the enemy unit slain by them ("If any enemy models were slain this turn by this unit's combat attacks").
  if (slain > 0 && u.turn.combatSlew !== true) u.turn = { ...u.turn, combatSlew: true };
}

/** `effectsOn`'s `only` filter for {@link healAfterFight} (a module constant: `passives.ts` caches by the function). */
const HEAL_ALLOCATED = (e: AbilityEffect) => 'healAllocated' in e;

/**
 * After a FIGHT ability of `unitId` has been resolved (`attacks.ts`): the effects `healAllocated: "fight"`
 * on it ("Stolen Hours": "Heal (X) this unit, where X is the number of damage points allocated to enemy
 * units by combat attacks made as part of that Fight ability") heal it by `allocated` (Core 18.0: the damage
 * points allocated, after ward rolls). A delayed effect (Core 30.0); each ability once (Core 5.3).
 */
export function healAfterFight(c: Ctx, unitId: string, allocated: number): void {
  if (allocated <= 0 || !isAlive(c.s, unitId)) return;
  const seen = new Set<string>();
  for (const a of effectsOn(c.s, c.port, unitId, {}, HEAL_ALLOCATED)) {
    if (!('healAllocated' in a.effect) || seen.has(a.name)) continue;
    seen.add(a.name);
    c.events.push({ type: 'abilityEffect', player: a.player, unitId, ability: a.ability, name: a.name, rule: a.rule, effect: a.effect, units: [unitId], allocated });
    heal(c, unitId, allocated, a.rule);
  }
}
