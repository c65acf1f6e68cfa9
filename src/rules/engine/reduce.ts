/**
 * The pure core of the rules engine: `reduce(state, action, port)`.
 *
 * - Never throws and never mutates its input: an accepted action gives a new state and the
 *   events it caused; a rejected one gives `{ok: false, reason, rule}` (rule = the section that
 *   forbids it, e.g. `Commands 1.2`).
 * - Randomness comes only from the seeded dice held in the state (`src/rules/dice.ts`); every
 *   accepted action and every roll is appended to `state.log`.
 * - Positions are asked through the injected {@link GeometryPort}; the port is synced to the
 *   state's positions at the start of every call and to the returned (or kept) state at the end.
 *
 * Moves: `moves.ts`; declared rolls, commands, rally points: `commands.ts`; army abilities:
 * `abilityUse.ts`; attacks and fight order: `attacks.ts`; magic: `magic.ts`; battle tactics:
 * `tactics.ts`; shared helpers and the damage sequence: `core.ts`.
 *
 * @module
 */

import { contestForbidden } from '../abilities/contest40';
import { z } from 'zod';
import type { GeometryPort } from './geometryPort';
import {
  PHASES,
  PLAYERS,
  freshMagic,
  freshTurnFlags,
  opponentOf,
  type Action,
  type GameState,
  type PlayerId,
  type UnitState,
} from './state';
import {
  Reject,
  aliveModels,
  friendlyUnit,
  inCombat,
  onBattlefield,
  portView,
  reject,
  requireTurn,
  rollLogged,
  rosterUnit,
  type Ctx,
  type GameEvent,
} from './core';
import { moveAction, retreat } from './moves';
import { rerollRoll } from './rollRerolls';
import { keepsWindow, noteDeclaration } from './reactionWindows';
import { noteUnitHistory } from './unitHistory';
import { allocateDamage, charge, command, rollMove, run, setSlainPriority, spendRally } from './commands';
import { currentPicker, fight, passReaction, shoot } from './attacks';
import { activatePlaceOfPower, answerPrayer, banish, cast, chant, passSpell, unbind } from './magic';
import { deployRegiment, deployTerrain, deployUnit, destroyReserves, endDeployment, setUpReserve } from './deployment';
import { scoreTactic, tacticalGambit } from './tactics';
import { underspent } from './roster';
import { AbilityEffectSchema } from '../abilities/schema';
import { expireEffects } from '../abilities/record';
import { PATH_USE_ABILITIES, abilityOf, resolveByHand, resolvePendingUse, useArmyAbility } from './abilityUse';
import { maxControlScore, modified } from '../abilities/passives';
import { pathControlBonus, pathDeploymentStep, pathEndOfTurn, pathStartOfRound, useAbility } from './pathAbilities';
import { ASCENSION, ascensionBattleEnded, ascensionEndOfTurn, ascensionStartOfRound, suspendedObjectives, twistControlBonus, twistPick, twistPickOwed, withdraw } from './ascension';
import { workingCopy } from './workingCopy';
import { endOfRoundResources } from './resourceTriggers38';
import { notePhaseContest41b, notePhaseStart41b } from './bloodRites41b';

export { inCombat, unitHasKeyword, type GameEvent } from './core';

/** Answer of {@link reduce}. */
export type ReduceResult =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly reason: string; readonly rule: string };

/** Rule string of rejections that are not a game rule but a malformed action. */
export const RULE_ACTION_SCHEMA = 'Engine: action schema';
/** Rule string of an unexpected internal failure (a bug, or a port that threw). */
export const RULE_INTERNAL = 'Engine: internal error';

const Player = z.enum(['p1', 'p2']);
const Count = z.number().int().min(0).max(10000);
const Coord = z.number().finite().min(-1000).max(1000);
const Paths = z.record(z.string(), z.array(z.tuple([Coord, Coord])).max(64));
const Positions = z.record(z.string(), z.tuple([Coord, Coord]));
/** Strict zod schema of {@link Action}. */
export const ActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('chooseFirstTurn'), player: Player, first: Player }),
  z.strictObject({ type: z.literal('endPhase'), player: Player }),
  z.strictObject({ type: z.literal('chooseContestedObjective'), player: Player, unitId: z.string(), objectiveId: z.string() }),
  z.strictObject({ type: z.literal('run'), player: Player, unitId: z.string(), atTheDouble: z.boolean().optional() }),
  z.strictObject({ type: z.literal('rollMove'), player: Player, unitId: z.string() }),
  z.strictObject({ type: z.literal('charge'), player: Player, unitId: z.string() }),
  z.strictObject({ type: z.literal('rerollRoll'), player: Player, unitId: z.string(), roll: z.enum(['charge', 'run']), dice: z.array(z.number().int().min(0).max(9)).min(1).max(10).optional() }),
  z.strictObject({
    type: z.literal('command'),
    player: Player,
    command: z.enum(['rally', 'redeploy', 'forwardToVictory', 'allOutAttack', 'allOutDefence', 'magicalIntervention', 'coveringFire', 'counterCharge', 'powerThrough']),
    unitId: z.string(),
    target: z.string().optional(),
  }),
  z.strictObject({ type: z.literal('spendRally'), player: Player, heal: Count, returnModels: Count, positions: Positions.optional() }),
  z.strictObject({ type: z.literal('allocateDamage'), player: Player, unitId: z.string(), points: Count.min(1) }),
  z.strictObject({
    type: z.literal('move'),
    player: Player,
    unitId: z.string(),
    kind: z.enum(['normal', 'run', 'retreat', 'charge', 'redeploy', 'powerThrough', 'ability']),
    paths: Paths,
    target: z.string().optional(), // session 40 (sh40f): passedAcross40f.ts
    targets: z.array(z.string()).max(10).optional(), // session 41 (sh41d): passedAcross41d.ts
  }),
  z.strictObject({ type: z.literal('retreat'), player: Player, unitId: z.string() }),
  z.strictObject({
    type: z.literal('shoot'),
    player: Player,
    unitId: z.string(),
    target: z.string(),
    weaponTargets: z.record(z.string(), z.string()).optional(),
  }),
  z.strictObject({
    type: z.literal('fight'),
    player: Player,
    unitId: z.string(),
    pileIn: z.strictObject({ target: z.string().optional(), paths: Paths }).optional(),
    target: z.string().optional(),
    weaponTargets: z.record(z.string(), z.string()).optional(),
  }),
  z.strictObject({ type: z.literal('pass'), player: Player }),
  z.strictObject({ type: z.literal('setSlainPriority'), player: Player, unitId: z.string(), modelIds: z.array(z.string()).max(200) }),
  z.strictObject({ type: z.literal('cast'), player: Player, unitId: z.string(), spell: z.string(), target: z.string().optional(), targets: z.array(z.string()).max(20).optional(), point: z.tuple([Coord, Coord]).optional(), choice: z.string().min(1).max(200).optional(), positions: Positions.optional() }),
  z.strictObject({ type: z.literal('chant'), player: Player, unitId: z.string(), prayer: z.string() }),
  z.strictObject({
    type: z.literal('answerPrayer'),
    player: Player,
    choice: z.enum(['bank', 'answer']),
    target: z.string().optional(),
    targets: z.array(z.string()).max(20).optional(),
    positions: Positions.optional(),
  }),
  z.strictObject({ type: z.literal('banish'), player: Player, unitId: z.string(), target: z.string() }),
  z.strictObject({ type: z.literal('deployTerrain'), player: Player, terrainId: z.string() }),
  z.strictObject({ type: z.literal('deployRegiment'), player: Player, leader: z.string() }),
  z.strictObject({ type: z.literal('deployUnit'), player: Player, unitId: z.string(), positions: Positions }),
  z.strictObject({ type: z.literal('setUpReserve'), player: Player, unitId: z.string(), positions: Positions }),
  z.strictObject({ type: z.literal('endDeployment'), player: Player }),
  z.strictObject({ type: z.literal('withdraw'), player: Player }),
  z.strictObject({
    type: z.literal('useAbility'),
    player: Player,
    unitId: z.string().optional(),
    ability: z.string().min(1).max(200),
    target: z.string().optional(),
    targets: z.array(z.string()).max(20).optional(),
    point: z.tuple([Coord, Coord]).optional(),
    choice: z.string().max(200).optional(),
    positions: Positions.optional(),
    objectiveId: z.string().min(1).max(200).optional(), // session 40 (sh40d): an objective pick (objective40.ts)
  }),
  z.strictObject({ type: z.literal('resolveByHand'), player: Player, ability: z.string().min(1).max(200), effects: z.array(AbilityEffectSchema).max(20), positions: Positions.optional() }),
  z.strictObject({
    type: z.literal('twistPick'),
    player: Player,
    unitId: z.string().optional(),
    objectiveId: z.string().optional(),
    featureIds: z.array(z.string()).optional(),
    at: z.tuple([z.number().finite(), z.number().finite()]).optional(),
  }),
  z.strictObject({ type: z.literal('unbind'), player: Player, unitId: z.string() }),
  z.strictObject({ type: z.literal('activatePlaceOfPower'), player: Player, unitId: z.string() }),
  z.strictObject({ type: z.literal('tacticalGambit'), player: Player, tactic: z.string(), unitId: z.string().optional(), terrainId: z.string().optional() }),
]);

function resetTurnFlags(s: GameState): void {
  for (const u of Object.values(s.units)) u.turn = freshTurnFlags();
  s.magic = freshMagic();
}

function resetPhase(s: GameState): void {
  s.phaseCommands = { byArmy: { p1: [], p2: [] }, units: [] };
  s.phaseCoreUnits = [];
  s.effects = s.effects.filter((e) => e.until !== 'endOfPhase');
  // Core 28.1: the abilities' effects that last the phase end; abilities waiting for resolveByHand lapse.
  expireEffects(s, 'phaseEnd');
  for (const u of Object.values(s.units)) u.turn.pendingMove = null;
  s.magic.used = {};
  s.magic.unbinds = {};
  s.magic.unitSpells = [];
  s.magic.miscast = [];
  s.combat = null;
}

// ---------------------------------------------------------------------------------------------
// Objective control (Core 32.1-32.2) and scoring (Core 31.0)
// ---------------------------------------------------------------------------------------------

/**
 * Control score of a unit on an objective or terrain feature (Core 32.2 step 1; Standard Bearer
 * CmdModels 3.0); on an objective, plus the Path abilities' bonuses ({@link pathControlBonus};
 * `others`: the units contesting the same objective).
 */
function controlScore(c: Ctx, unitId: string, objectiveId: string, terrain = false, others: readonly string[] = []): number {
  const ru = rosterUnit(c.s, unitId);
  const alive = aliveModels(c.s, unitId);
  const aliveIds = new Set(alive.map((m) => m.id));
  const contesting = terrain
    ? c.port.terrainContestingModels(unitId, objectiveId).filter((id) => aliveIds.has(id)).length
    : c.port.contestingModels
      ? c.port.contestingModels(unitId, objectiveId).filter((id) => aliveIds.has(id)).length
      : alive.length;
  // The abilities' Control modifiers (abilities/passives.ts; Core 27.0: set, then add), per model.
  // `set` is the Control characteristic (each model); `modify` the unit's control score, once (Core 32.2: "Some
  // abilities modify a unit's control score, but it cannot be reduced to less than 1"; every roster text that
  // adds to control says "control score"; before session 36's second pass it was added per model).
  const cm = modified(c.s, c.port, unitId, 'control');
  let base = contesting * Math.max(0, cm.set ?? ru.warscroll.control);
  if (contesting > 0 && cm.add !== 0) base = cm.add < 0 ? Math.max(Math.min(base, 1), base + cm.add) : base + cm.add;
  const bearer = alive.some((m) => m.standardBearer === true);
  const score = bearer ? Math.max(1, base + 1) : base;
  // "This unit has a maximum control score of 1" (`maxControl`): after every modifier.
  const cap = maxControlScore(c.s, c.port, unitId) ?? Infinity;
  if (terrain) return Math.min(score, cap);
  // At All Costs / An Eye For Riches (Ascension twists): +3 this battle round.
  const twist = twistControlBonus(c.s, unitId);
  return Math.min(
    cap,
    ru.campaign === undefined && others.every((id) => rosterUnit(c.s, id).campaign === undefined) && !c.s.effects.some((e) => e.kind === 'controlBonus')
      ? score + twist
      : score + twist + pathControlBonus(c, unitId, objectiveId, others).value,
  );
}

/** Terrain features whose control is determined now (Core 32.3): the battleplan's, plus a Take Their Land pick. */
function controlledTerrain(s: GameState): string[] {
  const out = [...(s.battleplan.terrainFeatures ?? [])];
  const t = s.tactics.current?.terrainId;
  if (t !== undefined && !out.includes(t)) out.push(t);
  return out;
}

/** Does the unit contest the terrain feature (Core 32.3: a living model within 3" of it)? */
function contestsTerrain(c: Ctx, unitId: string, terrainId: string): boolean {
  const alive = new Set(aliveModels(c.s, unitId).map((m) => m.id));
  return c.port.terrainContestingModels(unitId, terrainId).some((id) => alive.has(id));
}

/**
 * Determine control of every objective (Core 32.1, 32.2) and of the terrain features being
 * controlled (Core 32.3: "in the same way as objectives", a unit contests 1 objective and 1
 * feature, and a feature does not stay in your control when none of your units contests it).
 */
function determineControl(c: Ctx, when: string): void {
  const s = c.s;
  const objectives = s.battleplan.objectives;
  const features = controlledTerrain(s);
  const contested: Record<string, { player: PlayerId; unitId: string }[]> = Object.fromEntries(objectives.map((o) => [o, []]));
  const contestedT: Record<string, { player: PlayerId; unitId: string }[]> = Object.fromEntries(features.map((o) => [o, []]));
  const pickOne = (u: UnitState, set: string[], choices: Record<string, string>, rule: string, what: string): string => {
    if (set.length === 1) return set[0];
    const choice = choices[u.id];
    if (choice === undefined || !set.includes(choice)) {
      reject(`unit "${u.id}" contests ${set.join(', ')}: ${u.owner} must pick one ${what} with chooseContestedObjective before control is determined`, rule);
    }
    return choice;
  };
  for (const u of Object.values(s.units)) {
    // Manifestations are not units (Magic 7.0): contesting is not one of the listed exceptions.
    if (u.manifestation !== undefined || !onBattlefield(c, u.id)) continue;
    const near = objectives.filter((o) => c.port.contests(u.id, o));
    const set = near.length > 0 && contestForbidden(s, c.port, u.id) !== null ? [] : near; // session 40 (sh40a): "cannot contest objectives" (contest40.ts)
    if (set.length > 0) contested[pickOne(u, set, s.contestChoices, 'Core 32.1', 'objective')].push({ player: u.owner, unitId: u.id });
    if (features.length > 0) {
      const fs = features.filter((f) => contestsTerrain(c, u.id, f));
      if (fs.length > 0) contestedT[pickOne(u, fs, s.terrainContestChoices, 'Core 32.3', 'terrain feature')].push({ player: u.owner, unitId: u.id });
    }
  }
  const suspended = suspendedObjectives(s);
  for (const o of objectives) {
    // Under Dust and Rubble (Ascension › The Ruined Settlement): "cannot be controlled this battle round" (A-R27).
    if (suspended.includes(o)) {
      c.events.push({ type: 'control', objectiveId: o, when, scores: { p1: 0, p2: 0 }, controller: s.objectives[o], changed: false, suspended: 'Ascension › The Ruined Settlement › Under Dust and Rubble' });
      continue;
    }
    const score: Record<PlayerId, number> = { p1: 0, p2: 0 };
    for (const { player, unitId } of contested[o]) score[player] += controlScore(c, unitId, o, false, contested[o].map((x) => x.unitId));
    const before = s.objectives[o];
    let after = before;
    if (score.p1 > score.p2) after = 'p1';
    else if (score.p2 > score.p1) after = 'p2';
    s.objectives[o] = after;
    c.events.push({ type: 'control', objectiveId: o, when, scores: score, controller: after, changed: after !== before });
  }
  for (const f of features) {
    const score: Record<PlayerId, number> = { p1: 0, p2: 0 };
    for (const { player, unitId } of contestedT[f]) score[player] += controlScore(c, unitId, f, true);
    const before = s.terrainControl[f] ?? null;
    // Core 32.3: not kept without a contesting unit of the controller.
    let after = before !== null && contestedT[f].some((x) => x.player === before) ? before : null;
    if (score.p1 > score.p2) after = 'p1';
    else if (score.p2 > score.p1) after = 'p2';
    s.terrainControl[f] = after;
    c.events.push({ type: 'terrainControl', terrainId: f, when, scores: score, controller: after, changed: after !== before });
  }
}

// ---------------------------------------------------------------------------------------------
// Battle sequence (Core 11.0-13.0, 31.0, 33.0; Commands 1.1)
// ---------------------------------------------------------------------------------------------

function startTurn(c: Ctx, active: PlayerId, turnInRound: 0 | 1): void {
  const s = c.s;
  s.active = active;
  s.turnInRound = turnInRound;
  s.phase = 'startOfTurn';
  resetTurnFlags(s);
  resetPhase(s);
  // Effects end with the turn, except those lasting until the start of the owner's next turn.
  s.effects = s.effects.filter((e) => e.until === 'endOfBattle' || (e.until === 'startOfYourTurn' && s.units[e.unitId]?.owner !== active));
  expireEffects(s, 'turnStart', active);
  s.tactics.current = null;
  c.events.push({ type: 'turnStarted', round: s.round, active, turnInRound });
  c.events.push({ type: 'phaseStarted', phase: 'startOfTurn' });
  notePhaseStart41b(c); // session 41 (sh41b): Blood Rites' Place of Power (bloodRites41b.ts)
}

function chooseFirstTurn(c: Ctx, a: Extract<Action, { type: 'chooseFirstTurn' }>): void {
  const s = c.s;
  if (s.stage !== 'firstTurn') reject('the first turn of this battle round has already been chosen', 'Core 12.0');
  // Deployment phase step 3 (Core 10.0): Deployment Phase abilities the engine uses by itself (Focused Meditation).
  if (s.round === 1) pathDeploymentStep(c);
  const asc = s.battleplan.ascension;
  const rule = asc && s.round === 1 ? ASCENSION[asc.id].firstTurn : 'default';
  const roleOf = (r: string) => (asc?.roles.p1 === r ? 'p1' : 'p2') as PlayerId;
  if (rule.startsWith('chooser:')) {
    // Wreck and Ruin, The Ritual: "the raider / attacker chooses who takes the first turn".
    if (a.player !== roleOf(rule.slice(8))) reject(`the ${rule.slice(8)} (${roleOf(rule.slice(8))}) chooses who takes the first turn`, `Ascension › ${ASCENSION[asc!.id].name} › First Turn`);
  } else if (rule !== 'default') {
    // The Ambush: "the ambusher takes the first turn of the battle".
    if (a.first !== roleOf(rule)) reject(`the ${rule} (${roleOf(rule)}) takes the first turn of the battle`, `Ascension › ${ASCENSION[asc!.id].name} › First Turn`);
    if (a.player !== s.decider && a.player !== roleOf(rule)) reject(`${s.decider} decides who takes the first turn this battle round`, 'Core 12.0');
  } else if (a.player !== s.decider) reject(`${s.decider} decides who takes the first turn this battle round`, 'Core 12.0');
  s.firstPlayer = a.first;
  s.firstChosenAfterGoingSecond = s.previousFirstPlayer !== null && a.first === a.player && s.previousFirstPlayer !== a.player;
  c.events.push({ type: 'firstTurnChosen', round: s.round, by: a.player, first: a.first });
  // A-R1: control at the start of the first battle round, after step 1.
  s.active = a.first;
  if (s.round === 1) determineControl(c, 'startOfBattleRound1');
  // Step 2: underdog (Core 12.0).
  const { p1, p2 } = s.players;
  s.underdog = p1.vp < p2.vp ? 'p1' : p2.vp < p1.vp ? 'p2' : null;
  c.events.push({ type: 'underdog', round: s.round, underdog: s.underdog });
  // Step 3 (001 numbering): command points (Commands 1.1), +1 to the player with the fewest
  // auxiliary units on their roster (ArmyComp 3.6; equal numbers: nobody), and in the first
  // battle round +1 to a player whose army is 50 or more points under the limit (ArmyComp 1.2.1).
  const aux = { p1: p1.roster.auxiliaries.length, p2: p2.roster.auxiliaries.length };
  const fewerAux: PlayerId | null = aux.p1 < aux.p2 ? 'p1' : aux.p2 < aux.p1 ? 'p2' : null;
  for (const p of PLAYERS) {
    const gain = 4 + (s.underdog === p ? 1 : 0) + (fewerAux === p ? 1 : 0) + (s.round === 1 && underspent(s.players[p].roster) ? 1 : 0);
    s.players[p].cp += gain;
    c.events.push({ type: 'cpGained', player: p, gain, cp: s.players[p].cp });
  }
  // Step 4: Start of Battle Round abilities: the Path to Glory twist (Ascension › Twists).
  if (s.battleplan.ascension && s.ascension) ascensionStartOfRound(c);
  pathStartOfRound(c);
  s.stage = 'turn';
  startTurn(c, a.first, 0);
}

function endOfTurn(c: Ctx): void {
  const s = c.s;
  const active = s.active as PlayerId;
  // Step 1: End of Turn abilities: the Path abilities' (pathAbilities.ts). Step 2: control.
  // Step 3: scoring (battle tactic completion with it, A-R3).
  pathEndOfTurn(c);
  determineControl(c, 'endOfTurn');
  scoreTactic(c);
  if (s.battleplan.ascension && s.ascension) ascensionEndOfTurn(c);
  else {
    const held = s.battleplan.objectives.filter((o) => s.objectives[o] === active).length;
    const vp = held * s.battleplan.vpPerObjective;
    s.players[active].vp += vp;
    c.events.push({ type: 'vpScored', player: active, vp, total: s.players[active].vp, objectivesHeld: held });
  }
  c.events.push({ type: 'turnEnded', round: s.round, active });
  if (s.turnInRound === 0) {
    startTurn(c, opponentOf(active), 1);
    return;
  }
  // End of battle round (Core 33.0): abilities (none), then CP reset (Commands 1.1).
  for (const p of PLAYERS) s.players[p].cp = 0;
  s.effects = s.effects.filter((e) => e.until === 'startOfYourTurn' || e.until === 'endOfBattle');
  expireEffects(s, 'roundEnd');
  endOfRoundResources(c); // "At the end of each battle round, subtract 1 from its momentum points" (session 38)
  c.events.push({ type: 'roundEnded', round: s.round });
  s.active = null;
  s.phase = null;
  if (s.round >= s.battleplan.battleRounds) {
    s.stage = 'ended';
    const { p1, p2 } = s.players;
    s.winner = p1.vp > p2.vp ? 'p1' : p2.vp > p1.vp ? 'p2' : 'draw';
    if (s.battleplan.ascension && s.ascension) ascensionBattleEnded(c);
    c.events.push({ type: 'battleEnded', winner: s.winner, vp: { p1: p1.vp, p2: p2.vp } });
    return;
  }
  // Next round: priority roll (Core 12.0 step 1).
  s.previousFirstPlayer = s.firstPlayer;
  s.round += 1;
  // Core 24.1: units still in reserve at the start of the fourth battle round are destroyed.
  if (s.round === 4) destroyReserves(c);
  const [r1] = rollLogged(c, 1, 6, 'priority', 'p1');
  const [r2] = rollLogged(c, 1, 6, 'priority', 'p2');
  s.decider = r1 > r2 ? 'p1' : r2 > r1 ? 'p2' : (s.previousFirstPlayer as PlayerId);
  c.events.push({ type: 'priorityRoll', round: s.round, rolls: { p1: r1, p2: r2 }, tie: r1 === r2, decider: s.decider });
  s.stage = 'firstTurn';
  s.firstPlayer = null;
  s.firstChosenAfterGoingSecond = false;
  s.underdog = null;
}

function endPhase(c: Ctx, a: Extract<Action, { type: 'endPhase' }>): void {
  requireTurn(c);
  const s = c.s;
  if (a.player !== s.active) reject(`only the active player (${s.active}) ends the phase`, 'Core 13.0');
  // Ascension › Twists: a roller who is not the active player picks (or declines) before the
  // start-of-turn phase ends; the active roller ending it picks nothing (issue 37 item 2).
  const owed = twistPickOwed(s);
  if (owed && owed.player !== s.active) reject(owed.reason, owed.rule);
  const phase = s.phase as (typeof PHASES)[number];
  if (phase === 'combat') {
    // Core 13.1: each unit in combat must use a FIGHT ability if it is able to.
    if (s.combat === null) s.combat = { picker: s.active as PlayerId, fought: [], strikeFirst: null };
    const picker = currentPicker(c);
    if (picker !== null) {
      const waiting = Object.keys(s.units).filter(
        (id) => !s.combat!.fought.includes(id) && onBattlefield(c, id) && inCombat(s, c.port, id),
      );
      if (waiting.length > 0) reject(`units in combat must fight first: ${waiting.join(', ')}`, 'Core 13.1');
    }
  }
  resetPhase(s);
  c.events.push({ type: 'phaseEnded', phase });
  if (phase === 'endOfTurn') {
    endOfTurn(c);
    return;
  }
  s.phase = PHASES[PHASES.indexOf(phase) + 1];
  // The Ambush (T-61): there is no movement phase in the ambusher's first turn.
  if (s.phase === 'movement' && s.round === 1 && s.turnInRound === 0 && s.battleplan.ascension?.id === 'the-ambush' && s.battleplan.ascension.roles[s.active as PlayerId] === 'ambusher') {
    c.events.push({ type: 'phaseSkipped', phase: 'movement', rule: 'Ascension › The Ambush › First Turn' });
    s.phase = 'shooting';
  }
  if (s.phase === 'combat') s.combat = { picker: s.active as PlayerId, fought: [], strikeFirst: null };
  c.events.push({ type: 'phaseStarted', phase: s.phase });
  notePhaseStart41b(c); // session 41 (sh41b): bloodRites41b.ts
}

function chooseContestedObjective(c: Ctx, a: Extract<Action, { type: 'chooseContestedObjective' }>): void {
  friendlyUnit(c, a.player, a.unitId, 'Core 32.1');
  // A terrain feature whose control is determined (Core 32.3): the unit's one contested feature.
  if (controlledTerrain(c.s).includes(a.objectiveId)) {
    if (!contestsTerrain(c, a.unitId, a.objectiveId)) reject(`unit "${a.unitId}" does not contest terrain feature "${a.objectiveId}"`, 'Core 32.3');
    c.s.terrainContestChoices[a.unitId] = a.objectiveId;
    c.events.push({ type: 'contestChosen', unitId: a.unitId, terrainId: a.objectiveId });
    return;
  }
  if (!c.s.battleplan.objectives.includes(a.objectiveId)) reject(`unknown objective "${a.objectiveId}"`, 'Core 32.1');
  if (!c.port.contests(a.unitId, a.objectiveId)) {
    reject(`unit "${a.unitId}" does not contest objective "${a.objectiveId}"`, 'Core 32.1');
  }
  c.s.contestChoices[a.unitId] = a.objectiveId;
  c.events.push({ type: 'contestChosen', unitId: a.unitId, objectiveId: a.objectiveId });
}

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/** Actions accepted while a reactions window (attack) or an Unbind window (spell) is open. */
const WINDOW_ACTIONS = new Set(['pass', 'command', 'unbind', 'setSlainPriority', 'useAbility', 'resolveByHand']);

/**
 * Apply one action. Pure with respect to the state: `state` is never modified (the result is a
 * new object). The port is synced to `state` first, and to the resulting state (or back to
 * `state` on a rejection) before returning.
 *
 * @param state A state from {@link createGame} or a previous accepted `reduce`.
 * @param action Any value; malformed actions are rejected with rule {@link RULE_ACTION_SCHEMA}.
 * @param port The geometry of the battlefield the action is taken on.
 */
export function reduce(state: GameState, action: unknown, port: GeometryPort): ReduceResult {
  const parsed = ActionSchema.safeParse(action);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    return { ok: false, reason: `malformed action: ${i.path.join('.') || '(root)'}: ${i.message}`, rule: RULE_ACTION_SCHEMA };
  }
  const a = parsed.data as Action;
  if (state.stage === 'ended') return { ok: false, reason: 'the battle has ended', rule: 'Core 33.0' };
  if (state.pendingRally !== null && a.type !== 'spendRally') {
    return { ok: false, reason: 'spend the rally points first (spendRally)', rule: 'Commands 2.0' };
  }
  if (state.pendingPrayer !== null && a.type !== 'answerPrayer') {
    return { ok: false, reason: 'choose what to do with the chanting roll first (answerPrayer)', rule: 'Magic 3.0' };
  }
  if ((state.pendingAttack !== null || state.pendingSpell !== null) && !WINDOW_ACTIONS.has(a.type)) {
    return { ok: false, reason: 'a reactions window is open: react or pass first', rule: state.pendingSpell ? 'Magic 4.0' : 'Core 5.2' };
  }
  const c: Ctx = { s: workingCopy(state), port, events: [] };
  const seq = c.s.log.filter((e) => e.kind === 'action').length;
  c.s.log.push({ kind: 'action', seq, action: a });
  try {
    port.sync(portView(state));
    // Session 38 (ab38d): an ability waiting for "no effect" reactions resolves before the next action that closes its window (cancel38.ts).
    if (c.s.abilities?.pending38 !== undefined && !keepsWindow(c.s, a)) resolvePendingUse(c);
    switch (a.type) {
      case 'chooseFirstTurn':
        chooseFirstTurn(c, a);
        break;
      case 'endPhase':
        endPhase(c, a);
        break;
      case 'chooseContestedObjective':
        chooseContestedObjective(c, a);
        break;
      case 'run':
        run(c, a);
        break;
      case 'rollMove':
        rollMove(c, a);
        break;
      case 'charge':
        charge(c, a);
        break;
      case 'rerollRoll':
        rerollRoll(c, a);
        break;
      case 'command':
        command(c, a);
        break;
      case 'spendRally':
        spendRally(c, a);
        break;
      case 'allocateDamage':
        allocateDamage(c, a);
        break;
      case 'move':
        moveAction(c, a);
        break;
      case 'retreat':
        retreat(c, a);
        break;
      case 'shoot':
        shoot(c, a);
        break;
      case 'fight':
        fight(c, a);
        break;
      case 'pass':
        if (c.s.pendingSpell !== null) passSpell(c, a);
        else if (c.s.abilities?.pending38 !== undefined) {
          c.events.push({ type: 'passed', player: a.player });
          resolvePendingUse(c);
        } else passReaction(c, a);
        break;
      case 'setSlainPriority':
        setSlainPriority(c, a);
        break;
      case 'cast':
        cast(c, a);
        break;
      case 'unbind':
        unbind(c, a);
        break;
      case 'activatePlaceOfPower':
        activatePlaceOfPower(c, a);
        break;
      case 'tacticalGambit':
        tacticalGambit(c, a);
        break;
      case 'deployTerrain':
        deployTerrain(c, a);
        break;
      case 'deployRegiment':
        deployRegiment(c, a);
        break;
      case 'setUpReserve':
        setUpReserve(c, a);
        break;
      case 'deployUnit':
        deployUnit(c, a);
        break;
      case 'endDeployment':
        endDeployment(c, a);
        break;
      case 'withdraw':
        withdraw(c, a.player);
        break;
      case 'useAbility':
        // The Path to Glory abilities played by pathAbilities.ts keep their own checks; every other
        // ability (a unit's, the army's) goes through the one mechanism (abilityUse.ts).
        if (PATH_USE_ABILITIES.includes(a.ability) && a.unitId !== undefined && abilityOf(c, a.player, a.unitId, a.ability) === null) useAbility(c, { ...a, unitId: a.unitId });
        else useArmyAbility(c, a);
        break;
      case 'resolveByHand':
        resolveByHand(c, a);
        break;
      case 'twistPick':
        twistPick(c, a);
        break;
      case 'chant':
        chant(c, a);
        break;
      case 'answerPrayer':
        answerPrayer(c, a);
        break;
      case 'banish':
        banish(c, a);
        break;
    }
    noteDeclaration(c, a); // reactions to a declaration resolved at once (reactionWindows.ts)
    noteUnitHistory(c, a); // the per-turn history abilities read (unitHistory.ts)
    port.sync(portView(c.s));
    notePhaseContest41b(c); // session 41 (sh41b): Blood Rites' contested objectives (bloodRites41b.ts)
  } catch (e) {
    try {
      port.sync(portView(state));
    } catch {
      // the port failed: reported below
    }
    if (e instanceof Reject) return { ok: false, reason: e.reason, rule: e.rule };
    return { ok: false, reason: `internal error: ${e instanceof Error ? e.message : String(e)}`, rule: RULE_INTERNAL };
  }
  return { ok: true, state: c.s, events: c.events };
}

/** The accepted actions recorded in a state's log, in order. */
export function loggedActions(state: GameState): Action[] {
  return state.log.flatMap((e) => (e.kind === 'action' ? [e.action] : []));
}
