/**
 * The abilities in force for one weapon's attacks (Core 17.0-17.1, 20.0, 27.0; issue 34): the
 * attacker's and the target's effects (abilities/passives.ts, their conditions measured now through the
 * geometry port) read into the modifiers, set characteristics, re-rolls, weapon abilities gained, the
 * critical-hit threshold and the session 36 dice effects (`failUnmodified`, `mortalPerRoll`). Shared by
 * the engine's attack sequence (`attacks.ts`) and the Play panel's expected damage
 * (`src/game/session/expectedDamage.ts`), so the figure shown is the one the engine will play.
 *
 * @module
 */

import { effectsOn, modifiedFrom, rerollFrom, weaponGrantsFrom, type AppliedEffect, type EffectContext } from '../abilities/passives';
import type { GeometryPort } from './geometryPort';
import type { RosterWeapon } from './roster';
import type { GameState } from './state';

const has = (w: RosterWeapon, ability: string) => (w.abilities ?? []).includes(ability);
/** Session 41 (sh41d): the `halveAttacks41d` effects on the weapon named `weapon` (Monster Grapple; grapple41d.ts). */
const halvesOf41d = (list: readonly AppliedEffect[], weapon: string): { attacksHalveUp?: number } => {
  const n = list.filter((a) => 'halveAttacks41d' in a.effect && a.effect.weapon !== undefined && a.effect.weapon.toLowerCase() === weapon.toLowerCase()).length;
  return n > 0 ? { attacksHalveUp: n } : {};
};

/** The abilities in force for one weapon's attacks (abilities/passives.ts): the attacker's and the target's effects. */
export interface WeaponAbilities {
  hit: number;
  wound: number;
  save: number;
  attacks: number;
  damage: number;
  rend: number;
  setAttacks?: number;
  /** Session 41 (sh41d; grapple41d.ts): how many times the Attacks characteristic is halved, rounding up (after `set`, before `add`). */
  attacksHalveUp?: number;
  setDamage?: number;
  /** Session 40 (sh40g): the Damage characteristic is multiplied by this (2 per `double` effect; Core 27.0: after `setDamage`, before `damage`). */
  damageTimes?: number;
  setRend?: number;
  rerollHit: 'ones' | 'failed' | 'any' | null;
  rerollWound: 'ones' | 'failed' | 'any' | null;
  rerollSave: 'ones' | 'failed' | 'any' | null;
  /** Weapon abilities the effects give this weapon (Core 20.0), and the lowest unmodified hit roll that is a critical hit (Core 17.0). */
  grants: string[];
  critOn: number;
  /** Session 41 (sh41c; engine/noCrit41c.ts): the target's `noCrits41c`: attacks that target it score no critical hits (Core 17.0). */
  noCrit41c?: boolean;
  /** Session 41 (sh41c): the target's `noChargeDamage41c` (Anticipated Strike): no Charge (+1 Damage) for combat attacks that target it. */
  noChargeDamage41c?: boolean;
  /** Session 36: the target's "attacks that target it fail on an unmodified hit (wound) roll of 1-N" (0: none). */
  failHit: number;
  failWound: number;
  /** Session 36: mortal damage for each unmodified hit / save roll of a value (`mortalPerRoll`), after the ATTACK ability. */
  rollMortals: RollMortal[];
  rules: string[];
  /** Session 39 (sh39b): the hit, wound and save modifiers one by one (absent: none), for "ignore positive / negative modifiers" (`ignoreModifiers39.ts`). */
  parts?: { hit: readonly number[]; wound: readonly number[]; save: readonly number[] };
}

/** One `mortalPerRoll` effect in force for an attack: which dice it counts and who suffers. */
export interface RollMortal {
  readonly roll: 'save' | 'hit';
  readonly unmodified: number;
  readonly per: number;
  /** The unit that suffers the mortal damage. */
  readonly victim: string;
  /** The unit credited with the damage (the saving unit; none for a persisting spell's hit rolls). */
  readonly by: string;
  readonly ability: string;
  readonly rule: string;
}

/** The range of the attack matches an effect's `attacks` (absent / `all`: any). */
function rangeMatches(e: { attacks?: 'melee' | 'ranged' | 'all' }, weapon: 'melee' | 'ranged'): boolean {
  return e.attacks === undefined || e.attacks === 'all' || e.attacks === weapon;
}

/**
 * Session 36 effects that change the dice of the attack sequence (Core 17.0): `failUnmodified` on the
 * target ("if the unmodified hit roll for an attack that targets this unit is 1-4, the attack fails and
 * the attack sequence ends"; the highest of several applies) and `mortalPerRoll` on either side (the
 * target's unmodified save rolls, the attacker's unmodified hit rolls).
 */
function rollEffects(mine: readonly AppliedEffect[], theirs: readonly AppliedEffect[], weapon: 'melee' | 'ranged', unitId: string, target: string): { failHit: number; failWound: number; rollMortals: RollMortal[]; rules: string[] } {
  let failHit = 0;
  let failWound = 0;
  const rollMortals: RollMortal[] = [];
  const rules: string[] = [];
  for (const a of theirs) {
    const e = a.effect;
    if ('failUnmodified' in e) {
      failHit = Math.max(failHit, e.upTo);
      if (e.failUnmodified === 'hitWound') failWound = Math.max(failWound, e.upTo);
      rules.push(a.rule);
    } else if ('mortalPerRoll' in e && e.roll === 'save' && rangeMatches(e, weapon)) {
      rollMortals.push({ roll: 'save', unmodified: e.unmodified, per: e.mortalPerRoll, victim: e.to === 'attacker' ? unitId : target, by: e.to === 'attacker' ? target : '', ability: a.ability, rule: a.rule });
      rules.push(a.rule);
    }
  }
  for (const a of mine) {
    const e = a.effect;
    if ('mortalPerRoll' in e && e.roll === 'hit' && e.to === 'self' && rangeMatches(e, weapon)) {
      rollMortals.push({ roll: 'hit', unmodified: e.unmodified, per: e.mortalPerRoll, victim: unitId, by: '', ability: a.ability, rule: a.rule });
      rules.push(a.rule);
    }
  }
  return { failHit, failWound, rollMortals, rules };
}

/**
 * The abilities' modifiers for the attacks of `w` by `unitId` on `target` (Core 17.1: hit and wound
 * modifiers are capped with the others by the caller; the save modifier with Rend). Companion
 * weapons are "not affected by friendly abilities that affect weapon characteristics" (Core 20.0):
 * no Attacks, Damage or Rend change for them.
 */
export function weaponAbilities(s: GameState, port: GeometryPort | undefined, unitId: string, target: string, w: RosterWeapon): WeaponAbilities {
  const ctx: EffectContext = { opposing: target, weapon: w.range === 'melee' ? 'melee' : 'ranged', weaponName: w.name };
  const tctx: EffectContext = { opposing: unitId, weapon: ctx.weapon };
  // One listing of the effects on each side (Core 5.4: their conditions checked now), read for every characteristic.
  const mine = effectsOn(s, port, unitId, ctx);
  const theirs = effectsOn(s, port, target, tctx);
  const none = { add: 0, rules: [] as string[] };
  if (mine.length === 0 && theirs.length === 0) return { hit: 0, wound: 0, save: 0, attacks: 0, damage: 0, rend: 0, rerollHit: null, rerollWound: null, rerollSave: null, grants: [], critOn: 6, failHit: 0, failWound: 0, rollMortals: [], rules: [] };
  const companion = has(w, 'companion');
  // The attacker's own hit / wound modifiers, plus those on "attacks that target" the target (`incoming`).
  const own = { hit: modifiedFrom(s, mine, 'hit', ctx), wound: modifiedFrom(s, mine, 'wound', ctx) };
  const inc = { hit: modifiedFrom(s, theirs, 'hit', { ...tctx, incoming: true }), wound: modifiedFrom(s, theirs, 'wound', { ...tctx, incoming: true }) };
  const hit = { add: own.hit.add + inc.hit.add, rules: [...own.hit.rules, ...inc.hit.rules] };
  const wound = { add: own.wound.add + inc.wound.add, rules: [...own.wound.rules, ...inc.wound.rules] };
  const save = modifiedFrom(s, theirs, 'save', tctx);
  // Core 20.0 Companion: "Unless otherwise specified": an effect naming this weapon (Battle Damaged:
  // "the Attacks characteristic of its Stardrake's Cavernous Jaws is 4") specifies it.
  const weaponChars = companion ? mine.filter((a) => 'weapon' in a.effect && a.effect.weapon !== undefined) : mine;
  const attacks = companion && weaponChars.length === 0 ? none : modifiedFrom(s, weaponChars, 'attacks', ctx);
  const damage = companion && weaponChars.length === 0 ? none : modifiedFrom(s, weaponChars, 'damage', ctx);
  const rend = companion && weaponChars.length === 0 ? none : modifiedFrom(s, weaponChars, 'rend', ctx);
  // Weapon abilities gained and critical hits on 5+ change the attack sequence: not for a Companion weapon unless named (Core 20.0).
  const grants = weaponGrantsFrom(weaponChars, ctx);
  const rh = rerollFrom(mine, 'hit', ctx);
  const rw = rerollFrom(mine, 'wound', ctx);
  const rs = rerollFrom(theirs, 'save', tctx);
  const dice = rollEffects(mine, theirs, ctx.weapon as 'melee' | 'ranged', unitId, target);
  const rules = [...new Set([...hit.rules, ...wound.rules, ...save.rules, ...attacks.rules, ...damage.rules, ...rend.rules, ...grants.rules, ...[rh, rw, rs].flatMap((x) => (x ? [x.rule] : [])), ...dice.rules])];
  return {
    hit: hit.add,
    wound: wound.add,
    save: save.add,
    attacks: attacks.add,
    damage: damage.add,
    rend: rend.add,
    ...('set' in attacks && attacks.set !== undefined ? { setAttacks: attacks.set } : {}),
    ...halvesOf41d(mine, w.name), // session 41 (sh41d): Monster Grapple
    ...('set' in damage && damage.set !== undefined ? { setDamage: damage.set } : {}),
    ...('double' in damage && damage.double !== undefined ? { damageTimes: 2 ** damage.double } : {}),
    ...('set' in rend && rend.set !== undefined ? { setRend: rend.set } : {}),
    rerollHit: rh?.which ?? null,
    rerollWound: rw?.which ?? null,
    rerollSave: rs?.which ?? null,
    grants: grants.abilities,
    critOn: grants.critOn,
    ...(theirs.some((a) => 'noCrits41c' in a.effect) ? { noCrit41c: true } : {}),
    ...(ctx.weapon === 'melee' && theirs.some((a) => 'noChargeDamage41c' in a.effect) ? { noChargeDamage41c: true } : {}),
    failHit: dice.failHit,
    failWound: dice.failWound,
    rollMortals: dice.rollMortals,
    rules,
    parts: { hit: [...(own.hit.parts ?? []), ...(inc.hit.parts ?? [])], wound: [...(own.wound.parts ?? []), ...(inc.wound.parts ?? [])], save: save.parts ?? [] },
  };
}

