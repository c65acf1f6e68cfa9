/**
 * Reactions that make the ability they react to have no effect on their unit (issue 34, session 38,
 * ab38d): "Reaction: This unit was picked as the target of a non-Core ability. Make a resistance roll of
 * D6. On a 4+, that ability has no effect on this unit." (Ruination Chamber, Guardian of the Final
 * Threshold; effect `{ignoreTrigger: true}`).
 *
 * Core 5.2: an ability is declared (step 1), then the players use reactions (step 2), then its Effect is
 * resolved (step 3). So the reaction must come before the Effect. Attacks and spells already wait for
 * their reactions (`pendingAttack`, `pendingSpell`); an ability used with `useAbility` is resolved in the
 * same action. Here:
 *
 * - {@link deferForReactions}: an ability (not CORE, not itself a reaction) whose picks include an
 *   opponent's unit that has such a reaction it can use now is not resolved at once: it waits in
 *   `AbilityState.pending38` (event `abilityWaitsForReactions`, naming the reactions), and
 *   {@link resolvePending} resolves it before the next action that is not a reaction or a step of the
 *   open window (`reduce.ts`), or on a `pass` (either player: "no more reactions"). Games without such
 *   a reaction on a picked unit resolve at once as before.
 * - {@link ignoreTrigger}: the reaction's effect (after its resistance roll) adds its unit to the
 *   waiting ability's `exempt` units, or to the waiting spell's (`PendingSpell.exempt`, Magic 4.0: the
 *   spell waits for its unbinding roll), or, for an ability resolved by hand (`awaiting`), takes the
 *   unit out of the units `resolveByHand` may affect.
 * - {@link exemptUnits}: while a waiting ability or spell resolves, the units its effects skip
 *   (`abilityUse.ts` `applyEffect`; event `abilityEffectSkipped`, "has no effect on this unit").
 * - {@link cancelProblem}: such a reaction is refused (and offered unavailable) when nothing waiting
 *   picked its unit: using it would do nothing and spend its once-per limit.
 *
 * @module
 */

import type { Ability } from '../abilities/schema';
import { abilityState, limitProblem, rulesOfOneProblem, stampOf } from '../abilities/record';
import { unitAbilities } from '../abilities/catalog';
import { reactionMatches } from '../abilities/timing';
import { onBattlefield, rollLogged, type Ctx } from './core';
import { abilityReroll } from '../abilities/passives';
import type { GameState, PlayerId } from './state';

type Positions = Readonly<Record<string, readonly [number, number]>>;

/** Does the ability carry the "no effect on this unit" reaction effect? */
export function isCancelReaction(a: Ability): boolean {
  return a.timing.when === 'reaction' && (a.resolves ?? []).some((e) => 'ignoreTrigger' in e);
}

/** Is the ability a non-CORE one (the trigger "a non-Core ability")? */
function nonCore(a: Ability): boolean {
  return a.source !== 'core' && !a.keywords.some((k) => k.toUpperCase() === 'CORE');
}

/**
 * The "no effect" reactions the units in `picked` could use against `ability` declared now by `player`
 * (their trigger matched as `timing.ts` matches it; their once-per limit and the Rules of One unspent):
 * `unit: name` pairs, empty when none.
 */
function reactorsFor(c: Ctx, player: PlayerId, ability: Ability, picked: readonly string[]): string[] {
  const s = c.s;
  const out: string[] = [];
  const trigger = { player, unitId: null, name: ability.name, keywords: ability.keywords.map((k) => k.toUpperCase()), targets: picked };
  for (const t of new Set(picked)) {
    const owner = s.units[t]?.owner;
    if (owner === undefined || owner === player || !onBattlefield(c, t)) continue;
    for (const r of unitAbilities(s, t)) {
      if (!isCancelReaction(r)) continue;
      if (!reactionMatches(r.timing.reaction ?? '', trigger, owner, t)) continue;
      if (limitProblem(s, owner, t, r, r.timing.limit) !== null || rulesOfOneProblem(s, t, r, false) !== null) continue;
      out.push(`${t}: ${r.name}`);
    }
  }
  return out;
}

/**
 * Step 2 of Core 5.2 for an ability used with `useAbility`: when a unit it picked can react to it with
 * a "no effect" reaction, keep it waiting (returns true: the caller does not resolve it now).
 */
export function deferForReactions(c: Ctx, player: PlayerId, user: string | null, ability: Ability, picked: readonly string[], extra: { point?: readonly [number, number]; choice?: string; positions?: Positions }): boolean {
  const s = c.s;
  if (ability.resolves === null || ability.timing.when === 'reaction' || !nonCore(ability)) return false;
  if (s.pendingAttack !== null || s.pendingSpell !== null || s.abilities?.pending38 !== undefined) return false;
  const reactors = reactorsFor(c, player, ability, picked);
  if (reactors.length === 0) return false;
  abilityState(s).pending38 = {
    player,
    unitId: user,
    ability: ability.id,
    name: ability.name,
    targets: [...picked],
    ...(extra.point ? { point: [extra.point[0], extra.point[1]] as const } : {}),
    ...(extra.choice !== undefined ? { choice: extra.choice } : {}),
    ...(extra.positions ? { positions: extra.positions } : {}),
    exempt: [],
    at: stampOf(s),
  };
  c.events.push({ type: 'abilityWaitsForReactions', player, unitId: user, ability: ability.id, name: ability.name, reactions: reactors, rule: 'Core 5.2' });
  return true;
}

/** The units the ability or spell being resolved now has no effect on (`applyEffect` skips them). */
const exemptNow = new WeakMap<Ctx, { units: ReadonlySet<string>; by: string }>();

/** While `fn` runs, the effects resolved skip `units` (a reaction named `by` made them exempt). */
export function withExempt(c: Ctx, units: readonly string[] | undefined, by: string, fn: () => void): void {
  if (units === undefined || units.length === 0) {
    fn();
    return;
  }
  exemptNow.set(c, { units: new Set(units), by });
  try {
    fn();
  } finally {
    exemptNow.delete(c);
  }
}

/** The units the effects resolved now skip, or undefined. */
export function exemptUnits(c: Ctx): { units: ReadonlySet<string>; by: string } | undefined {
  return exemptNow.get(c);
}

/**
 * Resolve the ability waiting for reactions (`pending38`), its exempt units skipped: before the next
 * action that closes its window, or on `pass`. `resolve` is `abilityUse.ts` `resolveAbility` (passed
 * in: this module sits below it).
 */
export function resolvePending(c: Ctx, resolve: (player: PlayerId, user: string | null, ability: Ability, picked: readonly string[], extra: { point?: readonly [number, number]; choice?: string; positions?: Positions }) => void, findAbilityOf: (player: PlayerId, unitId: string | null, id: string) => Ability | undefined): void {
  const st = c.s.abilities;
  const p = st?.pending38;
  if (st === undefined || p === undefined) return;
  delete st.pending38;
  const ability = findAbilityOf(p.player, p.unitId, p.ability);
  if (ability === undefined) return;
  c.events.push({ type: 'abilityResolvesAfterReactions', player: p.player, unitId: p.unitId, ability: p.ability, name: p.name, exempt: [...p.exempt], rule: 'Core 5.2' });
  withExempt(c, p.exempt, 'a reaction', () => resolve(p.player, p.unitId, ability, p.targets, { point: p.point, choice: p.choice, positions: p.positions }));
}

/** What a "no effect" reaction of `unitId` would cancel now: the waiting spell, ability, or by-hand ability; null when nothing. */
function cancellable(s: GameState, unitId: string): 'spell' | 'ability' | { awaiting: number } | null {
  const sp = s.pendingSpell;
  if (sp !== null) return [...(sp.targetId !== undefined ? [sp.targetId] : []), ...(sp.targets ?? [])].includes(unitId) ? 'spell' : null;
  const p = s.abilities?.pending38;
  if (p !== undefined) return p.targets.includes(unitId) ? 'ability' : null;
  // A by-hand ability declared by the opponent (the last declaration, `reactionWindows.ts`) that picked the unit.
  const d = s.abilities?.declared?.[0];
  const aw = s.abilities?.awaiting ?? [];
  if (d === undefined) return null;
  for (let i = aw.length - 1; i >= 0; i--) {
    const w = aw[i];
    if (w.player === d.player && w.name === d.name && w.targets.includes(unitId) && d.targets.includes(unitId)) return { awaiting: i };
  }
  return null;
}

/** Why a "no effect" reaction of `unitId` cannot be used now (nothing waiting picked it), or null. */
export function cancelProblem(s: GameState, unitId: string | null, ability: Ability): { reason: string; rule: string } | null {
  if (!isCancelReaction(ability)) return null;
  if (unitId === null || cancellable(s, unitId) === null) return { reason: `${ability.name}: no declared ability waiting to be resolved picked "${unitId ?? '(no unit)'}" (it makes that ability have no effect on this unit)`, rule: 'Core 5.2' };
  return null;
}

/** The effect `ignoreTrigger` on `units` (the reaction's own unit, its roll passed): that ability has no effect on them. */
export function ignoreTrigger(c: Ctx, units: readonly string[], name: string): void {
  const s = c.s;
  for (const u of units) {
    const what = cancellable(s, u);
    if (what === null) continue;
    if (what === 'spell') {
      const sp = s.pendingSpell!;
      s.pendingSpell = { ...sp, exempt: [...(sp.exempt ?? []), u] };
    } else if (what === 'ability') {
      s.abilities!.pending38!.exempt.push(u);
    } else {
      const aw = s.abilities!.awaiting;
      const w = aw[what.awaiting];
      aw[what.awaiting] = { ...w, targets: w.targets.filter((t) => t !== u) };
    }
    c.events.push({ type: 'abilityIgnored', unitId: u, by: name, rule: 'Core 5.2' });
  }
}

/** Can the unit use the ability more than once per phase, once per declaration (`perDeclaration`, The Shield Inviolate)? */
export function oncePerDeclaration(a: Ability): boolean {
  return (a.resolves ?? []).some((e) => 'ignoreTrigger' in e && e.perDeclaration === true);
}

/**
 * The Rules of One for a `perDeclaration` ability (Core 5.3 "unless specified otherwise": "This unit can use this
 * ability more than once per phase but only once per Spell ability"): refused when the unit already used it on
 * the spell waiting now.
 */
export function perDeclarationProblem(s: GameState, unitId: string | null, a: Ability): string | null {
  if (unitId === null) return null;
  return (s.pendingSpell?.reactedOnce ?? []).includes(`${unitId}|${a.name}`) ? `unit "${unitId}" already used ${a.name} on this spell (once per Spell ability)` : null;
}

/** Record a `perDeclaration` ability's use on the waiting spell (its second use on that spell is refused). */
export function notePerDeclaration(c: Ctx, unitId: string | null, a: Ability): void {
  const sp = c.s.pendingSpell;
  if (sp === null || unitId === null || !oncePerDeclaration(a)) return;
  c.s.pendingSpell = { ...sp, reactedOnce: [...(sp.reactedOnce ?? []), `${unitId}|${a.name}`] };
}

/**
 * A resistance roll (`ds`, one D6) that fails `need`+, re-rolled when an ability lets the unit (The Flames of Hope:
 * "You can re-roll resistance rolls for friendly Ruination Chamber units while they are wholly within 12" of this
 * unit"; `reroll: "resistance"`): a failed roll is always re-rolled (the player's only better choice; Core 2.2),
 * `ones` only a 1. Event `abilityReroll`. Returns the dice that count.
 */
export function rerollResistance(c: Ctx, unitId: string, ds: number[], need: number, purpose: string, player: PlayerId): number[] {
  if (ds.some((d) => d >= need)) return ds;
  const r = abilityReroll(c.s, c.port, unitId, 'resistance');
  if (r === null || (r.which === 'ones' && !ds.includes(1))) return ds;
  const after = rollLogged(c, ds.length, 6, `${purpose}:reroll`, player);
  c.events.push({ type: 'abilityReroll', unitId, roll: 'resistance', which: r.which, before: [...ds], dice: after, rule: r.rule });
  return after;
}
