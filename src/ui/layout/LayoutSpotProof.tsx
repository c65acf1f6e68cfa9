import { useEffect, useRef } from 'react';
import type { SpotProof } from '../../layout/spotProof';
import { percent } from './layoutReport';

/** What the panel knows of the proof asked for: being computed, the proof, or why not. */
export type SpotProofState =
  | { name: 'loading'; territory: string; x: number; y: number }
  | { name: 'ok'; proof: SpotProof }
  | { name: 'failed'; territory: string; x: number; y: number; problems: string[] };

/** Props of {@link LayoutSpotProof}. */
export interface LayoutSpotProofProps {
  /** The proof asked for. */
  state: SpotProofState;
  /** A terrain feature's name by its id (default: the id). */
  featureName?: (id: string) => string;
  /** Close the proof (the table's dots go too). */
  onClose: () => void;
}

const inches = (v: number) => `${Math.round(v * 10) / 10}"`;
const where = (x: number, y: number) => `(${Math.round(x * 10) / 10}, ${Math.round(y * 10) / 10})`;

/**
 * The proof for one heatmap square (issue 29, item 7): how many spots of the enemies' threat zone
 * see it and how many could target it with a shooting attack (Core 6.0, Terrain 1.2), the nearest
 * of those with the best witness's ends, and which Obscuring features protect it from the others
 * (behind or wholly on, Terrain 1.1). The table shows the same: red dots target it, grey dots see
 * it but are kept from targeting it, the green line is the witness.
 */
export function LayoutSpotProof({ state, featureName = (id) => id, onClose }: LayoutSpotProofProps) {
  // Issue 39: the proof opens where it can be read (the panel scrolls to it), each time it changes.
  const root = useRef<HTMLDivElement>(null);
  const key = state.name === 'ok' ? `${state.proof.territory}:${state.proof.spot.join(',')}` : `${state.name}:${state.territory}:${state.x},${state.y}`;
  useEffect(() => {
    root.current?.scrollIntoView?.({ block: 'nearest' });
  }, [key, state.name]);
  const head = (territory: string, x: number, y: number) => (
    <div className="tool-head">
      <span>
        Spot {where(x, y)} · {territory}
      </span>
      <button type="button" onClick={onClose} title="Close the proof">
        Close
      </button>
    </div>
  );
  if (state.name === 'loading') {
    return (
      <div ref={root} className="layout-spot-proof" data-testid="layout-spot-proof" data-status="loading">
        {head(state.territory, state.x, state.y)}
        <p className="hint">Checking every spot of the threat zone…</p>
      </div>
    );
  }
  if (state.name === 'failed') {
    return (
      <div ref={root} className="layout-spot-proof" data-testid="layout-spot-proof" data-status="failed">
        {head(state.territory, state.x, state.y)}
        <ul className="problems" role="alert">
          {state.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    );
  }
  const p = state.proof;
  const n = p.threatZoneSpots;
  return (
    <div
      ref={root}
      className="layout-spot-proof"
      data-testid="layout-spot-proof"
      data-status="ok"
      data-seeing={p.seeing}
      data-targeting={p.targeting.length}
      data-zone={n}
      data-protectors={p.protectors.map((x) => x.featureId).join(' ')}
      data-witness={p.best?.witness ? JSON.stringify(p.best.witness) : undefined}
    >
      {head(p.territory, p.spot[0], p.spot[1])}
      <p>
        {p.classId} standing here: seen from <b>{p.seeing}</b> of {n} threat-zone spots ({percent(n ? p.seeing / n : 0)}), could be targeted from{' '}
        <b data-testid="layout-proof-targeting">{p.targeting.length}</b> ({percent(n ? p.targeting.length / n : 0)}).
      </p>
      {p.best ? (
        <p data-testid="layout-proof-best">
          Best witness: from {where(p.best.from[0], p.best.from[1])}, {inches(p.best.gapInches)} away (bases' closest points)
          {p.best.witness ? (
            <>
              ; the line of sight from ({p.best.witness[0].map((v) => v.toFixed(2)).join(', ')}) to ({p.best.witness[1].map((v) => v.toFixed(2)).join(', ')}) touches no terrain.
            </>
          ) : (
            '.'
          )}
        </p>
      ) : (
        <p data-testid="layout-proof-best">No spot of the threat zone can target it{p.seeing ? '' : ' (none sees it)'}.</p>
      )}
      {p.protectors.length > 0 && (
        <ul className="layout-proof-protectors" data-testid="layout-proof-protectors">
          {p.protectors.map((x) => (
            <li key={x.featureId} data-feature={x.featureId}>
              <b>{featureName(x.featureId)}</b> (Obscuring) protects it from {x.shooters} that see it: {x.reason === 'wholly on' ? 'the spot is wholly on it' : 'it is behind it'} (Terrain 1.1, beyond 3")
            </li>
          ))}
        </ul>
      )}
      <p className="layout-legend">
        <span className="key high" /> could target it <span className="key protected" /> sees it, kept by Obscuring terrain <span className="key witness" /> best witness
      </p>
    </div>
  );
}
