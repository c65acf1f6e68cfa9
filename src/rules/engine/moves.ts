/**
 * Moves checked by geometry (Core 14.1, 14.3, 15.0-15.4; Commands 3.0): Normal Move, Run,
 * Retreat, Charge, Redeploy and pile-in. An action carries a plan-view path for each model that
 * moves (models not listed stay put); the engine asks the port for each path's cost, the
 * combat-range constraints along the way, and the end-of-move conditions (no overlap, coherency,
 * combat range rules) with the proposed positions synced.
 *
 * @module
 */

import { retreatWithoutDamage } from './ascension';
import type { Point2 } from './geometryPort';
import {
  aliveModels,
  enemyUnits,
  friendlyUnit,
  inCombat,
  mortalDamage,
  reject,
  requireTurn,
  rollLogged,
  syncPort,
  unitHasKeyword,
  unitMove,
  useCore,
  type Ctx,
} from './core';
import type { Action } from './state';
import { MOVE_RULES as RULE, type MoveKind } from './moveRules';
import { movePermitIndex, passThroughModels } from './abilityPermits';
import { makeFreeMove } from './abilityMove38';
import { checkMoveTarget, pathsFromHere, resolvePassedAcross } from './passedAcross40f';
import { retreatSparedBy } from './retreat38';
import { resourceTrigger } from './resourceTriggers38';
import { visibleNow } from '../abilities/hidden41e'; // session 41 (sh41e): Hidden Weapon Team

/** Tolerance on distances, inches. */
const EPS = 1e-6;
/** Charge end: within 1/2" of a visible enemy unit (Core 14.3). Measurement tolerance as the geometry's. */
const CHARGE_REACH = 0.5 + 0.001;

type Paths = Readonly<Record<string, readonly (readonly [number, number])[]>>;

/**
 * Check a move of `unitId` along `paths` and commit it to the working state (positions, port).
 * @param pileInTarget For a pile-in by a unit in combat: the target unit (Core 15.3).
 * @param allowed For Power Through (Commands 8.0): the enemy units whose combat ranges the move may
 *   pass through and end in (those in combat with the unit at the start of the move).
 * @param passModels Model ids the path may pass through besides the unit's own (an ability's move, session 38).
 */
export function makeMove(c: Ctx, unitId: string, paths: Paths, kind: MoveKind, maxInches: number, pileInTarget?: string, allowed: readonly string[] = [], passModels: readonly string[] = []): void {
  const s = c.s;
  const rule = RULE[kind];
  const owner = s.units[unitId].owner;
  const fly = unitHasKeyword(s, unitId, 'FLY');
  const alive = aliveModels(s, unitId).map((m) => m.id);
  const enemies = enemyUnits(c, owner);
  const order = alive.filter((id) => Object.prototype.hasOwnProperty.call(paths, id));
  for (const id of Object.keys(paths)) {
    if (!alive.includes(id)) reject(`model "${id}" is not a model of unit "${unitId}" on the battlefield`, 'Core 15.0');
  }
  // Full paths, starting at the model's position.
  const full: Record<string, Point2[]> = {};
  for (const id of order) {
    const pos = c.port.modelPosition(id);
    if (!pos) reject(`model "${id}" is not on the battlefield`, 'Core 15.0');
    const p = paths[id].map((q) => [q[0], q[1]] as const);
    if (p.length === 0) continue;
    if (p.some((q) => !Number.isFinite(q[0]) || !Number.isFinite(q[1]))) reject(`model "${id}": path points must be finite numbers`, 'Core 15.0');
    full[id] = Math.hypot(p[0][0] - pos[0], p[0][1] - pos[1]) > 0.01 ? [pos, ...p] : p;
  }
  const movers = Object.keys(full);
  // Path costs (Core 15.0: no part of the base moves farther than the maximum). An ability may let the
  // models pass through other models and low terrain (session 37, Longshanks); the end pose is checked below.
  const through = passThroughModels(c, unitId);
  // `passModels`: models an ability's own move may pass through ("models in enemy units", session 38, abilityMove38.ts).
  const ignoreModels = [...alive, ...(through ? through.models : []), ...passModels];
  for (const id of movers) {
    const r = c.port.movePathCost(id, full[id], { fly, ignoreModels, ...(through ? { passBelowInches: through.terrainBelow } : {}) });
    if (!r.ok) reject(`model "${id}": ${r.reason}`, r.rule);
    if (r.inches > maxInches + EPS) {
      reject(`model "${id}" would move ${r.inches.toFixed(2)}" but this move allows ${maxInches}"`, rule);
    }
  }
  // Combat ranges along the way (FLY ignores them while moving, Core 15.4).
  if (!fly && (kind === 'normal' || kind === 'run' || kind === 'redeploy' || kind === 'powerThrough')) {
    const others = kind === 'powerThrough' ? enemies.filter((e) => !allowed.includes(e)) : enemies;
    for (const id of movers) {
      if (c.port.pathEntersCombatRange(id, full[id], others, { visibility: kind === 'normal' || kind === 'run' })) {
        reject(
          kind === 'normal' || kind === 'run'
            ? `model "${id}" would move into combat during the move`
            : `model "${id}" would pass through the combat range of an enemy unit${kind === 'powerThrough' ? ' that was not in combat with it' : ''}`,
          rule,
        );
      }
    }
  }
  const combatAtStart = kind === 'pileIn' ? enemies.filter((e) => c.port.unitsInCombat(unitId, e)) : [];
  const before: Record<string, number> = {};
  if (kind === 'pileIn' && pileInTarget !== undefined) for (const id of movers) before[id] = c.port.distance(id, pileInTarget);
  // Propose the end positions.
  const positions = { ...s.positions };
  for (const id of movers) {
    const last = full[id][full[id].length - 1];
    positions[id] = [last[0], last[1]];
  }
  s.positions = positions;
  syncPort(c);
  const over = c.port.overlapping(unitId);
  if (over !== null) reject(`model "${over}" would end on or overlapping another model`, 'Core 15.0');
  const coh = c.port.coherent(unitId);
  if (!coh.coherent) reject(`unit "${unitId}" would not end in a single coherent group (${(coh.breaking ?? []).join(', ')})`, 'Core 15.1');
  switch (kind) {
    case 'normal':
    case 'run':
      if (inCombat(s, c.port, unitId)) reject(`unit "${unitId}" would end the move in combat`, fly ? 'Core 15.4' : 'Core 14.1');
      break;
    case 'retreat':
    case 'redeploy':
    case 'powerThrough': {
      const e = enemies.find((x) => !(kind === 'powerThrough' && allowed.includes(x)) && c.port.withinCombatRange(unitId, x));
      if (e !== undefined) reject(`unit "${unitId}" would end within the combat range of enemy unit "${e}"`, rule);
      break;
    }
    case 'charge': {
      let reached = enemies.filter((e) => c.port.distance(unitId, e) <= CHARGE_REACH && visibleNow(c.s, c.port, unitId, e));
      // Terrain 1.6: within 1/2" of a terrain feature an enemy unit is wholly on, ending in combat
      // with that enemy unit (the "not possible to reach them" precondition is not checked: T-37).
      if (reached.length === 0 && c.port.whollyOnTerrain) {
        const onTerrain = c.port.whollyOnTerrain.bind(c.port);
        reached = enemies.filter(
          (e) => c.port.unitsInCombat(unitId, e) && onTerrain(e).some((f) => c.port.distance(unitId, f) <= CHARGE_REACH),
        );
        if (reached.length > 0) c.events.push({ type: 'chargeOnTerrain', unitId, enemies: reached });
      }
      if (reached.length === 0) reject(`unit "${unitId}" must end the charge within 1/2" of a visible enemy unit`, rule);
      s.units[unitId].turn.charged = true;
      resourceTrigger(c, unitId, 'charged'); // "Each time this unit has charged ..." (session 38, resourceTriggers38.ts)
      c.events.push({ type: 'charged', unitId, reached });
      break;
    }
    case 'pileIn': {
      if (pileInTarget !== undefined) {
        for (const id of movers) {
          const after = c.port.distance(id, pileInTarget);
          if (after > before[id] + 1e-4) {
            reject(`model "${id}" would end further from "${pileInTarget}" (${after.toFixed(2)}" > ${before[id].toFixed(2)}")`, rule);
          }
        }
      }
      const lost = combatAtStart.find((e) => !c.port.unitsInCombat(unitId, e));
      if (lost !== undefined) reject(`unit "${unitId}" must still be in combat with "${lost}" after the pile-in`, rule);
      break;
    }
  }
  c.events.push({ type: 'moved', unitId, kind, models: movers, maxInches });
}

/** `move` action: the move of a Normal Move (declared here) or of a declared Run, Retreat, Charge or Redeploy. */
export function moveAction(c: Ctx, a: Extract<Action, { type: 'move' }>): void {
  requireTurn(c);
  const s = c.s;
  const rule = a.kind === 'ability' ? 'Core 15.0' : RULE[a.kind];
  const u = friendlyUnit(c, a.player, a.unitId, rule);
  const isActive = a.player === s.active;
  if (a.kind === 'normal') {
    // An ability's "as if it were your movement phase" (session 37): a permit for this phase, used up by the move.
    const permit = s.phase === 'movement' && isActive ? -1 : movePermitIndex(s, a.unitId, 'normal');
    if ((s.phase !== 'movement' || !isActive) && permit < 0) reject('Normal Move is used in your movement phase', rule);
    if (permit >= 0) s.effects = s.effects.filter((_, i) => i !== permit);
    if (u.turn.setUp) reject(`unit "${a.unitId}" was set up this turn and cannot use MOVE abilities in this movement phase`, 'Core 24.0');
    if (inCombat(s, c.port, a.unitId)) reject(`unit "${a.unitId}" is in combat and cannot make a Normal Move`, rule);
    useCore(c, a.unitId);
    makeMove(c, a.unitId, a.paths, 'normal', unitMove(c, a.unitId, a.player));
    return;
  }
  const pending = u.turn.pendingMove;
  if (a.kind === 'ability') {
    // An extra move an ability granted (abilityUse.ts), checked as the kind of move it is.
    if (pending === null || pending.kind !== 'ability') reject(`unit "${a.unitId}" has no move granted by an ability this phase`, 'Core 15.0');
    checkMoveTarget(pending, a.target, a.targets); // session 40 (sh40f); targets: session 41 (sh41d)
    const full = pending.passedAcross ? pathsFromHere(c, a.paths) : null;
    if (pending.as === 'free') makeFreeMove(c, a.unitId, a.paths, pending);
    else makeMove(c, a.unitId, a.paths, pending.as ?? 'normal', pending.maxInches);
    u.turn.pendingMove = null;
    if (full) resolvePassedAcross(c, a.player, a.unitId, full, pending, a.target, a.targets); // "Then, ... passed across during that move" 
    return;
  }
  if (pending === null || pending.kind !== a.kind) {
    reject(`unit "${a.unitId}" has not declared a ${a.kind} this phase (declare it first)`, rule);
  }
  const max = a.kind === 'charge' ? (u.turn.chargeRoll ?? 0) : pending.maxInches;
  makeMove(c, a.unitId, a.paths, a.kind, max, undefined, pending.allowed ?? []);
  u.turn.pendingMove = null;
}

/** `retreat` declaration (Core 14.1): D3 mortal damage on the unit, then a move up to Move. */
export function retreat(c: Ctx, a: Extract<Action, { type: 'retreat' }>): void {
  requireTurn(c);
  const s = c.s;
  const u = friendlyUnit(c, a.player, a.unitId, 'Core 14.1');
  const permit = s.phase === 'movement' && a.player === s.active ? -1 : movePermitIndex(s, a.unitId, 'retreat');
  if ((s.phase !== 'movement' || a.player !== s.active) && permit < 0) reject('Retreat is used in your movement phase', 'Core 14.1');
  const permitSpares = permit >= 0 && s.effects[permit].kind === 'retreatNowNoDamage'; // session 38 (retreat38.ts)
  if (permit >= 0) s.effects = s.effects.filter((_, i) => i !== permit);
  if (!inCombat(s, c.port, a.unitId)) reject(`unit "${a.unitId}" is not in combat and cannot Retreat`, 'Core 14.1');
  if (u.turn.setUp) reject(`unit "${a.unitId}" was set up this turn and cannot use MOVE abilities in this movement phase`, 'Core 24.0');
  useCore(c, a.unitId);
  u.turn.usedRetreat = true;
  // Path to Glory: Steel Discipline (Path of the Defender) and the Tactical Withdrawal twist: no mortal damage (ascension.ts).
  const spared = retreatWithoutDamage(s, a.unitId) ?? (permitSpares ? 'the ability that permitted this Retreat' : retreatSparedBy(c, a.unitId));
  if (spared) c.events.push({ type: 'retreat', unitId: a.unitId, mortal: 0, rule: spared });
  else {
    const [d3] = rollLogged(c, 1, 3, `retreat:${a.unitId}`, a.player);
    c.events.push({ type: 'retreat', unitId: a.unitId, mortal: d3 });
    mortalDamage(c, a.unitId, d3, `retreat:${a.unitId}`);
  }
  u.turn.pendingMove = { kind: 'retreat', maxInches: unitMove(c, a.unitId, a.player) };
}
