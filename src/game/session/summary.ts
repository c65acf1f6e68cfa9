/**
 * The summary of a game state: what the page needs after every change (the round, the phase, who
 * is to act, each unit as the Play panels show it, where every model stands, the open reactions
 * window, the deployment phase, a Path to Glory battle's twists).
 */
import { inCombat, loggedActions, opponentOf, stateHash, type GameState, type GeometryPort, type PlayerId } from '../../rules/engine';
import { currentPicker } from '../../rules/engine/attacks';
import { knownMove, portView } from '../../rules/engine/core';
import { workingCopy } from '../../rules/engine/workingCopy';
import { ascensionSummary, type AscensionSummary } from '../ascensionOptions';
import { rosterEntry } from './roster';

/** One unit, as the Play panels show it. */
export interface UnitSummary {
  id: string;
  name: string;
  owner: PlayerId;
  models: number;
  alive: number;
  health: number;
  /** Damage points on the wounded model. */
  damage: number;
  keywords: string[];
  usedRun: boolean;
  charged: boolean;
  fought: boolean;
  /** Move characteristic (inches, Core 3.0). */
  /** Move, inches: fixed, this turn's roll of a random Move, or its least value before it is rolled. */
  move: number;
  /** A random Move as printed (`2D6`), Core 26.0. */
  moveRandom?: string;
  /** This turn: made a Normal Move, Run, Retreat or Redeploy (a `move` action other than a charge). */
  moved: boolean;
  /** This turn: used a SHOOT ability (a `shoot` action). */
  shot: boolean;
  /** In combat with an enemy unit now (the engine's `inCombat` over the game's table). */
  inCombat: boolean;
  /** This turn's run and charge rolls, once rolled (null before). */
  runRoll: number | null;
  chargeRoll: number | null;
  /** The unit's ranged weapons and their ranges (inches), distinct names. */
  ranges: { weapon: string; range: number }[];
  /** Session 41 (ui41): an ability's move names its ability and, when it has one, the sentence on the units it passes across (sh40f). */
  pendingMove: { kind: string; maxInches: number; ability?: string; passedAcross?: { pick: 'one' | 'each' | 'upTo' } } | null;
  effects: string[];
  /** False while the unit waits to be deployed (deployment phase), was never deployed, or is in reserve. */
  deployed: boolean;
  /** In reserve (Core 24.1): off the table until its player sets it up in their movement phase. */
  reserve: boolean;
  /** Ids of the unit's models still alive, in roster order. */
  aliveModelIds: string[];
  /**
   * The commander's casualty order (Core 18.3, `setSlainPriority`): these alive models are slain
   * first, in this order; after them (or when empty) the engine's default order applies.
   */
  slainPriority: string[];
  /** The army abilities this unit used this turn, by name (ABILITIES.md: "marks each as used"); absent when none. */
  abilitiesUsed?: string[];
}

/** What the page needs after every change. */
export interface GameSummary {
  round: number;
  battleRounds: number;
  battleplan: string;
  stage: GameState['stage'];
  phase: GameState['phase'];
  active: PlayerId | null;
  decider: PlayerId;
  firstPlayer: PlayerId | null;
  cp: Record<PlayerId, number>;
  vp: Record<PlayerId, number>;
  /** Each player's army name (the roster's `name`). */
  armies: Record<PlayerId, string>;
  /** Each player's faction (the roster's `faction`). */
  factions: Record<PlayerId, string>;
  objectives: Record<string, PlayerId | null>;
  winner: GameState['winner'];
  /** The open reactions window (Core 5.2), if any. */
  pendingAttack: { kind: 'shoot' | 'fight'; player: PlayerId; unitId: string; targets: string[]; toReact: PlayerId; passes: number } | null;
  pendingSpell: { player: PlayerId; casterId: string; spell: string; targetId?: string; point?: readonly [number, number]; castingRoll: number } | null;
  pendingRally: { unitId: string; points: number; player: PlayerId } | null;
  /** Whose pick it is to fight (combat phase). */
  combatPicker: PlayerId | null;
  /**
   * The deployment phase (Core 10.0), while `stage === 'deployment'`: the step, whose DEPLOY
   * ability is next, a Deploy Regiment in progress, who has finished. Null otherwise.
   */
  deployment: { step: string; toDeploy: PlayerId; regiment: { player: PlayerId; leader: string; left: string[] } | null; done: Record<PlayerId, boolean>; finishedFirst: PlayerId | null; territories: Record<PlayerId, string> | null } | null;
  /** The player expected to act now (window reactions, rally, first-turn choice, else the active player). */
  toAct: PlayerId | null;
  /** Accepted actions so far. */
  actions: number;
  hash: string;
  undo: { ok: true } | { ok: false; reason: string };
  /** Step-by-step replay in progress: next action index and total. */
  replay: { index: number; total: number } | null;
  units: UnitSummary[];
  /**
   * Where every model on the battlefield stands now (plan view, inches) and the slain ones; the
   * objectives placed during the battle (Spied Treasure: centre and marker diameter, inches),
   * which the table does not have.
   */
  board: { positions: Record<string, [number, number]>; removed: string[]; addedObjectives: { id: string; x: number; y: number; diameter: number }[] };
  /** A Path to Glory battle (Ascension): the battleplan, this round's twist, the Glorious Victory; absent otherwise. */
  ascension?: AscensionSummary;
  /** The abilities each player's army used this turn not through a unit (battle traits, faction terrain; Core 28.2), by name; absent when none. */
  armyAbilitiesUsed?: Partial<Record<PlayerId, string[]>>;
  /** Session 41 (ui41): each player's active blessings of Khaine ("Hatred", ...; `GameState.blessings`, sh40h); absent until one is set. */
  blessings?: Partial<Record<PlayerId, string[]>>;
}

/** What {@link summarize} needs beside the state: what the session knows of the game's history. */
export interface SummaryContext {
  /** Units that moved or shot this turn ({@link turnActs}). */
  moved: Set<string>;
  shot: Set<string>;
  /** Where every model stands ({@link boardOf}). */
  board: GameSummary['board'];
  /** Accepted actions so far. */
  actions: number;
  undo: GameSummary['undo'];
  replay: GameSummary['replay'];
  /** An id (unit, objective, terrain feature) in words, for the twist's pick (the session's dictionary); absent: ids as they are. */
  names?: (id: string) => string;
}

/**
 * Where every model on the battlefield stands in state `s` (plan view, inches), and the models
 * off it (see {@link GameSummary.board}).
 */
export function boardOf(s: GameState, placement: Record<string, [number, number]>): GameSummary['board'] {
  // Slain models; after the deployment phase also the models of units never deployed (off the
  // battlefield for the whole battle). During it, undeployed units stand where the set-up
  // suggests (their territory), for the player to drag them where they deploy them. Units in
  // reserve are off the table, except in their player's movement phase of battle rounds 1-3,
  // when they stand where the set-up suggests for that player to drag them in (Core 24.1).
  const reserveShown = (u: GameState['units'][string]) => s.stage === 'turn' && s.phase === 'movement' && s.active === u.owner && s.round <= 3;
  const offField = (u: GameState['units'][string]) =>
    (u.status === 'undeployed' && s.stage !== 'deployment') || u.status === 'unsummoned' || (u.status === 'reserve' && !reserveShown(u));
  const removed = Object.values(s.units).flatMap((u) => (offField(u) ? rosterEntry(s, u.id)!.models.map((m) => m.id) : u.slain));
  const gone = new Set(removed);
  const positions: Record<string, [number, number]> = {};
  for (const [id, p] of Object.entries(placement)) if (!gone.has(id)) positions[id] = s.positions[id] ? [...s.positions[id]] : [p[0], p[1]];
  for (const [id, p] of Object.entries(s.positions)) if (!gone.has(id) && !positions[id]) positions[id] = [...p];
  const addedObjectives = (s.ascension?.addedObjectives ?? []).map((o) => ({ id: o.id, x: o.at[0], y: o.at[1], diameter: o.diameterInches }));
  return { positions, removed, addedObjectives };
}

/**
 * Units that moved (a `move` action other than a charge) or shot (a `shoot` action) in the
 * current turn: the accepted actions since the state last changed battle round, active player or
 * stage (`states[i]` is the state after `i` actions, the log's `i`-th action led to it).
 */
export function turnActs(states: readonly GameState[]): { moved: Set<string>; shot: Set<string> } {
  const moved = new Set<string>();
  const shot = new Set<string>();
  const n = states.length - 1;
  const cur = states[n];
  const acts = loggedActions(cur);
  for (let i = n; i >= 1; i--) {
    const before = states[i - 1];
    if (before.round !== cur.round || before.active !== cur.active || before.stage !== cur.stage) break;
    const a = acts[acts.length - (n - i) - 1];
    if (!a) break;
    if (a.type === 'move' && a.kind !== 'charge') moved.add(a.unitId);
    if (a.type === 'shoot') shot.add(a.unitId);
  }
  return { moved, shot };
}

/** `{abilitiesUsed}`: the names of the army abilities `unitId` used in this turn (Core 28.2's record), or nothing. */
function usedThisTurn(s: GameState, unitId: string): { abilitiesUsed?: string[] } {
  const now = s.stage === 'turn' ? s.turnInRound : -1;
  const names = (s.abilities?.used ?? []).filter((x) => x.unitId === unitId && x.at.round === s.round && x.at.turn === now).map((x) => x.name);
  return names.length > 0 ? { abilitiesUsed: [...new Set(names)] } : {};
}

/** `{armyAbilitiesUsed}`: the names of the abilities each player used this turn as the player (no unit; Core 28.2), or nothing. */
function armyUsedThisTurn(s: GameState): { armyAbilitiesUsed?: Partial<Record<PlayerId, string[]>> } {
  const now = s.stage === 'turn' ? s.turnInRound : -1;
  const out: Partial<Record<PlayerId, string[]>> = {};
  for (const x of s.abilities?.used ?? []) {
    if (x.unitId !== null || x.at.round !== s.round || x.at.turn !== now) continue;
    const list = (out[x.player] ??= []);
    if (!list.includes(x.name)) list.push(x.name);
  }
  return Object.keys(out).length > 0 ? { armyAbilitiesUsed: out } : {};
}

/** The summary of state `s` (the current state of a game), with what the session knows beside it. */
export function summarize(s: GameState, port: GeometryPort | null, c: SummaryContext): GameSummary {
  const { moved, shot } = c;
  if (port) port.sync(portView(s));
  const units: UnitSummary[] = Object.values(s.units).map((u) => {
    const ru = rosterEntry(s, u.id)!;
    return {
      id: u.id,
      name: ru.name,
      owner: u.owner,
      models: ru.models.length,
      alive: ru.models.length - u.slain.length,
      health: ru.warscroll.health,
      damage: u.damage,
      keywords: [...ru.warscroll.keywords],
      usedRun: u.turn.usedRun,
      charged: u.turn.charged,
      fought: u.turn.fought,
      move: knownMove(s, u.id),
      ...(typeof ru.warscroll.move === 'string' ? { moveRandom: ru.warscroll.move } : {}),
      moved: moved.has(u.id),
      shot: shot.has(u.id),
      inCombat: !!port && u.status === undefined && u.slain.length < ru.models.length && inCombat(s, port, u.id),
      runRoll: u.turn.runRoll,
      chargeRoll: u.turn.chargeRoll,
      ranges: ru.weapons.flatMap((w) => (w.range === 'melee' ? [] : [{ weapon: w.name, range: w.range }])),
      pendingMove: u.turn.pendingMove ? { ...u.turn.pendingMove } : null,
      effects: s.effects.filter((e) => e.unitId === u.id).map((e) => e.kind),
      deployed: u.status !== 'undeployed' && u.status !== 'reserve',
      reserve: u.status === 'reserve',
      aliveModelIds: ru.models.map((m) => m.id).filter((id) => !u.slain.includes(id)),
      slainPriority: u.slainPriority.filter((id) => !u.slain.includes(id)),
      ...usedThisTurn(s, u.id),
    };
  });
  const { positions, removed, addedObjectives } = c.board;
  const asc = ascensionSummary(s, c.names);
  const pa = s.pendingAttack;
  // Whose pick it is in the combat phase (asked of the engine once: it measures who is in combat).
  const combatPicker = s.phase === 'combat' ? fightPicker(s, port!) : null;
  const toAct: PlayerId | null =
    s.stage === 'ended' ? null : s.stage === 'deployment' && s.deployment ? s.deployment.toDeploy : s.stage === 'firstTurn' ? s.decider : s.pendingRally ? s.units[s.pendingRally.unitId].owner : pa ? pa.toReact : s.pendingSpell ? opponentOf(s.pendingSpell.player) : asc?.twist?.owed && asc.twist.roller !== s.active ? asc.twist.roller : s.phase === 'combat' && s.combat ? combatPicker ?? s.active : s.active;
  return {
    round: s.round,
    battleRounds: s.battleplan.battleRounds,
    battleplan: s.battleplan.name,
    stage: s.stage,
    phase: s.phase,
    active: s.active,
    decider: s.decider,
    firstPlayer: s.firstPlayer,
    cp: { p1: s.players.p1.cp, p2: s.players.p2.cp },
    vp: { p1: s.players.p1.vp, p2: s.players.p2.vp },
    armies: { p1: s.players.p1.roster.name, p2: s.players.p2.roster.name },
    factions: { p1: s.players.p1.roster.faction, p2: s.players.p2.roster.faction },
    objectives: { ...s.objectives },
    winner: s.winner,
    pendingAttack: pa ? { kind: pa.kind, player: pa.player, unitId: pa.unitId, targets: [...new Set(pa.assignments.map((x) => x.target))], toReact: pa.toReact, passes: pa.passes } : null,
    pendingSpell: s.pendingSpell ? { ...s.pendingSpell } : null,
    pendingRally: s.pendingRally ? { ...s.pendingRally, player: s.units[s.pendingRally.unitId].owner } : null,
    combatPicker,
    deployment:
      s.stage === 'deployment' && s.deployment
        ? { step: s.deployment.step, toDeploy: s.deployment.toDeploy, regiment: s.deployment.regiment ? structuredClone(s.deployment.regiment) : null, done: { ...s.deployment.done }, finishedFirst: s.deployment.finishedFirst, territories: s.territories ? { ...s.territories } : null }
        : null,
    toAct,
    actions: c.actions,
    hash: stateHash(s),
    undo: c.undo,
    replay: c.replay,
    units,
    board: { positions, removed, addedObjectives },
    ...(asc ? { ascension: asc } : {}),
    ...armyUsedThisTurn(s),
    ...(s.blessings ? { blessings: structuredClone(s.blessings) as Partial<Record<PlayerId, string[]>> } : {}), // session 41 (ui41)
  };
}

/** Whose pick it is to fight (Core 13.1), as the engine decides it. */
export function fightPicker(s: GameState, port: GeometryPort): PlayerId | null {
  if (s.phase !== 'combat' || !s.combat) return null;
  port.sync(portView(s));
  return currentPicker({ s: workingCopy(s), port: port, events: [] });
}
