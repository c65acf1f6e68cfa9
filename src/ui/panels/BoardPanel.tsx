import type { CombatPair } from '../../client/engineClient';
import { armyColor } from '../../scene/palette';
import type { BattlefieldData } from '../../scene/types';
import type { BoardState, BoardStatus } from '../tools/boardStatus';
import type { CombatState } from '../tools/combatTool';
import { titleCase } from '../format';

/** Props of {@link BoardPanel}. */
export interface BoardPanelProps {
  /** The battlefield (to name things). */
  data: BattlefieldData;
  /** Coherency and objectives, from the engine. */
  board: BoardState;
  /** The status to show (the answer, or the previous one while recomputing). */
  status: BoardStatus | null;
  /** The combat overlay's state. */
  combat: CombatState;
  /** Pairs in combat to show. */
  pairs: CombatPair[];
}

/** The battlefield's state as the engine answers it: coherency (Core 15.1), objectives (Core 32.1), combat (Core 7.0). */
export function BoardPanel({ data, board, status, combat, pairs }: BoardPanelProps) {
  const unitName = (id: string) => data.units.find((u) => u.id === id)?.name ?? id;
  const unitArmy = (id: string) => data.units.find((u) => u.id === id)?.army ?? '';
  const incoherent = status ? Object.entries(status.coherency).filter(([, c]) => !c.coherent) : [];
  return (
    <div className="board panel" data-testid="board-panel" data-status={board.name}>
      <div className="board-head">
        Battlefield
        {board.name === 'computing' && <span className="spinner small" title="The engine is re-checking the battlefield" />}
      </div>
      <section data-testid="coherency">
        <h3>Coherency</h3>
        {!status ? (
          <p className="muted">Checking…</p>
        ) : incoherent.length === 0 ? (
          <p className="ok-line">✓ Every unit is coherent</p>
        ) : (
          <ul>
            {incoherent.map(([u, c]) => (
              <li key={u} className="bad-line" data-testid={`incoherent-${u}`}>
                ✗ {unitName(u)}: {c.isolated.length ? `${c.isolated.join(', ')} out of coherency` : 'split into groups'}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section data-testid="objectives">
        <h3>Objectives</h3>
        {status && data.objectives.length > 0 ? (
          <ul className="objectives">
            {data.objectives.map((o) => {
              const units = status.contests[o.id] ?? [];
              const armies = [...new Set(units.map(unitArmy))];
              return (
                <li key={o.id} data-testid={`objective-${o.id}`} data-armies={armies.join(',')}>
                  <b>{o.id}</b>{' '}
                  {armies.length === 0 ? (
                    <span className="muted">uncontested</span>
                  ) : (
                    armies.map((a) => (
                      <span key={a} className="army-chip" style={{ borderColor: armyColor(a, data.armies) }}>
                        <i style={{ background: armyColor(a, data.armies) }} />
                        {titleCase(a)}
                      </span>
                    ))
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="muted">{data.objectives.length ? 'Checking…' : 'No objectives'}</p>
        )}
      </section>
      {combat.name !== 'off' && (
        <section data-testid="combat" data-status={combat.name}>
          <h3>In combat</h3>
          {combat.name === 'computing' && pairs.length === 0 && <p className="muted">Checking every pair of units… {combat.progress !== undefined ? `${Math.round(combat.progress * 100)}%` : ''}</p>}
          {combat.name === 'failed' && <p className="bad-line">{combat.reason}</p>}
          {(combat.name === 'shown' || pairs.length > 0) &&
            (pairs.length === 0 ? (
              <p className="muted">No units are in combat.</p>
            ) : (
              <ul>
                {pairs.map((p) => (
                  <li key={`${p.a}-${p.b}`} className="combat-line">
                    ⚔ {unitName(p.a)} — {unitName(p.b)}
                  </li>
                ))}
              </ul>
            ))}
        </section>
      )}
    </div>
  );
}
