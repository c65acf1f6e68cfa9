/**
 * The army abilities a unit, or a player, may use now (ABILITIES.md "Play"): every ability whose
 * timing window is open (Core 5.1, 5.2; a reaction while its trigger waits), each as
 * `{action: {type: 'useAbility', ...}, available: true}` or `available: false` with the engine's
 * reason and rule (already used, Core 28.2 naming the limit; the Rules of One, Core 5.3; not on the
 * battlefield, Core 28.0; no unit that the Declare can pick; command points). One entry per unit
 * the Declare can pick (measured through the geometry port like the action will be). Spells and
 * prayers of the army's lores are offered as `cast` / `chant` actions. Passive abilities are never
 * offered (Core 5.4: they apply by themselves).
 *
 * The checks are the engine's own (`abilityUse.ts`), asked without reducing (no clone of the game
 * per candidate): cheap enough for the options of every unit at each step (bench `npm run bench`).
 *
 * @module
 */

import type { Ability } from '../rules/abilities/schema';
import { armyAbilities, unitAbilities, abilityRule } from '../rules/abilities/catalog';
import { limitProblem } from '../rules/abilities/record';
import { windowProblem } from '../rules/abilities/timing';
import { describePick, pickProblem, useProblem } from '../rules/engine/abilityUse';
import { expandChoices } from './abilityChoices37';
import { branchEntries41d, expandWeaponChoices41d, hasBranchPicks41d } from './abilityBranches41d';
import { addSecondTargets41d } from './secondTargetOptions41d';
import { objectiveCandidates, objectivePick } from '../rules/engine/objective40';
import { pointCandidates, picksNearPoint } from '../rules/engine/pointPicks40';
import { rerollProblem, rerollSource, waitingRollDice, type RerollableRoll } from '../rules/engine/rollRerolls';
import { onBattlefield, type Ctx } from '../rules/engine/core';
import { powerLevel, priestLevel } from '../rules/engine/magic';
import type { Action, GameState, PlayerId } from '../rules/engine/state';
import type { GeometryPort } from '../rules/engine/geometryPort';
import type { OptionEntry } from './session/options';

/** One ability option: the session's `OptionEntry` (group `ability:<id>`, rule: the ability's name and source or a Path to Glory section) with the ability as printed. */
export type AbilityOption = OptionEntry & { ability: NonNullable<OptionEntry['ability']> };

function info(a: Ability): AbilityOption['ability'] {
  return { id: a.id, name: a.name, source: a.source, timing: a.timing.text, declare: a.declare, effect: a.effect, auto: a.resolves !== null };
}

const isSpell = (a: Ability) => a.castingValue !== undefined || a.source === 'spell';
const isPrayer = (a: Ability) => a.chantingValue !== undefined || a.source === 'prayer';

/** A window problem that still lists the ability: it is open, but the other player reacts first. */
const listed = (w: { reason: string } | null) => w === null || w.reason.endsWith('reacts or passes first');

/**
 * Entries for one ability used by `user` (null: the player), one per pickable unit. `holder` tells
 * apart abilities of the same name the player has twice (two faction terrain features' "Up We Go!").
 */
function entriesFor(c: Ctx, player: PlayerId, user: string | null, a: Ability, out: AbilityOption[], memo: Map<string, boolean>, holder?: string): void {
  const s = c.s;
  const base = { group: `ability:${a.id}`, rule: abilityRule(a), ability: info(a) };
  const label = `${a.name} (${a.timing.text}${holder !== undefined ? `, ${holder}` : ''})`;
  const action = (targets?: string[]): Action => ({ type: 'useAbility', player, ...(user !== null ? { unitId: user } : {}), ability: a.id, ...(targets ? { targets } : {}) });
  const problem = useProblem(c, player, user, a);
  if (problem !== null) {
    out.push({ ...base, label, action: action(), available: false, reason: problem.reason, rejectedBy: problem.rule });
    return;
  }
  if (hasBranchPicks41d(a)) return branchEntries41d(a, out, (b) => entriesFor(c, player, user, b, out, memo, holder)); // session 41 (sh41d): abilityBranches41d.ts
  const unitPick = a.picks?.find((p) => p.kind === 'friendlyUnit' || p.kind === 'enemyUnit' || p.kind === 'anyUnit');
  // Session 40 (sh40d): an objective pick alone, one entry per objective that fits (engine/objective40.ts).
  const objPick = objectivePick(a);
  if (objPick !== undefined && unitPick === undefined) {
    const { fits, why } = objectiveCandidates(c, player, user, objPick);
    for (const o of fits) out.push({ ...base, label: `${label} → objective ${o}`, action: { ...action(), objectiveId: o } as Action, available: true });
    if (fits.length === 0) out.push({ ...base, label, action: action(), available: false, reason: `no objective can be picked${why ? ` (${why})` : ''}`, rejectedBy: `${a.name}: Declare` });
    return;
  }
  if (unitPick === undefined) {
    out.push({ ...base, label, action: action(), available: true });
    return;
  }
  const candidates = Object.keys(s.units).filter((id) => s.units[id].manifestation === undefined && onBattlefield(c, id));
  const from41d = out.length; // session 41 (sh41d): the entries a second target may join (secondTargetOptions41d.ts)
  let any = false;
  let why = '';
  const fits: string[] = [];
  for (const t of candidates) {
    const p = pickProblem(c, player, user, unitPick, t, memo, a);
    if (p === null) {
      any = true;
      // "Pick each ..." (session 36, second pass): one entry with every unit that fits.
      if (unitPick.each) fits.push(t);
      else out.push({ ...base, label: `${label} → ${t}`, action: action([t]), available: true, target: t });
    } else if (why === '') why = p;
  }
  if (fits.length > 0) out.push({ ...base, label: `${label} → ${fits.join(', ')}`, action: action(fits), available: true });
  if (any && s.abilities !== undefined) addSecondTargets41d(c, player, user, a, unitPick, out, from41d, memo);
  expandWeaponChoices41d(c, a, out, from41d); // session 41 (sh41d): Monster Grapple's weapon
  if (!any) out.push({ ...base, label, action: action(), available: false, reason: `no unit can be picked: ${describePick(unitPick)}${why ? ` (${why})` : ''}`, rejectedBy: `${a.name}: Declare` });
}

/** Lore spells and prayers a WIZARD / PRIEST may cast or chant now (hero phase; Magic 2.0, 3.0), one entry per pickable target. */
function magicEntries(c: Ctx, player: PlayerId, unitId: string, a: Ability, out: AbilityOption[], memo: Map<string, boolean>, own: boolean): void {
  const s = c.s;
  const spell = isSpell(a);
  if (s.stage !== 'turn' || s.phase !== 'hero' || s.pendingAttack !== null || s.pendingSpell !== null) return;
  if (s.active !== player && !s.effects.some((e) => e.kind === 'magicalIntervention' && e.unitId === unitId)) return;
  const base = { group: `ability:${a.id}`, rule: spell ? 'Magic 2.0' : 'Magic 3.0', ability: info(a) };
  const label = `${spell ? 'Cast' : 'Chant'} ${a.name} (${spell ? `casting value ${a.castingValue}` : `chanting value ${a.chantingValue}`})`;
  const mk = (target?: string): Action => (spell ? { type: 'cast', player, unitId, spell: a.id, ...(target ? { target } : {}) } : { type: 'chant', player, unitId, prayer: a.id });
  if (spell ? powerLevel(s, unitId) === 0 : priestLevel(s, unitId) <= 0) {
    // The unit's own spell or prayer (a warscroll's, or one it gains by a passive the engine does not
    // apply, e.g. "it has Wizard (1)"): listed, not available; the army's lores only on their casters.
    if (own) out.push({ ...base, label, action: mk(), available: false, reason: `"${unitId}" is not a ${spell ? 'WIZARD' : 'PRIEST'} now: only a ${spell ? 'WIZARD casts spells' : 'PRIEST chants prayers'}`, rejectedBy: base.rule });
    return;
  }
  const lim = limitProblem(s, player, unitId, a, a.timing.limit);
  if (lim !== null) {
    out.push({ ...base, label, action: mk(), available: false, reason: lim, rejectedBy: 'Core 28.2' });
    return;
  }
  if (s.magic.unitSpells.includes(`${unitId}|${a.id}`)) {
    out.push({ ...base, label, action: mk(), available: false, reason: `unit "${unitId}" already used ${a.name} this phase`, rejectedBy: 'Core 5.3' });
    return;
  }
  const pick = spell ? a.picks?.find((p) => p.kind !== 'point' && p.kind !== 'choice' && p.kind !== 'terrain' && p.kind !== 'objective') : undefined;
  // Session 40 (sh40d): a point and the units near it (engine/pointPicks40.ts): one entry per unit, the point on its model closest to the caster.
  if (pick !== undefined && picksNearPoint(a)) {
    const near = pointCandidates(c, unitId, a, (t) => s.units[t].manifestation === undefined && onBattlefield(c, t) && pickProblem(c, player, unitId, pick, t, memo, a) === null);
    for (const [t, point] of near) out.push({ ...base, label: `${label} → ${t} (point ${point[0].toFixed(1)}, ${point[1].toFixed(1)})`, action: { type: 'cast', player, unitId, spell: a.id, targets: [t], point }, available: true, target: t });
    if (near.length === 0) out.push({ ...base, label, action: mk(), available: false, reason: `no unit can be picked: ${describePick(pick)} of a point within ${a.picks?.find((p) => p.kind === 'point')?.within ?? '?'}" of the caster`, rejectedBy: `${a.name}: Declare` });
    return;
  }
  if (pick === undefined) {
    out.push({ ...base, label, action: mk(), available: true });
    return;
  }
  let any = false;
  let why = '';
  for (const t of Object.keys(s.units)) {
    if (s.units[t].manifestation !== undefined || !onBattlefield(c, t)) continue;
    const p = pickProblem(c, player, unitId, pick, t, memo, a);
    if (p === null) {
      // "Pick each ..." (session 36, second pass): one entry, no target named (the engine picks them all).
      if (pick.each && any) continue;
      any = true;
      out.push(pick.each ? { ...base, label: `${label} → each ${pick.kind === 'friendlyUnit' ? 'friendly' : 'enemy'} unit that fits`, action: mk(), available: true } : { ...base, label: `${label} → ${t}`, action: mk(t), available: true, target: t });
    } else if (why === '') why = p;
  }
  // Its window is open but nothing can be picked: listed, not available, with the Declare's reason.
  if (!any) out.push({ ...base, label, action: mk(), available: false, reason: `no unit can be picked: ${describePick(pick)}${why ? ` (${why})` : ''}`, rejectedBy: `${a.name}: Declare` });
}

/**
 * A lore spell or prayer of the army that none of its units can use (ArmyComp 4.2: WIZARDS know
 * the spells, PRIESTS the prayers; the importer leaves such a lore on the army, by hand): listed
 * in its window, not available, naming Magic 2.0 / 3.0. Null while a unit of the player can.
 */
function unusableLoreEntry(s: GameState, player: PlayerId, a: Ability): AbilityOption | null {
  const spell = isSpell(a);
  const able = Object.values(s.units).some((u) => u.owner === player && u.manifestation === undefined && (spell ? powerLevel(s, u.id) > 0 : priestLevel(s, u.id) > 0));
  if (able || s.stage !== 'turn' || s.phase !== 'hero' || s.active !== player) return null;
  const rule = spell ? 'Magic 2.0' : 'Magic 3.0';
  const action: Action = { type: 'useAbility', player, ability: a.id };
  return { group: `ability:${a.id}`, rule, ability: info(a), label: `${spell ? 'Cast' : 'Chant'} ${a.name}`, action, available: false, reason: `no unit of ${player}'s army is a ${spell ? 'WIZARD' : 'PRIEST'} to ${spell ? 'cast' : 'chant'} it`, rejectedBy: rule };
}

/** An ability of `player` (their army's or one of their units') by id. */
function playerAbility(s: GameState, player: PlayerId, id: string): Ability | undefined {
  const own = armyAbilities(s, player).find((a) => a.id === id);
  if (own !== undefined) return own;
  for (const u of Object.values(s.units)) {
    if (u.owner !== player) continue;
    const a = unitAbilities(s, u.id).find((x) => x.id === id);
    if (a !== undefined) return a;
  }
  return undefined;
}

/**
 * The re-rolls of the unit's charge or run roll an ability gives now (`rerollRoll`, Core 2.2): while
 * the roll waits for its move and an ability's `reroll` applies, one entry re-rolling every die (the
 * dice showing 1 for a re-roll of 1s) and, for a 2D6 charge roll of two different dice, one
 * re-rolling only the lower die ("some or all of the dice"). Groups `reroll:<roll>` and
 * `reroll:<roll>:one` (shown as two buttons), the ability's
 * text in `ability`. Nothing when no ability applies or the roll was re-rolled.
 */
function rerollEntries(s: GameState, port: GeometryPort, unitId: string, out: AbilityOption[]): void {
  const player = s.units[unitId].owner;
  for (const roll of ['charge', 'run'] as RerollableRoll[]) {
    const dice = waitingRollDice(s, unitId, roll);
    if (dice === null || rerollProblem(s, port, player, unitId, roll) !== null) continue;
    const src = rerollSource(s, port, unitId, roll)!;
    const ab = playerAbility(s, src.player, src.ability);
    const abilityInfo: AbilityOption['ability'] = ab !== undefined ? info(ab) : { id: src.ability, name: src.name, source: 'other', timing: '', declare: null, effect: '', auto: true };
    const base = { group: `reroll:${roll}`, rule: 'Core 2.2', available: true, ability: abilityInfo };
    const u = s.units[unitId].turn;
    const shown = roll === 'charge' ? `${dice.join(' + ')} = ${u.chargeRoll}"` : `${dice.join(' + ')}: up to ${u.pendingMove?.maxInches}"`;
    const action = (pick?: number[]): Action => ({ type: 'rerollRoll', player, unitId, roll, ...(pick ? { dice: pick } : {}) });
    if (src.which === 'ones') {
      out.push({ ...base, label: `Re-roll the 1s of the ${roll} roll (${dice.join(' + ')}) — ${src.name}`, action: action() });
      continue;
    }
    out.push({ ...base, label: `Re-roll the ${roll} roll (${shown}) — ${src.name}`, action: action() });
    if (dice.length === 2 && dice[0] !== dice[1]) {
      const low = dice[0] < dice[1] ? 0 : 1;
      out.push({ ...base, group: `reroll:${roll}:one`, label: `Re-roll the ${dice[low]} of the ${roll} roll (${dice.join(' + ')}) — ${src.name}`, action: action([low]) });
    }
  }
}

/**
 * The abilities unit `unitId` may use now (its warscroll's, enhancements', Path to Glory ones, and
 * the army's lore spells and prayers if it is a WIZARD / PRIEST), by its owner. Empty for a unit
 * with no abilities as data.
 */
export function unitAbilityOptions(s: GameState, port: GeometryPort, unitId: string): AbilityOption[] {
  const u = Object.prototype.hasOwnProperty.call(s.units, unitId) ? s.units[unitId] : undefined;
  if (u === undefined) return [];
  const c: Ctx = { s, port, events: [] };
  const out: AbilityOption[] = [];
  const memo = new Map<string, boolean>();
  const player = u.owner;
  for (const a of unitAbilities(s, unitId)) {
    if (a.timing.when === 'passive') continue;
    if (isSpell(a) || isPrayer(a)) {
      const from = out.length;
      magicEntries(c, player, unitId, a, out, memo, true);
      expandChoices(a, out, from);
      continue;
    }
    if (!listed(windowProblem(s, a, player, unitId))) continue;
    const from = out.length;
    entriesFor(c, player, unitId, a, out, memo);
    expandChoices(a, out, from);
  }
  for (const a of armyAbilities(s, player)) {
    if (!isSpell(a) && !isPrayer(a)) continue;
    const from = out.length;
    magicEntries(c, player, unitId, a, out, memo, false);
    expandChoices(a, out, from);
  }
  if (u.turn.pendingMove !== null && (u.turn.pendingMove.kind === 'charge' || u.turn.pendingMove.kind === 'run')) rerollEntries(s, port, unitId, out);
  return out;
}

/**
 * Who holds an army ability, to tell apart two of the same name: the faction terrain feature it comes
 * through (`usedBy`: 'the player, through the faction terrain feature "Skaregob Totem"
 * (skaregob-totem-2)' → "Skaregob Totem (skaregob-totem-2)"), else the holder part of its id.
 */
function holderOf(a: Ability): string {
  const m = /terrain feature "([^"]+)" \(([^)]+)\)/.exec(a.usedBy ?? '');
  if (m) return `${m[1]} (${m[2]})`;
  const i = a.id.lastIndexOf(':');
  return i > 0 ? a.id.slice(0, i) : a.id;
}

/**
 * The abilities the players may use now that are not tied to one unit (Core 28.2: "used by you,
 * the player"): the army's battle traits and the like, for each player whose window is open; and
 * in the player's hero phase, the army's lore spells and prayers none of its units can use (not
 * available, Magic 2.0 / 3.0).
 */
export function generalAbilityOptions(s: GameState, port: GeometryPort): AbilityOption[] {
  const c: Ctx = { s, port, events: [] };
  const out: AbilityOption[] = [];
  const memo = new Map<string, boolean>();
  for (const player of ['p1', 'p2'] as const) {
    const army = armyAbilities(s, player);
    const twice = new Set(army.filter((a, i) => army.findIndex((b) => b.name === a.name) !== i).map((a) => a.name));
    for (const a of army) {
      if (isSpell(a) || isPrayer(a)) {
        const e = unusableLoreEntry(s, player, a);
        if (e !== null) out.push(e);
        continue;
      }
      if (a.timing.when === 'passive') continue;
      if (!listed(windowProblem(s, a, player, null))) continue;
      const from = out.length;
      entriesFor(c, player, null, a, out, memo, twice.has(a.name) ? holderOf(a) : undefined);
      expandChoices(a, out, from);
    }
  }
  return out;
}

/**
 * Can `player` use a reaction ability of their army now (Core 5.2 step 2: a declaration waits and
 * its trigger matches)? True when one of their units' or their army's `Reaction:` abilities has an
 * available entry ({@link unitAbilityOptions}, {@link generalAbilityOptions}); the session's
 * automatic pass (`autoPass.ts`) never passes for a player who could react.
 */
export function abilityReactionPossible(s: GameState, port: GeometryPort, player: PlayerId): boolean {
  const open = (a: Ability, unitId: string | null) => a.timing.when === 'reaction' && windowProblem(s, a, player, unitId) === null;
  for (const u of Object.values(s.units)) {
    if (u.owner !== player || !unitAbilities(s, u.id).some((a) => open(a, u.id))) continue;
    if (unitAbilityOptions(s, port, u.id).some((e) => e.available)) return true;
  }
  if (!armyAbilities(s, player).some((a) => open(a, null))) return false;
  return generalAbilityOptions(s, port).some((e) => e.available && e.action.player === player);
}
