/**
 * Using an army's abilities (Core 5.0-5.3, 28.0-28.2; `../shared/contract/ABILITIES.md` "Play"):
 * the `useAbility` action declares an ability of a unit (its warscroll's, an enhancement's, a Path
 * to Glory ability's) or of the player (the army's battle traits and others), and `resolveByHand`
 * applies what the player reads in an Effect the engine does not understand. Spells and prayers of
 * the army's lores come here from `magic.ts` once cast / answered ({@link resolveAbility}).
 *
 * Core 5.2 "Using Abilities": 1. Declare the ability (the Declare's picks are checked on the real
 * table through the geometry port: within / wholly within / visible, like every distance of the
 * engine); 2. reactions (an ability with a `Reaction` timing is used while the declaration it
 * reacts to waits: an attack, a spell; `abilities/timing.ts`); 3. resolve the Effect: the engine
 * applies `resolves` (rolling its seeded dice) or the ability waits for `resolveByHand` until the
 * end of its phase.
 *
 * Refusals are data, with the rule: the wrong phase or player (Core 5.2), already used (Core 28.2,
 * naming the limit), the Rules of One (Core 5.3), not on the battlefield (Core 28.0), a pick out
 * of range, not visible or of the wrong keyword (the ability's Declare).
 *
 * @module
 */

import { checkBlessingChoice40h, resolveBlessingPick40h, setBlessing40h } from './blessings40h';
import { applyRune41c, checkRuneChoice41c, resolveRunePick41c } from './runes41c';
import { noPileIn41c } from './noCrit41c';
import { anoint41b, bloodRitesProblem41b, checkBlessingChoice41b, resolveBlessingPick41b } from './bloodRites41b';
import { againstTriggerFields, meetsRollBand } from './trigger40';
import type { Ability, AbilityEffect, AbilityPick } from '../abilities/schema';
import { describeCondition } from '../abilities/describe';
import { findAbility, abilityRule } from '../abilities/catalog';
import { abilityState, limitProblem, limitText, pickedThisBattle, pickedThisTurn, recordUse, rulesOfOneProblem, stampOf, type ActiveEffect } from '../abilities/record';
import { currentTrigger, windowProblem } from '../abilities/timing';
import { triggerConditionProblem } from '../abilities/triggerConditions';
import { conditionHolds, hasKeywordNow, present, targetUnits } from '../abilities/passives';
import { beatsHealth, diceCount, saveCharacteristic, slayByRoll } from './rollEffects';
import { aliveModels, inCombat, mortalDamage, onBattlefield, reject, rollLogged, rollValue, rosterUnit, syncPort, unitMove, type Ctx } from './core';
import { heal } from './pathAbilities';
import { reacted } from './attacks';
import { returnModels } from './returning';
import { setUpUnit } from './deployment';
import { automaticallyDestroy, movementPhaseMovePermit } from './abilityPermits';
import { commandsForbidden } from '../abilities/passivePermissions';
import { grantNextFight } from './fightChain';
import { deferToChainedFight } from './fightChain38';
import { afterFightUsed } from './fightTwice38';
import { checkSetUpNearFriendly } from './setUpNear38';
import { pileInInches } from './abilityMove38';
import { retreatPermit } from './retreat38';
import { noteUnbindGrant } from './unbindGrants';
import { otherFeatureSetUpProblem, terrainPickProblem } from '../abilities/thisTerrain38';
import { applyResource, modelsNear, namedReroll, namedRollModifier } from './resourceTriggers38';
import { raiseDeclaredRedeploy } from './redeploy40';
import { resourceCount } from '../abilities/resourceCounts38';
import { allocatedBy, noteAllocated } from './allocated38';
import { noteSlainByUse, slainByUse } from './afterFight39';
import { unpickableBy } from '../abilities/wardRules38';
import { useRollMet, useRollOf } from './useRoll39';
import { useRollOnMove41d } from './passedAcross41d';
import { mortalProduct41d, pickOffChoice41d } from './rampage41d';
import { secondTargetBonus41d } from './secondTarget41d';
import { checkWeaponChoice41d, withWeaponChoice41d } from './grapple41d';
import { cancelProblem, deferForReactions, exemptUnits, ignoreTrigger, notePerDeclaration, oncePerDeclaration, perDeclarationProblem, rerollResistance, resolvePending } from './cancel38';
import { checkObjectivePick, markObjective } from './objective40';
import { checkFromPoint } from './pointPicks40';
import { applyShoutyBoss, shoutyBossProblem } from './shoutyBoss40e';
import { applyTriggerUnit41a, dirtyTrickRoll41a } from './dirtyTricks41a';
import type { Action, PlayerId } from './state';
import { visibleNow } from '../abilities/hidden41e'; // session 41 (sh41e): Hidden Weapon Team

/** The Path to Glory abilities played by `pathAbilities.ts` `useAbility` (their own timing and checks). */
export const PATH_USE_ABILITIES: readonly string[] = ['Berserker', 'Line-breakers', 'Well of Strength', 'Full-on Attack', 'Tactical Acumen', "Hunter's Eye"];

type UseAction = Extract<Action, { type: 'useAbility' }>;
type Positions = Readonly<Record<string, readonly [number, number]>>;

/** The ability an action names, with the unit using it (null: the player, Core 28.2). */
export function abilityOf(c: Ctx, player: PlayerId, unitId: string | undefined, id: string): { ability: Ability; user: string | null } | null {
  if (unitId !== undefined) {
    const own = Object.prototype.hasOwnProperty.call(c.s.units, unitId) ? findAbility(c.s, c.s.units[unitId].owner, unitId, id) : undefined;
    if (own) return { ability: own, user: unitId };
  }
  const army = findAbility(c.s, player, null, id);
  return army ? { ability: army, user: null } : null;
}

/**
 * Every check of a declaration but the picks, in the order the options show them: the unit (Core
 * 28.0), the timing window (Core 5.2), the once-per limit (Core 28.2), the Rules of One (Core 5.3),
 * the command points of a command. Returns null, or the refusal.
 */
export function useProblem(c: Ctx, player: PlayerId, user: string | null, ability: Ability): { reason: string; rule: string } | null {
  const s = c.s;
  if (user !== null) {
    const u = s.units[user];
    if (u.owner !== player) return { reason: `unit "${user}" is not ${player}'s`, rule: 'Core 28.2' };
    if (!onBattlefield(c, user)) return { reason: `unit "${user}" is not on the battlefield: units using an ability must be`, rule: 'Core 28.0' };
  }
  if (ability.source === 'spell' || ability.source === 'prayer' || ability.castingValue !== undefined || ability.chantingValue !== undefined) {
    return ability.chantingValue !== undefined || ability.source === 'prayer'
      ? { reason: `${ability.name} is a PRAYER: chant it ({"type": "chant", "prayer": "${ability.id}"})`, rule: 'Magic 3.0' }
      : { reason: `${ability.name} is a SPELL: cast it ({"type": "cast", "spell": "${ability.id}"})`, rule: 'Magic 2.0' };
  }
  const w = windowProblem(s, ability, player, user);
  if (w !== null) return w;
  // Session 37: the conditions of its trigger, Declare or Effect on what just happened (abilities/triggerConditions.ts).
  const tc = triggerConditionProblem(s, c.port, player, user, ability);
  if (tc !== null) return tc;
  // Session 38 (ab38d): "that ability has no effect on this unit" needs an ability waiting that picked this unit (cancel38.ts).
  const cx = cancelProblem(c, user, ability);
  if (cx !== null) return cx;
  const sb = shoutyBossProblem(c, player, ability); // session 40 (sh40e): Up We Go!, I'm Off! (shoutyBoss40e.ts)
  if (sb !== null) return sb;
  const br = bloodRitesProblem41b(c, player, ability); // session 41 (sh41b): Blessings of Khaine's Declare (bloodRites41b.ts)
  if (br !== null) return br;
  const lim = limitProblem(s, player, user, ability, ability.timing.limit);
  if (lim !== null) return { reason: lim, rule: 'Core 28.2' };
  // Session 38 (ab38d): "more than once per phase but only once per Spell ability" replaces the same-ability rule (cancel38.ts).
  const one = oncePerDeclaration(ability) ? perDeclarationProblem(s, user, ability) : rulesOfOneProblem(s, user, ability, ability.keywords.some((k) => k.toUpperCase() === 'CORE'));
  if (one !== null) return { reason: one, rule: 'Core 5.3' };
  const cost = ability.cost ?? 0;
  if (cost > s.players[player].cp) return { reason: `${ability.name} costs ${cost} CP and ${player} has ${s.players[player].cp}`, rule: 'Commands 1.2' };
  // An army's own command (it has a cost) used by a unit that cannot use commands (session 37, `noCommands`).
  const noCommands = ability.cost !== undefined && user !== null ? commandsForbidden(s, c.port, user) : null;
  if (noCommands !== null) return { reason: `unit "${user}" cannot use commands (${noCommands})`, rule: 'Commands 1.2' };
  return null;
}

/**
 * Check the Declare's picks on the real table (`ability.picks`): `targets` are matched to the unit
 * picks in order (each takes `count`, default 1; Core 28.0: "each unit you pick must be a
 * different unit"), `point` to a point pick, `choice` to a choice. A pick `within` / `wholly`
 * within N" of the ability's unit is measured through the port (`distance`, `whollyWithin`; a point
 * with `lineToUnit`), `visible` with `visible`, `keyword` / `notKeyword` on the picked unit,
 * `inCombat`. Without `picks` (a Declare the importer did not read) any units on the battlefield may
 * be named: they bound what `resolveByHand` may affect. Returns the picked unit ids.
 */
export function checkPicks(c: Ctx, player: PlayerId, user: string | null, ability: Ability, targets: readonly string[], point?: readonly [number, number], choice?: string): string[] {
  const rule = `${ability.name}: Declare`;
  if (new Set(targets).size !== targets.length) reject('each unit picked must be a different unit', 'Core 28.0');
  for (const t of targets) {
    if (!Object.prototype.hasOwnProperty.call(c.s.units, t)) reject(`unknown unit "${t}"`, rule);
    if (!onBattlefield(c, t)) reject(`unit "${t}" is not on the battlefield: units picked as part of an ability must be`, 'Core 28.0');
  }
  const picks = ability.picks;
  if (picks === undefined) {
    if (point !== undefined) checkPoint(c, user, point, undefined, rule);
    return [...targets];
  }
  let i = 0;
  const picked: string[] = [];
  for (const p of picks) {
    if (pickOffChoice41d(p, choice)) continue; // session 41 (sh41d): a pick of another branch of the choice (rampage41d.ts)
    if (p.kind === 'point') {
      if (point === undefined) reject(`${ability.name}: pick a point ("point": [x, y], inches)`, rule);
      checkPoint(c, user, point, p.within, rule);
      continue;
    }
    if (p.kind === 'choice') {
      if (p.weaponOfTarget41d === true) checkWeaponChoice41d(c, p, picked, choice, rule); // session 41 (sh41d): grapple41d.ts
      else if (choice === undefined || (p.choices !== undefined && !p.choices.includes(choice))) reject(`${ability.name}: pick one of ${(p.choices ?? []).map((x) => `"${x}"`).join(', ')} ("choice")`, rule);
      continue;
    }
    if (p.kind === 'terrain' || p.kind === 'objective') continue; // an objective: `objectiveId` (objective40.ts)
    if (p.each) {
      // "Pick each enemy unit in combat with this unit" (session 36, second pass): all of them, none
      // left out; without targets for it, the engine picks them.
      const all = everyFitting(c, player, user, p, ability);
      if (all.length === 0) reject(`${ability.name}: no unit can be picked: ${describePick(p)}`, rule);
      const mine = targets.slice(i, i + all.length);
      for (const t of mine) checkUnitPick(c, player, user, p, t, rule, ability);
      if (mine.length === 0) {
        picked.push(...all);
        continue;
      }
      const missing = all.filter((u) => !mine.includes(u));
      if (missing.length > 0) reject(`${ability.name} picks each unit that fits, and ${missing.map((u) => `"${u}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not picked: pick ${describePick(p)}`, rule);
      picked.push(...mine);
      i += mine.length;
      continue;
    }
    // "Pick any number of different ... units" (session 36, second pass): every unit given from here on, at least one.
    // `countIf` (session 39, sh39a): more units when its condition holds for the ability's unit now.
    const n = (p.anyNumber ? targets.length - i : p.countIf !== undefined && user !== null && conditionHolds(c.s, c.port, p.countIf.if, user, user) ? p.countIf.count : (p.count ?? 1)) + secondTargetBonus41d(c, player, ability, p, targets, i); // session 41 (sh41d)
    const mine = targets.slice(i, i + n);
    if (mine.length === 0) reject(`${ability.name}: pick ${describePick(p)} ("targets")`, rule);
    for (const t of mine) checkUnitPick(c, player, user, p, t, rule, ability);
    if (p.fromPoint) for (const t of mine) checkFromPoint(c, point, p, t, rule); // session 40 (sh40d): pointPicks40.ts
    picked.push(...mine);
    i += mine.length;
  }
  if (i < targets.length) reject(`${ability.name} picks ${i} unit(s); ${targets.length} given`, rule);
  return picked;
}

/**
 * Every unit an `each` pick makes a target: the units on the battlefield (manifestations aside, as
 * the options list picks) that fit the pick, in the order of `state.units`.
 */
export function everyFitting(c: Ctx, player: PlayerId, user: string | null, p: AbilityPick, ability?: Ability, memo?: Map<string, boolean>): string[] {
  return Object.keys(c.s.units).filter((t) => c.s.units[t].manifestation === undefined && onBattlefield(c, t) && pickProblem(c, player, user, p, t, memo, ability) === null);
}

/** A pick as words: "an enemy unit within 12" visible to this unit". */
export function describePick(p: AbilityPick): string {
  const side = p.kind === 'friendlyUnit' ? ' friendly' : p.kind === 'enemyUnit' ? ' enemy' : '';
  const who = p.each ? `each${side}` : p.anyNumber ? `any number of different${side}` : p.closest ? `the closest${p.kind === 'friendlyUnit' ? ' friendly' : p.kind === 'enemyUnit' ? ' enemy' : ''}` : p.kind === 'friendlyUnit' ? (p.notSelf ? 'another friendly' : 'a friendly') : p.kind === 'enemyUnit' ? 'an enemy' : 'a';
  const kw = `${p.warscroll ? ` ${p.warscroll}` : ''}${p.keyword ? ` ${p.keyword}` : ''}${p.anyKeyword ? ` ${p.anyKeyword.join(' or ')}` : ''}`;
  const range = p.within !== undefined ? ` ${p.wholly ? 'wholly ' : ''}within ${p.within}"${p.from === 'terrain' ? ' of this terrain feature' : p.fromPoint ? ' of the point' : ''}` : '';
  return `${who}${kw} unit${p.anyNumber ? 's' : ''}${range}${p.visible ? ' visible to this unit' : ''}${p.notKeyword ? ` that is not ${p.notKeyword}` : ''}${p.inCombat !== undefined ? (p.inCombat ? ' in combat' : ' not in combat') : ''}${p.cond ? ` ${describeCondition(p.cond)}` : ''}${p.notPickedThisTurn ? ' not picked by this ability this turn' : ''}${p.notPickedThisBattle ? ' not picked by this ability this battle' : ''}`;
}

/** What a use records of its picks: the targets, only when a pick must not repeat them this turn (`notPickedThisTurn`). */
export function pickRecord(ability: Ability, picked: readonly string[]): { targets?: readonly string[] } {
  return ability.picks?.some((p) => p.notPickedThisTurn || p.notPickedThisBattle) ? { targets: [...picked] } : {};
}

/**
 * Why unit `t` cannot be picked for `p`, or null (measured through the port: the closest distance
 * first, then wholly within only for a unit that close). `memo`: answers of the same measurement
 * already made (the options ask many abilities about the same units). `ability`: the ability whose
 * pick it is, for `notPickedThisTurn` (without it, a unit picked earlier this turn is not refused).
 * `closest`: no other unit on the battlefield (manifestations aside, as the options list picks) that
 * fits the rest of the pick is closer to the ability's unit (Core 1.0; units tied may each be picked).
 */
export function pickProblem(c: Ctx, player: PlayerId, user: string | null, p: AbilityPick, t: string, memo?: Map<string, boolean>, ability?: Ability): string | null {
  const s = c.s;
  const owner = s.units[t].owner;
  if (p.kind === 'friendlyUnit' && owner !== player) return `"${t}" is not a friendly unit`;
  if (p.kind === 'enemyUnit' && owner === player) return `"${t}" is not an enemy unit`;
  if (p.unitIf !== undefined) {
    // The Declare's "If this unit ..., pick ...": on the ability's unit, now.
    if (user === null) return 'the ability has no unit for the condition of its Declare';
    if (!conditionHolds(s, c.port, p.unitIf, user, user)) return `"${user}" does not meet the Declare's condition (${describeCondition(p.unitIf)})`;
  }
  if (p.each && t === user) return `"${t}" is the unit using the ability: "each" picks the other units`;
  if (p.notSelf && t === user) return `"${t}" is the unit using the ability: pick another unit`;
  if (p.cond !== undefined && !conditionHolds(s, c.port, p.cond, t, user)) return `"${t}" is not a unit ${describeCondition(p.cond)}`;
  if (p.warscroll !== undefined && rosterUnit(s, t).name.toLowerCase() !== p.warscroll.toLowerCase()) return `"${t}" is not a ${p.warscroll} unit`;
  if (p.keyword !== undefined && !hasKeywordNow(s, c.port, t, p.keyword)) return `"${t}" is not ${p.keyword}`;
  if (p.anyKeyword !== undefined && !p.anyKeyword.some((k) => hasKeywordNow(s, c.port, t, k))) return `"${t}" is not ${p.anyKeyword.join(' or ')}`;
  if (p.notKeyword !== undefined && hasKeywordNow(s, c.port, t, p.notKeyword)) return `"${t}" is ${p.notKeyword}`;
  if (p.notPickedThisTurn && ability !== undefined && pickedThisTurn(s, player, ability.name, t)) return `"${t}" was already picked to be the target of ${ability.name} this turn`;
  if (p.notPickedThisBattle && ability !== undefined && pickedThisBattle(s, player, ability.name, t)) return `"${t}" was already picked to be the target of ${ability.name} this battle`; // session 39 (sh39c)
  // Session 38 (ab38d): "cannot be picked to be the target of enemy Rampage abilities" (wardRules38.ts).
  const immune = ability !== undefined ? unpickableBy(s, c.port, player, t, ability) : null;
  if (immune !== null) return immune;
  if (p.inCombat !== undefined && inCombat(s, c.port, t) !== p.inCombat) return `"${t}" is ${p.inCombat ? 'not ' : ''}in combat`;
  if (p.from === 'terrain') {
    // Session 38 (ab38a): measured from the ability's faction terrain feature ("of this terrain feature").
    const why = terrainPickProblem(s, c.port, player, ability?.id, t, p.within, p.wholly === true, memo);
    if (why !== null) return why;
  } else if ((p.within !== undefined && !p.fromPoint) || p.visible) {
    if (user === null) return `the ability has no unit to measure "${t}" from`;
    if (p.within !== undefined && !p.fromPoint && t !== user) {
      const key = `${user}|${t}|${p.within}|${p.wholly === true}`;
      let ok = memo?.get(key);
      if (ok === undefined) {
        // Wholly within needs within first: the cheap closest distance rules most units out.
        ok = c.port.distance(user, t) <= p.within + 1e-6 && (!p.wholly || c.port.whollyWithin(t, user, p.within));
        memo?.set(key, ok);
      }
      if (!ok) return `"${t}" is not ${p.wholly ? 'wholly ' : ''}within ${p.within}" of "${user}" (${c.port.distance(user, t).toFixed(2)}")`;
    }
    if (p.visible && t !== user && !visibleNow(s, c.port, user, t)) return `"${t}" is not visible to "${user}"`;
  }
  if (p.closest) {
    if (user === null) return `the ability has no unit to measure "${t}" from`;
    const d = c.port.distance(user, t);
    const best = closestFitting(c, player, user, p, memo, ability);
    // `t` fits the rest of the pick (checked above), so the closest fitting unit is at most as far.
    if (best !== null && best.id !== t && best.distance < d - 1e-6) return `"${t}" is not the closest: "${best.id}" is closer to "${user}" (${best.distance.toFixed(2)}" against ${d.toFixed(2)}")`;
  }
  return null;
}

/** The closest unit found for a `closest` pick, per options memo (one listing asks every candidate). */
const closestMemo = new WeakMap<Map<string, boolean>, Map<string, { id: string; distance: number } | null>>();

/**
 * The unit on the battlefield closest to `user` that fits the rest of the pick `p` (manifestations
 * aside, as the options list picks), or null: the units by distance, each asked in turn whether it
 * fits until one does (visibility, the costly question, only for the nearest few).
 */
function closestFitting(c: Ctx, player: PlayerId, user: string, p: AbilityPick, memo: Map<string, boolean> | undefined, ability: Ability | undefined): { id: string; distance: number } | null {
  const rest: AbilityPick = { ...p, closest: false };
  const key = `${user}|${player}|${ability?.name ?? ''}|${JSON.stringify(rest)}`;
  const cache = memo ? (closestMemo.get(memo) ?? new Map<string, { id: string; distance: number } | null>()) : undefined;
  if (memo && cache && !closestMemo.has(memo)) closestMemo.set(memo, cache);
  const hit = cache?.get(key);
  if (hit !== undefined) return hit;
  const units = Object.keys(c.s.units)
    .filter((e) => e !== user && c.s.units[e].manifestation === undefined && onBattlefield(c, e))
    .map((e) => ({ id: e, distance: c.port.distance(user, e) }))
    .sort((a, b) => a.distance - b.distance);
  const found = units.find((u) => pickProblem(c, player, user, rest, u.id, memo, ability) === null) ?? null;
  cache?.set(key, found);
  return found;
}

function checkUnitPick(c: Ctx, player: PlayerId, user: string | null, p: AbilityPick, t: string, rule: string, ability: Ability): void {
  const why = pickProblem(c, player, user, p, t, undefined, ability);
  if (why !== null) reject(`${why}: pick ${describePick(p)}`, rule);
}

function checkPoint(c: Ctx, user: string | null, point: readonly [number, number], within: number | undefined, rule: string): void {
  if (user === null) {
    if (within !== undefined) reject('the ability has no unit to measure the point from', rule);
    return;
  }
  const line = c.port.lineToUnit(user, point);
  if (!line.onBattlefield) reject(`the point (${point[0]}, ${point[1]}) is not on the battlefield`, rule);
  if (within !== undefined && line.distanceInches > within + 0.001) reject(`the point (${point[0]}, ${point[1]}) is not within ${within}" of "${user}" (${line.distanceInches.toFixed(2)}")`, rule);
}

/**
 * `useAbility` (ABILITIES.md): declare an ability of unit `unitId` (or of the player), check it and
 * its picks, record the use, then resolve it ({@link resolveAbility}). A reaction used in an
 * attack's reactions window passes the turn to react to the other player (Core 5.2).
 */
export function useArmyAbility(c: Ctx, a: UseAction & { readonly positions?: Positions }): void {
  const s = c.s;
  const found = abilityOf(c, a.player, a.unitId, a.ability);
  if (found === null) reject(`${a.unitId !== undefined ? `unit "${a.unitId}"` : a.player} has no ability "${a.ability}"`, 'Core 28.2');
  const { ability, user } = found;
  if (a.unitId !== undefined && user === null && !Object.prototype.hasOwnProperty.call(s.units, a.unitId)) reject(`unknown unit "${a.unitId}"`, 'Core 28.2');
  const problem = useProblem(c, a.player, user, ability);
  if (problem !== null) reject(problem.reason, problem.rule);
  const targets = [...(a.targets ?? []), ...(a.target !== undefined ? [a.target] : [])];
  const picked = checkPicks(c, a.player, user, ability, targets, a.point, a.choice);
  const objective = checkObjectivePick(c, a.player, user, ability, a.objectiveId); // session 40 (sh40d): objective40.ts
  checkBlessingChoice40h(c, a.player, ability, a.choice); // session 40 (sh40h): blessings40h.ts
  checkRuneChoice41c(c, a.player, ability, a.choice); // session 41 (sh41c): runes41c.ts
  checkBlessingChoice41b(c, a.player, ability, a.choice); // session 41 (sh41b): bloodRites41b.ts
  const trigger = currentTrigger(s);
  const cost = ability.cost ?? 0;
  if (cost > 0) s.players[a.player].cp -= cost;
  recordUse(s, { player: a.player, unitId: user, ability: ability.id, name: ability.name, core: ability.keywords.some((k) => k.toUpperCase() === 'CORE'), ...pickRecord(ability, picked) });
  c.events.push({
    type: 'abilityUsed',
    player: a.player,
    unitId: user,
    ability: ability.id,
    name: ability.name,
    source: ability.source,
    timing: ability.timing.text,
    ...(ability.timing.limit ? { limit: limitText(ability.timing.limit) } : {}),
    declare: ability.declare,
    effect: ability.effect,
    targets: picked,
    ...(a.point ? { point: a.point } : {}),
    ...(a.choice !== undefined ? { choice: a.choice } : {}),
    ...(objective !== undefined ? { objectiveId: objective } : {}),
    ...(cost > 0 ? { cost, cpLeft: s.players[a.player].cp } : {}),
    ...(trigger !== null && ability.timing.when === 'reaction' ? { reactsTo: trigger.name } : {}),
  });
  noteUnbindGrant(c, user, ability); // a reaction that lets its unit Unbind the waiting spell (unbindGrants.ts)
  notePerDeclaration(c, user, ability); // once per Spell ability (cancel38.ts)
  // Session 38 (ab38d): a picked unit that can make it have no effect on itself reacts first (Core 5.2; cancel38.ts).
  const extra = { point: a.point, choice: a.choice, positions: a.positions, objective };
  if (!deferForReactions(c, a.player, user, ability, picked, extra)) resolveAbility(c, a.player, user, ability, picked, extra);
  if (ability.timing.when === 'reaction' && s.pendingAttack !== null) reacted(c, a.player);
}

/** Resolve the ability waiting for "no effect" reactions, if any (session 38, `cancel38.ts`): before the next action closing its window, or on `pass`. */
export function resolvePendingUse(c: Ctx): void {
  resolvePending(c, (player, user, ability, picked, extra) => resolveAbility(c, player, user, ability, picked, extra), (player, unitId, id) => abilityOf(c, player, unitId ?? undefined, id)?.ability);
}

/**
 * Step 3 of Core 5.2: apply the ability's `resolves` (the engine understood its whole text), or
 * leave it waiting for `resolveByHand` until the end of the phase.
 */
export function resolveAbility(c: Ctx, player: PlayerId, user: string | null, ability: Ability, picked: readonly string[], extra: { point?: readonly [number, number]; choice?: string; positions?: Positions; castRoll?: number; objective?: string } = {}): void {
  const st = abilityState(c.s);
  const order = st.order++;
  if (ability.resolves === null) {
    st.awaiting.push({ player, unitId: user, ability: ability.id, name: ability.name, targets: [...(user !== null ? [user] : []), ...picked.filter((t) => t !== user)], ...(extra.point ? { point: [extra.point[0], extra.point[1]] as const } : {}), ...(extra.choice !== undefined ? { choice: extra.choice } : {}), at: stampOf(c.s) });
    c.events.push({ type: 'abilityAwaitsByHand', player, unitId: user, ability: ability.id, name: ability.name, effect: ability.effect });
    return;
  }
  const dirty41a = dirtyTrickRoll41a(c, player, user, ability, picked); // session 41 (sh41a): dirtyTricks41a.ts
  if (dirty41a === 'fail') return;
  if (dirty41a === 'byHand') return resolveAbility(c, player, user, { ...ability, resolves: null }, picked, extra);
  // "Pick 1 of the following effects" (session 37, decl37): only the branch picked (`choice`, checked with the picks).
  for (const e of ability.resolves) if ('markObjective' in e) markObjective(c, player, e.markObjective, extra.objective, ability.name); // session 40 (sh40d)
  else if ('blessingPick40h' in e) resolveBlessingPick40h(c, player, ability, e, extra.choice, (x) => applyEffect(c, player, user, ability.id, ability.name, abilityRule(ability), x, picked, order, false, extra.positions, extra.castRoll), () => resolveAbility(c, player, user, { ...ability, resolves: null }, picked, extra)); // session 40 (sh40h)
  else if ('runePick41c' in e) resolveRunePick41c(c, player, ability, e, extra.choice, order, () => resolveAbility(c, player, user, { ...ability, resolves: null }, picked, extra)); // session 41 (sh41c)
  else if ('blessingPick41b' in e) resolveBlessingPick41b(c, player, ability, e, extra.choice, order, () => resolveAbility(c, player, user, { ...ability, resolves: null }, picked, extra)); // session 41 (sh41b)
  else if (e.choice === undefined || e.choice === extra.choice) applyEffect(c, player, user, ability.id, ability.name, abilityRule(ability), withWeaponChoice41d(e, extra.choice), picked, order, false, extra.positions, extra.castRoll); // withWeaponChoice41d: session 41 (sh41d)
}

/** Effects that persist (Core 28.1) rather than happen once. */
function persists(e: AbilityEffect): boolean {
  return 'modify' in e || 'set' in e || 'ward' in e || 'reroll' in e || 'weaponAbility' in e || 'critOn' in e || 'strike' in e || ('keyword' in e && 'add' in e) || 'mayShootInCombat' in e || 'mayChargeAfter' in e || 'mayShootAfter' in e || 'mortalPerRoll' in e || 'failUnmodified' in e || 'maxControl' in e || 'noCommands' in e || 'unbindAsWizard' in e || 'ignoreFirstDamage' in e || 'halve' in e || 'passThrough' in e || 'noWeaponAbility41a' in e || 'healAllocated' in e || 'fightTwice' in e || 'retreatNoDamage' in e || 'wardForbidden' in e || 'foeAfterFight' in e || 'maxAttacks' in e || 'ignoreModifiers' in e || 'noRun' in e || 'afterShoot40' in e || 'afterFightPick40' in e || 'noCommand' in e || 'afterShootMove40f' in e || 'secondTarget41d' in e || 'halveAttacks41d' in e || 'unpickableBy' in e || 'noPileIn41c' in e || 'noCrits41c' in e; // unpickableBy: session 41 (sh41b), Roaring Idol; noPileIn41c / noCrits41c: sh41c (noCrit41c.ts)
}

/** The gate rolls of `rollOnce` effects made during one action, by `${order}:${unit}` (order: the ability's use). */
const gateRolls = new WeakMap<Ctx, Map<string, number[]>>();
function sharedRolls(c: Ctx): Map<string, number[]> {
  let m = gateRolls.get(c);
  if (m === undefined) gateRolls.set(c, (m = new Map()));
  return m;
}

/**
 * Apply one effect (ABILITIES.md "The effect vocabulary") to its target units: each `if` condition
 * is checked (a `roll` rolled) for one unit before the next (Core 28.0: "roll and resolve the
 * effect for one unit before moving on to the next"); a unit whose condition fails is not affected
 * (event `abilityEffectSkipped`). Modifiers and permissions persist for their duration (default:
 * the phase; Core 28.1); mortal damage, healing, returned models, moves, set-ups and points happen now.
 */
export function applyEffect(c: Ctx, player: PlayerId, user: string | null, id: string, name: string, rule: string, e: AbilityEffect, picked: readonly string[], order: number, byHand: boolean, positions?: Positions, castRoll?: number): void {
  const s = c.s;
  // Session 40 (sh40c): a reaction raising the declared Redeploy's roll (redeploy40.ts).
  if ('redeployDeclaredAtLeast' in e) return raiseDeclaredRedeploy(c, player, user, id, name, rule, e.redeployDeclaredAtLeast);
  if ('shoutyBoss' in e) return applyShoutyBoss(c, player, id, name, e, picked, positions); // session 40 (sh40e): shoutyBoss40e.ts
  if ('blessing40h' in e) return setBlessing40h(c, player, name, e.blessing40h, e.active, order); // session 40 (sh40h): blessings40h.ts
  if ('rune41c' in e) return applyRune41c(c, player, name, e, order); // session 41 (sh41c): runes41c.ts
  if ('dirtyTrickRoll41a' in e || 'dirtyTrickRule41a' in e || 'dirtyTrickPlus41a' in e) return; // session 41 (sh41a): made before the effects (dirtyTricks41a.ts)
  if ('triggerUnit41a' in e) return applyTriggerUnit41a(c, player, user, id, name, e, (x, units) => applyEffect(c, player, user, id, name, rule, x, units, order, byHand)); // session 41 (sh41a): Keep 'Em in Line
  if ('anointed41b' in e) return anoint41b(c, player, name, targetUnits(s, e, player, user, picked)); // session 41 (sh41b): bloodRites41b.ts
  // Session 38 (ab38d): the units a reaction made this ability have no effect on (cancel38.ts).
  const exempt = exemptUnits(c);
  const all = targetUnits(s, e, player, user, picked).filter((t) => {
    if (exempt === undefined || !exempt.units.has(t)) return true;
    c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: `${exempt.by} made ${name} have no effect on this unit` });
    return false;
  });
  const units: string[] = [];
  const rolls: Record<string, number[]> = {};
  const purpose = `ability:${user ?? player}:${id}`;
  // "... If the chanting roll was 8+, <another effect> instead": this one is replaced at N+ (session 36, second pass).
  if (e.unlessCastRoll !== undefined && castRoll !== undefined && castRoll >= e.unlessCastRoll) {
    c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: all[0] ?? user, why: `the roll was ${castRoll}: at ${e.unlessCastRoll}+ another effect applies instead` });
    return;
  }
  // "If it is picked to do so, ..." (session 38): kept for the chained fight this use granted (fightChain38.ts).
  if (e.if?.pickedToFight === true) {
    deferToChainedFight(c, player, user, id, name, e, all, order);
    return;
  }
  for (const t of all) {
    if (!present(s, c.port, t) && !('returnModels' in e) && !('setUp' in e)) continue;
    // "each visible friendly ... unit": visible to the ability's unit now (Core 6.0; the unit itself counts, as for a pick).
    if (e.visible === true && (user === null || (t !== user && !visibleNow(s, c.port, user, t)))) {
      c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: `not visible to ${user ?? 'the ability\'s unit'}` });
      continue;
    }
    const cond = e.if;
    if (cond !== undefined) {
      // "If the chanting roll was 8+": the roll the spell or prayer was cast / chanted with (magic.ts).
      if (cond.castRoll !== undefined && (castRoll === undefined || castRoll < cond.castRoll)) {
        c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: castRoll === undefined ? 'no casting or chanting roll was made' : `the roll was ${castRoll}, needed ${cond.castRoll}+` });
        continue;
      }
      // Session 38 (ab38d): "If 3 or more damage points are allocated to the target by this ability" (cancel38.ts `allocatedBy`).
      if (cond.allocatedByUse !== undefined && allocatedBy(c, order, t) < cond.allocatedByUse) {
        c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: `${allocatedBy(c, order, t)} damage points were allocated to it by this ability, needed ${cond.allocatedByUse}` });
        continue;
      }
      // Session 39 (sh39b): "If any models are slain as a result of this ability" (afterFight39.ts `slainByUse`).
      if (cond.slainByUse === true && slainByUse(c, order, t) === 0) {
        c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: 'no model of it was slain by this ability' });
        continue;
      }
      if (!conditionHolds(s, c.port, { ...cond, roll: undefined, castRoll: undefined, allocatedByUse: undefined, slainByUse: undefined, useRoll: undefined }, t, user)) {
        c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: 'its condition does not hold' });
        continue;
      }
      // Session 39 (sh39c, useRoll39.ts): "Roll a D3. On a 2+: ..." one roll for the whole use, every effect reading it.
      if (cond.useRoll !== undefined) {
        const u = useRollMet(c, order, cond.useRoll, purpose, player);
        rolls[t] = [u.roll];
        if (!u.met) {
          c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: `rolled ${u.roll}, needed ${cond.useRoll.on}` });
          continue;
        }
      }
      // The roll after the other conditions ("If this unit is not in combat, roll a dice. On a 3+, ...": no roll when unmet; roll37).
      if (cond.roll !== undefined) {
        // `rollEach: "model"`: a dice for each model of the ability's unit, any of them meeting the roll (roll37).
        const n = cond.rollEach === 'model' && user !== null ? aliveModels(s, user).length : 1;
        // `rollOnce` (tail37b): the dice already rolled for this unit by this use of the ability, when there is one.
        const shared = cond.rollOnce !== undefined ? sharedRolls(c) : undefined;
        // `rollOnce: "use"` (session 39, sh39a): one dice for the whole use, whichever unit it is rolled for first.
        const key = cond.rollOnce === 'use' ? `${order}` : `${order}:${t}`;
        let ds = shared?.get(key) ?? rollLogged(c, n, 6, `${purpose}:if`, player);
        // Session 38 (ab38d): a failed resistance roll re-rolled when an ability lets it (cancel38.ts).
        if ('ignoreTrigger' in e && e.resistance === true) ds = rerollResistance(c, t, ds, Number(cond.roll[0]), `${purpose}:if`, player);
        // "Add 1 to the roll if the target is damaged" (`rollPlus`, roll37).
        // "... and add the number of momentum points this unit has to the roll" (`rollAddResource`, session 38, ab38b).
        const plus = (cond.rollPlus !== undefined && conditionHolds(s, c.port, cond.rollPlus.if, t, user) ? cond.rollPlus.by : 0) + (cond.rollAddResource !== undefined && user !== null ? resourceCount(s, user, cond.rollAddResource) : 0);
        // A failed named roll ("forgin' roll") re-rolled once by an ability of the unit (`rerollNamed`, session 38, ab38b; Core 1.0).
        const rr = cond.rollName !== undefined && !shared?.has(key) && !ds.some((d) => meetsRollBand(cond, d + plus)) ? namedReroll(c, user, cond.rollName) : null;
        if (rr !== null) {
          const again = rollLogged(c, n, 6, `${purpose}:if:reroll`, player);
          c.events.push({ type: 'rerolled', roll: cond.rollName, unitId: user, dice: ds, rerolled: again, rule: rr });
          ds = again;
        }
        shared?.set(key, ds);
        rolls[t] = ds;
        if (!ds.some((d) => meetsRollBand(cond, d + plus))) {
          c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: `rolled ${ds.join(' ')}${plus > 0 ? ` + ${plus}` : ''}, needed ${n > 1 ? 'any ' : ''}${cond.rollAtMost !== undefined ? `${cond.roll[0]}-${cond.rollAtMost}` : cond.roll}` });
          continue;
        }
      }
    }
    // "Roll 2D6. If the result exceeds the target's Health characteristic, ..." (`rollHealth`, tail37b): the dice's sum against the warscroll's Health.
    if (cond?.rollHealth !== undefined) {
      const shared = cond.rollOnce === true ? sharedRolls(c) : undefined;
      const ds = shared?.get(`${order}:${t}`) ?? rollLogged(c, cond.rollHealth.dice === '2D6' ? 2 : 1, 6, `${purpose}:if`, player);
      shared?.set(`${order}:${t}`, ds);
      rolls[t] = ds;
      const sum = ds.reduce((a, b) => a + b, 0);
      const health = rosterUnit(s, t).warscroll.health;
      if (!beatsHealth(sum, health, cond.rollHealth.test)) {
        c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: `rolled ${sum}, needed ${cond.rollHealth.test === 'exceeds' ? 'more than' : cond.rollHealth.test === 'atLeast' ? 'at least' : cond.rollHealth.test === 'atMost' ? 'at most' : 'at least double'} its Health ${health}` });
        continue;
      }
    }
    units.push(t);
  }
  const base = { type: 'abilityEffect', player, unitId: user, ability: id, name, rule, effect: e, units, ...(byHand ? { byHand: true } : {}) };
  if (persists(e)) {
    if (units.length === 0 && e.targets !== 'friendly' && e.targets !== 'enemy') {
      c.events.push({ ...base, applied: false });
      return;
    }
    // "Add a number equal to the roll" (session 39, sh39c): `by` is the use's roll, fixed now.
    const byRoll = 'byRoll' in e && e.byRoll === true && e.if?.useRoll !== undefined ? { by: useRollOf(c, order, e.if.useRoll.die, purpose, player) * ('byRollTimes41a' in e && e.byRollTimes41a !== undefined ? e.byRollTimes41a : 1), byRoll: undefined, byRollTimes41a: undefined } : {};
    // "... while they are wholly within 18" of the target" (session 39, sh39c): `of: "picked"` is the Declare's target, fixed now.
    const ofPicked = e.while?.of === 'picked' && picked.length === 1 ? { while: { ...e.while, of: picked[0] } } : {};
    // "... that target that enemy unit" in an attack reaction (session 40, sh40a; trigger40.ts): `against` is the attacker, fixed now.
    const vsTrigger = againstTriggerFields(s, e);
    if (vsTrigger === null) {
      c.events.push({ ...base, applied: false });
      return;
    }
    const entry: ActiveEffect = { ability: id, name, player, unitId: user, effect: { ...e, ...byRoll, ...ofPicked, ...vsTrigger, if: undefined, duration: e.duration ?? 'phase' } as AbilityEffect, units, order, at: stampOf(s) };
    // "Until the end of the next turn" (session 38, ab38b): a new use replaces the same effect of the same ability on the same units (Core 5.3, 28.1).
    if (e.duration === 'nextTurnEnd') abilityState(s).active = abilityState(s).active.filter((x) => !(x.ability === id && x.effect.duration === 'nextTurnEnd' && x.units.join() === units.join() && JSON.stringify({ ...x.effect, duration: 0 }) === JSON.stringify({ ...entry.effect, duration: 0 })));
    abilityState(s).active.push(entry);
    c.events.push({ ...base, duration: entry.effect.duration, ...(Object.keys(rolls).length ? { rolls } : {}) });
    if ('fightTwice' in e) for (const t of units) afterFightUsed(c, t); // a unit that already fought once: Strike-last now (session 38)
    return;
  }
  c.events.push({ ...base, ...(Object.keys(rolls).length ? { rolls } : {}) });
  if ('cp' in e) {
    s.players[player].cp = Math.max(0, s.players[player].cp + e.cp);
    c.events.push({ type: 'cpGained', player, gain: e.cp, cp: s.players[player].cp, ability: name });
    return;
  }
  if ('vp' in e) {
    s.players[player].vp = Math.max(0, s.players[player].vp + e.vp);
    c.events.push({ type: 'vpScored', player, vp: e.vp, total: s.players[player].vp, ability: name });
    return;
  }
  if ('note' in e) return;
  if ('ignoreTrigger' in e) {
    ignoreTrigger(c, units, name, e);
    return;
  }
  for (const t of units) {
    if ('mortal' in e) {
      // `ownModelNear` (session 38, ab38b): a dice for each model of this unit within `near` of the target.
      const each = Math.min(e.max ?? Infinity, e.each === 'ownModelNear' ? modelsNear(c, user, t, e.near ?? 3) : diceCount(s, e, t));
      // "Add 2 to the roll if the target charged this turn" (`onPlus`, roll37): on the gate roll, and on the amount "equal to the roll".
      // A named roll's modifiers ("Add 1 to shield bash rolls ...", session 38, ab38b) on the gate roll too.
      const plus = (e.onPlus !== undefined && conditionHolds(s, c.port, e.onPlus.if, t, user) ? e.onPlus.by : 0) + (e.rollName !== undefined ? namedRollModifier(c, user, e.rollName) : 0);
      let amount = 0;
      const dice: number[] = [];
      for (let k = 0; k < each; k++) {
        // The gate's dice (D6, or D3 with `die`); `mortal: "roll"`: the amount is that roll (session 36, "equal to the roll").
        let gate: number | undefined;
        if (e.mortal === 'roll' && e.if?.useRoll !== undefined) gate = useRollOf(c, order, e.if.useRoll.die, purpose, player); // session 39 (sh39c): the use's one roll
        else if (e.on !== undefined || e.mortal === 'roll') {
          [gate] = rollLogged(c, 1, e.die === 'D3' ? 3 : 6, `${purpose}:on:${t}`, player);
          dice.push(gate);
          if (e.on !== undefined && gate + plus < Number(e.on[0])) continue;
        } else if (e.vs === 'save') {
          // "If the roll equals or exceeds the target's Save characteristic" (roll37): a D6 against the Save (none: never).
          [gate] = rollLogged(c, 1, 6, `${purpose}:vs:${t}`, player);
          dice.push(gate);
          const save = saveCharacteristic(c, t);
          if (save === null || gate < save) continue;
        }
        amount += e.mortal === 'roll' ? (gate as number) + plus : rollValue(c, e.mortal, `${purpose}:mortal:${t}`, player);
      }
      c.events.push({ type: 'abilityMortal', ability: id, unitId: t, ...(dice.length ? { dice } : {}), amount });
      if (amount > 0) {
        const done = mortalDamage(c, t, amount, `ability:${user ?? ''}`);
        noteAllocated(c, order, t, done.allocated);
        noteSlainByUse(c, order, t, done.slain.length); // session 39 (sh39b)
      }
    } else if ('heal' in e) {
      heal(c, t, rollValue(c, e.heal, `${purpose}:heal:${t}`, player), rule);
    } else if ('returnModels' in e) {
      const n = Math.min(rollValue(c, e.returnModels, `${purpose}:return:${t}`, player), s.units[t].slain.length);
      if (n <= 0) continue;
      const given = positions ? Object.keys(positions).filter((m) => s.units[t].slain.includes(m)) : [];
      const back = given.length > 0 ? given.slice(0, n) : s.units[t].slain.slice(s.units[t].slain.length - n);
      returnModels(c, t, back, given.length > 0 ? positions : undefined);
      c.events.push({ type: 'modelsReturned', unitId: t, returned: back, ability: name });
    } else if ('move' in e) {
      const forbid = e.move === 'pileIn' ? noPileIn41c(s, c.port, t) : null; // session 41 (sh41c): "cannot make pile-in moves" (noCrit41c.ts)
      if (forbid !== null) { c.events.push({ type: 'abilityEffectSkipped', ability: id, name, unitId: t, why: `${forbid}: it cannot make pile-in moves` }); continue; }
      const rolled = e.inches === 'move' ? unitMove(c, t, player) : rollValue(c, e.inches, `${purpose}:move:${t}`, player); // 'move': the Move characteristic (session 41, sh41d)
      const inches = e.move === 'pileIn' ? pileInInches(c, t, rolled) : rolled; // "add 3" to the distance" of pile-ins (session 38)
      const as = e.move === 'any' || e.move === 'normal' ? 'normal' : e.move;
      s.units[t].turn.pendingMove = { kind: 'ability', maxInches: inches, as, ability: name, ...(e.end ? { end: e.end } : {}), ...(e.through ? { through: e.through } : {}), ...(e.passedAcross ? { passedAcross: e.passedAcross } : {}), ...useRollOnMove41d(c, order, e, purpose, player) }; // passedAcross: session 40 (sh40f); useRoll41d: session 41 (sh41d)
      c.events.push({ type: 'abilityMove', unitId: t, ability: name, moveAs: as, maxInches: inches });
    } else if ('setUp' in e) {
      setUpByAbility(c, player, user, t, e, positions, name, id);
    } else if ('slay' in e) {
      slayByRoll(c, e, t, purpose, player, `ability:${user ?? ''}`, id);
    } else if ('destroyed' in e) {
      automaticallyDestroy(c, t, `ability:${user ?? ''}`);
    } else if ('movementPhaseMove' in e) {
      movementPhaseMovePermit(c, player, t, e.movementPhaseMove, name);
    } else if ('fightNext' in e) {
      grantNextFight(c, player, t, name);
    } else if ('retreatNow' in e) {
      retreatPermit(c, player, t, e.noDamage === true, name); // session 38 (retreat38.ts)
    } else if ('resource' in e) {
      applyResource(c, player, t, e, name, rule, purpose); // session 38, ab38b: gain / spend a named resource
    } else if ('mortalProduct41d' in e) {
      mortalProduct41d(c, e, t, id, name, purpose, player, user); // session 41 (sh41d): rampage41d.ts
    }
  }
}

/** `setUp` effects: to reserve (off the battlefield, Core 24.1), or on the battlefield at `positions`, with the distances checked. */
function setUpByAbility(c: Ctx, player: PlayerId, user: string | null, t: string, e: Extract<AbilityEffect, { setUp: string }>, positions: Positions | undefined, name: string, id: string): void {
  const s = c.s;
  const u = s.units[t];
  const rule = `${name}: set-up`;
  if (e.setUp === 'reserve') {
    u.status = 'reserve';
    u.reserveBy = name; // session 40 (setUpBy40.ts): the ability that will set it up again
    const ids = new Set(rosterUnit(s, t).models.map((m) => m.id));
    s.positions = Object.fromEntries(Object.entries(s.positions).filter(([k]) => !ids.has(k)));
    syncPort(c);
    c.events.push({ type: 'removedToReserve', unitId: t, ability: name });
    return;
  }
  if (positions === undefined) reject(`${name} sets up "${t}": give "positions" for its models`, 'Core 24.0');
  const mine = Object.fromEntries(Object.entries(positions).filter(([k]) => rosterUnit(s, t).models.some((m) => m.id === k)));
  delete u.status;
  setUpUnit(c, t, mine);
  if (e.within !== undefined && user !== null && t !== user && !c.port.whollyWithin(t, user, e.within)) reject(`"${t}" must be set up wholly within ${e.within}" of "${user}"`, rule);
  if (e.nearFriendly !== undefined) checkSetUpNearFriendly(c, player, t, e.nearFriendly, rule); // session 38 (setUpNear38.ts)
  if (e.farther !== undefined) {
    for (const en of Object.values(s.units)) {
      if (en.owner === player || !onBattlefield(c, en.id)) continue;
      if (c.port.distance(t, en.id) <= e.farther + 1e-6) reject(`"${t}" must be set up more than ${e.farther}" from every enemy unit ("${en.id}" is ${c.port.distance(t, en.id).toFixed(2)}")`, rule);
    }
  }
  if (e.nearOtherFeature !== undefined) {
    // Session 38 (ab38a): "wholly within 6" of another friendly Gnawhole" (thisTerrain38.ts).
    const why = otherFeatureSetUpProblem(s, c.port, player, id, t, e.nearOtherFeature);
    if (why !== null) reject(why, rule);
  }
  u.turn = { ...u.turn, setUp: true, setUpBy: name };
  c.events.push({ type: 'setUpByAbility', unitId: t, ability: name });
}

/**
 * `resolveByHand` (ABILITIES.md): the player applies, from the effect vocabulary, what they read
 * in the Effect of an ability they declared and the engine left to them. Refused when no such
 * ability waits (never declared, already resolved, or its window closed: abilities lapse at the
 * end of their phase), or when an effect reaches a unit outside the ability's declared targets
 * (the ability's unit and the Declare's picks). Logged "by hand" with the ability quoted.
 */
export function resolveByHand(c: Ctx, a: Extract<Action, { type: 'resolveByHand' }> & { readonly positions?: Positions }): void {
  const s = c.s;
  const st = abilityState(s);
  let i = -1;
  for (let k = st.awaiting.length - 1; k >= 0; k--) if (st.awaiting[k].player === a.player && st.awaiting[k].ability === a.ability) {
    i = k;
    break;
  }
  if (i < 0) reject(`no ability "${a.ability}" of ${a.player} waits to be resolved by hand (declare it with useAbility; its window closes at the end of its phase)`, 'Core 5.2');
  const w = st.awaiting[i];
  const picked = w.targets.filter((t) => t !== w.unitId);
  for (const e of a.effects) {
    const t = e.targets ?? 'self';
    if (t === 'friendly' || t === 'enemy') reject(`a by-hand effect names its units ("self", "targets" or ids among ${w.targets.join(', ') || 'none'})`, 'Core 5.2');
    const units = targetUnits(s, e, a.player, w.unitId, picked);
    const outside = units.filter((u) => !w.targets.includes(u));
    if (outside.length > 0) reject(`${outside.join(', ')} ${outside.length > 1 ? 'are' : 'is'} outside the declared targets of ${w.name} (${w.targets.join(', ') || 'none'})`, 'Core 5.2');
    if ('cp' in e || 'vp' in e || 'note' in e || 'blessing40h' in e || 'rune41c' in e) continue;
    if (units.length === 0) reject(`${JSON.stringify(e)} affects no unit`, 'Core 5.2');
  }
  st.awaiting.splice(i, 1);
  const ability = findAbility(s, a.player, w.unitId, w.ability);
  const order = st.order++;
  c.events.push({ type: 'abilityResolvedByHand', player: a.player, unitId: w.unitId, ability: w.ability, name: w.name, effect: ability?.effect ?? '', declare: ability?.declare ?? null, effects: a.effects, byHand: true });
  for (const e of a.effects) applyEffect(c, a.player, w.unitId, w.ability, w.name, ability ? abilityRule(ability) : w.name, e, picked, order, true, a.positions);
}
