import { useCallback, useRef, useState, type MutableRefObject } from 'react';
import type { Engine } from '../engine/engine';
import { inches2 } from '../format';
import type { SceneEditor } from '../sandbox/useSceneEditor';
import { afterRedo, afterUndo, isEdit, isPlacement, nextRedo, nextUndo, type EditRecord, type MoveHistory, type PlaceRecord } from '../tools/moveHistory';
import type { MoveEvent, MoveState } from '../tools/moveTool';
import type { Point2 } from '../tools/types';

/** Inputs of {@link useEditUndo}. */
export interface EditUndoOptions {
  engine: Engine;
  history: MoveHistory;
  setHistory: React.Dispatch<React.SetStateAction<MoveHistory>>;
  /** The move tool's state: undo and redo wait while a move is under way. */
  move: MoveState;
  moveDispatch: (e: MoveEvent) => void;
  /** Redraws a model at a plan-view point (inches), at an elevation if given. */
  placeModel: (id: string, at: Point2, elevation?: number) => Promise<void>;
  setSelectedIds: React.Dispatch<React.SetStateAction<ReadonlySet<string>>>;
  bumpVersion: () => void;
  /** The sandbox editor, whose note line also reports undo / redo of its edits. */
  editorRef: MutableRefObject<SceneEditor | null>;
}

/** What {@link useEditUndo} gives the page. */
export interface EditUndo {
  /** An undo or redo is being applied. */
  applying: boolean;
  undo: () => void;
  redo: () => void;
  /**
   * Reloads a scenario (the workbench's restore), set by the page once the workbench is made;
   * undo / redo of placements and sandbox edits reload the scenario before / after them.
   */
  restoreRef: MutableRefObject<(s: PlaceRecord['before']) => Promise<boolean>>;
}

/**
 * Undo / redo (Ctrl+Z / Ctrl+Y, the move panel's buttons) outside Play: a move is a `moveModel`
 * call in the engine worker back to where the model was (or on to where it went); a palette
 * placement or a sandbox edit reloads the scenario before / after it. Each outcome is a note on
 * the move tool (and on the sandbox editor's note line); a failure is a note, never a throw.
 */
export function useEditUndo({ engine, history, setHistory, move, moveDispatch, placeModel, setSelectedIds, bumpVersion, editorRef }: EditUndoOptions): EditUndo {
  const [applying, setApplying] = useState(false);
  const restoreRef = useRef<(s: PlaceRecord['before']) => Promise<boolean>>(async () => false);
  const bump = useRef(bumpVersion);
  bump.current = bumpVersion;
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
    [moveDispatch, setHistory, setSelectedIds, editorRef],
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
        bump.current();
        moveDispatch({ type: 'note', note: { kind: 'undone', text: `Undid the move of ${r.modelId}.` } });
      })
      .catch((e: unknown) => moveDispatch({ type: 'note', note: { kind: 'failed', text: `Undo failed: ${(e as Error).message}` } }))
      .finally(() => setApplying(false));
  }, [history, applying, move.name, engine, moveDispatch, placeModel, replay, setHistory]);
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
        bump.current();
        moveDispatch({ type: 'note', note: { kind: 'redone', text: `Redid the move of ${r.modelId} (${inches2(r.inches)}).` } });
      })
      .catch((e: unknown) => moveDispatch({ type: 'note', note: { kind: 'failed', text: `Redo failed: ${(e as Error).message}` } }))
      .finally(() => setApplying(false));
  }, [history, applying, move.name, engine, moveDispatch, placeModel, replay, setHistory]);
  return { applying, undo, redo, restoreRef };
}
