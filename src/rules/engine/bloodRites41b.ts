/**
 * The Daughters of Khaine blood rites in play (issue 34, session 41, sh41b; docs/abilities.md "Daughters of Khaine blood
 * rites, session 41 (sh41b)"; the texts: `abilities/parseBloodRites41b.ts`).
 *
 * **The record** (`GameState.bloodRites41b`, GAME.md extension): in a game where an army has the Blood Rites battle
 * trait word for word, each destroyed unit (`core.ts` `recordDestroyed`, the by-hand `allocateDamage`, the reserves
 * destroyed at the start of the fourth battle round) is weighed against its five triggers for that army
 * ({@link bloodRiteOf}): a trigger the engine sees met → a blood rite (`sure`); a trigger it cannot rule out → a
 * possible one (`sure: false`); else none. "Only one blood rite can be performed per unit destroyed": one entry per
 * destroyed unit and army. The record is of one turn (`turn`, "round:turnInRound"); another turn's record reads as none.
 * Event `bloodRite` (`sure` or not, the trigger).
 *
 * What is checked (Core 32.1: a model contests an objective within its combat range, for purposes other than
 * objective control a unit can contest several; Core 32.2: control stays until the opponent gains it):
 * 1. "An enemy unit is destroyed and any damage points were allocated to that unit by a friendly anointed unit's combat
 *    attacks in the same turn": an anointed unit whose combat attacks allocated damage points to it this turn
 *    (`combatDamaged`, recorded in these games, or the destroying attacks themselves) → a blood rite. Anointed
 *    Ritualist stays by hand (its "Start of First Battle Round" timing, its shared EXALTED abilities); its player names
 *    the target anointed when resolving it by hand (`{anointed41b: true}`, `GameState.anointed41b`). While a use of it
 *    was resolved without that (`anointedKnown41b`), a friendly unit that could be anointed (a non-UNIQUE DAUGHTERS OF
 *    KHAINE HERO, its pick, in an army with Anointed Ritualist) makes it a possible one.
 * 2. "A friendly anointed unit is destroyed": an anointed unit → a blood rite; one that could be (as above) → possible.
 * 3. "A friendly unit contesting an objective you control is destroyed": measured on the table as it was when the
 *    last damage sequence began (the port is synchronised after it) → a blood rite, or none.
 * 4. "An enemy unit is destroyed by a friendly Daughters of Khaine unit's attacks and any models in that enemy unit were
 *    contesting an objective you do not control in the same phase": destroyed by the attacks (`shoot:` / `fight:` of a
 *    friendly DAUGHTERS OF KHAINE unit) while contesting such an objective, or after contesting one at the start of the
 *    phase or at the end of any action in it (`GameState.bloodRitesPhase41b.contested`) → a blood rite, else none;
 *    without that phase's record (a game saved before this session) → possible whenever an objective is not the army's.
 * 5. "A unit (friendly or enemy) is destroyed and it was within 3" of a Place of Power at the start of the phase": the
 *    units within 3" of a Place of Power are recorded when each phase starts (`notePhaseStart41b`,
 *    `GameState.bloodRitesPhase41b.nearPower`) → a blood rite, or none; without that phase's record (a game saved before
 *    this session) → possible whenever the battlefield has a Place of Power.
 *
 * **Blessings of Khaine** (`{blessingPick41b: "activate", bloodRites: true}`): its Declare "You can only use this
 * ability if you performed any blood rites this turn" refuses the use when the record has no blood rite nor a possible
 * one for the player this turn (every trigger needs a destroyed unit); with only possible ones the use is accepted and
 * waits for `resolveByHand` (the player knows); with a blood rite the blessing named by `choice` (not active) becomes
 * active (session 40's `setBlessing40h`, which records the use as one that named its blessing). While the blessings
 * are unknown (session 40's `blessingsKnown`) the use waits for `resolveByHand` too.
 * **Crimson Offerings** (`{blessingPick41b: "extra"}`, a reaction to that declaration, resolved after it): the second
 * blessing (not active) becomes active; when the Blessings of Khaine it answers waits for `resolveByHand` (the blessings
 * unknown), it waits too.
 *
 * @module
 */

import { activeBlessings, blessingNamed } from '../abilities/blessings40h';
import { armyAbilities } from '../abilities/catalog';
import { readsBloodRites41b } from '../abilities/parseBloodRites41b';
import type { Ability, AbilityEffect } from '../abilities/schema';
import { onBattlefield, reject, unitHasKeyword, type Ctx } from './core';
import { blessingsKnown, setBlessing40h, usesThisBattle } from './blessings40h';
import type { GameState, PlayerId } from './state';

type Pick41b = Extract<AbilityEffect, { blessingPick41b: unknown }>;

const PLAYERS = ['p1', 'p2'] as const;
const armies = new WeakMap<object, { rites: boolean; anointing: boolean }>();

/** Does `player`'s army have the Blood Rites battle trait word for word (and Anointed Ritualist)? Cached per roster. */
function army41b(s: GameState, player: PlayerId): { rites: boolean; anointing: boolean } {
  const r = s.players[player].roster;
  let a = armies.get(r);
  if (a === undefined) {
    const abs = armyAbilities(s, player);
    a = { rites: abs.some((x) => readsBloodRites41b(x)), anointing: abs.some((x) => x.name === 'Anointed Ritualist') };
    armies.set(r, a);
  }
  return a;
}

function turnKey(s: GameState): string {
  return `${s.round}:${s.turnInRound}`;
}

/** `player`'s blood rites this turn: performed (`sure`) and possible ones the engine could not rule out. */
export function ritesThisTurn41b(s: GameState, player: PlayerId): { sure: number; possible: number } {
  const r = s.bloodRites41b;
  if (r === undefined || r.turn !== turnKey(s)) return { sure: 0, possible: 0 };
  const mine = r.rites.filter((x) => x.player === player);
  return { sure: mine.filter((x) => x.sure).length, possible: mine.filter((x) => !x.sure).length };
}

/** Could the unit be a friendly anointed unit of `player` (Anointed Ritualist: "a friendly non-Unique Daughters of Khaine Hero")? */
function mayBeAnointed(s: GameState, player: PlayerId, unitId: string): boolean {
  const u = s.units[unitId];
  return army41b(s, player).anointing && u.owner === player && u.manifestation === undefined && unitHasKeyword(s, unitId, 'HERO') && unitHasKeyword(s, unitId, 'DAUGHTERS OF KHAINE') && !unitHasKeyword(s, unitId, 'UNIQUE');
}

const RITUALIST = 'Anointed Ritualist';

/**
 * Does the engine know `player`'s anointed units? Every use of Anointed Ritualist (Core 5.2's record; Bloody Succession
 * uses it again) was resolved by hand naming its target anointed (`{anointed41b: true}`); an army without Anointed
 * Ritualist has none. Else a unit that could be anointed is weighed as a possible one.
 */
export function anointedKnown41b(c: Ctx, player: PlayerId): boolean {
  return !army41b(c.s, player).anointing || usesThisBattle(c, player, RITUALIST) <= (c.s.anointed41b?.[player]?.resolutions ?? 0);
}

/** `{anointed41b: true}` given by hand: the named friendly units are anointed for the rest of the battle (event `anointed`). */
export function anoint41b(c: Ctx, player: PlayerId, name: string, units: readonly string[]): void {
  const now = c.s.anointed41b?.[player] ?? { units: [], resolutions: 0 };
  const add = units.filter((u) => c.s.units[u].owner === player && !now.units.includes(u));
  c.s.anointed41b = { ...(c.s.anointed41b ?? {}), [player]: { units: [...now.units, ...add], resolutions: now.resolutions + (name === RITUALIST ? 1 : 0) } };
  for (const unitId of add) c.events.push({ type: 'anointed', player, unitId, ability: name, rule: RITUALIST });
}

/** The objectives the unit contests now (Core 32.1; every one, as its designer's note allows outside objective control). */
function contested(c: Ctx, unitId: string): string[] {
  return c.s.battleplan.objectives.filter((o) => c.port.contests(unitId, o));
}

/**
 * Weigh the destroyed unit against Blood Rites' five triggers for `player` (see the module doc): `{sure: true}` a
 * blood rite, `{sure: false}` one the engine cannot rule out, null none. `source` as the damage sequence's
 * (`fight:<unit>`, `shoot:<unit>`, `spell:<unit>`, ...).
 */
export function bloodRiteOf(c: Ctx, player: PlayerId, unitId: string, source: string): { sure: boolean; trigger: string } | null {
  const s = c.s;
  const u = s.units[unitId];
  if (u.manifestation !== undefined) return null; // not a unit (Magic 7.0)
  const friendly = u.owner === player;
  const i = source.indexOf(':');
  const kind = i < 0 ? source : source.slice(0, i);
  const by = i < 0 ? '' : source.slice(i + 1);
  const byAttacks = (kind === 'shoot' || kind === 'fight') && Object.prototype.hasOwnProperty.call(s.units, by) && s.units[by].owner === player && unitHasKeyword(s, by, 'DAUGHTERS OF KHAINE');
  const objs = contested(c, unitId);
  const phase = phaseRecord(s);
  const power = phase?.nearPower ?? null;
  if (power !== null && power.includes(unitId)) return { sure: true, trigger: 'it was within 3" of a Place of Power at the start of the phase' };
  if (friendly && objs.some((o) => s.objectives[o] === player)) return { sure: true, trigger: 'a friendly unit contesting an objective you control is destroyed' };
  const contestedInPhase = (phase?.contested[player] ?? []).includes(unitId);
  if (!friendly && byAttacks && objs.some((o) => s.objectives[o] !== player)) return { sure: true, trigger: "an enemy unit destroyed by a friendly Daughters of Khaine unit's attacks while contesting an objective you do not control" };
  if (!friendly && byAttacks && contestedInPhase) return { sure: true, trigger: "an enemy unit destroyed by a friendly Daughters of Khaine unit's attacks after contesting an objective you do not control in the phase" };
  // Triggers 1 and 2: on the anointed units when the engine knows them, else on the units that could be anointed.
  const known = anointedKnown41b(c, player);
  const anointed = (id: string) => (known ? (s.anointed41b?.[player]?.units ?? []).includes(id) : mayBeAnointed(s, player, id));
  const unknown = known ? '' : ' (the engine does not know the anointed unit)';
  if (friendly && anointed(unitId)) return { sure: known, trigger: `a friendly anointed unit is destroyed${unknown}` };
  if (!friendly) {
    const anointedHit = Object.values(s.units).some((f) => f.owner === player && anointed(f.id) && ((f.turn.combatDamaged ?? []).includes(unitId) || source === `fight:${f.id}`));
    if (anointedHit) return { sure: known, trigger: `damage points allocated to it by a friendly anointed unit's combat attacks${unknown}` };
    if (phase === null && byAttacks && s.battleplan.objectives.some((o) => s.objectives[o] !== player)) return { sure: false, trigger: 'it may have contested an objective you do not control earlier in the phase' };
  }
  if (power === null && c.port.nearPlaceOfPower(unitId, 1e4)) return { sure: false, trigger: 'it may have been within 3" of a Place of Power at the start of the phase' };
  return null;
}

function phaseKey(s: GameState): string {
  return `${s.round}:${s.turnInRound}:${s.phase ?? ''}`;
}

/** This phase's record (`notePhaseStart41b`, `notePhaseContest41b`), or null when none was made for it. */
function phaseRecord(s: GameState): NonNullable<GameState['bloodRitesPhase41b']> | null {
  const r = s.bloodRitesPhase41b;
  return r !== undefined && r.phase === phaseKey(s) ? r : null;
}

/** The enemy units of `player` on the battlefield contesting an objective `player` does not control now (Core 32.1, 32.2). */
function contestingNotYours(c: Ctx, player: PlayerId, skip: readonly string[]): string[] {
  const s = c.s;
  const objs = s.battleplan.objectives.filter((o) => s.objectives[o] !== player);
  if (objs.length === 0) return [];
  return Object.keys(s.units).filter((id) => s.units[id].owner !== player && s.units[id].manifestation === undefined && !skip.includes(id) && onBattlefield(c, id) && objs.some((o) => c.port.contests(id, o)));
}

/**
 * After each accepted action (`reduce.ts`, the port synchronised): the enemy units contesting an objective the Blood
 * Rites army does not control are added to this phase's record, for the fourth trigger ("any models in that enemy unit
 * were contesting an objective you do not control in the same phase"): models stand still between actions. Only
 * while the phase has a record (games with Blood Rites).
 */
export function notePhaseContest41b(c: Ctx): void {
  const s = c.s;
  const r = s.stage === 'turn' ? phaseRecord(s) : null;
  if (r === null) return;
  let contested = r.contested;
  for (const p of PLAYERS) {
    if (!army41b(s, p).rites) continue;
    const had = contested[p] ?? [];
    const add = contestingNotYours(c, p, had);
    if (add.length > 0) contested = { ...contested, [p]: [...had, ...add] };
  }
  if (contested !== r.contested) s.bloodRitesPhase41b = { ...r, contested };
}

/**
 * A phase started (`reduce.ts`): in a game with the Blood Rites battle trait, record the units within 3" of a Place of
 * Power now (Terrain 1.2's measure, `nearPlaceOfPower`), for the fifth trigger ("it was within 3" of a Place of Power
 * at the start of the phase"), and each Blood Rites army's enemy units contesting an objective it does not control
 * (the fourth; `notePhaseContest41b` adds to them through the phase). Other games: nothing, no state.
 */
export function notePhaseStart41b(c: Ctx): void {
  const s = c.s;
  if (s.stage !== 'turn' || s.phase === null || !PLAYERS.some((p) => army41b(s, p).rites)) return;
  const nearPower = Object.keys(s.units).filter((id) => s.units[id].manifestation === undefined && onBattlefield(c, id) && c.port.nearPlaceOfPower(id, 3));
  const contested: Partial<Record<PlayerId, string[]>> = {};
  for (const p of PLAYERS) if (army41b(s, p).rites) contested[p] = contestingNotYours(c, p, []);
  s.bloodRitesPhase41b = { phase: phaseKey(s), nearPower, contested };
}

/**
 * A unit was destroyed (before the port is synchronised: its models are still where they stood): record each Blood
 * Rites army's blood rite for it, if any (event `bloodRite`). Games without the trait: nothing, no state.
 */
export function noteBloodRite41b(c: Ctx, unitId: string, source: string): void {
  const s = c.s;
  if (s.stage !== 'turn') return;
  for (const p of PLAYERS) {
    if (!army41b(s, p).rites) continue;
    const rite = bloodRiteOf(c, p, unitId, source);
    if (rite === null) continue;
    const key = turnKey(s);
    const rec = s.bloodRites41b !== undefined && s.bloodRites41b.turn === key ? s.bloodRites41b : { turn: key, rites: [] };
    if (rec.rites.some((x) => x.player === p && x.unitId === unitId)) continue; // one blood rite per unit destroyed
    s.bloodRites41b = { turn: key, rites: [...rec.rites, { player: p, unitId, ...rite }] };
    c.events.push({ type: 'bloodRite', player: p, unitId, sure: rite.sure, trigger: rite.trigger, rule: 'Blood Rites' });
  }
}

function pickOf(ability: Ability): Pick41b | undefined {
  return (ability.resolves ?? []).find((e): e is Pick41b => 'blessingPick41b' in e);
}

/**
 * `useProblem` (options and `useAbility` agree): Blessings of Khaine's Declare "You can only use this ability if you
 * performed any blood rites this turn" when the record has neither a blood rite nor a possible one for `player`.
 */
export function bloodRitesProblem41b(c: Ctx, player: PlayerId, ability: Ability): { reason: string; rule: string } | null {
  const e = pickOf(ability);
  if (e?.bloodRites !== true) return null;
  const r = ritesThisTurn41b(c.s, player);
  if (r.sure + r.possible > 0) return null;
  return { reason: `${ability.name}: ${player} performed no blood rites this turn (no unit destroyed with a blood rite)`, rule: `${ability.name}: Declare` };
}

/** Check the use's `choice` when it is declared: a blessing that is not active (when the engine knows them). */
export function checkBlessingChoice41b(c: Ctx, player: PlayerId, ability: Ability, choice: string | undefined): void {
  if (pickOf(ability) === undefined || !blessingsKnown(c, player)) return;
  const b = choice === undefined ? null : blessingNamed(choice);
  const rule = `${ability.name}: Effect`;
  if (b === null) reject(`${ability.name}: name a blessing that is not active ("choice": "Hatred")`, rule);
  if (activeBlessings(c.s, player).includes(b)) reject(`${ability.name}: Blessing of ${b} is already active`, rule);
}

/**
 * Resolve a `blessingPick41b` effect (its `choice` checked at the declaration): the blessing becomes active, or the use
 * waits for `resolveByHand` (`awaitByHand`) when only possible blood rites were recorded (Blessings of Khaine) or the
 * blessings are unknown. `order`: the use's (a Blessings of Khaine that named its blessing).
 */
export function resolveBlessingPick41b(c: Ctx, player: PlayerId, ability: Ability, e: Pick41b, choice: string | undefined, order: number, awaitByHand: () => void): void {
  // The use being resolved is already recorded (Core 5.2); a Blessings of Khaine's own use is not one left unnamed yet.
  const known = e.blessingPick41b === 'activate' ? usesThisBattle(c, player, ability.name) - 1 <= (c.s.blessingUses?.[player]?.length ?? 0) : blessingsKnown(c, player);
  if (!known) return awaitByHand();
  if (e.bloodRites === true && ritesThisTurn41b(c.s, player).sure === 0) return awaitByHand();
  const b = choice === undefined ? null : blessingNamed(choice);
  if (b === null) return;
  setBlessing40h(c, player, ability.name, b, true, order);
}
