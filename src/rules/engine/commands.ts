/**
 * The declared MOVE abilities' rolls (Run, Charge, a random Move; Core 14.1, 14.3, 26.0), the
 * commands (Commands 2.0-8.0), spending rally points, and the damage and slain-model tools of the
 * players (Core 18.2-18.4): the actions `reduce.ts` dispatches here. Split from `reduce.ts` along
 * its concerns (behaviour unchanged).
 *
 * @module
 */

import { chargeDiceCount } from './chargeDice';
import { COMMANDS, type Action, type PlayerId } from './state';
import {
  afterDestroyed,
  aliveModels,
  allocatePoints,
  enemyUnit,
  enemyUnits,
  friendlyUnit,
  mortalDamage,
  inCombat,
  isAlive,
  payCommand,
  reject,
  requireTurn,
  rollLogged,
  rosterUnit,
  unitMove,
  useCore,
  type Ctx,
} from './core';
import { returnModels } from './returning';
import { coveringFire, reacted } from './attacks';
import { powerLevel, priestLevel } from './magic';
import { freeRedeploy, pathRallyBonus } from './pathAbilities';
import { rallyFree, ritualOfPrimalForce } from './ascension';
import { modified, permission } from '../abilities/passives';
import { redeployAtLeast } from '../abilities/passivePermissions';
import { resourceTrigger } from './resourceTriggers38';
import { rallyExtraPoints, rallyExtras } from './rally39';
import { noRunCheck } from './pointPicks40';
import { noteBloodRite41b } from './bloodRites41b';

// ---------------------------------------------------------------------------------------------
// Declared MOVE abilities (rolls only; the move itself is checked by the geometry layer)
// ---------------------------------------------------------------------------------------------

/**
 * `rollMove` (Core 26.0): pick a unit with a random Move to move, in your movement phase: its Move
 * is rolled now and shown, and every MOVE ability of the unit this turn uses that roll. Not a
 * MOVE ability itself (nothing moves; Normal Move, Run or Retreat follow).
 */
export function rollMove(c: Ctx, a: Extract<Action, { type: 'rollMove' }>): void {
  requireTurn(c);
  const s = c.s;
  const rule = 'Core 26.0';
  if (s.phase !== 'movement' || a.player !== s.active) reject('a unit is picked to move in your movement phase', rule);
  const u = friendlyUnit(c, a.player, a.unitId, rule);
  const m = rosterUnit(s, a.unitId).warscroll.move;
  if (typeof m === 'number') reject(`its Move is ${m}", not random: nothing to roll`, rule);
  if (u.turn.moveRoll !== undefined) reject(`its Move was already rolled this turn (${u.turn.moveRoll}")`, rule);
  unitMove(c, a.unitId, a.player);
}

export function run(c: Ctx, a: Extract<Action, { type: 'run' }>): void {
  requireTurn(c);
  const s = c.s;
  if (s.phase !== 'movement' || a.player !== s.active) reject('Run is used in your movement phase', 'Core 14.1');
  const u = friendlyUnit(c, a.player, a.unitId, 'Core 14.1');
  if (inCombat(s, c.port, a.unitId)) reject(`unit "${a.unitId}" is in combat and cannot Run`, 'Core 14.1');
  if (u.turn.setUp) reject(`unit "${a.unitId}" was set up this turn and cannot use MOVE abilities in this movement phase`, 'Core 24.0');
  noRunCheck(c, a.unitId); // session 40 (sh40d): "cannot use Run abilities" (pointPicks40.ts)
  useCore(c, a.unitId);
  const move = unitMove(c, a.unitId, a.player);
  u.turn.usedRun = true;
  resourceTrigger(c, a.unitId, 'run'); // "Each time it uses a Run ability" (session 38, resourceTriggers38.ts)
  if (a.atTheDouble === true) {
    payCommand(c, a.player, 'atTheDouble', a.unitId);
    s.effects.push({ kind: 'atTheDouble', unitId: a.unitId, until: 'endOfPhase' });
    u.turn.runRoll = null;
    u.turn.pendingMove = { kind: 'run', maxInches: move + 6 };
    c.events.push({ type: 'run', unitId: a.unitId, roll: null, maxInches: move + 6 });
  } else {
    const [roll] = rollLogged(c, 1, 6, `run:${a.unitId}`, a.player);
    // The abilities' run roll modifiers (abilities/passives.ts; Core 27.0: set, then add; at least 0).
    const mod = modified(s, c.port, a.unitId, 'run');
    const runRoll = Math.max(0, (mod.set ?? roll) + mod.add);
    u.turn.runRoll = runRoll;
    u.turn.pendingMove = { kind: 'run', maxInches: move + runRoll };
    c.events.push({ type: 'run', unitId: a.unitId, roll, maxInches: move + runRoll, ...(mod.rules.length > 0 ? { modifiedRoll: runRoll, abilities: mod.rules } : {}) });
  }
}

export function charge(c: Ctx, a: Extract<Action, { type: 'charge' }>): void {
  requireTurn(c);
  const s = c.s;
  if (s.phase !== 'charge' || a.player !== s.active) reject('Charge is used in your charge phase', 'Core 14.3');
  friendlyUnit(c, a.player, a.unitId, 'Core 14.3');
  declareCharge(c, a.player, a.unitId, () => {});
}

/** The CHARGE declaration (Core 14.3): checks, CORE use, then `pay` (Counter-charge), 2D6 charge roll. */
function declareCharge(c: Ctx, player: PlayerId, unitId: string, pay: () => void): void {
  const s = c.s;
  const u = s.units[unitId];
  // Core 29.0: an ability that lets the unit charge after a RUN / RETREAT ability (Battle Fury,
  // Path of the Attacker; `mayChargeAfter` effects) overrides the restriction; named in the event.
  const afterRun = u.turn.usedRun ? permission(s, c.port, unitId, 'chargeAfterRun') : null;
  const afterRetreat = u.turn.usedRetreat ? permission(s, c.port, unitId, 'chargeAfterRetreat') : null;
  if ((u.turn.usedRun && afterRun === null) || (u.turn.usedRetreat && afterRetreat === null)) reject(`unit "${unitId}" used a RUN or RETREAT ability this turn`, 'Core 14.3');
  if (inCombat(s, c.port, unitId)) reject(`unit "${unitId}" is in combat and cannot Charge`, 'Core 14.3');
  useCore(c, unitId);
  pay();
  // The number of dice (2D6, or 1-3 with the abilities' `chargeDice` effects, session 36).
  const count = chargeDiceCount(s, c.port, unitId);
  const dice = rollLogged(c, count.count, 6, `charge:${unitId}`, player);
  // The abilities' charge roll modifiers (abilities/passives.ts; Core 27.0: set, then add; at least 0).
  const mod = modified(s, c.port, unitId, 'charge');
  u.turn.chargeRoll = Math.max(0, (mod.set ?? dice.reduce((x, y) => x + y, 0)) + mod.add);
  u.turn.pendingMove = { kind: 'charge', maxInches: u.turn.chargeRoll };
  const granted = [afterRun, afterRetreat, ...count.rules, ...mod.rules].filter((x): x is string => x !== null);
  c.events.push({ type: 'chargeRoll', unitId, dice, roll: u.turn.chargeRoll, ...(granted.length > 0 ? { abilities: granted } : {}) });
  ritualOfPrimalForce(c, unitId, u.turn.chargeRoll);
}

// ---------------------------------------------------------------------------------------------
// Commands (Commands 2.0-8.0)
// ---------------------------------------------------------------------------------------------

export function command(c: Ctx, a: Extract<Action, { type: 'command' }>): void {
  requireTurn(c);
  const s = c.s;
  const rule = COMMANDS[a.command].rule;
  const u = friendlyUnit(c, a.player, a.unitId, rule);
  const isActive = a.player === s.active;
  if (s.pendingAttack !== null && a.command !== 'allOutAttack' && a.command !== 'allOutDefence') {
    reject('a reactions window is open: react or pass', 'Core 5.2');
  }
  if (a.target !== undefined && a.command !== 'coveringFire' && a.command !== 'powerThrough') reject(`${a.command} has no target to pick`, rule);
  switch (a.command) {
    case 'magicalIntervention': {
      // Commands 2.0: Enemy Hero Phase; a friendly WIZARD or PRIEST; one SPELL or PRAYER as if it
      // were your hero phase, -1 to that casting / chanting roll (magic.ts consumes the effect).
      if (s.phase !== 'hero' || isActive) reject('Magical Intervention is used in the enemy hero phase', rule);
      if (powerLevel(s, a.unitId) <= 0 && priestLevel(s, a.unitId) <= 0) reject(`unit "${a.unitId}" is not a WIZARD or PRIEST`, rule);
      payCommand(c, a.player, 'magicalIntervention', a.unitId);
      s.effects.push({ kind: 'magicalIntervention', unitId: a.unitId, until: 'endOfPhase' });
      return;
    }
    case 'coveringFire': {
      if (s.phase !== 'shooting' || isActive) reject('Covering Fire is used in the enemy shooting phase', rule);
      if (inCombat(s, c.port, a.unitId)) reject(`unit "${a.unitId}" is in combat`, rule);
      // 001 wording (INVENTORY §3.2 COVERINGFIRE_NO_RUN, newer): not a unit that used a RUN ability this turn.
      if (u.turn.usedRun) reject(`unit "${a.unitId}" used a RUN ability this turn`, rule);
      coveringFire(c, a.player, a.unitId, a.target, () => payCommand(c, a.player, 'coveringFire', a.unitId));
      return;
    }
    case 'counterCharge': {
      // Commands 5.0: Enemy Charge Phase, 2 CP, a friendly unit not in combat uses a CHARGE
      // ability as if it were your charge phase: declared here (charge roll), moved with `move`.
      if (s.phase !== 'charge' || isActive) reject('Counter-charge is used in the enemy charge phase', rule);
      if (inCombat(s, c.port, a.unitId)) reject(`unit "${a.unitId}" is in combat`, rule);
      declareCharge(c, a.player, a.unitId, () => payCommand(c, a.player, 'counterCharge', a.unitId));
      return;
    }
    case 'powerThrough': {
      // Commands 8.0: End of Any Turn; a friendly unit that charged this turn; an enemy unit in
      // combat with it with a lower Health characteristic; D3 mortal damage, then a move up to Move.
      if (s.phase !== 'endOfTurn') reject('Power Through is used at the end of any turn', rule);
      if (!u.turn.charged) reject(`unit "${a.unitId}" did not charge this turn`, rule);
      if (a.target === undefined) reject('pick an enemy unit in combat with it as the target', rule);
      enemyUnit(c, a.player, a.target, rule);
      if (!c.port.unitsInCombat(a.unitId, a.target)) reject(`"${a.target}" is not in combat with "${a.unitId}"`, rule);
      const hUser = rosterUnit(s, a.unitId).warscroll.health;
      const hTarget = rosterUnit(s, a.target).warscroll.health;
      if (!(hTarget < hUser)) reject(`the target's Health (${hTarget}) must be lower than the unit's (${hUser})`, rule);
      payCommand(c, a.player, 'powerThrough', a.unitId);
      const [d3] = rollLogged(c, 1, 3, `powerThrough:${a.unitId}`, a.player);
      mortalDamage(c, a.target, d3, `powerThrough:${a.unitId}`);
      const allowed = enemyUnits(c, a.player).filter((e) => c.port.unitsInCombat(a.unitId, e));
      u.turn.pendingMove = { kind: 'powerThrough', maxInches: unitMove(c, a.unitId, a.player), allowed };
      c.events.push({ type: 'powerThrough', unitId: a.unitId, target: a.target, mortal: d3, maxInches: u.turn.pendingMove.maxInches, allowed });
      return;
    }
    case 'rally': {
      if (s.phase !== 'hero') reject('Rally is used in any hero phase', rule);
      if (inCombat(s, c.port, a.unitId)) reject(`unit "${a.unitId}" is in combat`, rule);
      // Hold the Line (Ascension › The Ambush twist): no command points are spent.
      payCommand(c, a.player, 'rally', a.unitId, rallyFree(s, a.player) ?? undefined);
      const musician = aliveModels(s, a.unitId).some((m) => m.musician === true);
      // Abilities' additional rally rolls and points (`rallyExtra`, rally39.ts: Icon of Slaughter, Iron-fisted
      // Commander, Call to Battle ...; one vocabulary since session 40).
      const extra = rallyExtras(c, a.unitId);
      const dice = rollLogged(c, (musician ? 7 : 6) + extra.rolls, 6, `rally:${a.unitId}`, a.player);
      // Rousing Orator (Ascension › Path of the Leader): +1 to the rally rolls.
      const bonus = pathRallyBonus(c, a.unitId);
      const extraPoints = rallyExtraPoints(c, a.unitId, extra.points, a.player);
      const points = dice.filter((d) => d + bonus >= 4).length + extraPoints;
      c.events.push({ type: 'rallyRolls', unitId: a.unitId, dice, points, musician, ...(bonus ? { modifier: bonus } : {}), ...(extra.rules.length ? { extraRolls: extra.rolls, extraPoints, abilities: extra.rules } : {}) });
      if (points > 0) s.pendingRally = { unitId: a.unitId, points };
      return;
    }
    case 'redeploy': {
      if (s.phase !== 'movement' || isActive) reject('Redeploy is used in the enemy movement phase', rule);
      if (inCombat(s, c.port, a.unitId)) reject(`unit "${a.unitId}" is in combat`, rule);
      if (u.turn.setUp) reject(`unit "${a.unitId}" was set up this turn and cannot use MOVE abilities in this movement phase`, 'Core 24.0');
      noRunCheck(c, a.unitId); // session 40 (sh40d): Redeploy is a RUN ability (INVENTORY I-1)
      // Tactical Acumen (Ascension › Path of the Leader): this Redeploy spends no command points.
      if (freeRedeploy(c, a.unitId)) payCommand(c, a.player, 'redeploy', a.unitId, 'Ascension › Path of the Leader › Tactical Acumen');
      else payCommand(c, a.player, 'redeploy', a.unitId);
      const [roll] = rollLogged(c, 1, 6, `redeploy:${a.unitId}`, a.player);
      // "If you roll a 1-3 ..., you can use a value of 4 instead" (session 37, Outmanoeuvre): the larger value is taken.
      const least = redeployAtLeast(s, c.port, a.unitId);
      const inches = least !== null && roll < least.value ? least.value : roll;
      u.turn.redeployRoll = inches;
      u.turn.pendingMove = { kind: 'redeploy', maxInches: inches };
      u.turn.usedRun = true; // Redeploy has the RUN keyword (INVENTORY I-1).
      resourceTrigger(c, a.unitId, 'run');
      c.events.push({ type: 'redeploy', unitId: a.unitId, roll, maxInches: inches, ...(inches !== roll ? { rule: least!.rule } : {}) });
      return;
    }
    case 'forwardToVictory': {
      if (s.phase !== 'charge' || u.turn.chargeRoll === null) {
        reject(`unit "${a.unitId}" has not declared a CHARGE ability this phase`, rule);
      }
      // Commands 5.0 "Reaction: You declared a CHARGE ability" — "You can re-roll the charge roll":
      // the charge roll is re-rolled before the charge move; once the move is made it is too late.
      if (u.turn.pendingMove?.kind !== 'charge') reject(`unit "${a.unitId}" has already made its charge move`, rule);
      if (u.turn.chargeRerolled === true) reject('this charge roll was already re-rolled: a dice cannot be re-rolled more than once', 'Core 2.2');
      payCommand(c, a.player, 'forwardToVictory', a.unitId);
      // The same number of dice as the charge roll (session 36 `chargeDice` effects; 2 otherwise).
      const dice = rollLogged(c, chargeDiceCount(s, c.port, a.unitId).count, 6, `charge-reroll:${a.unitId}`, a.player);
      const before = u.turn.chargeRoll;
      u.turn.chargeRoll = dice.reduce((x, y) => x + y, 0);
      // The declared charge move is made with the new roll (the move checks `chargeRoll`; the
      // pending move is what the page, the options and the policy read: keep them the same).
      u.turn.pendingMove = { kind: 'charge', maxInches: u.turn.chargeRoll };
      c.events.push({ type: 'chargeReroll', unitId: a.unitId, before, dice, roll: u.turn.chargeRoll });
      ritualOfPrimalForce(c, a.unitId, u.turn.chargeRoll);
      return;
    }
    case 'allOutAttack': {
      const p = s.pendingAttack;
      if (!p || p.player !== a.player || p.unitId !== a.unitId) {
        reject(`All-out Attack reacts to an ATTACK ability declared by "${a.unitId}" (Reaction: You declared an ATTACK ability)`, rule);
      }
      if (p.toReact !== a.player) reject(`${p.toReact} reacts or passes first`, 'Core 5.2');
      payCommand(c, a.player, 'allOutAttack', a.unitId);
      s.effects.push({ kind: 'allOutAttack', unitId: a.unitId, until: 'endOfPhase' });
      reacted(c, a.player);
      return;
    }
    case 'allOutDefence': {
      const p = s.pendingAttack;
      if (!p || p.player === a.player || !p.assignments.some((x) => x.target === a.unitId)) {
        reject(`All-out Defence reacts to an enemy ATTACK ability that targets "${a.unitId}"`, rule);
      }
      if (p.toReact !== a.player) reject(`${p.toReact} reacts or passes first`, 'Core 5.2');
      payCommand(c, a.player, 'allOutDefence', a.unitId);
      s.effects.push({ kind: 'allOutDefence', unitId: a.unitId, until: 'endOfPhase' });
      reacted(c, a.player);
      return;
    }
  }
}

/**
 * `spendRally` (Commands 2.0): Heal (1) per point, Health points per returned model; the returned
 * models are set up by Core 22.0 — "in coherency with the models in their unit that were not
 * returned", and "only ... in combat with an enemy unit if their unit is already in combat with
 * it". The player gives `positions` (which slain models return, and where); without them (saved
 * games from before) the most recently slain models return where they were removed, and that
 * set-up is checked the same way.
 */
export function spendRally(c: Ctx, a: Extract<Action, { type: 'spendRally' }>): void {
  const s = c.s;
  const pending = s.pendingRally;
  if (pending === null) reject('there are no rally points to spend', 'Commands 2.0');
  const u = s.units[pending.unitId];
  if (u.owner !== a.player) reject(`the rally points belong to ${u.owner}`, 'Commands 2.0');
  const health = rosterUnit(s, u.id).warscroll.health;
  const cost = a.heal + a.returnModels * health;
  if (cost > pending.points) {
    reject(`spending ${a.heal} + ${a.returnModels}×${health} = ${cost} rally points, only ${pending.points} rolled`, 'Commands 2.0');
  }
  if (a.returnModels > u.slain.length) reject(`unit "${u.id}" has only ${u.slain.length} slain models`, 'Commands 2.0');
  let returned: string[];
  if (a.positions !== undefined) {
    const ids = Object.keys(a.positions);
    for (const id of ids) if (!u.slain.includes(id)) reject(`"${id}" is not a slain model of unit "${u.id}"`, 'Core 22.0');
    if (ids.length !== a.returnModels) reject(`give a position for each of the ${a.returnModels} returned models (${ids.length} given)`, 'Core 22.0');
    returned = u.slain.filter((id) => ids.includes(id));
  } else {
    returned = u.slain.slice(u.slain.length - a.returnModels);
  }
  if (returned.length > 0) returnModels(c, u.id, returned, a.positions);
  const healed = Math.min(a.heal, u.damage);
  u.damage -= healed;
  s.pendingRally = null;
  c.events.push({ type: 'rallied', unitId: u.id, healed, returned, lost: pending.points - cost, ...(returned.length > 0 ? { positions: Object.fromEntries(returned.map((id) => [id, c.port.modelPosition(id)])) } : {}) });
}

export function allocateDamage(c: Ctx, a: Extract<Action, { type: 'allocateDamage' }>): void {
  requireTurn(c);
  const u = friendlyUnit(c, a.player, a.unitId, 'Core 18.4');
  const r = allocatePoints(c, u.id, a.points);
  c.events.push({ type: 'damageAllocated', unitId: u.id, points: a.points, slain: r.slain, damage: u.damage });
  if (!isAlive(c.s, u.id)) {
    c.events.push({ type: 'unitDestroyed', unitId: u.id });
    noteBloodRite41b(c, u.id, 'allocateDamage'); // session 41 (sh41b): bloodRites41b.ts
    afterDestroyed(c, u.id);
  }
}

export function setSlainPriority(c: Ctx, a: Extract<Action, { type: 'setSlainPriority' }>): void {
  const u = friendlyUnit(c, a.player, a.unitId, 'Core 18.3');
  const alive = aliveModels(c.s, u.id).map((m) => m.id);
  for (const id of a.modelIds) if (!alive.includes(id)) reject(`"${id}" is not a model of "${u.id}" on the battlefield`, 'Core 18.3');
  if (new Set(a.modelIds).size !== a.modelIds.length) reject('each model once', 'Core 18.3');
  u.slainPriority = [...a.modelIds];
  c.events.push({ type: 'slainPriority', unitId: u.id, modelIds: u.slainPriority });
}
