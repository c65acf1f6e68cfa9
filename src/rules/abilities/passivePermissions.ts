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
import type { AbilityEffect } from './schema';

/** `effectsOn`'s `only` filters of each question (module constants: `passives.ts` caches by the function). */
const NO_COMMANDS = (e: AbilityEffect) => 'noCommands' in e;
const UNBIND = (e: AbilityEffect) => 'unbindAsWizard' in e;
const FIRST_DAMAGE = (e: AbilityEffect) => 'ignoreFirstDamage' in e;
const NOT_DESTROYED = (e: AbilityEffect) => 'notDestroyed' in e;
const REDEPLOY = (e: AbilityEffect) => 'redeployAtLeast' in e;
const PASS_THROUGH = (e: AbilityEffect) => 'passThrough' in e;

/** The ability that forbids the unit to use commands now (Commands 1.2 overridden, Core 29.0), or null. */
export function commandsForbidden(s: GameState, port: GeometryPort | undefined, unitId: string): string | null {
  for (const a of effectsOn(s, port, unitId, {}, NO_COMMANDS)) if ('noCommands' in a.effect) return a.rule;
  return null;
}

/** The ability that lets the unit Unbind as if it had WIZARD (1) now (Magic 4.0), or null. */
export function unbindsAsWizard(s: GameState, port: GeometryPort | undefined, unitId: string): string | null {
  for (const a of effectsOn(s, port, unitId, {}, UNBIND)) if ('unbindAsWizard' in a.effect) return a.rule;
  return null;
}

/** The ability that ignores the first damage point allocated to the unit in each phase (Core 18.2), or null. */
export function ignoresFirstDamage(s: GameState, port: GeometryPort | undefined, unitId: string): string | null {
  for (const a of effectsOn(s, port, unitId, {}, FIRST_DAMAGE)) if ('ignoreFirstDamage' in a.effect) return a.rule;
  return null;
}

/** The least distance a Redeploy of the unit allows now (Outmanoeuvre), with the rule, or null. */
export function redeployAtLeast(s: GameState, port: GeometryPort | undefined, unitId: string): { value: number; rule: string } | null {
  for (const a of effectsOn(s, port, unitId, {}, REDEPLOY)) if ('redeployAtLeast' in a.effect) return { value: a.effect.redeployAtLeast, rule: a.rule };
  return null;
}

/** How the unit passes through models and low terrain while moving now (Longshanks), with the rule, or null. */
export function passesThrough(s: GameState, port: GeometryPort | undefined, unitId: string): { terrainBelow: number; rule: string } | null {
  for (const a of effectsOn(s, port, unitId, {}, PASS_THROUGH)) if ('passThrough' in a.effect) return { terrainBelow: a.effect.terrainBelow, rule: a.rule };
  return null;
}

/**
 * What happens instead when the unit would be automatically destroyed: the damage points allocated to it
 * (no ward rolls with `noWard`) and the rule, or null (it is destroyed). Of several, the first in the order
 * of effects (Core 30.0).
 */
export function insteadOfDestroyed(s: GameState, port: GeometryPort | undefined, unitId: string): { points: number; noWard: boolean; rule: string } | null {
  for (const a of effectsOn(s, port, unitId, {}, NOT_DESTROYED)) if ('notDestroyed' in a.effect) return { points: a.effect.notDestroyed, noWard: a.effect.noWard === true, rule: a.rule };
  return null;
}
