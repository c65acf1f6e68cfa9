import { useEffect, useMemo, useRef, type MutableRefObject } from 'react';
import type { SceneHandleRef } from '../../scene/SceneBridge';
import type { PickModifiers, ScenePick } from '../../scene/TableScene';
import type { BattlefieldData, CameraView } from '../../scene/types';
import type { Engine } from '../engine/engine';
import { topCentre } from '../names';
import type { Proof } from '../panels/LosPanel';
import type { PlayHook } from '../play/playTypes';
import type { ProofText } from '../proof';
import { publishReady, type SightlineTools } from '../readySignal';
import type { BoardState } from '../tools/boardStatus';
import type { CombatState } from '../tools/combatTool';
import type { LosState } from '../tools/losTool';
import type { MeasureState } from '../tools/measureTool';
import type { MoveHistory } from '../tools/moveHistory';
import type { MoveState } from '../tools/moveTool';
import type { RulerState } from '../tools/rulerTool';
import type { ToolId } from '../tools/types';

/** The page's state the test hook reads (a fresh copy each render). */
export interface ToolsHookState {
  tool: ToolId;
  measure: MeasureState;
  los: LosState;
  move: MoveState;
  combat: CombatState;
  board: BoardState;
  history: MoveHistory;
  version: number;
  proof: (Proof & { text: ProofText }) | null;
  /** The sandbox editor's state (selected terrain, moving, busy, note). */
  edit: Record<string, unknown>;
  view: CameraView;
  /** The units whose combat ranges are drawn. */
  ranges: string[];
}

/** Inputs of {@link useToolsHook}. */
export interface ToolsHookOptions {
  engine: Engine;
  bridge: SceneHandleRef;
  dataRef: MutableRefObject<BattlefieldData | null>;
  state: ToolsHookState;
  activate: (id: ToolId) => void;
  pick: (p: ScenePick, mods: PickModifiers) => void;
  /** The ruler's state, written by its layer. */
  ruler: MutableRefObject<RulerState>;
  /** The table is drawn (first frame shown), the engine holds the scenario and the scene is built. */
  ready: boolean;
  data: BattlefieldData | null;
  /** The Play mode's test hook (Play mode only). */
  playHook: PlayHook | undefined;
}

/**
 * The tools' test hook (`window.__sightline.tools`, readySignal.ts) and the page's ready signal,
 * published once when the table is first ready; later state is read through the hook's getters.
 */
export function useToolsHook({ engine, bridge, dataRef, state, activate, pick, ruler, ready, data, playHook }: ToolsHookOptions): SightlineTools {
  const hookState = useRef(state);
  hookState.current = state;
  const activateRef = useRef(activate);
  activateRef.current = activate;
  const pickRef = useRef(pick);
  pickRef.current = pick;
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
        return JSON.parse(JSON.stringify({ tool: s.tool, measure: s.measure, los: s.los, move: s.move, combat: s.combat, board: s.board, ruler: s.tool === 'ruler' ? ruler.current : { name: 'idle' }, ranges: s.ranges, edit: s.edit })) as Record<string, unknown>;
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
    [engine], // eslint-disable-line react-hooks/exhaustive-deps
  );
  useEffect(() => {
    if (!ready || !data) return;
    publishReady({ scenarioName: data.name, modelCount: data.models.length, terrainCount: data.terrain.length, tools, play: playHook });
    // Published once: later edits are read through the hook.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, tools]);
  return tools;
}
