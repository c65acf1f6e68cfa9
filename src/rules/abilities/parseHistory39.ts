/**
 * Session 39 (sh39d): a Declare's pick of a unit by what the ability's unit's attacks did to it this turn or phase
 * (docs/abilities.md "Attack history picks, session 39 (sh39d)"); the condition `attackedBy` on the pick (`cond`),
 * checked against `UnitState.turn.attacks39` (`engine/attackHistory39.ts`, `abilities/attackedBy39.ts`).
 *
 * | Tail of the pick (real texts) | `cond.attackedBy` |
 * |---|---|
 * | `that had any damage points allocated to it this turn by this unit's shooting attacks` (Hurricane Winds, lrl) | `{what: "damaged", shooting: true}` |
 * | `that had any damage points allocated to it this phase by this unit's shooting attacks` (Subduing Shots, sce) | `{what: "damaged", shooting: true, phase: true}` |
 * | `that had any damage points allocated to it this turn by attacks made with this unit's Spirit-scouring Flames` (sce, skv) | `{what: "damaged", weapon: "Spirit-scouring Flames"}` |
 * | `that had any models slain this phase by this unit's shooting attacks` (Hail of Bolts, sce) | `{what: "slain", shooting: true, phase: true}` |
 * | `that was targeted by all this unit's shooting attacks this phase` (Blinding Bolts, lrl) | `{what: "targetedByAll", shooting: true, phase: true}` |
 *
 * Core 18.0 (damage points allocated, after ward rolls), Core 16.0 (shooting attacks: a Shoot ability's attacks).
 * Any other wording is left in the pick's body, so the Declare is not read and the ability stays by hand.
 *
 * @module
 */

import type { AbilityCondition } from './schema';

const DAMAGED = / that had any damage points allocated to it this (turn|phase) by (?:this unit's shooting attacks|attacks made with this unit's ([A-Z][\w' -]*?))$/i;
const SLAIN = / that had any models slain this (turn|phase) by this unit's shooting attacks$/i;
const TARGETED = / that was targeted by all this unit's shooting attacks this phase$/i;

/**
 * Pull an attack-history tail off a pick's body ("unit that had any damage points allocated to it this turn by this
 * unit's shooting attacks" → "unit" and the condition); null when the body has none of these tails.
 */
export function takeAttackedTail(body: string): { rest: string; cond: AbilityCondition } | null {
  let m = DAMAGED.exec(body);
  if (m) {
    const phase = m[1].toLowerCase() === 'phase';
    return { rest: body.slice(0, m.index), cond: { attackedBy: { what: 'damaged', ...(phase ? { phase: true as const } : {}), ...(m[2] === undefined ? { shooting: true as const } : { weapon: m[2].trim() }) } } };
  }
  m = SLAIN.exec(body);
  if (m) return { rest: body.slice(0, m.index), cond: { attackedBy: { what: 'slain', shooting: true, ...(m[1].toLowerCase() === 'phase' ? { phase: true as const } : {}) } } };
  m = TARGETED.exec(body);
  if (m) return { rest: body.slice(0, m.index), cond: { attackedBy: { what: 'targetedByAll', shooting: true, phase: true } } };
  return null;
}
