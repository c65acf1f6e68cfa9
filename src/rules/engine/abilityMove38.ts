/**
 * An ability's `free` move (issue 34, session 38, ab38c; read by `abilities/parseMove38.ts`): "this unit can
 * move 2D6". It can pass through models in enemy units but must end that move in combat." (Relentless as the
 * Driving Current), "The target can move up to 3". It can move into combat. If it was in combat at the start of
 * the move, it must end that move in combat." (Mighty Destroyers).
 *
 * Made with `{type: "move", kind: "ability", paths}` like every move an ability grants (`moves.ts`): Core 15.0
 * (no part of a base farther than the distance rolled, not through other models, within the battlefield, not
 * ending on a model) and 15.1 (coherency) by `makeMove`; the path may cross enemy combat ranges (the text says
 * it can: "can pass through the combat ranges", "can move into combat", or it starts and ends in combat); with
 * `through: "enemyModels"` it may pass through the models of enemy units too (never end on one). Then the end:
 * `inCombat`, in combat with some enemy unit (Core 13.0: within 3" and visible); `inCombatIfStarted`, the same
 * when the unit was in combat when the move began; `any`, nothing more. A FLY unit may end in combat because
 * the ability says so (Core 15.4). Refused with rule `<ability>: Effect`.
 *
 * @module
 */

import { modified } from '../abilities/passives';
import { aliveModels, enemyUnits, inCombat, reject, type Ctx } from './core';
import { makeMove } from './moves';
import type { PendingMove } from './state';
import { passThroughModels41d } from './passedAcross41d';

type Paths = Readonly<Record<string, readonly (readonly [number, number])[]>>;

/** Check and make the `free` move `pending` of `unitId` along `paths` (module docs). */
export function makeFreeMove(c: Ctx, unitId: string, paths: Paths, pending: PendingMove): void {
  const s = c.s;
  const rule = `${pending.ability ?? 'ability'}: Effect`;
  const started = inCombat(s, c.port, unitId);
  const owner = s.units[unitId].owner;
  const pass = pending.through === 'enemyModels' ? enemyUnits(c, owner).flatMap((e) => aliveModels(s, e).map((m) => m.id)) : pending.through === 'models' ? passThroughModels41d(c, unitId) : []; // 'models': session 41 (sh41d)
  makeMove(c, unitId, paths, 'free', pending.maxInches, undefined, [], pass);
  const must = pending.end === 'inCombat' || (pending.end === 'inCombatIfStarted' && started);
  if (pending.end === 'notInCombat' && inCombat(s, c.port, unitId)) reject(`unit "${unitId}" cannot end this move in combat`, rule); // session 40 (sh40f)
  if (must && !inCombat(s, c.port, unitId)) {
    reject(`unit "${unitId}" must end this move in combat${pending.end === 'inCombatIfStarted' ? ' (it was in combat when the move began)' : ''}`, rule);
  }
}

/**
 * The distance of a pile-in move of the unit now: Core 15.3's 3" plus the `modify: "pileIn"` effects on it ("each
 * time this unit makes a pile-in move, add 3" to the distance it can move", session 38), never below 0.
 */
export function pileInInches(c: Ctx, unitId: string, base = 3): number {
  return Math.max(0, base + modified(c.s, c.port, unitId, 'pileIn').add);
}
