import { PATHS, type PathId } from '../../campaign/data';
import { fieldedPoints, orderOfBattlePoints } from '../../campaign/roster';
import type { Campaign } from '../../campaign/schema';
import { RankChoice } from './RankChoice';

/** Props of {@link OrderOfBattle}. */
export interface OrderOfBattleProps {
  campaign: Campaign;
  /** Chooses a pending rank's ability (absent: the choices are not offered). */
  onChoose?: (unitId: string, ability: string, path?: PathId) => void;
  /** Shows the total points line. Default true. */
  showTotal?: boolean;
}

/**
 * The Order of Battle: each unit with its points (fielded: doubled when reinforced), renown, rank,
 * Path, abilities and enhancements; the warlord marked; a rank whose ability is still to choose
 * offers its two abilities.
 */
export function OrderOfBattle({ campaign: c, onChoose, showTotal = true }: OrderOfBattleProps) {
  return (
    <table className="campaign-oob" data-testid="campaign-oob">
      <thead>
        <tr>
          <th>Unit</th>
          <th>Points</th>
          <th>Renown</th>
          <th>Rank</th>
          <th>Path and abilities</th>
        </tr>
      </thead>
      <tbody>
        {c.units.map((u) => (
          <tr key={u.id} data-testid={`campaign-oob-${u.id}`} data-renown={u.renown} data-rank={u.rank ?? ''}>
            <td>
              {u.name}
              {u.id === c.warlord && <span className="campaign-tag"> warlord</span>}
              {u.unique && <span className="campaign-tag"> UNIQUE</span>}
              {u.reinforced && <span className="campaign-tag"> reinforced</span>}
              {c.enhancements
                .filter((e) => e.unit === u.id)
                .map((e) => (
                  <div key={e.name} className="muted" data-testid={`campaign-enhancement-${u.id}`}>
                    ✦ {e.name}
                  </div>
                ))}
            </td>
            <td>{fieldedPoints(u)}</td>
            <td data-testid={`campaign-renown-${u.id}`}>{u.renown}</td>
            <td data-testid={`campaign-rankname-${u.id}`}>{u.rank ?? '—'}</td>
            <td>
              {u.path ? PATHS[u.path].name : '—'}
              {u.abilities.length > 0 && <div data-testid={`campaign-abilities-${u.id}`}>{u.abilities.join(', ')}</div>}
              {u.pendingRanks.length > 0 && onChoose && <RankChoice key={`${u.id}-${u.pendingRanks.length}`} unit={u} onChoose={onChoose} />}
            </td>
          </tr>
        ))}
      </tbody>
      {showTotal && (
        <tfoot>
          <tr>
            <td>Total</td>
            <td data-testid="campaign-oob-points">{orderOfBattlePoints(c)}</td>
            <td colSpan={3} />
          </tr>
        </tfoot>
      )}
    </table>
  );
}
