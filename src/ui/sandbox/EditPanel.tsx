import type { ReactNode } from 'react';
import { ROTATE_STEP } from './sceneEdits';

/** What the panel edits. */
export interface EditTarget {
  kind: 'terrain' | 'model';
  id: string;
  /** Display name ("Wall 2"). */
  name: string;
  /** One line about it ("obstacle · 1 piece · 3" tall"). */
  detail?: string;
}

/** The note left by the last edit, undo or redo. */
export interface EditNote {
  ok: boolean;
  text: string;
}

/** Props of {@link EditPanel}. */
export interface EditPanelProps {
  /** The selected terrain feature or model, or null (then only the note shows; nothing at all without one). */
  target: EditTarget | null;
  /** The Move button is armed (a click on the table moves the piece). Default false. */
  moving?: boolean;
  /** An edit is being applied: the buttons wait. Default false. */
  busy?: boolean;
  /** The last edit's note, or null. Default null. */
  note?: EditNote | null;
  /**
   * Inside another panel (the model selection panel): no frame and no heading of its own.
   * Default false.
   */
  embedded?: boolean;
  /** Move: arms the click-to-move (terrain) or the move tool (a model). */
  onMove: () => void;
  /** Turn by `degrees` (counter-clockwise positive). */
  onRotate: (degrees: number) => void;
  onDelete: () => void;
  /** Clear the selection (the panel's ×). Default: no × button. */
  onClose?: () => void;
}

const KEYS = `Drag or Move, then click the spot · [ ] turn ${ROTATE_STEP}° · Del delete · Ctrl+Z undo · Esc deselect`;
const MODEL_KEYS = `Move: the move tool (X) · [ ] turn ${ROTATE_STEP}° · Del delete · Ctrl+Z undo · Esc deselect`;

/**
 * The sandbox's editing of a placed terrain feature or model (issue 18): its name, the buttons
 * Move / Rotate left / Rotate right / Delete, the keys, and the note of the last edit.
 */
export function EditPanel({ target, moving = false, busy = false, note = null, embedded = false, onMove, onRotate, onDelete, onClose }: EditPanelProps) {
  if (!target && !note) return null;
  const noteLine = note && (
    <div className={`edit-note ${note.ok ? 'ok' : 'bad'}`} data-testid="edit-note" data-ok={String(note.ok)} role="status">
      {note.text}
    </div>
  );
  let body: ReactNode = noteLine;
  if (target) {
    body = (
      <>
        <div className="edit-buttons">
          <button type="button" data-testid="edit-move" aria-pressed={moving} disabled={busy} onClick={onMove} title={target.kind === 'terrain' ? 'Move: click the new spot (or drag the piece)' : 'Move with the move tool (X)'}>
            ✥ Move
          </button>
          <button type="button" data-testid="edit-rotate-left" disabled={busy} onClick={() => onRotate(ROTATE_STEP)} title={`Rotate left ${ROTATE_STEP}° ([)`}>
            ⟲ Left
          </button>
          <button type="button" data-testid="edit-rotate-right" disabled={busy} onClick={() => onRotate(-ROTATE_STEP)} title={`Rotate right ${ROTATE_STEP}° (])`}>
            ⟳ Right
          </button>
          <button type="button" className="danger" data-testid="edit-delete" disabled={busy} onClick={onDelete} title="Delete (Del)">
            ✕ Delete
          </button>
        </div>
        {moving && <div className="edit-hint">Click the new spot for {target.id} (Esc cancels).</div>}
        <div className="edit-keys muted">{target.kind === 'terrain' ? KEYS : MODEL_KEYS}</div>
        {noteLine}
      </>
    );
  }
  if (embedded)
    return (
      <div className="edit-embedded" data-testid="edit-panel" data-target={target?.id ?? ''}>
        {body}
      </div>
    );
  return (
    <div className="selection edit-panel panel" data-testid="edit-panel" data-target={target?.id ?? ''}>
      {target && (
        <>
          <div className="selection-head">
            <span>{target.kind === 'terrain' ? 'Selected terrain' : 'Selected model'}</span>
            {onClose && (
              <button type="button" onClick={onClose} title="Clear selection (Esc)">
                ×
              </button>
            )}
          </div>
          <div>
            <b data-testid="edit-name">{target.name}</b> <span className="muted">{target.id}</span>
          </div>
          {target.detail && <div className="muted">{target.detail}</div>}
        </>
      )}
      {body}
    </div>
  );
}
