/**
 * Session 38 (ab38d): "ward rolls cannot be made for it" (`{wardForbidden: true}`; Elite Guardians, fec-001): while the
 * effect applies, no ward roll is made for the unit (Core 18.1: the damage sequence's ward step is skipped), whatever
 * gives it a ward. Asked by `engine/core.ts` `wardOf`.
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

