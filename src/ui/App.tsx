import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { perfMark } from '../client/perfTrace';
import { DragController } from '../scene/DragController';
import { KeyboardCamera } from '../scene/KeyboardCamera';
import { RulerLayer } from '../scene/RulerLayer';
import type { SceneHandleRef } from '../scene/SceneBridge';
import { TableScene } from '../scene/TableScene';
import { TableDice } from '../scene/dice/TableDice';
import type { BattlefieldData, CameraView, HoverTarget } from '../scene/types';
import { LoadStatus } from './app/LoadStatus';
import { MoveDragGhost } from './app/MoveDragGhost';
import { TableOverlays } from './app/TableOverlays';
import { useAppKeys } from './app/useAppKeys';
import { useEditUndo } from './app/useEditUndo';
import { useEyeView } from './app/useEyeView';
import { useLosShare } from './app/useLosShare';
import { ISOLATED_COLOR, useOverlayData } from './app/useOverlayData';
import { useScenarioLoad } from './app/useScenarioLoad';
import { useTablePicks } from './app/useTablePicks';
import { useToolsHook } from './app/useToolsHook';
import { CampaignScreen } from './campaign/CampaignScreen';
import { onCampaignAftermath } from './campaign/campaignNav';
import { getEngine, type Engine } from './engine/engine';
import { useEngineStatus } from './engine/useEngineStatus';
import { disputeOf, type DisputeQuery } from './files/dispute';
import { startupInfo, startupSource } from './files/startup';
import { useWorkbench } from './files/useWorkbench';
import { HoverCard } from './HoverCard';
import { InfoPanel } from './InfoPanel';
import { useLayoutLab } from './layout/useLayoutLab';
import { BoardPanel } from './panels/BoardPanel';
import { DragChip } from './panels/DragChip';
import { EyeBanner } from './panels/EyeBanner';
import { LosPanel } from './panels/LosPanel';
import { MeasurePanel } from './panels/MeasurePanel';
import { MovePanel } from './panels/MovePanel';
import { SightTable } from './panels/SightTable';
import { ToolPalette } from './panels/ToolPalette';
import { isPlayMode, playScenarioSource } from './play/game';
import { NewBattleDialog } from './play/NewBattleDialog';
import { keptPlayCamera, useKeepPlayCamera } from './play/playCamera';
import { usePlay } from './play/usePlay';
import { OverlapWarning } from './sandbox/OverlapWarning';
import { useSceneEditor, type SceneEditor } from './sandbox/useSceneEditor';
import type { ScenarioSource } from './scenarioSource';
import { sceneDataClient } from './sceneData/sceneDataClient';
import { SelectionPanel } from './SelectionPanel';
import { Toolbar } from './Toolbar';
import { useBoardStatus } from './tools/boardStatus';
import { useCombatTool } from './tools/combatTool';
import { useLosTool } from './tools/losTool';
import { useMeasureTool } from './tools/measureTool';
import { EMPTY_HISTORY, pushMove, type MoveHistory } from './tools/moveHistory';
import { currentMeasure, useMoveTool, type MoveRecord } from './tools/moveTool';
import type { RulerState } from './tools/rulerTool';
import { useSightTable } from './tools/sightTableTool';
import type { Point2, ToolId } from './tools/types';

/** Props of {@link App}. */
export interface AppProps {
  /** Fetches the scenario to show. Default: a `#share=` link, the `?scenario=` URL, the autosave, else the bundled default (`files/startup.ts`; Play mode: its game). */
  source?: () => Promise<ScenarioSource>;
  /** The engine (worker client). Default: the page's one engine. */
  engine?: Engine;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * The Sightline page: loads a scenario into the engine worker and draws it as a 3D tabletop, with
 * the measure, line-of-sight and move tools, combat ranges, coherency and objectives. Every
 * number and verdict on screen is an answer of the engine worker. The parts live in `src/ui/app/`
 * (loading, undo, the eye view, picks, keys, overlays, the test hook); this composes them.
 */
export function App({ source = isPlayMode() ? playScenarioSource : startupSource, engine = getEngine() }: AppProps) {
  const engineStatus = useEngineStatus(engine);
  // A dispute (issue 29) in the scenario just opened: reopened in the line-of-sight tool once the table is up.
  const [pendingDispute, setPendingDispute] = useState<DisputeQuery | null>(null);
  // A dispute reopens from a link, a file or `?scenario=`, not from the autosave of the last visit.
  const onOpened = useCallback((json: unknown) => {
    if (startupInfo()?.origin !== 'autosave') setPendingDispute(disputeOf(json));
  }, []);
  const { load, data, setData, engineLoaded } = useScenarioLoad(engine, source, onOpened);
  const [framed, setFramed] = useState(false);
  const [version, setVersion] = useState(0);
  const bumpVersion = useCallback(() => setVersion((v) => v + 1), []);
  const [tool, setTool] = useState<ToolId>('select');
  const [showGrid, setShowGrid] = useState(false);
  const [showTerritories, setShowTerritories] = useState(true);
  // Play opens in the table view it was left in (a reload keeps it: play/playCamera.ts).
  const [view, setView] = useState<CameraView>(() => ({ mode: isPlayMode() ? keptPlayCamera() : 'oblique', seq: 0 }));
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(EMPTY);
  const [hover, setHover] = useState<{ target: HoverTarget; x: number; y: number } | null>(null);
  const [history, setHistory] = useState<MoveHistory>(EMPTY_HISTORY);
  const [pointer, setPointer] = useState<[number, number] | null>(null);
  // The who-sees-whom cell under the pointer: its pair is ringed on the table.
  const [sightHover, setSightHover] = useState<readonly [string, string] | null>(null);
  const bridge: SceneHandleRef = useRef(null);
  const dataRef = useRef<BattlefieldData | null>(data);
  dataRef.current = data;
  // Play mode (src/ui/play): a hot-seat battle through the game worker.
  const play = usePlay({ engine, data, setData, bumpVersion, selectedIds, setSelectedIds, engineLoaded });
  // Before a battle: the armies and set-up for the battlefield open now (Play in the sandbox).
  const [battleDialog, setBattleDialog] = useState(false);
  // The Path to Glory campaign screen (src/ui/campaign), over the table in both views.
  const [campaignOpen, setCampaignOpen] = useState(false);
  // The view it opens on: Play's end prompt of a campaign battle opens it on the aftermath (a new key remounts it).
  const [campaignView, setCampaignView] = useState<{ view: 'overview' | 'aftermath'; key: number }>({ view: 'overview', key: 0 });
  useEffect(
    () =>
      onCampaignAftermath(() => {
        setCampaignView((v) => ({ view: 'aftermath', key: v.key + 1 }));
        setCampaignOpen(true);
      }),
    [],
  );
  useKeepPlayCamera(play.active, view);
  const onTogglePlay = play.active ? play.toggle : () => setBattleDialog(true);

  // ---- Redrawing a model after an edit (pose from the scene-data worker; the engine decided the move).
  const placeModel = useCallback(
    async (id: string, at: Point2, elevation?: number) => {
      const placed = await sceneDataClient().place(id, at[0], at[1], elevation);
      if (!placed) return;
      setData((d) => (d ? { ...d, models: d.models.map((m) => (m.id === id ? placed : m)) } : d));
    },
    [setData],
  );

  // ---- Tools (each a state machine in src/ui/tools/).
  const [measure, measureDispatch] = useMeasureTool(engine, version);
  const [los, losDispatch] = useLosTool(engine, version);
  const onMoved = useCallback(
    (r: MoveRecord) => {
      setHistory((h) => pushMove(h, r));
      void placeModel(r.modelId, r.to).then(() => setVersion((v) => v + 1));
    },
    [placeModel],
  );
  const standAt = useCallback(async (id: string, x: number, y: number) => (await sceneDataClient().place(id, x, y))?.elevation, []);
  const elevationOf = useCallback((id: string) => {
    const m = dataRef.current?.models.find((mm) => mm.id === id);
    return m && !m.elevationResolved ? m.elevation : undefined;
  }, []);
  const [move, moveDispatch] = useMoveTool(engine, { standAt, elevationOf, onMoved });
  const [combat, combatDispatch] = useCombatTool(engine, version);
  const [sightTable, sightTableDispatch] = useSightTable(engine, version);
  /** A cell of the who-sees-whom table: check that pair of units with the line-of-sight tool. */
  const checkUnitPair = useCallback(
    (observerUnit: string, targetUnit: string) => {
      losDispatch({ type: 'cancel' });
      losDispatch({ type: 'pick', target: { kind: 'unit', id: observerUnit } });
      losDispatch({ type: 'pick', target: { kind: 'unit', id: targetUnit } });
    },
    [losDispatch],
  );
  const unitIds = useMemo(() => (data ? data.units.map((u) => u.id) : []), [data?.units]); // eslint-disable-line react-hooks/exhaustive-deps
  const objectiveIds = useMemo(() => (data ? data.objectives.map((o) => o.id) : []), [data?.objectives]); // eslint-disable-line react-hooks/exhaustive-deps
  const board = useBoardStatus(engine, version, engineLoaded && data !== null, unitIds, objectiveIds);

  // ---- Undo / redo of moves, palette placements and sandbox edits (app/useEditUndo.ts).
  // The sandbox editor (made below, after the workbench): its note line shows undo / redo of edits.
  const editorRef = useRef<SceneEditor | null>(null);
  const { applying, undo, redo, restoreRef } = useEditUndo({ engine, history, setHistory, move, moveDispatch, placeModel, setSelectedIds, bumpVersion, editorRef });

  // ---- The observer's-eye view follows the line-of-sight tool's `eye` state (app/useEyeView.ts).
  const { losEye, eyePair, eyeActive, eyeDrawn } = useEyeView(los, data, setView);

  // ---- Tool switching: leaving a tool ends its transient states.
  const activate = useCallback(
    (id: ToolId) => {
      setTool(id);
      if (id !== 'los') {
        losDispatch({ type: 'back' });
        setSightHover(null);
        // The table lives in the line-of-sight panel: hidden, it must not recompute on every edit.
        sightTableDispatch({ type: 'close' });
      }
      if (id !== 'move') moveDispatch({ type: 'cancel' });
      setHover(null);
    },
    [losDispatch, moveDispatch, sightTableDispatch],
  );

  // ---- Picks from the scene, routed to Play, then the active tool (app/useTablePicks.ts).
  const placingRef = useRef(false);
  const { onPick, onMissed, onPressModel, onDragPointer, onDragRelease, onHover } = useTablePicks({
    dataRef,
    engineLoaded,
    tool,
    playPick: play.onPick,
    playActive: play.active,
    editorRef,
    placingRef,
    measureDispatch,
    losDispatch,
    moveDispatch,
    setSelectedIds,
    setHover,
  });

  // ---- View controls.
  const clearSelection = useCallback(() => setSelectedIds((prev) => (prev.size ? EMPTY : prev)), []);
  const topDown = useCallback(() => {
    losDispatch({ type: 'back' });
    setView((v) => ({ mode: 'top', seq: v.seq + 1 }));
  }, [losDispatch]);
  const oblique = useCallback(() => {
    losDispatch({ type: 'back' });
    setView((v) => ({ mode: 'oblique', seq: v.seq + 1 }));
  }, [losDispatch]);
  const toggleGrid = useCallback(() => setShowGrid((g) => !g), []);
  const toggleTerritories = useCallback(() => setShowTerritories((t) => !t), []);
  const toggleCombat = useCallback(() => combatDispatch({ type: 'toggle' }), [combatDispatch]);

  // ---- Keyboard (app/useAppKeys.ts).
  const escape = () => {
    if (tool === 'measure' && measure.name !== 'idle') measureDispatch({ type: 'cancel' });
    else if (tool === 'los' && los.name !== 'idle') losDispatch({ type: 'cancel' });
    else if (tool === 'move' && move.name !== 'idle') moveDispatch({ type: 'cancel' });
    else if (tool !== 'select') activate('select');
    else clearSelection();
  };
  useAppKeys({
    editorKey: (key) => editorRef.current?.onKey(key) ?? false,
    playUndo: play.undo,
    undo,
    redo,
    topDown,
    oblique,
    toggleGrid,
    toggleTerritories,
    toggleCombat,
    activate,
    escape,
  });

  // ---- Proof export and dispute share of the line-of-sight panel (app/useLosShare.ts).
  const losShare = useLosShare(engine, los, bridge, dataRef, play.active, play.armyNames);

  // ---- Files, palette, autosave and dice (src/ui/files, src/ui/palette); off in Play mode.
  const workbench = useWorkbench({
    engine,
    data,
    ready: framed && engineLoaded && data !== null && !play.active,
    version,
    tool,
    view: { showGrid, showTerritories, camera: view.mode === 'top' ? 'top' : 'oblique' },
    applyView: (v) => {
      setShowGrid(v.showGrid);
      setShowTerritories(v.showTerritories);
      setView((c) => (c.mode === v.camera ? c : { mode: v.camera, seq: c.seq + 1 }));
    },
    setData,
    bumpVersion,
    replaced: (next) => {
      activate('select');
      measureDispatch({ type: 'cancel' });
      losDispatch({ type: 'cancel' });
      setSelectedIds(EMPTY);
      editorRef.current?.selectTerrain(null);
      editorRef.current?.setNote(null);
      setHistory(EMPTY_HISTORY);
      setData(next);
      setVersion((v) => v + 1);
      setView((c) => ({ mode: c.mode === 'top' ? 'top' : 'oblique', seq: c.seq + 1 }));
    },
    selectTool: () => activate('select'),
    opened: (json) => setPendingDispute(disputeOf(json)),
    bridge,
    onPlaced: (r) => setHistory((h) => pushMove(h, r)),
  });
  restoreRef.current = workbench.restore;
  placingRef.current = workbench.placing;

  // ---- The sandbox editor (src/ui/sandbox): select, move, turn and delete placed terrain and models.
  const editor = useSceneEditor({
    engine,
    data,
    enabled: tool === 'select' && !play.active && framed && engineLoaded,
    blocked: applying || workbench.placing,
    selectedModelIds: selectedIds,
    setData,
    bumpVersion,
    onEdited: (r) => setHistory((h) => pushMove(h, r)),
    onModelGone: (id) => setSelectedIds((sel) => (sel.has(id) ? new Set([...sel].filter((x) => x !== id)) : sel)),
    moveTool: () => activate('move'),
  });
  editorRef.current = editor;

  // ---- A dispute from a link or file: the line-of-sight tool on its pair, once the table is up.
  useEffect(() => {
    if (!pendingDispute || !framed || !engineLoaded || !data) return;
    const kindOf = (id: string) =>
      data.models.some((m) => m.id === id) ? ({ kind: 'model', id } as const) : data.units.some((u) => u.id === id) ? ({ kind: 'unit', id } as const) : null;
    const observer = kindOf(pendingDispute.observer);
    const target = kindOf(pendingDispute.target);
    setPendingDispute(null);
    if (!observer || !target) return;
    activate('los');
    losDispatch({ type: 'open', observer, target, eye: pendingDispute.eye });
  }, [pendingDispute, framed, engineLoaded, data, activate, losDispatch]);

  // ---- The Layout panel (src/ui/layout): the layout lab's analysis in the engine worker; off in Play mode.
  const [layoutOpen, setLayoutOpen] = useState(false);
  const layout = useLayoutLab({ engine, data, bridge, open: layoutOpen && !play.active, onClose: () => setLayoutOpen(false) });
  const toggleLayout = () => {
    if (!layoutOpen) activate('select');
    setLayoutOpen(!layoutOpen);
  };

  // ---- What the overlays draw (app/useOverlayData.ts; all from engine answers).
  const overlays = useOverlayData({ data, tool, measure, los, combat, board, selectedIds, selectedTerrain: editor.selectedTerrain });

  // ---- Ready signal and the tools' test hook (app/useToolsHook.ts).
  const rulerState = useRef<RulerState>({ name: 'idle' });
  useToolsHook({
    engine,
    bridge,
    dataRef,
    state: {
      tool,
      measure,
      los,
      move,
      combat,
      board,
      history,
      version,
      proof: losShare.proof,
      edit: { selected: editor.selectedTerrain, moving: editor.moving, busy: editor.busy, note: editor.note },
      view,
      ranges: overlays.rangesShown,
    },
    activate,
    pick: onPick,
    ruler: rulerState,
    ready: framed && engineLoaded,
    data,
    playHook: play.hook,
  });
  const onFramed = useCallback(() => {
    perfMark('framed');
    setFramed(true);
  }, []);

  const dragging = move.name === 'dragging' || move.name === 'dropping' ? move : null;
  const dragModel = dragging ? overlays.modelsById.get(dragging.modelId) : undefined;

  // Pointer position for the drag chip.
  useEffect(() => {
    if (!dragging) {
      setPointer(null);
      return;
    }
    const mv = (e: PointerEvent) => setPointer([e.clientX, e.clientY]);
    window.addEventListener('pointermove', mv);
    return () => window.removeEventListener('pointermove', mv);
  }, [dragging !== null]); // eslint-disable-line react-hooks/exhaustive-deps

  if (load.status !== 'ready' || !data) return <LoadStatus load={load} />;
  const d = data;
  const pressing = move.name === 'pressing' || move.name === 'dragging';
  return (
    <div className={`app tool-${tool}${hover && !dragging ? ' hovering' : ''}${dragging ? ' dragging' : ''}${eyeActive ? ' eye-view' : ''}${workbench.placing || editor.moving ? ' placing' : ''}`}>
      <TableScene
        data={d}
        showGrid={showGrid}
        showTerritories={showTerritories}
        view={view}
        selectedIds={selectedIds}
        hovered={dragging ? null : (hover?.target ?? null)}
        highlightTerrain={overlays.highlightTerrain}
        highlightObjectives={overlays.highlightObjectives}
        onHover={onHover}
        onPick={onPick}
        onMissed={onMissed}
        onPressModel={play.onPressModel ?? (tool === 'move' && engineLoaded ? onPressModel : undefined)}
        bridge={bridge}
        onReady={onFramed}
      >
        <TableOverlays data={d} overlays={overlays} tool={tool} measure={measure} los={los} combat={combat} sightHover={sightHover} eyeActive={eyeActive} />
        {dragging && dragModel && <MoveDragGhost dragging={dragging} model={dragModel} color={overlays.colorOfModel(dragModel)} />}
        {tool === 'ruler' && <RulerLayer width={d.width} depth={d.depth} onState={(s) => (rulerState.current = s)} />}
        <KeyboardCamera enabled={!eyeActive} />
        {tool === 'move' && <DragController active={pressing} width={d.width} depth={d.depth} onPointer={onDragPointer} onRelease={onDragRelease} />}
        {play.scene}
        {workbench.scene}
        {tool === 'select' && editor.scene}
        {layout.scene}
        <TableDice width={d.width} depth={d.depth} terrain={d.terrain} />
      </TableScene>
      <InfoPanel data={d} engineStatus={engineStatus} armyNames={play.armyNames} isolatedCount={overlays.isolated.length} isolatedColor={ISOLATED_COLOR} />
      {!play.active && <OverlapWarning models={d.models} />}
      <Toolbar showGrid={showGrid} showTerritories={showTerritories} cameraMode={view.mode} onToggleGrid={toggleGrid} onToggleTerritories={toggleTerritories} onTopDown={topDown} onOblique={oblique} playOn={play.active} onTogglePlay={onTogglePlay} layoutOn={layoutOpen && !play.active} onToggleLayout={play.active ? undefined : toggleLayout} campaignOn={campaignOpen} onToggleCampaign={() => (setCampaignView((v) => ({ view: 'overview', key: v.key + 1 })), setCampaignOpen((o) => !o))} />
      {layout.panel}
      {play.panel}
      {battleDialog && !play.active && <NewBattleDialog engine={engine.client} onClose={() => setBattleDialog(false)} />}
      {campaignOpen && <CampaignScreen key={campaignView.key} engine={engine.client} inPlay={play.active} initialView={campaignView.view} onClose={() => setCampaignOpen(false)} />}
      {workbench.panels}
      <ToolPalette active={tool} onActivate={activate} combatOn={combat.name !== 'off'} onToggleCombat={toggleCombat} />
      {tool === 'measure' && <MeasurePanel data={d} state={measure} onClear={() => measureDispatch({ type: 'cancel' })} />}
      {tool === 'los' && (
        <LosPanel
          data={d}
          state={los}
          blockers={overlays.blockers}
          linesTested={overlays.losProof?.lines.length ?? 0}
          onShare={() => void losShare.shareDispute()}
          share={losShare.share}
          onEye={() => losDispatch({ type: 'eye' })}
          onBack={() => losDispatch({ type: 'back' })}
          onSwap={() => losDispatch({ type: 'swap' })}
          onExport={() => void losShare.exportProof()}
          proof={losShare.proof}
          onClear={() => losDispatch({ type: 'cancel' })}
        >
          <SightTable
            data={d}
            state={sightTable}
            onOpen={() => sightTableDispatch({ type: 'open' })}
            onClose={() => {
              sightTableDispatch({ type: 'close' });
              setSightHover(null);
            }}
            onPick={checkUnitPair}
            onHoverPair={setSightHover}
            current={los.name !== 'idle' && los.name !== 'pointing' && los.observer.kind === 'unit' && los.target.kind === 'unit' ? [los.observer.id, los.target.id] : null}
          />
        </LosPanel>
      )}
      {tool === 'move' && <MovePanel data={d} state={move} history={history} applying={applying} onUndo={undo} onRedo={redo} />}
      <BoardPanel data={d} board={board} status={overlays.boardShown} combat={combat} pairs={overlays.pairs} />
      {tool === 'select' && (
        <SelectionPanel data={d} selectedIds={selectedIds} onClear={clearSelection} armyNames={play.armyNames}>
          {editor.modelControls}
        </SelectionPanel>
      )}
      {tool === 'select' && editor.panel}
      {eyePair && losEye && eyeActive && eyeDrawn && <EyeBanner observer={eyePair[0].id} target={eyePair[1].id} visible={losEye.result.visible} onBack={() => losDispatch({ type: 'back' })} />}
      {dragging && pointer && <DragChip x={pointer[0]} y={pointer[1]} measure={currentMeasure(dragging)} />}
      {hover && !dragging && tool === 'select' && <HoverCard data={d} target={hover.target} x={hover.x} y={hover.y} armyNames={play.armyNames} />}
    </div>
  );
}
