import type { BattlefieldData } from '../../scene/types';
import { inches2 } from '../format';
import { pickName } from '../names';
import { shownMeasure, type MeasureState } from '../tools/measureTool';

/** Props of {@link MeasurePanel}. */
export interface MeasurePanelProps {
  /** The battlefield (to name things). */
  data: BattlefieldData;
  /** The measure tool's state. */
  state: MeasureState;
  /** Start again (Esc). */
  onClear: () => void;
}

/** The measure tool's readout: what is measured, the engine's 3D and horizontal distances in inches. */
export function MeasurePanel({ data, state, onClear }: MeasurePanelProps) {
  const shown = shownMeasure(state);
  const from = state.name === 'idle' ? null : state.from;
  const to = state.name === 'measuring' || state.name === 'done' || state.name === 'failed' ? state.to : null;
  return (
    <div className="tool-panel panel" data-testid="measure-panel" data-status={state.name}>
      <div className="tool-head">
        <span>Measure</span>
        {state.name !== 'idle' && (
          <button type="button" onClick={onClear} title="Start again (Esc)">
            Clear
          </button>
        )}
      </div>
      {state.name === 'idle' && <p className="hint">Click a model, an objective or a terrain feature. Shift-click a model for its whole unit.</p>}
      {from && (
        <div className="pair">
          <div>
            <span className="tag a">A</span> <span data-testid="measure-from">{pickName(data, from)}</span>
          </div>
          {to ? (
            <div>
              <span className="tag b">B</span> <span data-testid="measure-to">{pickName(data, to)}</span>
            </div>
          ) : (
            <p className="hint">Now click what to measure to.</p>
          )}
        </div>
      )}
      {shown && (
        <div className={`readout${state.name === 'measuring' ? ' stale' : ''}`}>
          <div className="big">
            <span className="label">Distance</span>
            <b data-testid="measure-3d">{inches2(shown.distance)}</b>
          </div>
          <div className="small">
            <span className="label">Horizontal</span>
            <b data-testid="measure-h">{inches2(shown.horizontal)}</b>
          </div>
          <p className="note">Closest points of the bases, in 3D (Core 2.1); the dashed line is the gap seen from above.</p>
        </div>
      )}
      {state.name === 'measuring' && !shown && (
        <p className="working">
          <span className="spinner small" /> Measuring…
        </p>
      )}
      {state.name === 'failed' && (
        <ul className="problems" role="alert">
          {state.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
