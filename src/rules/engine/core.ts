/**
 * Shared internals of the reducer: the working context, rejections, logged dice, roster lookups,
 * eligibility helpers and the damage sequence (Core 18.0-18.4). Not part of the public API.
 *
 * @module
 */

import { rollDice } from '../dice';
import { keywordsMatch } from '../damage';
import { toCharacteristic } from '../characteristics';
import type { GeometryPort, PortView } from './geometryPort';
import { COMMANDS, type CommandName, type GameState, type PlayerId, type UnitState } from './state';
import type { RosterUnit, RosterWeapon } from './roster';
import { abilityWard, modified } from '../abilities/passives';
import { noteMonsterDestroyed41d } from '../abilities/monsters41d';
import { wardForbidden } from '../abilities/wardRules38';
import { commandsForbidden, ignoresFirstDamage } from '../abilities/passivePermissions';
import { commandBanned } from '../abilities/commandBan40';
import { wardRollModifier, wardSaves } from './ward40g';
import { noteBloodRite41b } from './bloodRites41b';

/** Something that happened, for the UI and the tests (plain JSON). */
export interface GameEvent {
  readonly type: string;
  readonly [key: string]: unknown;
}

/** A rejection thrown inside the reducer and turned into `{ok: false, reason, rule}`. */
export class Reject {
  constructor(
    readonly reason: string,
    readonly rule: string,
  ) {}
}

/** Reject the action being reduced. */
export function reject(reason: string, rule: string): never {
  throw new Reject(reason, rule);
}

/** Mutable working context of one reduction (a private clone of the state). */
export interface Ctx {
  readonly s: GameState;
  readonly port: GeometryPort;
  readonly events: GameEvent[];
}

/** Roll dice (scripted faces first, then the seeded dice) and log them. */
export function rollLogged(c: Ctx, count: number, sides: number, purpose: string, player: PlayerId | null): number[] {
  const values: number[] = [];
  let n = count;
  while (n > 0 && c.s.diceScript.length > 0) {
    const d = c.s.diceScript.shift() as number;
    values.push(sides === 3 ? Math.ceil(d / 2) : Math.min(d, sides));
    n--;
  }
  if (n > 0) {
    const r = rollDice(c.s.dice, n, sides);
    c.s.dice = r.state;
    values.push(...r.values);
  }
  c.s.log.push({ kind: 'roll', purpose, player, dice: values });
  return values;
}

/** Roll a characteristic such as "D3+1" (Core 26.0), logged; fixed values roll nothing. */
export function rollValue(c: Ctx, v: number | string, purpose: string, player: PlayerId | null): number {
  const ch = toCharacteristic(v);
  if (ch.kind === 'fixed') return ch.value;
  return rollLogged(c, ch.dice, ch.sides, purpose, player).reduce((a, b) => a + b, 0) + ch.bonus;
}

/**
 * The unit's Move characteristic for a MOVE ability now, inches (Core 26.0: a random Move "is
 * generated each time" the unit needs it, so once per turn, when the unit is picked to move): a
 * fixed Move as printed; a random one is rolled the first time this turn (purpose
 * `move:<unit>`, event `moveRolled`) and the same roll is used for the rest of the turn.
 */
export function unitMove(c: Ctx, unitId: string, player: PlayerId | null): number {
  // The abilities' Move modifiers (Core 27.0: set, then add; abilities/passives.ts), measured now.
  // Core 27.0: set, then multiply or divide (a `halve`, rounding down, each applied), then add.
  const mod = modified(c.s, c.port, unitId, 'move');
  let base = mod.set !== undefined ? mod.set : printedMove(c, unitId, player);
  for (let k = 0; k < (mod.halve ?? 0); k++) base = Math.floor(base / 2);
  return Math.max(0, base + mod.add);
}

/** The printed (or rolled, Core 26.0) Move characteristic, inches. */
function printedMove(c: Ctx, unitId: string, player: PlayerId | null): number {
  const m = rosterUnit(c.s, unitId).warscroll.move;
  if (typeof m === 'number') return m;
  const u = c.s.units[unitId];
  if (u.turn.moveRoll !== undefined) return u.turn.moveRoll;
  const v = rollValue(c, m, `move:${unitId}`, player);
  u.turn.moveRoll = v;
  c.events.push({ type: 'moveRolled', unitId, characteristic: m, moveInches: v });
  return v;
}

/**
 * The Move a unit is sure to have now, inches, without rolling: a fixed Move, this turn's roll of
 * a random one, or else the random Move's least value (every die a 1, plus the bonus).
 */
export function knownMove(s: GameState, unitId: string): number {
  const m = rosterUnit(s, unitId).warscroll.move;
  if (typeof m === 'number') return m;
  const rolled = s.units[unitId].turn.moveRoll;
  if (rolled !== undefined) return rolled;
  const ch = toCharacteristic(m);
  return ch.kind === 'fixed' ? ch.value : ch.dice + ch.bonus;
}

/** The roster entry of a unit. */
export function rosterUnit(s: GameState, unitId: string): RosterUnit {
  const u = s.units[unitId];
  const r = s.players[u.owner].roster;
  const ru = r.units.find((x) => x.id === unitId) ?? (u.manifestation ? r.manifestations?.find((x) => x.id === unitId) : undefined);
  if (!ru) throw new Error(`unit ${unitId} missing from roster`);
  return ru;
}

/** Models of the unit not slain, in roster order. */
export function aliveModels(s: GameState, unitId: string): RosterUnit['models'] {
  const slain = new Set(s.units[unitId].slain);
  return rosterUnit(s, unitId).models.filter((m) => !slain.has(m.id));
}

/** Does the unit have a model left? */
export function isAlive(s: GameState, unitId: string): boolean {
  return aliveModels(s, unitId).length > 0;
}

/** Is the unit off the battlefield by the state: not deployed (Core 10.0) or an unsummoned manifestation (Magic 7.0)? */
export function offTable(s: GameState, unitId: string): boolean {
  return s.units[unitId].status !== undefined;
}

/** Alive, deployed / summoned, and on the battlefield (the port's `onBattlefield`, when it has one). */
export function onBattlefield(c: Ctx, unitId: string): boolean {
  return isAlive(c.s, unitId) && !offTable(c.s, unitId) && (c.port.onBattlefield ? c.port.onBattlefield(unitId) : true);
}

/** A manifestation (Magic 7.0: not a unit except for movement, combat range, attacks, targets and damage)? */
export function isManifestation(s: GameState, unitId: string): boolean {
  return s.units[unitId].manifestation !== undefined;
}

/** Whether a unit has the keyword (singular/plural synonyms, Core 5.1). */
export function unitHasKeyword(state: GameState, unitId: string, keyword: string): boolean {
  return rosterUnit(state, unitId).warscroll.keywords.some((k) => keywordsMatch(k, keyword));
}

/** Enemy units of `unitId`'s owner that are alive and on the battlefield, in a fixed order. */
export function enemyUnits(c: Ctx, owner: PlayerId): string[] {
  return Object.values(c.s.units)
    .filter((e) => e.owner !== owner && onBattlefield(c, e.id))
    .map((e) => e.id);
}

/** Is the unit in combat with any enemy unit on the battlefield (Core 7.0)? */
export function inCombat(s: GameState, port: GeometryPort, unitId: string): boolean {
  const owner = s.units[unitId].owner;
  return Object.values(s.units).some(
    (e) =>
      e.owner !== owner &&
      isAlive(s, e.id) &&
      e.status === undefined &&
      (port.onBattlefield ? port.onBattlefield(e.id) : true) &&
      port.unitsInCombat(unitId, e.id),
  );
}

/** A friendly unit on the battlefield, or a rejection citing `rule`. */
export function friendlyUnit(c: Ctx, player: PlayerId, unitId: string, rule: string): UnitState {
  const u = Object.prototype.hasOwnProperty.call(c.s.units, unitId) ? c.s.units[unitId] : undefined;
  if (!u) reject(`unknown unit "${unitId}"`, rule);
  if (u.owner !== player) reject(`unit "${unitId}" is not ${player}'s`, rule);
  if (!isAlive(c.s, unitId)) reject(`unit "${unitId}" has been destroyed`, 'Core 18.4');
  if (!onBattlefield(c, unitId)) reject(`unit "${unitId}" is not on the battlefield`, 'Core 28.0');
  return u;
}

/** An enemy unit on the battlefield, or a rejection citing `rule`. */
export function enemyUnit(c: Ctx, player: PlayerId, unitId: string, rule: string): UnitState {
  const u = Object.prototype.hasOwnProperty.call(c.s.units, unitId) ? c.s.units[unitId] : undefined;
  if (!u) reject(`unknown unit "${unitId}"`, rule);
  if (u.owner === player) reject(`unit "${unitId}" is not an enemy unit`, rule);
  if (!onBattlefield(c, unitId)) reject(`unit "${unitId}" is not on the battlefield`, 'Core 28.0');
  return u;
}

/** Reject unless a turn is in progress. */
export function requireTurn(c: Ctx): void {
  if (c.s.stage !== 'turn' || c.s.active === null || c.s.phase === null) {
    reject('no turn is in progress (the first turn of the round has not been chosen)', 'Core 12.0');
  }
}

/** Record a CORE ability use (Core 5.3: one per unit per phase). */
export function useCore(c: Ctx, unitId: string): void {
  if (c.s.phaseCoreUnits.includes(unitId)) reject(`unit "${unitId}" already used a CORE ability this phase`, 'Core 5.3');
  c.s.phaseCoreUnits.push(unitId);
}

/**
 * Check and pay for a command (Commands 1.2). `free`: the rule that lets it be used without
 * spending command points (Tactical Acumen, Hold the Line); the other limits still apply.
 */
export function payCommand(c: Ctx, player: PlayerId, command: CommandName, unitId: string, free?: string): void {
  const cost = free === undefined ? COMMANDS[command].cost : 0;
  const p = c.s.players[player];
  // "The target cannot use commands" (session 37): an ability's restriction on the unit (Core 29.0).
  const forbidden = commandsForbidden(c.s, c.port, unitId);
  if (forbidden !== null) reject(`unit "${unitId}" cannot use commands (${forbidden})`, 'Commands 1.2');
  const banned = commandBanned(c.s, c.port, unitId, command); // session 40 (sh40c): one command forbidden (commandBan40.ts)
  if (banned !== null) reject(`unit "${unitId}" cannot use the ${command} command this phase (${banned})`, 'Commands 1.2');
  if (c.s.phaseCommands.byArmy[player].includes(command)) {
    reject(`${player} already used ${command} this phase (each command once per army per phase)`, 'Commands 1.2');
  }
  if (c.s.phaseCommands.units.includes(unitId)) {
    reject(`unit "${unitId}" already used a command this phase (1 command per unit per phase)`, 'Commands 1.2');
  }
  if (p.cp < cost) reject(`${command} costs ${cost} CP and ${player} has ${p.cp}`, 'Commands 1.2');
  p.cp -= cost;
  c.s.phaseCommands.byArmy[player].push(command);
  c.s.phaseCommands.units.push(unitId);
  c.events.push({ type: 'commandUsed', player, command, unitId, cost, cpLeft: p.cp, ...(free !== undefined ? { free } : {}) });
}

/**
 * The engine's view of positions and removed models, for {@link GeometryPort.sync}: slain models,
 * and every model of a unit that is not deployed (Core 10.0) or a manifestation not summoned
 * (Magic 7.0); and the objectives placed during the battle (Spied Treasure), when any.
 */
export function portView(s: GameState): PortView {
  const removed: string[] = [];
  for (const u of Object.values(s.units)) {
    if (u.status !== undefined) removed.push(...rosterUnit(s, u.id).models.map((m) => m.id));
    else removed.push(...u.slain);
  }
  // Objectives placed during the battle (Spied Treasure): only in games that placed one.
  const added = s.ascension?.addedObjectives;
  return added?.length ? { positions: s.positions, removed, addedObjectives: added } : { positions: s.positions, removed };
}

/** Push the working state's positions and slain models to the port. */
export function syncPort(c: Ctx): void {
  c.port.sync(portView(c.s));
}

/** Weapons a model is armed with (Core 16.0: the model's list, or every weapon of the unit). */
export function modelWeapons(ru: RosterUnit, modelId: string): RosterWeapon[] {
  const m = ru.models.find((x) => x.id === modelId);
  if (!m || !m.weapons) return ru.weapons;
  return ru.weapons.filter((w) => m.weapons!.includes(w.name));
}

/**
 * The Path to Glory rank abilities of a unit (Ascension › Paths): its roster entry's
 * `campaign.abilities` (a unit drawn from an Order of Battle), else none. Names as printed.
 */
export function pathAbilities(s: GameState, unitId: string): readonly string[] {
  const u = s.units[unitId];
  if (!u || u.manifestation !== undefined) return [];
  return s.players[u.owner].roster.units.find((x) => x.id === unitId)?.campaign?.abilities ?? [];
}

/** Does the unit have the Path ability `name` (as printed)? */
export function hasPathAbility(s: GameState, unitId: string, name: string): boolean {
  return pathAbilities(s, unitId).includes(name);
}

/**
 * Damage points removed from a unit's damage pool before allocation: Battle-Scarred Veterans
 * (Ascension › Path of the Defender › Mighty: "Before allocating damage points to this unit,
 * remove 1 damage point in its damage pool"), after the ward rolls (Core 18.1 comes before 18.2).
 */
export function poolReduction(s: GameState, unitId: string, points: number): { amount: number; rule: string } {
  if (points > 0 && hasPathAbility(s, unitId, 'Battle-Scarred Veterans')) return { amount: 1, rule: 'Ascension › Path of the Defender › Battle-Scarred Veterans' };
  return { amount: 0, rule: '' };
}

/**
 * The lowest ward value that applies to the unit (Core 18.1), or null: its warscroll's, effects'
 * (Mystic Shield, Eldritch Ward), and the abilities' in force (`abilities/passives.ts`: passives
 * such as the Path abilities Frenzy and Hallowed Champion, auras measured through `port`, and the
 * persisting effects of abilities used; without `port` the conditions that need the table do not hold).
 */
export function wardOf(s: GameState, unitId: string, port?: GeometryPort): number | null {
  // Session 38 (ab38d): "ward rolls cannot be made for it" (abilities/wardRules38.ts).
  if (wardForbidden(s, port, unitId) !== null) return null;
  const values: number[] = [];
  const w = rosterUnit(s, unitId).warscroll.ward;
  if (w !== undefined) values.push(w);
  const fromAbilities = abilityWard(s, port, unitId);
  if (fromAbilities !== null) values.push(fromAbilities);
  for (const e of s.effects) if (e.kind === 'ward' && e.unitId === unitId && e.value !== undefined) values.push(e.value);
  return values.length ? Math.min(...values) : null;
}

// ---------------------------------------------------------------------------------------------
// Damage sequence (Core 18.0-18.4)
// ---------------------------------------------------------------------------------------------

function combinations<T>(items: readonly T[], k: number, out: T[][] = [], start = 0, cur: T[] = []): T[][] {
  if (cur.length === k) {
    out.push([...cur]);
    return out;
  }
  for (let i = start; i < items.length; i++) {
    cur.push(items[i]);
    combinations(items, k, out, i + 1, cur);
    cur.pop();
  }
  return out;
}

/** Remove one model as slain (Core 18.3), recording it. */
function slay(c: Ctx, unitId: string, modelId: string, why: 'damage' | 'coherency', slain: string[]): void {
  const u = c.s.units[unitId];
  u.slain.push(modelId);
  slain.push(modelId);
  u.slainPriority = u.slainPriority.filter((x) => x !== modelId);
  if (why === 'coherency') c.events.push({ type: 'removedForCoherency', unitId, modelId });
}

/**
 * The model the commander picks as slain (Core 18.3): the first model of the unit's recorded
 * `slainPriority` still alive; otherwise (engine default) the next model of `plan` (see
 * {@link planSlain}) still alive; otherwise the last model in roster order whose removal leaves the
 * rest one coherent group, or the last model if none does.
 */
function pickSlain(c: Ctx, unitId: string, plan: readonly string[] = []): string {
  const alive = aliveModels(c.s, unitId).map((m) => m.id);
  const pref = c.s.units[unitId].slainPriority.find((id) => alive.includes(id));
  if (pref !== undefined) return pref;
  const planned = plan.find((id) => alive.includes(id));
  if (planned !== undefined) return planned;
  for (let i = alive.length - 1; i >= 0; i--) {
    const rest = alive.filter((_, j) => j !== i);
    if (rest.length <= 1 || c.port.coherentSubset(unitId, rest)) return alive[i];
  }
  return alive[alive.length - 1];
}

/** Most coherency questions {@link planSlain} asks in its first search (each removal keeps the unit coherent). */
const SLAIN_PLAN_BUDGET = 200;

/**
 * The engine's default choice of the `kills` models one damage pool slays (Core 18.3), so the
 * unit left is one coherent group where some choice can make it one (docs/interpretations.md:
 * the check of Core 18.3 is made once the pool's slain models are removed):
 *
 * 1. an order of removals after each of which the rest is one coherent group, found by a
 *    depth-first search that tries the models from the end of the roster order first (so where
 *    the one-at-a-time choice works, it is the same choice) and backs up from dead ends;
 * 2. otherwise the survivors are grown as one compact group: from a seed model (in roster order),
 *    the nearest model to the group (of equally near ones, the one touching most of it) is added
 *    until `alive - kills` are kept; the first seed whose
 *    group is coherent gives the choice (ten Stormvermin in two ranks of five, 7 damage: 3 are
 *    left side by side, where slaying one at a time from either end breaks the ranks).
 *
 * Null when the commander recorded a priority, when every model is slain, or when neither search
 * finds a coherent unit; then models are picked one at a time ({@link pickSlain}).
 */
function planSlain(c: Ctx, unitId: string, kills: number): string[] | null {
  const alive = aliveModels(c.s, unitId).map((m) => m.id);
  if (kills <= 0 || kills >= alive.length) return null;
  if (c.s.units[unitId].slainPriority.some((id) => alive.includes(id))) return null;
  let asked = 0;
  const dead = new Set<string>();
  const order: string[] = [];
  const search = (rest: string[]): boolean => {
    if (order.length === kills) return true;
    const key = [...order].sort().join('|');
    if (dead.has(key)) return false;
    for (let i = rest.length - 1; i >= 0; i--) {
      if (asked >= SLAIN_PLAN_BUDGET) return false;
      const next = rest.filter((_, j) => j !== i);
      asked++;
      if (next.length > 1 && !c.port.coherentSubset(unitId, next)) continue;
      order.push(rest[i]);
      if (search(next)) return true;
      order.pop();
    }
    dead.add(key);
    return false;
  };
  if (search(alive)) return order;
  const keep = alive.length - kills;
  const at = new Map(alive.map((id) => [id, c.port.modelPosition(id)]));
  if ([...at.values()].some((p) => p === null)) return null;
  const gap = (a: string, b: string) => {
    const p = at.get(a)!;
    const q = at.get(b)!;
    return Math.hypot(p[0] - q[0], p[1] - q[1]);
  };
  for (const seed of alive) {
    const group = [seed];
    const left = alive.filter((id) => id !== seed);
    while (group.length < keep) {
      // The nearest model; among equally near ones (within 0.05"), the one touching most of the group.
      let best = 0;
      let bestD = Infinity;
      let bestTouch = 0;
      left.forEach((id, i) => {
        const ds = group.map((g) => gap(g, id));
        const d = Math.min(...ds);
        const touch = ds.filter((x) => x <= d + 0.05).length;
        if (d < bestD - 0.05 || (d <= bestD + 0.05 && touch > bestTouch)) [best, bestD, bestTouch] = [i, d, touch];
      });
      group.push(...left.splice(best, 1));
    }
    if (group.length <= 1 || c.port.coherentSubset(unitId, group)) return alive.filter((id) => !group.includes(id)).reverse();
  }
  return null;
}

/**
 * After the slain models are removed the unit must be one coherent group (Core 18.3): remove the
 * fewest models possible (searched exactly for up to 3 extra models, then one at a time from the
 * end of the roster order); those count as slain (A-R11).
 */
function restoreCoherency(c: Ctx, unitId: string, slain: string[]): void {
  const alive = aliveModels(c.s, unitId).map((m) => m.id);
  if (alive.length <= 1 || c.port.coherentSubset(unitId, alive)) return;
  for (let k = 1; k <= Math.min(3, alive.length - 1); k++) {
    for (const combo of combinations(alive, k)) {
      const rest = alive.filter((id) => !combo.includes(id));
      if (rest.length <= 1 || c.port.coherentSubset(unitId, rest)) {
        for (const id of combo) slay(c, unitId, id, 'coherency', slain);
        return;
      }
    }
  }
  const rest = [...alive];
  while (rest.length > 1 && !c.port.coherentSubset(unitId, rest)) slay(c, unitId, rest.pop() as string, 'coherency', slain);
}

/**
 * Allocate damage points to a unit (Core 18.2-18.4): one at a time; each time the allocated
 * count reaches Health a model is slain (picked as in {@link pickSlain}; the engine's default
 * choice planned for the whole pool by {@link planSlain}) and the count resets; points left after
 * the last model have no effect. Then the unit is made one coherent group (Core 18.3).
 */
export function allocatePoints(c: Ctx, unitId: string, points: number): { slain: string[]; allocated: number } {
  const u = c.s.units[unitId];
  const health = rosterUnit(c.s, unitId).warscroll.health;
  const slain: string[] = [];
  let allocated = 0;
  // How many models these points slay (Core 18.2), so the default choice can keep the unit
  // coherent after each removal where some choice can (Core 18.3).
  const kills = Math.floor((u.damage + points) / health);
  const plan = planSlain(c, unitId, kills) ?? [];
  for (let i = 0; i < points && isAlive(c.s, unitId); i++) {
    allocated++;
    u.damage += 1;
    if (u.damage >= health) {
      u.damage = 0;
      slay(c, unitId, pickSlain(c, unitId, plan), 'damage', slain);
    }
  }
  // Core 18.3, once the pool's slain models are removed (docs/interpretations.md): one coherent
  // group, else the fewest more models are removed.
  if (slain.length > 0 && isAlive(c.s, unitId)) restoreCoherency(c, unitId, slain);
  if (!isAlive(c.s, unitId)) u.damage = 0;
  return { slain, allocated };
}

/** Damage sources whose damage is inflicted by the unit named after the colon (attacks, spells, prayers, Power Through). */
const ATTRIBUTED_SOURCES = ['shoot', 'fight', 'spell', 'prayer', 'powerThrough', 'ability'];

/**
 * The unit that inflicts the damage of `source` on `targetId` (A-R16: the unit whose ability
 * (attack, spell, mortal damage ability) allocated the damage), or null: self-inflicted damage
 * (Retreat, miscast, Place of Power), damage from a rule (a twist, reserves) and damage from a
 * unit of the target's own army are nobody's kill.
 */
export function damageAttribution(s: GameState, source: string, targetId: string): string | null {
  const i = source.indexOf(':');
  if (i < 0 || !ATTRIBUTED_SOURCES.includes(source.slice(0, i))) return null;
  const by = source.slice(i + 1);
  const u = Object.prototype.hasOwnProperty.call(s.units, by) ? s.units[by] : undefined;
  if (!u || u.owner === s.units[targetId].owner) return null;
  return by;
}

/**
 * The damage sequence for one unit's damage pool (Core 18.0): ward rolls for every point (Core
 * 18.1), Path to Glory abilities that change the pool before allocation (Battle-Scarred Veterans),
 * then allocation. Emits `damageResolved` and `unitDestroyed`, both with `by`: the unit that
 * inflicted the damage ({@link damageAttribution}, A-R16), or null. In a Path to Glory battle the
 * destroyed units are recorded with `by` in `state.ascension.destroyed` (Claim their Skulls, Rise
 * of a Champion).
 */
export function damageSequence(c: Ctx, unitId: string, pool: number, source: string, opts: { readonly noWard?: boolean } = {}): { slain: string[]; allocated: number } {
  const u = c.s.units[unitId];
  if (!isAlive(c.s, unitId) || pool <= 0) return { slain: [], allocated: 0 };
  const by = damageAttribution(c.s, source, unitId);
  // `noWard` (session 37): "ward rolls cannot be made for those damage points" (Son of Behemat).
  const ward = opts.noWard === true ? null : wardOf(c.s, unitId, c.port);
  let points = pool;
  let wardDice: number[] = [];
  const wardMod = ward !== null ? wardRollModifier(c.s, c.port, unitId) : { by: 0, rules: [] }; // session 40 (sh40g): "Subtract 1 from ward rolls ..." (ward40g.ts)
  if (ward !== null) {
    wardDice = rollLogged(c, pool, 6, `ward:${unitId}`, u.owner);
    points -= wardSaves(wardDice, ward, wardMod.by);
  }
  const removed = poolReduction(c.s, unitId, points);
  if (removed.amount > 0) {
    points -= removed.amount;
    c.events.push({ type: 'damagePoolReduced', unitId, removed: removed.amount, rule: removed.rule });
  }
  if (points > 0) points -= ignoreFirstPoint(c, unitId);
  const r = allocatePoints(c, unitId, points);
  c.events.push({ type: 'damageResolved', unitId, source, by, pool, ward, wardDice, ...(wardMod.by !== 0 ? { wardModifier: wardMod.by, wardRules: wardMod.rules } : {}), allocated: r.allocated, slain: r.slain, damage: u.damage });
  if (!isAlive(c.s, unitId)) recordDestroyed(c, unitId, source, by);
  syncPort(c);
  return r;
}

/** A unit was destroyed: `unitDestroyed`, the Path to Glory record, Do Not Waver's count, then {@link afterDestroyed}. */
function recordDestroyed(c: Ctx, unitId: string, source: string, by: string | null): void {
  const u = c.s.units[unitId];
  c.events.push({ type: 'unitDestroyed', unitId, source, by });
  noteBloodRite41b(c, unitId, source); // session 41 (sh41b): Blood Rites (bloodRites41b.ts), before the port forgets its models
  if (c.s.ascension && u.manifestation === undefined) (c.s.ascension.destroyed ??= []).push({ unitId, by, round: c.s.round });
  noteMonsterDestroyed41d(c.s, unitId, by); // session 41 (sh41d): "The first time an enemy Monster is destroyed by this unit"
  const t = c.s.tactics.current;
  // Do Not Waver counts units; a manifestation is not a unit (Magic 7.0).
  if (t && u.owner === t.player && u.manifestation === undefined) t.destroyedFriendly = true;
  afterDestroyed(c, unitId);
}

/**
 * Slay `count` models of a unit outright (an ability's "1 model in the target unit is slain", "it is
 * automatically destroyed"; session 37, roll37): no damage points and no ward rolls (Core 18.0 is for
 * damage points); the models are picked as for damage (Core 18.3, {@link pickSlain}) and the unit is
 * made one coherent group. The damage points allocated to the unit stay on it unless it is destroyed
 * (docs/interpretations.md). Emits `modelsSlainByAbility` and, when no model is left, `unitDestroyed`.
 */
export function slayModels(c: Ctx, unitId: string, count: number, source: string): string[] {
  const u = c.s.units[unitId];
  const slain: string[] = [];
  if (!isAlive(c.s, unitId) || count <= 0) return slain;
  const plan = planSlain(c, unitId, count) ?? [];
  for (let i = 0; i < count && isAlive(c.s, unitId); i++) slay(c, unitId, pickSlain(c, unitId, plan), 'damage', slain);
  if (isAlive(c.s, unitId)) restoreCoherency(c, unitId, slain);
  else u.damage = 0;
  const by = damageAttribution(c.s, source, unitId);
  c.events.push({ type: 'modelsSlainByAbility', unitId, slain, source });
  if (!isAlive(c.s, unitId)) recordDestroyed(c, unitId, source, by);
  syncPort(c);
  return slain;
}

/**
 * A unit automatically destroyed by an ability (session 37, `destroyed`): every model not slain is slain at
 * once, with no damage sequence (no ward rolls, nothing allocated; Core 18.0 is for damage points). Emits
 * `modelsSlainByAbility` and `unitDestroyed` (with `by`, as {@link damageSequence}).
 */
export function destroyUnit(c: Ctx, unitId: string, source: string): void {
  const u = c.s.units[unitId];
  if (!isAlive(c.s, unitId)) return;
  const slain = aliveModels(c.s, unitId).map((m) => m.id);
  for (const id of slain) u.slain.push(id);
  u.slainPriority = [];
  u.damage = 0;
  c.events.push({ type: 'modelsSlainByAbility', unitId, slain, source });
  recordDestroyed(c, unitId, source, damageAttribution(c.s, source, unitId));
  syncPort(c);
}

/**
 * "Ignore the first damage point that would be allocated to the target in each phase" (session 37,
 * `ignoreFirstDamage`): 1 when the unit has such an effect now and no point was ignored for it yet this
 * phase (recorded as a phase effect, `firstDamageIgnored`), else 0. After the ward rolls (Core 18.1 comes
 * before allocation, 18.2), like Battle-Scarred Veterans.
 */
function ignoreFirstPoint(c: Ctx, unitId: string): number {
  const s = c.s;
  if (s.effects.some((e) => e.kind === 'firstDamageIgnored' && e.unitId === unitId)) return 0;
  const rule = ignoresFirstDamage(s, c.port, unitId);
  if (rule === null) return 0;
  s.effects.push({ kind: 'firstDamageIgnored', unitId, until: 'endOfPhase' });
  c.events.push({ type: 'damagePoolReduced', unitId, removed: 1, rule });
  return 1;
}

/** Remove a manifestation from play (banished, Magic 7.2; severed connection, Magic 7.1). */
export function removeManifestation(c: Ctx, id: string, why: string): void {
  const s = c.s;
  const u = s.units[id];
  u.status = 'unsummoned';
  u.slain = [];
  u.damage = 0;
  u.manifestation = { banishment: u.manifestation!.banishment, summoner: null };
  const ids = new Set(rosterUnit(s, id).models.map((m) => m.id));
  s.positions = Object.fromEntries(Object.entries(s.positions).filter(([k]) => !ids.has(k)));
  if (!s.magic.removed.includes(id)) s.magic.removed.push(id);
  c.events.push({ type: 'manifestationRemoved', unitId: id, why });
  syncPort(c);
}

/**
 * After a unit is destroyed: a destroyed manifestation is removed from play (Magic 7.0: it cannot
 * be summoned again this turn); manifestations it summoned are removed (severed connection, Magic 7.1).
 */
export function afterDestroyed(c: Ctx, unitId: string): void {
  const s = c.s;
  if (s.units[unitId].manifestation !== undefined) {
    removeManifestation(c, unitId, 'destroyed');
    return;
  }
  for (const u of Object.values(s.units)) {
    if (u.manifestation?.summoner === unitId && u.status === undefined) removeManifestation(c, u.id, 'severedConnection');
  }
}

/** Inflict mortal damage (Core 17.2) and run the damage sequence. */
export function mortalDamage(c: Ctx, unitId: string, amount: number, source: string): { slain: string[]; allocated: number } {
  c.events.push({ type: 'mortalDamage', unitId, amount, source });
  return damageSequence(c, unitId, amount, source);
}
