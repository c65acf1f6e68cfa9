import { useState } from 'react';
import { QUEST_IDS, QUESTS, type QuestId } from '../../campaign/data';
import { pendingRewards, type GiveReward as Give } from '../../campaign/rewards';
import type { Campaign } from '../../campaign/schema';
import { GiveReward } from './GiveReward';

/** Props of {@link QuestLog}. */
export interface QuestLogProps {
  campaign: Campaign;
  /** Picks a quest when the log is empty (absent: not offered). */
  onPick?: (quest: QuestId, unit: string | undefined) => void;
  /** Gives a reward still to give (absent: listed only). */
  onGive?: (n: number, g: Give) => void;
}

/**
 * The quest log (Ascension › Path to Glory Roster › 4, Aftermath › 3): the quest, its unit and its
 * progress (quest points out of those that complete it), the rewards still to give (each given
 * here, `GiveReward`); a new quest when the log is empty. Giving a quest up is a step of the aftermath.
 */
export function QuestLog({ campaign: c, onPick, onGive }: QuestLogProps) {
  const [quest, setQuest] = useState<QuestId>('search-for-the-artefact');
  const [unit, setUnit] = useState('');
  const q = c.quest;
  const def = q ? QUESTS[q.id] : null;
  return (
    <div className="campaign-quest" data-testid="campaign-quest-log">
      {q && def ? (
        <>
          <b data-testid="campaign-quest-name">{def.name}</b>
          {q.unit && <span> — {def.unit === 'hero' ? 'Rising Champion' : 'Glory Seekers'}: {c.units.find((u) => u.id === q.unit)?.name ?? q.unit}</span>}
          <div data-testid="campaign-quest-progress">{def.pointsToComplete !== null ? `${q.points} / ${def.pointsToComplete} quest points` : 'completed by an event in battle'}</div>
          <div className="muted">{def.progress}</div>
          <div className="muted">Reward: {def.reward}</div>
        </>
      ) : (
        <div>No quest in the log.</div>
      )}
      {(c.pendingRewards ?? []).length > 0 && (
        <div data-testid="campaign-rewards">
          Rewards to give:
          <ul>
            {pendingRewards(c).map((r) => (onGive ? <GiveReward key={`${r.n}:${r.text}`} campaign={c} reward={r} onGive={onGive} /> : <li key={r.n}>{r.text}</li>))}
          </ul>
        </div>
      )}
      {!q && onPick && (
        <div className="campaign-row">
          <select data-testid="campaign-new-quest" value={quest} onChange={(e) => setQuest(e.target.value as QuestId)}>
            {QUEST_IDS.map((id) => (
              <option key={id} value={id}>
                {QUESTS[id].name}
              </option>
            ))}
          </select>
          {QUESTS[quest].unit && (
            <select value={unit} onChange={(e) => setUnit(e.target.value)}>
              <option value="">— its unit —</option>
              {c.units.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </select>
          )}
          <button type="button" onClick={() => onPick(quest, unit || undefined)}>
            Pick this quest
          </button>
        </div>
      )}
    </div>
  );
}
