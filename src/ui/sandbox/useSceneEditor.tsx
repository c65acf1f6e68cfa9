/**
 * The sandbox's editing of placed things (issue 18): select a terrain feature (a model is
 * selected by the page as before), move it (drag, or Move and a click on the new spot), turn it
 * and delete it; turn and delete a model. Every edit is a scenario edit ({@link ./sceneEdits})
 * loaded into the engine and drawn ({@link ./applyEdit}); each is handed to the page's undo
 * history as an {@link EditRecord} with the scenario before and after.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { Scenario } from '../../scenario/schema';
import type { BattlefieldData } from '../../scene/types';
import type { Engine } from '../engine/engine';
import { keepUnchangedTerrain } from '../files/battlefield';
import { inches } from '../format';
import type { EditRecord } from '../tools/moveHistory';
import { applyScenarioEdit, removeModelFromTable, type ApplyOutcome, type EditCheck } from './applyEdit';
import { EditPanel, type EditNote, type EditTarget } from './EditPanel';
import { FeatureMoveLayer } from './FeatureMoveLayer';
import { deleteFeature, deleteModel, deleteModels, featureCentre, moveFeature, rotateFeature, rotateModel, ROTATE_STEP, type EditOutcome } from './sceneEdits';
import './sandbox.css';

/** What the editor needs from the page. */
export interface SceneEditorHost {
  engine: Engine;
  /** The battlefield drawn. */
  data: BattlefieldData | null;
  /** Editing is on: the sandbox (not Play), the select tool, the table ready. */
  enabled: boolean;
  /** Another edit is running (undo / redo, a placement): the editor waits. */
  blocked: boolean;
  /** The selected models (a single one is editable). */
  selectedModelIds: ReadonlySet<string>;
  setData: Dispatch<SetStateAction<BattlefieldData | null>>;
  bumpVersion: () => void;
  /** An edit was applied: push it on the undo history. */
  onEdited: (record: EditRecord) => void;
  /** A model was deleted: drop it from the model selection. */
  onModelGone: (id: string) => void;
  /** Move of a model: switch to the move tool. */
  moveTool: () => void;
}

/** What the page draws and calls. */
export interface SceneEditor {
  /** The selected terrain feature's id (it exists in the drawing), or null. */
  selectedTerrain: string | null;
  /** Selects a terrain feature (null: none). */
  selectTerrain: (id: string | null) => void;
  /** The Move button is armed (scene clicks go to the move, not to selection). */
  moving: boolean;
  /** An edit is being applied. */
  busy: boolean;
  /** The last note. */
  note: EditNote | null;
  setNote: (note: EditNote | null) => void;
  /** The panel for a selected feature, or the note alone (nothing else selected). */
  panel: ReactNode;
  /** The controls for a single selected model (inside the model selection panel), or null. */
  modelControls: ReactNode;
  /** Inside the scene: the move ghost. */
  scene: ReactNode;
  /**
   * A key (no Ctrl / Alt): `[` / `]` turn, Delete / Backspace delete, Escape cancels the move or
   * drops the terrain selection. True when the editor used it.
   */
  onKey: (key: string) => boolean;
}

/** Runs the editor. See the module comment. */
export function useSceneEditor(host: SceneEditorHost): SceneEditor {
  const { engine, data, enabled, blocked, selectedModelIds } = host;
  const hostRef = useRef(host);
  hostRef.current = host;
  const [selected, setSelected] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [note, setNote] = useState<EditNote | null>(null);

  const feature = enabled && selected ? (data?.terrain.find((t) => t.id === selected) ?? null) : null;
  const model = enabled && !feature && selectedModelIds.size === 1 ? (data?.models.find((m) => selectedModelIds.has(m.id)) ?? null) : null;
  // Several models selected (a whole unit, issue 39): Delete (the key or the button) removes them all.
  const many = useMemo(
    () => (enabled && !feature && selectedModelIds.size > 1 ? (data?.models ?? []).filter((m) => selectedModelIds.has(m.id)).map((m) => m.id) : []),
    [enabled, feature, selectedModelIds, data],
  );
  // A note is about the model it was written for: selecting another model starts afresh (issue 39).
  const noteFor = useRef<string | null>(null);
  useEffect(() => {
    const id = model?.id ?? (many.length ? many.join(',') : null);
    if (id !== null && noteFor.current !== null && id !== noteFor.current) setNote(null);
    if (id !== null) noteFor.current = id;
  }, [model?.id, many]);
  // The centre of the selected feature, from the engine's scenario (the one a move moves).
  const centre = useMemo(() => {
    const f = feature && engine.client.snapshot?.terrain?.find((t) => t.id === feature.id);
    return f ? featureCentre(f) : null;
    // The drawing changes with every edit of the engine's scenario.
  }, [feature, engine]); // eslint-disable-line react-hooks/exhaustive-deps

  // Leaving the select tool (or the sandbox), or losing the feature: nothing armed.
  useEffect(() => {
    if (!feature) setMoving(false);
  }, [feature]);
  useEffect(() => {
    if (!enabled) setSelected(null);
  }, [enabled]);

  const selectTerrain = useCallback((id: string | null) => {
    setSelected((prev) => {
      // A note is about what was selected: a different piece starts afresh.
      if (id !== null && id !== prev) setNote(null);
      return id;
    });
    setMoving(false);
  }, []);

  /** Applies one edit: the scenario now, the pure edit, the engine and the drawing, the history. */
  const edit = useCallback(
    async (id: string, make: (s: Scenario) => EditOutcome, apply: (before: Scenario, after: Scenario) => Promise<ApplyOutcome>, after?: () => void) => {
      const h = hostRef.current;
      if (busyRef.current || h.blocked) return;
      busyRef.current = true;
      setBusy(true);
      setMoving(false);
      try {
        const now = h.engine.client.snapshot ?? (await h.engine.track(h.engine.client.getScenario()));
        if (!now) return setNote({ ok: false, text: 'No battlefield is loaded.' });
        const before = structuredClone(now);
        const r = make(before);
        if (!r.ok) return setNote({ ok: false, text: r.problem });
        const applied = await apply(before, r.scenario);
        if (!applied.ok) return setNote({ ok: false, text: applied.problems.join('; ') });
        const edited = structuredClone(h.engine.client.snapshot ?? r.scenario);
        h.setData((prev) => keepUnchangedTerrain(prev, applied.data));
        h.bumpVersion();
        h.onEdited({ kind: 'edit', id, note: r.note, before, after: edited });
        setNote({ ok: true, text: r.note });
        after?.();
      } catch (e) {
        setNote({ ok: false, text: `The edit of ${id} failed: ${(e as Error).message}` });
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [],
  );
  const withCheck = useCallback((check: EditCheck) => (before: Scenario, after: Scenario) => applyScenarioEdit(hostRef.current.engine, before, after, check), []);

  const moveTo = useCallback(
    (at: [number, number]) => {
      if (!selected) return;
      const id = selected;
      void edit(id, (s) => moveFeature(s, id, [Math.round(at[0] * 100) / 100, Math.round(at[1] * 100) / 100]), withCheck({ kind: 'terrain', id }));
    },
    [selected, edit, withCheck],
  );
  const rotate = useCallback(
    (degrees: number) => {
      if (feature) {
        const id = feature.id;
        void edit(id, (s) => rotateFeature(s, id, degrees), withCheck({ kind: 'terrain', id }));
      } else if (model) {
        const id = model.id;
        void edit(id, (s) => rotateModel(s, id, degrees), withCheck({ kind: 'model', id }));
      }
    },
    [feature, model, edit, withCheck],
  );
  const remove = useCallback(() => {
    if (feature) {
      const id = feature.id;
      void edit(id, (s) => deleteFeature(s, id), withCheck({ kind: 'none' }), () => setSelected(null));
    } else if (model) {
      const id = model.id;
      void edit(id, (s) => deleteModel(s, id), () => removeModelFromTable(hostRef.current.engine, id), () => hostRef.current.onModelGone(id));
    }
  }, [feature, model, edit, withCheck]);
  const removeMany = useCallback(() => {
    if (many.length < 2) return;
    const ids = many;
    void edit(`${ids.length} models`, (s) => deleteModels(s, ids), withCheck({ kind: 'none' }), () => ids.forEach((id) => hostRef.current.onModelGone(id)));
  }, [many, edit, withCheck]);
  const onMove = useCallback(() => {
    if (feature) setMoving((m) => !m);
    else if (model) hostRef.current.moveTool();
  }, [feature, model]);

  const onKey = useCallback(
    (key: string): boolean => {
      if (!enabled) return false;
      if (key === 'Escape') {
        if (moving) setMoving(false);
        else if (selected) setSelected(null);
        else return false;
        return true;
      }
      if (!feature && !model && many.length > 1 && (key === 'Delete' || key === 'Backspace')) {
        removeMany();
        return true;
      }
      if (!feature && !model) return false;
      if (key === '[' || key === ']') {
        rotate(key === '[' ? ROTATE_STEP : -ROTATE_STEP);
        return true;
      }
      if (key === 'Delete' || key === 'Backspace') {
        remove();
        return true;
      }
      return false;
    },
    [enabled, moving, selected, feature, model, many, rotate, remove, removeMany],
  );

  const target: EditTarget | null = feature
    ? { kind: 'terrain', id: feature.id, name: feature.name, detail: `${feature.type} · ${feature.pieceCount} piece${feature.pieceCount === 1 ? '' : 's'} · ${inches(feature.maxHeight)} tall` }
    : null;
  const isBusy = busy || blocked;
  const panel = enabled && !model && (feature || (selectedModelIds.size === 0 && note)) ? (
    <EditPanel target={target} moving={moving} busy={isBusy} note={note} onMove={onMove} onRotate={rotate} onDelete={remove} onClose={() => selectTerrain(null)} />
  ) : null;
  const modelControls = model ? (
    <EditPanel target={{ kind: 'model', id: model.id, name: model.id }} busy={isBusy} note={note} embedded onMove={onMove} onRotate={rotate} onDelete={remove} />
  ) : many.length > 1 ? (
    <div className="edit-embedded" data-testid="edit-panel" data-target={many.join(',')}>
      <div className="edit-buttons">
        <button type="button" className="danger" data-testid="edit-delete" disabled={isBusy} onClick={removeMany} title="Delete the selected models (Del)">
          ✕ Delete {many.length} models
        </button>
      </div>
      {note && (
        <div className={`edit-note ${note.ok ? 'ok' : 'bad'}`} data-testid="edit-note" data-ok={String(note.ok)} role="status">
          {note.text}
        </div>
      )}
    </div>
  ) : null;
  const scene =
    feature && data ? <FeatureMoveLayer feature={feature} centre={centre} armed={moving} draggable={!isBusy} width={data.width} depth={data.depth} onMove={moveTo} /> : null;
  return { selectedTerrain: feature?.id ?? null, selectTerrain, moving, busy, note, setNote, panel, modelControls, scene, onKey };
}
