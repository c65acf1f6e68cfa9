/**
 * The Play mode of the page (hot-seat battle through the game worker), as one hook the App calls:
 * it returns the panel, the scene children (drag controller and ghosts), the pick and press
 * handlers, and the test hook `window.__sightline.play`.
 *
 * - Every action goes to the game worker (`act`); the worker's answer (summary, log lines, dice) is
 *   shown; a rejection shows the engine's reason and rule. Accepted actions move/remove models on
 *   the table (scene data and the measuring engine are both updated), then the game is autosaved.
 * - Moves: drag a model: the whole unit is translated by the same offset and committed as the
 *   game's `move` action (Normal Move, or the declared Run / Retreat / Charge / Redeploy move); or,
 *   with "Drag moves one model", each drag places one model (a ghost) and "Move the placed models"
 *   sends the unit's one `move` with a path per placed model. The drag flow is the Play move tool's
 *   state machine (`./tools/moveTool.ts`: put back or Esc cancels, a too-far drop is refused at
 *   once, the label's straight-line lower bound until the engine answers); the live label is the measuring engine's `movePath` answer for
 *   the dragged model against the allowance ("4.2 / 5\""), with move / run / charge rings; only the
 *   game worker decides legality, and a refusal names the model, where and why.
 * - The table tells the state: wound markers (wounds taken / health) per model of a hurt unit, a
 *   chip per unit with in combat / moved / ran / charged / shot / fought / slain, and the selected
 *   unit's weapon ranges with the enemy units it can shoot now (the engine's options).
 * - Pile-in: in the combat phase, dragging a unit (with no declared move pending) is its pile-in:
 *   the drop declares the Fight with `pileIn` toward the nearest enemy unit (the engine checks the
 *   3", "no further from the target" and "still in combat" rules and refuses with its reason).
 * - Dice: every action that rolled shows its dice steps (the engine's values) thrown in the 3D tray.
 * - Replay: step forwards, backwards, or jump to a step (the worker replays the log prefix). A
 *   replay is read-only: the page refuses actions, undo and drags, never autosaves it, and
 *   "Leave replay" reloads the game in progress (the autosave).
 * - New game / Load / a new battle keep the game they replace as the previous game ("Resume
 *   previous game" swaps them back).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { ActResult, Action, DiceStep, ExpectedDamage, GameState, GameSummary, LogLine, OptionEntry, OptionsResult, SavedGame } from '../../client/gameClient';
import { DragController } from '../../scene/DragController';
import { MoveGhost } from '../../scene/MoveGhost';
import { MovePlayback } from '../../scene/MovePlayback';
import { useOnline } from './useOnline';
import type { OnlineView } from './panelStore';
import { armyColor } from '../../scene/palette';
import { SceneLabel } from '../../scene/SceneLabel';
import { RangeRings, type RangeRing } from '../../scene/RangeRings';
import { SelectionRings } from '../../scene/SelectionRings';
import { UnitStateMarkers, type UnitStateMark } from '../../scene/UnitStateMarkers';
import type { ScenePick } from '../../scene/TableScene';
import type { BattlefieldData, ModelView } from '../../scene/types';
import { withAddedObjectives } from './addedObjectives';
import type { Engine } from '../engine/engine';
import { inches2 } from '../format';
import { sceneDataClient } from '../sceneData/sceneDataClient';
import type { MoveNote } from '../tools/moveTool';
import { CANCELLED_TEXT, currentMeasure, DRAG_THRESHOLD, dropPoints, in1, MOVE_IDLE, needsMeasure, playDragLabel, playDragReduce, PUT_BACK_TEXT, tooFarAtDrop, useEscapeCancels } from './tools/moveTool';
import type { Point2 } from '../tools/types';
import { unbindOffers } from './unbindOffers';
import { AUTOSAVE_KEY, GAME_RESTART_EVENT, REPLAY_KEY, autosave, isPlayMode, playGame, keepPrevious, newGame, previousGame, resumePrevious, scenarioModel, setPlayMode, startInfo } from './game';
import { actionNote } from './notes';
import { PanelStore } from './panelStore';
import type { PlayNote } from './PlayPanel';
import { MoveModeToggle } from './MoveModeToggle';
import { PlayPanelConnected, type PlayPanelHandlers } from './PlayPanelConnected';
import { throwPlayDice, usePlayDiceSettled } from './playTableDice';
import { downloadText } from '../proof';

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
  /** The game's army names by the table's army id (for the legend); undefined outside Play. */
  armyNames?: Record<string, string>;
}

/** The note shown when something would change the game during a replay. */
export const REPLAY_READ_ONLY = 'This is a replay: it is read-only. Leave the replay to go back to your game.';

/** Ring colour of units not deployed yet (deployment phase) and of units waiting in reserve. */
const UNDEPLOYED_COLOR = '#b9c2cc';

/** What the table draws from the summary: a new key, a new copy for the table (App re-render). */
function sceneKey(s: GameSummary): string {
  return JSON.stringify([
    s.stage,
    s.phase,
    s.active,
    s.units.map((u) => [u.id, u.owner, u.deployed, u.reserve, u.pendingMove?.kind ?? '', u.pendingMove?.maxInches ?? 0, u.damage, u.alive, u.moved, u.shot, u.usedRun, u.charged, u.fought, u.inCombat, u.runRoll, u.chargeRoll, u.slainPriority[0] ?? '']),
  ]);
}

const same = (a: Point2, b: Point2) => Math.abs(a[0] - b[0]) < 1e-6 && Math.abs(a[1] - b[1]) < 1e-6;

/** The Play mode hook. */
export function usePlay(o: PlayOptions): Play {
  const active = useMemo(() => isPlayMode(), []);
  // Everything only the panel shows lives in the panel's store, so a new log line, option list or
  // phase never re-renders the App and its 3D table (with software WebGL a table redraw costs
  // hundreds of milliseconds). The table gets a copy of the summary only when what it draws from
  // it changes (stage, phase, deployed units, declared moves: see `sceneKey`).
  const summaryRef = useRef<GameSummary | null>(null);
  const [summary, setSceneSummary] = useState<GameSummary | null>(null);
  const sceneKeyRef = useRef('');
  const refreshOptions = useRef<() => void>(() => undefined);
  const store = useMemo(() => new PanelStore(), []);
  const setSummary = useCallback(
    (s: GameSummary) => {
      summaryRef.current = s;
      store.set('summary', s);
      const key = sceneKey(s);
      if (key !== sceneKeyRef.current) {
        sceneKeyRef.current = key;
        setSceneSummary(s);
      }
      refreshOptions.current();
    },
    [store],
  );
  const setLines = useCallback((v: SetStateAction<LogLine[]>) => store.set('lines', v), [store]);
  const setNote = useCallback((v: PlayNote | null) => store.set('note', v), [store]);
  const setOptions = useCallback((v: OptionsResult | null) => store.set('options', v), [store]);
  const setGeneral = useCallback((v: OptionEntry[]) => store.set('general', v), [store]);
  const setExpected = useCallback((v: Record<string, ExpectedDamage>) => store.set('expected', v), [store]);
  const setBusy = useCallback((v: boolean) => store.set('busy', v), [store]);
  const setTargeting = useCallback((v: 'shoot' | 'fight' | null) => store.set('targeting', v), [store]);
  const diceShown = useRef<{ throwId: number; shown: (number[] | null)[] }>({ throwId: 0, shown: [] });
  const showDice = useCallback(
    (st: DiceStep[]) => {
      if (st.length === 0) return;
      const id = store.get().throwId + 1;
      diceShown.current = { throwId: id, shown: st.map(() => null) };
      store.set('steps', st);
      store.set('throwId', id);
      throwPlayDice(id, st);
    },
    [store],
  );
  const onDiceSettled = useCallback((id: number, index: number, shown: number[]) => {
    if (diceShown.current.throwId !== id) return;
    diceShown.current.shown[index] = shown;
  }, []);
  usePlayDiceSettled(onDiceSettled);
  /** Bumps each time the page shows a new game state (the test hook's `version()`). */
  const version = useRef(0);
  const handlers = useRef<PlayPanelHandlers>(null as unknown as PlayPanelHandlers);
  const [drag, dragDispatch] = useReducer(playDragReduce, MOVE_IDLE);
  /** "Move one model": a drag moves only the model dragged (its own path), else the whole unit. */
  const [moveOne, setMoveOneState] = useState(false);
  const moveOneRef = useRef(moveOne);
  moveOneRef.current = moveOne;
  /** The drag in progress moves one model (set at its press). */
  const dragSingle = useRef(false);
  /** Where the last refused drop would have put the model, and what the engine said (a chip on the table). */
  const [refusedAt, setRefusedAt] = useState<{ at: Point2; z: number; text: string } | null>(null);
  /** Models placed one at a time, not sent yet: their unit and end points. */
  const [staged, setStaged] = useState<{ unitId: string; paths: Record<string, Point2> } | null>(null);
  const stagedRef = useRef(staged);
  /** The paths models placed one at a time take (the engine's shortest path measured at their drop). */
  const stagedRoutes = useRef(new Map<string, Point2[]>());
  const setStagedBoth = useCallback((v: { unitId: string; paths: Record<string, Point2> } | null) => {
    if (!v) stagedRoutes.current.clear();
    stagedRef.current = v;
    setStaged(v);
  }, []);
  const ref = useRef(o);
  ref.current = o;
  /** The game connection: the game worker (hot-seat) or the game server (online; null until joined). */
  const game = active ? playGame() : null;
  /** The online game, if any: its seat decides what this page may do. */
  const online = game && 'seat' in game ? game : null;
  /** A replay is on screen (opened from a file): nothing may change the game or its autosave. */
  const replaying = useCallback(() => summaryRef.current?.replay != null || startInfo().kind === 'replay', []);

  const selectedUnit = useMemo(() => {
    const d = o.data;
    if (!d) return null;
    for (const id of o.selectedIds) {
      const m = d.models.find((mm) => mm.id === id);
      if (m) return m.unitId;
    }
    return null;
  }, [o.selectedIds, o.data]);

  // ---- Board sync: the table shows where the game says every model stands.
  /** Models taken off the table (slain), kept to put back when a replay steps back before it. */
  const offTable = useRef(new Map<string, { view: ModelView; unit: BattlefieldData['units'][number] }>());
  /** Ids of the objectives drawn because the game placed them (Spied Treasure), not the table's own. */
  const addedShown = useRef(new Set<string>());
  const applyBoard = useCallback(async (s: GameSummary) => {
    const { engine, setData } = ref.current;
    let data = ref.current.data;
    if (!data) return;
    // Models back on the battlefield (a replay stepped back before they were slain).
    const back = [...offTable.current.keys()].filter((id) => s.board.positions[id] && !data!.models.some((m) => m.id === id));
    if (back.length) {
      const state: GameState = await playGame()!.state();
      const returned: { view: ModelView; unit: BattlefieldData['units'][number] }[] = [];
      for (const id of back) {
        const kept = offTable.current.get(id)!;
        offTable.current.delete(id);
        const model = scenarioModel(state, id, s.board.positions[id]);
        if (model) await engine.track(engine.client.addModel(kept.unit.id, model));
        const [x, y] = s.board.positions[id];
        returned.push({ view: (await sceneDataClient().place(id, x, y)) ?? kept.view, unit: kept.unit });
      }
      const units = [...data.units];
      for (const { view, unit } of returned) {
        const i = units.findIndex((u) => u.id === unit.id);
        if (i >= 0) units[i] = { ...units[i], modelIds: [...units[i].modelIds, view.id] };
        else units.push({ ...unit, modelIds: [view.id] });
      }
      data = { ...data, models: [...data.models, ...returned.map((r) => r.view)], units };
      setData(data);
    }
    const removed = new Set(s.board.removed);
    const moved = data.models.filter((m) => !removed.has(m.id) && s.board.positions[m.id] && !same([m.footprint.x, m.footprint.y], s.board.positions[m.id]));
    const gone = data.models.filter((m) => removed.has(m.id));
    const placed = await Promise.all(
      moved.map(async (m) => {
        const [x, y] = s.board.positions[m.id];
        const [view] = await Promise.all([sceneDataClient().place(m.id, x, y), engine.track(engine.client.moveModel(m.id, x, y))]);
        return view;
      }),
    );
    for (const m of gone) {
      const unit = data.units.find((u) => u.id === m.unitId);
      if (unit) offTable.current.set(m.id, { view: m, unit });
      await engine.track(engine.client.removeModel(m.id));
    }
    // Objectives placed during the battle (Spied Treasure) join the table's markers; a replay stepped back before one drops it.
    const markers = withAddedObjectives(data.objectives, s.board.addedObjectives ?? [], addedShown.current);
    const objectivesChanged = markers !== null;
    if (markers) {
      addedShown.current = markers.shown;
      setData((d) => (d ? { ...d, objectives: markers.objectives } : d));
    }
    const byId = new Map(placed.filter((v): v is NonNullable<typeof v> => !!v).map((v) => [v.id, v]));
    if (byId.size || gone.length || back.length || objectivesChanged) {
      setData((d) => {
        if (!d) return d;
        const models = d.models.filter((m) => !removed.has(m.id)).map((m) => byId.get(m.id) ?? m);
        const units = d.units.map((u) => ({ ...u, modelIds: u.modelIds.filter((id) => !removed.has(id)) })).filter((u) => u.modelIds.length > 0);
        return { ...d, models, units };
      });
      ref.current.bumpVersion();
    }
  }, []);

  const afterChange = useCallback(
    async (s: GameSummary) => {
      setSummary(s);
      // A refusal's label on the table belongs to its moment: the next game state clears it.
      setRefusedAt(null);
      await applyBoard(s);
      // A replay is not the player's game: the autosave keeps the game in progress.
      if (game && !online && s.replay === null && !replaying()) autosave(await game.save());
      version.current++;
    },
    [applyBoard, game, online, replaying],
  );

  // ---- Start: the game is already loaded by the scenario source; read it once the table is up.
  const started = useRef(false);
  useEffect(() => {
    if (!game || !o.engineLoaded || !o.data || started.current) return;
    started.current = true;
    void (async () => {
      const s = await game.summary();
      setLines(await game.log());
      store.set('previous', previousGame());
      setSummary(s);
      // Units drawn but off the table by the game (in reserve) leave the table, kept to come back.
      // So do the objectives the game placed (a loaded game that played Spied Treasure).
      if (s.board.removed.some((id) => ref.current.data?.models.some((m) => m.id === id)) || (s.board.addedObjectives ?? []).length > 0) await applyBoard(s);
      version.current++;
    })();
  }, [game, o.engineLoaded, o.data, setLines, setSummary, applyBoard, store]);

  // ---- Online (issue 25 item 3): the other player's actions, presence, connection, seat checks.
  const { playback, endPlayback, seatRefusal } = useOnline({ online, store, summaryRef, models: () => ref.current.data?.models, setLines, showDice, setNote, afterChange });

  // ---- Options for the selected unit and the player-level actions, refreshed on every change of
  // the game (from `setSummary`) and of the selection. A later refresh drops an earlier one's answers.
  const selectedRef = useRef(selectedUnit);
  selectedRef.current = selectedUnit;
  const optionsSeq = useRef(0);
  refreshOptions.current = () => {
    const s = summaryRef.current;
    // A spectator acts on nothing: no options asked of the server.
    if (!game || !s || online?.seat === 'spectator') return;
    const seq = ++optionsSeq.current;
    const live = () => seq === optionsSeq.current;
    const unit = selectedRef.current;
    void (async () => {
      const g = await game.generalOptions();
      // A spell waiting for an unbind (Magic 4.0): each WIZARD of the player who may unbind (or a
      // HERO allowed to by a Place of Power) is offered beside "does not unbind", with no need to
      // select it first (issue 28).
      const unbinds = await unbindOffers(s, (id) => game.options(id));
      if (live()) setGeneral([...unbinds, ...g]);
      if (!unit) {
        if (live()) {
          setOptions(null);
          setExpected({});
        }
        return;
      }
      const opts = await game.options(unit);
      if (!live()) return;
      setOptions(opts);
      const exp: Record<string, ExpectedDamage> = {};
      if (opts.ok) {
        const kind = s.phase === 'shooting' ? 'shoot' : 'fight';
        for (const e of opts.entries) if (e.group === kind && e.target && e.available) exp[e.target] = await game.expectedDamage(unit, e.target, kind);
      }
      if (live()) setExpected(exp);
    })();
  };
  useEffect(() => refreshOptions.current(), [selectedUnit]);
  // Another unit selected: the last refusal's label on the table is over.
  useEffect(() => setRefusedAt(null), [selectedUnit]);

  // ---- Actions.
  const act = useCallback(
    async (action: unknown): Promise<ActResult> => {
      if (!game) return { ok: false, reason: 'not in Play mode', rule: 'Engine: no game' };
      if (replaying()) {
        // Acting would fork the game from this step of the replay: refused by the page.
        setNote({ kind: 'refused', text: REPLAY_READ_ONLY, rule: 'Page: replay' });
        return { ok: false, reason: REPLAY_READ_ONLY, rule: 'Page: replay' };
      }
      setBusy(true);
      try {
        const r = await game.act(action);
        if (!r.ok) {
          setNote({ kind: 'refused', text: `Refused: ${r.reason}`, rule: r.rule });
          return r;
        }
        setLines((l) => [...l, ...r.lines]);
        showDice(r.steps);
        setNote({ kind: 'ok', ...actionNote(r.lines) });
        setTargeting(null);
        await afterChange(r.summary);
        return r;
      } finally {
        setBusy(false);
      }
    },
    [game, afterChange, showDice, replaying],
  );

  const undo = useCallback(async () => {
    if (!game) return;
    if (replaying()) {
      setNote({ kind: 'refused', text: REPLAY_READ_ONLY, rule: 'Page: replay' });
      return;
    }
    setBusy(true);
    try {
      const r = await game.undo();
      if (!r.ok) {
        setNote({ kind: 'refused', text: `Cannot undo: ${r.reason}` });
        return;
      }
      setLines(await game.log());
      setNote({ kind: 'info', text: `Undid: ${r.undone.type}` });
      await afterChange(r.summary);
    } finally {
      setBusy(false);
    }
  }, [game, afterChange, replaying]);

  /** Replay: `to` = 'next', 'back' or a step index; resolves whether the worker accepted it. */
  const replayMove = useCallback(
    async (to: 'next' | 'back' | number): Promise<boolean> => {
      if (!game) return false;
      setBusy(true);
      try {
        const r = to === 'next' ? await game.replayStep() : to === 'back' ? await game.replayBack() : await game.replayTo(to);
        if (!r.ok) {
          setNote({ kind: 'refused', text: r.reason, rule: r.rule });
          return false;
        }
        if (to === 'next') setLines((l) => [...l, ...r.lines]);
        else setLines(await game.log());
        showDice(r.steps);
        const idx = r.summary.replay?.index ?? 0;
        const total = r.summary.replay?.total ?? 0;
        const first = to === 'next' ? r.lines[0] : undefined;
        setNote({ kind: 'info', text: `Replay ${idx}/${total}${first ? `: ${first.text}` : to === 'back' ? ': one action back' : ''}`, rule: first?.rule });
        await afterChange(r.summary);
        return true;
      } finally {
        setBusy(false);
      }
    },
    [game, afterChange, showDice],
  );

  // ---- The game worker was restarted (it died): the game was restored from the client's snapshot.
  useEffect(() => {
    if (!active) return;
    const on = (e: Event) => {
      const d = (e as CustomEvent<{ cause: string; actions: number }>).detail;
      setNote({ kind: 'info', text: `The game worker stopped (${d.cause}) and was restarted: the game was restored (${d.actions} actions).` });
    };
    window.addEventListener(GAME_RESTART_EVENT, on);
    return () => window.removeEventListener(GAME_RESTART_EVENT, on);
  }, [active]);

  const saveFile = useCallback(async () => {
    if (!game) return;
    const saved = await game.save();
    downloadText(`sightline-game-r${summaryRef.current?.round ?? 0}.json`, JSON.stringify(saved, null, 1));
  }, [game]);

  const loadFile = useCallback(
    async (text: string, replay: boolean) => {
      if (!game) return;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (e) {
        setNote({ kind: 'refused', text: `Not a JSON file: ${(e as Error).message}` });
        return;
      }
      // Checked in the worker first, so a bad file never replaces the game.
      const r = await game.load(json, { replay });
      if (!r.ok) {
        setNote({ kind: 'refused', text: `The saved game was refused: ${r.problems.slice(0, 3).join('; ')}` });
        // The worker kept the current game.
        return;
      }
      if (replay) sessionStorage.setItem(REPLAY_KEY, JSON.stringify(json));
      else {
        // The game in progress stays recoverable ("Resume previous game").
        if (!keepPrevious()) {
          setNote({ kind: 'refused', text: 'The game in progress could not be kept (browser storage is full): save it to a file first.' });
          return;
        }
        localStorage.setItem(AUTOSAVE_KEY, JSON.stringify(json));
      }
      window.location.reload();
    },
    [game],
  );

  /** A new game (the panel asked the player first); the game in progress is kept as the previous game. */
  const restart = useCallback(async (deployment: boolean) => {
    if (!keepPrevious()) {
      setNote({ kind: 'refused', text: 'The game in progress could not be kept (browser storage is full): save it to a file first.' });
      return;
    }
    sessionStorage.removeItem(REPLAY_KEY);
    localStorage.removeItem(AUTOSAVE_KEY);
    await newGame(undefined, { deployment });
    window.location.reload();
  }, [setNote]);

  /** Leaves a replay: the page reloads the game in progress (its autosave, never touched by the replay). */
  const leaveReplay = useCallback(() => {
    sessionStorage.removeItem(REPLAY_KEY);
    window.location.reload();
  }, []);

  /** The previous game becomes the game in progress; the game in progress becomes the previous one. */
  const resumePreviousGame = useCallback(() => {
    sessionStorage.removeItem(REPLAY_KEY);
    if (resumePrevious()) window.location.reload();
    else setNote({ kind: 'refused', text: 'There is no previous game to resume.' });
  }, [setNote]);

  // ---- Drag: the move tool's state machine; commit through the game worker.
  const dragRef = useRef(drag);
  dragRef.current = drag;
  const dropWaiters = useRef<((n: PlayNote | null) => void)[]>([]);
  const onPressModel = useCallback(
    (id: string, at: [number, number] | null) => {
      const m = ref.current.data?.models.find((mm) => mm.id === id);
      if (!m || !at || store.get().busy) return;
      if (replaying()) {
        setNote({ kind: 'refused', text: REPLAY_READ_ONLY, rule: 'Page: replay' });
        return;
      }
      const seatNote = seatRefusal(id);
      if (seatNote) {
        setNote(seatNote);
        return;
      }
      dragSingle.current = moveOneRef.current;
      setRefusedAt(null);
      dragDispatch({ type: 'press', modelId: id, start: [m.footprint.x, m.footprint.y], pointer: at });
    },
    [store, replaying, setNote, seatRefusal],
  );
  const inFlight = useRef(false);
  /** The game summary and the summary's unit of a model on the table (null when either is not known). */
  const unitOfModel = useCallback((modelId: string) => {
    const s = summaryRef.current;
    const m = ref.current.data?.models.find((mm) => mm.id === modelId);
    const u = m && s ? s.units.find((x) => x.id === m.unitId) : undefined;
    return s && u ? { s, u } : null;
  }, []);
  /**
   * The allowance of the dragged model's unit: its declared move, the pile-in's 3", else its Move;
   * null for a set-up (deployment, reserve), which has none.
   */
  const allowanceOf = useCallback(
    (modelId: string): number | null => {
      const x = unitOfModel(modelId);
      if (!x || x.s.stage === 'deployment' || x.u.reserve) return null;
      return x.u.pendingMove?.maxInches ?? (x.s.phase === 'combat' ? 3 : x.u.move);
    },
    [unitOfModel],
  );
  /** Whether a drag of this model is a move along a path (a move, a pile-in: it has an allowance), not a set-up. */
  const isRouted = useCallback((modelId: string): boolean => allowanceOf(modelId) !== null, [allowanceOf]);
  /**
   * Whether the dragged model's move may not enter combat range (Core 14.1: a Normal Move or a Run;
   * Redeploy likewise), so its path keeps out of the enemy's 3": in the movement phase, with no
   * declared move other than a run or a redeploy pending. Charges, retreats and pile-ins may go in.
   */
  const avoidsCombat = useCallback(
    (modelId: string): boolean => {
      const x = unitOfModel(modelId);
      if (!x || x.s.phase !== 'movement') return false;
      const kind = x.u.pendingMove?.kind ?? 'normal';
      return kind === 'normal' || kind === 'run' || kind === 'redeploy';
    },
    [unitOfModel],
  );
  const dragging = drag.name === 'dragging' ? drag : null;
  useEffect(() => {
    if (!dragging || inFlight.current) return;
    const { n, modelId, start, to } = dragging;
    // Measured already, or too far for certain (the straight line is longer than the allowance):
    // the engine is not asked (the label shows the straight line, and the worker stays free for the drop).
    if (!needsMeasure(dragging, allowanceOf(modelId))) return;
    inFlight.current = true;
    const engine = ref.current.engine;
    // A move (not a set-up): the rules engine's shortest legal path around terrain and models
    // (climbing only where cheaper), its cost counted as the engine counts the move. A set-up
    // (deployment, reserve) is measured as the straight line, for information only.
    const routed = isRouted(modelId);
    const ask = routed
      ? playGame()!.query({ id: 'drag', kind: 'shortestPath', model: modelId, to, ignoreUnit: true, avoidCombat: avoidsCombat(modelId) })
      : engine.track(engine.client.query({ id: 'drag', kind: 'movePath', model: modelId, path: [start, to] }));
    ask
      .then(
        (r) => {
          const value = r.ok && typeof r.answer.value === 'number' ? r.answer.value : null;
          const path = routed && r.ok && value !== null ? (r.answer.path as Point2[]) : undefined;
          dragDispatch({ type: 'measured', n, measure: { to, value, reason: r.ok ? String(r.answer.reason ?? '') : r.problems.join('; '), ...(path ? { path } : {}) } });
        },
        () => dragDispatch({ type: 'measured', n, measure: { to, value: null, reason: 'the measuring engine did not answer' } }),
      )
      .finally(() => {
        inFlight.current = false;
      });
  }, [dragging, isRouted, avoidsCombat, allowanceOf]);
  /** The live label of a drag: the engine's move for the pointer's point, else the straight line (≥). */
  const labelOf = useCallback(
    (d: typeof drag): DragLabel | null => {
      if (d.name !== 'dragging' && d.name !== 'dropping') return null;
      const l = playDragLabel(d, allowanceOf(d.modelId));
      return l && { modelId: d.modelId, to: l.to, value: l.value, max: l.max, measured: l.measured, bad: l.bad, text: l.text, ...(l.path ? { path: l.path } : {}) };
    },
    [allowanceOf],
  );
  const holdWaiters = useRef<{ to: Point2; resolve: (l: DragLabel) => void }[]>([]);
  useEffect(() => {
    const l = labelOf(drag);
    // A held drag's label is final once the engine measured its point, or when it needs no measure (too far).
    if (!l || (!l.measured && needsMeasure(drag, l.max))) return;
    const ready = holdWaiters.current.filter((w) => same(w.to, l.to));
    holdWaiters.current = holdWaiters.current.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve(l);
  }, [drag, labelOf]);
  /**
   * Sends a unit's drop (every model's path): `deployUnit`, `setUpReserve`, the pile-in's Fight or
   * the `move`; the note names the model a refusal is about, where it would have stood, and why.
   */
  const sendPaths = useCallback(
    async (unit: GameSummary['units'][number], modelId: string, drops: Record<string, [number, number][]>, single: boolean, dist: number, n: number | null, known: ReadonlyMap<string, Point2[]> = new Map()): Promise<PlayNote> => {
      const summary = summaryRef.current!;
      const d = ref.current.data!;
      const m = d.models.find((mm) => mm.id === modelId)!;
      const deploy = summary.stage === 'deployment';
      const reserve = !deploy && unit.reserve;
      const pileIn = !deploy && !reserve && summary.phase === 'combat' && !unit.pendingMove;
      const kind = deploy ? 'deployment' : reserve ? 'reserve' : pileIn ? 'pile-in' : (unit.pendingMove?.kind ?? 'normal');
      // A move's models take the engine's shortest legal path to their drop (measured while
      // dragging, else asked now); the straight line when there is none (the engine then says why).
      // The models not measured yet are asked in one call (issue 28: one worker round trip and one
      // validated table for the whole unit); a unit's models share their move's kind (avoidCombat).
      const paths: Record<string, [number, number][]> = {};
      const ask: Record<string, Point2> = {};
      for (const [id, pts] of Object.entries(drops)) {
        const to = pts[pts.length - 1];
        const route = known.get(id);
        if (deploy || reserve) paths[id] = pts;
        else if (route && route.length >= 2 && same(route[route.length - 1], to)) paths[id] = route.slice(1);
        else {
          ask[id] = to;
          paths[id] = pts; // the straight line unless the engine finds a path (kept in the drop's order)
        }
      }
      const asked = Object.keys(ask);
      const g = playGame()!;
      if (asked.length > 0 && 'shortestPaths' in g) {
        // Hot-seat: the game worker answers the whole unit in one call.
        const r = await g.shortestPaths(ask, { ignoreUnit: true, avoidCombat: avoidsCombat(asked[0]) });
        for (const id of asked) {
          const a = r.ok ? r.answers[id] : undefined;
          paths[id] = a?.ok && a.answer.value !== null ? (a.answer.path as Point2[]).slice(1) : drops[id];
        }
      } else {
        // Online: the page's measuring engine, model by model.
        for (const id of asked) {
          const r = await g.query({ id: 'route', kind: 'shortestPath', model: id, to: ask[id], ignoreUnit: true, avoidCombat: avoidsCombat(id) });
          paths[id] = r.ok && r.answer.value !== null ? (r.answer.path as Point2[]).slice(1) : drops[id];
        }
      }
      const positions = Object.fromEntries(Object.entries(paths).map(([id, [p]]) => [id, p]));
      let action: Action;
      if (deploy) {
        // DEPLOY (Core 10.1): every model of the unit set up where the drag put it.
        action = { type: 'deployUnit', player: unit.owner, unitId: unit.id, positions };
      } else if (reserve) {
        // SET UP FROM RESERVE (Core 24.1): every model where the drag put it.
        action = { type: 'setUpReserve', player: unit.owner, unitId: unit.id, positions };
      } else if (pileIn) {
        // The pile-in's target (Core 15.3) and the attacks' target: the enemy unit nearest to the
        // unit's end positions (among those the engine offers to fight, when the unit is selected).
        const shown = store.get().options;
        const offered = new Set(shown?.ok && shown.unitId === unit.id ? shown.entries.filter((e) => e.group === 'pileIn' && e.available && e.target).map((e) => e.target!) : []);
        const enemies = d.models.filter((x) => summary.units.find((u) => u.id === x.unitId)?.owner !== unit.owner && (offered.size === 0 || offered.has(x.unitId)));
        let target: string | undefined;
        let best = Infinity;
        for (const e of enemies) {
          for (const [[x, y]] of Object.values(paths)) {
            const dist = Math.hypot(e.footprint.x - x, e.footprint.y - y);
            if (dist < best) {
              best = dist;
              target = e.unitId;
            }
          }
        }
        action = { type: 'fight', player: unit.owner, unitId: unit.id, ...(target ? { target } : {}), pileIn: { ...(target ? { target } : {}), paths } };
      } else {
        action = { type: 'move', player: unit.owner, unitId: unit.id, kind: kind as 'normal', paths };
      }
      return act(action).then((r) => {
        const verb = deploy ? ['Deployed', 'Deployment'] : reserve ? ['Set up', 'Set-up from reserve'] : pileIn ? ['Piled in', 'Pile-in'] : ['Moved', 'Move'];
        // A refusal names the model it is about (the one the engine's reason names, else the dragged
        // one) and where the drop would have put it.
        const words = new Set(r.ok ? [] : (r.reason.match(/[\w.:-]+/g) ?? []));
        const named = r.ok || words.has(modelId) ? modelId : (unit.aliveModelIds.find((id) => words.has(id)) ?? modelId);
        const nm = d.models.find((x) => x.id === named) ?? m;
        const end = paths[named];
        const [ax, ay] = end?.[end.length - 1] ?? [nm.footprint.x, nm.footprint.y];
        const who = `${unit.name} model ${unit.aliveModelIds.indexOf(named) + 1} (${named})`;
        const one = single ? ' (one model)' : '';
        const text = r.ok
          ? deploy || reserve
            ? `${verb[0]} ${unit.name}${reserve ? ' from reserve' : ''}.`
            : single
              ? `${verb[0]} ${Object.keys(paths).length} model(s) of ${unit.name} one at a time (${kind}).`
              : `${verb[0]} ${unit.name} ${inches2(dist)} (${kind}).`
          : `${verb[1]}${one} refused: ${who} at (${in1(ax)}", ${in1(ay)}"): ${r.reason}`;
        if (!r.ok) setRefusedAt({ at: [ax, ay], z: nm.elevation + nm.height + 0.4, text: `✗ ${unit.name} model ${unit.aliveModelIds.indexOf(named) + 1}: ${r.reason}` });
        const mn: MoveNote = { kind: r.ok ? 'moved' : 'refused', text };
        if (n !== null) dragDispatch({ type: 'dropped', n, note: mn });
        const pn: PlayNote = { kind: r.ok ? 'ok' : 'refused', text, rule: r.ok ? undefined : r.rule };
        setNote(pn);
        for (const w of dropWaiters.current.splice(0)) w(pn);
        return pn;
      });
    },
    [act, setNote, store, avoidsCombat],
  );
  const committed = useRef(-1);
  useEffect(() => {
    const summary = summaryRef.current;
    if (drag.name !== 'dropping' || committed.current === drag.n || !summary || !ref.current.data) return;
    committed.current = drag.n;
    const d = ref.current.data;
    const { n, modelId, start, to } = drag;
    const m = d.models.find((mm) => mm.id === modelId)!;
    const unit = summary.units.find((u) => u.id === m.unitId)!;
    const single = dragSingle.current;
    // Too far for certain (Core 15.0): refused at once by the page, nothing sent.
    const kind = summary.stage === 'deployment' || unit.reserve ? 'set-up' : summary.phase === 'combat' && !unit.pendingMove ? 'pileIn' : (unit.pendingMove?.kind ?? 'normal');
    const far = tooFarAtDrop(drag, allowanceOf(modelId), kind);
    if (far) {
      const who = `${unit.name} model ${unit.aliveModelIds.indexOf(modelId) + 1} (${modelId})`;
      const text = `${kind === 'pileIn' ? 'Pile-in' : 'Move'}${single ? ' (one model)' : ''} refused: ${who} at (${in1(to[0])}", ${in1(to[1])}"): ${far.reason}`;
      setRefusedAt({ at: to, z: m.elevation + m.height + 0.4, text: `✗ ${unit.name}: too far (${far.measured ? '' : '≥ '}${in1(far.inches)} / ${in1(far.max)}")` });
      dragDispatch({ type: 'dropped', n, note: { kind: 'refused', text } });
      const pn: PlayNote = { kind: 'refused', text, rule: far.rule };
      setNote(pn);
      for (const w of dropWaiters.current.splice(0)) w(pn);
      return;
    }
    const dx = to[0] - start[0];
    const dy = to[1] - start[1];
    const movers = d.models.filter((x) => x.unitId === m.unitId && (!single || x.id === modelId));
    const points = dropPoints(movers.map((x) => ({ id: x.id, x: x.footprint.x, y: x.footprint.y })), start, to);
    const paths: Record<string, [number, number][]> = Object.fromEntries(Object.entries(points).map(([id, p]) => [id, [p]]));
    // The dragged model's path as measured while dragging (the engine's shortest path to the drop).
    const measured = currentMeasure(drag);
    const known = new Map<string, Point2[]>();
    if (measured?.path && same(measured.to, to)) known.set(modelId, measured.path.map((p, i, all) => (i === all.length - 1 ? paths[modelId][0] : p)));
    if (single && summary.stage !== 'deployment' && !unit.reserve) {
      // One model at a time: the model's place is kept (drawn as a ghost) until the unit's move is
      // sent ("Move the placed models"): the engine's `move` is one action per unit with a path per model.
      const prev = stagedRef.current?.unitId === unit.id ? stagedRef.current.paths : {};
      const next = { ...prev, [modelId]: paths[modelId][0] };
      const route = known.get(modelId);
      if (route) stagedRoutes.current.set(modelId, route);
      else stagedRoutes.current.delete(modelId);
      setStagedBoth({ unitId: unit.id, paths: next });
      const label = labelOf(drag);
      const count = Object.keys(next).length;
      const text = `Placed ${unit.name} model ${unit.aliveModelIds.indexOf(modelId) + 1} (${modelId})${label ? ` ${label.text}` : ''}: ${count} model${count === 1 ? '' : 's'} placed; drag others, then "Move the placed models".`;
      dragDispatch({ type: 'dropped', n, note: { kind: 'moved', text } });
      const pn: PlayNote = { kind: 'info', text };
      setNote(pn);
      for (const w of dropWaiters.current.splice(0)) w(pn);
      return;
    }
    void sendPaths(unit, modelId, paths, false, Math.hypot(dx, dy), n, known);
  }, [drag, setNote, labelOf, sendPaths, setStagedBoth, allowanceOf]);

  // A drag put back where it started, or Esc: nothing sent, no move spent; the note says so.
  const cancelledShown = useRef(-1);
  useEffect(() => {
    if (drag.name !== 'idle' || !drag.last || cancelledShown.current === drag.n) return;
    if (drag.last.text !== CANCELLED_TEXT && drag.last.text !== PUT_BACK_TEXT) return;
    cancelledShown.current = drag.n;
    const pn: PlayNote = { kind: 'info', text: drag.last.text };
    setNote(pn);
    for (const w of dropWaiters.current.splice(0)) w(pn);
  }, [drag, setNote]);
  const escape = useCallback(() => dragDispatch({ type: 'escape' }), []);
  useEscapeCancels(drag.name === 'pressing' || drag.name === 'dragging', escape);

  // A unit picked up is the selected unit (issue 28: dragging a unit selects it, its options shown).
  const selectedOnDrag = useRef(-1);
  useEffect(() => {
    if (drag.name !== 'dragging' || selectedOnDrag.current === drag.n) return;
    selectedOnDrag.current = drag.n;
    const d = ref.current.data;
    const unitId = d?.models.find((mm) => mm.id === drag.modelId)?.unitId;
    if (!d || !unitId || selectedRef.current === unitId) return;
    ref.current.setSelectedIds(new Set(d.models.filter((mm) => mm.unitId === unitId).map((mm) => mm.id)));
  }, [drag]);

  /** Sends the move of the models placed one at a time (one `move` or pile-in for their unit). */
  const commitStaged = useCallback(async (): Promise<PlayNote | null> => {
    const st = stagedRef.current;
    const unit = st ? summaryRef.current?.units.find((u) => u.id === st.unitId) : undefined;
    if (!st || !unit) return null;
    const first = Object.keys(st.paths)[0];
    const paths = Object.fromEntries(Object.entries(st.paths).map(([id, p]) => [id, [p] as [number, number][]]));
    const pn = await sendPaths(unit, first, paths, true, 0, null, new Map(stagedRoutes.current));
    if (pn.kind === 'ok') setStagedBoth(null);
    return pn;
  }, [sendPaths, setStagedBoth]);
  // Placed models are forgotten when the game moves on (another phase or turn) or the mode changes.
  useEffect(() => setStagedBoth(null), [summary?.phase, summary?.active, moveOne, setStagedBoth]);

  // ---- Picks: target picking on the table.
  const onPick = useCallback(
    (p: ScenePick): boolean => {
      const { targeting, options } = store.get();
      if (!active || !targeting || p.kind !== 'model' || !options?.ok) return false;
      const m = ref.current.data?.models.find((mm) => mm.id === p.id);
      if (!m) return false;
      const entry = options.entries.find((e) => e.group === targeting && e.target === m.unitId);
      if (!entry) return false;
      void act(entry.action);
      return true;
    },
    [active, store, act],
  );

  // ---- Test hook.
  const hook = useMemo<PlayHook | undefined>(
    () =>
      active
        ? {
            summary: () => summaryRef.current,
            act: (a) => act(a),
            hash: () => playGame()!.hash(),
            save: () => playGame()!.save(),
            selectUnit: (unitId) => {
              const ids = ref.current.data?.units.find((u) => u.id === unitId)?.modelIds ?? [];
              ref.current.setSelectedIds(new Set(ids));
            },
            options: () => store.get().options,
            drag: (modelId, to, single) =>
              new Promise<PlayNote | null>((resolve) => {
                const m = ref.current.data?.models.find((mm) => mm.id === modelId);
                if (!m) return resolve(null);
                if (replaying()) {
                  const note: PlayNote = { kind: 'refused', text: REPLAY_READ_ONLY, rule: 'Page: replay' };
                  setNote(note);
                  return resolve(note);
                }
                const seatNote = seatRefusal(modelId);
                if (seatNote) {
                  setNote(seatNote);
                  return resolve(seatNote);
                }
                const start: Point2 = [m.footprint.x, m.footprint.y];
                // No farther than a click: nothing is dragged, nothing sent.
                if (Math.hypot(to[0] - start[0], to[1] - start[1]) < DRAG_THRESHOLD) return resolve(null);
                dropWaiters.current.push(resolve);
                dragSingle.current = single ?? moveOneRef.current;
                setRefusedAt(null);
                dragDispatch({ type: 'press', modelId, start, pointer: start });
                dragDispatch({ type: 'pointer', at: to });
                dragDispatch({ type: 'release' });
              }),
            dragHold: (modelId, to, single) =>
              new Promise<DragLabel>((resolve, reject) => {
                const m = ref.current.data?.models.find((mm) => mm.id === modelId);
                if (!m) return reject(new Error(`no model ${modelId} on the table`));
                holdWaiters.current.push({ to, resolve });
                const start: Point2 = [m.footprint.x, m.footprint.y];
                if (dragRef.current.name === 'idle' || dragRef.current.modelId !== modelId) {
                  dragSingle.current = single ?? moveOneRef.current;
                  setRefusedAt(null);
                  dragDispatch({ type: 'press', modelId, start, pointer: start });
                }
                dragDispatch({ type: 'pointer', at: to });
              }),
            dragRelease: () =>
              new Promise<PlayNote | null>((resolve) => {
                if (dragRef.current.name !== 'dragging') return resolve(null);
                dropWaiters.current.push(resolve);
                dragDispatch({ type: 'release' });
              }),
            dragLabel: () => labelOf(dragRef.current),
            pathCost: async (modelId, path) => {
              const r = await playGame()!.query({ id: 'cost', kind: 'movePath', model: modelId, path, ignoreUnit: true });
              return r.ok && typeof r.answer.value === 'number' ? r.answer.value : null;
            },
            route: async (modelId, to) => {
              const r = await playGame()!.query({ id: 'route', kind: 'shortestPath', model: modelId, to, ignoreUnit: true, avoidCombat: avoidsCombat(modelId) });
              if (!r.ok) return { value: null, reason: r.problems.join('; ') };
              const a = r.answer as { value: number | null; path?: Point2[]; straight?: boolean; reason?: string };
              return { value: a.value, path: a.path, straight: a.straight, reason: a.reason };
            },
            commitStaged: () => commitStaged(),
            staged: () => stagedRef.current,
            clearStaged: () => setStagedBoth(null),
            moveOne: () => moveOneRef.current,
            setMoveOne: (on) => setMoveOneState(on),
            note: () => store.get().note,
            log: () => store.get().lines,
            version: () => version.current,
            started: () => startInfo(),
            dice: () => ({ throwId: diceShown.current.throwId, steps: store.get().steps, shown: [...diceShown.current.shown] }),
            replayStep: () => replayMove('next'),
            replayBack: () => replayMove('back'),
            replayTo: (index) => replayMove(index),
            crashWorker: () => playGame()!.simulateCrash(),
            online: () => store.get().online,
            dropConnection: () => {
              const g = playGame();
              if (g && 'simulateDrop' in g) g.simulateDrop();
            },
          }
        : undefined,
    [active, act, replayMove, store, replaying, setNote, labelOf, commitStaged, setStagedBoth, seatRefusal],
  );

  // ---- The selected unit's shooting targets (the engine's available shoot options), for the table:
  // kept as a key so the App re-renders only when the set changes.
  const [shootTargets, setShootTargets] = useState('');
  useEffect(
    () =>
      store.subscribe(() => {
        const op = store.get().options;
        const key = op?.ok ? [op.unitId, ...new Set(op.entries.filter((e) => e.group === 'shoot' && e.available && e.target).map((e) => e.target!))].join('|') : '';
        setShootTargets((prev) => (prev === key ? prev : key));
      }),
    [store],
  );

  const toggle = useCallback(() => setPlayMode(!active), [active]);
  if (!active) return { active, toggle, onPick: () => false, scene: null, panel: null, hook: undefined };

  // ---- Scene children: the drag and the unit's ghosts.
  const data = o.data;
  const pressing = drag.name === 'pressing' || drag.name === 'dragging';
  let scene: ReactNode = null;
  if (data) {
    const dr = drag.name === 'dragging' || drag.name === 'dropping' ? drag : null;
    const dm = dr ? data.models.find((m) => m.id === dr.modelId) : undefined;
    const measure = dr ? currentMeasure(dr) : null;
    const unit = dm && summary ? summary.units.find((u) => u.id === dm.unitId) : undefined;
    const allowance = dm ? allowanceOf(dm.id) : null;
    const single = dragSingle.current;
    const label = dr ? labelOf(dr) : null;
    // Rings around the dragged model's start: its move, run (Move + the run roll, or + 6 before the
    // roll) and charge (the charge roll, or 12 before the roll); in the combat phase the pile-in's 3".
    const rings: RangeRing[] = [];
    if (dm && unit && summary && allowance !== null) {
      const z = dm.elevation;
      const [x, y] = dr!.start;
      if (summary.phase === 'combat' && !unit.pendingMove) rings.push({ x, y, z, radius: 3, color: '#ffd166', label: 'pile-in 3"', testId: 'play-ring-pilein' });
      else {
        rings.push({ x, y, z, radius: unit.pendingMove?.kind === 'run' ? unit.pendingMove.maxInches : unit.move, color: '#5ee0ff', label: `move ${in1(unit.pendingMove && unit.pendingMove.kind !== 'charge' ? unit.pendingMove.maxInches : unit.move)}"`, testId: 'play-ring-move' });
        if (unit.pendingMove?.kind !== 'run') rings.push({ x, y, z, radius: unit.move + (unit.runRoll ?? 6), color: '#9b8cff', label: unit.runRoll ? `run ${in1(unit.move + unit.runRoll)}"` : `run ≤ ${in1(unit.move + 6)}"`, testId: 'play-ring-run' });
        rings.push({ x, y, z, radius: unit.chargeRoll ?? 12, color: '#ff9f43', label: unit.chargeRoll ? `charge ${in1(unit.chargeRoll)}"` : 'charge ≤ 12"', testId: 'play-ring-charge' });
      }
    }
    // The game's state on the table: wounds and slain, what each unit did this turn, in combat.
    const marks: UnitStateMark[] = summary
      ? summary.units
          .filter((u) => u.deployed)
          .map((u) => ({
            unitId: u.id,
            health: u.health,
            damage: u.damage,
            slain: u.models - u.alive,
            woundedModel: u.slainPriority[0] ?? u.aliveModelIds[u.aliveModelIds.length - 1] ?? null,
            flags: [
              ...(u.inCombat ? ['in combat'] : []),
              ...(u.moved ? [u.usedRun ? 'ran' : 'moved'] : []),
              ...(u.charged ? ['charged'] : []),
              ...(u.shot ? ['shot'] : []),
              ...(u.fought ? ['fought'] : []),
            ],
          }))
      : [];
    // Weapon ranges of the selected unit (a ring per ranged weapon around each of its models: the
    // base's edge plus the range) and the enemy units it can shoot now (the engine's options).
    const sel = selectedUnit && summary ? summary.units.find((u) => u.id === selectedUnit) : undefined;
    const weaponRings: RangeRing[] = [];
    if (sel && !dr) {
      const ranges = [...new Map(sel.ranges.map((r) => [r.range, r])).values()];
      for (const m of data.models.filter((mm) => mm.unitId === sel.id))
        ranges.forEach((r, i) =>
          weaponRings.push({ x: m.footprint.x, y: m.footprint.y, z: m.elevation, radius: m.footprint.semiMajor + r.range, color: i === 0 ? '#ff6b9a' : '#ffc6d9', label: m.id === sel.aliveModelIds[0] ? `${r.weapon} ${in1(r.range)}"` : undefined, testId: `play-range-${i}` }),
        );
    }
    const [tUnit, ...tIds] = shootTargets.split('|');
    const targets = sel && tUnit === sel.id ? new Set(tIds) : new Set<string>();
    // Units waiting to be set up: undeployed ones in the deployment phase, and units in reserve
    // while they are shown (their player's movement phase, rounds 1-3).
    const waiting = new Set(summary ? summary.units.filter((u) => (summary.stage === 'deployment' ? !u.deployed : u.reserve)).map((u) => u.id) : []);
    scene = (
      <>
        {waiting.size > 0 && <SelectionRings models={data.models.filter((m) => waiting.has(m.unitId))} color={UNDEPLOYED_COLOR} gap={0.16} />}
        <DragController active={pressing} width={data.width} depth={data.depth} onPointer={(at) => dragDispatch({ type: 'pointer', at })} onRelease={() => dragDispatch({ type: 'release' })} />
        {dr &&
          dm &&
          data.models
            .filter((m) => m.unitId === dm.unitId && (!single || m.id === dm.id))
            .map((m) => (
              <MoveGhost
                key={m.id}
                model={m}
                to={[m.footprint.x + dr.to[0] - dr.start[0], m.footprint.y + dr.to[1] - dr.start[1]]}
                legal={label ? (label.bad ? false : label.measured ? true : null) : null}
                color={armyColor(m.army, data.armies)}
                path={m.id === dm.id ? measure?.path : undefined}
              />
            ))}
        {dr && dm && label && (
          <SceneLabel position={[dr.to[0], dr.to[1], dm.elevation + dm.height + 0.6]} tone={label.bad ? 'bad' : 'info'} testId="play-drag-allowance" inView>
            {label.text}
          </SceneLabel>
        )}
        {staged &&
          data.models
            .filter((m) => staged.paths[m.id] && !(dr && dr.modelId === m.id))
            .map((m) => <MoveGhost key={`staged-${m.id}`} model={m} to={staged.paths[m.id]} legal={null} color={armyColor(m.army, data.armies)} path={stagedRoutes.current.get(m.id)} />)}
        {rings.length > 0 && <RangeRings rings={rings} name="move-rings" />}
        {weaponRings.length > 0 && <RangeRings rings={weaponRings} name="weapon-ranges" />}
        {targets.size > 0 && <SelectionRings models={data.models.filter((m) => targets.has(m.unitId))} color="#ff3b6b" gap={0.22} />}
        {[...targets].map((t) => {
          const m = data.models.find((mm) => mm.unitId === t);
          return m ? (
            <SceneLabel key={`t-${t}`} position={[m.footprint.x, m.footprint.y, m.elevation + m.height + 1.5]} tone="bad" testId={`play-target-${t}`}>
              in range · visible
            </SceneLabel>
          ) : null;
        })}
        {!dr && refusedAt && (
          <SceneLabel position={[refusedAt.at[0], refusedAt.at[1], refusedAt.z]} tone="bad" testId="play-refused-at" inView>
            {refusedAt.text}
          </SceneLabel>
        )}
        <UnitStateMarkers models={data.models} marks={marks} />
        {playback && (
          <MovePlayback
            key={playback.n}
            models={data.models.filter((m) => playback.paths[m.id])}
            paths={playback.paths}
            colorOf={(m) => armyColor(m.army, data.armies)}
            onDone={() => endPlayback(playback.n)}
          />
        )}
      </>
    );
  }

  handlers.current = {
    onAct: (a) => void act(a),
    onTarget: setTargeting,
    onUndo: () => void undo(),
    onSave: () => void saveFile(),
    onLoad: (text, replay) => void loadFile(text, replay),
    onReplayStep: () => void replayMove('next'),
    onReplayBack: () => void replayMove('back'),
    onReplayTo: (i) => void replayMove(i),
    onNewGame: (deployment) => void restart(deployment),
    onLeaveReplay: leaveReplay,
    onResumePrevious: resumePreviousGame,
    onSelectUnit: (id) => hook?.selectUnit(id),
    onDiceSettled,
  };
  const colorOf = (p: 'p1' | 'p2') => (data ? armyColor(data.units.find((u) => summary?.units.find((s) => s.id === u.id)?.owner === p)?.army ?? p, data.armies) : '#888');
  const panel = (
    <>
      <PlayPanelConnected store={store} handlers={handlers} selectedUnit={selectedUnit} colorP1={colorOf('p1')} colorP2={colorOf('p2')} />
      <MoveModeToggle
        one={moveOne}
        onChange={setMoveOneState}
        placed={staged ? Object.keys(staged.paths).length : 0}
        unitName={staged ? (summary?.units.find((u) => u.id === staged.unitId)?.name ?? staged.unitId) : ''}
        onCommit={() => void commitStaged()}
        onClear={() => setStagedBoth(null)}
      />
    </>
  );
  const armyNames: Record<string, string> = {};
  if (data && summary) for (const u of data.units) {
    const owner = summary.units.find((x) => x.id === u.id)?.owner;
    if (owner) armyNames[u.army] = summary.armies[owner];
  }
  return { active, toggle, onPick, onPressModel, scene, panel, hook, armyNames };
}
