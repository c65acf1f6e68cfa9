/**
 * Session 40 (sh40g, issue 34): modifiers of ward rolls (Core 18.1: "make a ward roll of D6 for each damage point in this
 * unit's damage pool. If the roll equals or exceeds this unit's ward value, remove that damage point"). An effect
 * `{modify: "ward", by}` on a unit (schema40g.ts: "Subtract 1 from ward rolls made by the target", Relic Censer; "Subtract
 * 1 from ward rolls for enemy units while they are within 13\" of this unit", Corrupting Influence) adds `by` to each of
 * its ward rolls; the modifiers add up (as `modifiedFrom` adds every other roll modifier) and are not capped (Core 17.1
 * caps hit, wound and save rolls only). Core 18.1 has no "unmodified 1 always fails" for ward rolls, so none is applied
 * (docs/interpretations.md). Asked by `core.ts` `damageSequence` once per damage pool.
 *
 * @module
 */

import { effectsOn } from '../abilities/passives';
import type { AbilityEffect } from '../abilities/schema';
import type { GeometryPort } from './geometryPort';
import type { GameState } from './state';

/** The filter of {@link effectsOn} for this question (a module constant: its keys are cached). */
const WARD_ROLL = (e: AbilityEffect) => 'modify' in e && e.modify === 'ward';

/** The sum of the ward-roll modifiers on `unitId` now (0: none) and the abilities that give them. */
export function wardRollModifier(s: GameState, port: GeometryPort | undefined, unitId: string): { by: number; rules: string[] } {
  let by = 0;
  const rules: string[] = [];
  for (const a of effectsOn(s, port, unitId, {}, WARD_ROLL)) {
    if ('modify' in a.effect) by += a.effect.by;
    rules.push(a.rule);
  }
  return { by, rules };
}

/** How many of the ward `dice` remove a damage point: the roll plus the modifier equals or exceeds the ward value (Core 18.1). */
export function wardSaves(dice: readonly number[], ward: number, by: number): number {
  return dice.filter((d) => d + by >= ward).length;
}
