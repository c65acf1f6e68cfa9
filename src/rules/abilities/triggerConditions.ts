/**
 * The conditions an ability hangs on what just happened (issue 34, session 37), read from its text
 * and checked when it is offered and declared (`engine/abilityUse.ts` `useProblem`, so the options
 * and the `useAbility` action agree). Until session 36 a reaction was offered whenever its window
 * opened; the player judged its condition. Now the conditions the engine can read are checked:
 *
 * - "if all of its attacks targeted the same enemy unit" / "if all of this unit's attacks ...
 *   targeted the same enemy unit" (Heartseekers, Agonising Spasms: a reaction to "You declared a
 *   Shoot ability for this unit"): the attacks waiting for reactions (Core 5.2 step 2) have one target.
 * - "If any damage points were allocated to an enemy unit (Hero) by this unit's combat attacks this
 *   turn and that enemy unit (Hero) has been / was destroyed (this turn)" (Heads on Pikes, Evocation of
 *   Death) and "If an enemy unit was destroyed by this unit's combat attacks this turn" (Crimson
 *   Offerings; the engine checks that such a unit was damaged by them and is destroyed: necessary,
 *   the rest is the player's): the unit's per-turn history (`turn.combatDamaged`, `engine/unitHistory.ts`).
 * - "If this unit was picked to be the target of that spell" and "If (this unit or) a friendly X unit
 *   wholly within N" of this unit was picked to be the target of that spell" (The Shield Inviolate,
 *   Arcane Heritage, Spell-eaters: reactions to "Opponent declared a Spell ability", offered while the
 *   spell waits for its unbinding roll, Magic 4.0): the spell's target.
 * - "If this unit is in combat with any enemy units that charged this turn" (Elite Guardians).
 * - In a reaction's trigger: "..., it was not set up this turn and it has not used a Move ability this
 *   turn" (More-more Doom!), and "for a (friendly / enemy) <KEYWORDS> unit (wholly) within N" of this
 *   unit" (If I Cannot Rule, None Shall Rule!; Commanding View; Feed on Pestilence; A Tough Grot to
 *   Swallow): the declared unit measured against this unit on the real table, its keywords (or its
 *   warscroll's name) checked when they are keywords or names of the game's units ("an anointed unit",
 *   "an Infected unit" are not: the player judges them).
 *
 * A condition in an Effect gates the ability only when it governs the whole Effect (one paragraph:
 * "If ..., roll a dice. On a 3+, ..."); "Strength From Victory" has a second paragraph that applies
 * anyway, so it is offered whatever its first condition (docs/abilities.md). Unmet, the ability is
 * offered `available: false` with the reason: using it would do nothing and spend its once-per limit
 * (docs/interpretations.md). Everything else of these texts stays by hand.
 *
 * @module
 */

import type { GameState, PlayerId } from '../engine/state';
import type { GeometryPort } from '../engine/geometryPort';
import type { Ability } from './schema';
import { hasKeywordNow, hasKeywordPhrase, present, rosterKeywords } from './passives';
import { declaredTriggers } from './timing';

/** A refusal: what does not hold, and the rule (the ability's Declare / Effect, or Core 5.2 for a trigger). */
export interface ConditionProblem {
  readonly reason: string;
  readonly rule: string;
}

type Check = (s: GameState, port: GeometryPort, player: PlayerId, user: string | null) => string | null;

/** The roster's markup removed: `**^^Fight^^**` → `Fight`. */
function plain(text: string): string {
  return text.replace(/\*\*|\^\^/g, '').replace(/&quot;/g, '"').replace(/\s+/g, ' ').trim();
}

/** The attacks waiting for reactions, when they are `user`'s: their targets. */
function pendingTargets(s: GameState, user: string | null): string[] | null {
  const a = s.pendingAttack;
  if (a === null || user === null || a.unitId !== user) return null;
  return [...new Set(a.assignments.map((x) => x.target))];
}

/** The unit(s) the spell waiting for its unbinding roll picked (Magic 4.0), or null without one. */
function spellTargets(s: GameState): string[] | null {
  const sp = s.pendingSpell;
  if (sp === null) return null;
  return [...new Set([...(sp.targetId !== undefined ? [sp.targetId] : []), ...(sp.targets ?? [])])];
}

/** Is the unit's warscroll named `name` (case-insensitive)? */
function isWarscroll(s: GameState, id: string, name: string): boolean {
  const u = s.units[id];
  const r = s.players[u.owner].roster;
  const ru = r.units.find((x) => x.id === id) ?? r.manifestations?.find((x) => x.id === id);
  return ru !== undefined && ru.name.toLowerCase() === name.toLowerCase();
}

/** Can the engine read `phrase` as keywords or a warscroll name of some unit of the game? */
function readablePhrase(s: GameState, phrase: string): boolean {
  return Object.keys(s.units).some((id) => isWarscroll(s, id, phrase) || hasKeywordPhrase(rosterKeywords(s, id), phrase));
}

/** "a friendly Nighthaunt unit", "a friendly Stormdrake Guard unit": unit `t` is one (keywords or warscroll name). */
function fits(s: GameState, port: GeometryPort, t: string, phrase: string): boolean {
  return isWarscroll(s, t, phrase) || hasKeywordNow(s, port, t, phrase.toUpperCase());
}

const ALL_SAME = /\bif all of (?:its|this unit's) attacks(?: made as part of that shoot ability)? targeted the same enemy unit\b/i;
const COMBAT_DESTROYED = /\bif any damage points were allocated to an enemy (unit|hero) by this unit's combat attacks this turn and that enemy (?:unit|hero) (?:has been|was) destroyed(?: this turn)?\b/i;
const DESTROYED_BY = /\bif an enemy unit was destroyed by this unit's combat attacks this turn\b/i;
const SPELL_TARGET = /\bif (this unit|(this unit or )?a friendly ([\w' -]+?) unit wholly within (\d+)" of this unit) was picked to be the target of that spell\b/i;
const CHARGED_FOES = /\bif this unit is in combat with any enemy units that charged this turn\b/i;
const NOT_SET_UP_NOT_MOVED = /, it was not set up this turn and it has not used a move ability this turn$/i;
const FOR_UNIT = /^(?:you|opponent) declared (?:a|an|the '[^']+') (?:[\w! -]+ )?(?:ability|command)(?:, [\w ]+ ability)*(?:,? or [\w ]+ ability)? for (?:a|an) (friendly |enemy )?([\w' -]+?)(?: unit)?(?: (wholly )?within (\d+)" of this unit)?$/i;

/** The unit ids of `user`'s combat victims this turn that are destroyed now (and are HEROES, for `hero`). */
function destroyedVictims(s: GameState, user: string, hero: boolean): string[] {
  return (s.units[user].turn.combatDamaged ?? []).filter((t) => !present(s, undefined, t) && s.units[t].status === undefined && (!hero || hasKeywordPhrase(rosterKeywords(s, t), 'HERO')));
}

/** The checks one clause of text asks for (none: nothing the engine reads). */
function clauseChecks(text: string): Check[] {
  const out: Check[] = [];
  if (ALL_SAME.test(text)) {
    out.push((s, _port, _p, user) => {
      const ts = pendingTargets(s, user);
      if (ts === null) return null; // not a reaction to its own attacks (a spell's or a passive's "each time"): by hand
      return ts.length === 1 ? null : `its attacks target ${ts.length} units (${ts.join(', ')}), not all the same enemy unit`;
    });
  }
  const cd = COMBAT_DESTROYED.exec(text);
  if (cd || DESTROYED_BY.test(text)) {
    const hero = cd !== null && cd[1].toLowerCase() === 'hero';
    out.push((s, _port, _p, user) => {
      if (user === null) return null;
      if (destroyedVictims(s, user, hero).length > 0) return null;
      const hit = s.units[user].turn.combatDamaged ?? [];
      return hit.length === 0 ? `no damage points were allocated to an enemy ${hero ? 'HERO' : 'unit'} by "${user}"'s combat attacks this turn` : `no enemy ${hero ? 'HERO' : 'unit'} that "${user}"'s combat attacks allocated damage to this turn (${hit.join(', ')}) has been destroyed`;
    });
  }
  const st = SPELL_TARGET.exec(text);
  if (st) {
    const self = st[1].toLowerCase() === 'this unit' || st[2] !== undefined;
    const kind = st[3];
    const within = st[4] !== undefined ? Number(st[4]) : 0;
    out.push((s, port, player, user) => {
      const ts = spellTargets(s);
      if (ts === null || user === null) return null;
      const ok = ts.some((t) => (self && t === user) || (kind !== undefined && s.units[t]?.owner === player && present(s, port, t) && fits(s, port, t, kind) && (t === user || port.whollyWithin(t, user, within))));
      if (ok) return null;
      const who = kind === undefined ? 'this unit' : `${self ? 'this unit or ' : ''}a friendly ${kind} unit wholly within ${within}" of it`;
      return ts.length === 0 ? 'that spell picked no unit to be its target' : `${who} was not picked to be the target of that spell (${ts.join(', ')})`;
    });
  }
  if (CHARGED_FOES.test(text)) {
    out.push((s, port, player, user) => {
      if (user === null) return null;
      const foes = Object.values(s.units).filter((e) => e.owner !== player && present(s, port, e.id) && port.unitsInCombat(user, e.id));
      if (foes.some((e) => e.turn.charged)) return null;
      return foes.length === 0 ? `"${user}" is not in combat` : `no enemy unit in combat with "${user}" charged this turn (${foes.map((e) => e.id).join(', ')})`;
    });
  }
  return out;
}

/** The checks of a reaction's trigger text beyond what `timing.ts` `reactionMatches` reads. */
function triggerChecks(trigger: string): Check[] {
  const out: Check[] = [];
  if (NOT_SET_UP_NOT_MOVED.test(trigger)) {
    out.push((s, _port, _p, user) => {
      if (user === null) return null;
      const t = s.units[user].turn;
      if (t.setUp === true) return `"${user}" was set up this turn`;
      if (t.usedMove === true) return `"${user}" has used a Move ability this turn`;
      return null;
    });
  }
  const f = FOR_UNIT.exec(trigger);
  if (f && !/for this unit/i.test(trigger)) {
    const side = f[1]?.trim().toLowerCase();
    const kind = f[2].trim();
    const within = f[4] !== undefined ? Number(f[4]) : null;
    const wholly = f[3] !== undefined;
    out.push((s, port, player, user) => {
      const ds = declaredTriggers(s).filter((d) => d.unitId !== null && Object.prototype.hasOwnProperty.call(s.units, d.unitId));
      const pa = s.pendingAttack;
      const sp = s.pendingSpell;
      const declared = [...ds.map((d) => d.unitId as string), ...(pa !== null ? [pa.unitId] : []), ...(sp !== null ? [sp.casterId] : [])];
      if (declared.length === 0) return null;
      const generic = /^unit$/i.test(kind);
      const readable = generic || readablePhrase(s, kind);
      const okUnit = (t: string) => {
        if (side === 'friendly' && s.units[t].owner !== player) return false;
        if (side === 'enemy' && s.units[t].owner === player) return false;
        if (readable && !generic && !fits(s, port, t, kind)) return false;
        if (within !== null) {
          if (user === null || !present(s, port, user) || !present(s, port, t)) return false;
          if (t !== user && !(wholly ? port.whollyWithin(t, user, within) : port.distance(t, user) <= within + 1e-6)) return false;
        }
        return true;
      };
      if (declared.some(okUnit)) return null;
      const what = `${side ? `${side} ` : ''}${generic ? '' : readable ? `${kind} ` : ''}unit${within !== null ? ` ${wholly ? 'wholly ' : ''}within ${within}" of this unit` : ''}`;
      return `it was declared for ${declared.join(', ')}, not for a ${what}`;
    });
  }
  return out;
}

interface Gates {
  readonly trigger: Check[];
  readonly declare: Check[];
  readonly effect: Check[];
}

const cache = new WeakMap<Ability, Gates>();

/** The checks an ability's text asks for (cached per ability object). */
function gatesOf(a: Ability): Gates {
  let g = cache.get(a);
  if (g !== undefined) return g;
  const effect = plain(a.effect);
  // A condition gates the ability only when it governs its whole Effect: one paragraph, the condition in its first sentence.
  const onePart = !/\n\s*\S/.test(a.effect.trim());
  const first = effect.split(/(?<=\.)\s/)[0] ?? '';
  g = {
    trigger: a.timing.when === 'reaction' ? triggerChecks(plain(a.timing.reaction ?? '')) : [],
    declare: a.declare !== null ? clauseChecks(plain(a.declare).split(/(?<=\.)\s/)[0] ?? '') : [],
    effect: onePart ? clauseChecks(first) : [],
  };
  cache.set(a, g);
  return g;
}

/**
 * Why the ability cannot be used now because a condition of its text that the engine reads does not
 * hold (module docs), or null. `user`: the unit using it (null: the player). Called after the timing
 * window is found open.
 */
export function triggerConditionProblem(s: GameState, port: GeometryPort, player: PlayerId, user: string | null, ability: Ability): ConditionProblem | null {
  const g = gatesOf(ability);
  for (const [checks, rule, where] of [
    [g.trigger, 'Core 5.2', `its trigger ("${plain(ability.timing.reaction ?? '')}")`],
    [g.declare, `${ability.name}: Declare`, 'its Declare'],
    [g.effect, `${ability.name}: Effect`, 'its Effect'],
  ] as const) {
    for (const check of checks) {
      const why = check(s, port, player, user);
      if (why !== null) return { reason: `${ability.name} cannot be used now: the condition of ${where} does not hold: ${why}`, rule };
    }
  }
  return null;
}
