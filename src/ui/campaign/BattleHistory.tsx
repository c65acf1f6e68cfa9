import { battleplanName } from '../../campaign/battle';
import type { Campaign } from '../../campaign/schema';

/** Props of {@link BattleHistory}. */
export interface BattleHistoryProps {
  campaign: Campaign;
}

const RESULT: Record<string, string> = { 'major-victory': 'Major victory', 'minor-victory': 'Minor victory', draw: 'Draw', 'minor-defeat': 'Minor defeat', 'major-defeat': 'Major defeat' };

/** The history of battles, oldest first: battleplan, result, glory earned and spent, renown, quest, Order of Battle changes, and every roll with its reason. */
export function BattleHistory({ campaign: c }: BattleHistoryProps) {
  if (!c.battles.length) return <p className="muted">No battle fought yet.</p>;
  return (
    <ol className="campaign-history" data-testid="campaign-history">
      {c.battles.map((b) => (
        <li key={b.battle} data-testid={`campaign-battle-${b.battle}`}>
          <b>{b.battleplan ? battleplanName(b.battleplan) : 'Battle'}</b>: {RESULT[b.result]}, {b.pointsLimit} points; glory +{b.glory.total}
          {b.glory.spent ? ` (spent ${b.glory.spent})` : ''}
          {b.generalSlain ? '; general slain' : ''}
          <details>
            <summary>renown, quest, Order of Battle, rolls (seed {String(b.seed)})</summary>
            <ul>
              {b.renown.map((r, i) => (
                <li key={i}>
                  {r.unit}: +{r.gained} ({r.why}
                  {r.rolls.length ? `, rolled ${r.rolls.join(', ')}` : ''}) → {r.total}
                  {r.ranksGained.length ? `, rank ${r.ranksGained.join(', ')}` : ''}
                </li>
              ))}
              {b.quest && <li>quest {b.quest.id}: {b.quest.givenUp ? 'given up' : b.quest.completed ? `completed (${b.quest.reward})` : `${b.quest.points} points`}</li>}
              {b.orderOfBattle.added && <li>added {b.orderOfBattle.added}</li>}
              {b.orderOfBattle.reinforced && <li>reinforced {b.orderOfBattle.reinforced}</li>}
              {b.orderOfBattle.retired.length > 0 && <li>retired {b.orderOfBattle.retired.join(', ')}</li>}
              {b.rolls.map((r, i) => (
                <li key={`roll-${i}`} className="muted">
                  rolled {r.dice.join(', ')} — {r.why}
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ol>
  );
}
