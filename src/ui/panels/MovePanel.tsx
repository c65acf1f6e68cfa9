import type { BattlefieldData } from '../../scene/types';
import { inches2 } from '../format';
import { pickName } from '../names';
import type { MoveHistory } from '../tools/moveHistory';
import { currentMeasure, type MoveState } from '../tools/moveTool';

/** Props of {@link MovePanel}. */
export interface MovePanelProps {
  /** The battlefield (to name things). */
  data: BattlefieldData;
  /** The move tool's state. */
  state: MoveState;
  /** The undo/redo stack. */
  history: MoveHistory;
  /** True while an undo or redo is being applied. */
  applying: boolean;
  /** Undo the last move (Ctrl+Z). */
  onUndo: () => void;
  /** Redo the last undone move (Ctrl+Y). */
  onRedo: () => void;
}

/** The move tool's readout: the live path length (or why the move is illegal), the last result, undo/redo. */
export function MovePanel({ data, state, history, applying, onUndo, onRedo }: MovePanelProps) {
  const measure = currentMeasure(state);
  const dragging = state.name === 'dragging' || state.name === 'dropping';
  const legal = measure ? measure.value !== null : null;
  return (
    <div className="tool-panel panel" data-testid="move-panel" data-status={state.name} data-legal={legal === null ? 'pending' : String(legal)}>
      <div className="tool-head">
        <span>Move</span>
      </div>
      {!dragging && <p className="hint">Drag a model over the table. The move it costs (climbing counts, Core 15.2) is measured as you go; an illegal drop is refused.</p>}
      {dragging && (
        <div className="readout">
          <div className="pair">
            <div>
              <span className="tag a">✥</span> {pickName(data, { kind: 'model', id: state.modelId })}
            </div>
          </div>
          {measure === null ? (
            state.measured ? (
              <div className="big stale">
                <span className="label">Move</span>
                <b data-testid="move-length">{state.measured.value === null ? '—' : inches2(state.measured.value)}</b>
              </div>
            ) : (
              <p className="working">
                <span className="spinner small" /> Measuring the path…
              </p>
            )
          ) : measure.value !== null ? (
            <div className="big">
              <span className="label">Move</span>
              <b data-testid="move-length">{inches2(measure.value)}</b>
            </div>
          ) : (
            <div className="illegal" role="alert" data-testid="move-reason">
              ✗ {measure.reason ?? 'This move cannot be made.'}
            </div>
          )}
        </div>
      )}
      {state.name === 'idle' && state.last && (
        <p className={`last ${state.last.kind === 'refused' || state.last.kind === 'failed' ? 'bad' : 'ok'}`} data-testid="move-last" data-kind={state.last.kind}>
          {state.last.text}
        </p>
      )}
      <div className="actions">
        <button type="button" data-testid="btn-undo" onClick={onUndo} disabled={!history.done.length || applying || dragging} title="Undo the last move (Ctrl+Z)">
          ↶ Undo{history.done.length ? ` (${history.done.length})` : ''}
        </button>
        <button type="button" data-testid="btn-redo" onClick={onRedo} disabled={!history.undone.length || applying || dragging} title="Redo (Ctrl+Y)">
          ↷ Redo{history.undone.length ? ` (${history.undone.length})` : ''}
        </button>
      </div>
    </div>
  );
}
