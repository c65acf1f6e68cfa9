/**
 * Battle tactics (BattleTactics 1.0-3.0): Tactical Gambit at the start of your turn (once per
 * battle round, not after choosing to go first having gone second, A-R13), and the universal
 * tactics that need no territory geometry: Do Not Waver, Slay the Entourage (A-R14: the general
 * counts), Attack on Two Fronts. Completion is checked after control at the end of the turn (A-R3)
 * and scores 4 VP.
 *
 * @module
 */

import { isAlive, reject, requireTurn, type Ctx } from './core';
import { opponentOf, type Action } from './state';

/** Tactics implemented. */
export const TACTICS = ['doNotWaver', 'slayTheEntourage', 'attackOnTwoFronts'] as const;
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
  s.tactics.usedInRound[a.player].push(s.round);
  s.tactics.attempted[a.player].push(a.tactic);
  s.tactics.current = { player: a.player, tactic, controlAtStart: { ...s.objectives }, destroyedFriendly: false, fought: [] };
  c.events.push({ type: 'tacticPicked', player: a.player, tactic });
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
  }
  if (done) s.players[t.player].vp += TACTIC_VP;
  c.events.push({ type: 'tacticResult', player: t.player, tactic: t.tactic, completed: done, vp: done ? TACTIC_VP : 0 });
  s.tactics.current = null;
}
