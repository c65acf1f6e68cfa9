/**
 * Rally extras in play (issue 34, session 39, sh39a; `abilities/parseRally39.ts`): the `rallyExtra` effects on a unit
 * when it uses the Rally command (Commands 2.0: six rally rolls of D6, each 4+ a rally point): "you can make 3
 * additional rally rolls of D6" adds dice to the roll (a benefit: always made), "you receive D3 additional rally
 * points" adds points, rolled when the command is used. Their conditions (the aura's `while`, checked by
 * `effectsOn`) are checked at that moment ("when that command is used"). Called by `commands.ts`.
 *
 * @module
 */

import { effectsOn } from '../abilities/passives';
import type { AbilityEffect } from '../abilities/schema';
import { rollValue, type Ctx } from './core';
import type { PlayerId } from './state';

const RALLY_EXTRA = (e: AbilityEffect) => 'rallyExtra' in e;

/** The rally extras on `unitId` now: the additional rally rolls and the additional points (each effect's amount), with their rules. */
export function rallyExtras(c: Ctx, unitId: string): { rolls: number; points: (number | string)[]; rules: string[] } {
  const list = effectsOn(c.s, c.port, unitId, {}, RALLY_EXTRA);
  let rolls = 0;
  const points: (number | string)[] = [];
  for (const a of list) {
    if (!('rallyExtra' in a.effect)) continue;
    rolls += a.effect.rallyExtra.rolls ?? 0;
    if (a.effect.rallyExtra.points !== undefined) points.push(a.effect.rallyExtra.points);
  }
  return { rolls, points, rules: [...new Set(list.map((a) => a.rule))] };
}

/** Roll the additional rally points (a "D3" rolled, logged with the rally's purpose). */
export function rallyExtraPoints(c: Ctx, unitId: string, points: readonly (number | string)[], player: PlayerId): number {
  return points.reduce<number>((sum, p) => sum + rollValue(c, p, `rally:${unitId}:extra`, player), 0);
}
