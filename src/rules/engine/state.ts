/**
 * Game state of the rules engine: plain JSON (structuredClone-able, no classes, no functions),
 * created by {@link createGame}. Only {@link reduce} changes it.
 *
 * @module
 */

import { createDice, type DiceState } from '../dice';
import { parseRoster, type Roster, type RosterIssue } from './roster';

/** The two players. */
export type PlayerId = 'p1' | 'p2';
/** Both players, in a fixed order (used wherever an order is needed for determinism). */
export const PLAYERS: readonly PlayerId[] = ['p1', 'p2'];
/** The other player. */
export function opponentOf(p: PlayerId): PlayerId {
  return p === 'p1' ? 'p2' : 'p1';
}

/** The 7 phases of a turn, in order (Core 13.0; list from 001, INVENTORY §3.3 D2). */
export const PHASES = ['startOfTurn', 'hero', 'movement', 'shooting', 'charge', 'combat', 'endOfTurn'] as const;
/** A phase of a turn. */
export type Phase = (typeof PHASES)[number];

/** The commands implemented (Commands 2.0-7.0). */
export const COMMANDS = {
  rally: { cost: 1, rule: 'Commands 2.0' },
  redeploy: { cost: 1, rule: 'Commands 3.0' },
  atTheDouble: { cost: 1, rule: 'Commands 3.0' },
  forwardToVictory: { cost: 1, rule: 'Commands 5.0' },
  allOutAttack: { cost: 1, rule: 'Commands 6.0' },
  allOutDefence: { cost: 1, rule: 'Commands 7.0' },
} as const;
/** Name of an implemented command. */
export type CommandName = keyof typeof COMMANDS;

/** Default battleplan: "Take and Hold" (The Ruined Settlement, 004): 1 VP per objective controlled. */
export interface Battleplan {
  readonly name: string;
  /** Number of battle rounds (Core 11.0, 33.0). */
  readonly battleRounds: number;
  /** Objective ids, in the order control is determined (Core 32.2). */
  readonly objectives: readonly string[];
  /** VP the active player scores at the end of their turn per objective they control (Core 31.0 step 3). */
  readonly vpPerObjective: number;
}

/** A lasting effect of a command, spell or ability, removed at the end of the phase or turn. */
export interface Effect {
  /**
   * `ward`: WARD (`value`+) (Mystic Shield, Magic 2.0); `castingBonus`: +`value` to casting rolls
   * (Place of Power); `unbindAsWizard`: the HERO can Unbind as if WIZARD (1) (Place of Power).
   */
  readonly kind: 'allOutAttack' | 'allOutDefence' | 'atTheDouble' | 'ward' | 'castingBonus' | 'unbindAsWizard';
  readonly unitId: string;
  readonly until: 'endOfPhase' | 'endOfTurn';
  readonly value?: number;
}

/** A declared move whose distance is known, waiting for its `move` action (same phase). */
export interface PendingMove {
  readonly kind: 'run' | 'retreat' | 'charge' | 'redeploy';
  readonly maxInches: number;
}

/** Which weapon attacks which target (Core 16.0). */
export interface AttackAssignment {
  readonly weapon: string;
  readonly target: string;
}

/** An ATTACK ability declared and waiting for its reactions window to close (Core 5.2). */
export interface PendingAttack {
  readonly kind: 'shoot' | 'fight';
  readonly player: PlayerId;
  readonly unitId: string;
  readonly assignments: readonly AttackAssignment[];
  /** Which player may react (or pass) next; the window closes after two passes in a row. */
  toReact: PlayerId;
  passes: number;
}

/** A SPELL whose casting roll reached the casting value, waiting for the enemy's Unbind or pass (Magic 2.0, 4.0). */
export interface PendingSpell {
  readonly player: PlayerId;
  readonly casterId: string;
  readonly spell: string;
  readonly targetId: string;
  readonly castingRoll: number;
}

/** Combat-phase fight order (Core 13.1, 19.0). */
export interface CombatOrder {
  /** Player whose pick it is (if they have an eligible unit). */
  picker: PlayerId;
  /** Units that used a FIGHT ability this phase. */
  fought: string[];
  /** STRIKE-FIRST units in combat when the first FIGHT is declared (after non-FIGHT abilities; null before). */
  strikeFirst: string[] | null;
}

/** Per-phase and per-turn magic bookkeeping (Magic 1.1, 4.0, 5.0). */
export interface MagicState {
  /** Unit → SPELL/PRAYER/BANISH abilities used this phase. */
  used: Record<string, number>;
  /** Unit → Unbind attempts this phase. */
  unbinds: Record<string, number>;
  /** `unit|spell` pairs used this phase (Rules of One, Core 5.3). */
  unitSpells: string[];
  /** Wizards that miscast this phase (no more spells this phase). */
  miscast: string[];
  /** Spell names cast (attempted) by each army this turn (Jealous Mages, Magic 5.0). */
  spellsThisTurn: Record<PlayerId, string[]>;
}

/** Battle tactics (BattleTactics 1.0-3.0). */
export interface TacticsState {
  /** Tactics each player has attempted (picked) this battle. */
  attempted: Record<PlayerId, string[]>;
  /** The tactic being attempted this turn by the active player, and the snapshot it needs. */
  current: { player: PlayerId; tactic: string; controlAtStart: Record<string, PlayerId | null>; destroyedFriendly: boolean; fought: string[] } | null;
  /** Battle rounds in which each player used Tactical Gambit. */
  usedInRound: Record<PlayerId, number[]>;
}

/** Per-unit state. `slain` lists slain model ids; `damage` = damage points on the wounded model. */
export interface UnitState {
  readonly id: string;
  readonly owner: PlayerId;
  slain: string[];
  damage: number;
  /** The commander's choice of which models are slain first (Core 18.3), set by `setSlainPriority`. */
  slainPriority: string[];
  /** Reset at the start of each turn. */
  turn: {
    usedRun: boolean;
    usedRetreat: boolean;
    runRoll: number | null;
    chargeRoll: number | null;
    /** D6 distance of a Redeploy this turn (A-R5: one roll per unit). */
    redeployRoll: number | null;
    /** Made a successful charge move this turn (Core 14.3). */
    charged: boolean;
    /** Used a FIGHT ability this turn (Do Not Waver). */
    fought: boolean;
    /** A declared move (Run, Retreat, Charge, Redeploy) not made yet; cleared at the end of the phase. */
    pendingMove: PendingMove | null;
  };
}

/** Per-player state. */
export interface PlayerState {
  readonly roster: Roster;
  cp: number;
  vp: number;
}

/** One entry of the log: an accepted action or a roll. */
export type LogEntry =
  | { readonly kind: 'action'; readonly seq: number; readonly action: Action }
  | { readonly kind: 'roll'; readonly purpose: string; readonly player: PlayerId | null; readonly dice: readonly number[] };

/** The whole game state (plain JSON). */
export interface GameState {
  readonly version: 2;
  readonly seed: string;
  dice: DiceState;
  readonly battleplan: Battleplan;
  players: Record<PlayerId, PlayerState>;
  units: Record<string, UnitState>;
  /** Objective id → controller (null = nobody yet). Control persists (Core 32.2 step 3). */
  objectives: Record<string, PlayerId | null>;
  /** Unit id → the objective it contests for control (Core 32.1 pick), kept until changed. */
  contestChoices: Record<string, string>;
  /** 'firstTurn': waiting for `decider` to choose who takes the first turn. */
  stage: 'firstTurn' | 'turn' | 'ended';
  round: number;
  /** Who decides the first turn of the current round (Core 12.0 step 1). */
  decider: PlayerId;
  /** Player who took the first turn this round (null before the choice). */
  firstPlayer: PlayerId | null;
  /** Player who took the first turn in the previous round. */
  previousFirstPlayer: PlayerId | null;
  /** Whether the first player of this round chose themselves after going second last round (A-R13). */
  firstChosenAfterGoingSecond: boolean;
  underdog: PlayerId | null;
  /** 0 for the first turn of the round, 1 for the second. */
  turnInRound: 0 | 1;
  active: PlayerId | null;
  phase: Phase | null;
  /** Commands used this phase: by army (name list) and units that used one (Commands 1.2). */
  phaseCommands: { byArmy: Record<PlayerId, CommandName[]>; units: string[] };
  /** Units that used a CORE ability this phase (Core 5.3). */
  phaseCoreUnits: string[];
  /** Rally points waiting to be spent (Commands 2.0); blocks other actions. */
  pendingRally: { unitId: string; points: number } | null;
  effects: Effect[];
  /** Models moved since set-up: model id → plan-view centre, inches (see geometryPort.ts). */
  positions: Record<string, [number, number]>;
  /** Scripted die faces consumed before the seeded dice (worked examples and tests; logged like any roll). */
  diceScript: number[];
  pendingAttack: PendingAttack | null;
  pendingSpell: PendingSpell | null;
  /** Fight order of the current combat phase (null outside it). */
  combat: CombatOrder | null;
  magic: MagicState;
  tactics: TacticsState;
  winner: PlayerId | 'draw' | null;
  log: LogEntry[];
}

/** Actions accepted by {@link reduce}. Every action names the player who takes it. */
export type Action =
  | { readonly type: 'chooseFirstTurn'; readonly player: PlayerId; readonly first: PlayerId }
  | { readonly type: 'endPhase'; readonly player: PlayerId }
  | { readonly type: 'chooseContestedObjective'; readonly player: PlayerId; readonly unitId: string; readonly objectiveId: string }
  | { readonly type: 'run'; readonly player: PlayerId; readonly unitId: string; readonly atTheDouble?: boolean }
  | { readonly type: 'charge'; readonly player: PlayerId; readonly unitId: string }
  | {
      readonly type: 'command';
      readonly player: PlayerId;
      readonly command: Exclude<CommandName, 'atTheDouble'>;
      readonly unitId: string;
    }
  | { readonly type: 'spendRally'; readonly player: PlayerId; readonly heal: number; readonly returnModels: number }
  | { readonly type: 'allocateDamage'; readonly player: PlayerId; readonly unitId: string; readonly points: number }
  | {
      readonly type: 'move';
      readonly player: PlayerId;
      readonly unitId: string;
      readonly kind: 'normal' | 'run' | 'retreat' | 'charge' | 'redeploy';
      readonly paths: Readonly<Record<string, readonly (readonly [number, number])[]>>;
    }
  | { readonly type: 'retreat'; readonly player: PlayerId; readonly unitId: string }
  | {
      readonly type: 'shoot';
      readonly player: PlayerId;
      readonly unitId: string;
      readonly target: string;
      readonly weaponTargets?: Readonly<Record<string, string>>;
    }
  | {
      readonly type: 'fight';
      readonly player: PlayerId;
      readonly unitId: string;
      readonly pileIn?: { readonly target?: string; readonly paths: Readonly<Record<string, readonly (readonly [number, number])[]>> };
      readonly target?: string;
      readonly weaponTargets?: Readonly<Record<string, string>>;
    }
  | { readonly type: 'pass'; readonly player: PlayerId }
  | { readonly type: 'setSlainPriority'; readonly player: PlayerId; readonly unitId: string; readonly modelIds: readonly string[] }
  | { readonly type: 'cast'; readonly player: PlayerId; readonly unitId: string; readonly spell: string; readonly target: string }
  | { readonly type: 'unbind'; readonly player: PlayerId; readonly unitId: string }
  | { readonly type: 'activatePlaceOfPower'; readonly player: PlayerId; readonly unitId: string }
  | { readonly type: 'tacticalGambit'; readonly player: PlayerId; readonly tactic: string; readonly unitId?: string };

/** Options of {@link createGame}. */
export interface GameSetup {
  readonly seed: number | string;
  readonly rosters: Record<PlayerId, unknown>;
  /** The player who finished setting up their army first: decides the first turn of round 1 (Core 12.0). */
  readonly finishedDeployingFirst: PlayerId;
  readonly battleplan?: Partial<Battleplan> & { readonly objectives: readonly string[] };
  /** Die faces used before the seeded dice, in order (worked examples and tests only). */
  readonly diceScript?: readonly number[];
}

/** Result of {@link createGame}. */
export type CreateGameResult =
  | { readonly ok: true; readonly state: GameState }
  | { readonly ok: false; readonly issues: readonly RosterIssue[] };

/** Default battleplan values (see docs/rules-engine.md). */
export const DEFAULT_BATTLEPLAN: Omit<Battleplan, 'objectives'> = {
  name: 'Take and Hold',
  battleRounds: 5,
  vpPerObjective: 1,
};

/**
 * Create a game at the start of battle round 1, waiting for the player who finished deploying
 * first to choose who takes the first turn. Never throws: invalid rosters give their issues.
 */
export function createGame(setup: GameSetup): CreateGameResult {
  const issues: RosterIssue[] = [];
  if (!(typeof setup.seed === 'string' || (typeof setup.seed === 'number' && Number.isFinite(setup.seed)))) {
    issues.push({ path: 'seed', message: 'expected a string or a finite number' });
  }
  const rosters: Partial<Record<PlayerId, Roster>> = {};
  for (const p of PLAYERS) {
    const r = parseRoster(setup.rosters[p], `rosters.${p}`);
    if (r.ok) rosters[p] = r.roster;
    else issues.push(...r.issues);
  }
  const bp: Battleplan = { ...DEFAULT_BATTLEPLAN, objectives: [], ...setup.battleplan };
  if (!Number.isInteger(bp.battleRounds) || bp.battleRounds < 1 || bp.battleRounds > 20) {
    issues.push({ path: 'battleplan.battleRounds', message: 'expected a whole number from 1 to 20' });
  }
  if (!Number.isInteger(bp.vpPerObjective) || bp.vpPerObjective < 0) {
    issues.push({ path: 'battleplan.vpPerObjective', message: 'expected a whole number >= 0' });
  }
  if (new Set(bp.objectives).size !== bp.objectives.length) {
    issues.push({ path: 'battleplan.objectives', message: 'duplicate objective id' });
  }
  if (setup.finishedDeployingFirst !== 'p1' && setup.finishedDeployingFirst !== 'p2') {
    issues.push({ path: 'finishedDeployingFirst', message: 'expected "p1" or "p2"' });
  }
  const units: Record<string, UnitState> = {};
  for (const p of PLAYERS) {
    const r = rosters[p];
    if (!r) continue;
    r.units.forEach((u, i) => {
      if (units[u.id] !== undefined || bp.objectives.includes(u.id)) {
        issues.push({ path: `rosters.${p}.units[${i}].id`, message: `id "${u.id}" is used twice in the game` });
        return;
      }
      units[u.id] = {
        id: u.id,
        owner: p,
        slain: [],
        damage: 0,
        slainPriority: [],
        turn: freshTurnFlags(),
      };
    });
  }
  if (issues.length > 0 || !rosters.p1 || !rosters.p2) return { ok: false, issues };
  for (const o of bp.objectives) {
    if (typeof o !== 'string' || o.length === 0 || o === '__proto__') return { ok: false, issues: [{ path: 'battleplan.objectives', message: 'objective ids are non-empty strings' }] };
  }
  const script = setup.diceScript ?? [];
  if (!Array.isArray(script) || script.some((d) => !Number.isInteger(d) || d < 1 || d > 6)) {
    return { ok: false, issues: [{ path: 'diceScript', message: 'expected die faces 1..6' }] };
  }
  const state: GameState = {
    version: 2,
    seed: String(setup.seed),
    dice: createDice(setup.seed),
    battleplan: { ...bp, objectives: [...bp.objectives] },
    players: {
      p1: { roster: rosters.p1, cp: 0, vp: 0 },
      p2: { roster: rosters.p2, cp: 0, vp: 0 },
    },
    units,
    objectives: Object.fromEntries(bp.objectives.map((o) => [o, null])),
    contestChoices: {},
    stage: 'firstTurn',
    round: 1,
    decider: setup.finishedDeployingFirst,
    firstPlayer: null,
    previousFirstPlayer: null,
    firstChosenAfterGoingSecond: false,
    underdog: null,
    turnInRound: 0,
    active: null,
    phase: null,
    phaseCommands: { byArmy: { p1: [], p2: [] }, units: [] },
    phaseCoreUnits: [],
    pendingRally: null,
    effects: [],
    positions: {},
    diceScript: [...script],
    pendingAttack: null,
    pendingSpell: null,
    combat: null,
    magic: freshMagic(),
    tactics: { attempted: { p1: [], p2: [] }, current: null, usedInRound: { p1: [], p2: [] } },
    winner: null,
    log: [],
  };
  return { ok: true, state };
}

/** Per-turn unit flags at the start of a turn. */
export function freshTurnFlags(): UnitState['turn'] {
  return { usedRun: false, usedRetreat: false, runRoll: null, chargeRoll: null, redeployRoll: null, charged: false, fought: false, pendingMove: null };
}

/** Magic bookkeeping at the start of a turn. */
export function freshMagic(): MagicState {
  return { used: {}, unbinds: {}, unitSpells: [], miscast: [], spellsThisTurn: { p1: [], p2: [] } };
}
