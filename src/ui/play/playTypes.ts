/**
 * The Play mode's public shapes: what the App gives it (`PlayOptions`), what it renders (`Play`),
 * and its test hook (`PlayHook`, `window.__sightline.play`) with the live drag label (`DragLabel`).
 */
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { ActResult, DiceStep, GameSummary, LogLine, OptionsResult, SavedGame } from '../../client/gameClient';
import type { ScenePick } from '../../scene/TableScene';
import type { BattlefieldData } from '../../scene/types';
import type { Engine } from '../engine/engine';
import type { Point2 } from '../tools/types';
import type { OnlineView, PlayNote } from './panelStore';

/** The Play mode's test hook (`window.__sightline.play`). Everything it reads is what the page shows. */
export interface PlayHook {
  /** The game summary shown now (null before the game is up). */
  summary(): GameSummary | null;
  /** Takes an action through the page (as its buttons do); resolves once the table shows the result. */
  act(action: unknown): Promise<ActResult>;
  /** The game worker's state hash. */
  hash(): Promise<string>;
  /** The whole game in the saved-game format. */
  save(): Promise<SavedGame>;
  /** Selects a unit (as a shift-click on one of its models does). */
  selectUnit(unitId: string): void;
  /** The options shown for the selected unit. */
  options(): OptionsResult | null;
  /**
   * Drags a model to `to` through the move flow (press, pointer, release); resolves with the note
   * shown. `single`: only that model moves (as with "Move one model"); default: the whole unit.
   */
  drag(modelId: string, to: Point2, single?: boolean): Promise<PlayNote | null>;
  /**
   * Presses a model and carries it to `to` without releasing (as a pointer held down); resolves
   * with the live allowance label once the engine measured that point.
   */
  dragHold(modelId: string, to: Point2, single?: boolean): Promise<DragLabel>;
  /** Releases a held drag (see `dragHold`); resolves with the note shown. */
  dragRelease(): Promise<PlayNote | null>;
  /** The live allowance label of the drag in progress (null: no drag / not measured yet). */
  dragLabel(): DragLabel | null;
  /** The game worker's (the rules engine's World) `movePath` answer for a model's path, its unit-mates not obstacles (as the engine counts a unit's move). */
  pathCost(modelId: string, path: Point2[]): Promise<number | null>;
  /** The game worker's `shortestPath` answer for a model to a point (its unit-mates not obstacles). */
  route(modelId: string, to: Point2): Promise<{ value: number | null; path?: Point2[]; straight?: boolean; reason?: string }>;
  /** Sends the move of the models placed one at a time; resolves with the note (null: none placed). */
  commitStaged(): Promise<PlayNote | null>;
  /** The models placed one at a time, not sent yet. */
  staged(): { unitId: string; paths: Record<string, Point2> } | null;
  clearStaged(): void;
  /** Whether a drag moves one model only ("Move one model") or the whole unit. */
  moveOne(): boolean;
  setMoveOne(on: boolean): void;
  /** The last note (accepted / refused with the engine's reason). */
  note(): PlayNote | null;
  /** Session 41 (ui41): the unit ringed on the table for the name the pointer is on in the panel (null: none). */
  hoverUnit(): string | null;
  /** The battle log shown. */
  log(): LogLine[];
  /** Bumps each time the page shows a new game state. */
  version(): number;
  /** How the game was started on this page load. */
  started(): { kind: string; problems: string[] };
  /**
   * The dice shown: the engine's steps of the last action that rolled, the throw id, and per step
   * the faces read back from the tray's dice once they rested (null: not thrown / still rolling).
   */
  dice(): { throwId: number; steps: DiceStep[]; shown: (number[] | null)[] };
  /** Replay: next action / one back / go to step `index`; resolve once the table shows it. */
  replayStep(): Promise<boolean>;
  replayBack(): Promise<boolean>;
  replayTo(index: number): Promise<boolean>;
  /** Kills the game worker as a crash would; resolves once the new worker holds the restored game. */
  crashWorker(): Promise<void>;
  /** The online game as the panel shows it (seat, who is connected, connection, links); null in hot-seat. */
  online(): OnlineView | null;
  /** Online: drops the connection as a network failure would (the page then reconnects by itself). */
  dropConnection(): void;
}

/** The live allowance of a drag: the engine's path length (climbing counted) against the allowance. */
export interface DragLabel {
  modelId: string;
  to: Point2;
  /**
   * Inches of move the drop would spend: in a move, the game worker's `shortestPath` answer (the
   * rules engine's shortest legal path, counted as the engine counts the move); in a set-up, the
   * straight line's `movePath`. Null: no legal path (e.g. blocked).
   */
  value: number | null;
  /** The move allowance (declared move, the pile-in's 3", else the unit's Move). */
  max: number | null;
  /** The path counted, start to `to` (a move's shortest path; absent in a set-up). */
  path?: Point2[];
  /**
   * Whether `value` is the engine's answer for `to`; false: the straight line, a lower bound shown
   * as "≥" (before the engine answered, or when the straight line alone is too far).
   */
  measured: boolean;
  /** Longer than the allowance, or blocked: the label is red. */
  bad: boolean;
  /** A whole unit measured (issue 35): the models whose own move is too long or impossible (their ghosts are red). */
  badModels?: string[];
  /** What the label shows, e.g. `4.2 / 5"`, `≥ 7.3 / 5" — too far`. */
  text: string;
}

/** What the App gives the Play mode. */
export interface PlayOptions {
  engine: Engine;
  data: BattlefieldData | null;
  setData: Dispatch<SetStateAction<BattlefieldData | null>>;
  bumpVersion: () => void;
  selectedIds: ReadonlySet<string>;
  setSelectedIds: Dispatch<SetStateAction<ReadonlySet<string>>>;
  engineLoaded: boolean;
}

/** What the App renders for the Play mode. */
export interface Play {
  /** Whether the page is in Play mode. */
  active: boolean;
  /** Switches Play mode on/off (reloads the page). */
  toggle: () => void;
  /** Routes a scene pick; true when the Play mode used it (target picking). */
  onPick: (p: ScenePick) => boolean;
  /** Starts a drag (Play mode only). */
  onPressModel?: (id: string, at: [number, number] | null) => void;
  /** Scene children (inside the canvas). */
  scene: ReactNode;
  /** The Play panels. */
  panel: ReactNode;
  /** The test hook. */
  hook: PlayHook | undefined;
  /** Undoes the game's last action (Ctrl+Z in Play, as the panel's Undo); undefined outside Play. */
  undo?: () => void;
  /** The game's army names by the table's army id (for the legend); undefined outside Play. */
  armyNames?: Record<string, string>;
}
