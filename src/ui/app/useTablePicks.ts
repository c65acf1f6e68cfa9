import { useCallback, useRef, type MutableRefObject } from 'react';
import type { PickModifiers, ScenePick } from '../../scene/TableScene';
import type { BattlefieldData, HoverTarget } from '../../scene/types';
import type { SceneEditor } from '../sandbox/useSceneEditor';
import type { LosEvent } from '../tools/losTool';
import type { MeasureEvent } from '../tools/measureTool';
import type { MoveEvent } from '../tools/moveTool';
import type { PickTarget, ToolId } from '../tools/types';

const EMPTY: ReadonlySet<string> = new Set();

/** Flips a model pick to its unit when shift was held. */
export function toTarget(data: BattlefieldData, p: ScenePick, mods: PickModifiers): PickTarget {
  if (p.kind === 'model' && mods.shift) {
    const m = data.models.find((mm) => mm.id === p.id);
    if (m) return { kind: 'unit', id: m.unitId };
  }
  return { kind: p.kind, id: p.id };
}

/** Inputs of {@link useTablePicks}. */
export interface TablePicksOptions {
  dataRef: MutableRefObject<BattlefieldData | null>;
  engineLoaded: boolean;
  tool: ToolId;
  /** Play's pick handler: true when Play took the pick. */
  playPick: (p: ScenePick) => boolean;
  playActive: boolean;
  editorRef: MutableRefObject<SceneEditor | null>;
  /** The palette is placing (a click on terrain places, it does not select the feature). */
  placingRef: MutableRefObject<boolean>;
  measureDispatch: (e: MeasureEvent) => void;
  losDispatch: (e: LosEvent) => void;
  moveDispatch: (e: MoveEvent) => void;
  setSelectedIds: React.Dispatch<React.SetStateAction<ReadonlySet<string>>>;
  setHover: (h: { target: HoverTarget; x: number; y: number } | null) => void;
}

/**
 * Picks, presses and hovers from the scene, routed to Play first, then to the active tool: the
 * measure and line-of-sight tools take a model, unit (shift), terrain feature or objective; select
 * selects models (shift: the unit, ctrl/cmd: added) or the sandbox editor's terrain feature; a
 * press on a model with the move tool starts its drag.
 */
export function useTablePicks(o: TablePicksOptions) {
  const { dataRef, engineLoaded, tool, editorRef, placingRef, measureDispatch, losDispatch, moveDispatch, setSelectedIds, setHover } = o;
  const playPick = useRef(o.playPick);
  playPick.current = o.playPick;
  const playActive = useRef(o.playActive);
  playActive.current = o.playActive;
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
    [tool, engineLoaded, measureDispatch, losDispatch, dataRef, editorRef, placingRef, setSelectedIds],
  );
  const onMissed = useCallback(() => {
    if (tool !== 'select' || editorRef.current?.moving) return;
    setSelectedIds((prev) => (prev.size ? EMPTY : prev));
    editorRef.current?.selectTerrain(null);
  }, [tool, editorRef, setSelectedIds]);
  const onPressModel = useCallback(
    (id: string, at: [number, number] | null) => {
      const m = dataRef.current?.models.find((mm) => mm.id === id);
      if (!m || !at || !engineLoaded) return;
      setHover(null);
      moveDispatch({ type: 'press', modelId: id, start: [m.footprint.x, m.footprint.y], pointer: at });
    },
    [engineLoaded, moveDispatch, dataRef, setHover],
  );
  const onDragPointer = useCallback((at: [number, number]) => moveDispatch({ type: 'pointer', at }), [moveDispatch]);
  const onDragRelease = useCallback(() => moveDispatch({ type: 'release' }), [moveDispatch]);
  const onHover = useCallback((target: HoverTarget | null, x: number, y: number) => setHover(target ? { target, x, y } : null), [setHover]);
  return { onPick, onMissed, onPressModel, onDragPointer, onDragRelease, onHover };
}
