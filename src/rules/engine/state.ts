/**
 * Game state of the rules engine: plain JSON (structuredClone-able, no classes, no functions),
 * created by {@link createGame}. Only {@link reduce} changes it.
 *
 * @module
 */

import type { AttackRecord39 } from './attackHistory39';
import { createDice, type DiceState } from '../dice';
import { parseRoster, type Roster, type RosterIssue } from './roster';
import { initialAscensionState, type AscensionSetup, type AscensionState } from './ascensionData';
import type { AbilityState } from '../abilities/record';
import type { AbilityEffect } from '../abilities/schema';
import type { PassedAcross40f } from '../abilities/schema40f';

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

/** The commands implemented (Commands 2.0-8.0): CP cost and section. */
export const COMMANDS = {
  rally: { cost: 1, rule: 'Commands 2.0' },
  magicalIntervention: { cost: 1, rule: 'Commands 2.0' },
  redeploy: { cost: 1, rule: 'Commands 3.0' },
  atTheDouble: { cost: 1, rule: 'Commands 3.0' },
  forwardToVictory: { cost: 1, rule: 'Commands 5.0' },
  allOutAttack: { cost: 1, rule: 'Commands 6.0' },
  allOutDefence: { cost: 1, rule: 'Commands 7.0' },
  coveringFire: { cost: 1, rule: 'Commands 4.0' },
  counterCharge: { cost: 2, rule: 'Commands 5.0' },
  powerThrough: { cost: 1, rule: 'Commands 8.0' },
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
  /**
   * Terrain feature ids whose control the battleplan asks for (Core 32.3), determined with the
   * objectives; absent = none. Control of a feature is lost when none of your units contests it.
   */
  readonly terrainFeatures?: readonly string[];
  /** VP the active player scores at the end of their turn per objective they control (Core 31.0 step 3). */
  readonly vpPerObjective: number;
  /** A Path to Glory battleplan (Ascension; `ascension.ts`): its roles, table and landmarks. Its scoring replaces `vpPerObjective`. */
  readonly ascension?: AscensionSetup;
}

/** A lasting effect of a command, spell or ability, removed at the end of the phase or turn. */
export interface Effect {
  /**
   * `ward`: WARD (`value`+) (Mystic Shield, Magic 2.0); `castingBonus`: +`value` to casting rolls
   * (Place of Power); `unbindAsWizard`: the HERO can Unbind as if WIZARD (1) (Place of Power);
   * `magicalIntervention`: the WIZARD/PRIEST may use one SPELL or PRAYER in the enemy hero phase
   * with -1 to the roll (Commands 2.0), removed when it does. Path to Glory (pathAbilities.ts):
   * `hitBonus` +`value` to hit rolls (Full-on Attack); `freeRedeploy` Redeploy without command
   * points (Tactical Acumen); `controlBonus` +`value` to the control score (Powerful Presence);
   * `woundBonus` +`value` to wound rolls for the unit's combat attacks (Righteous Conviction);
   * `armyCastingBonus` +`value` to casting rolls for every unit of `unitId`'s army (Arcane
   * Conduit, `unitId` the caster); `quarry` +1 to wound rolls for attacks made by `unitId` that
   * target `targetId` (Hunter's Eye). `firstDamageIgnored`: the first damage point allocated to the unit
   * this phase was ignored (an ability's `ignoreFirstDamage`, session 37; kept to the end of the phase).
   * `normalMoveNow` / `normalOrRetreatNow`: the unit can use Normal Move / Normal Move or Retreat this phase as if it
   * were its player's movement phase (an ability's `movementPhaseMove`, session 37), removed when it does;
   * `retreatNow` / `retreatNowNoDamage` the same for a Retreat (without its mortal damage; `retreatNow`, session 38).
   */
  readonly kind: 'allOutAttack' | 'allOutDefence' | 'atTheDouble' | 'ward' | 'castingBonus' | 'unbindAsWizard' | 'magicalIntervention' | 'hitBonus' | 'freeRedeploy' | 'controlBonus' | 'woundBonus' | 'armyCastingBonus' | 'quarry' | 'firstDamageIgnored' | 'normalMoveNow' | 'normalOrRetreatNow' | 'retreatNow' | 'retreatNowNoDamage';
  readonly unitId: string;
  /** `startOfYourTurn`: kept until the start of the next turn of the unit's army (Eldritch Ward); `endOfBattle`: kept for the rest of the battle (Hunter's Eye). */
  readonly until: 'endOfPhase' | 'endOfTurn' | 'startOfYourTurn' | 'endOfBattle';
  readonly value?: number;
  /** The other unit of an effect between two units (`quarry`: the QUARRY unit). */
  readonly targetId?: string;
}

/** A declared move whose distance is known, waiting for its `move` action (same phase). */
export interface PendingMove {
  /** `ability`: an extra move an ability grants (`abilityUse.ts`), made with `{type: 'move', kind: 'ability'}`. */
  readonly kind: 'run' | 'retreat' | 'charge' | 'redeploy' | 'powerThrough' | 'ability';
  readonly maxInches: number;
  /** An ability's move: the kind of move it is checked as (Core 14.1, 14.3, 15.3), and the ability named in the log. */
  readonly as?: 'normal' | 'retreat' | 'charge' | 'pileIn' | 'free';
  /** A `free` move (session 38, `abilityMove38.ts`): how it must end, and whether it may pass through models in enemy units. */
  readonly end?: 'inCombat' | 'any' | 'inCombatIfStarted' | 'notInCombat';
  readonly through?: 'enemyModels' | 'models'; // 'models': session 41 (sh41d), any unit's models
  /** Session 41 (sh41d): the use's gate roll ("roll a D3. On a 2+, ...") that `passedAcross.mortal: "useRoll"` inflicts. */
  readonly useRoll41d?: number;
  /** The sentence after the move on the enemy units it passed across (session 40, sh40f; `passedAcross40f.ts`). */
  readonly passedAcross?: PassedAcross40f;
  readonly ability?: string;
  /** Power Through (Commands 8.0): enemy units in combat with the unit at the start of the move. */
  readonly allowed?: readonly string[];
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
  /** Covering Fire (Commands 4.0): -1 to the hit rolls. */
  readonly coveringFire?: boolean;
}

/** A chanting roll of 2+ waiting for the PRIEST's choice: bank ritual points or attempt (Magic 3.0). */
export interface PendingPrayer {
  readonly player: PlayerId;
  readonly priestId: string;
  readonly prayer: string;
  /** The unmodified chanting roll. */
  readonly unmodified: number;
  /** The modified chanting roll (at least 1, Core 27.0). */
  readonly roll: number;
}

/** The deployment phase (Core 10.0-10.1), before battle round 1. Kept (with `step: 'done'`) afterwards. */
export interface DeploymentState {
  /** The player who begins deployment (Core 9.1.2). */
  readonly beginsDeployment: PlayerId;
  /** `terrain`: step 1 (DEPLOY TERRAIN); `units`: step 2 (DEPLOY); `done`: after step 3. */
  step: 'terrain' | 'units' | 'done';
  /** The player whose DEPLOY (TERRAIN) ability is next. */
  toDeploy: PlayerId;
  /** Faction terrain features of each player not deployed yet (Core 10.1 DEPLOY FACTION TERRAIN). */
  factionTerrain: Record<PlayerId, string[]>;
  /** Faction terrain features deployed, in order. */
  terrainDeployed: string[];
  /** A Deploy Regiment in progress (Core 10.1): its player and the units still to deploy. */
  regiment: { player: PlayerId; leader: string; left: string[] } | null;
  /** Players with no more DEPLOY abilities to use in the current step. */
  done: Record<PlayerId, boolean>;
  /** The player who finished setting up their army first (decides the first turn, Core 12.0). */
  finishedFirst: PlayerId | null;
}

/** A SPELL whose casting roll reached the casting value, waiting for the enemy's Unbind or pass (Magic 2.0, 4.0). */
export interface PendingSpell {
  readonly player: PlayerId;
  readonly casterId: string;
  readonly spell: string;
  /** The unit picked (absent: a spell with no unit target). */
  readonly targetId?: string;
  /** The point picked (Sunder the Earth), plan view, inches. */
  readonly point?: readonly [number, number];
  readonly castingRoll: number;
  /** A summoning spell (Magic 7.0): where the manifestation's models are set up. */
  readonly positions?: Readonly<Record<string, readonly [number, number]>>;
  /** A spell of the army's lores as data (ABILITIES.md): its ability id and the Declare's picks, resolved by `abilityUse.ts`. */
  readonly ability?: string;
  readonly targets?: readonly string[];
  /** The choice picked for a lore spell's "Pick 1 of the following effects" (session 37, decl37). */
  readonly choice?: string;
  /**
   * Units a reaction to this spell let Unbind it (session 37, `unbindGrants.ts`): "this unit can use the
   * 'Unbind' ability as if it had Wizard (1). Add 1 to the unbinding roll" (Spell-eaters); "the unbinding
   * roll is 3D6 instead of 2D6" (Screamin' Mandrakk). Absent: none.
   */
  unbindBy?: Record<string, { wizard: number; add: number; dice: number; ability: string }>;
  /** Units a reaction made this spell have no effect on (session 38, `cancel38.ts`: Ruination Chamber). Absent: none. */
  exempt?: string[];
  /** `unit|ability` pairs that used a once-per-declaration reaction on this spell (session 38, `cancel38.ts`). Absent: none. */
  reactedOnce?: string[];
}

/** Combat-phase fight order (Core 13.1, 19.0). */
export interface CombatOrder {
  /** Player whose pick it is (if they have an eligible unit). */
  picker: PlayerId;
  /** Units that used a FIGHT ability this phase. */
  fought: string[];
  /** STRIKE-FIRST units in combat when the first FIGHT is declared (after non-FIGHT abilities; null before). */
  strikeFirst: string[] | null;
  /**
   * A unit an ability lets its player pick to fight immediately after `after`'s Fight ability has been
   * resolved ("The target can be picked to use a Fight ability immediately after the Fight ability used
   * by this unit has been resolved"; the `fightNext` effect, `fightChain.ts`). Valid while `after` is
   * the last unit that fought; absent otherwise.
   */
  next?: {
    player: PlayerId;
    unitId: string;
    after: string;
    ability: string;
    /**
     * "If it is picked to do so, ..." (session 38, ab38c; `fightChain38.ts`): effects of the same use applied to
     * `unitId` when it is picked to fight; absent when there are none.
     */
    then?: { ability: string; name: string; unitId: string | null; effect: AbilityEffect; order: number }[];
  };
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
  /** Prayer names chanted by each army this turn (Fickle Gods, Magic 5.0). */
  prayersThisTurn: Record<PlayerId, string[]>;
  /** Manifestations picked as the target of Banish Manifestation this turn (Magic 7.2). */
  banished: string[];
  /** Manifestations a friendly WIZARD/PRIEST attempted to summon this turn (Magic 7.0). */
  summoned: string[];
  /** Manifestations removed from play this turn (Magic 7.0: cannot be summoned again this turn). */
  removed: string[];
}

/** Battle tactics (BattleTactics 1.0-3.0). */
export interface TacticsState {
  /** Tactics each player has attempted (picked) this battle. */
  attempted: Record<PlayerId, string[]>;
  /** The tactic being attempted this turn by the active player, and the snapshot it needs. */
  current: {
    player: PlayerId;
    tactic: string;
    controlAtStart: Record<string, PlayerId | null>;
    destroyedFriendly: boolean;
    fought: string[];
    /** Take Their Land: the terrain feature picked (BattleTactics 3.0). */
    terrainId?: string;
  } | null;
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
  /**
   * Absent: the unit is on the battlefield (or destroyed). `undeployed`: not deployed yet, or never
   * deployed (Core 10.0); `unsummoned`: a manifestation not on the battlefield (Magic 7.0);
   * `reserve`: placed in reserve before the battle (Core 24.1, `GameSetup.reserves`); `removed`:
   * removed from play without being destroyed (Ascension › The Ambush, Escape to Safety).
   */
  status?: 'undeployed' | 'unsummoned' | 'reserve' | 'removed';
  /** Session 40 (sh40c): the ability that removed it to reserve during the battle (`setUpBy40.ts`); absent: placed there before the battle. */
  reserveBy?: string;
  /** A manifestation (Magic 7.0): not a unit except for the listed purposes. */
  manifestation?: { readonly banishment: number; summoner: string | null };
  /** Reset at the start of each turn. */
  turn: {
    usedRun: boolean;
    usedRetreat: boolean;
    runRoll: number | null;
    /** A random Move rolled this turn (Core 26.0; absent: not rolled, or the Move is fixed). */
    moveRoll?: number;
    chargeRoll: number | null;
    /** D6 distance of a Redeploy this turn (A-R5: one roll per unit). */
    redeployRoll: number | null;
    /** Made a successful charge move this turn (Core 14.3). */
    charged: boolean;
    /** Used a FIGHT ability this turn (Do Not Waver). */
    fought: boolean;
    /** A declared move (Run, Retreat, Charge, Redeploy) not made yet; cleared at the end of the phase. */
    pendingMove: PendingMove | null;
    /** Set up on the battlefield this turn outside the deployment phase (Core 24.0; Take the Flanks). */
    setUp?: boolean;
    /** Session 40 (sh40c): the ability that set it up this turn (`setUpBy40.ts`): "set up this turn using the 'X' ability". */
    setUpBy?: string;
    /**
     * Used a MOVE ability this turn (Normal Move, Run, Retreat, Charge, Redeploy, Power Through: the
     * abilities with the MOVE keyword, Core 5.1): "If this unit has not used a Move ability this turn".
     * Recorded only in games with an ability that reads it (`unitHistory.ts`); absent: not used.
     */
    usedMove?: boolean;
    /**
     * The enemy units that damage points were allocated to (Core 18.0) by this unit's combat attacks
     * this turn, in order: "If any damage points were allocated to an enemy unit by this unit's combat
     * attacks this turn and that enemy unit has been destroyed". Recorded like `usedMove`.
     */
    combatDamaged?: string[];
    /** Enemy models were slain by this unit's combat attacks this turn (Core 18.0; recorded like `combatDamaged`; session 38). */
    combatSlew?: boolean;
    /** Session 39 (sh39d): the unit's ATTACK abilities this turn, what they targeted and damaged (`attackHistory39.ts`; recorded like `combatDamaged`). */
    attacks39?: AttackRecord39[];
    /** The charge roll was re-rolled by a Path ability (Berserker; Core 2.2: not again). */
    chargeRerolled?: boolean;
    /** The run roll was re-rolled by an ability (`rerollRoll`; Core 2.2: not again). */
    runRerolled?: boolean;
    /** STRIKE-FIRST this turn from The Ritual's Ritual of Primal Force. */
    primalForce?: boolean;
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
  /**
   * `deployment`: the deployment phase (Core 10.0, only when the setup asks for it); `firstTurn`:
   * waiting for `decider` to choose who takes the first turn.
   */
  stage: 'deployment' | 'firstTurn' | 'turn' | 'ended';
  /** The deployment phase (null when the setup pre-places every model). */
  deployment: DeploymentState | null;
  /** Each player's territory: the key of its polygon in the battlefield (Core 9.1.2); null = none. */
  territories: Record<PlayerId, string> | null;
  /** Terrain feature id → controller (Core 32.3); only features whose control was determined. */
  terrainControl: Record<string, PlayerId | null>;
  /** Unit id → the terrain feature it contests for control (Core 32.3 + 32.1 pick). */
  terrainContestChoices: Record<string, string>;
  /** Ritual points of each PRIEST (Magic 3.0); absent = 0. */
  ritualPoints: Record<string, number>;
  /**
   * Named counters of units (session 38, ab38b; `abilities/resourceCounts38.ts`): unit id → resource ("momentum
   * point", "waaagh! token") → how many it has. Absent until an ability gives one (other games keep their hash).
   */
  resources?: Record<string, Record<string, number>>;
  /**
   * Objectives a player's ability marked (session 40, sh40d; `engine/objective40.ts`): Ordained Quest's "That objective is
   * considered by you to be questmarked". Absent until an ability marks one (other games keep their hash).
   */
  objectiveMarks?: { readonly player: PlayerId; readonly objective: string; readonly mark: 'questmarked' }[];
  /**
   * Shouty Bosses (session 40, sh40e; `engine/shoutyBoss40e.ts`): faction terrain feature id → the unit placed on it by
   * Up We Go! and the turn it was placed (`round` and `turnInRound`). Absent until one is placed (other games keep their hash).
   */
  shoutyBoss?: Record<string, { readonly unitId: string; readonly round: number; readonly turnInRound: 0 | 1 }>;
  /**
   * The units that have destroyed an enemy MONSTER this battle (session 41, sh41d; `abilities/monsters41d.ts`), each once,
   * in the order they first did. Absent until one has (other games keep their hash).
   */
  monsterSlayers41d?: string[];
  /** Each player's active blessings of Khaine (session 40, sh40h; `abilities/blessings40h.ts`). Absent until one is active (other games keep their hash). */
  blessings?: Partial<Record<PlayerId, string[]>>;
  /** The orders of the resolutions of Blessings of Khaine that named their blessing, per player (session 40, sh40h; `engine/blessings40h.ts` `blessingsKnown`). */
  blessingUses?: Partial<Record<PlayerId, number[]>>;
  /** The blood rites of this turn (session 41, sh41b; `engine/bloodRites41b.ts`): `turn` "round:turnInRound"; each destroyed unit with a blood rite (`sure`) or one the engine cannot rule out. Absent until a unit is destroyed in a game with the Blood Rites battle trait (other games keep their hash). */
  /** The units each player named anointed resolving Anointed Ritualist by hand (session 41, sh41b; `engine/bloodRites41b.ts`). Absent until one is. */
  anointed41b?: Partial<Record<PlayerId, { units: string[]; resolutions: number }>>;
  /** The phase `phase` ("round:turnInRound:phase") for Blood Rites (session 41, sh41b; `engine/bloodRites41b.ts`): the units within 3" of a Place of Power at its start; per Blood Rites army, the enemy units that contested an objective it does not control in it. Absent in games without Blood Rites. */
  bloodRitesPhase41b?: { phase: string; nearPower: string[]; contested: Partial<Record<PlayerId, string[]>> };
  bloodRites41b?: { turn: string; rites: { player: PlayerId; unitId: string; sure: boolean; trigger: string }[] };
  /** A chanting roll of 2+ waiting for the bank / answer choice (Magic 3.0). */
  pendingPrayer: PendingPrayer | null;
  /** `unit|ability` pairs of Once Per Battle abilities used (Core 28.2), e.g. `priest|resurrection`. */
  oncePerBattle: string[];
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
  /** A Path to Glory battleplan's record (twists, escapes, burned objectives, withdrawal, Glorious Victory `result`); absent otherwise. */
  ascension?: AscensionState;
  /**
   * The army abilities in play (`abilities/record.ts`): uses (once-per limits, Rules of One),
   * persisting effects, abilities waiting for `resolveByHand`. Absent until an ability is used.
   */
  abilities?: AbilityState;
  log: LogEntry[];
}

import type { Action } from './actions';
export type { Action };

/** Options of {@link createGame}. */
export interface GameSetup {
  readonly seed: number | string;
  readonly rosters: Record<PlayerId, unknown>;
  /**
   * The player who finished setting up their army first: decides the first turn of round 1 (Core
   * 12.0). Required without `deployment`; ignored with it (the deployment phase tells).
   */
  readonly finishedDeployingFirst?: PlayerId;
  /**
   * Each player's territory: the key of its polygon in the battlefield's `territories` (Core
   * 9.1.2: the roll-off winner assigns them). Needed by `deployment` and the territory battle tactics.
   */
  readonly territories?: Record<PlayerId, string>;
  /**
   * Play the deployment phase (Core 10.0) before battle round 1: every unit starts undeployed and is
   * set up by DEPLOY abilities. Absent = the battlefield's placement is the deployed army (no
   * deployment phase; the previous behaviour).
   */
  readonly deployment?: {
    /** The player who begins deployment (Core 9.1.2: chosen by the roll-off loser). */
    readonly beginsDeployment: PlayerId;
    /** Faction terrain features of each player (battlefield terrain ids), set up in step 1 (Core 10.1). */
    readonly factionTerrain?: Partial<Record<PlayerId, readonly string[]>>;
    /**
     * Units the battlefield already sets up before the phase (GAME.md: a scenario that places an
     * army's unit puts it there): they start deployed; the others are deployed in the phase.
     */
    readonly setUp?: Partial<Record<PlayerId, readonly string[]>>;
  };
  readonly battleplan?: Partial<Battleplan> & { readonly objectives: readonly string[] };
  /**
   * Units placed in reserve (Core 24.1) by the army's DEPLOY abilities (faction rules; the core
   * rules have none, so the placement is given here). They start off the battlefield (`status:
   * 'reserve'`), are set up with `setUpReserve`, and are destroyed if still in reserve at the start
   * of battle round 4.
   */
  readonly reserves?: Partial<Record<PlayerId, readonly string[]>>;
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
  const dep = setup.deployment;
  const isPlayer = (p: unknown): p is PlayerId => p === 'p1' || p === 'p2';
  if (dep === undefined && !isPlayer(setup.finishedDeployingFirst)) {
    issues.push({ path: 'finishedDeployingFirst', message: 'expected "p1" or "p2"' });
  }
  const terr = setup.territories;
  if (terr !== undefined && (typeof terr !== 'object' || terr === null || typeof terr.p1 !== 'string' || typeof terr.p2 !== 'string' || terr.p1 === terr.p2)) {
    issues.push({ path: 'territories', message: 'expected {p1, p2}: two different territory keys of the battlefield' });
  }
  if (dep !== undefined) {
    if (typeof dep !== 'object' || dep === null || !isPlayer(dep.beginsDeployment)) {
      issues.push({ path: 'deployment.beginsDeployment', message: 'expected "p1" or "p2"' });
    }
    if (terr === undefined) issues.push({ path: 'territories', message: 'the deployment phase needs each player\'s territory (Core 10.1)' });
    const ft = dep?.factionTerrain ?? {};
    const all = [...(ft.p1 ?? []), ...(ft.p2 ?? [])];
    if (all.some((t) => typeof t !== 'string' || t.length === 0) || new Set(all).size !== all.length) {
      issues.push({ path: 'deployment.factionTerrain', message: 'expected distinct terrain feature ids' });
    }
  }
  const terrainFeatures = setup.battleplan?.terrainFeatures ?? [];
  if (!Array.isArray(terrainFeatures) || terrainFeatures.some((t) => typeof t !== 'string' || t.length === 0 || t === '__proto__')) {
    issues.push({ path: 'battleplan.terrainFeatures', message: 'expected terrain feature ids' });
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
        ...(dep !== undefined && !(dep.setUp?.[p] ?? []).includes(u.id) ? { status: 'undeployed' as const } : {}),
      };
    });
    const res = setup.reserves?.[p];
    if (res !== undefined) {
      if (!Array.isArray(res)) issues.push({ path: `reserves.${p}`, message: 'expected unit ids' });
      else
        res.forEach((id, i) => {
          const u = typeof id === 'string' && Object.prototype.hasOwnProperty.call(units, id) ? units[id] : undefined;
          if (u === undefined || u.owner !== p || !r.units.some((x) => x.id === id)) issues.push({ path: `reserves.${p}[${i}]`, message: `"${String(id)}" is not a unit of ${p}'s roster` });
          else u.status = 'reserve';
        });
    }
    (r.manifestations ?? []).forEach((m, i) => {
      if (units[m.id] !== undefined || bp.objectives.includes(m.id)) {
        issues.push({ path: `rosters.${p}.manifestations[${i}].id`, message: `id "${m.id}" is used twice in the game` });
        return;
      }
      units[m.id] = {
        id: m.id,
        owner: p,
        slain: [],
        damage: 0,
        slainPriority: [],
        turn: freshTurnFlags(),
        status: 'unsummoned',
        manifestation: { banishment: m.banishment, summoner: null },
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
  const ft: Record<PlayerId, string[]> = { p1: [...(dep?.factionTerrain?.p1 ?? [])], p2: [...(dep?.factionTerrain?.p2 ?? [])] };
  const state: GameState = {
    version: 2,
    seed: String(setup.seed),
    dice: createDice(setup.seed),
    battleplan: { ...bp, objectives: [...bp.objectives], ...(bp.terrainFeatures !== undefined ? { terrainFeatures: [...bp.terrainFeatures] } : {}) },
    players: {
      p1: { roster: rosters.p1, cp: 0, vp: 0 },
      p2: { roster: rosters.p2, cp: 0, vp: 0 },
    },
    units,
    objectives: Object.fromEntries(bp.objectives.map((o) => [o, null])),
    contestChoices: {},
    stage: dep !== undefined ? 'deployment' : 'firstTurn',
    deployment:
      dep !== undefined
        ? {
            beginsDeployment: dep.beginsDeployment,
            // Step 1 only when someone has faction terrain; its first user is the beginner if they have any.
            step: ft.p1.length + ft.p2.length > 0 ? 'terrain' : 'units',
            toDeploy: ft.p1.length + ft.p2.length > 0 && ft[dep.beginsDeployment].length === 0 ? opponentOf(dep.beginsDeployment) : dep.beginsDeployment,
            factionTerrain: ft,
            terrainDeployed: [],
            regiment: null,
            done: ft.p1.length + ft.p2.length > 0 ? { p1: ft.p1.length === 0, p2: ft.p2.length === 0 } : { p1: false, p2: false },
            finishedFirst: null,
          }
        : null,
    territories: terr !== undefined ? { p1: terr.p1, p2: terr.p2 } : null,
    terrainControl: {},
    terrainContestChoices: {},
    ritualPoints: {},
    pendingPrayer: null,
    oncePerBattle: [],
    round: 1,
    decider: dep !== undefined ? dep.beginsDeployment : (setup.finishedDeployingFirst as PlayerId),
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
  if (bp.ascension) state.ascension = initialAscensionState(state);
  return { ok: true, state };
}

/** Per-turn unit flags at the start of a turn. */
export function freshTurnFlags(): UnitState['turn'] {
  return { usedRun: false, usedRetreat: false, runRoll: null, chargeRoll: null, redeployRoll: null, charged: false, fought: false, pendingMove: null };
}

/** Magic bookkeeping at the start of a turn. */
export function freshMagic(): MagicState {
  return { used: {}, unbinds: {}, unitSpells: [], miscast: [], spellsThisTurn: { p1: [], p2: [] }, prayersThisTurn: { p1: [], p2: [] }, banished: [], summoned: [], removed: [] };
}
