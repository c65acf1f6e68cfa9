/**
 * Public API of the rules engine foundation (headless: no three.js, no React).
 * The World adapter is imported separately from `./worldPort` (it pulls in `src/geometry`).
 *
 * @module
 */

export type { GeometryPort, PortCoherency, PortMoveResult, PortView, Point2 } from './geometryPort';
export { BattlefieldSchema, type Battlefield, type BattlefieldInput } from './battlefield';
export { SavedGameSchema, type SavedGame } from './savedGame';
export { PRAYERS, SPELLS, powerLevel, priestLevel, type PrayerDef, type SpellDef } from './magic';
export { MOVE_RULES, moveRule, type MoveKind } from './moveRules';
export { DEPLOY_GAP_INCHES, TERRAIN_GAP_INCHES } from './deployment';
export { TACTICS, TACTIC_VP } from './tactics';
export { playScripted, scriptedPolicy, type Policy, type PolicyOptions } from './policy';
export { portView } from './core';
export {
  BaseSchema,
  ManifestationSchema,
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
  type RosterManifestation,
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
  type DeploymentState,
  type PendingPrayer,
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
export { canonicalJson, fnv1a32, freezeTree, stateHash } from './hash';
