/**
 * Session 39 (sh39d): the condition `attackedBy` (schema.ts) on a Declare's pick, checked against the attack history
 * of the ability's unit (`UnitState.turn.attacks39`, recorded by `engine/attackHistory39.ts`, which documents it):
 * "an enemy unit that had any damage points allocated to it this turn by this unit's shooting attacks" (Core 18.0),
 * "... by attacks made with this unit's <weapon>", "... that had any models slain this phase by this unit's shooting
 * attacks", "... that was targeted by all this unit's shooting attacks this phase" (Core 16.0). Pure: reads the state.
 *
 * @module
 */

import type { GameState } from '../engine/state';

/** The condition `attackedBy` (schema.ts): what the ability's unit's attacks must have done to the unit checked. */
export interface AttackedBy39 {
  /** This phase only (else this turn). */
  readonly phase?: true;
  /** Shooting attacks only. */
  readonly shooting?: true;
  /** The attacks made with this weapon (by its name on the warscroll). */
  readonly weapon?: string;
  /** `damaged`: damage points allocated; `slain`: models slain; `targetedByAll`: every shooting attack targeted it. */
  readonly what: 'damaged' | 'slain' | 'targetedByAll';
}

/**
 * Does `affected` meet `cond` as to the attacks of `user` (the ability's unit) this turn? "targetedByAll": the unit
 * used at least one Shoot ability this phase and all of their attacks targeted `affected` only.
 */
export function attackedByHolds(s: GameState, cond: AttackedBy39, affected: string, user: string | null): boolean {
  if (user === null || !Object.prototype.hasOwnProperty.call(s.units, user)) return false;
  const recs = (s.units[user].turn.attacks39 ?? []).filter((r) => (cond.phase !== true || r.phase === s.phase) && (cond.shooting !== true || r.shooting));
  if (cond.what === 'targetedByAll') return recs.length > 0 && recs.every((r) => r.targets.length > 0 && r.targets.every((t) => t === affected));
  return recs.some((r) =>
    r.damaged.some((d) => d.target === affected && (cond.weapon === undefined || d.weapons.some((w) => w.toLowerCase() === cond.weapon!.toLowerCase())) && (cond.what !== 'slain' || d.slain)),
  );
}
