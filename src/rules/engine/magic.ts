/**
 * Magic (Magic 1.0-5.0) and Activate Place of Power (Terrain 1.2): casting rolls, miscasts,
 * power level, Jealous Mages, the Unbind reaction within 30", and the spells the engine knows
 * ({@link SPELLS}: Mystic Shield, the rules' example spell, plus a damage spell for play).
 *
 * @module
 */

import { afterCastingRoll, afterSpellCast, arcaneFamiliar, chantingDie, heal } from './pathAbilities';
import { abilityReroll, modified } from '../abilities/passives';
import { unbindsAsWizard } from '../abilities/passivePermissions';
import { armyAbilities, unitAbilities } from '../abilities/catalog';
import { limitProblem, recordUse } from '../abilities/record';
import type { Ability } from '../abilities/schema';
import { checkPicks, pickRecord, resolveAbility } from './abilityUse';
import { pickCastModifier, picksAtRoll } from './abilityPicks37';
import {
  aliveModels,
  enemyUnit,
  friendlyUnit,
  isAlive,
  mortalDamage,
  onBattlefield,
  removeManifestation,
  syncPort,
  reject,
  requireTurn,
  rollLogged,
  rosterUnit,
  unitHasKeyword,
  useCore,
  type Ctx,
} from './core';
import { opponentOf, type Action, type GameState, type PlayerId } from './state';
import { setUpUnit } from './deployment';
import { harnessManifestation } from './harnessManifestation';
import type { RosterManifestation } from './roster';
import { unbindGrant } from './unbindGrants';
import { withExempt } from './cancel38';
import type { GeometryPort } from './geometryPort';
import { visibleNow } from '../abilities/hidden41e'; // session 41 (sh41e): Hidden Weapon Team
import { unpickableBy } from '../abilities/wardRules38';

/** A spell the engine can resolve. */
export interface SpellDef {
  readonly name: string;
  readonly castingValue: number;
  /**
   * Who may be picked: a visible friendly unit wholly within `range`, a visible enemy unit within
   * `range`, nothing (`none`: the spell picks no target), or a point on the battlefield within
   * `range` of the caster (`point`).
   */
  readonly target: 'friendly' | 'enemy' | 'none' | 'point';
  readonly range: number;
  readonly wholly: boolean;
}

/** Spells known by id (`warscroll.spells`). Mystic Shield: Magic 2.0 example (CV 6, WARD (6+) this turn). */
export const SPELLS: Record<string, SpellDef> = {
  mysticShield: { name: 'Mystic Shield', castingValue: 6, target: 'friendly', range: 12, wholly: true },
  /** A generic damage spell for sample armies: D3 mortal damage on a visible enemy unit within 18". */
  arcaneBolt: { name: 'Arcane Bolt (generic)', castingValue: 7, target: 'enemy', range: 18, wholly: false },
  /** Ascension › Path of the Mage › Legendary: a visible enemy unit within 15"; a dice per model, each 4+ → 1 mortal damage (T-65). */
  eldritchCataclysm: { name: 'Eldritch Cataclysm', castingValue: 8, target: 'enemy', range: 15, wholly: false },
  /** Ascension › Path of the Mage › Elite: no target; until the end of the phase, +1 to casting rolls for friendly units. */
  arcaneConduit: { name: 'Arcane Conduit', castingValue: 3, target: 'none', range: 0, wholly: false },
  /** Ascension › Path of the Mage › Legendary: a point within 18"; D3 mortal damage on each unit the line from it to the WIZARD's base crosses (T-64). */
  sunderTheEarth: { name: 'Sunder the Earth', castingValue: 8, target: 'point', range: 18, wholly: false },
};

/**
 * Declare step of a spell that picks a point (Sunder the Earth: "Pick a point on the battlefield
 * within 18" of this WIZARD"): the point must be given, on the battlefield, and within `range` of
 * the closest point of the caster's bases (the port's `lineToUnit`).
 */
function pointTarget(c: Ctx, casterId: string, point: readonly [number, number] | undefined, range: number, rule: string): void {
  if (point === undefined) reject('pick a point on the battlefield ("point": [x, y] in inches)', rule);
  const line = c.port.lineToUnit(casterId, point);
  if (!line.onBattlefield) reject(`the point (${point[0]}, ${point[1]}) is not on the battlefield`, rule);
  if (line.distanceInches > range + 0.001) reject(`the point (${point[0]}, ${point[1]}) is not within ${range}" of "${casterId}" (${line.distanceInches.toFixed(2)}")`, rule);
}

/** Casting roll bonus from effects on the caster (Place of Power) and on its army (Arcane Conduit, Path of the Mage). */
function castingEffects(s: GameState, unitId: string): number {
  const owner = s.units[unitId].owner;
  return s.effects.filter((e) => (e.kind === 'castingBonus' && e.unitId === unitId) || (e.kind === 'armyCastingBonus' && s.units[e.unitId]?.owner === owner)).reduce((x, e) => x + (e.value ?? 0), 0);
}

/**
 * Power level of a WIZARD (N) (Magic 1.1), 0 when not a wizard. `WIZARD` alone = 1. With the geometry `port`, a
 * WIZARD's level also takes the abilities' `modify: "power"` (session 37, tail37a: Gather the Aether, "Add 1 to this
 * unit's power level while it is contesting an objective"; never below 0); without it, the warscroll's level.
 */
export function powerLevel(s: GameState, unitId: string, port?: GeometryPort): number {
  let best = 0;
  for (const k of rosterUnit(s, unitId).warscroll.keywords) {
    const m = /^\s*WIZARDS?\s*(?:\((\d+)\))?\s*$/i.exec(k);
    if (m) best = Math.max(best, m[1] ? Number(m[1]) : 1);
  }
  if (best > 0 && port !== undefined) best = Math.max(0, best + modified(s, port, unitId, 'power').add);
  if (best === 0 && s.effects.some((e) => e.kind === 'unbindAsWizard' && e.unitId === unitId)) return -1;
  // "This unit can use Unbind abilities as if it had Wizard (1)" (session 37): on the battlefield, as the table says.
  if (best === 0 && unbindsAsWizard(s, undefined, unitId) !== null) return -1;
  return best;
}

/** Power level of a PRIEST (N) (Magic 1.1), 0 when not a priest. `PRIEST` alone = 1. */
export function priestLevel(s: GameState, unitId: string): number {
  let best = 0;
  for (const k of rosterUnit(s, unitId).warscroll.keywords) {
    const m = /^\s*PRIESTS?\s*(?:\((\d+)\))?\s*$/i.exec(k);
    if (m) best = Math.max(best, m[1] ? Number(m[1]) : 1);
  }
  return best;
}

/** SPELL, PRAYER or BANISH abilities per phase, in any combination (Magic 1.1). */
function abilityLimit(s: GameState, unitId: string, port?: GeometryPort): number {
  return Math.max(powerLevel(s, unitId, port), priestLevel(s, unitId));
}

/** The manifestation a `summon:<id>` spell / prayer summons, checked (Magic 6.0, 7.0). */
function summonable(c: Ctx, player: PlayerId, ability: string, kind: 'endlessSpell' | 'invocation', rule: string): RosterManifestation {
  const id = ability.slice('summon:'.length);
  const m = (c.s.players[player].roster.manifestations ?? []).find((x) => x.id === id);
  if (!m || m.kind !== kind) reject(`${player} has no ${kind === 'endlessSpell' ? 'endless spell' : 'invocation'} "${id}" in a manifestation lore`, 'Magic 6.0');
  const u = c.s.units[id];
  if (u.status !== 'unsummoned' && isAlive(c.s, id)) reject(`manifestation "${id}" is already on the battlefield`, rule);
  if (c.s.magic.removed.includes(id)) reject(`manifestation "${id}" was removed from play this turn`, 'Magic 7.0');
  if (c.s.magic.summoned.includes(id)) reject(`a friendly WIZARD or PRIEST already attempted to summon "${id}" this turn`, 'Magic 7.0');
  return m;
}

/**
 * Set up a manifestation (Magic 7.0) wholly within `range` of the summoner. With `trial`, the
 * set-up is only checked and everything is put back (Declare step of a summoning spell).
 */
function placeManifestation(c: Ctx, id: string, summoner: string, range: number, positions: Readonly<Record<string, readonly [number, number]>> | undefined, rule: string, trial: boolean): void {
  const s = c.s;
  if (!positions) reject(`give the positions of every model of "${id}"`, 'Core 24.0');
  const u = s.units[id];
  const saved = { positions: s.positions, status: u.status, slain: u.slain, damage: u.damage };
  u.slain = [];
  u.damage = 0;
  delete u.status;
  setUpUnit(c, id, positions);
  if (!c.port.whollyWithin(id, summoner, range)) reject(`"${id}" must be set up wholly within ${range}" of "${summoner}"`, rule);
  if (trial) {
    s.positions = saved.positions;
    if (saved.status === undefined) delete u.status;
    else u.status = saved.status;
    u.slain = saved.slain;
    u.damage = saved.damage;
    syncPort(c);
    return;
  }
  u.manifestation = { banishment: u.manifestation!.banishment, summoner };
  u.slainPriority = [];
  u.turn = { ...u.turn, setUp: true };
}

/** Hero phase check for SPELL / PRAYER abilities: yours, or the enemy's after Magical Intervention (Commands 2.0). Returns the roll modifier. */
function heroPhaseUse(c: Ctx, player: PlayerId, unitId: string, what: string, rule: string): number {
  const s = c.s;
  if (s.phase !== 'hero') reject(`${what} are used in the hero phase`, rule);
  if (player === s.active) return 0;
  const i = s.effects.findIndex((e) => e.kind === 'magicalIntervention' && e.unitId === unitId);
  if (i < 0) reject(`${what} are used in your hero phase (in the enemy hero phase only after Magical Intervention)`, rule);
  s.effects.splice(i, 1);
  return -1;
}

/**
 * A spell or prayer of the army's lores, or of the unit's own abilities, as data (ABILITIES.md:
 * source `spell` / `prayer`, or a casting / chanting value): the unit's first, then the army's
 * (a lore's spells are known by every WIZARD of the army, Magic 6.0; its prayers by every PRIEST).
 */
export function loreAbility(s: GameState, player: PlayerId, unitId: string, id: string, kind: 'spell' | 'prayer'): Ability | undefined {
  const fits = (x: Ability) => x.id === id && (kind === 'spell' ? x.castingValue !== undefined || x.source === 'spell' : x.chantingValue !== undefined || x.source === 'prayer');
  return unitAbilities(s, unitId).find(fits) ?? armyAbilities(s, player).find(fits);
}

/** `cast` (Magic 2.0): casting roll 2D6; miscast on a double 1; enemy may Unbind if the roll reaches the CV. */
export function cast(c: Ctx, a: Extract<Action, { type: 'cast' }>): void {
  requireTurn(c);
  const s = c.s;
  const rule = 'Magic 2.0';
  friendlyUnit(c, a.player, a.unitId, rule);
  const level = powerLevel(s, a.unitId, c.port);
  if (level <= 0) reject(`unit "${a.unitId}" is not a WIZARD`, 'Magic 1.1');
  const summon = a.spell.startsWith('summon:');
  const def = Object.prototype.hasOwnProperty.call(SPELLS, a.spell) ? SPELLS[a.spell] : undefined;
  const known = rosterUnit(s, a.unitId).warscroll.spells ?? [];
  // A spell of the army's lores or of the unit's warscroll, as data (ABILITIES.md): cast with the same rules, then resolved like any ability.
  const lore = !summon && !def ? loreAbility(s, a.player, a.unitId, a.spell, 'spell') : undefined;
  let castingValue = def?.castingValue ?? 0;
  let manifestation: RosterManifestation | null = null;
  if (summon) {
    manifestation = summonable(c, a.player, a.spell, 'endlessSpell', 'Magic 7.0');
    if (a.target !== manifestation.id) reject(`the target of "${a.spell}" is the manifestation "${manifestation.id}"`, 'Magic 7.0');
    castingValue = manifestation.summonValue;
  } else if (lore) {
    castingValue = lore.castingValue ?? 0;
  } else if (!def || !known.includes(a.spell)) reject(`unit "${a.unitId}" does not know the spell "${a.spell}"`, 'Magic 6.0');
  if (s.magic.miscast.includes(a.unitId)) reject(`unit "${a.unitId}" miscast this phase`, rule);
  if ((s.magic.used[a.unitId] ?? 0) >= abilityLimit(s, a.unitId, c.port)) reject(`unit "${a.unitId}" already used ${abilityLimit(s, a.unitId, c.port)} SPELL/PRAYER/BANISH ability(ies) this phase (power level)`, 'Magic 1.1');
  if (s.magic.unitSpells.includes(`${a.unitId}|${a.spell}`)) reject(`unit "${a.unitId}" already used "${a.spell}" this phase`, 'Core 5.3');
  const unlimited = lore?.keywords.some((k) => /UNLIMITED/i.test(k)) ?? false;
  if (!unlimited && s.magic.spellsThisTurn[a.player].includes(a.spell)) reject(`another friendly WIZARD already cast "${a.spell}" this turn`, 'Magic 5.0');
  let lorePicks: string[] = [];
  if (lore) {
    const lim = limitProblem(s, a.player, a.unitId, lore, lore.timing.limit);
    if (lim !== null) reject(lim, 'Core 28.2');
    if (a.positions !== undefined) reject(`"${lore.name}" sets nothing up`, rule);
    lorePicks = checkPicks(c, a.player, a.unitId, lore, [...(a.target !== undefined ? [a.target] : []), ...(a.targets ?? [])], a.point, a.choice);
  } else if (a.targets !== undefined || a.choice !== undefined) reject(`"${a.spell}" names one target ("target") and no choice`, rule);
  // Target (picked in the Declare step); a summoning spell checks the set-up now (Magic 7.0).
  if (manifestation) {
    if (a.positions === undefined) reject(`give the positions of every model of "${manifestation.id}"`, 'Core 24.0');
    placeManifestation(c, manifestation.id, a.unitId, manifestation.summonRange, a.positions, 'Magic 7.0', true);
  } else if (def) {
    if (a.positions !== undefined) reject(`"${a.spell}" sets nothing up`, rule);
    if (def.target !== 'point' && a.point !== undefined) reject(`"${a.spell}" picks no point`, rule);
    if (def.target === 'none') {
      if (a.target !== undefined) reject(`"${a.spell}" picks no target`, rule);
    } else if (def.target === 'point') {
      if (a.target !== undefined) reject(`"${a.spell}" picks a point, not a unit (give "point")`, rule);
      pointTarget(c, a.unitId, a.point, def.range, rule);
    } else {
      const t = a.target;
      if (t === undefined) reject(`"${a.spell}" needs a target unit ("target")`, rule);
      if (def.target === 'friendly') friendlyUnit(c, a.player, t, rule);
      else enemyUnit(c, a.player, t, rule);
      if (!visibleNow(c.s, c.port, a.unitId, t)) reject(`"${t}" is not visible to "${a.unitId}"`, rule);
      const inRange = def.wholly ? c.port.whollyWithin(t, a.unitId, def.range) : c.port.distance(a.unitId, t) <= def.range + 0.001;
      if (!inRange) reject(`"${t}" is not ${def.wholly ? 'wholly ' : ''}within ${def.range}" of "${a.unitId}"`, rule);
    }
  }
  const mod = heroPhaseUse(c, a.player, a.unitId, 'spells', rule);
  if (lore) {
    recordUse(s, { player: a.player, unitId: a.unitId, ability: lore.id, name: lore.name, core: false, ...pickRecord(lore, lorePicks) });
    c.events.push({ type: 'abilityUsed', player: a.player, unitId: a.unitId, ability: lore.id, name: lore.name, source: lore.source, timing: lore.timing.text, declare: lore.declare, effect: lore.effect, targets: lorePicks, castingValue });
  }
  s.magic.used[a.unitId] = (s.magic.used[a.unitId] ?? 0) + 1;
  s.magic.unitSpells.push(`${a.unitId}|${a.spell}`);
  s.magic.spellsThisTurn[a.player].push(a.spell);
  if (manifestation) s.magic.summoned.push(manifestation.id);
  const purpose = `cast:${a.unitId}:${a.spell}`;
  // Place of Power, Arcane Conduit; Dedicated Practitioner (Ascension › Path of the Mage): +1 to casting rolls.
  // `summon` modifiers (session 39, sh39a: Arcane Resonance) only on a Summon spell's casting roll (Magic 7.0).
  const bonus = castingEffects(s, a.unitId) + modified(s, c.port, a.unitId, 'cast', summon ? { summon: true } : {}).add + pickCastModifier(c, a.unitId, lore, lorePicks);
  const total = (d: readonly number[]) => Math.max(1, d[0] + d[1] + bonus + mod);
  const castFails = (d: readonly number[]) => (d[0] === 1 && d[1] === 1) || total(d) < castingValue;
  const first = rollLogged(c, 2, 6, purpose, a.player);
  // A re-roll of casting rolls from an army ability (Core 2.2), else Arcane Familiar (Path of the
  // Mage): the lowest die re-rolled when the roll would fail or miscast. Never a die twice.
  const byAbility = abilityRerolledDice(c, a.unitId, 'cast', first, castFails, purpose, a.player);
  const dice = byAbility ?? arcaneFamiliar(c, a.unitId, first, castFails, purpose, a.player);
  const roll = total(dice);
  afterCastingRoll(c, a.unitId, roll);
  if (dice[0] === 1 && dice[1] === 1) {
    s.magic.miscast.push(a.unitId);
    c.events.push({ type: 'miscast', unitId: a.unitId, spell: a.spell, dice });
    const [d3] = rollLogged(c, 1, 3, `miscast:${a.unitId}`, a.player);
    mortalDamage(c, a.unitId, d3, `miscast:${a.unitId}`);
    return;
  }
  if (roll < castingValue) {
    c.events.push({ type: 'spellFailed', unitId: a.unitId, spell: a.spell, dice, roll, castingValue });
    return;
  }
  c.events.push({ type: 'spellCastRoll', unitId: a.unitId, spell: a.spell, dice, roll, modifier: bonus + mod });
  s.pendingSpell = {
    player: a.player,
    casterId: a.unitId,
    spell: a.spell,
    ...(a.target !== undefined ? { targetId: a.target } : {}),
    ...(a.point !== undefined ? { point: [a.point[0], a.point[1]] as const } : {}),
    castingRoll: roll,
    ...(a.positions ? { positions: a.positions } : {}),
    ...(lore ? { ability: lore.id, targets: lorePicks, ...(a.choice !== undefined ? { choice: a.choice } : {}) } : {}),
  };
}

function resolveSpell(c: Ctx): void {
  const p = c.s.pendingSpell;
  if (!p) return;
  c.s.pendingSpell = null;
  const def = SPELLS[p.spell];
  c.events.push({ type: 'spellCast', unitId: p.casterId, spell: p.spell, ...(p.targetId !== undefined ? { target: p.targetId } : {}), ...(p.point ? { point: p.point } : {}) });
  const target = p.targetId ?? '';
  afterSpellCast(c, p.casterId);
  if (p.ability !== undefined) {
    const lore = loreAbility(c.s, p.player, p.casterId, p.ability, 'spell');
    // Session 38 (ab38d): the units a reaction made the spell have no effect on (cancel38.ts).
    if (lore) withExempt(c, p.exempt, 'a reaction', () => resolveAbility(c, p.player, p.casterId, lore, p.targets ?? [], { point: p.point, castRoll: p.castingRoll, choice: p.choice }));
    return;
  }
  if (p.exempt !== undefined && p.targetId !== undefined && p.exempt.includes(p.targetId)) {
    c.events.push({ type: 'abilityEffectSkipped', ability: p.spell, name: p.spell, unitId: p.targetId, why: `a reaction made ${p.spell} have no effect on this unit` });
    return;
  }
  if (p.spell.startsWith('summon:')) {
    const m = (c.s.players[p.player].roster.manifestations ?? []).find((x) => x.id === target)!;
    placeManifestation(c, m.id, p.casterId, m.summonRange, p.positions, 'Magic 7.0', false);
    c.events.push({ type: 'manifestationSummoned', unitId: m.id, summoner: p.casterId });
    harnessManifestation(c, p.player, p.casterId, m.id);
  } else if (p.spell === 'mysticShield') {
    c.s.effects.push({ kind: 'ward', unitId: target, value: 6, until: 'endOfTurn' });
  } else if (p.spell === 'eldritchCataclysm') {
    // T-65: one dice for each model in the target unit, each 4+ → 1 mortal damage, pooled, then the ward step.
    const n = aliveModels(c.s, target).length;
    const dice = rollLogged(c, n, 6, `spell:${p.casterId}:${p.spell}`, p.player);
    const mortal = dice.filter((d) => d >= 4).length;
    if (mortal > 0) mortalDamage(c, target, mortal, `spell:${p.casterId}`);
  } else if (p.spell === 'arcaneConduit') {
    // Path of the Mage › Elite: "Until the end of the phase, add 1 to casting rolls for friendly units."
    c.s.effects.push({ kind: 'armyCastingBonus', unitId: p.casterId, value: 1, until: 'endOfPhase' });
  } else if (p.spell === 'sunderTheEarth' && p.point) {
    // T-64 / A-G26: every unit the line from the point to the WIZARD's base crosses, the WIZARD's
    // own unit excluded; "roll for each": a D3 per unit, in roster order; the caster's kills (A-R16).
    const crossed = new Set(c.port.lineToUnit(p.casterId, p.point).crossed);
    c.events.push({ type: 'pathAbility', unitId: p.casterId, ability: 'Sunder the Earth', point: p.point, crossed: Object.keys(c.s.units).filter((id) => crossed.has(id)), rule: 'Ascension › Path of the Mage › Sunder the Earth' });
    for (const id of Object.keys(c.s.units)) {
      if (!crossed.has(id) || id === p.casterId || !isAlive(c.s, id) || !onBattlefield(c, id) || (p.exempt ?? []).includes(id)) continue;
      const [d3] = rollLogged(c, 1, 3, `spell:${p.casterId}:${p.spell}:${id}`, p.player);
      mortalDamage(c, id, d3, `spell:${p.casterId}`);
    }
  } else if (p.spell === 'arcaneBolt') {
    const [d3] = rollLogged(c, 1, 3, `spell:${p.casterId}:${p.spell}`, p.player);
    mortalDamage(c, target, d3, `spell:${p.casterId}`);
  }
  void def;
}

/** `unbind` (Magic 4.0): an enemy WIZARD within 30" of the caster; 2D6 greater than the casting roll unbinds. One Unbind per casting roll. */
export function unbind(c: Ctx, a: Extract<Action, { type: 'unbind' }>): void {
  const s = c.s;
  const p = s.pendingSpell;
  if (!p) reject('there is no spell to unbind', 'Magic 4.0');
  if (a.player === p.player) reject('only the opponent of the caster can Unbind', 'Magic 4.0');
  friendlyUnit(c, a.player, a.unitId, 'Magic 4.0');
  const level = powerLevel(s, a.unitId, c.port);
  // Session 37: an ability may let a unit Unbind as if it had WIZARD (N), or change the roll (unbindGrants.ts).
  const grant = unbindGrant(s, a.unitId);
  const limit = Math.max(level === -1 ? 1 : level, grant.wizard);
  if (limit <= 0) reject(`unit "${a.unitId}" is not a WIZARD`, 'Magic 4.0');
  if ((s.magic.unbinds[a.unitId] ?? 0) >= limit) reject(`unit "${a.unitId}" already unbound ${limit} time(s) this phase`, 'Magic 4.0');
  if (c.port.distance(a.unitId, p.casterId) > 30 + 0.001) reject(`unit "${a.unitId}" is more than 30" from the caster`, 'Magic 4.0');
  s.magic.unbinds[a.unitId] = (s.magic.unbinds[a.unitId] ?? 0) + 1;
  const dice = rollLogged(c, grant.dice, 6, `unbind:${a.unitId}`, a.player);
  const roll = dice.reduce((x, y) => x + y, 0) + grant.add;
  const unbound = roll > p.castingRoll;
  c.events.push({ type: 'unbindRoll', unitId: a.unitId, dice, roll, castingRoll: p.castingRoll, unbound, ...(grant.abilities.length > 0 ? { abilities: grant.abilities } : {}) });
  if (unbound) s.pendingSpell = null;
  else resolveSpell(c);
}

/** `pass` while a spell waits for Unbind: the opponent declines, the spell resolves. */
export function passSpell(c: Ctx, a: Extract<Action, { type: 'pass' }>): void {
  const p = c.s.pendingSpell;
  if (!p) reject('there is no spell waiting', 'Magic 4.0');
  if (a.player === p.player) reject(`${opponentOf(p.player)} decides whether to Unbind`, 'Magic 4.0');
  c.events.push({ type: 'passed', player: a.player });
  resolveSpell(c);
}

/** `activatePlaceOfPower` (Terrain 1.2): start of any turn; a HERO within 3" of a Place of Power; CORE. */
export function activatePlaceOfPower(c: Ctx, a: Extract<Action, { type: 'activatePlaceOfPower' }>): void {
  requireTurn(c);
  const s = c.s;
  if (s.phase !== 'startOfTurn') reject('Activate Place of Power is used at the start of any turn', 'Terrain 1.2');
  friendlyUnit(c, a.player, a.unitId, 'Terrain 1.2');
  if (!unitHasKeyword(s, a.unitId, 'HERO')) reject(`unit "${a.unitId}" is not a HERO`, 'Terrain 1.2');
  if (!c.port.nearPlaceOfPower(a.unitId, 3)) reject(`unit "${a.unitId}" is not within 3" of a Place of Power`, 'Terrain 1.2');
  useCore(c, a.unitId);
  const [d] = rollLogged(c, 1, 6, `placeOfPower:${a.unitId}`, a.player);
  if (d === 1) {
    c.events.push({ type: 'placeOfPower', unitId: a.unitId, roll: d, effect: 'mortal' });
    const [d3] = rollLogged(c, 1, 3, `placeOfPower-mortal:${a.unitId}`, a.player);
    mortalDamage(c, a.unitId, d3, `placeOfPower:${a.unitId}`);
    return;
  }
  // "If that HERO is a WIZARD or PRIEST" (Terrain 1.2): any power level, `PRIEST (1)` and
  // `PRIEST (2)` as much as a bare `PRIEST` (Magic 1.1), so the levels are compared, not the words.
  const wizardOrPriest = powerLevel(s, a.unitId) > 0 || priestLevel(s, a.unitId) > 0;
  s.effects.push(
    wizardOrPriest
      ? { kind: 'castingBonus', unitId: a.unitId, value: 1, until: 'endOfTurn' }
      : { kind: 'unbindAsWizard', unitId: a.unitId, until: 'endOfTurn' },
  );
  c.events.push({ type: 'placeOfPower', unitId: a.unitId, roll: d, effect: wizardOrPriest ? 'castingBonus' : 'unbindAsWizard' });
}

/** A prayer the engine can resolve (Magic 3.0). */
export interface PrayerDef {
  readonly name: string;
  readonly chantingValue: number;
  readonly oncePerBattle: boolean;
}

/** Prayers known by id (`warscroll.prayers`). Resurrection: the Magic 3.0 example prayer. */
export const PRAYERS: Record<string, PrayerDef> = {
  resurrection: { name: 'Resurrection', chantingValue: 7, oncePerBattle: true },
  /** Ascension › Path of the Devout › Legendary: 1 mortal damage on each enemy unit on the battlefield (D3 each if the chanting roll was 9+; T-66). */
  ritualOfDeath: { name: 'Ritual of Death', chantingValue: 6, oncePerBattle: false },
  /** Ascension › Path of the Devout › Legendary: Heal (1) each friendly unit on the battlefield (Heal (D3) each if the chanting roll was 9+; T-66). */
  ritualOfLife: { name: 'Ritual of Life', chantingValue: 8, oncePerBattle: false },
  /** Ascension › Path of the Devout › Elite: a visible friendly unit wholly within 12": +1 to wound rolls for its combat attacks until the start of your next turn. */
  righteousConviction: { name: 'Righteous Conviction', chantingValue: 4, oncePerBattle: false },
};

/**
 * `chant` (Magic 3.0): a PRIEST's chanting roll of D6 (hero phase; the enemy's after Magical
 * Intervention, -1). Unmodified 1: the prayer fails and the PRIEST loses D3 ritual points (not
 * below 0, A-R12). Unmodified 2+ (004 wording, INVENTORY §3.2 CHANT_TWO_PLUS_UNMODIFIED): the
 * roll waits for `answerPrayer` (bank or answer). `summon:<id>` chants the invocation's prayer.
 */
export function chant(c: Ctx, a: Extract<Action, { type: 'chant' }>): void {
  requireTurn(c);
  const s = c.s;
  const rule = 'Magic 3.0';
  friendlyUnit(c, a.player, a.unitId, rule);
  if (priestLevel(s, a.unitId) <= 0) reject(`unit "${a.unitId}" is not a PRIEST`, 'Magic 1.1');
  const summon = a.prayer.startsWith('summon:');
  const def = Object.prototype.hasOwnProperty.call(PRAYERS, a.prayer) ? PRAYERS[a.prayer] : undefined;
  if (summon) summonable(c, a.player, a.prayer, 'invocation', 'Magic 7.0');
  else if (!def && loreAbility(s, a.player, a.unitId, a.prayer, 'prayer') !== undefined) {
    const lore = loreAbility(s, a.player, a.unitId, a.prayer, 'prayer')!;
    const lim = limitProblem(s, a.player, a.unitId, lore, lore.timing.limit);
    if (lim !== null) reject(lim, 'Core 28.2');
  } else if (!def || !(rosterUnit(s, a.unitId).warscroll.prayers ?? []).includes(a.prayer)) reject(`unit "${a.unitId}" does not know the prayer "${a.prayer}"`, 'Magic 6.0');
  if (def?.oncePerBattle && s.oncePerBattle.includes(`${a.unitId}|${a.prayer}`)) reject(`"${a.prayer}" is Once Per Battle and "${a.unitId}" already used it`, 'Core 28.2');
  if ((s.magic.used[a.unitId] ?? 0) >= abilityLimit(s, a.unitId, c.port)) reject(`unit "${a.unitId}" already used ${abilityLimit(s, a.unitId, c.port)} SPELL/PRAYER/BANISH ability(ies) this phase (power level)`, 'Magic 1.1');
  if (s.magic.unitSpells.includes(`${a.unitId}|${a.prayer}`)) reject(`unit "${a.unitId}" already used "${a.prayer}" this phase`, 'Core 5.3');
  if (s.magic.prayersThisTurn[a.player].includes(a.prayer)) reject(`another friendly PRIEST already chanted "${a.prayer}" this turn`, 'Magic 5.0');
  const mod = heroPhaseUse(c, a.player, a.unitId, 'prayers', rule);
  s.magic.used[a.unitId] = (s.magic.used[a.unitId] ?? 0) + 1;
  s.magic.unitSpells.push(`${a.unitId}|${a.prayer}`);
  s.magic.prayersThisTurn[a.player].push(a.prayer);
  if (def?.oncePerBattle) s.oncePerBattle.push(`${a.unitId}|${a.prayer}`);
  const lorePrayer = !summon && !def ? loreAbility(s, a.player, a.unitId, a.prayer, 'prayer') : undefined;
  if (lorePrayer) {
    recordUse(s, { player: a.player, unitId: a.unitId, ability: lorePrayer.id, name: lorePrayer.name, core: false });
    c.events.push({ type: 'abilityUsed', player: a.player, unitId: a.unitId, ability: lorePrayer.id, name: lorePrayer.name, source: lorePrayer.source, timing: lorePrayer.timing.text, declare: lorePrayer.declare, effect: lorePrayer.effect, targets: [], chantingValue: lorePrayer.chantingValue });
  }
  if (summon) s.magic.summoned.push(a.prayer.slice('summon:'.length));
  // Master of Ceremonies (Ascension › Path of the Devout): 2 dice, the higher is the roll.
  const bonus = s.effects.filter((e) => e.kind === 'castingBonus' && e.unitId === a.unitId).reduce((x, e) => x + (e.value ?? 0), 0);
  const chanted = chantingDie(c, a.unitId, `chant:${a.unitId}:${a.prayer}`, a.player);
  // A re-roll of chanting rolls from an army ability (Core 2.2): a roll of 1 fails the prayer, and
  // a roll that with the ritual points cannot reach the chanting value is not answered (Magic 3.0).
  const value = summon ? undefined : def ? def.chantingValue : lorePrayer?.chantingValue;
  const chantFails = ([x]: readonly number[]) => x === 1 || (value !== undefined && Math.max(1, x + bonus + mod) + (s.ritualPoints[a.unitId] ?? 0) < value);
  const d = (abilityRerolledDice(c, a.unitId, 'chant', [chanted], chantFails, `chant:${a.unitId}:${a.prayer}`, a.player) ?? [chanted])[0];
  const roll = Math.max(1, d + bonus + mod);
  if (d === 1) {
    const [d3] = rollLogged(c, 1, 3, `ritual-loss:${a.unitId}`, a.player);
    const before = s.ritualPoints[a.unitId] ?? 0;
    s.ritualPoints[a.unitId] = Math.max(0, before - d3);
    c.events.push({ type: 'prayerFailed', unitId: a.unitId, prayer: a.prayer, roll: d, lost: before - s.ritualPoints[a.unitId], ritualPoints: s.ritualPoints[a.unitId] });
    return;
  }
  s.pendingPrayer = { player: a.player, priestId: a.unitId, prayer: a.prayer, unmodified: d, roll };
  c.events.push({ type: 'chantingRoll', unitId: a.unitId, prayer: a.prayer, roll, unmodified: d, ritualPoints: s.ritualPoints[a.unitId] ?? 0 });
}

/**
 * `answerPrayer` (Magic 3.0) after a chanting roll of 2+: `bank` gives the PRIEST ritual points
 * equal to the roll; `answer` adds the ritual points to the roll: at least the chanting value →
 * the prayer is answered (effect resolved, ritual points reset to 0); otherwise it fails and the
 * ritual points are kept (A-R12). Resurrection: `target` = a slain friendly INFANTRY HERO,
 * `positions` = its models, set up wholly within 3" of the PRIEST (Core 24.0 checks). Invocation
 * (`summon:<id>`): `positions` wholly within the lore's range of the PRIEST.
 */
export function answerPrayer(c: Ctx, a: Extract<Action, { type: 'answerPrayer' }>): void {
  const s = c.s;
  const rule = 'Magic 3.0';
  const p = s.pendingPrayer;
  if (p === null) reject('there is no chanting roll waiting', rule);
  if (a.player !== p.player) reject(`the chanting roll is ${p.player}'s`, rule);
  const points = s.ritualPoints[p.priestId] ?? 0;
  if (a.choice === 'bank') {
    if (a.target !== undefined || a.targets !== undefined || a.positions !== undefined) reject('banking ritual points resolves no effect', rule);
    s.ritualPoints[p.priestId] = points + p.roll;
    s.pendingPrayer = null;
    c.events.push({ type: 'ritualPointsBanked', unitId: p.priestId, prayer: p.prayer, gained: p.roll, ritualPoints: s.ritualPoints[p.priestId] });
    return;
  }
  const summon = p.prayer.startsWith('summon:');
  const lore = !summon && !Object.prototype.hasOwnProperty.call(PRAYERS, p.prayer) ? loreAbility(s, p.player, p.priestId, p.prayer, 'prayer') : undefined;
  const value = summon ? (s.players[p.player].roster.manifestations ?? []).find((m) => m.id === p.prayer.slice(7))!.summonValue : lore ? (lore.chantingValue ?? 0) : PRAYERS[p.prayer].chantingValue;
  const total = p.roll + points;
  if (total < value) {
    if (a.target !== undefined || a.targets !== undefined || a.positions !== undefined) reject(`the prayer is not answered (${p.roll} + ${points} < ${value}): no effect to resolve`, rule);
    s.pendingPrayer = null;
    c.events.push({ type: 'prayerNotAnswered', unitId: p.priestId, prayer: p.prayer, total, chantingValue: value, ritualPoints: points });
    return;
  }
  if (lore) {
    // A prayer of the army's lores as data: its Declare's picks (`target`) checked now, then resolved like any ability.
    if (a.positions !== undefined) reject(`"${lore.name}" sets nothing up`, rule);
    const given = [...(a.targets ?? []), ...(a.target !== undefined ? [a.target] : [])];
    const picked = checkPicks(c, a.player, p.priestId, picksAtRoll(lore, given, total), given);
    s.ritualPoints[p.priestId] = 0;
    s.pendingPrayer = null;
    c.events.push({ type: 'prayerAnswered', unitId: p.priestId, prayer: p.prayer, total, chantingValue: value });
    resolveAbility(c, p.player, p.priestId, lore, picked, { castRoll: total });
    return;
  }
  if (summon) {
    const m = (s.players[p.player].roster.manifestations ?? []).find((x) => x.id === p.prayer.slice(7))!;
    if (a.target !== undefined && a.target !== m.id) reject(`the prayer summons "${m.id}"`, 'Magic 7.0');
    placeManifestation(c, m.id, p.priestId, m.summonRange, a.positions, 'Magic 7.0', false);
    c.events.push({ type: 'manifestationSummoned', unitId: m.id, summoner: p.priestId });
    harnessManifestation(c, p.player, p.priestId, m.id);
  } else if (p.prayer === 'resurrection') {
    const t = a.target;
    if (t === undefined || !Object.prototype.hasOwnProperty.call(s.units, t)) reject('Resurrection: pick a slain friendly INFANTRY HERO (target)', rule);
    const u = s.units[t];
    if (u.owner !== a.player || u.manifestation !== undefined || u.status !== undefined) reject(`"${t}" is not a friendly unit of the battle`, rule);
    if (isAlive(s, t)) reject(`"${t}" has not been slain`, rule);
    if (!unitHasKeyword(s, t, 'INFANTRY') || !unitHasKeyword(s, t, 'HERO')) reject(`"${t}" is not an INFANTRY HERO`, rule);
    u.slain = [];
    u.damage = 0;
    u.slainPriority = [];
    setUpUnit(c, t, a.positions ?? {});
    if (!c.port.whollyWithin(t, p.priestId, 3)) reject(`"${t}" must be set up wholly within 3" of "${p.priestId}"`, rule);
    u.turn = { ...u.turn, setUp: true };
    c.events.push({ type: 'resurrected', unitId: t, priest: p.priestId });
  } else if (p.prayer === 'righteousConviction') {
    const t = a.target;
    if (t === undefined || a.positions !== undefined) reject('Righteous Conviction: pick a visible friendly unit wholly within 12" (target)', rule);
    friendlyUnit(c, a.player, t, rule);
    if (!visibleNow(c.s, c.port, p.priestId, t)) reject(`"${t}" is not visible to "${p.priestId}"`, rule);
    if (t !== p.priestId && !c.port.whollyWithin(t, p.priestId, 12)) reject(`"${t}" is not wholly within 12" of "${p.priestId}"`, rule);
    s.effects.push({ kind: 'woundBonus', unitId: t, value: 1, until: 'startOfYourTurn' });
  } else if (p.prayer === 'ritualOfDeath' || p.prayer === 'ritualOfLife') {
    // T-66: "the chanting roll" includes the ritual points added (A-R12): 5 + 4 = 9 → the 9+ effect.
    if (a.target !== undefined || a.positions !== undefined) reject(`"${p.prayer}" picks no target`, rule);
    const strong = total >= 9;
    const death = p.prayer === 'ritualOfDeath';
    const units = Object.values(s.units).filter((u) => (death ? u.owner !== a.player : u.owner === a.player) && u.manifestation === undefined && onBattlefield(c, u.id)).map((u) => u.id);
    for (const id of units) {
      if (!isAlive(s, id)) continue;
      const n = strong ? rollLogged(c, 1, 3, `prayer:${p.priestId}:${p.prayer}:${id}`, a.player)[0] : 1;
      if (death) mortalDamage(c, id, n, `prayer:${p.priestId}`);
      else heal(c, id, n, 'Ascension › Path of the Devout › Ritual of Life');
    }
  }
  s.ritualPoints[p.priestId] = 0;
  s.pendingPrayer = null;
  c.events.push({ type: 'prayerAnswered', unitId: p.priestId, prayer: p.prayer, total, chantingValue: value });
}

/**
 * `banish` — BANISH MANIFESTATION (Magic 7.2): your hero phase (not through Magical Intervention,
 * I-7); a friendly WIZARD or PRIEST (or a HERO after Activate Place of Power, as WIZARD (1));
 * a manifestation within 30"; 2D6 + 1 per enemy manifestation on the battlefield after the
 * first; at least the banishment value → removed from play. Each manifestation once per turn.
 */
export function banish(c: Ctx, a: Extract<Action, { type: 'banish' }>): void {
  requireTurn(c);
  const s = c.s;
  const rule = 'Magic 7.2';
  if (s.phase !== 'hero' || a.player !== s.active) reject('Banish Manifestation is used in your hero phase', rule);
  friendlyUnit(c, a.player, a.unitId, rule);
  const level = Math.max(powerLevel(s, a.unitId, c.port) === -1 ? 1 : powerLevel(s, a.unitId, c.port), priestLevel(s, a.unitId));
  if (level <= 0) reject(`unit "${a.unitId}" is not a WIZARD or PRIEST`, rule);
  const t = Object.prototype.hasOwnProperty.call(s.units, a.target) ? s.units[a.target] : undefined;
  if (!t || t.manifestation === undefined || !onBattlefield(c, a.target)) reject(`"${a.target}" is not a manifestation on the battlefield`, rule);
  const immune = unpickableBy(s, c.port, a.player, a.target, { name: 'Banish Manifestation', keywords: ['BANISH'] }); // session 41 (sh41b): Roaring Idol (wardRules38.ts)
  if (immune !== null) reject(immune, rule);
  if (s.magic.banished.includes(a.target)) reject(`"${a.target}" was already picked for Banish Manifestation this turn`, rule);
  if ((s.magic.used[a.unitId] ?? 0) >= level) reject(`unit "${a.unitId}" already used ${level} SPELL/PRAYER/BANISH ability(ies) this phase (power level)`, 'Magic 1.1');
  if (s.magic.unitSpells.includes(`${a.unitId}|banish`)) reject(`unit "${a.unitId}" already used Banish Manifestation this phase`, 'Core 5.3');
  if (c.port.distance(a.unitId, a.target) > 30 + 0.001) reject(`"${a.target}" is more than 30" from "${a.unitId}"`, rule);
  s.magic.used[a.unitId] = (s.magic.used[a.unitId] ?? 0) + 1;
  s.magic.unitSpells.push(`${a.unitId}|banish`);
  s.magic.banished.push(a.target);
  const enemyManifestations = Object.values(s.units).filter((u) => u.owner !== a.player && u.manifestation !== undefined && onBattlefield(c, u.id)).length;
  const bonus = Math.max(0, enemyManifestations - 1);
  const dice = rollLogged(c, 2, 6, `banish:${a.unitId}:${a.target}`, a.player);
  // Abilities' modifiers to the banishment roll (session 39, sh39a and sh39d: "add 1 to banishment rolls for this unit", Arcane Resonance), counted once.
  const byAbility = modified(s, c.port, a.unitId, 'banish');
  const roll = dice[0] + dice[1] + bonus + byAbility.add;
  const banished = roll >= t.manifestation.banishment;
  c.events.push({ type: 'banishmentRoll', unitId: a.unitId, target: a.target, dice, bonus, roll, banishment: t.manifestation.banishment, banished, ...(byAbility.rules.length ? { modifier: byAbility.add, rules: byAbility.rules } : {}) });
  if (banished) removeManifestation(c, a.target, 'banished');
}

/**
 * A re-roll an army ability gives `unitId`'s casting or chanting roll now (`reroll: "cast" |
 * "chant"`, ABILITIES.md; Core 2.2: "roll some or all of the dice again ... You cannot re-roll a
 * dice more than once, and re-rolls happen before modifiers"): made for the player only when the
 * roll fails (`fails`, on the unmodified dice with the roll's modifiers as the caller applies them):
 * `ones` re-rolls the dice showing 1, `failed` and `any` every die of the roll. Logged
 * (`<purpose>:reroll`) with an event `abilityReroll` naming the ability's rule. Returns the dice
 * after the re-roll, or null when no die was re-rolled.
 */
function abilityRerolledDice(c: Ctx, unitId: string, roll: 'cast' | 'chant', dice: readonly number[], fails: (dice: readonly number[]) => boolean, purpose: string, player: PlayerId): number[] | null {
  const r = abilityReroll(c.s, c.port, unitId, roll);
  if (r === null || !fails(dice)) return null;
  const idx = dice.map((d, i) => (r.which === 'ones' ? (d === 1 ? i : -1) : i)).filter((i) => i >= 0);
  if (idx.length === 0) return null;
  const again = rollLogged(c, idx.length, 6, `${purpose}:reroll`, player);
  const after = [...dice];
  idx.forEach((i, k) => (after[i] = again[k]));
  c.events.push({ type: 'abilityReroll', unitId, roll, which: r.which, before: [...dice], dice: after, rule: r.rule });
  return after;
}
