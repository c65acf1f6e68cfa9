/**
 * Session 40 (sh40a; docs/abilities.md "Kruleboyz and Ironjawz, session 40 (sh40a)"): units that cannot contest
 * objectives (the condition `healthAtMost` is read in health40.ts).
 *
 * You Messin'? (ij-001 Brutes, Passive): "Enemy units with a Health characteristic of 1 or 2 cannot contest objectives
 * while they are in combat with this unit." is `{noContest: true, targets: "enemy", while: {healthAtMost: 2, within: 3,
 * of: "self"}}` (**`noContest`** and the condition **`healthAtMost`**: extensions of ABILITIES.md). "In combat with
 * this unit" is within its 3" combat range, as session 39 reads it in a `while` (parseChoice39.ts). When control of
 * objectives is determined (Core 32.1-32.2), a unit under such an effect is counted as contesting no objective; the
 * terrain features controlled like objectives (Core 32.3) are not objectives and are left alone.
 *
 * @module
 */

import type { GameState } from '../engine/state';
import type { GeometryPort } from '../engine/geometryPort';
import { effectsOn } from './passives';
import type { AbilityEffect } from './schema';

const NO_CONTEST = (e: AbilityEffect) => 'noContest' in e;

/** The name of the ability that keeps `unitId` from contesting objectives now (Core 32.1), or null. */
export function contestForbidden(s: GameState, port: GeometryPort, unitId: string): string | null {
  for (const a of effectsOn(s, port, unitId, {}, NO_CONTEST)) if ('noContest' in a.effect) return a.rule;
  return null;
}

const MESSIN = /^enemy units with a health characteristic of 1( or 2)? cannot contest objectives while they are in combat with this unit$/i;

/** You Messin'?'s whole Effect, in a passive: the effect, or null when the sentence is not this shape. */
export function readNoContest(s: string, passive: boolean, whole: boolean): AbilityEffect[] | null {
  const m = MESSIN.exec(s.trim());
  if (!m) return null;
  if (!passive || !whole) return null;
  return [{ noContest: true, targets: 'enemy', while: { healthAtMost: m[1] ? 2 : 1, within: 3, of: 'self' } }];
}
