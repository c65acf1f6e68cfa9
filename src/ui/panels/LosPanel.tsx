import type { ReactNode } from 'react';
import type { BattlefieldData } from '../../scene/types';
import { point3 } from '../format';
import { pickName } from '../names';
import { shownLos, type LosState } from '../tools/losTool';

/** A PNG proof ready to download. */
export interface Proof {
  /** The PNG as a data URL. */
  url: string;
  /** Suggested file name. */
  filename: string;
}

/** Props of {@link LosPanel}. */
export interface LosPanelProps {
  /** The battlefield (to name things). */
  data: BattlefieldData;
  /** The line-of-sight tool's state. */
  state: LosState;
  /** Names of what blocks the straight line, when the engine reported it. */
  blockerNames: string[];
  /** Switch to the observer's-eye view. */
  onEye: () => void;
  /** Back to the table view. */
  onBack: () => void;
  /** Swap observer and target. */
  onSwap: () => void;
  /** Export the view and the verdict as a PNG. */
  onExport: () => void;
  /** The last exported proof, if any. */
  proof: Proof | null;
  /** Start again (Esc). */
  onClear: () => void;
  /** Shown below the readout (the who-sees-whom table). */
  children?: ReactNode;
}

/** The line-of-sight tool's readout: observer, target, the engine's verdict and its proof. */
export function LosPanel({ data, state, blockerNames, onEye, onBack, onSwap, onExport, proof, onClear, children }: LosPanelProps) {
  const shown = shownLos(state);
  const observer = state.name === 'idle' ? null : state.observer;
  const target = state.name === 'checking' || state.name === 'done' || state.name === 'failed' ? state.target : null;
  const verdictClass = shown ? (shown.visible ? 'ok' : 'bad') : '';
  return (
    <div className="tool-panel panel" data-testid="los-panel" data-status={state.name} data-eye={state.name === 'done' && state.eye ? 'true' : 'false'}>
      <div className="tool-head">
        <span>Line of sight</span>
        {state.name !== 'idle' && (
          <button type="button" onClick={onClear} title="Start again (Esc)">
            Clear
          </button>
        )}
      </div>
      {state.name === 'idle' && <p className="hint">Click the observing model (shift-click: its whole unit).</p>}
      {observer && (
        <div className="pair">
          <div>
            <span className="tag a">◉</span> <span data-testid="los-observer">{pickName(data, observer)}</span>
          </div>
          {target ? (
            <div>
              <span className="tag b">◎</span> <span data-testid="los-target">{pickName(data, target)}</span>
            </div>
          ) : (
            <p className="hint">Now click the target model (shift-click: its unit).</p>
          )}
        </div>
      )}
      {shown && (
        <div className={`readout${state.name === 'checking' ? ' stale' : ''}`}>
          <div className={`verdict ${verdictClass}`} data-testid="los-verdict" data-visible={String(shown.visible)}>
            {shown.visible ? 'Visible' : 'Not visible'}
          </div>
          {shown.visible && shown.witness && (
            <p className="note" data-testid="los-witness">
              Clear line from {shown.observerModel ?? 'the observer'} {point3(shown.witness[0])} to {shown.targetModel ?? 'the target'} {point3(shown.witness[1])}: it touches
              no terrain and no other model (Core 6.0).
            </p>
          )}
          {!shown.visible && state.name === 'done' && (
            <p className="note" data-testid="los-blockers" data-blockers={state.blockers?.status ?? ''}>
              No line from any point of the observer to any point of the target is clear (Core 6.0).{' '}
              {state.blockers?.status === 'pending' && 'Looking for what blocks the line between their tops…'}
              {state.blockers?.status === 'found' &&
                (blockerNames.length ? (
                  <>
                    The line between their tops runs into <b>{blockerNames.join(', ')}</b>.
                  </>
                ) : (
                  'The line between their tops is clear; other lines are blocked.'
                ))}
              {state.blockers?.status === 'unavailable' && <span className="muted">(There is no straight line between their tops to check.)</span>}
              {state.blockers?.status === 'failed' && <span className="muted">(Blocker lookup failed: {state.blockers.reason})</span>}
            </p>
          )}
        </div>
      )}
      {state.name === 'checking' && !shown && (
        <p className="working">
          <span className="spinner small" /> Checking line of sight…
        </p>
      )}
      {state.name === 'failed' && (
        <ul className="problems" role="alert">
          {state.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {state.name === 'done' && (
        <div className="actions">
          {state.eye ? (
            <button type="button" data-testid="btn-eye-back" onClick={onBack} aria-pressed>
              ← Back to table view
            </button>
          ) : (
            <button type="button" data-testid="btn-eye" onClick={onEye} title="Stoop down and look from behind the model (Core 6.0)">
              Observer's-eye view
            </button>
          )}
          <button type="button" data-testid="btn-swap" onClick={onSwap} title="Can the target see the observer?">
            ⇄ Swap
          </button>
          <button type="button" data-testid="btn-export" onClick={onExport} title="A PNG of this view with the verdict written on it">
            Export proof as PNG
          </button>
          {proof && (
            <a className="download" data-testid="proof-link" href={proof.url} download={proof.filename}>
              ⬇ {proof.filename}
            </a>
          )}
        </div>
      )}
      {children}
    </div>
  );
}
