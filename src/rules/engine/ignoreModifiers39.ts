/**
 * Session 39 (sh39b, issue 34): "Ignore negative modifiers to save rolls for friendly Nighthaunt units" (Ethereal),
 * "ignore positive modifiers to save rolls for the target" (Excommunication), "Ignore negative modifiers to hit rolls and
 * wound rolls for this unit's attacks" (effect `ignoreModifiers`, `abilities/parseFecNh39.ts`).
 *
 * Core 1.5 (the basics): "Effects that allow you to modify a dice roll are called modifiers"; Core 17.1: the hit, wound
 * and save modifiers are added up, then capped. An ignored modifier is left out of the sum before the cap. The Rend
 * characteristic "subtracted from the roll" (Core 17.0 step 3) is a negative modifier to the save roll here, as the
 * engine already counts it inside the save cap (INVENTORY A-R8; docs/interpretations.md, session 39).
 *
 * Hit and wound rolls: the ignores on the attacking unit ("hit rolls ... for the target" of Grief-stricken, "this unit's
 * attacks"); save rolls: the ignores on the unit attacked.
 *
 * @module
 */

import type { AbilityEffect } from '../abilities/schema';
import { effectsOn } from '../abilities/passives';
import type { GameState } from './state';
import type { GeometryPort } from './geometryPort';

/** Which modifiers of a roll are ignored. */
export interface Ignored {
  readonly positive: boolean;
  readonly negative: boolean;
}

/** The ignores of an attack's rolls, or null when none applies (the usual case: the sums are used as they are). */
export interface AttackIgnores {
  readonly hit: Ignored;
  readonly wound: Ignored;
  readonly save: Ignored;
  readonly rules: readonly string[];
}

/** `effectsOn`'s `only` filter (a module constant: `passives.ts` caches by the function). */
const IGNORES = (e: AbilityEffect) => 'ignoreModifiers' in e;
const NONE: Ignored = { positive: false, negative: false };

function ignoresFrom(list: ReturnType<typeof effectsOn>, roll: 'hit' | 'wound' | 'save', rules: string[]): Ignored {
  let positive = false;
  let negative = false;
  for (const a of list) {
    const e = a.effect;
    if (!('ignoreModifiers' in e) || !e.rolls.includes(roll)) continue;
    if (e.ignoreModifiers === 'positive') positive = true;
    else negative = true;
    if (!rules.includes(a.rule)) rules.push(a.rule);
  }
  return positive || negative ? { positive, negative } : NONE;
}

/** The ignores for the attacks of `unitId` on `target` now, or null when none applies (one listing of each unit's ignores). */
export function attackIgnores(s: GameState, port: GeometryPort | undefined, unitId: string, target: string): AttackIgnores | null {
  const rules: string[] = [];
  const mine = effectsOn(s, port, unitId, {}, IGNORES);
  const theirs = effectsOn(s, port, target, {}, IGNORES);
  if (mine.length === 0 && theirs.length === 0) return null;
  const hit = ignoresFrom(mine, 'hit', rules);
  const wound = ignoresFrom(mine, 'wound', rules);
  const save = ignoresFrom(theirs, 'save', rules);
  return rules.length === 0 ? null : { hit, wound, save, rules };
}

/** The sum of the modifiers `parts` with the ignored ones left out (before any cap). */
export function keptSum(ig: Ignored, parts: readonly number[]): number {
  return parts.filter((p) => !(p > 0 && ig.positive) && !(p < 0 && ig.negative)).reduce((a, b) => a + b, 0);
}
