import { useState, type ReactNode } from 'react';
import type { BattlefieldData } from '../../scene/types';
import { point3 } from '../format';
import { pickName } from '../names';
import { shownLos, type LineBlockerInfo, type LosState } from '../tools/losTool';

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
  /** Every terrain feature, then every model, touching the lines tested (engine's `losBlockers`), when found. Default none. */
  blockers?: readonly LineBlockerInfo[];
  /** How many lines the engine tested for the blockers. Default 0. */
  linesTested?: number;
  /** Make a dispute link and file (Share). Default: no Share button. */
  onShare?: () => void;
  /** The dispute link and file made last. Default none. */
  share?: { url: string; fileUrl: string; filename: string; warning?: string } | null;
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
export function LosPanel({ data, state, blockers = [], linesTested = 0, onEye, onBack, onSwap, onExport, proof, onClear, onShare, share = null, children }: LosPanelProps) {
  const [collapsed, setCollapsed] = useState(false);
  const shown = shownLos(state);
  const observer = state.name === 'idle' ? null : state.observer;
  const target = state.name === 'checking' || state.name === 'done' || state.name === 'failed' ? state.target : null;
  const verdictClass = shown ? (shown.visible ? 'ok' : 'bad') : '';
  return (
    <div className={`tool-panel panel${collapsed ? ' collapsed' : ''}`} data-testid="los-panel" data-status={state.name} data-eye={state.name === 'done' && state.eye ? 'true' : 'false'} data-collapsed={collapsed}>
      <div className="tool-head">
        <span>Line of sight</span>
        <span className="tool-head-buttons">
          {state.name !== 'idle' && (
            <button type="button" onClick={onClear} title="Start again (Esc)">
              Clear
            </button>
          )}
          <button type="button" data-testid="btn-los-collapse" onClick={() => setCollapsed(!collapsed)} aria-expanded={!collapsed} title={collapsed ? 'Show the panel' : 'Fold the panel to its verdict, to see the table under it'}>
            {collapsed ? '▸' : '▾'}
          </button>
        </span>
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
              {state.blockers?.status === 'pending' && 'Looking for what blocks the lines between them…'}
              {state.blockers?.status === 'found' &&
                (blockers.length ? (
                  <>
                    Blocked by{' '}
                    {blockers.map((b, i) => (
                      <span key={`${b.kind}:${b.id}`}>
                        {i > 0 && ', '}
                        <b data-testid="los-blocker" data-kind={b.kind} data-id={b.id} title={`${b.kind === 'terrain' ? 'Terrain' : 'Model'}: touches ${b.lines} of the ${linesTested} lines tested`}>
                          {b.name}
                        </b>
                      </span>
                    ))}
                    <span className="muted"> ({linesTested} lines tested from the tops and top edges of the nearest models; terrain first)</span>.
                  </>
                ) : (
                  'None of the lines tested touches anything; other lines are blocked.'
                ))}
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
          {onShare && (
            <button type="button" data-testid="btn-share-dispute" onClick={onShare} title="A link and a file that reopen this dispute: the table, the pair, the verdict and the eye view (nothing is uploaded)">
              Share
            </button>
          )}
          {proof && (
            <a className="download" data-testid="proof-link" href={proof.url} download={proof.filename}>
              ⬇ {proof.filename}
            </a>
          )}
          {share && (
            <div className="dispute-share" data-testid="dispute-share">
              <input type="text" readOnly value={share.url} data-testid="dispute-url" onFocus={(e) => e.currentTarget.select()} aria-label="Dispute link" />
              <button type="button" onClick={() => void navigator.clipboard?.writeText(share.url).catch(() => undefined)}>
                Copy
              </button>
              <a className="download" data-testid="dispute-file" href={share.fileUrl} download={share.filename}>
                ⬇ {share.filename}
              </a>
              {share.warning && <div className="warn">{share.warning}</div>}
            </div>
          )}
        </div>
      )}
      {!collapsed && children}
    </div>
  );
}
