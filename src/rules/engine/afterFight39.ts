/**
 * Session 39 (sh39b, issue 34): the engine side of the Flesh-eater Courts and Nighthaunt shapes read by
 * `abilities/parseFecNh39.ts` (docs/abilities.md "Flesh-eater Courts and Nighthaunt, session 39 (sh39b)").
 *
 * - `foeAfterFight` (Fell Blades): "each time the target uses a Fight ability, if all of its attacks targeted the same
 *   enemy unit, after that ability has been resolved, subtract 1 from save rolls for that enemy unit for the rest of
 *   the turn". After a FIGHT ability's attacks are resolved (`attacks.ts` `resolveAttacks`, Core 17.0-18.0) and every
 *   attack picked one enemy unit, that unit gets `{modify: "save", by}` for the rest of the turn (Core 28.1), a
 *   persisting effect of the ability (its order: now). Each ability once per Fight (Core 5.3).
 * - `maxAttacks` (Necromantic Limits): "This unit's Skeletal Talons have a maximum Attacks characteristic of 10": the
 *   weapon's Attacks characteristic of each model, after every modifier (Core 27.0, a champion's +1 included), is at
 *   most this.
 * - `slainByUse` (Wraithstorm, Ghostly Howl): the models slain by the mortal damage of one use of an ability, noted per
 *   action as `allocated38.ts` notes the damage points, for the condition "If any models are slain as a result of this
 *   ability".
 *
 * @module
 */

import type { AbilityEffect } from '../abilities/schema';
import { effectsOn } from '../abilities/passives';
import { abilityState, stampOf, type ActiveEffect } from '../abilities/record';
import { isAlive, type Ctx } from './core';
import type { GameState } from './state';
import type { GeometryPort } from './geometryPort';
import { perUseTally } from './allocated38';

/** `effectsOn`'s `only` filters (module constants: `passives.ts` caches by the function). */
const FOE_AFTER_FIGHT = (e: AbilityEffect) => 'foeAfterFight' in e;
const MAX_ATTACKS = (e: AbilityEffect) => 'maxAttacks' in e;

/**
 * After a FIGHT ability of `unitId` has been resolved (`attacks.ts`): its `foeAfterFight` effects put their modifier on
 * the one enemy unit all of its attacks targeted (`targets`: the distinct targets of the attacks picked, Core 16.0).
 * Several targets, or none: nothing (event `abilityEffectSkipped` when such an effect was in force).
 */
export function foeAfterFight(c: Ctx, unitId: string, targets: readonly string[]): void {
  const list = effectsOn(c.s, c.port, unitId, {}, FOE_AFTER_FIGHT);
  if (list.length === 0) return;
  const seen = new Set<string>();
  for (const a of list) {
    const e = a.effect;
    if (!('foeAfterFight' in e) || seen.has(a.name)) continue;
    seen.add(a.name);
    if (targets.length !== 1 || !isAlive(c.s, targets[0])) {
      c.events.push({ type: 'abilityEffectSkipped', ability: a.ability, name: a.name, unitId, why: targets.length === 1 ? 'the enemy unit it attacked was destroyed' : `its attacks targeted ${targets.length} units, not the same enemy unit` });
      continue;
    }
    const foe = targets[0];
    const st = abilityState(c.s);
    const effect = { modify: e.foeAfterFight.modify, by: e.foeAfterFight.by, targets: [foe], duration: 'turn' } as AbilityEffect;
    const entry: ActiveEffect = { ability: a.ability, name: a.name, player: a.player, unitId, effect, units: [foe], order: st.order++, at: stampOf(c.s) };
    st.active.push(entry);
    c.events.push({ type: 'abilityEffect', player: a.player, unitId, ability: a.ability, name: a.name, rule: `${a.name}: Effect`, effect, units: [foe], duration: 'turn' });
  }
}

/** The most Attacks the weapon `weaponName` of `unitId` may have now (`maxAttacks`), or Infinity. */
export function attacksCap(s: GameState, port: GeometryPort | undefined, unitId: string, weaponName: string): number {
  let cap = Infinity;
  for (const a of effectsOn(s, port, unitId, {}, MAX_ATTACKS)) {
    const e = a.effect;
    if ('maxAttacks' in e && e.weapon.toLowerCase() === weaponName.toLowerCase()) cap = Math.min(cap, e.maxAttacks);
  }
  return cap;
}

const slain = perUseTally();

/** Add `models` slain in `unitId` by the use `order` of an ability (its mortal damage). */
export function noteSlainByUse(c: Ctx, order: number, unitId: string, models: number): void {
  if (models > 0) slain.add(c, order, unitId, models);
}

/** The models slain in `unitId` so far by the use `order` of an ability in this action. */
export function slainByUse(c: Ctx, order: number, unitId: string): number {
  return slain.get(c, order, unitId);
}
