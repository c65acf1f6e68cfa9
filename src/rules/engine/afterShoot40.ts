/**
 * Session 40 (sh40b, issue 34): the engine side of `afterShoot40` (`abilities/parseAfterShoot40.ts`), the reactions to
 * "You declared a Shoot ability for this unit" whose Effect happens "after that Shoot ability has been resolved"
 * (Heartseekers, Agonising Spasms; docs/abilities.md "Daughters of Khaine and Flesh-eater Courts, session 40 (sh40b)").
 *
 * Used as the reaction (Core 5.2 step 2: the Shoot ability declared, its attacks waiting), the ability leaves one
 * persisting effect on its unit for the phase. When that Shoot ability has been resolved (`attacks.ts`
 * `resolveAttacks`: every attack, then the damage sequences, Core 16.0, 17.0, 18.0) the effect is spent:
 *
 * 1. all of the unit's attacks must have targeted the same enemy unit (`targets`: the distinct targets of the attacks
 *    picked) and that unit must still be on the battlefield; with `slew`, models of it must have been slain by those
 *    attacks (the damage sequence of its pool slew any);
 * 2. a dice is rolled (seeded PRNG), +1 when `plusIfAllShotBy` is given and any other friendly unit of that warscroll
 *    name or keyword picked that enemy unit to be the target of all of its shooting attacks this turn (its Shoot
 *    abilities this turn, `turn.attacks39`, all at that unit only; at least one);
 * 3. on `roll`+ the effect (`modify: "chargeDice"`, `maxControl`) is put on that enemy unit for `duration` (Core 28.1),
 *    a persisting effect of the ability (event `abilityEffect`); else, or when step 1 fails, event
 *    `abilityEffectSkipped` with the reason.
 *
 * @module
 */

import type { AbilityEffect, AbilityPick } from '../abilities/schema';
import { findAbility } from '../abilities/catalog';
import { describePick, pickProblem } from './abilityUse';
import { slayByRoll } from './rollEffects';
import { abilityState, stampOf, takeWaiting, type ActiveEffect } from '../abilities/record';
import { hasKeywordPhrase, rosterKeywords } from '../abilities/passives';
import { isAlive, onBattlefield, rollLogged, type Ctx } from './core';
import type { GameState } from './state';

/** Is `id` a unit of `name`'s warscroll (its roster name) or with that keyword phrase? */
function ofKind(s: GameState, id: string, name: string): boolean {
  const u = s.units[id];
  const r = s.players[u.owner].roster;
  const ru = r.units.find((x) => x.id === id);
  return (ru !== undefined && ru.name.toLowerCase() === name.toLowerCase()) || hasKeywordPhrase(rosterKeywords(s, id), name.toUpperCase());
}

/**
 * "if any other friendly <name> units picked that enemy unit to be the target of all of their shooting attacks this
 * turn": another unit of `unitId`'s army of that kind whose shooting attacks this turn (at least one Shoot ability)
 * all targeted `foe` only.
 */
export function othersShotOnlyAt(s: GameState, unitId: string, foe: string, name: string): string[] {
  const owner = s.units[unitId].owner;
  return Object.keys(s.units).filter((id) => {
    if (id === unitId || s.units[id].owner !== owner || s.units[id].manifestation !== undefined || !ofKind(s, id, name)) return false;
    const shots = (s.units[id].turn.attacks39 ?? []).filter((r) => r.shooting);
    return shots.length > 0 && shots.every((r) => r.targets.length > 0 && r.targets.every((t) => t === foe));
  });
}

/**
 * After a Shoot ability of `unitId` has been resolved (`attacks.ts`): spend its `afterShoot40` effects.
 * `targets`: the distinct units its attacks targeted; `damaged`: the targets with damage points allocated and whether
 * models of them were slain.
 */
export function afterShoot40(c: Ctx, unitId: string, targets: readonly string[], damaged: readonly { target: string; slain: boolean }[]): void {
  const s = c.s;
  const mine = takeWaiting(s, 'afterShoot40', unitId);
  if (mine.length === 0) return;
  for (const a of mine) {
    const e = a.effect;
    if (!('afterShoot40' in e)) continue;
    const x = e.afterShoot40;
    const skip = (why: string) => c.events.push({ type: 'abilityEffectSkipped', ability: a.ability, name: a.name, unitId, why });
    if (targets.length !== 1) {
      skip(`its attacks targeted ${targets.length} units, not the same enemy unit`);
      continue;
    }
    const foe = targets[0];
    if (!isAlive(s, foe)) {
      skip('the enemy unit it attacked was destroyed');
      continue;
    }
    if (x.slew === true && !damaged.some((d) => d.target === foe && d.slain)) {
      skip('no enemy models were slain by those attacks');
      continue;
    }
    const [die] = rollLogged(c, 1, 6, `ability:${a.ability}:${unitId}:afterShoot`, a.player);
    const plus = x.plusIfAllShotBy !== undefined && othersShotOnlyAt(s, unitId, foe, x.plusIfAllShotBy).length > 0 ? 1 : 0;
    if (die + plus < x.roll) {
      skip(`rolled ${die}${plus > 0 ? ` + ${plus}` : ''}, needed ${x.roll}+`);
      continue;
    }
    const effect = { ...x.effect, targets: [foe], duration: x.duration } as AbilityEffect;
    const entry: ActiveEffect = { ability: a.ability, name: a.name, player: a.player, unitId, effect, units: [foe], order: abilityState(s).order++, at: stampOf(s) };
    abilityState(s).active.push(entry);
    c.events.push({ type: 'abilityEffect', player: a.player, unitId, ability: a.ability, name: a.name, rule: `${a.name}: Effect`, effect, units: [foe], duration: x.duration });
  }
}

/**
 * `afterFightPick40` (Off With Their Head!): "Immediately after that Fight ability has been resolved, pick an enemy
 * Infantry Hero in combat with this unit to be the target. Roll 2D6. If the roll exceeds the target's Health
 * characteristic, it is automatically destroyed." After a Fight ability of `unitId` has been resolved (`attacks.ts`,
 * after its damage sequences, Core 17.0-18.0) its waiting effects are spent: the enemy units that fit the pick now
 * (`pickProblem`, measured from `unitId`, Core 28.0) are the candidates. None: nothing (`abilityEffectSkipped`). One:
 * it is the target, and the `slay` roll is made (`slayByRoll`: 2D6 against its Health characteristic; the unit is
 * destroyed through `automaticallyDestroy`). Several: the player picks, so the ability waits for `resolveByHand`
 * (Core 5.2 step 3) with those units, as an ability the engine cannot resolve itself.
 */
export function afterFightPick40(c: Ctx, unitId: string): void {
  const s = c.s;
  const mine = takeWaiting(s, 'afterFightPick40', unitId);
  if (mine.length === 0) return;
  for (const a of mine) {
    const e = a.effect;
    if (!('afterFightPick40' in e) || !isAlive(s, unitId)) continue;
    const pick: AbilityPick = { ...e.afterFightPick40.pick };
    const ab = findAbility(s, a.player, unitId, a.ability); // for the picks its keywords forbid (session 38's unpickableBy)
    const cands = Object.keys(s.units).filter((t) => s.units[t].owner !== a.player && s.units[t].manifestation === undefined && onBattlefield(c, t) && pickProblem(c, a.player, unitId, pick, t, undefined, ab) === null);
    if (cands.length === 0) {
      c.events.push({ type: 'abilityEffectSkipped', ability: a.ability, name: a.name, unitId, why: `no unit can be picked: ${describePick(pick)}` });
      continue;
    }
    if (cands.length > 1) {
      abilityState(s).awaiting.push({ player: a.player, unitId, ability: a.ability, name: a.name, targets: [unitId, ...cands], at: stampOf(s) });
      c.events.push({ type: 'abilityAwaitsByHand', player: a.player, unitId, ability: a.ability, name: a.name, effect: ab?.effect ?? a.name });
      continue;
    }
    slayByRoll(c, { ...e.afterFightPick40.slay, targets: 'targets' } as Extract<AbilityEffect, { slay: string }>, cands[0], `ability:${a.ability}:${unitId}`, a.player, `ability:${unitId}`, a.ability);
  }
}
