/**
 * The deployment phase (Core 10.0-10.1) and setting up units (Core 24.0).
 *
 * Only when the setup asks for it (`createGame({deployment, territories})`): every unit starts
 * `undeployed` (off the battlefield: its models are `removed` in the port view) and the game
 * starts in `stage: 'deployment'`:
 *
 * - **Step 1** (Core 10.0): DEPLOY TERRAIN — the player who begins deployment deploys their faction
 *   terrain features ({@link deployTerrain}), then the opponent. Skipped when nobody has any.
 * - **Step 2**: the players alternate DEPLOY abilities, starting with the player who begins
 *   deployment: Deploy Unit ({@link deployUnit}) and Deploy Regiment ({@link deployRegiment}, after
 *   which the same player keeps deploying that regiment's units without alternating). Once a
 *   player has no more DEPLOY abilities (every unit deployed, or {@link endDeployment}), the
 *   opponent continues alone.
 * - **Step 3**: no universal Deployment Phase abilities exist besides DEPLOY ones, so the phase
 *   ends; the player who finished setting up their army first decides the first turn (Core 12.0).
 *
 * @module
 */

import { inCombat, reject, requireTurn, rosterUnit, syncPort, type Ctx } from './core';
import { raiseTheAlarm } from './ascension';
import { recordReserveSetUp } from './setUpBy40';
import { opponentOf, type Action, type DeploymentState, type PlayerId } from './state';
import { noteBloodRite41b } from './bloodRites41b';

/** "More than X"" = not within X" (Core 2.1.1); the geometry's tolerance. */
const EPS = 0.001;
/** Deploy Unit: more than 9" from enemy territory (Core 10.1). */
export const DEPLOY_GAP_INCHES = 9;
/** Deploy Faction Terrain: more than 3" from all objectives and other terrain features (Core 10.1). */
export const TERRAIN_GAP_INCHES = 3;

type Positions = Readonly<Record<string, readonly [number, number]>>;

/**
 * Set up every model of a unit at `positions` (Core 24.0: all models, or the ability cannot be
 * used): the positions are written to the working state and synced, then each model's pose is
 * checked with the port (inside the battlefield, not on Impassable terrain nor an Unstable feature
 * above 1", not on another model — a zero-length `movePathCost`), no overlap (Core 15.0) and
 * coherency (Core 15.1). The caller clears the unit's `status` first and checks the ability's own
 * constraints afterwards (the port shows the proposed set-up).
 */
export function setUpUnit(c: Ctx, unitId: string, positions: Positions): void {
  const s = c.s;
  const ids = rosterUnit(s, unitId).models.map((m) => m.id).filter((id) => !s.units[unitId].slain.includes(id));
  for (const id of Object.keys(positions)) if (!ids.includes(id)) reject(`"${id}" is not a model of unit "${unitId}" to set up`, 'Core 24.0');
  const missing = ids.filter((id) => !Object.prototype.hasOwnProperty.call(positions, id));
  if (missing.length > 0) reject(`set up every model of the unit (missing: ${missing.join(', ')})`, 'Core 24.0');
  const next = { ...s.positions };
  for (const id of ids) {
    const p = positions[id];
    if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) reject(`model "${id}": coordinates must be finite numbers`, 'Core 24.0');
    next[id] = [p[0], p[1]];
  }
  s.positions = next;
  syncPort(c);
  for (const id of ids) {
    const r = c.port.movePathCost(id, [next[id]], { fly: false, ignoreModels: ids });
    if (!r.ok) reject(`model "${id}" cannot be set up there: ${r.reason}`, 'Core 24.0');
  }
  const over = c.port.overlapping(unitId);
  if (over !== null) reject(`model "${over}" would be set up on or overlapping another model`, 'Core 24.0');
  const coh = c.port.coherent(unitId);
  if (!coh.coherent) reject(`unit "${unitId}" would not be set up in a single coherent group (${(coh.breaking ?? []).join(', ')})`, 'Core 15.1');
}

function deploymentOf(c: Ctx, player: PlayerId, step: 'terrain' | 'units'): DeploymentState {
  const s = c.s;
  const d = s.deployment;
  if (s.stage !== 'deployment' || d === null) reject('there is no deployment phase now', 'Core 10.0');
  if (d.step !== step) {
    reject(step === 'terrain' ? 'faction terrain is deployed in step 1 of the deployment phase, which is over' : 'step 1 (DEPLOY TERRAIN abilities) is not finished', 'Core 10.0');
  }
  if (player !== d.toDeploy) reject(`${d.toDeploy} uses the next DEPLOY ${step === 'terrain' ? 'TERRAIN ' : ''}ability (Core 10.0 order)`, 'Core 10.0');
  return d;
}

function territoryOf(c: Ctx, p: PlayerId): string {
  const t = c.s.territories;
  if (t === null) reject('no territories were assigned in the setup', 'Core 9.1.2');
  return t[p];
}

/** Undeployed units (not manifestations) of a player. */
function undeployed(c: Ctx, p: PlayerId): string[] {
  return Object.values(c.s.units)
    .filter((u) => u.owner === p && u.status === 'undeployed')
    .map((u) => u.id);
}

/** Step 1 → next player or step 2. */
function advanceTerrain(c: Ctx, d: DeploymentState): void {
  const first = d.beginsDeployment;
  const second = opponentOf(first);
  for (const p of [first, second]) if (d.factionTerrain[p].length === 0) d.done[p] = true;
  if (!d.done[first]) d.toDeploy = first;
  else if (!d.done[second]) d.toDeploy = second;
  else {
    d.step = 'units';
    d.done = { p1: false, p2: false };
    d.toDeploy = first;
    c.events.push({ type: 'deploymentStep', step: 'units' });
  }
}

/** After a DEPLOY ability (or an end) by `player` in step 2: who goes next (Core 10.0), or the end of the phase. */
function advanceUnits(c: Ctx, d: DeploymentState, player: PlayerId): void {
  if (d.regiment !== null && d.regiment.player === player) {
    d.toDeploy = player;
    return;
  }
  for (const p of [player, opponentOf(player)]) {
    if (!d.done[p] && undeployed(c, p).length === 0) finish(c, d, p);
  }
  const other = opponentOf(player);
  if (!d.done[other]) d.toDeploy = other;
  else if (!d.done[player]) d.toDeploy = player;
  else endOfDeployment(c, d);
}

function finish(c: Ctx, d: DeploymentState, p: PlayerId): void {
  d.done[p] = true;
  if (d.finishedFirst === null) d.finishedFirst = p;
  c.events.push({ type: 'deploymentFinished', player: p, first: d.finishedFirst === p, undeployed: undeployed(c, p) });
}

/** Step 3 (no universal abilities) and the end of the phase: the first battle round waits for the first-turn choice. */
function endOfDeployment(c: Ctx, d: DeploymentState): void {
  const s = c.s;
  d.step = 'done';
  d.regiment = null;
  s.stage = 'firstTurn';
  s.decider = d.finishedFirst ?? d.beginsDeployment;
  c.events.push({ type: 'deploymentEnded', decider: s.decider });
}

/**
 * `deployTerrain` — DEPLOY FACTION TERRAIN (Core 10.1), step 1: the feature stands where the
 * battlefield places it; it must be wholly within friendly territory and more than 3" from every
 * objective and every other terrain feature (faction features not deployed yet excluded).
 */
export function deployTerrain(c: Ctx, a: Extract<Action, { type: 'deployTerrain' }>): void {
  const rule = 'Core 10.1';
  const d = deploymentOf(c, a.player, 'terrain');
  if (!d.factionTerrain[a.player].includes(a.terrainId)) reject(`"${a.terrainId}" is not a friendly faction terrain feature that has not been deployed`, rule);
  const all = c.port.terrainFeatures();
  if (!all.includes(a.terrainId)) reject(`the battlefield has no terrain feature "${a.terrainId}"`, rule);
  if (!c.port.whollyWithinTerritory(a.terrainId, territoryOf(c, a.player))) reject(`"${a.terrainId}" is not wholly within friendly territory`, rule);
  for (const o of c.s.battleplan.objectives) {
    if (c.port.distance(a.terrainId, o) <= TERRAIN_GAP_INCHES + EPS) reject(`"${a.terrainId}" is within 3" of objective "${o}"`, rule);
  }
  const pending = new Set([...d.factionTerrain.p1, ...d.factionTerrain.p2]);
  for (const f of all) {
    if (f === a.terrainId || pending.has(f)) continue;
    if (c.port.distance(a.terrainId, f) <= TERRAIN_GAP_INCHES + EPS) reject(`"${a.terrainId}" is within 3" of terrain feature "${f}"`, rule);
  }
  d.factionTerrain[a.player] = d.factionTerrain[a.player].filter((t) => t !== a.terrainId);
  d.terrainDeployed.push(a.terrainId);
  c.events.push({ type: 'terrainDeployed', player: a.player, terrainId: a.terrainId });
  advanceTerrain(c, d);
}

/**
 * `deployRegiment` — DEPLOY REGIMENT (Core 10.1): pick a regiment (by its leader) none of whose
 * units has been deployed; the player then keeps using Deploy Unit, without alternating, on that
 * regiment's units only, until all are deployed.
 */
export function deployRegiment(c: Ctx, a: Extract<Action, { type: 'deployRegiment' }>): void {
  const rule = 'Core 10.1';
  const d = deploymentOf(c, a.player, 'units');
  if (d.regiment !== null) reject(`finish deploying the regiment of "${d.regiment.leader}" first`, rule);
  const reg = c.s.players[a.player].roster.regiments.find((r) => r.leader === a.leader);
  if (!reg) reject(`${a.player} has no regiment led by "${a.leader}"`, rule);
  // Units placed in reserve (Core 24.1) are not deployed with their regiment.
  const ids = [reg.leader, ...reg.units].filter((id) => c.s.units[id].status !== 'reserve');
  const done = ids.filter((id) => c.s.units[id].status !== 'undeployed');
  if (done.length > 0) reject(`units of that regiment have already been deployed (${done.join(', ')})`, rule);
  d.regiment = { player: a.player, leader: a.leader, left: ids };
  c.events.push({ type: 'regimentDeclared', player: a.player, leader: a.leader, units: ids });
}

/**
 * `deployUnit` — DEPLOY UNIT (Core 10.1): set up an undeployed friendly unit (every model,
 * Core 24.0) wholly within friendly territory and more than 9" from enemy territory.
 */
export function deployUnit(c: Ctx, a: Extract<Action, { type: 'deployUnit' }>): void {
  const rule = 'Core 10.1';
  const s = c.s;
  const d = deploymentOf(c, a.player, 'units');
  const u = Object.prototype.hasOwnProperty.call(s.units, a.unitId) ? s.units[a.unitId] : undefined;
  if (!u || u.manifestation !== undefined) reject(`unknown unit "${a.unitId}"`, rule);
  if (u.owner !== a.player) reject(`unit "${a.unitId}" is not ${a.player}'s`, rule);
  if (u.status !== 'undeployed') reject(`unit "${a.unitId}" has already been deployed`, rule);
  if (d.regiment !== null && !d.regiment.left.includes(a.unitId)) {
    reject(`while deploying the regiment of "${d.regiment.leader}" only its units can be picked`, rule);
  }
  delete u.status;
  setUpUnit(c, a.unitId, a.positions);
  if (!c.port.whollyWithinTerritory(a.unitId, territoryOf(c, a.player))) reject(`unit "${a.unitId}" is not wholly within friendly territory`, rule);
  if (c.port.withinTerritory(a.unitId, territoryOf(c, opponentOf(a.player)), DEPLOY_GAP_INCHES)) {
    reject(`unit "${a.unitId}" is not more than 9" from enemy territory`, rule);
  }
  c.events.push({ type: 'unitDeployed', player: a.player, unitId: a.unitId, regiment: d.regiment?.leader ?? null });
  if (d.regiment !== null) {
    d.regiment.left = d.regiment.left.filter((id) => id !== a.unitId);
    if (d.regiment.left.length === 0) d.regiment = null;
  }
  advanceUnits(c, d, a.player);
}

/**
 * `endDeployment`: the player to deploy declares they have no more DEPLOY (TERRAIN) abilities to
 * use in this step. In step 2 their remaining units stay off the battlefield for the battle (not
 * destroyed; Core 24.0: a set-up that is impossible cannot be used), and an unfinished regiment
 * is abandoned.
 */
export function endDeployment(c: Ctx, a: Extract<Action, { type: 'endDeployment' }>): void {
  const s = c.s;
  const d = s.deployment;
  if (s.stage !== 'deployment' || d === null) reject('there is no deployment phase now', 'Core 10.0');
  if (a.player !== d.toDeploy) reject(`${d.toDeploy} uses the next DEPLOY ability (Core 10.0 order)`, 'Core 10.0');
  if (d.step === 'terrain') {
    c.events.push({ type: 'terrainDeploymentEnded', player: a.player, undeployed: [...d.factionTerrain[a.player]] });
    d.done[a.player] = true;
    d.factionTerrain[a.player] = [];
    advanceTerrain(c, d);
    return;
  }
  d.regiment = null;
  finish(c, d, a.player);
  advanceUnits(c, d, a.player);
}

/**
 * `setUpReserve` — set up a unit placed in reserve (Core 24.1) in your movement phase of battle
 * rounds 1-3: every model (Core 24.0 set-up checks: pose, overlap, coherency). The faction
 * ability that put it in reserve says where it may be set up; those constraints are not modelled.
 * The unit counts as set up this turn: no MOVE abilities in this movement phase (Core 24.0), but
 * it may Charge in the charge phase (worked example T-48).
 */
export function setUpReserve(c: Ctx, a: Extract<Action, { type: 'setUpReserve' }>): void {
  requireTurn(c);
  const rule = 'Core 24.1';
  const s = c.s;
  if (s.phase !== 'movement' || a.player !== s.active) reject('units are set up from reserve in your movement phase', rule);
  const u = Object.prototype.hasOwnProperty.call(s.units, a.unitId) ? s.units[a.unitId] : undefined;
  if (!u || u.owner !== a.player || u.status !== 'reserve') reject(`"${a.unitId}" is not a friendly unit in reserve`, rule);
  // Wreck and Ruin: the defender's reinforcements arrive with Raise the Alarm (ascension.ts).
  if (s.battleplan.ascension?.id === 'wreck-and-ruin' && !raiseTheAlarm(c, a.unitId, a.positions)) return;
  delete u.status;
  setUpUnit(c, a.unitId, a.positions);
  recordReserveSetUp(s, a.unitId); // turn.setUp, and the ability that set it up (session 40, setUpBy40.ts)
  if (s.battleplan.ascension?.id === 'wreck-and-ruin' && inCombat(s, c.port, a.unitId)) reject('a unit raising the alarm is set up not in combat', 'Ascension › Wreck and Ruin › Reinforcements');
  c.events.push({ type: 'reserveSetUp', player: a.player, unitId: a.unitId });
}

/** Core 24.1: at the start of the fourth battle round, every unit still in reserve is destroyed. */
export function destroyReserves(c: Ctx): void {
  for (const u of Object.values(c.s.units)) {
    if (u.status !== 'reserve') continue;
    delete u.status;
    u.slain = rosterUnit(c.s, u.id).models.map((m) => m.id);
    u.damage = 0;
    c.events.push({ type: 'unitDestroyed', unitId: u.id, source: 'reserve' });
    noteBloodRite41b(c, u.id, 'reserve'); // session 41 (sh41b): bloodRites41b.ts
  }
  syncPort(c);
}
