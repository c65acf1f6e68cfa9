/**
 * What applies to a unit now (Core 5.4, 28.1, 29.0, 30.0): the effects of passive abilities whose
 * conditions hold, and the persisting effects of abilities used earlier, measured on the real table
 * through the engine's geometry port whenever they matter (an attack, a charge, a move, a control
 * check, a casting roll). Auras are passives with a `within` condition: "friendly units have WARD
 * (5+) while they are wholly within 6" of this unit" applies to each friendly unit whose every base
 * is within 6" of the ability's unit (`port.whollyWithin`, Core 1.1), measured when the ward roll is made.
 *
 * - Core 5.4: "The effects of passive abilities always apply if the conditions of the ability are
 *   met". An effect whose condition cannot be checked here (a `roll` in a `while`, a `within`
 *   without a table) does not apply: never part of an effect with a condition dropped.
 * - Core 5.3: "A unit cannot be affected by the same passive ability more than once at the same
 *   time": one effect per ability name and effect index on each unit.
 * - Core 28.1: persisting effects "count as the effects of passive abilities for their duration".
 * - Core 30.0 / 29.0: the order of effects: other effects in the order they were used, then
 *   passives (applied more recently), the opponent's before the active player's; of contradictory
 *   `set` effects the most recent takes precedence.
 *
 * No import of the reducer (`engine/core.ts` asks this module for wards): only the state, the
 * roster and the port's questions.
 *
 * @module
 */

import { keywordsMatch } from '../damage';
import { healthHolds } from './health40';
import type { GeometryPort } from '../engine/geometryPort';
import type { GameState, PlayerId } from '../engine/state';
import { unitAbilities, armyAbilities, abilityRule, gameHasAbilities } from './catalog';
import type { Ability, AbilityCondition, AbilityEffect } from './schema';
import { keywordSpecMatches } from './parseKeywords';
import { terrainContext, THIS_TERRAIN, withinTerrain } from './thisTerrain38';
import { resourceCount } from './resourceCounts38';
import { friendlyNamedOnBattlefield, nearFriendlyNamed } from './near39';
import { attackedByHolds } from './attackedBy39';
import { isMarked } from './objectiveMarks40';
import { blessingEffectsOn, BLESSED_KEYWORD } from './blessings40h';
import { runeCount41c } from './runes41c';

/** One effect that applies to a unit now, with where it comes from. */
export interface AppliedEffect {
  readonly effect: AbilityEffect;
  readonly ability: string;
  readonly name: string;
  /** The rule cited in the log (a campaign ability's section, or the ability's name and source). */
  readonly rule: string;
  readonly player: PlayerId;
  /** Core 29.0/30.0 order: higher = applied more recently. */
  readonly order: number;
  readonly passive: boolean;
}

/** The context an effect is checked in: the unit affected and, in an attack, the other unit. */
export interface EffectContext {
  /** The unit attacked by / attacking the affected unit (conditions `of: "target"`, `unit: "target"`, `against`). */
  readonly opposing?: string;
  /** The attack's weapon range, for `attacks: "melee" | "ranged"`. */
  readonly weapon?: 'melee' | 'ranged';
  /** The attack's weapon name, for an effect on a named `weapon` (absent: such effects do not apply). */
  readonly weaponName?: string;
  /** Read the `incoming` effects (on the rolls of attacks that target the affected unit) instead of its own. */
  readonly incoming?: boolean;
  /** The faction terrain feature a condition `of: "terrain"` is measured to (session 38, ab38a; set by {@link effectsOn}). */
  readonly terrain?: string;
  /** The roll is a Summon spell's casting roll (session 39, sh39a): the `summon` modifiers apply only then. */
  readonly summon?: boolean;
}

export function rosterKeywords(s: GameState, id: string): readonly string[] {
  const u = s.units[id];
  const r = s.players[u.owner].roster;
  const ru = r.units.find((x) => x.id === id) ?? r.manifestations?.find((x) => x.id === id);
  return ru?.warscroll.keywords ?? [];
}

/**
 * Does a unit with `keywords` have the keyword phrase `phrase` (Core 5.1, singular = plural)? A
 * phrase of several keywords ("KRULEBOYZ INFANTRY": a unit with both) matches when it is one of
 * the unit's keywords, or when its words split into consecutive runs that are each one
 * ("WAR MACHINE" stays one keyword): the importer's reading ({@link keywordSpecMatches}), with
 * the whole phrase tried first.
 */
export function hasKeywordPhrase(keywords: readonly string[], phrase: string): boolean {
  if (keywords.some((k) => keywordsMatch(k, phrase))) return true;
  return phrase.trim() !== '' && keywordSpecMatches(keywords, phrase);
}

/** The unit's models not slain. */
function modelsLeft(s: GameState, id: string): number {
  const u = s.units[id];
  if (u === undefined) return 0;
  const r = s.players[u.owner].roster;
  const ru = r.units.find((x) => x.id === id) ?? r.manifestations?.find((x) => x.id === id);
  return ru === undefined ? 0 : ru.models.filter((m) => !u.slain.includes(m.id)).length;
}

/** Alive, deployed / summoned and on the battlefield (Core 28.0: an ability's unit must be). */
export function present(s: GameState, port: GeometryPort | undefined, id: string): boolean {
  const u = Object.prototype.hasOwnProperty.call(s.units, id) ? s.units[id] : undefined;
  if (u === undefined || u.status !== undefined) return false;
  const r = s.players[u.owner].roster;
  const ru = r.units.find((x) => x.id === id) ?? r.manifestations?.find((x) => x.id === id);
  if (ru === undefined || ru.models.every((m) => u.slain.includes(m.id))) return false;
  return port?.onBattlefield ? port.onBattlefield(id) : true;
}

function inCombatNow(s: GameState, port: GeometryPort, id: string): boolean {
  const owner = s.units[id].owner;
  return Object.values(s.units).some((e) => e.owner !== owner && present(s, port, e.id) && port.unitsInCombat(id, e.id));
}

/** Does the unit have the keyword now (its warscroll, or a `keyword` effect adding it)? */
export function hasKeywordNow(s: GameState, port: GeometryPort | undefined, id: string, keyword: string): boolean {
  if (hasKeywordPhrase(rosterKeywords(s, id), keyword)) return true;
  // Only when some ability adds a keyword at all (most games: none) are the effects on the unit asked.
  const adds = (e: AbilityEffect) => 'keyword' in e && 'add' in e && e.add;
  const any = (s.abilities?.active ?? []).some((e) => adds(e.effect)) || (['p1', 'p2'] as const).some((p) => rosterPassives(s, p).some((x) => x.ability.resolves!.some(adds)));
  if (!any) return false;
  const added = effectsOn(s, port, id, {}, KEYWORD_ADDED).flatMap((a) => ('keyword' in a.effect && a.effect.add ? [a.effect.keyword] : []));
  return added.length > 0 && hasKeywordPhrase([...rosterKeywords(s, id), ...added], keyword);
}

/**
 * Does a condition hold for `affected` (ABILITIES.md "Conditions")? `user`: the ability's unit
 * (null for the player's abilities). `within`/`wholly` measure `affected` against `of` (`self`:
 * the ability's unit; `target`: the opposing unit; else a unit id) through the port (a unit is
 * wholly within any distance of itself); `keyword` is checked on `unit` (`self`, `target`, or the
 * affected unit). `roll` cannot be checked without dice: false (`if` conditions with a roll are
 * rolled by the engine when the ability resolves, `engine/abilityUse.ts`).
 */
export function conditionHolds(s: GameState, port: GeometryPort | undefined, cond: AbilityCondition, affected: string, user: string | null, ctx: EffectContext = {}): boolean {
  if (cond.roll !== undefined || cond.castRoll !== undefined || cond.allocatedByUse !== undefined || cond.useRoll !== undefined || cond.slainByUse !== undefined) return false;
  if (!healthHolds(s, cond, affected)) return false; // session 40 (sh40a): `healthAtMost`
  if (cond.within !== undefined && cond.ofFriendly !== undefined) {
    // "Wholly within 12" of a friendly Mega-Gargant": any other unit of the affected unit's army with one of the keywords.
    if (port === undefined) return false;
    const owner = s.units[affected].owner;
    const near = Object.values(s.units).some(
      (u) =>
        u.owner === owner &&
        u.id !== affected &&
        u.manifestation === undefined &&
        present(s, port, u.id) &&
        cond.ofFriendly!.some((k) => hasKeywordPhrase(rosterKeywords(s, u.id), k)) &&
        (cond.wholly === true ? port.whollyWithin(affected, u.id, cond.within!) : port.distance(affected, u.id) <= cond.within! + 1e-6),
    );
    if (!near) return false;
  } else if (cond.within !== undefined && cond.ofFriendlyNamed !== undefined) {
    // Session 39 (sh39a): "wholly within 12" of a friendly Hag Queen on Cauldron of Blood, ... or Shrine of Dark Tribute" (near39.ts).
    if (!nearFriendlyNamed(s, port, cond.ofFriendlyNamed, cond.within, cond.wholly === true, affected, present)) return false;
  } else if (cond.within !== undefined && cond.of === THIS_TERRAIN) {
    // Session 38 (ab38a): "within N" of this terrain feature", the ability's faction terrain feature (`ctx.terrain`).
    if (port === undefined || ctx.terrain === undefined || !withinTerrain(port, ctx.terrain, affected, cond.within, cond.wholly === true)) return false;
  } else if (cond.within !== undefined) {
    const ref = cond.of === undefined || cond.of === 'self' ? user : cond.of === 'target' ? (ctx.opposing ?? null) : cond.of;
    if (ref === null || port === undefined || !present(s, port, ref)) return false;
    if (ref !== affected) {
      const ok = cond.wholly === true ? port.whollyWithin(affected, ref, cond.within) : port.distance(affected, ref) <= cond.within + 1e-6;
      if (!ok) return false;
    }
  }
  // Session 39 (sh39a): "if there are any friendly Hag Queens on Cauldrons of Blood on the battlefield" (near39.ts).
  if (cond.friendlyOnBattlefield !== undefined && !friendlyNamedOnBattlefield(s, port, cond.friendlyOnBattlefield, affected, present)) return false;
  // Session 41 (sh41c): "While you have 2 or more instances of Alaithi, Rune of the Mountain depicted on your battle scripture" (runes41c.ts).
  if (cond.visibleToSelf41c === true && (user === null || port === undefined || (user !== affected && !port.visible(user, affected)))) return false; // sh41c: "a visible friendly unit"
  if (cond.runes41c !== undefined && (user === null || (runesOf(s, port, user, cond.runes41c.rune) ?? 0) < cond.runes41c.atLeast)) return false;
  // "If it is picked to do so" (session 38): applied by the chained fight itself (engine/fightChain38.ts), never here.
  if (cond.pickedToFight === true) return false;
  // `unit` names whose state `inCombat` / `charged` / `fought` / `damaged` / `models` / `contesting` / `keyword` are checked (absent: the affected unit).
  const subject = cond.unit === 'self' ? user : cond.unit === 'target' ? (ctx.opposing ?? null) : affected;
  if ((cond.inCombat !== undefined || cond.charged !== undefined || cond.fought !== undefined || cond.damaged !== undefined || cond.models !== undefined || cond.contesting !== undefined || cond.setUp !== undefined || cond.setUpBy !== undefined || cond.usedMove !== undefined || cond.has !== undefined || cond.slewInCombat !== undefined || cond.destroyedInCombat !== undefined || cond.armedWith !== undefined || cond.warscroll !== undefined) && subject === null) return false;
  // Session 38 (ab38b): "while this unit has N or more <resource>" (resourceCounts38.ts); "if any enemy models were slain this turn by this unit's combat attacks".
  if (cond.has !== undefined && resourceCount(s, subject!, cond.has.resource) < cond.has.atLeast) return false;
  if (cond.slewInCombat !== undefined && s.units[subject!].turn.combatSlew !== true) return false;
  // Session 39 (sh39d): "an enemy unit that had any damage points allocated to it this turn by this unit's shooting attacks".
  if (cond.attackedBy !== undefined && !attackedByHolds(s, cond.attackedBy, affected, user)) return false;
  if (cond.slewByAttacks !== undefined && (subject === null || !(s.units[subject].turn.attacks39 ?? []).some((r) => r.damaged.some((d) => d.slain)))) return false;
  if (cond.destroyedMonster41d !== undefined && (subject === null || !(s.monsterSlayers41d ?? []).includes(subject))) return false; // session 41 (sh41d): monsters41d.ts
  // "if this unit is armed with Grunta-tongs": a weapon of that name on the unit's roster entry (session 38, ab38b).
  if (cond.armedWith !== undefined && !armedWith(s, subject!, cond.armedWith)) return false;
  // Session 39 (sh39b): "while they are in combat with any friendly Nighthaunt units" (an enemy unit; its opponent's units with the keywords).
  if (cond.inCombatWithFoe !== undefined) {
    if (port === undefined || subject === null) return false;
    const owner = s.units[subject].owner;
    const any = Object.values(s.units).some((u) => u.owner !== owner && u.manifestation === undefined && present(s, port, u.id) && hasKeywordPhrase(rosterKeywords(s, u.id), cond.inCombatWithFoe!) && port.unitsInCombat(subject, u.id));
    if (!any) return false;
  }
  // Session 39 (sh39b): "excluding Nagash" (the roster name "Nagash, Supreme Lord of the Undead": its part before the comma).
  if (cond.notWarscroll !== undefined && subject !== null && warscrollNamed(s, subject, cond.notWarscroll)) return false;
  if (cond.warscroll !== undefined && s.players[s.units[subject!].owner].roster.units.find((x) => x.id === subject)?.name.toLowerCase() !== cond.warscroll.toLowerCase()) return false;
  // "... and that enemy unit has been destroyed" (as triggerConditions.ts reads it: not on the battlefield and not in reserve or removed).
  if (cond.destroyedInCombat !== undefined && !(s.units[subject!].turn.combatDamaged ?? []).some((t) => !present(s, undefined, t) && s.units[t].status === undefined)) return false;
  // "If the target unit has 10 or more models": its models not slain, now.
  if (cond.models !== undefined && modelsLeft(s, subject!) < cond.models) return false;
  // "While this unit has N or more damage points": the damage points allocated to it now (Core 18.0; slain models' points are gone).
  if (cond.damaged !== undefined && (s.units[subject!]?.damage ?? 0) < cond.damaged) return false;
  if (cond.inCombat !== undefined) {
    if (port === undefined || inCombatNow(s, port, subject!) !== cond.inCombat) return false;
  }
  if (cond.charged !== undefined && s.units[subject!].turn.charged !== cond.charged) return false;
  // Session 38 (ab38d): "in combat with any enemy units that charged this turn" (Heroic Guard, Hold the Shieldwall).
  if (cond.foesCharged !== undefined) {
    if (port === undefined || subject === null) return false;
    const owner = s.units[subject].owner;
    const any = Object.values(s.units).some((e) => e.owner !== owner && e.turn.charged === true && present(s, port, e.id) && port.unitsInCombat(subject, e.id));
    if (any !== cond.foesCharged) return false;
  }
  if (cond.setUp !== undefined && (s.units[subject!].turn.setUp === true) !== cond.setUp) return false;
  // Session 40 (sh40c): the ability that set the unit up this turn (engine/setUpBy40.ts).
  if (cond.setUpBy !== undefined && s.units[subject!].turn.setUpBy !== cond.setUpBy) return false;
  if (cond.usedMove !== undefined && (s.units[subject!].turn.usedMove === true) !== cond.usedMove) return false;
  if (cond.fought !== undefined && (s.phase === 'combat' && (s.combat?.fought ?? []).includes(subject!)) !== cond.fought) return false;
  if (cond.territory !== undefined) {
    const owner = s.units[affected].owner;
    const t = s.territories;
    if (t === null || port === undefined) return false;
    const own = t[owner];
    const enemy = t[owner === 'p1' ? 'p2' : 'p1'];
    const ok =
      cond.territory === 'own' ? port.whollyWithinTerritory(affected, own) : cond.territory === 'enemy' ? port.whollyWithinTerritory(affected, enemy) : !port.withinTerritory(affected, own, 0) && !port.withinTerritory(affected, enemy, 0);
    if (!ok) return false;
  }
  // "Contesting an objective (you control / do not control)" (Core 32.1, 32.2): any objective the port knows of the state.
  if (cond.contesting !== undefined) {
    if (subject === null || port === undefined) return false;
    const owner = s.units[subject].owner;
    // `friendlyTerritory` (session 37, tail37a): the objective's marker wholly within its player's territory (Core 9.1.2); no territories: none.
    const own = s.territories?.[owner];
    const fits = (o: string): boolean =>
      cond.contesting === 'any' ? true : cond.contesting === 'friendlyTerritory' ? own !== undefined && port.whollyWithinTerritory(o, own) : cond.contesting === 'questmarked' ? isMarked(s, owner, o) : (s.objectives[o] === owner) === (cond.contesting === 'controlled');
    const ok = Object.keys(s.objectives).some((o) => fits(o) && port.contests(subject, o));
    if (!ok) return false;
  }
  if (cond.keyword !== undefined) {
    if (subject === null || !hasKeywordPhrase(rosterKeywords(s, subject), cond.keyword)) return false;
  }
  // Session 37 (perm37): "non-K" on the unit checked; "while any friendly K units are wholly within this unit's combat range".
  if (cond.notKeyword !== undefined && (subject === null || hasKeywordPhrase(rosterKeywords(s, subject), cond.notKeyword))) return false;
  if (cond.friendlyNear !== undefined && !friendlyNear(s, port, cond.friendlyNear, affected)) return false;
  // Session 37 (decl37): a unit of the ability's player or of the opponent, compared with the ability's unit.
  if (cond.side !== undefined && (user === null || subject === null || (s.units[subject].owner === s.units[user].owner) !== (cond.side === 'friendly'))) return false;
  // A second condition with its own `unit` (an aura whose ability's unit must meet one of its own).
  if (cond.also !== undefined && !conditionHolds(s, port, cond.also, affected, user, ctx)) return false;
  return true;
}

/** Is the unit's roster name `name`, or `name` followed by a comma (a named character's title)? Case-insensitive. */
function warscrollNamed(s: GameState, id: string, name: string): boolean {
  const n = s.players[s.units[id].owner].roster.units.find((x) => x.id === id)?.name.toLowerCase() ?? '';
  return n === name.toLowerCase() || n.startsWith(`${name.toLowerCase()},`);
}

/** Does the unit have a weapon named `weapon` (case-insensitive)? */
function armedWith(s: GameState, id: string, weapon: string): boolean {
  const u = s.units[id];
  const ru = s.players[u.owner].roster.units.find((x) => x.id === id);
  return ru !== undefined && ru.weapons.some((w) => w.name.toLowerCase() === weapon.toLowerCase());
}

/** Is some other friendly unit with `near.keyword` (not `near.notKeyword`) on the battlefield (wholly) within `near.within` of `affected`? */
function friendlyNear(s: GameState, port: GeometryPort | undefined, near: NonNullable<AbilityCondition['friendlyNear']>, affected: string): boolean {
  if (port === undefined) return false;
  const owner = s.units[affected].owner;
  return Object.values(s.units).some((u) => {
    if (u.owner !== owner || u.id === affected || u.manifestation !== undefined || !present(s, port, u.id)) return false;
    const kw = rosterKeywords(s, u.id);
    if (!hasKeywordPhrase(kw, near.keyword) || (near.notKeyword !== undefined && hasKeywordPhrase(kw, near.notKeyword))) return false;
    if (near.models !== undefined && modelsLeft(s, u.id) < near.models) return false; // session 38: "that have 10 or more models"
    return near.wholly === true ? port.whollyWithin(u.id, affected, near.within) : port.distance(u.id, affected) <= near.within + 1e-6;
  });
}

/** The units an effect's `targets` names, for an ability of `player` used by `user`. */
export function targetUnits(s: GameState, effect: AbilityEffect, player: PlayerId, user: string | null, picked: readonly string[] = []): string[] {
  const t = effect.targets ?? 'self';
  if (t === 'self') return user === null ? [] : [user];
  if (t === 'targets') return [...picked];
  if (t === 'friendly' || t === 'enemy') return Object.values(s.units).filter((u) => (u.owner === player) === (t === 'friendly') && u.manifestation === undefined).map((u) => u.id);
  const out: string[] = [];
  for (const x of t) {
    if (Object.prototype.hasOwnProperty.call(s.units, x)) out.push(x);
    // A KEYWORD: the ability's army's units with it.
    else for (const u of Object.values(s.units)) if (u.owner === player && u.manifestation === undefined && hasKeywordPhrase(rosterKeywords(s, u.id), x)) out.push(u.id);
  }
  return [...new Set(out)];
}

/** Does `against` (unit ids or KEYWORDS) match the opposing unit? Absent: any. */
function againstMatches(s: GameState, effect: AbilityEffect, ctx: EffectContext): boolean {
  if (!('against' in effect) || effect.against === undefined) return true;
  const o = ctx.opposing;
  if (o === undefined) return false;
  return effect.against.some((x) => x === o || hasKeywordPhrase(rosterKeywords(s, o), x));
}

/** Do the effect's `attacks` (melee / ranged) and named `weapon` fit the attack of `ctx`? */
function weaponMatches(effect: AbilityEffect, ctx: EffectContext): boolean {
  if ('weapon' in effect && effect.weapon !== undefined && (ctx.weaponName === undefined || effect.weapon.toLowerCase() !== ctx.weaponName.toLowerCase())) return false;
  const w = 'attacks' in effect && typeof effect.attacks === 'string' ? effect.attacks : 'all';
  return w === 'all' || ctx.weapon === undefined || w === ctx.weapon;
}

/** The passive abilities of a roster as data (rosters never change in a game: cached per roster object). */
const passiveIndex = new WeakMap<object, { ability: Ability; user: string | null }[]>();

function rosterPassives(s: GameState, p: PlayerId): { ability: Ability; user: string | null }[] {
  const roster = s.players[p].roster;
  const hit = passiveIndex.get(roster);
  if (hit) return hit;
  const out: { ability: Ability; user: string | null }[] = [];
  for (const a of armyAbilities(s, p)) if (a.timing.when === 'passive' && a.resolves !== null) out.push({ ability: a, user: null });
  // Session 41 (sh41e): a manifestation's passives too (Tendrils of Light and Shadow), while summoned (`present`, Magic 7.0).
  for (const ru of [...roster.units, ...(roster.manifestations ?? [])]) {
    if (!Object.prototype.hasOwnProperty.call(s.units, ru.id)) continue;
    for (const a of unitAbilities(s, ru.id)) if (a.timing.when === 'passive' && a.resolves !== null) out.push({ ability: a, user: ru.id });
  }
  passiveIndex.set(roster, out);
  return out;
}

/**
 * Passive abilities that can apply now: each unit's on the battlefield, and each army's, p1's then p2's. With
 * `wanted` (session 40, perf40), only those with an effect whose key (`name#index`) is wanted, so that whether
 * the unit is on the battlefield is asked only of those (each unit once per listing: a unit holds several).
 */
function* passiveSources(s: GameState, port: GeometryPort | undefined, wanted: Set<string> | null): Generator<{ ability: Ability; player: PlayerId; user: string | null }> {
  const presence = new Map<string, boolean>();
  for (const p of ['p1', 'p2'] as const) {
    for (const x of rosterPassives(s, p)) {
      if (wanted !== null && !effectKeys(x.ability).some((k) => wanted.has(k))) continue;
      if (x.user !== null) {
        let here = presence.get(x.user);
        if (here === undefined) presence.set(x.user, (here = present(s, port, x.user)));
        if (!here) continue;
      }
      yield { ...x, player: p };
    }
  }
}

/** The keys (`name#index`, as {@link effectsOn} counts Core 5.3) of an ability's effects, by ability object. */
const keysOfAbility = new WeakMap<Ability, string[]>();
function effectKeys(a: Ability): string[] {
  let keys = keysOfAbility.get(a);
  if (keys === undefined) keysOfAbility.set(a, (keys = (a.resolves ?? []).map((_, i) => `${a.name}#${i}`)));
  return keys;
}

/** Filters of the effects one question reads ({@link effectsOn}'s `only`), module constants so that {@link wantedKeys} is cached. */
const KEYWORD_ADDED = (e: AbilityEffect) => 'keyword' in e && 'add' in e && e.add === true;
const STRIKES = (e: AbilityEffect) => 'strike' in e || KEYWORD_ADDED(e);
const WARDS = (e: AbilityEffect) => 'ward' in e;
const MAX_CONTROL = (e: AbilityEffect) => 'maxControl' in e;
const REROLLS = (e: AbilityEffect) => 'reroll' in e;
const PERMISSIONS = (e: AbilityEffect) => 'mayShootInCombat' in e || 'mayChargeAfter' in e || 'mayShootAfter' in e;
const modifyFilters = new Map<string, (e: AbilityEffect) => boolean>();
/** The filter of the `modify` / `set` / `halve` effects on `what` (one function per characteristic). */
function modifiesFilter(what: string): (e: AbilityEffect) => boolean {
  let f = modifyFilters.get(what);
  if (f === undefined) modifyFilters.set(what, (f = (e: AbilityEffect) => ('modify' in e && e.modify === what) || ('set' in e && e.set === what) || ('halve' in e && e.halve === what) || ('double' in e && e.double === what))); // 'double': session 40 (sh40g)
  return f;
}
/** The rerolls filter, for `engine/rollRerolls.ts`. */
export const rerollEffects = REROLLS;

/** filter → p1 roster → p2 roster → the keys (`name#index`) of both armies' passive effects it accepts. */
const keyCache = new WeakMap<(e: AbilityEffect) => boolean, WeakMap<object, WeakMap<object, Set<string>>>>();

/** The keys (`name#index`, as {@link effectsOn} counts Core 5.3) of the passive effects of both rosters that `only` accepts. */
function wantedKeys(s: GameState, only: (e: AbilityEffect) => boolean): Set<string> {
  const r1 = s.players.p1.roster;
  const r2 = s.players.p2.roster;
  let byR1 = keyCache.get(only);
  if (byR1 === undefined) keyCache.set(only, (byR1 = new WeakMap()));
  let byR2 = byR1.get(r1);
  if (byR2 === undefined) byR1.set(r1, (byR2 = new WeakMap()));
  let keys = byR2.get(r2);
  if (keys === undefined) {
    keys = new Set();
    for (const p of ['p1', 'p2'] as const) for (const x of rosterPassives(s, p)) x.ability.resolves!.forEach((e, i) => (only(e) ? keys!.add(`${x.ability.name}#${i}`) : undefined));
    byR2.set(r2, keys);
  }
  return keys;
}

/** Does an effect's `targets` include `unitId` (as {@link targetUnits} would list it), without listing them all? */
function targetsInclude(s: GameState, effect: AbilityEffect, player: PlayerId, user: string | null, unitId: string): boolean {
  const t = effect.targets ?? 'self';
  const u = s.units[unitId];
  if (t === 'self') return user === unitId;
  if (t === 'targets') return false;
  if (t === 'friendly' || t === 'enemy') return u.manifestation === undefined && (u.owner === player) === (t === 'friendly');
  return t.includes(unitId) || (u.owner === player && u.manifestation === undefined && t.some((x) => !Object.prototype.hasOwnProperty.call(s.units, x) && hasKeywordPhrase(rosterKeywords(s, unitId), x)));
}

/**
 * Every effect that applies to `unitId` now, in the order of effects (Core 30.0: the earliest
 * first; persisting effects by the order they were used, then the opponent's passives, then the
 * active player's). The `while` (and, for passives, `if`) conditions are checked now, with `ctx`.
 * `only`: list only the effects it accepts (the same ones, in the same order, as filtering the full
 * listing), without measuring the conditions of effects no question reads (auras on the table are
 * the options' main cost, session 37).
 */
export function effectsOn(s: GameState, port: GeometryPort | undefined, unitId: string, ctx: EffectContext = {}, only?: (e: AbilityEffect) => boolean): AppliedEffect[] {
  if (!gameHasAbilities(s)) return [];
  const out: AppliedEffect[] = [];
  for (const e of s.abilities?.active ?? []) {
    if (!e.units.includes(unitId)) continue;
    if (only !== undefined && !only(e.effect)) continue;
    if (e.effect.while !== undefined && !conditionHolds(s, port, e.effect.while, unitId, e.unitId, terrainContext(s, port, e.player, e.ability, e.effect, ctx))) continue;
    const scaled = perResource(s, e.effect, e.unitId, port);
    if (scaled === null) continue;
    out.push({ effect: scaled, ability: e.ability, name: e.name, rule: e.name, player: e.player, order: e.order, passive: false });
  }
  if (s.blessings !== undefined) for (const b of blessingEffectsOn(s, s.units[unitId].owner, s.units[unitId].manifestation === undefined && hasKeywordPhrase(rosterKeywords(s, unitId), BLESSED_KEYWORD), only)) if (b.effect.while === undefined || conditionHolds(s, port, b.effect.while, unitId, unitId)) out.push({ effect: b.effect, ability: `blessing:${b.blessing}`, name: `Blessing of ${b.blessing}`, rule: 'Blessings of Khaine', player: b.player, order: 5e5 + out.length, passive: true }); // session 40 (sh40h): blessings40h.ts
  const seen = new Set<string>();
  const base = 1e6;
  // With `only`: the keys (name#index) where some passive's effect is one asked for; the others are
  // skipped without measuring their conditions. A key's first effect whose conditions hold still
  // takes the key (Core 5.3) even when it is not asked for, exactly as in the full listing.
  const wanted = only === undefined ? null : wantedKeys(s, only);
  if (wanted !== null && wanted.size === 0) return out.sort((a, b) => a.order - b.order);
  for (const src of passiveSources(s, port, wanted)) {
    const keys = effectKeys(src.ability);
    src.ability.resolves!.forEach((effect, i) => {
      const key = keys[i];
      if (seen.has(key)) return; // Core 5.3: the same passive ability once.
      if (wanted !== null && !wanted.has(key)) return;
      if (!targetsInclude(s, effect, src.player, src.user, unitId)) return;
      const cx = terrainContext(s, port, src.player, src.ability.id, effect, ctx); // session 38: "of this terrain feature"
      if (effect.while !== undefined && !conditionHolds(s, port, effect.while, unitId, src.user, cx)) return;
      if (effect.if !== undefined && !conditionHolds(s, port, effect.if, unitId, src.user, cx)) return;
      seen.add(key);
      if (only !== undefined && !only(effect)) return;
      const scaled = perResource(s, effect, src.user, port);
      if (scaled === null) return;
      const order = base + (src.player === s.active ? 2e5 : 1e5) + out.length;
      out.push({ effect: scaled, ability: src.ability.id, name: src.ability.name, rule: abilityRule(src.ability), player: src.player, order, passive: true });
    });
  }
  return out.sort((a, b) => a.order - b.order);
}

/**
 * A `modify` counted per point of a resource (session 38, ab38b, `perResource`): `by` times the count of the
 * ability's unit (`user`) now; null (no effect) when it has none or the ability has no unit. Other effects as they are.
 */
function perResource(s: GameState, effect: AbilityEffect, user: string | null, port?: GeometryPort): AbilityEffect | null {
  if ('modify' in effect && effect.perRound === true) return { ...effect, by: effect.by * Math.max(1, s.round) }; // session 39 (sh39b): Mounting Dread
  if ('modify' in effect && effect.perRune41c !== undefined) { const n = user === null ? 0 : (runesOf(s, port, user, effect.perRune41c) ?? 0); return n > 0 ? { ...effect, by: effect.by * n } : null; } // session 41 (sh41c): runes41c.ts
  if (!('modify' in effect) || effect.perResource === undefined) return effect;
  const n = user === null ? 0 : resourceCount(s, user, effect.perResource);
  return n > 0 ? { ...effect, by: effect.by * n } : null;
}

/** Session 41 (sh41c): instances of a rune for the abilities of `user`'s warscroll (runes41c.ts), null when the scripture is unknown. */
function runesOf(s: GameState, port: GeometryPort | undefined, user: string, rune: Parameters<typeof runeCount41c>[3]): number | null {
  return runeCount41c(s, port, user, rune, (id) => present(s, port, id), (id, k) => hasKeywordPhrase(rosterKeywords(s, id), k));
}

/** A characteristic or roll as modified by the effects (Core 27.0 order: set, then add). */
export interface Modified {
  /** The sum of the `modify` effects. */
  readonly add: number;
  /** The value of the most recent `set` effect (Core 29.0, 30.0), if any. */
  readonly set?: number;
  /** How many `halve` effects apply (session 37, roll37): each halves the value after `set`, before `add` (Core 27.0). */
  readonly halve?: number;
  /** How many `double` effects apply (session 40, sh40g; schema40g.ts): each doubles the value after `set`, before `add` (Core 27.0). */
  readonly double?: number;
  /** The rules that contributed, for the log. */
  readonly rules: readonly string[];
  /** Each `modify` summed in `add`, one by one (session 39, sh39b: "ignore positive / negative modifiers", `engine/ignoreModifiers39.ts`). */
  readonly parts?: readonly number[];
}

/**
 * The `modify` / `set` effects on `what` for the unit now (`ctx.weapon` filters `attacks`,
 * `ctx.opposing` checks `against`). Of several `set` effects, the most recent in the order of
 * effects takes precedence (Core 29.0: "the effect of the most recently used ability takes precedence").
 */
export function modified(s: GameState, port: GeometryPort | undefined, unitId: string, what: string, ctx: EffectContext = {}): Modified {
  return modifiedFrom(s, effectsOn(s, port, unitId, ctx, modifiesFilter(what)), what, ctx);
}

/** {@link modified} over effects already listed with {@link effectsOn} (one listing for several characteristics). */
export function modifiedFrom(s: GameState, list: readonly AppliedEffect[], what: string, ctx: EffectContext = {}): Modified {
  let add = 0;
  let set: number | undefined;
  let halve = 0;
  let double = 0;
  const rules: string[] = [];
  const parts: number[] = [];
  for (const a of list) {
    const e = a.effect;
    if ('modify' in e && (e.incoming === true) !== (ctx.incoming === true)) continue;
    if ('modify' in e && e.summon === true && ctx.summon !== true) continue; // session 39 (sh39a): "when it uses a Summon ability"
    if ('modify' in e && e.modify === what && weaponMatches(e, ctx) && againstMatches(s, e, ctx)) {
      add += e.by;
      parts.push(e.by);
      rules.push(a.rule);
    } else if ('set' in e && e.set === what && weaponMatches(e, ctx) && againstMatches(s, e, ctx)) {
      set = e.to;
      rules.push(a.rule);
    } else if ('halve' in e && e.halve === what) {
      halve++;
      rules.push(a.rule);
    } else if ('double' in e && e.double === what && weaponMatches(e, ctx) && againstMatches(s, e, ctx)) {
      double++;
      rules.push(a.rule);
    }
  }
  return { add, ...(set !== undefined ? { set } : {}), ...(halve > 0 ? { halve } : {}), ...(double > 0 ? { double } : {}), rules, parts };
}

/**
 * The weapon abilities (Core 20.0) the effects give a weapon (`weaponAbility`, filtered by `attacks` /
 * `weapon` like modifiers) and the lowest unmodified hit roll that scores a critical hit (`critOn`,
 * else 6, Core 17.0), with the rules that contributed.
 */
export function weaponGrantsFrom(list: readonly AppliedEffect[], ctx: EffectContext = {}): { abilities: string[]; critOn: number; rules: string[] } {
  const abilities: string[] = [];
  let critOn = 6;
  const rules: string[] = [];
  for (const a of list) {
    const e = a.effect;
    if ('weaponAbility' in e && weaponMatches(e, ctx)) {
      abilities.push(e.weaponAbility);
      rules.push(a.rule);
    } else if ('critOn' in e && weaponMatches(e, ctx)) {
      critOn = Math.min(critOn, e.critOn);
      rules.push(a.rule);
    }
  }
  return { abilities, critOn, rules };
}

/**
 * The maximum control score of the unit now (`maxControl` effects, session 36 second pass; Core 32.2), the
 * lowest of several, or null when none applies.
 */
export function maxControlScore(s: GameState, port: GeometryPort | undefined, unitId: string): number | null {
  let cap: number | null = null;
  for (const a of effectsOn(s, port, unitId, {}, MAX_CONTROL)) if ('maxControl' in a.effect) cap = cap === null ? a.effect.maxControl : Math.min(cap, a.effect.maxControl);
  return cap;
}

/** The best WARD from abilities (Core 18.1), or null. */
export function abilityWard(s: GameState, port: GeometryPort | undefined, unitId: string): number | null {
  let best: number | null = null;
  for (const a of effectsOn(s, port, unitId, {}, WARDS)) if ('ward' in a.effect && (best === null || a.effect.ward < best)) best = a.effect.ward;
  return best;
}

/** The re-roll an ability gives the unit's `roll` now (the widest: any > failed > ones), or null. */
export function abilityReroll(s: GameState, port: GeometryPort | undefined, unitId: string, roll: string, ctx: EffectContext = {}): { which: 'ones' | 'failed' | 'any'; rule: string } | null {
  return rerollFrom(effectsOn(s, port, unitId, ctx, REROLLS), roll, ctx);
}

/** {@link abilityReroll} over effects already listed with {@link effectsOn}. */
export function rerollFrom(list: readonly AppliedEffect[], roll: string, ctx: EffectContext = {}): { which: 'ones' | 'failed' | 'any'; rule: string } | null {
  const rank = { ones: 1, failed: 2, any: 3 } as const;
  let best: { which: 'ones' | 'failed' | 'any'; rule: string } | null = null;
  for (const a of list) {
    const e = a.effect;
    if ('reroll' in e && (e.reroll === roll || e.reroll === 'any') && weaponMatches(e, ctx) && (best === null || rank[e.which] > rank[best.which])) best = { which: e.which, rule: a.rule };
  }
  return best;
}

/** The permission an ability gives (Core 29.0: it "specifically overrides the restriction"), as the rule granting it, or null. */
export function permission(s: GameState, port: GeometryPort | undefined, unitId: string, kind: 'mayShootInCombat' | 'chargeAfterRun' | 'chargeAfterRetreat' | 'shootAfterRun' | 'shootAfterRetreat'): string | null {
  for (const a of effectsOn(s, port, unitId, {}, PERMISSIONS)) {
    const e = a.effect;
    if (kind === 'mayShootInCombat' && 'mayShootInCombat' in e) return a.rule;
    if (kind === 'chargeAfterRun' && 'mayChargeAfter' in e && e.mayChargeAfter === 'run') return a.rule;
    if (kind === 'chargeAfterRetreat' && 'mayChargeAfter' in e && e.mayChargeAfter === 'retreat') return a.rule;
    if (kind === 'shootAfterRun' && 'mayShootAfter' in e && e.mayShootAfter === 'run') return a.rule;
    if (kind === 'shootAfterRetreat' && 'mayShootAfter' in e && e.mayShootAfter === 'retreat') return a.rule;
  }
  return null;
}

/** STRIKE-FIRST / STRIKE-LAST from abilities now (Core 19.0), with the rules. */
export function abilityStrike(s: GameState, port: GeometryPort | undefined, unitId: string): { first: boolean; last: boolean } {
  let first = false;
  let last = false;
  for (const a of effectsOn(s, port, unitId, {}, STRIKES)) {
    if ('strike' in a.effect) {
      if (a.effect.strike === 'first') first = true;
      else last = true;
    } else if ('keyword' in a.effect && a.effect.add) {
      if (keywordsMatch(a.effect.keyword, 'STRIKE-FIRST')) first = true;
      if (keywordsMatch(a.effect.keyword, 'STRIKE-LAST')) last = true;
    }
  }
  return { first, last };
}
