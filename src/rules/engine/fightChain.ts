/**
 * A fight picked out of turn (issue 34, session 37): "Pick a friendly ... unit that has not used a
 * Fight ability this turn and is within this unit's combat range to be the target. The target can be
 * picked to use a Fight ability immediately after the Fight ability used by this unit has been
 * resolved." (Knightly Exemplar, Lead da Brutes, Kompany Taktikz, Furious Retribution and 9 more of the
 * fixture rosters, all reactions to "You declared a Fight ability for this unit".)
 *
 * The effect `fightNext` (the vocabulary's extension; applied by hand or by the engine) records the
 * unit in `CombatOrder.next` with the unit whose Fight ability it follows. Core 13.1 has the players
 * alternate picking units to fight; this ability overrides it (Core 29.0: the more specific rule): as
 * long as that Fight ability is the last one used (resolved, no other unit fought since), the unit's
 * player picks next, and only that unit (or passes, `pass`, declining). The chained Fight is checked like
 * any other (in combat or charged, not fought this phase); after it the alternation goes on from the
 * opponent of its player (Core 13.1). STRIKE-FIRST / STRIKE-LAST order (Core 19.0) does not hold the
 * chained pick back: "immediately after" is the ability's own order (docs/interpretations.md).
 *
 * @module
 */

import { reject, type Ctx } from './core';
import type { GameState, PlayerId } from './state';

/** The fight an ability granted "immediately after", when it is due now (module docs), else null. */
export function chainedFight(s: GameState): { player: PlayerId; unitId: string; after: string; ability: string } | null {
  const o = s.combat;
  const n = o?.next;
  if (o === null || n === undefined || s.phase !== 'combat' || s.pendingAttack !== null) return null;
  if (o.fought[o.fought.length - 1] !== n.after || o.fought.includes(n.unitId)) return null;
  return n;
}

/**
 * Apply `fightNext` to unit `unitId` of `player` (`abilityUse.ts` `applyEffect`): the Fight ability it
 * follows is the one waiting for reactions (the ability reacted to it) or, once resolved, the last one
 * used, and it must be `player`'s. Refused outside the combat phase, before any Fight, for an enemy unit
 * or a unit that already fought this phase (Core 5.3 for FIGHT: once per phase, the Declare of these texts).
 */
export function grantNextFight(c: Ctx, player: PlayerId, unitId: string, ability: string): void {
  const s = c.s;
  const rule = `${ability}: Effect`;
  if (s.phase !== 'combat' || s.combat === null) reject(`${ability}: a unit picked to fight immediately after a Fight ability needs a combat phase`, rule);
  const pa = s.pendingAttack;
  const after = pa !== null && pa.kind === 'fight' ? pa.unitId : s.combat.fought[s.combat.fought.length - 1];
  if (after === undefined || s.units[after].owner !== player) reject(`${ability}: no Fight ability of ${player} is being resolved or was just resolved`, rule);
  if (s.units[unitId].owner !== player) reject(`${ability}: "${unitId}" is not a friendly unit`, rule);
  if (s.combat.fought.includes(unitId)) reject(`${ability}: "${unitId}" already used a Fight ability this phase`, 'Core 5.3');
  s.combat = { ...s.combat, next: { player, unitId, after, ability } };
  c.events.push({ type: 'fightNextGranted', player, unitId, after, ability });
}

/** The player the chained fight belongs to passes it up (`pass` with no reactions window): the alternation resumes. */
export function declineChainedFight(c: Ctx, player: PlayerId): boolean {
  const n = chainedFight(c.s);
  if (n === null || n.player !== player || c.s.combat === null) return false;
  const { next: _gone, ...rest } = c.s.combat;
  c.s.combat = rest;
  c.events.push({ type: 'fightNextDeclined', player, unitId: n.unitId, ability: n.ability });
  return true;
}

/**
 * In `fight` (`attacks.ts`): is this Fight the chained one (the player's pick out of turn)? Refuses
 * another unit of that player while the chained one is due (pick it or pass).
 */
export function isChainedFight(c: Ctx, player: PlayerId, unitId: string): boolean {
  const n = chainedFight(c.s);
  if (n === null) return false;
  if (n.player === player && n.unitId !== unitId) reject(`${n.ability}: "${n.unitId}" can fight now, immediately after "${n.after}": fight with it or pass`, 'Core 13.1');
  if (n.player !== player) reject(`${n.player} may first pick "${n.unitId}" to fight (${n.ability}), or pass`, 'Core 13.1');
  return true;
}
