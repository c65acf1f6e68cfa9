/**
 * The game's record of an army's abilities in play (`GameState.abilities`, created the first time
 * an ability is used, so games without any keep their state and hash): the uses that the
 * once-per limits (Core 28.2) and the Rules of One (Core 5.3) count, the persisting effects in
 * force (Core 28.1), and the abilities declared and waiting for the player's `resolveByHand`.
 *
 * Pure data and functions of the game state; no geometry, no dice.
 *
 * @module
 */

import type { GameState, PlayerId } from '../engine/state';
import type { AbilityEffect, AbilityLimit } from './schema';

/** When something happened: battle round, turn of the round (0, 1; -1 before the first turn), phase (`deployment` before the battle). */
export interface Stamp {
  readonly round: number;
  readonly turn: number;
  readonly phase: string;
}

/** One use of an ability (Core 28.2): by a unit (`unitId`) or by the player (`unitId` null). */
export interface AbilityUse {
  readonly player: PlayerId;
  readonly unitId: string | null;
  /** The ability's id (unique in the army). */
  readonly ability: string;
  /** Its name, for the Rules of One (the same ability once per phase, Core 5.3). */
  readonly name: string;
  /** A CORE ability (Core 5.3: 1 per unit per phase). */
  readonly core: boolean;
  /**
   * The units its Declare picked, kept only for an ability whose pick must not repeat a unit picked
   * earlier in the turn (`AbilityPick.notPickedThisTurn`; absent otherwise, so other games keep their hash).
   */
  readonly targets?: readonly string[];
  readonly at: Stamp;
}

/**
 * A persisting effect in force (Core 28.1: it "counts as the effect of a passive ability for its
 * duration"): the effect, the units it applies to (resolved when the ability was used), who used
 * it, and `order`, the order in which abilities were used (Core 29.0: the most recent takes
 * precedence).
 */
export interface ActiveEffect {
  readonly ability: string;
  readonly name: string;
  readonly player: PlayerId;
  readonly unitId: string | null;
  readonly effect: AbilityEffect;
  readonly units: readonly string[];
  readonly order: number;
  readonly at: Stamp;
}

/** An ability declared whose Effect the player resolves by hand (`resolveByHand`), until its window closes. */
export interface AwaitingAbility {
  readonly player: PlayerId;
  readonly unitId: string | null;
  readonly ability: string;
  readonly name: string;
  /** The units it may affect: the ability's unit and the Declare's picks. */
  readonly targets: readonly string[];
  readonly point?: readonly [number, number];
  readonly choice?: string;
  readonly at: Stamp;
}

/** `GameState.abilities`. */
export interface AbilityState {
  used: AbilityUse[];
  active: ActiveEffect[];
  awaiting: AwaitingAbility[];
  /** Number of abilities used so far (the next `order`). */
  order: number;
  /**
   * The last declaration the engine resolved at once (a command, Run, Retreat, Charge, prayer, army
   * ability) whose reactions are offered now (`engine/reactionWindows.ts`, Core 5.2), then the
   * commands used as reactions to it (Forward to Victory, All-out Attack: reactions can be reacted
   * to, INVENTORY A-R4); absent when play moved on. `seq`: the declaring action's index among the
   * log's actions.
   */
  declared?: { seq: number; player: PlayerId; unitId: string | null; name: string; keywords: readonly string[]; targets: readonly string[]; at: Stamp }[];
  /**
   * Session 38 (ab38d, `engine/cancel38.ts`): an ability declared with `useAbility` whose Effect waits for the
   * reactions of a unit it picked that can make it have no effect on that unit (Core 5.2 step 2, Ruination
   * Chamber); resolved before the next action that is not a reaction (or on `pass`). `exempt`: the units it
   * has no effect on. Absent otherwise.
   */
  pending38?: { player: PlayerId; unitId: string | null; ability: string; name: string; targets: readonly string[]; point?: readonly [number, number]; choice?: string; positions?: Readonly<Record<string, readonly [number, number]>>; exempt: string[]; at: Stamp };
}

/** The game's ability record, created on first use. */
export function abilityState(s: GameState): AbilityState {
  s.abilities ??= { used: [], active: [], awaiting: [], order: 0 };
  return s.abilities;
}

/**
 * Takes out of the record the persisting effects of kind `kind` (a key of the effect, e.g. `afterShoot40`) that wait on
 * unit `unitId`, and returns them (empty: none, and the record is left as it was). For the effects spent once their
 * trigger has happened (after a Shoot or a Fight ability has been resolved, Core 5.2).
 */
export function takeWaiting(s: GameState, kind: string, unitId: string): ActiveEffect[] {
  const mine = (s.abilities?.active ?? []).filter((e) => kind in e.effect && e.units.includes(unitId));
  if (mine.length === 0) return mine;
  const st = abilityState(s);
  st.active = st.active.filter((e) => !mine.includes(e));
  return mine;
}

/** The current moment (deployment: `phase` `deployment`, turn -1). */
export function stampOf(s: GameState): Stamp {
  if (s.stage === 'deployment' || (s.stage === 'firstTurn' && s.round === 1 && s.active === null)) return { round: 0, turn: -1, phase: 'deployment' };
  return { round: s.round, turn: s.stage === 'turn' ? s.turnInRound : -1, phase: s.phase ?? 'none' };
}

/** Is `a` in the same phase / turn / round as `b`? (`battle`: always.) */
export function sameWindow(a: Stamp, b: Stamp, per: AbilityLimit['per']): boolean {
  switch (per) {
    case 'battle':
      return true;
    case 'round':
      return a.round === b.round;
    case 'turn':
      return a.round === b.round && a.turn === b.turn;
    case 'phase':
      return a.round === b.round && a.turn === b.turn && a.phase === b.phase;
  }
}

const PER_WORDS: Record<AbilityLimit['per'], string> = { phase: 'Phase', turn: 'Turn', round: 'Battle Round', battle: 'Battle' };

/** The limit as printed: "Once Per Turn (Army)". */
export function limitText(limit: AbilityLimit): string {
  return `Once Per ${PER_WORDS[limit.per]}${limit.army ? ' (Army)' : ''}`;
}

/**
 * Why a use now would break a once-per limit (Core 28.2), or null: "If the ability is used by a
 * unit, it can be used a maximum of one time in that phase, turn or battle by each unit that can
 * use the ability. If the ability is used by a player, it can be used a maximum of one time in
 * that timing window by that player." and the (Army) form: "a maximum of one time in that phase,
 * turn or battle regardless of the number of units in the army that can use the ability".
 * The (Army) form counts every use of an ability of the same name by the player's army.
 */
export function limitProblem(s: GameState, player: PlayerId, unitId: string | null, ability: { id: string; name: string }, limit: AbilityLimit | undefined): string | null {
  if (limit === undefined) return null;
  const now = stampOf(s);
  const used = s.abilities?.used ?? [];
  const hit = used.find(
    (u) =>
      u.player === player &&
      sameWindow(u.at, now, limit.per) &&
      (limit.army === true ? u.name === ability.name : u.ability === ability.id && u.unitId === unitId),
  );
  if (hit === undefined) return null;
  const who = limit.army === true ? `${player}'s army` : unitId === null ? player : `unit "${unitId}"`;
  return `${ability.name} is ${limitText(limit)}: ${who} already used it${limit.per === 'battle' ? ' this battle' : ` this ${limit.per === 'round' ? 'battle round' : limit.per}`}${limit.army === true && hit.unitId !== null ? ` (with "${hit.unitId}")` : ''}`;
}

/**
 * Why a use now would break the Rules of One (Core 5.3), or null: "A unit cannot use more than 1
 * CORE ability per phase" and "A unit cannot use the same ability more than once per phase, unless
 * specified otherwise". Abilities used by the player (no unit) are bound by their once-per limits only.
 * `coreUsedByEngine`: the units that used a CORE ability through the core actions this phase.
 */
export function rulesOfOneProblem(s: GameState, unitId: string | null, ability: { id: string; name: string }, core: boolean): string | null {
  if (unitId === null) return null;
  const now = stampOf(s);
  const used = (s.abilities?.used ?? []).filter((u) => u.unitId === unitId && sameWindow(u.at, now, 'phase'));
  if (used.some((u) => u.name === ability.name)) return `unit "${unitId}" already used ${ability.name} this phase (the same ability once per phase)`;
  if (core && (used.some((u) => u.core) || s.phaseCoreUnits.includes(unitId))) return `unit "${unitId}" already used a CORE ability this phase`;
  return null;
}

/**
 * Was `unitId` picked this turn by a use of an ability named `name` by `player` (the uses that kept
 * their targets: `AbilityUse.targets`)? "that has not been picked to be the target of this ability this turn".
 */
export function pickedThisTurn(s: GameState, player: PlayerId, name: string, unitId: string): boolean {
  const now = stampOf(s);
  return (s.abilities?.used ?? []).some((u) => u.player === player && u.name === name && sameWindow(u.at, now, 'turn') && (u.targets ?? []).includes(unitId));
}

/** Was `unitId` picked this battle by a use of an ability named `name` by `player` (session 39, sh39c: `notPickedThisBattle`)? */
export function pickedThisBattle(s: GameState, player: PlayerId, name: string, unitId: string): boolean {
  return (s.abilities?.used ?? []).some((u) => u.player === player && u.name === name && (u.targets ?? []).includes(unitId));
}

/** Record a use (after every check passed). */
export function recordUse(s: GameState, use: Omit<AbilityUse, 'at'>): void {
  abilityState(s).used.push({ ...use, at: stampOf(s) });
}

/**
 * Persisting effects that end now (Core 28.1): `moment` is what just happened. `phaseEnd`: the
 * `phase` effects; `turnStart` (the new active player): `turn` effects, and `nextTurnStart`
 * effects of that player ("until the start of your next turn"); `roundEnd`: `round` effects.
 * Abilities waiting for `resolveByHand` lapse at the end of their phase (the window closed).
 * Returns the effects removed, for the log.
 */
export function expireEffects(s: GameState, moment: 'phaseEnd' | 'turnStart' | 'roundEnd', active?: PlayerId): ActiveEffect[] {
  const st = s.abilities;
  if (st === undefined) return [];
  const ends = (e: ActiveEffect): boolean => {
    const d = e.effect.duration ?? 'phase';
    if (moment === 'phaseEnd') return d === 'phase';
    // `nextTurnEnd` (session 38, ab38b): "until the end of the next turn": the turn after the one it was used in has ended.
    const now = s.round * 2 + s.turnInRound;
    const used = e.at.round * 2 + e.at.turn;
    if (moment === 'turnStart') return d === 'phase' || d === 'turn' || (d === 'nextTurnStart' && e.player === active) || (d === 'nextTurnEnd' && now >= used + 2);
    return d === 'phase' || d === 'turn' || d === 'round' || (d === 'nextTurnEnd' && now >= used + 1);
  };
  const gone = st.active.filter(ends);
  if (gone.length > 0) st.active = st.active.filter((e) => !ends(e));
  if (moment === 'phaseEnd' || moment === 'turnStart') st.awaiting = [];
  return gone;
}
