import { useState } from 'react';
import type { BattlefieldData } from '../../scene/types';
import { seeEachOther, shownEntries, type SightTableState } from '../tools/sightTableTool';

/** Props of {@link SightTable}. */
export interface SightTableProps {
  /** The battlefield (units, armies, names). */
  data: BattlefieldData;
  /** The table's state. */
  state: SightTableState;
  /** Compute the table (or again after a failure). */
  onOpen: () => void;
  /** Hide it. */
  onClose: () => void;
  /** A cell was clicked: check that pair with the line-of-sight tool (observer unit, target unit). */
  onPick: (observerUnit: string, targetUnit: string) => void;
  /** The pair of units the line-of-sight tool is showing, either way round (its cell is marked). Default none. */
  current?: readonly [string, string] | null;
  /** The pointer entered a cell (its pair of units: row, column) or left the table (null): the page rings the pair on the table. Default: nothing. */
  onHoverPair?: (pair: readonly [string, string] | null) => void;
}

/**
 * "Who sees whom": one row per unit of the first army, one column per unit of the second (with
 * more armies, every pair of units from different armies still gets one cell), each cell whether
 * the two units can see each other (Core 6.0, whole units; the question is
 * symmetric, so one cell serves both directions). Clicking a cell checks that pair with the
 * line-of-sight tool (witness, observer's-eye view, PNG proof).
 */
export function SightTable({ data, state, onOpen, onClose, onPick, current = null, onHoverPair }: SightTableProps) {
  // What the pointer is over: a cell (both units' full names and the verdict) or a header (one unit's full name).
  const [over, setOver] = useState<string | null>(null);
  const hoverCell = (text: string | null, pair: readonly [string, string] | null) => {
    setOver(text);
    onHoverPair?.(pair);
  };
  if (state.name === 'off') {
    return (
      <div className="actions">
        <button type="button" data-testid="btn-sight-table" onClick={onOpen} title="Every pair of units from different armies: can they see each other? (Core 6.0)">
          Who sees whom
        </button>
      </div>
    );
  }
  // Rows: units of every army but the last; columns: units of every army but the first; a cell for
  // each pair whose column army comes after the row army (with two armies: one row per unit of the
  // first, one column per unit of the second).
  const armyIndex = (a: string) => data.armies.indexOf(a);
  const last = data.armies.length - 1;
  const rows = data.units.filter((u) => armyIndex(u.army) < last);
  const cols = data.units.filter((u) => armyIndex(u.army) > 0);
  const entries = shownEntries(state);
  const stale = state.name === 'computing';
  return (
    <div className="sight-table" data-testid="sight-table" data-status={state.name}>
      <div className="tool-head">
        <span>Who sees whom</span>
        <button type="button" onClick={onClose} title="Hide the table">
          Hide
        </button>
      </div>
      {state.name === 'computing' && (
        <p className="working">
          <span className="spinner small" /> Checking every pair of units… {state.progress !== undefined ? `${Math.round(100 * state.progress)}%` : ''}
        </p>
      )}
      {state.name === 'failed' && (
        <p className="problems" role="alert">
          {state.reason}{' '}
          <button type="button" onClick={onOpen}>
            Try again
          </button>
        </p>
      )}
      {entries.length > 0 && rows.length > 0 && cols.length > 0 && (
        <table className={stale ? 'stale' : ''} onMouseLeave={() => hoverCell(null, null)}>
          <thead>
            <tr>
              <th />
              {cols.map((c) => (
                <th key={c.id} scope="col" title={`${c.name} (${c.army})`} onMouseEnter={() => hoverCell(`${c.name} (${c.army})`, null)}>
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row" title={`${r.name} (${r.army})`} onMouseEnter={() => hoverCell(`${r.name} (${r.army})`, null)}>
                  {r.name}
                </th>
                {cols.map((c) => {
                  if (armyIndex(c.army) <= armyIndex(r.army)) return <td key={c.id} />;
                  const v = seeEachOther(entries, r.id, c.id);
                  const label = v === null ? 'not checked' : v ? 'see each other' : 'hidden from each other';
                  const picked = !!current && ((current[0] === r.id && current[1] === c.id) || (current[0] === c.id && current[1] === r.id));
                  return (
                    <td key={c.id}>
                      <button
                        type="button"
                        className={`sight-cell ${v === null ? '' : v ? 'ok' : 'bad'}${picked ? ' picked' : ''}`}
                        aria-pressed={picked}
                        data-testid="sight-cell"
                        data-a={r.id}
                        data-b={c.id}
                        data-visible={v === null ? 'unknown' : String(v)}
                        title={`${r.name} and ${c.name}: ${label}. Click to check the pair.`}
                        onClick={() => onPick(r.id, c.id)}
                        onMouseEnter={() => hoverCell(`${r.name} ↔ ${c.name}: ${label}`, [r.id, c.id])}
                        onFocus={() => hoverCell(`${r.name} ↔ ${c.name}: ${label}`, [r.id, c.id])}
                      >
                        {v === null ? '?' : v ? '●' : '✕'}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {entries.length > 0 && (
        <p className="sight-over" data-testid="sight-over" aria-live="polite">
          {over ?? '\u00a0'}
        </p>
      )}
      {state.name === 'shown' && <p className="hint">● they can see each other, ✕ neither can (Core 6.0, whole units). Click a cell to see the line.</p>}
    </div>
  );
}
