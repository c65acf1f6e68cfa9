/**
 * The permissions and restrictions of session 37 (perm37; `parsePermissions.ts`) as the engine asks for
 * them: each question lists the effects that apply to the unit now ({@link effectsOn}: passives whose
 * conditions hold, auras measured on the real table, persisting effects of abilities used) and answers with
 * the rule that applies, or null. Pure; no reducer import (`engine/core.ts` and `engine/magic.ts` call these).
 *
 * @module
 */

import type { GeometryPort } from '../engine/geometryPort';
import type { GameState } from '../engine/state';
import { effectsOn } from './passives';

/** The ability that forbids the unit to use commands now (Commands 1.2 overridden, Core 29.0), or null. */
export function commandsForbidden(s: GameState, port: GeometryPort | undefined, unitId: string): string | null {
  for (const a of effectsOn(s, port, unitId)) if ('noCommands' in a.effect) return a.rule;
  return null;
}

/** The ability that lets the unit Unbind as if it had WIZARD (1) now (Magic 4.0), or null. */
export function unbindsAsWizard(s: GameState, port: GeometryPort | undefined, unitId: string): string | null {
  for (const a of effectsOn(s, port, unitId)) if ('unbindAsWizard' in a.effect) return a.rule;
  return null;
}

/** The ability that ignores the first damage point allocated to the unit in each phase (Core 18.2), or null. */
export function ignoresFirstDamage(s: GameState, port: GeometryPort | undefined, unitId: string): string | null {
  for (const a of effectsOn(s, port, unitId)) if ('ignoreFirstDamage' in a.effect) return a.rule;
  return null;
}

/**
 * What happens instead when the unit would be automatically destroyed: the damage points allocated to it
 * (no ward rolls with `noWard`) and the rule, or null (it is destroyed). Of several, the first in the order
 * of effects (Core 30.0).
 */
export function insteadOfDestroyed(s: GameState, port: GeometryPort | undefined, unitId: string): { points: number; noWard: boolean; rule: string } | null {
  for (const a of effectsOn(s, port, unitId)) if ('notDestroyed' in a.effect) return { points: a.effect.notDestroyed, noWard: a.effect.noWard === true, rule: a.rule };
  return null;
}
