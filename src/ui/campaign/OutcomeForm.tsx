import { useState } from 'react';
import type { BattleOutcome } from '../../campaign/aftermath';
import { RESULTS, type BattleResult } from '../../campaign/data';
import type { Campaign } from '../../campaign/schema';
import { ASCENSION_IDS } from '../../rules/engine/ascension';
import { battleplanName } from '../../campaign/battle';

/** Props of {@link OutcomeForm}. */
export interface OutcomeFormProps {
  campaign: Campaign;
  /** The outcome entered (CAMPAIGN.md `--outcome`). */
  onOutcome: (o: BattleOutcome) => void;
}

const RESULT_WORDS: Record<BattleResult, string> = { 'major-victory': 'Major victory', 'minor-victory': 'Minor victory', draw: 'Draw', 'minor-defeat': 'Minor defeat', 'major-defeat': 'Major defeat' };

/**
 * A battle fought on a real table, entered by hand (the `--outcome` shape): the points limit, the
 * result, whether the general was slain, each Order of Battle unit's part (did not take part,
 * survived, destroyed), quest points gained, and whether the Rising Champion slew a HERO or MONSTER.
 */
export function OutcomeForm({ campaign: c, onOutcome }: OutcomeFormProps) {
  const [pointsLimit, setPointsLimit] = useState(1000);
  const [result, setResult] = useState<BattleResult>('minor-victory');
  const [generalSlain, setGeneralSlain] = useState(false);
  const [units, setUnits] = useState<Record<string, '' | 'survived' | 'destroyed'>>(() => Object.fromEntries(c.units.map((u) => [u.id, 'survived'])));
  const [questPoints, setQuestPoints] = useState(0);
  const [championSlew, setChampionSlew] = useState(false);
  const [battleplan, setBattleplan] = useState('');
  const submit = () =>
    onOutcome({
      pointsLimit,
      result,
      generalSlain,
      units: Object.fromEntries(Object.entries(units).filter(([, v]) => v !== '')) as Record<string, 'survived' | 'destroyed'>,
      questPoints,
      championSlew,
      battleplan: battleplan || null,
    });
  return (
    <div className="campaign-outcome-form" data-testid="campaign-outcome-form">
      <label>
        Points limit <input type="number" min={0} data-testid="campaign-outcome-points" value={pointsLimit} onChange={(e) => setPointsLimit(Math.trunc(Number(e.target.value)) || 0)} />
      </label>
      <label>
        Battleplan{' '}
        <select value={battleplan} onChange={(e) => setBattleplan(e.target.value)}>
          <option value="">—</option>
          {ASCENSION_IDS.map((id) => (
            <option key={id} value={id}>
              {battleplanName(id)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Result{' '}
        <select data-testid="campaign-outcome-result" value={result} onChange={(e) => setResult(e.target.value as BattleResult)}>
          {RESULTS.map((r) => (
            <option key={r} value={r}>
              {RESULT_WORDS[r]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" data-testid="campaign-outcome-general-slain" checked={generalSlain} onChange={(e) => setGeneralSlain(e.target.checked)} /> the general was slain
      </label>
      <table className="campaign-oob">
        <tbody>
          {c.units.map((u) => (
            <tr key={u.id}>
              <td>{u.name}</td>
              <td>
                <select data-testid={`campaign-outcome-unit-${u.id}`} value={units[u.id] ?? ''} onChange={(e) => setUnits({ ...units, [u.id]: e.target.value as '' | 'survived' | 'destroyed' })}>
                  <option value="">did not take part</option>
                  <option value="survived">took part, survived</option>
                  <option value="destroyed">took part, destroyed</option>
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label>
        Quest points gained <input type="number" min={0} value={questPoints} onChange={(e) => setQuestPoints(Math.max(0, Math.trunc(Number(e.target.value)) || 0))} />
      </label>
      <label>
        <input type="checkbox" checked={championSlew} onChange={(e) => setChampionSlew(e.target.checked)} /> the Rising Champion slew an enemy HERO or MONSTER
      </label>
      <div className="campaign-actions">
        <button type="button" data-testid="campaign-outcome-ok" onClick={submit}>
          Use this outcome
        </button>
      </div>
    </div>
  );
}
