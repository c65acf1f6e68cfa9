/**
 * The sentence after an ability's move that acts on the enemy units "this unit passed across during that move"
 * (issue 34, session 40, sh40f; vocabulary `passedAcross` of a `free` move, `abilities/schema40f.ts`; read by
 * `abilities/parsePassedAcross40f.ts`): Soaring Terror (fec), Draconic Onslaught (sce), Fight and Flight (dok).
 *
 * When the move granted by the ability is made (`{type: "move", kind: "ability", paths, target?}`, `moves.ts`), the
 * enemy units whose bases any model of the unit passed across (a base overlapping theirs in plan view at some point
 * of its path, Core 1.0; `geometry/passedAcross40f.ts`, docs/interpretations.md "Passed across") are recorded on the
 * event `{type: "passedAcross", unitId, ability, units}`; then the sentence is resolved on them:
 *
 * - `pick: "one"` ("Then, pick an enemy unit that this unit passed across during that move."): the move action's
 *   `target` (contract extension of the `move` action), which must be one of them; without it, the only one crossed;
 *   refused when more than one was crossed and none is named; nothing when none was crossed;
 * - `pick: "each"` ("roll a D3 for each enemy unit that this unit passed across"): every one of them (no `target`).
 *
 * On each: `mortal: "D3"`, D3 mortal damage (Core 19.2); `mortal: "roll"` with `on`, a D3 whose roll below `on`
 * inflicts nothing and otherwise inflicts mortal damage equal to the roll. Refused with rule `<ability>: Effect`.
 *
 * Also Fire and Flight's move after a Shoot ability (`afterShootMove40f`, below).
 *
 * @module
 */

import { takeWaiting } from '../abilities/record';
import { enemyUnits, isAlive, mortalDamage, onBattlefield, reject, rollLogged, rollValue, type Ctx } from './core';
import type { Point2 } from './geometryPort';
import type { PendingMove, PlayerId } from './state';
import { upToTargets41d, useRollDamage41d } from './passedAcross41d';

type Paths = Readonly<Record<string, readonly (readonly [number, number])[]>>;

/** Each moving model's whole path, from where it stands now (before the move is made), plan view, inches. */
export function pathsFromHere(c: Ctx, paths: Paths): Record<string, Point2[]> {
  const out: Record<string, Point2[]> = {};
  for (const [id, p] of Object.entries(paths)) {
    const pos = c.port.modelPosition(id);
    if (!pos || p.length === 0) continue;
    const q = p.map((x) => [x[0], x[1]] as const);
    out[id] = Math.hypot(q[0][0] - pos[0], q[0][1] - pos[1]) > 0.01 ? [pos, ...q] : q;
  }
  return out;
}

/** Refuse a `target` on a move that has no "pick an enemy unit that this unit passed across" to answer. */
export function checkMoveTarget(pending: PendingMove | null, target: string | undefined, targets?: readonly string[]): void {
  if (targets !== undefined && pending?.passedAcross?.pick !== 'upTo') reject(`a move's targets are only for "pick up to N enemy units that this unit passed across" (this move has none)`, `${pending?.ability ?? 'move'}: Effect`); // session 41 (sh41d)
  if (target === undefined || pending?.passedAcross?.pick === 'one') return;
  reject(`a move's target is only for "pick an enemy unit that this unit passed across" (this move has none)`, `${pending?.ability ?? 'move'}: Effect`);
}

/**
 * The enemy units of `unitId`'s owner passed across by the models of `unitId` along `full` (each model's whole path),
 * in the order of `enemyUnits`.
 */
export function unitsPassedAcross(c: Ctx, unitId: string, full: Readonly<Record<string, readonly Point2[]>>, rule: string): string[] {
  if (c.port.unitsPassedAcross === undefined) reject('this table cannot measure which units a move passed across', rule);
  const enemies = enemyUnits(c, c.s.units[unitId].owner);
  const hit = new Set<string>();
  for (const [id, path] of Object.entries(full)) for (const u of c.port.unitsPassedAcross(id, path, enemies)) hit.add(u);
  return enemies.filter((e) => hit.has(e));
}

/** Record the units passed across by the move just made and resolve the sentence `pending.passedAcross` on them (module docs). */
export function resolvePassedAcross(c: Ctx, player: PlayerId, unitId: string, full: Readonly<Record<string, readonly Point2[]>>, pending: PendingMove, target: string | undefined, picked?: readonly string[]): void {
  const then = pending.passedAcross;
  if (then === undefined) return;
  const name = pending.ability ?? 'ability';
  const rule = `${name}: Effect`;
  const crossed = unitsPassedAcross(c, unitId, full, rule);
  c.events.push({ type: 'passedAcross', unitId, ability: name, units: crossed });
  let targets: string[];
  if (then.pick === 'each') targets = crossed;
  else if (then.pick === 'upTo') targets = upToTargets41d(then, crossed, picked, rule); // session 41 (sh41d): pick up to N
  else if (target !== undefined) {
    if (!crossed.includes(target)) reject(`unit "${target}" was not passed across during that move (${crossed.length ? crossed.join(', ') : 'none was'})`, rule);
    targets = [target];
  } else if (crossed.length > 1) reject(`pick an enemy unit that this unit passed across (the move's target): ${crossed.join(', ')}`, rule);
  else targets = crossed;
  for (const t of targets) {
    let amount: number;
    let dice: number[] | undefined;
    if (then.mortal === 'D3') amount = rollValue(c, 'D3', `${name}:passedAcross:${t}`, player);
    else if (then.mortal === 'useRoll') amount = useRollDamage41d(c, then, pending.useRoll41d, t, rule); // session 41 (sh41d): equal to the D3 roll
    else {
      dice = rollLogged(c, 1, then.die === 'D3' ? 3 : 6, `${name}:passedAcross:${t}`, player);
      amount = then.on !== undefined && dice[0] < Number(then.on[0]) ? 0 : dice[0];
    }
    c.events.push({ type: 'abilityMortal', ability: name, unitId: t, ...(dice ? { dice } : {}), amount });
    if (amount > 0) mortalDamage(c, t, amount, `ability:${unitId}`);
  }
}

/**
 * After a Shoot ability of `unitId` has been resolved (`attacks.ts`, after its damage sequences, Core 16.0-18.0): its
 * waiting `afterShootMove40f` effects (Fire and Flight: "After that Shoot ability has been resolved, this unit can move
 * 2D6". It cannot move into combat during any part of that move.") are spent: the distance is rolled and the unit may
 * make the move now (`{type: "move", kind: "ability"}`, checked as a Normal Move's path: Core 15.0 and 14.1's "cannot
 * move into combat during any part of that move", FLY ignoring combat ranges while moving, Core 15.4). Event
 * `abilityMove`; a unit no longer on the battlefield gets nothing (`abilityEffectSkipped`).
 */
export function afterShootMove40f(c: Ctx, unitId: string): void {
  const s = c.s;
  const mine = takeWaiting(s, 'afterShootMove40f', unitId);
  if (mine.length === 0) return;
  for (const a of mine) {
    const e = a.effect;
    if (!('afterShootMove40f' in e)) continue;
    if (!isAlive(s, unitId) || !onBattlefield(c, unitId)) {
      c.events.push({ type: 'abilityEffectSkipped', ability: a.ability, name: a.name, unitId, why: 'the unit is no longer on the battlefield' });
      continue;
    }
    const inches = rollValue(c, e.afterShootMove40f.inches, `ability:${a.ability}:${unitId}:move`, a.player);
    s.units[unitId].turn.pendingMove = { kind: 'ability', maxInches: inches, as: 'normal', ability: a.name };
    c.events.push({ type: 'abilityMove', unitId, ability: a.name, moveAs: 'normal', maxInches: inches });
  }
}
