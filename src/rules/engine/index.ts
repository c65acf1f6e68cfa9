/**
 * Public API of the rules engine foundation (headless: no three.js, no React).
 * The World adapter is imported separately from `./worldPort` (it pulls in `src/geometry`).
 *
 * @module
 */

export type { GeometryPort, PortCoherency, PortMoveResult, PortView, Point2 } from './geometryPort';
export { BattlefieldSchema, type Battlefield, type BattlefieldInput } from './battlefield';
export { SavedGameSchema, type SavedGame } from './savedGame';
export { SPELLS, powerLevel, type SpellDef } from './magic';
export { TACTICS, TACTIC_VP } from './tactics';
export { playScripted, scriptedPolicy, type Policy } from './policy';
export { portView } from './core';
export {
  BaseSchema,
  ModelSchema,
  RegimentSchema,
  RosterSchema,
  UnitSchema,
  WarscrollSchema,
  WeaponSchema,
  parseRoster,
  type ParseRosterResult,
  type Roster,
  type RosterInput,
  type RosterIssue,
  type RosterUnit,
  type RosterWeapon,
} from './roster';
export {
  COMMANDS,
  DEFAULT_BATTLEPLAN,
  PHASES,
  PLAYERS,
  createGame,
  opponentOf,
  type Action,
  type AttackAssignment,
  type Battleplan,
  type CombatOrder,
  type MagicState,
  type PendingAttack,
  type PendingMove,
  type PendingSpell,
  type TacticsState,
  type CommandName,
  type CreateGameResult,
  type Effect,
  type GameSetup,
  type GameState,
  type LogEntry,
  type Phase,
  type PlayerId,
  type PlayerState,
  type UnitState,
} from './state';
export {
  ActionSchema,
  RULE_ACTION_SCHEMA,
  RULE_INTERNAL,
  inCombat,
  loggedActions,
  reduce,
  unitHasKeyword,
  type GameEvent,
  type ReduceResult,
} from './reduce';
export { canonicalJson, fnv1a32, stateHash } from './hash';
