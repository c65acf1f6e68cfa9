/**
 * Battle tactics (BattleTactics 1.0-3.0): Tactical Gambit at the start of your turn (once per
 * battle round, not after choosing to go first having gone second, A-R13), and the six universal
 * tactics: Do Not Waver, Slay the Entourage (A-R14: the general counts), Attack on Two Fronts,
 * Take Their Land (terrain control, Core 32.3), Seize the Centre and Take the Flanks (territory and
 * battlefield geometry through the port, A-G17). Completion is checked after control at the end
 * of the turn (A-R3) and scores 4 VP.
 *
 * @module
 */

import { inCombat, isAlive, onBattlefield, reject, requireTurn, type Ctx } from './core';
import { opponentOf, type Action, type PlayerId } from './state';

/** Tactics implemented (the six universal battle tactics, BattleTactics 3.0). */
export const TACTICS = ['doNotWaver', 'slayTheEntourage', 'attackOnTwoFronts', 'takeTheirLand', 'seizeTheCentre', 'takeTheFlanks'] as const;
/** Plan-view tolerance of "within" (the geometry's, Core 2.1.1). */
const EPS = 0.001;

/** Friendly units on the battlefield (manifestations are not units, Magic 7.0). */
function friendlyUnits(c: Ctx, p: PlayerId): string[] {
  return Object.values(c.s.units)
    .filter((u) => u.owner === p && u.manifestation === undefined && onBattlefield(c, u.id))
    .map((u) => u.id);
}

function territories(c: Ctx): Record<PlayerId, string> {
  if (c.s.territories === null) reject('this battle has no territories (set `territories` at game creation)', 'BattleTactics 3.0');
  return c.s.territories;
}
/** VP for a completed battle tactic (BattleTactics 2.0). */
export const TACTIC_VP = 4;

/** `tacticalGambit` (BattleTactics 2.0). `unitId`: the enemy unit picked for Slay the Entourage. */
export function tacticalGambit(c: Ctx, a: Extract<Action, { type: 'tacticalGambit' }>): void {
  requireTurn(c);
  const s = c.s;
  const rule = 'BattleTactics 2.0';
  if (s.phase !== 'startOfTurn' || a.player !== s.active) reject('Tactical Gambit is used at the start of your turn', rule);
  if (s.tactics.usedInRound[a.player].includes(s.round)) reject(`${a.player} already used Tactical Gambit this battle round`, rule);
  if (s.firstChosenAfterGoingSecond && s.firstPlayer === a.player) {
    reject('you went second last battle round and chose to go first in this one', rule);
  }
  if (!(TACTICS as readonly string[]).includes(a.tactic)) reject(`unknown or unsupported battle tactic "${a.tactic}" (supported: ${TACTICS.join(', ')})`, 'BattleTactics 3.0');
  if (s.tactics.attempted[a.player].includes(a.tactic)) reject(`${a.player} already attempted "${a.tactic}"`, rule);
  let tactic = a.tactic;
  if (a.tactic === 'slayTheEntourage') {
    const enemy = s.players[opponentOf(a.player)].roster;
    const reg = enemy.regiments.find((r) => r.leader === enemy.general);
    const ids = reg ? [reg.leader, ...reg.units] : [];
    if (a.unitId === undefined || !ids.includes(a.unitId) || !isAlive(s, a.unitId)) {
      reject('Slay the Entourage: pick a unit of the enemy general\'s regiment that is on the battlefield', 'BattleTactics 3.0');
    }
    tactic = `slayTheEntourage:${a.unitId}`;
  }
  let terrainId: string | undefined;
  if (a.tactic === 'takeTheirLand') {
    // "Pick a terrain feature wholly or partially within enemy territory and wholly outside friendly territory."
    const t = territories(c);
    const f = a.terrainId;
    if (f === undefined || !c.port.terrainFeatures().includes(f)) reject('Take Their Land: pick a terrain feature of the battlefield', 'BattleTactics 3.0');
    if (!c.port.withinTerritory(f, t[opponentOf(a.player)], 0)) reject(`"${f}" is not wholly or partially within enemy territory`, 'BattleTactics 3.0');
    if (c.port.withinTerritory(f, t[a.player], 0)) reject(`"${f}" is not wholly outside friendly territory`, 'BattleTactics 3.0');
    terrainId = f;
  } else if (a.terrainId !== undefined) reject(`"${a.tactic}" does not pick a terrain feature`, 'BattleTactics 3.0');
  if (a.tactic === 'takeTheFlanks') territories(c);
  s.tactics.usedInRound[a.player].push(s.round);
  s.tactics.attempted[a.player].push(a.tactic);
  s.tactics.current = { player: a.player, tactic, controlAtStart: { ...s.objectives }, destroyedFriendly: false, fought: [], ...(terrainId !== undefined ? { terrainId } : {}) };
  c.events.push({ type: 'tacticPicked', player: a.player, tactic, ...(terrainId !== undefined ? { terrainId } : {}) });
}

/** At the end of the turn, after control (A-R3): 4 VP if the current tactic is completed. */
export function scoreTactic(c: Ctx): void {
  const s = c.s;
  const t = s.tactics.current;
  if (!t || t.player !== s.active) return;
  let done = false;
  if (t.tactic === 'doNotWaver') done = t.fought.length >= 2 && !t.destroyedFriendly;
  else if (t.tactic.startsWith('slayTheEntourage:')) done = !isAlive(s, t.tactic.slice('slayTheEntourage:'.length));
  else if (t.tactic === 'attackOnTwoFronts') {
    const gained = Object.keys(s.objectives).filter((o) => s.objectives[o] === t.player && t.controlAtStart[o] !== t.player);
    done = gained.length >= 2 && gained.some((o) => t.controlAtStart[o] === opponentOf(t.player));
  } else if (t.tactic === 'takeTheirLand') {
    // Control of the feature was determined with the objectives just before (Core 32.3, A-R3).
    done = t.terrainId !== undefined && s.terrainControl[t.terrainId] === t.player;
  } else if (t.tactic === 'seizeTheCentre') {
    // 2+ friendly units within 3" of the centre of the battlefield (plan view, A-G17) and not in combat.
    const near = friendlyUnits(c, t.player).filter((u) => c.port.landmarkDistance(u, 'centre') <= 3 + EPS && !inCombat(s, c.port, u));
    done = near.length >= 2;
  } else if (t.tactic === 'takeTheFlanks') {
    // Each short battlefield edge: a friendly unit within 6", not wholly within friendly territory,
    // not set up this turn (the qualifying units, INVENTORY G22).
    const own = s.territories?.[t.player];
    const ok = (u: string) => !s.units[u].turn.setUp && (own === undefined || !c.port.whollyWithinTerritory(u, own));
    const units = friendlyUnits(c, t.player).filter(ok);
    done = (['shortEdge0', 'shortEdge1'] as const).every((e) => units.some((u) => c.port.landmarkDistance(u, e) <= 6 + EPS));
  }
  if (done) s.players[t.player].vp += TACTIC_VP;
  c.events.push({ type: 'tacticResult', player: t.player, tactic: t.tactic, completed: done, vp: done ? TACTIC_VP : 0, ...(t.terrainId !== undefined ? { terrainId: t.terrainId } : {}) });
  s.tactics.current = null;
}
