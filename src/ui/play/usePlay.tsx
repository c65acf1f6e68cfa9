/**
 * The Play mode of the page (hot-seat battle through the game worker), as one hook the App calls:
 * it returns the panel, the scene children (drag controller and ghosts), the pick and press
 * handlers, and the test hook `window.__sightline.play`.
 *
 * - Every action goes to the game worker (`act`); the worker's answer (summary, log lines, dice) is
 *   shown; a rejection shows the engine's reason and rule. Accepted actions move/remove models on
 *   the table (scene data and the measuring engine are both updated), then the game is autosaved.
 * - Moves: drag a model: the whole unit is translated by the same offset and committed as the
 *   game's `move` action (Normal Move, or the declared Run / Retreat / Charge / Redeploy move). The
 *   drag flow is the move tool's state machine (`moveReduce`); the live label is the measuring
 *   engine's `movePath` answer for the dragged model; only the game worker decides legality.
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
import { armyColor } from '../../scene/palette';
import { SceneLabel } from '../../scene/SceneLabel';
import { SelectionRings } from '../../scene/SelectionRings';
import type { ScenePick } from '../../scene/TableScene';
import type { BattlefieldData, ModelView } from '../../scene/types';
import type { Engine } from '../engine/engine';
import { inches2 } from '../format';
import { sceneDataClient } from '../sceneData/sceneDataClient';
import { currentMeasure, MOVE_IDLE, moveReduce, type MoveNote } from '../tools/moveTool';
import type { Point2 } from '../tools/types';
import { AUTOSAVE_KEY, GAME_RESTART_EVENT, REPLAY_KEY, autosave, getGame, isPlayMode, keepPrevious, newGame, previousGame, resumePrevious, scenarioModel, setPlayMode, startInfo } from './game';
import { actionNote } from './notes';
import { PanelStore } from './panelStore';
import type { PlayNote } from './PlayPanel';
import { PlayPanelConnected, type PlayPanelHandlers } from './PlayPanelConnected';

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
  /** Drags a model to `to` through the move flow (press, pointer, release); resolves with the note shown. */
  drag(modelId: string, to: Point2): Promise<PlayNote | null>;
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
}

/** The note shown when something would change the game during a replay. */
export const REPLAY_READ_ONLY = 'This is a replay: it is read-only. Leave the replay to go back to your game.';

/** Ring colour of units not deployed yet (deployment phase) and of units waiting in reserve. */
const UNDEPLOYED_COLOR = '#b9c2cc';

/** What the table draws from the summary: a new key, a new copy for the table (App re-render). */
function sceneKey(s: GameSummary): string {
  return JSON.stringify([s.stage, s.phase, s.active, s.units.map((u) => [u.id, u.owner, u.deployed, u.reserve, u.pendingMove?.kind ?? '', u.pendingMove?.maxInches ?? 0])]);
}

const same = (a: Point2, b: Point2) => Math.abs(a[0] - b[0]) < 1e-6 && Math.abs(a[1] - b[1]) < 1e-6;

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

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
    },
    [store],
  );
  const onDiceSettled = useCallback((id: number, index: number, shown: number[]) => {
    if (diceShown.current.throwId !== id) return;
    diceShown.current.shown[index] = shown;
  }, []);
  /** Bumps each time the page shows a new game state (the test hook's `version()`). */
  const version = useRef(0);
  const handlers = useRef<PlayPanelHandlers>(null as unknown as PlayPanelHandlers);
  const [drag, dragDispatch] = useReducer(moveReduce, MOVE_IDLE);
  const ref = useRef(o);
  ref.current = o;
  const game = active ? getGame() : null;
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
  const applyBoard = useCallback(async (s: GameSummary) => {
    const { engine, setData } = ref.current;
    let data = ref.current.data;
    if (!data) return;
    // Models back on the battlefield (a replay stepped back before they were slain).
    const back = [...offTable.current.keys()].filter((id) => s.board.positions[id] && !data!.models.some((m) => m.id === id));
    if (back.length) {
      const state: GameState = await getGame().state();
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
    const byId = new Map(placed.filter((v): v is NonNullable<typeof v> => !!v).map((v) => [v.id, v]));
    if (byId.size || gone.length || back.length) {
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
      await applyBoard(s);
      // A replay is not the player's game: the autosave keeps the game in progress.
      if (game && s.replay === null && !replaying()) autosave(await game.save());
      version.current++;
    },
    [applyBoard, game, replaying],
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
      if (s.board.removed.some((id) => ref.current.data?.models.some((m) => m.id === id))) await applyBoard(s);
      version.current++;
    })();
  }, [game, o.engineLoaded, o.data, setLines, setSummary, applyBoard, store]);

  // ---- Options for the selected unit and the player-level actions, refreshed on every change of
  // the game (from `setSummary`) and of the selection. A later refresh drops an earlier one's answers.
  const selectedRef = useRef(selectedUnit);
  selectedRef.current = selectedUnit;
  const optionsSeq = useRef(0);
  refreshOptions.current = () => {
    const s = summaryRef.current;
    if (!game || !s) return;
    const seq = ++optionsSeq.current;
    const live = () => seq === optionsSeq.current;
    const unit = selectedRef.current;
    void (async () => {
      const g = await game.generalOptions();
      if (live()) setGeneral(g);
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
    download(`sightline-game-r${summaryRef.current?.round ?? 0}.json`, JSON.stringify(saved, null, 1));
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
      dragDispatch({ type: 'press', modelId: id, start: [m.footprint.x, m.footprint.y], pointer: at });
    },
    [store, replaying, setNote],
  );
  const inFlight = useRef(false);
  const dragging = drag.name === 'dragging' ? drag : null;
  useEffect(() => {
    if (!dragging || inFlight.current) return;
    const { n, modelId, start, to } = dragging;
    if (dragging.measured && same(dragging.measured.to, to)) return;
    inFlight.current = true;
    const engine = ref.current.engine;
    engine
      .track(engine.client.query({ id: 'drag', kind: 'movePath', model: modelId, path: [start, to] }))
      .then(
        (r) => {
          const value = r.ok && typeof r.answer.value === 'number' ? r.answer.value : null;
          dragDispatch({ type: 'measured', n, measure: { to, value, reason: r.ok ? String(r.answer.reason ?? '') : r.problems.join('; ') } });
        },
        () => dragDispatch({ type: 'measured', n, measure: { to, value: null, reason: 'the measuring engine did not answer' } }),
      )
      .finally(() => {
        inFlight.current = false;
      });
  }, [dragging]);
  const committed = useRef(-1);
  useEffect(() => {
    const summary = summaryRef.current;
    if (drag.name !== 'dropping' || committed.current === drag.n || !summary || !ref.current.data) return;
    committed.current = drag.n;
    const d = ref.current.data;
    const { n, modelId, start, to } = drag;
    const m = d.models.find((mm) => mm.id === modelId)!;
    const unit = summary.units.find((u) => u.id === m.unitId)!;
    const dx = to[0] - start[0];
    const dy = to[1] - start[1];
    const paths: Record<string, [number, number][]> = {};
    for (const mm of d.models.filter((x) => x.unitId === m.unitId)) paths[mm.id] = [[Math.round((mm.footprint.x + dx) * 1000) / 1000, Math.round((mm.footprint.y + dy) * 1000) / 1000]];
    const deploy = summary.stage === 'deployment';
    const reserve = !deploy && unit.reserve;
    const pileIn = !deploy && !reserve && summary.phase === 'combat' && !unit.pendingMove;
    const kind = deploy ? 'deployment' : reserve ? 'reserve' : pileIn ? 'pile-in' : (unit.pendingMove?.kind ?? 'normal');
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
    void act(action).then((r) => {
      const verb = deploy ? ['Deployed', 'Deployment'] : reserve ? ['Set up', 'Set-up from reserve'] : pileIn ? ['Piled in', 'Pile-in'] : ['Moved', 'Move'];
      const text = r.ok ? (deploy || reserve ? `${verb[0]} ${unit.name}${reserve ? ' from reserve' : ''}.` : `${verb[0]} ${unit.name} ${inches2(Math.hypot(dx, dy))} (${kind}).`) : `${verb[1]} refused: ${r.reason}`;
      const mn: MoveNote = { kind: r.ok ? 'moved' : 'refused', text };
      dragDispatch({ type: 'dropped', n, note: mn });
      const pn: PlayNote = { kind: r.ok ? 'ok' : 'refused', text, rule: r.ok ? undefined : r.rule };
      setNote(pn);
      for (const w of dropWaiters.current.splice(0)) w(pn);
    });
  }, [drag, act, setNote, store]);

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
            hash: () => getGame().hash(),
            save: () => getGame().save(),
            selectUnit: (unitId) => {
              const ids = ref.current.data?.units.find((u) => u.id === unitId)?.modelIds ?? [];
              ref.current.setSelectedIds(new Set(ids));
            },
            options: () => store.get().options,
            drag: (modelId, to) =>
              new Promise<PlayNote | null>((resolve) => {
                const m = ref.current.data?.models.find((mm) => mm.id === modelId);
                if (!m) return resolve(null);
                if (replaying()) {
                  const note: PlayNote = { kind: 'refused', text: REPLAY_READ_ONLY, rule: 'Page: replay' };
                  setNote(note);
                  return resolve(note);
                }
                dropWaiters.current.push(resolve);
                const start: Point2 = [m.footprint.x, m.footprint.y];
                dragDispatch({ type: 'press', modelId, start, pointer: start });
                dragDispatch({ type: 'pointer', at: to });
                dragDispatch({ type: 'release' });
              }),
            note: () => store.get().note,
            log: () => store.get().lines,
            version: () => version.current,
            started: () => startInfo(),
            dice: () => ({ throwId: diceShown.current.throwId, steps: store.get().steps, shown: [...diceShown.current.shown] }),
            replayStep: () => replayMove('next'),
            replayBack: () => replayMove('back'),
            replayTo: (index) => replayMove(index),
            crashWorker: () => getGame().simulateCrash(),
          }
        : undefined,
    [active, act, replayMove, store, replaying, setNote],
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
    const max = unit?.pendingMove?.maxInches ?? (summary?.phase === 'combat' ? 3 : undefined);
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
            .filter((m) => m.unitId === dm.unitId)
            .map((m) => (
              <MoveGhost
                key={m.id}
                model={m}
                to={[m.footprint.x + dr.to[0] - dr.start[0], m.footprint.y + dr.to[1] - dr.start[1]]}
                legal={measure ? measure.value !== null && (max === undefined || measure.value <= max + 1e-6) : null}
                color={armyColor(m.army, data.armies)}
              />
            ))}
        {dr && dm && measure && (
          <SceneLabel position={[dr.to[0], dr.to[1], dm.elevation + dm.height + 0.6]} tone={measure.value === null ? 'bad' : 'info'}>
            {measure.value === null ? '✗ blocked' : `${inches2(measure.value)} (the engine decides on drop)`}
          </SceneLabel>
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
  const panel = <PlayPanelConnected store={store} handlers={handlers} selectedUnit={selectedUnit} colorP1={colorOf('p1')} colorP2={colorOf('p2')} />;
  return { active, toggle, onPick, onPressModel, scene, panel, hook };
}
