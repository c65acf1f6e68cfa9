import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CombatRanges } from '../scene/CombatRanges';
import { DragController } from '../scene/DragController';
import { LosOverlay } from '../scene/LosOverlay';
import { RuleVolumes } from '../scene/RuleVolumes';
import { MeasureOverlay } from '../scene/MeasureOverlay';
import { MoveGhost } from '../scene/MoveGhost';
import { ObjectiveContest } from '../scene/ObjectiveContest';
import { armyColor, SELECT_COLOR } from '../scene/palette';
import type { SceneHandleRef } from '../scene/SceneBridge';
import { SceneLabel } from '../scene/SceneLabel';
import { SegmentMarker } from '../scene/SegmentMarker';
import { SelectionRings } from '../scene/SelectionRings';
import { KeyboardCamera } from '../scene/KeyboardCamera';
import { RulerLayer } from '../scene/RulerLayer';
import type { RulerState } from './tools/rulerTool';
import { OverlapWarning } from './sandbox/OverlapWarning';
import { useSceneEditor, type SceneEditor } from './sandbox/useSceneEditor';
import { TableScene, type PickModifiers, type ScenePick } from '../scene/TableScene';
import { TableDice } from '../scene/dice/TableDice';
import type { BattlefieldData, CameraView, HoverTarget, ModelView } from '../scene/types';
import { getEngine, type Engine } from './engine/engine';
import { useEngineStatus } from './engine/useEngineStatus';
import { inches2, point3 } from './format';
import { HoverCard } from './HoverCard';
import { InfoPanel } from './InfoPanel';
import { modelPair, pickName, topCentre } from './names';
import { BoardPanel } from './panels/BoardPanel';
import { DragChip } from './panels/DragChip';
import { EyeBanner } from './panels/EyeBanner';
import { LosPanel, type Proof } from './panels/LosPanel';
import { SightTable } from './panels/SightTable';
import { MeasurePanel } from './panels/MeasurePanel';
import { MovePanel } from './panels/MovePanel';
import { ToolPalette } from './panels/ToolPalette';
import { composeProof, downloadDataUrl, type ProofText } from './proof';
import { publishError, publishReady, type SightlineTools } from './readySignal';
import { ScenarioFetchError, type ScenarioSource } from './scenarioSource';
import { OnlineJoinRefused } from './play/OnlineJoinRefused';
import { sceneDataClient } from './sceneData/sceneDataClient';
import { SelectionPanel } from './SelectionPanel';
import { shownBoard, useBoardStatus } from './tools/boardStatus';
import { shownPairs, useCombatTool } from './tools/combatTool';
import { favouriteLine, foundBlockers, shownLos, useLosTool, type LosResult } from './tools/losTool';
import { eyeView } from './tools/eyeView';
import { atGamePositions, disputeFilename, disputeOf, disputeScenario, type DisputeQuery } from './files/dispute';
import { encodeShare, shareUrl } from './files/share';
import { portableScenario } from './files/meshes';
import { useSightTable } from './tools/sightTableTool';
import { shownMeasure, useMeasureTool } from './tools/measureTool';
import { afterRedo, afterUndo, EMPTY_HISTORY, isEdit, isPlacement, nextRedo, nextUndo, pushMove, type EditRecord, type MoveHistory, type PlaceRecord } from './tools/moveHistory';
import { currentMeasure, useMoveTool, type MoveRecord } from './tools/moveTool';
import type { PickTarget, Point2, Segment3, ToolId } from './tools/types';
import { Toolbar } from './Toolbar';
import { isPlayMode, playGame, playScenarioSource } from './play/game';
import { usePlay } from './play/usePlay';
import { NewBattleDialog } from './play/NewBattleDialog';
import { CampaignScreen } from './campaign/CampaignScreen';
import { onCampaignAftermath } from './campaign/campaignNav';
import { startupInfo, startupSource } from './files/startup';
import { StartupRecovery } from './files/StartupRecovery';
import { useWorkbench } from './files/useWorkbench';
import { useLayoutLab } from './layout/useLayoutLab';

type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; problems: string[] };

/** Props of {@link App}. */
export interface AppProps {
  /** Fetches the scenario to show. Default: a `#share=` link, the `?scenario=` URL, the autosave, else the bundled default (`files/startup.ts`; Play mode: its game). */
  source?: () => Promise<ScenarioSource>;
  /** The engine (worker client). Default: the page's one engine. */
  engine?: Engine;
}

const EMPTY: ReadonlySet<string> = new Set();
/** Colours of the tools' picks: first (A / observer) and second (B / target). */
const PICK_COLORS = { a: '#5ee0ff', b: '#ff7ce0' } as const;
const ISOLATED_COLOR = '#ff3b30';
const COMBAT_COLOR = '#ff9f1c';

/** Flips a model pick to its unit when shift was held. */
function toTarget(data: BattlefieldData, p: ScenePick, mods: PickModifiers): PickTarget {
  if (p.kind === 'model' && mods.shift) {
    const m = data.models.find((mm) => mm.id === p.id);
    if (m) return { kind: 'unit', id: m.unitId };
  }
  return { kind: p.kind, id: p.id };
}

/**
 * The Sightline page: loads a scenario into the engine worker and draws it as a 3D tabletop, with
 * the measure, line-of-sight and move tools, combat ranges, coherency and objectives. Every
 * number and verdict on screen is an answer of the engine worker.
 */
export function App({ source = isPlayMode() ? playScenarioSource : startupSource, engine = getEngine() }: AppProps) {
  const engineStatus = useEngineStatus(engine);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [data, setData] = useState<BattlefieldData | null>(null);
  const [engineLoaded, setEngineLoaded] = useState(false);
  const [framed, setFramed] = useState(false);
  const [version, setVersion] = useState(0);
  const [tool, setTool] = useState<ToolId>('select');
  const [showGrid, setShowGrid] = useState(false);
  const [showTerritories, setShowTerritories] = useState(true);
  const [view, setView] = useState<CameraView>({ mode: 'oblique', seq: 0 });
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(EMPTY);
  const [hover, setHover] = useState<{ target: HoverTarget; x: number; y: number } | null>(null);
  const [history, setHistory] = useState<MoveHistory>(EMPTY_HISTORY);
  const [applying, setApplying] = useState(false);
  const [proof, setProof] = useState<(Proof & { text: ProofText }) | null>(null);
  const [pointer, setPointer] = useState<[number, number] | null>(null);
  // A dispute (issue 29) in the scenario just opened: reopened in the line-of-sight tool once the table is up.
  const [pendingDispute, setPendingDispute] = useState<DisputeQuery | null>(null);
  // The dispute link and file made by the line-of-sight panel's Share.
  const [disputeShare, setDisputeShare] = useState<{ url: string; fileUrl: string; filename: string; warning?: string } | null>(null);
  // The who-sees-whom cell under the pointer: its pair is ringed on the table.
  const [sightHover, setSightHover] = useState<readonly [string, string] | null>(null);
  const bridge: SceneHandleRef = useRef(null);
  const dataRef = useRef(data);
  dataRef.current = data;
  // Play mode (src/ui/play): a hot-seat battle through the game worker.
  const play = usePlay({ engine, data, setData, bumpVersion: () => setVersion((v) => v + 1), selectedIds, setSelectedIds, engineLoaded });
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
  const onTogglePlay = play.active ? play.toggle : () => setBattleDialog(true);
  const playPick = useRef(play.onPick);
  playPick.current = play.onPick;
  const playActive = useRef(play.active);
  playActive.current = play.active;

  // ---- Loading: the engine worker and the scene-data worker get the same files, in parallel.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (problems: string[]) => {
      console.error('Sightline: the scenario did not load:\n' + problems.join('\n'));
      publishError(problems);
      setLoad((l) => (l.status === 'error' ? l : { status: 'error', problems }));
    };
    engine.setPhase('loading');
    source().then(
      (src) => {
        // A dispute reopens from a link, a file or `?scenario=`, not from the autosave of the last visit.
        if (startupInfo()?.origin !== 'autosave') setPendingDispute(disputeOf(src.json));
        engine.track(engine.client.loadScenario(src.json, src.meshes)).then(
          (r) => {
            if (r.ok) {
              engine.setPhase('ready');
              setEngineLoaded(true);
            } else {
              engine.setPhase('error');
              fail(r.problems);
            }
          },
          (e: unknown) => {
            engine.setPhase('error');
            fail([`(engine): ${(e as Error).message}`]);
          },
        );
        sceneDataClient()
          .build(src.json, src.meshes, src.fallbackName)
          .then(
            (r) => {
              if (r.ok) {
                setData(r.data);
                setLoad((l) => (l.status === 'loading' ? { status: 'ready' } : l));
              } else fail(r.problems);
            },
            (e: unknown) => fail([`(scene): ${(e as Error).message}`]),
          );
      },
      (e: unknown) => {
        engine.setPhase('error');
        fail(e instanceof ScenarioFetchError ? e.problems : [e instanceof Error ? e.message : String(e)]);
      },
    );
  }, [engine, source]);

  // ---- Redrawing a model after an edit (pose from the scene-data worker; the engine decided the move).
  const placeModel = useCallback(async (id: string, at: Point2, elevation?: number) => {
    const placed = await sceneDataClient().place(id, at[0], at[1], elevation);
    if (!placed) return;
    setData((d) => (d ? { ...d, models: d.models.map((m) => (m.id === id ? placed : m)) } : d));
  }, []);

  // ---- Tools (each a state machine in src/ui/tools/).
  const [measure, measureDispatch] = useMeasureTool(engine, version);
  const topLine = useCallback((observer: PickTarget, target: PickTarget, r: LosResult): Segment3 | null => {
    const d = dataRef.current;
    const pair = d ? modelPair(d, observer, target, r.observerModel, r.targetModel) : null;
    return pair ? [topCentre(pair[0]), topCentre(pair[1])] : null;
  }, []);
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

  // ---- Undo / redo of moves (each a moveModel call in the worker) and of palette placements
  // (the scenario before / after reloaded, through the workbench).
  const restoreRef = useRef<(s: PlaceRecord['before']) => Promise<boolean>>(async () => false);
  // The sandbox editor (made below, after the workbench): its note line shows undo / redo of edits.
  const editorRef = useRef<SceneEditor | null>(null);
  const replay = useCallback(
    (r: PlaceRecord | EditRecord, dir: 'undo' | 'redo') => {
      setApplying(true);
      restoreRef
        .current(dir === 'undo' ? r.before : r.after)
        .then((ok) => {
          const edit = r.kind === 'edit';
          if (!ok) {
            const text = `${dir === 'undo' ? 'Undo' : 'Redo'} of ${edit ? `"${r.note}"` : `the placement of ${r.id}`} failed.`;
            editorRef.current?.setNote({ ok: false, text });
            return moveDispatch({ type: 'note', note: { kind: 'failed', text } });
          }
          setHistory(dir === 'undo' ? afterUndo : afterRedo);
          setSelectedIds((sel) => (sel.has(r.id) ? new Set([...sel].filter((x) => x !== r.id)) : sel));
          const what = r.kind === 'place' ? (r.what === 'model' ? 'model' : 'terrain feature') : '';
          const text = r.kind === 'edit' ? `${dir === 'undo' ? 'Took back' : 'Did again'}: ${r.note.replace(/\.$/, '')}.` : `${dir === 'undo' ? 'Took back' : 'Placed again'} the ${what} ${r.id}.`;
          editorRef.current?.setNote({ ok: true, text });
          moveDispatch({ type: 'note', note: { kind: dir === 'undo' ? 'undone' : 'redone', text } });
        })
        .catch((e: unknown) => moveDispatch({ type: 'note', note: { kind: 'failed', text: `${dir === 'undo' ? 'Undo' : 'Redo'} failed: ${(e as Error).message}` } }))
        .finally(() => setApplying(false));
    },
    [moveDispatch],
  );
  const undo = useCallback(() => {
    const r = nextUndo(history);
    if (!r || applying || move.name !== 'idle') return;
    if (isPlacement(r) || isEdit(r)) return replay(r, 'undo');
    setApplying(true);
    engine
      .track(engine.client.moveModel(r.modelId, r.from[0], r.from[1], r.fromElevation))
      .then(async (res) => {
        if (!res.ok) return moveDispatch({ type: 'note', note: { kind: 'failed', text: `Undo failed: ${res.reason}` } });
        setHistory(afterUndo);
        await placeModel(r.modelId, r.from, r.fromElevation);
        setVersion((v) => v + 1);
        moveDispatch({ type: 'note', note: { kind: 'undone', text: `Undid the move of ${r.modelId}.` } });
      })
      .catch((e: unknown) => moveDispatch({ type: 'note', note: { kind: 'failed', text: `Undo failed: ${(e as Error).message}` } }))
      .finally(() => setApplying(false));
  }, [history, applying, move.name, engine, moveDispatch, placeModel, replay]);
  const redo = useCallback(() => {
    const r = nextRedo(history);
    if (!r || applying || move.name !== 'idle') return;
    if (isPlacement(r) || isEdit(r)) return replay(r, 'redo');
    setApplying(true);
    engine
      .track(engine.client.moveModel(r.modelId, r.to[0], r.to[1]))
      .then(async (res) => {
        if (!res.ok) return moveDispatch({ type: 'note', note: { kind: 'failed', text: `Redo failed: ${res.reason}` } });
        setHistory(afterRedo);
        await placeModel(r.modelId, r.to);
        setVersion((v) => v + 1);
        moveDispatch({ type: 'note', note: { kind: 'redone', text: `Redid the move of ${r.modelId} (${inches2(r.inches)}).` } });
      })
      .catch((e: unknown) => moveDispatch({ type: 'note', note: { kind: 'failed', text: `Redo failed: ${(e as Error).message}` } }))
      .finally(() => setApplying(false));
  }, [history, applying, move.name, engine, moveDispatch, placeModel, replay]);

  // ---- The observer's-eye view follows the line-of-sight tool's `eye` state.
  // Issue 29: "Visible": the eye at the witness's observer end, looking along it; "Not visible": at
  // the observer end of the most favourable line tested (tools/eyeView.ts). While the blockers are
  // still coming the view waits; without them (lookup failed) the eye falls back to the top centre.
  const losEye = los.name === 'done' && los.eye ? los : null;
  const eyeProof = losEye ? foundBlockers(losEye) : null;
  const eyeLine = eyeProof && eyeProof.lines.length ? eyeProof.lines[eyeProof.favourite] : null;
  const eyePair = useMemo(
    () => (losEye && data ? modelPair(data, losEye.observer, losEye.target, losEye.result.observerModel ?? eyeLine?.observerModel, losEye.result.targetModel ?? eyeLine?.targetModel) : null),
    [losEye, data, eyeLine],
  );
  const eyePose = useMemo(() => {
    if (!losEye || !eyePair) return null;
    const pose = eyeView(losEye.result, favouriteLine(eyeProof));
    if (pose) return pose;
    if (!losEye.result.visible && losEye.blockers?.status === 'pending') return null;
    const [o, t] = eyePair;
    const eye = topCentre(o);
    eye[2] += 0.02;
    return { eye, target: [t.footprint.x, t.footprint.y, t.elevation + t.height * 0.6] as [number, number, number] };
  }, [losEye, eyePair, eyeProof]);
  const eyeActive = eyePose !== null;
  // Issue 39: the banner says "Observer's eye" only once that view is drawn (a few frames after the
  // camera was asked to move), not while the table view is still on screen.
  const [eyeDrawn, setEyeDrawn] = useState('');
  const tableMode = useRef<'oblique' | 'top'>('oblique');
  const eyeKey = eyePose ? `${eyePose.eye.join(',')}>${eyePose.target.join(',')}` : '';
  useEffect(() => {
    if (!eyeKey) return setEyeDrawn('');
    let frame = 0;
    let left = 3;
    const tick = () => (--left > 0 ? (frame = requestAnimationFrame(tick)) : setEyeDrawn(eyeKey));
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [eyeKey]);
  useEffect(() => {
    if (eyePose) {
      setView((v) => {
        if (v.mode !== 'eye') tableMode.current = v.mode;
        return { mode: 'eye', seq: v.seq + 1, eye: eyePose.eye, target: eyePose.target };
      });
    } else {
      setView((v) => (v.mode === 'eye' ? { mode: tableMode.current, seq: v.seq + 1, restore: true } : v));
    }
  }, [eyeKey]); // eslint-disable-line react-hooks/exhaustive-deps

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

  // ---- Picks from the scene, routed to the active tool.
  const onPick = useCallback(
    (p: ScenePick, mods: PickModifiers) => {
      const d = dataRef.current;
      if (!d || !engineLoaded) return;
      if (playPick.current(p)) return;
      // The sandbox editor's Move is armed: the click is the new spot. The palette placing on
      // terrain: the click places, it does not select the feature.
      const editor = editorRef.current;
      if (tool === 'select' && editor?.moving) return;
      if (tool === 'select' && p.kind === 'terrain' && editor && !placingRef.current && !playActive.current) {
        editor.selectTerrain(p.id);
        setSelectedIds((prev) => (prev.size ? EMPTY : prev));
        return;
      }
      if (tool === 'select' && p.kind === 'model') editor?.selectTerrain(null);
      if (tool === 'measure') measureDispatch({ type: 'pick', target: toTarget(d, p, mods) });
      else if (tool === 'los') losDispatch({ type: 'pick', target: toTarget(d, p, mods) });
      else if (tool === 'select' && p.kind === 'model') {
        const m = d.models.find((mm) => mm.id === p.id);
        if (!m) return;
        const ids = mods.shift ? (d.units.find((u) => u.id === m.unitId)?.modelIds ?? [p.id]) : [p.id];
        setSelectedIds((prev) => {
          const next = new Set(mods.additive ? prev : []);
          for (const x of ids) next.add(x);
          return next;
        });
      }
    },
    [tool, engineLoaded, measureDispatch, losDispatch],
  );
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const onMissed = useCallback(() => {
    if (tool !== 'select' || editorRef.current?.moving) return;
    setSelectedIds((prev) => (prev.size ? EMPTY : prev));
    editorRef.current?.selectTerrain(null);
  }, [tool]);
  const onPressModel = useCallback(
    (id: string, at: [number, number] | null) => {
      const m = dataRef.current?.models.find((mm) => mm.id === id);
      if (!m || !at || !engineLoaded) return;
      setHover(null);
      moveDispatch({ type: 'press', modelId: id, start: [m.footprint.x, m.footprint.y], pointer: at });
    },
    [engineLoaded, moveDispatch],
  );
  const onDragPointer = useCallback((at: [number, number]) => moveDispatch({ type: 'pointer', at }), [moveDispatch]);
  const onDragRelease = useCallback(() => moveDispatch({ type: 'release' }), [moveDispatch]);
  const onHover = useCallback((target: HoverTarget | null, x: number, y: number) => setHover(target ? { target, x, y } : null), []);

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

  // ---- Keyboard.
  const playUndo = useRef(play.undo);
  playUndo.current = play.undo;
  const escape = useCallback(() => {
    if (tool === 'measure' && measure.name !== 'idle') measureDispatch({ type: 'cancel' });
    else if (tool === 'los' && los.name !== 'idle') losDispatch({ type: 'cancel' });
    else if (tool === 'move' && move.name !== 'idle') moveDispatch({ type: 'cancel' });
    else if (tool !== 'select') activate('select');
    else clearSelection();
  }, [tool, measure.name, los.name, move.name, measureDispatch, losDispatch, moveDispatch, activate, clearSelection]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
      const k = e.key.toLowerCase();
      if (e.ctrlKey || e.metaKey) {
        if (k === 'z' && !e.shiftKey) {
          e.preventDefault();
          // In Play, the game's undo (the panel's Undo button; the README's Ctrl+Z).
          if (playUndo.current) playUndo.current();
          else undo();
        } else if (k === 'y' || (k === 'z' && e.shiftKey)) {
          e.preventDefault();
          redo();
        }
        return;
      }
      if (e.altKey) return;
      // The sandbox editor first: [ ] turn, Delete / Backspace delete, Esc cancels its Move.
      if (editorRef.current?.onKey(e.key)) {
        e.preventDefault();
        return;
      }
      if (k === 't') topDown();
      else if (k === 'v') oblique();
      else if (k === 'g') toggleGrid();
      else if (k === 'r') toggleTerritories();
      else if (k === 'c') toggleCombat();
      // W A S D and Q E move the camera (scene/KeyboardCamera.tsx); Esc goes back to select.
      else if (k === 'm') activate('measure');
      else if (k === 'l') activate('los');
      else if (k === 'x') activate('move');
      else if (k === 'u') activate('ruler');
      else if (k === 'escape') escape();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [topDown, oblique, toggleGrid, toggleTerritories, toggleCombat, activate, escape, undo, redo]);

  // ---- Proof export (line of sight).
  const exportProof = useCallback(async () => {
    const h = bridge.current;
    const d = dataRef.current;
    if (!h || !d || los.name !== 'done') return;
    const r = los.result;
    const observer = pickName(d, los.observer);
    const target = pickName(d, los.target);
    const details: string[] = [];
    if (r.visible && r.witness) {
      details.push(`Witness: ${r.observerModel ?? 'observer'} ${point3(r.witness[0])} → ${r.targetModel ?? 'target'} ${point3(r.witness[1])}, touching no terrain and no other model.`);
    } else {
      details.push('No line from any point of the observer to any point of the target is clear.');
      const found = foundBlockers(los);
      if (found && found.blockers.length) {
        const terrain = found.blockers.filter((b) => b.kind === 'terrain').map((b) => b.name);
        const models = found.blockers.filter((b) => b.kind === 'model').map((b) => b.name);
        details.push(`Blocked by: ${[...terrain, ...models].join(', ')} (every terrain feature, then every model, touching the ${found.lines.length} lines tested).`);
      }
    }
    details.push(`Core 6.0 · ${d.name} · ${d.width}" × ${d.depth}" · Sightline engine · ${new Date().toISOString().replace('T', ' ').slice(0, 19)} UTC`);
    const text: ProofText = { headline: `${observer} → ${target}: ${r.visible ? 'VISIBLE' : 'NOT VISIBLE'}`, visible: r.visible, details };
    try {
      const url = await composeProof(h.capturePng(), text, h.canvas().clientWidth);
      const filename = `sightline-los-${los.observer.id}-${los.target.id}.png`;
      setProof({ url, filename, text });
      downloadDataUrl(url, filename);
    } catch (e) {
      console.warn('Sightline: the proof could not be exported', e);
    }
  }, [los]);
  useEffect(() => {
    setProof(null);
    setDisputeShare(null);
  }, [los.name === 'done' ? los.n : -1]); // eslint-disable-line react-hooks/exhaustive-deps

  // ---- Share a dispute (issue 29): the battlefield as it stands with the pair's `visible` query,
  // as a link and a file. In a game, every model where the game has it now (the game's board, not
  // the engine worker's copy, which follows the game a step later).
  const shareDispute = useCallback(async () => {
    if (los.name !== 'done') return;
    const s = await engine.track(engine.client.getScenario());
    if (!s) return;
    const game = play.active ? playGame() : null;
    const table = game ? atGamePositions(s, (await game.summary()).board, play.armyNames) : s;
    const dispute = portableScenario(disputeScenario(table, los.observer, los.target));
    const url = shareUrl(await encodeShare(dispute));
    const text = `${JSON.stringify(dispute, null, 2)}\n`;
    const fileUrl = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const warning = url.length > 8000 ? `The link is long (${url.length} characters); some apps cut long links: send the file instead.` : undefined;
    setDisputeShare((prev) => {
      if (prev) URL.revokeObjectURL(prev.fileUrl);
      return { url, fileUrl, filename: disputeFilename(los.observer.id, los.target.id), warning };
    });
  }, [los, engine, play.active, play.armyNames]);

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
    bumpVersion: () => setVersion((v) => v + 1),
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
  const placingRef = useRef(false);
  placingRef.current = workbench.placing;

  // ---- The sandbox editor (src/ui/sandbox): select, move, turn and delete placed terrain and models.
  const editor = useSceneEditor({
    engine,
    data,
    enabled: tool === 'select' && !play.active && framed && engineLoaded,
    blocked: applying || workbench.placing,
    selectedModelIds: selectedIds,
    setData,
    bumpVersion: () => setVersion((v) => v + 1),
    onEdited: (r) => setHistory((h) => pushMove(h, r)),
    onModelGone: (id) => setSelectedIds((sel) => (sel.has(id) ? new Set([...sel].filter((x) => x !== id)) : sel)),
    moveTool: () => activate('move'),
  });
  editorRef.current = editor;

  // ---- A dispute from a link or file: the line-of-sight tool on its pair, once the table is up.
  useEffect(() => {
    if (!pendingDispute || !framed || !engineLoaded || !data) return;
    const kindOf = (id: string): PickTarget | null =>
      data.models.some((m) => m.id === id) ? { kind: 'model', id } : data.units.some((u) => u.id === id) ? { kind: 'unit', id } : null;
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

  // ---- Ready signal and the tools' test hook.
  const rulerState = useRef<RulerState>({ name: 'idle' });
  const rangesShown = useRef<string[]>([]);
  const editState = { selected: editor.selectedTerrain, moving: editor.moving, busy: editor.busy, note: editor.note };
  const hookState = useRef({ tool, measure, los, move, combat, board, history, version, proof, edit: editState, view });
  hookState.current = { tool, measure, los, move, combat, board, history, version, proof, edit: editState, view };
  const activateRef = useRef(activate);
  activateRef.current = activate;
  const tools = useMemo<SightlineTools>(
    () => ({
      active: () => hookState.current.tool,
      activate: (id) => activateRef.current(id),
      pick: (t) => {
        const d = dataRef.current;
        if (!d) return;
        if (t.kind === 'unit') {
          const m = d.models.find((mm) => mm.unitId === t.id);
          if (m) pickRef.current({ kind: 'model', id: m.id }, { shift: true, additive: false, double: false });
        } else pickRef.current({ kind: t.kind, id: t.id }, { shift: false, additive: false, double: false });
      },
      state: () => {
        const s = hookState.current;
        return JSON.parse(JSON.stringify({ tool: s.tool, measure: s.measure, los: s.los, move: s.move, combat: s.combat, board: s.board, ruler: s.tool === 'ruler' ? rulerState.current : { name: 'idle' }, ranges: rangesShown.current, edit: s.edit })) as Record<string, unknown>;
      },
      project: (p) => bridge.current?.project(p) ?? null,
      modelTop: (id) => {
        const m = dataRef.current?.models.find((mm) => mm.id === id);
        return m ? topCentre(m) : null;
      },
      modelCentre: (id) => {
        const m = dataRef.current?.models.find((mm) => mm.id === id);
        return m ? [m.footprint.x, m.footprint.y] : null;
      },
      history: () => hookState.current.history,
      version: () => hookState.current.version,
      engine: () => engine.get(),
      simulateEngineCrash: () => engine.client.simulateCrash(),
      lastProof: () => {
        const p = hookState.current.proof;
        return p ? { headline: p.text.headline, details: p.text.details, bytes: p.url.length } : null;
      },
      camera: () => {
        const v = hookState.current.view;
        return v.mode === 'eye' ? { mode: 'eye', eye: v.eye, target: v.target } : { mode: v.mode };
      },
    }),
    [engine],
  );
  useEffect(() => {
    if (!framed || !engineLoaded || !data) return;
    publishReady({ scenarioName: data.name, modelCount: data.models.length, terrainCount: data.terrain.length, tools, play: play.hook });
    // Published once: later edits are read through the hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [framed, engineLoaded, tools]);
  const onFramed = useCallback(() => setFramed(true), []);

  // ---- What the overlays draw (all from engine answers; coordinates only here).
  const modelsById = useMemo(() => new Map((data?.models ?? []).map((m) => [m.id, m])), [data?.models]); // eslint-disable-line react-hooks/exhaustive-deps
  const colorOfModel = useCallback((m: ModelView) => armyColor(m.army, data?.armies ?? []), [data?.armies]); // eslint-disable-line react-hooks/exhaustive-deps
  const boardShown = shownBoard(board);
  const pairs = shownPairs(combat);
  const measureShown = tool === 'measure' ? shownMeasure(measure) : null;
  const losShown = tool === 'los' ? shownLos(los) : null;

  const picks = useMemo(() => {
    const out: { a: PickTarget[]; b: PickTarget[] } = { a: [], b: [] };
    if (tool === 'measure' && measure.name !== 'idle') {
      out.a.push(measure.from);
      if (measure.name !== 'pointing') out.b.push(measure.to);
    } else if (tool === 'los' && los.name !== 'idle') {
      out.a.push(los.observer);
      if (los.name !== 'pointing') out.b.push(los.target);
    }
    return out;
  }, [tool, measure, los]);

  const losProof = tool === 'los' ? foundBlockers(los) : null;
  const blockers = losProof ? losProof.blockers : [];
  const favourite = favouriteLine(losProof);
  const favouriteHits = losProof && losProof.lines.length ? losProof.lines[losProof.favourite].blockers.map((h) => h.at) : [];
  const highlightTerrain = useMemo(() => {
    const m = new Map<string, string>();
    for (const t of picks.a) if (t.kind === 'terrain') m.set(t.id, PICK_COLORS.a);
    for (const t of picks.b) if (t.kind === 'terrain') m.set(t.id, PICK_COLORS.b);
    for (const h of blockers) if (h.kind === 'terrain') m.set(h.id, ISOLATED_COLOR);
    if (editor.selectedTerrain) m.set(editor.selectedTerrain, SELECT_COLOR);
    return m;
  }, [picks, blockers, editor.selectedTerrain]);
  const highlightObjectives = useMemo(() => new Set([...picks.a, ...picks.b].filter((t) => t.kind === 'objective').map((t) => t.id)), [picks]);
  const pickedModels = (ts: PickTarget[]) =>
    data ? ts.flatMap((t) => (t.kind === 'model' ? (modelsById.has(t.id) ? [modelsById.get(t.id)!] : []) : t.kind === 'unit' ? data.models.filter((m) => m.unitId === t.id) : [])) : [];
  // Issue 39: the volumes the verdict uses (Core 1.0/6.0), drawn with every verdict shown (so the eye
  // view and the proof PNG, a capture of the view, show them): the pair's models and every blocking
  // model, the blockers highlighted. The witness's ends lie on these volumes.
  const blockingModels = useMemo(() => new Set(blockers.filter((h) => h.kind === 'model').map((h) => h.id)), [blockers]);
  const volumeModels = useMemo(
    () => (losShown ? [...new Map([...pickedModels(picks.a), ...pickedModels(picks.b), ...[...blockingModels].flatMap((id) => (modelsById.has(id) ? [modelsById.get(id)!] : []))].map((m) => [m.id, m])).values()] : []),
    [losShown, picks, blockingModels, modelsById], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const blockedLine = useMemo(() => {
    if (!data || tool !== 'los' || los.name === 'idle' || los.name === 'pointing' || los.name === 'failed' || !losShown || losShown.visible) return undefined;
    return favourite ?? topLine(los.observer, los.target, losShown) ?? undefined;
  }, [data, tool, los, losShown, topLine, favourite]);

  const selectedUnits = useMemo(() => new Set([...selectedIds].map((id) => modelsById.get(id)?.unitId).filter((u): u is string => !!u)), [selectedIds, modelsById]);
  const inCombatUnits = useMemo(() => new Set(pairs.flatMap((p) => [p.a, p.b])), [pairs]);
  // Nothing selected: every unit's range (issue 18).
  const allUnits = useMemo(() => new Set((data?.units ?? []).map((u) => u.id)), [data?.units]); // eslint-disable-line react-hooks/exhaustive-deps
  const rangeUnits = selectedUnits.size ? selectedUnits : allUnits;
  rangesShown.current = combat.name !== 'off' ? [...rangeUnits].sort() : [];
  const rangeModels = useMemo(() => (data && combat.name !== 'off' ? data.models.filter((m) => rangeUnits.has(m.unitId)) : []), [data, combat.name, rangeUnits]);
  const tableHeight = useMemo(() => (data ? Math.max(6, ...data.terrain.map((t) => t.maxHeight), ...data.models.map((m) => m.elevation + m.height)) + 2 : 0), [data]);
  const isolated = useMemo(
    () => (boardShown && data ? Object.values(boardShown.coherency).flatMap((c) => c.isolated.map((id) => modelsById.get(id)).filter((m): m is ModelView => !!m)) : []),
    [boardShown, data, modelsById],
  );
  const contestedBy = useMemo(() => {
    const m = new Map<string, string[]>();
    if (!boardShown || !data) return m;
    for (const [o, units] of Object.entries(boardShown.contests)) {
      const armies = [...new Set(units.map((u) => data.units.find((uu) => uu.id === u)?.army ?? ''))].filter(Boolean);
      m.set(
        o,
        armies.map((a) => armyColor(a, data.armies)),
      );
    }
    return m;
  }, [boardShown, data]);

  const dragging = move.name === 'dragging' || move.name === 'dropping' ? move : null;
  const dragModel = dragging ? modelsById.get(dragging.modelId) : undefined;
  const dragMeasure = dragging ? currentMeasure(dragging) : null;
  const ghostElevation = dragging?.measured?.elevation;

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

  if (load.status === 'error') {
    return (
      <div className="status error" role="alert">
        <h2>The scenario could not be loaded</h2>
        <ul>
          {load.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <StartupRecovery />
        <OnlineJoinRefused />
      </div>
    );
  }
  if (load.status === 'loading' || !data) {
    return (
      <div className="status" data-testid="loading">
        <div className="spinner" /> Setting up the battlefield…
      </div>
    );
  }
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
        highlightTerrain={highlightTerrain}
        highlightObjectives={highlightObjectives}
        onHover={onHover}
        onPick={onPick}
        onMissed={onMissed}
        onPressModel={play.onPressModel ?? (tool === 'move' && engineLoaded ? onPressModel : undefined)}
        bridge={bridge}
        onReady={onFramed}
      >
        {boardShown && <ObjectiveContest objectives={d.objectives} contestedBy={contestedBy} />}
        <SelectionRings models={isolated} color={ISOLATED_COLOR} gap={0.2} />
        {combat.name !== 'off' && (
          <>
            <CombatRanges models={rangeModels} colorOf={colorOfModel} height={tableHeight} />
            <SelectionRings models={d.models.filter((m) => inCombatUnits.has(m.unitId))} color={COMBAT_COLOR} gap={0.34} />
            {pairs.map((p) => p.witness && <SegmentMarker key={`${p.a}-${p.b}`} points={p.witness} color={COMBAT_COLOR} lineWidth={2} markerRadius={0.08} />)}
          </>
        )}
        <SelectionRings models={pickedModels(picks.a)} color={PICK_COLORS.a} gap={0.12} />
        <SelectionRings models={pickedModels(picks.b)} color={PICK_COLORS.b} gap={0.12} />
        {tool === 'los' && sightHover && (
          <>
            <SelectionRings models={d.models.filter((m) => m.unitId === sightHover[0])} color={PICK_COLORS.a} gap={0.3} />
            <SelectionRings models={d.models.filter((m) => m.unitId === sightHover[1])} color={PICK_COLORS.b} gap={0.3} />
          </>
        )}
        {measureShown && <MeasureOverlay points={measureShown.points} horizontalPoints={measureShown.horizontalPoints} label={inches2(measureShown.distance)} stale={measure.name === 'measuring'} />}
        {losShown && (
          <>
            <LosOverlay
              visible={losShown.visible}
              witness={losShown.witness}
              blockedLine={blockedLine}
              hits={favouriteHits}
              stale={los.name === 'checking'}
              hideLabel={eyeActive}
              witnessMarkerRadius={eyeActive ? 0.035 : undefined}
            />
            <SelectionRings models={blockers.filter((h) => h.kind === 'model').flatMap((h) => (modelsById.has(h.id) ? [modelsById.get(h.id)!] : []))} color={ISOLATED_COLOR} gap={0.26} />
            <RuleVolumes models={volumeModels} blocking={blockingModels} />
          </>
        )}
        {dragging && dragModel && (
          <>
            <MoveGhost model={dragModel} to={dragging.to} elevation={ghostElevation} legal={dragMeasure ? dragMeasure.value !== null : null} color={colorOfModel(dragModel)} />
            {dragMeasure && (
              <SceneLabel position={[dragging.to[0], dragging.to[1], (ghostElevation ?? dragModel.elevation) + dragModel.height + 0.6]} tone={dragMeasure.value === null ? 'bad' : 'info'}>
                {dragMeasure.value === null ? '✗ illegal' : inches2(dragMeasure.value)}
              </SceneLabel>
            )}
          </>
        )}
        {tool === 'ruler' && <RulerLayer width={d.width} depth={d.depth} onState={(s) => (rulerState.current = s)} />}
        <KeyboardCamera enabled={!eyeActive} />
        {tool === 'move' && <DragController active={pressing} width={d.width} depth={d.depth} onPointer={onDragPointer} onRelease={onDragRelease} />}
        {play.scene}
        {workbench.scene}
        {tool === 'select' && editor.scene}
        {layout.scene}
        <TableDice width={d.width} depth={d.depth} terrain={d.terrain} />
      </TableScene>
      <InfoPanel data={d} engineStatus={engineStatus} armyNames={play.armyNames} isolatedCount={isolated.length} isolatedColor={ISOLATED_COLOR} />
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
          blockers={blockers}
          linesTested={losProof?.lines.length ?? 0}
          onShare={() => void shareDispute()}
          share={disputeShare}
          onEye={() => losDispatch({ type: 'eye' })}
          onBack={() => losDispatch({ type: 'back' })}
          onSwap={() => losDispatch({ type: 'swap' })}
          onExport={() => void exportProof()}
          proof={proof}
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
      <BoardPanel data={d} board={board} status={boardShown} combat={combat} pairs={pairs} />
      {tool === 'select' && (
        <SelectionPanel data={d} selectedIds={selectedIds} onClear={clearSelection} armyNames={play.armyNames}>
          {editor.modelControls}
        </SelectionPanel>
      )}
      {tool === 'select' && editor.panel}
      {eyePair && losEye && eyeActive && eyeDrawn === eyeKey && <EyeBanner observer={eyePair[0].id} target={eyePair[1].id} visible={losEye.result.visible} onBack={() => losDispatch({ type: 'back' })} />}
      {dragging && pointer && <DragChip x={pointer[0]} y={pointer[1]} measure={dragMeasure} />}
      {hover && !dragging && tool === 'select' && <HoverCard data={d} target={hover.target} x={hover.x} y={hover.y} armyNames={play.armyNames} />}
    </div>
  );
}
