/**
 * How many dice a unit's charge roll is made with (Core 14.3: 2D6), changed by the abilities'
 * `modify: "chargeDice"` effects (issue 34, session 36: "Add 1 to the number of dice rolled when making
 * charge rolls for this unit, to a maximum of 3"; "Subtract 1 from the number of dice rolled when making
 * charge rolls for the target, to a minimum of 1"). The result is kept within 1-3, the bounds every such
 * text states (the parser reads only texts with those bounds). Re-rolls of the charge roll (Core 2.2)
 * roll the same number of dice.
 *
 * @module
 */

import { modified } from '../abilities/passives';
import type { GeometryPort } from './geometryPort';
import type { GameState } from './state';

/** The number of dice of `unitId`'s charge roll now (2 unless an ability changes it), with the abilities that changed it. */
export function chargeDiceCount(s: GameState, port: GeometryPort | undefined, unitId: string): { count: number; rules: string[] } {
  const mod = modified(s, port, unitId, 'chargeDice');
  if (mod.add === 0 && mod.set === undefined) return { count: 2, rules: [] };
  return { count: Math.max(1, Math.min(3, (mod.set ?? 2) + mod.add)), rules: [...mod.rules] };
}
