/**
 * Session 38 (ab38d), two restrictions an effect puts on its unit:
 * - "ward rolls cannot be made for it" (`{wardForbidden: true}`; Elite Guardians, fec-001): while the effect applies,
 *   no ward roll is made for the unit (Core 18.1: the damage sequence's ward step is skipped), whatever gives it a
 *   ward. Asked by `engine/core.ts` `wardOf`.
 * - "This unit cannot be picked to be the target of enemy Rampage abilities" (`{unpickableBy: "RAMPAGE"}`; Creepers,
 *   sob-001): asked by `engine/abilityUse.ts` `pickProblem` for every pick of an ability (options and declarations).
 *
 * @module
 */

import type { GameState } from '../engine/state';
import type { GeometryPort } from '../engine/geometryPort';
import type { AbilityEffect } from './schema';
import { effectsOn } from './passives';

/** The filter of {@link effectsOn} for this question (a module constant: its keys are cached). */
const WARD_FORBIDDEN = (e: AbilityEffect) => 'wardForbidden' in e;

/** The ability that forbids ward rolls for the unit now (its name), or null. */
export function wardForbidden(s: GameState, port: GeometryPort | undefined, unitId: string): string | null {
  const hit = effectsOn(s, port, unitId, {}, WARD_FORBIDDEN)[0];
  return hit === undefined ? null : hit.name;
}


const UNPICKABLE = (e: AbilityEffect) => 'unpickableBy' in e;

/**
 * Why `unitId` cannot be picked by `ability` of `player` (an enemy ability with a keyword an effect on the unit names:
 * "This unit cannot be picked to be the target of enemy Rampage abilities", Creepers), or null.
 */
export function unpickableBy(s: GameState, port: GeometryPort | undefined, player: string, unitId: string, ability: { name: string; keywords: readonly string[] }): string | null {
  if (s.units[unitId]?.owner === player) return null;
  const kws = ability.keywords.map((k) => k.toUpperCase());
  for (const a of effectsOn(s, port, unitId, {}, UNPICKABLE)) {
    const e = a.effect;
    if ('unpickableBy' in e && kws.includes(e.unpickableBy)) return `"${unitId}" cannot be picked to be the target of enemy ${e.unpickableBy} abilities (${a.name})`;
  }
  return null;
}
