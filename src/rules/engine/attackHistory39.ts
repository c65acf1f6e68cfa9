/**
 * Session 39 (sh39d): what a unit's attacks did to each enemy unit this turn, for the Declares that pick a unit by
 * it (docs/abilities.md "Attack history picks, session 39 (sh39d)"):
 *
 * - "Pick an enemy unit that had any damage points allocated to it this turn by this unit's shooting attacks"
 *   (Hurricane Winds, lrl; "this phase", Subduing Shots, sce);
 * - "... by attacks made with this unit's Spirit-scouring Flames" (a named weapon: Spirit-scouring Flames,
 *   Coordinated Strike, Overwhelming Volleystorm, sce; More-more Warpvolt Doom!, skv);
 * - "Pick a visible enemy Infantry unit that had any models slain this phase by this unit's shooting attacks"
 *   (Hail of Bolts, sce);
 * - "Pick an enemy unit that was targeted by all this unit's shooting attacks this phase" (Blinding Bolts, lrl).
 *
 * Each ATTACK ability resolved (Core 17.0) adds one entry to the attacking unit's `turn.attacks39`: the phase, whether
 * they were shooting attacks (a Shoot ability, Core 16.0) or combat attacks, the units targeted, and for each target
 * that had damage points allocated to it in the damage sequence (Core 18.0, after ward rolls) the weapons whose
 * attacks put damage points (or a critical hit's mortal damage, Core 17.3) into its pool, and whether models of it
 * were slain. The damage points of one target's pool are allocated together (Core 18.0) and carry no weapon: a target
 * counts as damaged "by attacks made with" each weapon that put points into the pool when any were allocated
 * (docs/interpretations.md). Kept in `UnitState.turn`, so reset each turn (`freshTurnFlags`); recorded only in games
 * whose armies have an ability that reads it (`historyNeeded`, `unitHistory.ts`), so other games keep their state and
 * hash as before.
 *
 * @module
 */

import type { Ctx } from './core';
import { historyNeeded } from './unitHistory';

/** One ATTACK ability of the unit this turn (`UnitState.turn.attacks39`). */
export interface AttackRecord39 {
  /** The phase it was used in (`GameState.phase`). */
  readonly phase: string;
  /** Shooting attacks (a Shoot ability); false: combat attacks (a Fight ability). */
  readonly shooting: boolean;
  /** The units its attacks targeted (Core 16.0 / 17.0), in order. */
  readonly targets: readonly string[];
  /** The targets that had damage points allocated to them (Core 18.0): the weapons that put points in, and models slain. */
  readonly damaged: readonly { readonly target: string; readonly weapons: readonly string[]; readonly slain: boolean }[];
}

/**
 * After the damage sequences of an ATTACK ability (`attacks.ts` `resolveAttacks`): record it on the attacking unit.
 * `damaged`: per target with damage points allocated (> 0 only), the weapons and whether models were slain.
 */
export function noteAttacks39(c: Ctx, kind: 'shoot' | 'fight', unitId: string, targets: readonly string[], damaged: AttackRecord39['damaged']): void {
  const s = c.s;
  if (!historyNeeded(s) || !Object.prototype.hasOwnProperty.call(s.units, unitId)) return;
  const u = s.units[unitId];
  const rec: AttackRecord39 = { phase: s.phase ?? '', shooting: kind === 'shoot', targets: [...targets], damaged: damaged.map((d) => ({ target: d.target, weapons: [...d.weapons], slain: d.slain })) };
  u.turn = { ...u.turn, attacks39: [...(u.turn.attacks39 ?? []), rec] };
}
