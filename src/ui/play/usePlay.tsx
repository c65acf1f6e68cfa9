/**
 * The Play mode of the page (hot-seat battle through the game worker, or online through the game
 * server), as one hook the App calls: it returns the panel, the scene children (`PlayScene`), the
 * pick and press handlers, and the test hook `window.__sightline.play`. It only composes small
 * parts, one per file (`docs/architecture.md`, "The Play mode: tools and hooks"):
 * the panel's store and summary (`usePlayStore`), dice (`usePlayDice`), the board sync
 * (`useBoardSync`), the actions (`usePlayActions`), the start (`usePlayStart`), the options
 * (`usePlayOptions`), games and files (`usePlayFiles`), online (`useOnline`), and the pointer's
 * tools as small state machines (`tools/moveTool.ts` run by `usePlayMoveTool`,
 * `tools/targetTool.ts` run by `useTargetTool`), the test hook (`usePlayHook`).
 *
 * - Every action goes to the game worker (`act`); the worker's answer (summary, log lines, dice) is
 *   shown; a rejection shows the engine's reason and rule. Accepted actions move/remove models on
 *   the table (scene data and the measuring engine are both updated), then the game is autosaved.
 * - Moves: drag a model: the whole unit is translated by the same offset and committed as the
 *   game's `move` action (Normal Move, or the declared Run / Retreat / Charge / Redeploy move); or,
 *   with "Drag moves one model", each drag places one model (a ghost) and "Move the placed models"
 *   sends the unit's one `move` with a path per placed model. The drag flow is the Play move tool's
 *   state machine (`./tools/moveTool.ts`: put back or Esc cancels, a too-far drop is refused at
 *   once, the label's straight-line lower bound until the engine answers); the live label is the engine's path answer for
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
import { useCallback, useMemo, useRef } from 'react';
import type { Action, GameSummary } from '../../client/gameClient';
import { perfMark } from '../../client/perfTrace';
import { armyColor } from '../../scene/palette';
import { isPlayMode, playGame, setPlayMode, startInfo } from './game';
import { MoveModeToggle } from './MoveModeToggle';
import { PlayPanelConnected, type PlayPanelHandlers } from './PlayPanelConnected';
import { PlayScene } from './PlayScene';
import type { Play, PlayOptions } from './playTypes';
import { REPLAY_READ_ONLY } from './usePlayActions';
import { useBoardSync } from './useBoardSync';
import { useOnline } from './useOnline';
import { usePlayActions } from './usePlayActions';
import { usePlayDice } from './usePlayDice';
import { usePlayFiles } from './usePlayFiles';
import { usePlayHook } from './usePlayHook';
import { usePlayMoveTool } from './usePlayMoveTool';
import { usePlayOptions } from './usePlayOptions';
import { usePlayStart } from './usePlayStart';
import { usePlayStore } from './usePlayStore';
import { useTargetTool } from './useTargetTool';
import { turnRefusal } from './turnRefusal';
import { moveWithTarget } from './passedAcross41';

export type { DragLabel, Play, PlayHook, PlayOptions } from './playTypes';
export { REPLAY_READ_ONLY } from './usePlayActions';

/** The Play mode hook (see the module comment). */
export function usePlay(o: PlayOptions): Play {
  const active = useMemo(() => isPlayMode(), []);
  const app = useRef(o);
  app.current = o;
  /** The game connection: the game worker (hot-seat) or the game server (online; null until joined). */
  const game = active ? playGame() : null;
  /** The online game, if any: its seat decides what this page may do. */
  const online = game && 'seat' in game ? game : null;
  const play = usePlayStore();
  const { store, summary, summaryRef, setNote, setLines } = play;
  /** A replay is on screen (opened from a file): nothing may change the game or its autosave. */
  const replaying = useCallback(() => summaryRef.current?.replay != null || startInfo().kind === 'replay', [summaryRef]);
  const dice = usePlayDice(store);
  const models = useCallback(() => app.current.data?.models, []);

  const selectedUnit = useMemo(() => {
    for (const id of o.selectedIds) {
      const m = o.data?.models.find((mm) => mm.id === id);
      if (m) return m.unitId;
    }
    return null;
  }, [o.selectedIds, o.data]);

  const applyBoard = useBoardSync(app);
  const actRef = useRef<(a: Action) => void>(() => undefined);
  const target = useTargetTool({ active, store, models, act: (a) => actRef.current(a) });
  const { afterChange, act, undo, replayMove } = usePlayActions({ game, online, play, showDice: dice.showDice, applyBoard, replaying, onAccepted: target.accepted });
  actRef.current = (a) => void act(a);
  usePlayStart({ game, app, engineLoaded: o.engineLoaded, hasData: o.data !== null, play, applyBoard });
  // Online (issue 25 item 3): the other player's actions, presence, connection, seat checks.
  const { playback, endPlayback, seatRefusal } = useOnline({ online, store, summaryRef, models, setLines, showDice: dice.showDice, setNote, afterChange });
  usePlayOptions({ game, online, store, selectedUnit });
  const files = usePlayFiles({ game, summaryRef, setNote });
  const move = usePlayMoveTool({ app, play, act, selectedUnit });
  const hook = usePlayHook({ active, app, play, dice, move, act, replayMove, replaying, seatRefusal });

  /** A model pressed on the table: the move tool's press, unless busy, a replay, or not this page's seat. */
  const { send } = move;
  const onPressModel = useCallback(
    (id: string, at: [number, number] | null) => {
      const m = app.current.data?.models.find((mm) => mm.id === id);
      if (!m || !at || store.get().busy) return;
      // May not move it (a replay, another seat's model, not its player's turn): said when the press
      // becomes a drag, at once; a plain click (to look, or to pick a target) says nothing (issue 35).
      const refusal = replaying() ? { kind: 'refused' as const, text: REPLAY_READ_ONLY, rule: 'Page: replay' } : (seatRefusal(id) ?? turnRefusal(summaryRef.current, m.unitId));
      send({ type: 'press', modelId: id, start: [m.footprint.x, m.footprint.y], pointer: at, ...(refusal ? { blocked: refusal } : {}) });
    },
    [store, replaying, seatRefusal, send, summaryRef],
  );
  const onPointer = useCallback((at: [number, number]) => void send({ type: 'pointer', at }), [send]);
  const onRelease = useCallback(() => void send({ type: 'release' }), [send]);

  const handlers = useRef<PlayPanelHandlers>(null as unknown as PlayPanelHandlers);
  const toggle = useCallback(() => setPlayMode(!active), [active]);
  const armyNames = useArmyNames(o.data, summary);
  if (!active) return { active, toggle, onPick: () => false, scene: null, panel: null, hook: undefined };

  const data = o.data;
  const drag = move.state.drag;
  const dragged = drag.name === 'dragging' || drag.name === 'dropping' ? drag.modelId : null;
  const label = move.labelOf(drag);
  if (label?.measured) perfMark('appRender');
  const scene = data && (
    <PlayScene
      data={data}
      summary={summary}
      store={store}
      selectedUnit={selectedUnit}
      move={move.state}
      label={label}
      liveLabel={move.liveLabel}
      allowance={dragged ? move.allowanceOf(dragged) : null}
      onPointer={onPointer}
      onRelease={onRelease}
      playback={playback}
      onPlaybackDone={endPlayback}
    />
  );
  handlers.current = {
    onAct: (a) => void act(a),
    onTarget: target.onTarget,
    onUndo: () => void undo(),
    onSave: () => void files.saveFile(),
    onLoad: (text, replay) => void files.loadFile(text, replay),
    onReplayStep: () => void replayMove('next'),
    onReplayBack: () => void replayMove('back'),
    onReplayTo: (i) => void replayMove(i),
    onNewGame: (deployment) => void files.restart(deployment),
    onLeaveReplay: files.leaveReplay,
    onResumePrevious: files.resumePreviousGame,
    onSelectUnit: (id) => hook?.selectUnit(id),
    onDiceSettled: dice.onDiceSettled,
    // Session 41 (ui41): the unit picked among those the refused move passed across: the move sent again with it.
    onAcrossPick: (unitId) => {
      const pick = store.get().acrossPick;
      store.set('acrossPick', null);
      store.set('hoverUnit', null);
      if (pick && unitId !== null) void act(moveWithTarget(pick, unitId));
    },
    onHoverUnit: (unitId) => store.set('hoverUnit', unitId),
  };
  const colorOf = (p: 'p1' | 'p2') => (data ? armyColor(data.units.find((u) => summary?.units.find((s) => s.id === u.id)?.owner === p)?.army ?? p, data.armies) : '#888');
  const staged = move.state.staged;
  const panel = (
    <>
      <PlayPanelConnected store={store} handlers={handlers} selectedUnit={selectedUnit} colorP1={colorOf('p1')} colorP2={colorOf('p2')} />
      {/* A spectator moves nothing: no "Drag moves the unit / one model" (issue 35 item 5). */}
      {online?.seat !== 'spectator' && (
      <MoveModeToggle
        one={move.state.oneModel}
        onChange={(on) => void send({ type: 'setOneModel', on })}
        placed={staged ? Object.keys(staged.paths).length : 0}
        unitName={staged ? (summary?.units.find((u) => u.id === staged.unitId)?.name ?? staged.unitId) : ''}
        onCommit={() => void move.commitStaged()}
        onClear={() => void send({ type: 'clearStaged' })}
      />
      )}
    </>
  );
  return { active, toggle, onPick: target.onPick, onPressModel, scene, panel, hook, armyNames, ...(active ? { undo: () => void undo() } : {}) };
}

/**
 * The game's army names by the drawn army id (`p1-stormcast-eternals` → "Stormcast Eternals"), one
 * object for as long as the names stay the same (its users' effects and memos depend on it; a new
 * summary after each action names the same armies).
 */
function useArmyNames(data: PlayOptions['data'], summary: GameSummary | null): Record<string, string> {
  const names: Record<string, string> = {};
  if (data && summary) {
    const owners = new Map(summary.units.map((x) => [x.id, x.owner]));
    for (const u of data.units) {
      const owner = owners.get(u.id);
      if (owner) names[u.army] = summary.armies[owner];
    }
  }
  const key = JSON.stringify(names);
  return useMemo(() => names, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- by value
}
