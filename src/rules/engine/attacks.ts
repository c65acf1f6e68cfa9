/**
 * The attack sequence (Core 16.0-20.0, 25.0; Terrain 1.2): Shoot and Fight declarations with
 * their targets, the reactions window (Core 5.2: All-out Attack / All-out Defence, then two
 * passes in a row), hit / wound / save rolls with fast dice (Core 17.3) from the seeded dice,
 * critical hits and weapon abilities, then the damage sequence per target (ward, allocation,
 * slain models; `core.ts`). Fight order: Core 13.1 and 19.0.
 *
 * @module
 */

import { capHitWoundModifier, computeDamage, effectiveRend, finalSaveModifier, type DamageAttacker, type DamageTarget } from '../damage';
import { withoutBarredAbilities41a } from './dirtyTricks41a';
import {
  aliveModels,
  damageSequence,
  enemyUnit,
  enemyUnits,
  friendlyUnit,
  inCombat,
  isAlive,
  modelWeapons,
  mortalDamage,
  onBattlefield,
  reject,
  requireTurn,
  rollLogged,
  rollValue,
  rosterUnit,
  unitHasKeyword,
  useCore,
  wardOf,
  type Ctx,
} from './core';
import { makeMove } from './moves';
import { twistAttackModifiers, twistObscuring, twistStrike } from './ascension';
import { pathHitModifiers, pathStrikeFirst, pathWoundBonus } from './pathAbilities';
import { abilityStrike, permission } from '../abilities/passives';
import { weaponAbilities } from './attackAbilities';
import { halveUp41d } from './grapple41d';
import { healAfterFight, noteCombatDamage } from './unitHistory';
import { noteAttacks39 } from './attackHistory39';
import { resourceTrigger } from './resourceTriggers38';
import { chainedFight, declineChainedFight, isChainedFight } from './fightChain';
import { applyChainedBonus } from './fightChain38';
import { afterFightUsed, mayFightAgain } from './fightTwice38';
import { pileInInches } from './abilityMove38';
import { attacksCap, foeAfterFight } from './afterFight39';
import { afterFightPick40, afterShoot40 } from './afterShoot40';
import { afterShootMove40f } from './passedAcross40f';
import { attackIgnores, keptSum } from './ignoreModifiers39';
import { weaponRange41c } from './range41c';
import { noPileIn41c } from './noCrit41c';
import { opponentOf, type Action, type AttackAssignment, type GameState, type PlayerId } from './state';
import type { RosterWeapon } from './roster';
import type { GeometryPort } from './geometryPort';
import { visibleNow } from '../abilities/hidden41e'; // session 41 (sh41e): Hidden Weapon Team

function rollTarget(v: number | string): number {
  return typeof v === 'number' ? v : Number(/\d+/.exec(v)?.[0] ?? 7);
}
const has = (w: RosterWeapon, ability: string) => (w.abilities ?? []).includes(ability);

/**
 * STRIKE-FIRST / STRIKE-LAST of a unit (both = neither, Core 19.0): its keywords, and the Path
 * abilities that give STRIKE-FIRST under a condition (Defender of the Realm, Indomitable
 * Defenders: pathAbilities.ts).
 */
function strikeKeyword(c: Ctx, unitId: string): 'first' | 'last' | null {
  const s = c.s;
  const twist = twistStrike(s, unitId);
  // Abilities' STRIKE-FIRST / STRIKE-LAST (effects `strike`, keywords added; abilities/passives.ts).
  const ab = abilityStrike(s, c.port, unitId);
  const f = unitHasKeyword(s, unitId, 'STRIKE-FIRST') || pathStrikeFirst(c, unitId) !== null || twist.first || ab.first;
  const l = unitHasKeyword(s, unitId, 'STRIKE-LAST') || twist.last || ab.last;
  return f === l ? null : f ? 'first' : 'last';
}

/** Is the HERO guarded (Core 25.0): not MONSTER/WAR MACHINE, within combat range of a friendly non-HERO unit? */
function guardedHero(c: Ctx, unitId: string): boolean {
  const s = c.s;
  if (!unitHasKeyword(s, unitId, 'HERO') || unitHasKeyword(s, unitId, 'MONSTER') || unitHasKeyword(s, unitId, 'WAR MACHINE')) return false;
  const owner = s.units[unitId].owner;
  return Object.values(s.units).some(
    (f) =>
      f.owner === owner &&
      f.id !== unitId &&
      f.manifestation === undefined && // a manifestation is not a unit (Magic 7.0)
      onBattlefield(c, f.id) &&
      !unitHasKeyword(s, f.id, 'HERO') &&
      c.port.withinCombatRange(unitId, f.id),
  );
}

/** Models of the unit able to attack `target` with `w` (Core 16.0). */
function attackingModels(c: Ctx, unitId: string, w: RosterWeapon, target: string): string[] {
  const ru = rosterUnit(c.s, unitId);
  const range = weaponRange41c(c.s, c.port, unitId, w); // session 41 (sh41c): Range modifiers (range41c.ts)
  return aliveModels(c.s, unitId)
    .filter((m) => modelWeapons(ru, m.id).some((x) => x.name === w.name))
    .map((m) => m.id)
    .filter((id) =>
      range === null
        ? c.port.withinCombatRange(id, target) && visibleNow(c.s, c.port, id, target)
        : c.port.distance(id, target) <= range + 0.001 && visibleNow(c.s, c.port, id, target),
    );
}

/**
 * The weapon a profile belongs to: `"Man-skewer Crossbow"` for `"Man-skewer Crossbow: Aimed
 * Shot"`, or null for a name without `Weapon: Profile`. Profiles of one weapon are alternatives
 * (docs/interpretations.md): one is picked for all the attacks of a declaration, never both.
 */
export function profileWeapon(name: string): string | null {
  const m = /^(.+?)\s*:\s*(\S.*)$/.exec(name);
  return m ? m[1] : null;
}

/**
 * The alternative profiles among `weapons` (see {@link profileWeapon}): weapon name → its profiles,
 * only for weapons with two or more profiles of the same kind (ranged or melee) in the list.
 */
export function alternativeProfiles(weapons: readonly RosterWeapon[]): Map<string, RosterWeapon[]> {
  const groups = new Map<string, RosterWeapon[]>();
  for (const w of weapons) {
    const g = profileWeapon(w.name);
    if (g === null) continue;
    const key = `${w.range === 'melee' ? 'melee' : 'ranged'}|${g}`;
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  const out = new Map<string, RosterWeapon[]>();
  for (const [key, ws] of groups) if (ws.length >= 2) out.set(key.slice(key.indexOf('|') + 1), ws);
  return out;
}

/**
 * Expected damage (exact, `computeDamage`) of `w` used by `models` models of `unitId` on `target`,
 * as the unit stands now (charged, All-out Attack / All-out Defence, the target's ward, save,
 * health, models left and keywords). 0 when no model can attack. Used to pick a default profile.
 */
export function expectedProfileDamage(s: GameState, unitId: string, w: RosterWeapon, target: string, models: number): number {
  if (models <= 0) return 0;
  const tru = rosterUnit(s, target);
  const ward = wardOf(s, target);
  const left = tru.models.length - s.units[target].slain.length;
  if (left <= 0) return 0;
  try {
    return computeDamage(
      {
        models,
        weapon: { attacks: w.attacks, hit: w.hit, wound: w.wound, rend: w.rend, damage: w.damage, abilities: w.abilities },
        charged: s.units[unitId].turn.charged,
        ...(hasEffect(s, 'allOutAttack', unitId) ? { modifiers: { hit: 1 } } : {}),
      },
      {
        save: tru.warscroll.save ?? '-',
        ...(ward !== null ? { ward } : {}),
        health: tru.warscroll.health,
        models: left,
        keywords: [...tru.warscroll.keywords],
        charged: s.units[target].turn.charged,
        ...(hasEffect(s, 'allOutDefence', target) ? { modifiers: { save: 1 } } : {}),
      },
    ).value;
  } catch {
    return 0;
  }
}

/** One alternative profile a Shoot or Fight declaration may pick (see {@link profileChoices}). */
export interface ProfileChoice {
  /** The weapon: the name before the colon. */
  readonly weapon: string;
  /** The profile's full weapon name (the key of the action's `weaponTargets`). */
  readonly profile: string;
  /** Expected damage on the target with the unit's models armed with it ({@link expectedProfileDamage}): with a port, those able to attack the target now; without, every alive one. */
  readonly expectedDamage: number;
  /** True for the engine's default pick: the declaration without a profile named picks this one ({@link pickProfiles}). */
  readonly isDefault: boolean;
}

/**
 * The alternative profiles of `unitId`'s weapons of one kind against `target`, each with its
 * expected damage, so a player can pick one (issue 28). With the game's `port`, a profile counts
 * the models that can attack the target with it now (within its Range and visible, Core 16.0;
 * shooting in combat, Core 20.0), exactly as a declaration without a profile named picks its
 * default (issue 35: the default advertised is the one a plain Shoot fires); without a port, every
 * alive model armed with it (range and visibility aside).
 */
export function profileChoices(s: GameState, unitId: string, target: string, kind: 'shoot' | 'fight', port?: GeometryPort): ProfileChoice[] {
  const ru = rosterUnit(s, unitId);
  const alive = ru.models.filter((m) => !s.units[unitId].slain.includes(m.id));
  const ws = ru.weapons.filter((w) => (w.range === 'melee') === (kind === 'fight'));
  const c: Ctx | null = port ? { s, port, events: [] } : null;
  const engaged = c !== null && kind === 'shoot' && inCombat(s, c.port, unitId);
  // The count pickProfiles uses for a declaration (shoot: a weapon with a target problem makes no attacks).
  const armed = (w: RosterWeapon) =>
    !c ? alive.filter((m) => !m.weapons || m.weapons.includes(w.name)).length : kind === 'shoot' && shootingTargetProblem(c, unitId, w, target, engaged) !== null ? 0 : attackingModels(c, unitId, w, target).length;
  const out: ProfileChoice[] = [];
  for (const [weapon, profiles] of alternativeProfiles(ws)) {
    const values = profiles.map((w) => expectedProfileDamage(s, unitId, w, target, armed(w)));
    // As pickProfiles: the first with the largest expected damage.
    let best = -1;
    let at = 0;
    values.forEach((v, i) => {
      if (v > best + 1e-9) [best, at] = [v, i];
    });
    profiles.forEach((w, i) => out.push({ weapon, profile: w.name, expectedDamage: values[i], isDefault: i === at }));
  }
  return out;
}

/**
 * Keeps one profile of each weapon with alternative profiles (issue 28; the warscroll's "pick one
 * of the following weapon profiles for all the attacks"): the profile named in `weaponTargets`, or
 * by default the one with the larger expected damage on its target ({@link expectedProfileDamage},
 * models that can attack now; ties: the first listed). Naming two profiles of one weapon is
 * refused (Core 16.0). `models(w, t)`: the models of the unit able to attack `t` with `w`.
 */
function pickProfiles(
  c: Ctx,
  unitId: string,
  ws: readonly RosterWeapon[],
  target: string | undefined,
  weaponTargets: Readonly<Record<string, string>> | undefined,
  models: (w: RosterWeapon, t: string) => number,
): RosterWeapon[] {
  const drop = new Set<string>();
  for (const [weapon, profiles] of alternativeProfiles(ws)) {
    const named = profiles.filter((w) => weaponTargets !== undefined && Object.prototype.hasOwnProperty.call(weaponTargets, w.name));
    if (named.length > 1) reject(`"${named[0].name}" and "${named[1].name}" are profiles of one weapon, ${weapon}: pick one for all its attacks`, 'Core 16.0');
    let keep = named[0];
    if (!keep && target !== undefined) {
      let best = -1;
      for (const w of profiles) {
        const v = expectedProfileDamage(c.s, unitId, w, target, models(w, target));
        if (v > best + 1e-9) [keep, best] = [w, v];
      }
    }
    keep ??= profiles[0];
    for (const w of profiles) if (w !== keep) drop.add(w.name);
  }
  return ws.filter((w) => !drop.has(w.name));
}

/** A weapon of the declaration that makes no attacks (Core 16.0), and why. */
export interface SkippedWeapon {
  readonly weapon: string;
  readonly target: string;
  readonly reason: string;
  readonly rule: string;
}

/**
 * The targets of an ATTACK declaration, weapon by weapon (Core 16.0: "pick one or more enemy units
 * as the target(s)"; the target of each weapon must be eligible for that weapon). A weapon named in
 * `weaponTargets` gets that target; every other weapon of the kind gets `target`. `problem` says
 * why a weapon cannot attack its target (null = it can). An explicit pick (`weaponTargets`) of a
 * target the weapon cannot attack is an illegal declaration: refused with the problem's rule. A
 * weapon that only got the default `target` and cannot attack it makes no attacks: listed in
 * `skipped` (the other weapons still attack).
 */
function planAttacks(
  c: Ctx,
  player: PlayerId,
  unitId: string,
  melee: boolean,
  target: string | undefined,
  weaponTargets: Readonly<Record<string, string>> | undefined,
  problem: (w: RosterWeapon, target: string) => { reason: string; rule: string } | null,
): { list: AttackAssignment[]; skipped: SkippedWeapon[] } {
  const all = rosterUnit(c.s, unitId).weapons.filter((w) => (w.range === 'melee') === melee);
  for (const name of Object.keys(weaponTargets ?? {})) {
    if (!all.some((w) => w.name === name)) reject(`unit "${unitId}" has no ${melee ? 'melee' : 'ranged'} weapon "${name}"`, 'Core 16.0');
  }
  // One profile of each weapon with alternative profiles (the others make no attacks).
  const ws = pickProfiles(c, unitId, all, target, weaponTargets, (w, t) => (problem(w, t) === null ? attackingModels(c, unitId, w, t).length : 0));
  const list: AttackAssignment[] = [];
  const skipped: SkippedWeapon[] = [];
  for (const w of ws) {
    const explicit = weaponTargets !== undefined && Object.prototype.hasOwnProperty.call(weaponTargets, w.name);
    const t = explicit ? weaponTargets[w.name] : target;
    if (t === undefined) continue;
    enemyUnit(c, player, t, 'Core 16.0');
    const p = problem(w, t);
    if (p === null) list.push({ weapon: w.name, target: t });
    else if (explicit) reject(p.reason, p.rule);
    else skipped.push({ weapon: w.name, target: t, ...p });
  }
  return { list, skipped };
}

/**
 * Can `w` of `unitId` target `target` with shooting attacks (Core 16.0; Obscuring, Terrain 1.2;
 * Guarded Hero, Core 25.0)? Returns null, or the rejection (reason, rule).
 */
function shootingTargetProblem(c: Ctx, unitId: string, w: RosterWeapon, target: string, engaged: boolean): { reason: string; rule: string } | null {
  const s = c.s;
  if (engaged && !has(w, 'shoot-in-combat') && permission(s, c.port, unitId, 'mayShootInCombat') === null) return { reason: `unit "${unitId}" is in combat: "${w.name}" cannot shoot (no Shoot in Combat)`, rule: 'Core 16.0' };
  if (engaged && !c.port.unitsInCombat(unitId, target)) return { reason: `unit "${unitId}" is in combat and can only target units it is in combat with`, rule: 'Core 16.0' };
  // Wild Fire (Ascension twist): the picked terrain features are Obscuring this battle round.
  const prot = c.port.terrainProtection(target, unitId, twistObscuring(s));
  const near = c.port.withinCombatRange(unitId, target);
  if (prot.obscuring && !unitHasKeyword(s, target, 'FLY') && !near) return { reason: `"${target}" is behind or wholly on Obscuring terrain`, rule: 'Terrain 1.2' };
  if (unitHasKeyword(s, target, 'INFANTRY') && guardedHero(c, target) && c.port.distance(unitId, target) > 12 + 0.001) {
    return { reason: `"${target}" is a Guarded INFANTRY HERO more than 12" away`, rule: 'Core 25.0' };
  }
  if (attackingModels(c, unitId, w, target).length === 0) {
    return { reason: `no model of "${unitId}" has "${target}" visible and within ${weaponRange41c(s, c.port, unitId, w) ?? w.range}" for "${w.name}"`, rule: 'Core 16.0' };
  }
  return null;
}

/** `shoot` (Core 14.2, 16.0): declare shooting attacks; opens the reactions window. */
export function shoot(c: Ctx, a: Extract<Action, { type: 'shoot' }>): void {
  requireTurn(c);
  const s = c.s;
  if (s.phase !== 'shooting' || a.player !== s.active) reject('Shoot is used in your shooting phase', 'Core 14.2');
  const u = friendlyUnit(c, a.player, a.unitId, 'Core 14.2');
  // Core 29.0: an ability that lets the unit shoot after a RUN / RETREAT ability (`mayShootAfter`) overrides the restriction.
  const afterRun = u.turn.usedRun ? permission(s, c.port, a.unitId, 'shootAfterRun') : null;
  const afterRetreat = u.turn.usedRetreat ? permission(s, c.port, a.unitId, 'shootAfterRetreat') : null;
  if ((u.turn.usedRun && afterRun === null) || (u.turn.usedRetreat && afterRetreat === null)) reject(`unit "${a.unitId}" used a RUN or RETREAT ability this turn`, 'Core 14.2');
  const engaged = inCombat(s, c.port, a.unitId);
  if (!rosterUnit(s, a.unitId).weapons.some((w) => w.range !== 'melee')) reject(`unit "${a.unitId}" has no ranged weapons`, 'Core 16.0');
  // Core 16.0, per weapon: a weapon whose target is not within its Range / not visible (or, in
  // combat, a weapon without Shoot in Combat, Core 20.0) makes no attacks; the others still shoot.
  const { list, skipped } = planAttacks(c, a.player, a.unitId, false, a.target, a.weaponTargets, (w, t) => shootingTargetProblem(c, a.unitId, w, t, engaged));
  if (list.length === 0) reject(skipped.map((x) => x.reason).join('; '), skipped[0]?.rule ?? 'Core 16.0');
  useCore(c, a.unitId);
  openWindow(c, 'shoot', a.player, a.unitId, list, skipped, [afterRun, afterRetreat].filter((x): x is string => x !== null));
}

/**
 * COVERING FIRE (Commands 4.0; 001 wording: not a unit that used a RUN ability this turn): in the
 * enemy shooting phase, a friendly unit not in combat shoots the closest enemy unit that can be
 * picked as the target of shooting attacks (`target` picks among equally close ones), every
 * ranged weapon able to; -1 to hit. SHOOT, ATTACK: opens a reactions window (the active player
 * first). The caller has checked the phase and the unit; CP are paid here after the target is known.
 */
export function coveringFire(c: Ctx, player: PlayerId, unitId: string, target: string | undefined, pay: () => void): void {
  const s = c.s;
  const rule = 'Commands 4.0';
  const ranged = rosterUnit(s, unitId).weapons.filter((w) => w.range !== 'melee');
  if (ranged.length === 0) reject(`unit "${unitId}" has no ranged weapons`, rule);
  const candidates: { id: string; d: number }[] = [];
  for (const e of enemyUnits(c, player)) {
    if (ranged.some((w) => shootingTargetProblem(c, unitId, w, e, false) === null)) candidates.push({ id: e, d: c.port.distance(unitId, e) });
  }
  if (candidates.length === 0) reject(`no enemy unit can be picked as the target of shooting attacks by "${unitId}"`, rule);
  const best = Math.min(...candidates.map((x) => x.d));
  const closest = candidates.filter((x) => x.d <= best + 1e-6).map((x) => x.id);
  let pick = closest[0];
  if (target !== undefined) {
    if (!closest.includes(target)) reject(`the target must be the closest enemy unit that can be shot (${closest.join(' or ')})`, rule);
    pick = target;
  } else if (closest.length > 1) {
    reject(`several enemy units are equally close (${closest.join(', ')}): pick one with "target"`, rule);
  }
  const usable = ranged.filter((w) => shootingTargetProblem(c, unitId, w, pick, false) === null);
  const list = pickProfiles(c, unitId, usable, pick, undefined, (w, t) => attackingModels(c, unitId, w, t).length).map((w) => ({ weapon: w.name, target: pick }));
  pay();
  c.s.pendingAttack = { kind: 'shoot', player, unitId, assignments: list, toReact: c.s.active as PlayerId, passes: 0, coveringFire: true };
  c.events.push({ type: 'attackDeclared', kind: 'shoot', unitId, assignments: list, reactionsFirst: c.s.active, coveringFire: true });
}

/** Units eligible to be picked to fight now by `player` (Core 13.1, 19.0). */
export function fightCandidates(c: Ctx, player: PlayerId): string[] {
  const s = c.s;
  const order = s.combat;
  if (!order) return [];
  const eligible = (id: string) =>
    mayFightAgain(c, id) && onBattlefield(c, id) && (inCombat(s, c.port, id) || s.units[id].turn.charged); // a second Fight: fightTwice38.ts
  const all = Object.keys(s.units).filter(eligible);
  const firstLeft = (order.strikeFirst ?? []).filter((id) => all.includes(id));
  let mine = all.filter((id) => s.units[id].owner === player);
  if (firstLeft.length > 0) mine = mine.filter((id) => firstLeft.includes(id));
  // STRIKE-LAST: not while a unit in combat without STRIKE-LAST has not fought.
  const nonLastLeft = all.some((id) => strikeKeyword(c, id) !== 'last' && inCombat(s, c.port, id));
  if (nonLastLeft) mine = mine.filter((id) => strikeKeyword(c, id) !== 'last');
  return mine;
}

/** Whose pick it is (Core 13.1: the picker, or the other player when the picker has no eligible unit). */
export function currentPicker(c: Ctx): PlayerId | null {
  const order = c.s.combat;
  if (!order) return null;
  // An ability's "can be picked to use a Fight ability immediately after ..." (fightChain.ts).
  const chain = chainedFight(c.s);
  if (chain !== null) return chain.player;
  if (fightCandidates(c, order.picker).length > 0) return order.picker;
  const other = opponentOf(order.picker);
  return fightCandidates(c, other).length > 0 ? other : null;
}

/** `fight` (Core 14.4, 15.3, 16.0): pick, pile in, pick targets; opens the reactions window. */
export function fight(c: Ctx, a: Extract<Action, { type: 'fight' }>): void {
  requireTurn(c);
  const s = c.s;
  if (s.phase !== 'combat') reject('Fight is used in the combat phase', 'Core 14.4');
  const u = friendlyUnit(c, a.player, a.unitId, 'Core 14.4');
  if (s.combat === null) s.combat = { picker: s.active as PlayerId, fought: [], strikeFirst: null };
  const order = s.combat;
  if (order.strikeFirst === null) {
    order.strikeFirst = Object.keys(s.units).filter((id) => onBattlefield(c, id) && strikeKeyword(c, id) === 'first' && inCombat(s, c.port, id));
  }
  if (!mayFightAgain(c, a.unitId)) reject(`unit "${a.unitId}" already used a FIGHT ability this phase`, 'Core 5.3');
  const again = order.fought.includes(a.unitId); // "can use 2 Fight abilities" (session 38, fightTwice38.ts)
  if (!inCombat(s, c.port, a.unitId) && !u.turn.charged) reject(`unit "${a.unitId}" is not in combat and did not charge this turn`, 'Core 14.4');
  // Session 37: a unit an ability picked to fight immediately after the last Fight (fightChain.ts).
  const chained = isChainedFight(c, a.player, a.unitId);
  const picker = currentPicker(c);
  if (picker !== a.player) reject(`it is ${picker ?? 'nobody'}'s pick to fight`, 'Core 13.1');
  if (!chained && !fightCandidates(c, a.player).includes(a.unitId)) {
    reject(`unit "${a.unitId}" cannot be picked yet (STRIKE-FIRST / STRIKE-LAST order)`, 'Core 19.0');
  }
  if (!again) useCore(c, a.unitId);
  if (a.pileIn) {
    const forbid = noPileIn41c(s, c.port, a.unitId); // session 41 (sh41c): Strength of Stone (noCrit41c.ts)
    if (forbid !== null) reject(`unit "${a.unitId}" cannot make pile-in moves (${forbid})`, forbid);
    const engaged = inCombat(s, c.port, a.unitId);
    if (engaged) {
      const t = a.pileIn.target;
      if (t === undefined || !enemyUnits(c, a.player).includes(t) || !c.port.unitsInCombat(a.unitId, t)) {
        reject('a pile-in by a unit in combat needs a target unit it is in combat with', 'Core 15.3');
      }
      makeMove(c, a.unitId, a.pileIn.paths, 'pileIn', pileInInches(c, a.unitId), t);
    } else {
      makeMove(c, a.unitId, a.pileIn.paths, 'pileIn', pileInInches(c, a.unitId));
    }
  }
  const wasFirst = (order.strikeFirst ?? []).filter((id) => !order.fought.includes(id));
  if (chained && order.next !== undefined) applyChainedBonus(c, order.next); // "If it is picked to do so, ..." (session 38)
  if (order.next !== undefined) delete order.next;
  order.fought.push(a.unitId);
  afterFightUsed(c, a.unitId);
  u.turn.fought = true;
  const t = s.tactics.current;
  if (t && t.player === a.player && !t.fought.includes(a.unitId)) t.fought.push(a.unitId);
  // Next picker: after the last STRIKE-FIRST unit, the active player; otherwise alternate.
  order.picker = wasFirst.length > 0 && wasFirst.every((id) => order.fought.includes(id)) ? (s.active as PlayerId) : opponentOf(a.player);
  const engaged = inCombat(s, c.port, a.unitId);
  // Core 16.0, per weapon: "The target unit(s) must be within the combat range of the attacking
  // model and visible to it": a melee weapon none of whose models can reach its target makes no attacks.
  const reach = (w: RosterWeapon, t: string) =>
    attackingModels(c, a.unitId, w, t).length > 0
      ? null
      : { reason: `no model of "${a.unitId}" armed with "${w.name}" has "${t}" within its combat range and visible`, rule: 'Core 16.0' };
  const { list, skipped } = engaged ? planAttacks(c, a.player, a.unitId, true, a.target, a.weaponTargets, reach) : { list: [], skipped: [] };
  const melee = rosterUnit(s, a.unitId).weapons.filter((w) => w.range === 'melee');
  if (engaged && list.length === 0 && skipped.length === 0 && melee.length > 0) {
    reject(`unit "${a.unitId}" is in combat: pick the target(s) of its attacks`, 'Core 14.4');
  }
  for (const t of new Set([...list, ...skipped].map((x) => x.target))) {
    if (!c.port.unitsInCombat(a.unitId, t)) reject(`unit "${a.unitId}" can only target units it is in combat with`, 'Core 16.0');
  }
  // No weapon can attack the picked target(s): refused when some weapon could attack another
  // enemy unit in combat with it (pick that one); otherwise the unit fights with no attacks.
  if (list.length === 0 && skipped.length > 0) {
    const other = enemyUnits(c, a.player).some((e) => c.port.unitsInCombat(a.unitId, e) && melee.some((w) => reach(w, e) === null));
    if (other) reject(skipped.map((x) => x.reason).join('; '), skipped[0].rule);
  }
  c.events.push({ type: 'fightDeclared', unitId: a.unitId, targets: list, ...(skipped.length > 0 ? { skipped } : {}) });
  if (list.length === 0) return;
  openWindow(c, 'fight', a.player, a.unitId, list, skipped);
}

/**
 * Open the reactions window of a declared ATTACK ability. `skipped`: the weapons that make no
 * attacks (Core 16.0), reported in the `attackDeclared` event (absent when none).
 */
function openWindow(c: Ctx, kind: 'shoot' | 'fight', player: PlayerId, unitId: string, list: AttackAssignment[], skipped: readonly SkippedWeapon[] = [], abilities: readonly string[] = []): void {
  c.s.pendingAttack = { kind, player, unitId, assignments: list, toReact: c.s.active as PlayerId, passes: 0 };
  c.events.push({ type: 'attackDeclared', kind, unitId, assignments: list, reactionsFirst: c.s.active, ...(skipped.length > 0 ? { skipped } : {}), ...(abilities.length > 0 ? { abilities } : {}) });
}

/** A reaction was used in the open window (Core 5.2): the other player may react next. */
export function reacted(c: Ctx, player: PlayerId): void {
  const p = c.s.pendingAttack;
  if (!p) return;
  p.passes = 0;
  p.toReact = opponentOf(player);
}

/** `pass` in a reactions window; two passes in a row close it and resolve the attacks. */
export function passReaction(c: Ctx, a: Extract<Action, { type: 'pass' }>): void {
  const p = c.s.pendingAttack;
  if (!p && declineChainedFight(c, a.player)) return;
  if (!p) reject('there is no reactions window open', 'Core 5.2');
  if (a.player !== p.toReact) reject(`${p.toReact} reacts or passes first`, 'Core 5.2');
  p.passes += 1;
  p.toReact = opponentOf(a.player);
  c.events.push({ type: 'passed', player: a.player });
  if (p.passes >= 2) {
    c.s.pendingAttack = null;
    resolveAttacks(c, p.kind, p.player, p.unitId, p.assignments, p.coveringFire === true);
  }
}

function hasEffect(s: GameState, kind: string, unitId: string): boolean {
  return s.effects.some((e) => e.kind === kind && e.unitId === unitId);
}

/**
 * Re-roll the dice an ability lets the player re-roll (Core 2.2: a re-roll happens before
 * modifiers, a dice is re-rolled at most once): `ones` the unmodified 1s; `failed` and `any` the
 * dice that fail (`success` false; the engine re-rolls for the player only the dice that fail,
 * docs/interpretations.md). The re-rolls are logged (purpose `<purpose>:reroll`).
 */
function rerolled(c: Ctx, dice: number[], which: 'ones' | 'failed' | 'any' | null, success: (d: number) => boolean, purpose: string, player: PlayerId): number[] {
  if (which === null || dice.length === 0) return dice;
  const idx = dice.flatMap((d, i) => ((which === 'ones' ? d === 1 : !success(d)) ? [i] : []));
  if (idx.length === 0) return dice;
  const again = rollLogged(c, idx.length, 6, `${purpose}:reroll`, player);
  const out = [...dice];
  idx.forEach((i, k) => (out[i] = again[k]));
  return out;
}

/** Resolve the attacks of an ATTACK ability (Core 17.0-17.3), then the damage sequence per target (Core 18.0). */
export function resolveAttacks(c: Ctx, kind: 'shoot' | 'fight', player: PlayerId, unitId: string, list: readonly AttackAssignment[], coveringFire = false): void {
  const s = c.s;
  const ru = rosterUnit(s, unitId);
  const defender = opponentOf(player);
  const targets = [...new Set(list.map((x) => x.target))];
  const charged = s.units[unitId].turn.charged;
  const pools: Record<string, number> = {};
  const poolWeapons: Record<string, string[]> = {};
  const damaged39: { target: string; weapons: string[]; slain: boolean }[] = [];
  // `mortalPerRoll` (session 36): mortal damage "after the Fight ability has been resolved", per victim and ability.
  const afterwards = new Map<string, { victim: string; by: string; ability: string; amount: number }>();
  /** Target units an unmodified save roll of 1 was made for (their `saveOf1` resource triggers, after the ability). */
  const savedOnes = new Set<string>();
  for (const target of targets) {
    if (!isAlive(s, target)) continue;
    const tru = rosterUnit(s, target);
    const tState = s.units[target];
    let pool = 0;
    // Hit modifiers (Core 17.1 cap): All-out Attack +1; Cover -1 (Terrain 1.2: not FLY, not if charged); Guarded Hero -1 (shooting).
    const hitMods: number[] = [];
    if (hasEffect(s, 'allOutAttack', unitId)) hitMods.push(1);
    const fly = unitHasKeyword(s, target, 'FLY');
    if (!fly && !tState.turn.charged && c.port.terrainProtection(target, unitId).cover) hitMods.push(-1);
    if (kind === 'shoot' && guardedHero(c, target)) hitMods.push(-1);
    // Covering Fire (Commands 4.0): "You must subtract 1 from the hit rolls".
    if (coveringFire) hitMods.push(-1);
    // Path to Glory (pathAbilities.ts): Full-on Attack (+1, within the cap); the abilities' modifiers are added per weapon below.
    for (const m of pathHitModifiers(s, unitId)) hitMods.push(m.value);
    const hitSum = hitMods.reduce((x, y) => x + y, 0);
    // All-out Defence +1; the abilities' save modifiers (per weapon, below); capped with Rend (Core 17.1).
    // Defensive Formation (Ascension twist) +1; Lead the Attack +1 Attacks (melee); Steeled Resolve -1 to wound.
    const twist = twistAttackModifiers(s, unitId, target, kind);
    const saveMods = (hasEffect(s, 'allOutDefence', target) ? 1 : 0) + twist.save;
    // Righteous Conviction (Path of the Devout): +1 to wound rolls for combat attacks.
    const conviction = kind === 'fight' && hasEffect(s, 'woundBonus', unitId) ? 1 : 0;
    // Hunter's Eye (Path of the Attacker): +1 to wound rolls for attacks on its QUARRY.
    const woundSum = twist.wound + conviction + pathWoundBonus(s, unitId, target);
    for (const as of list.filter((x) => x.target === target)) {
      const w = ru.weapons.find((x) => x.name === as.weapon) as RosterWeapon;
      const models = attackingModels(c, unitId, w, target);
      if (models.length === 0) continue;
      // CHAMPION (CmdModels 1.0): +1 Attacks for weapons used by champions; not for Companion weapons
      // (Core 20.0: "not affected by friendly abilities that affect weapon characteristics").
      const champion = has(w, 'companion') ? new Set<string>() : new Set(ru.models.filter((m) => m.champion === true).map((m) => m.id));
      // The abilities in force for this weapon (abilities/passives.ts): modifiers, set characteristics (Core 27.0: set, then add), re-rolls.
      const ab = weaponAbilities(s, c.port, unitId, target, w);
      // "Ignore positive / negative modifiers to ... rolls" (session 39, ignoreModifiers39.ts): the ignored ones left out before the caps.
      const ig = attackIgnores(s, c.port, unitId, target);
      const hitMod = capHitWoundModifier(ig ? keptSum(ig.hit, [...hitMods, ...(ab.parts?.hit ?? [])]) : hitSum + ab.hit);
      const woundMod = capHitWoundModifier(ig ? keptSum(ig.wound, [twist.wound, conviction, woundSum - twist.wound - conviction, ...(ab.parts?.wound ?? [])]) : woundSum + ab.wound);
      let attacks = 0;
      const leadTheAttack = w.range === 'melee' && !has(w, 'companion') ? twist.attacks : 0;
      const attacksCh = ab.setAttacks ?? w.attacks;
      const cap = attacksCap(s, c.port, unitId, w.name); // "a maximum Attacks characteristic of 10" (session 39, afterFight39.ts)
      for (const m of models) attacks += Math.max(0, Math.min(cap, halveUp41d(rollValue(c, attacksCh, `attacks:${unitId}:${w.name}`, player), ab.attacksHalveUp) + (champion.has(m) ? 1 : 0) + leadTheAttack + ab.attacks)); // halveUp41d: session 41 (sh41d)
      // The weapon's abilities and those the effects give it (Core 20.0); of several crit abilities the one
      // an ability gave is used (the player used that ability for it; docs/interpretations.md).
      const wAbilities = withoutBarredAbilities41a(s, unitId, [...ab.grants, ...(w.abilities ?? [])]); // session 41 (sh41a): Lethal Surprise
      const dAtt: DamageAttacker = { models: 1, weapon: { attacks: w.attacks, hit: w.hit, wound: w.wound, rend: ab.setRend ?? w.rend, damage: w.damage, abilities: wAbilities }, charged };
      const dTgt: DamageTarget = { save: tru.warscroll.save ?? '-', health: tru.warscroll.health, keywords: tru.warscroll.keywords, charged: tState.turn.charged };
      const rend = Math.max(0, effectiveRend(dAtt, dTgt) + ab.rend);
      const saveMod = ig ? Math.min(keptSum(ig.save, [hasEffect(s, 'allOutDefence', target) ? 1 : 0, twist.save, ...(ab.parts?.save ?? []), -rend]), 1) : finalSaveModifier(saveMods + ab.save, rend);
      const hit = rollTarget(w.hit);
      const wound = rollTarget(w.wound);
      const crit = wAbilities.find((x) => x === 'crit-mortal' || x === 'crit-auto-wound' || x === 'crit-2-hits');
      // Charge (+1 Damage) weapons; the abilities' Damage modifiers (Monster Killers, Path of the Attacker: +1, melee, against a MONSTER).
      const chargeBonus = (charged && wAbilities.includes('charge-damage') && ab.noChargeDamage41c !== true ? 1 : 0) + ab.damage; // sh41c: Anticipated Strike
      const damageOf = (why: string) => Math.max(0, rollValue(c, ab.setDamage ?? w.damage, `damage:${unitId}:${w.name}${why}`, player) * (ab.damageTimes ?? 1) + chargeBonus); // damageTimes: sh40g, Core 27.0 (multiply, then add)
      // `failUnmodified` (session 36): an unmodified hit roll of 1-N fails whatever the modifiers, critical or not.
      const hitSucceeds = (d: number) => d !== 1 && d > ab.failHit && (d >= ab.critOn || d + hitMod >= hit);
      const hits = rerolled(c, rollLogged(c, attacks, 6, `hit:${unitId}:${w.name}`, player), ab.rerollHit, hitSucceeds, `hit:${unitId}:${w.name}`, player);
      let toWound = 0;
      let autoWounds = 0;
      let mortal = 0;
      for (const d of hits) {
        // Core 17.0: an unmodified 6 is a critical hit (or `critOn`+, an ability's "critical hits on unmodified hit rolls of 5+").
        const critical = d >= ab.critOn && ab.noCrit41c !== true; // sh41c: Clarity of Thought (a 6 is a regular hit)
        if (!hitSucceeds(d)) continue;
        if (critical && crit === 'crit-mortal') mortal += damageOf(':mortal');
        else if (critical && crit === 'crit-auto-wound') autoWounds++;
        else if (critical && crit === 'crit-2-hits') toWound += 2;
        else toWound++;
      }
      const woundSucceeds = (d: number) => d !== 1 && d > ab.failWound && d + woundMod >= wound;
      const woundDice = toWound > 0 ? rerolled(c, rollLogged(c, toWound, 6, `wound:${unitId}:${w.name}`, player), ab.rerollWound, woundSucceeds, `wound:${unitId}:${w.name}`, player) : [];
      const wounds = woundDice.filter(woundSucceeds).length + autoWounds;
      const save = tru.warscroll.save;
      let unsaved = wounds;
      let saveDice: number[] = [];
      if (save !== null && wounds > 0) {
        saveDice = rerolled(c, rollLogged(c, wounds, 6, `save:${target}:${w.name}`, defender), ab.rerollSave, (d) => d !== 1 && d + saveMod >= save, `save:${target}:${w.name}`, defender);
        unsaved = saveDice.filter((d) => d === 1 || d + saveMod < save).length;
        if (saveDice.includes(1)) savedOnes.add(target); // session 38 (ab38b): a token removed on an unmodified save roll of 1
      }
      for (const rm of ab.rollMortals) {
        const count = (rm.roll === 'save' ? saveDice : hits).filter((d) => d === rm.unmodified).length;
        if (count === 0) continue;
        const key = `${rm.victim}|${rm.ability}`;
        const prev = afterwards.get(key) ?? { victim: rm.victim, by: rm.by, ability: rm.ability, amount: 0 };
        afterwards.set(key, { ...prev, amount: prev.amount + count * rm.per });
      }
      let damage = 0;
      for (let i = 0; i < unsaved; i++) damage += damageOf('');
      pool += damage + mortal;
      if (damage + mortal > 0) (poolWeapons[target] ??= []).push(w.name); // session 39 (sh39d): the weapons that put points into the pool
      c.events.push({
        type: 'attacksResolved',
        unitId,
        weapon: w.name,
        target,
        models: models.length,
        attacks,
        hitModifier: hitMod,
        ...(woundMod !== 0 ? { woundModifier: woundMod } : {}),
        ...(ab.rules.length > 0 || ig ? { abilities: [...new Set([...ab.rules, ...(ig?.rules ?? [])])] } : {}),
        saveModifier: saveMod,
        hits,
        wounds: woundDice,
        saves: saveDice,
        mortal,
        damage,
      });
    }
    pools[target] = pool;
  }
  // Every attack is resolved before the damage sequence (Core 17.0), one target at a time (Core 18.0).
  let allocated = 0;
  for (const target of targets) {
    if (pools[target] === undefined) continue;
    const r = damageSequence(c, target, pools[target], `${kind}:${unitId}`);
    allocated += r.allocated;
    if (kind === 'fight') noteCombatDamage(c, unitId, target, r.allocated, r.slain.length);
    if (r.allocated > 0) damaged39.push({ target, weapons: [...new Set(poolWeapons[target] ?? [])], slain: r.slain.length > 0 });
  }
  noteAttacks39(c, kind, unitId, targets, damaged39); // session 39 (sh39d): attackHistory39.ts
  // Then the abilities' mortal damage for unmodified rolls ("after the Fight ability has been resolved", Core 17.2: mortal damage, ward rolls allowed).
  for (const x of afterwards.values()) {
    if (!isAlive(s, x.victim)) continue;
    c.events.push({ type: 'abilityMortal', ability: x.ability, unitId: x.victim, amount: x.amount });
    mortalDamage(c, x.victim, x.amount, `ability:${x.by}`);
  }
  // "Each time this unit uses a Fight ability, after that Fight ability has been resolved, Heal (X) this unit" (session 37).
  if (kind === 'fight') healAfterFight(c, unitId, allocated);
  // "... if all of its attacks targeted the same enemy unit, after that ability has been resolved, ..." (Fell Blades, session 39).
  if (kind === 'fight') foeAfterFight(c, unitId, targets);
  // Heartseekers, Agonising Spasms: "After that Shoot ability has been resolved, if all of this unit's attacks targeted the same enemy unit, ..." (session 40, sh40b).
  if (kind === 'shoot') {
    afterShoot40(c, unitId, targets, damaged39);
    afterShootMove40f(c, unitId); // session 40 (sh40f): Fire and Flight
  }
  // Off With Their Head!: "Immediately after that Fight ability has been resolved, pick ..." (session 40, sh40b).
  if (kind === 'fight') afterFightPick40(c, unitId);
  // "If you make an unmodified save roll of 1 for this unit, remove its Gryph-hound ... after the Attack ability has been resolved" (session 38).
  for (const t of savedOnes) resourceTrigger(c, t, 'saveOf1');
}
