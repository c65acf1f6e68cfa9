import { useState } from 'react';
import { rewardUnits, type GiveReward as Give, type PendingReward } from '../../campaign/rewards';
import type { Campaign } from '../../campaign/schema';

/** Props of {@link GiveReward}. */
export interface GiveRewardProps {
  campaign: Campaign;
  reward: PendingReward;
  /** Gives the reward (`giveReward`; refusals are shown by the screen). */
  onGive: (n: number, g: Give) => void;
}

const WHAT: Record<string, string> = { artefact: 'artefact of power', 'heroic-trait': 'heroic trait', spell: 'spell', prayer: 'prayer' };

/**
 * One reward still to give (issue 37 item 5; `campaign reward`): its name typed in (the army format
 * has no enhancement or lore data), the unit for an artefact of power or a heroic trait (the units
 * that may take it: `rewardUnits`), the entry given up when the lore holds 6.
 */
export function GiveReward({ campaign: c, reward: r, onGive }: GiveRewardProps) {
  const units = rewardUnits(c, r);
  const lore = r.kind === 'spell' ? c.lores.spells : r.kind === 'prayer' ? c.lores.prayers : [];
  const [name, setName] = useState('');
  const [unit, setUnit] = useState(units[0] ?? '');
  const [replace, setReplace] = useState('');
  if (r.kind === null) return <li data-testid={`campaign-reward-${r.n}`}>{r.text} (give it by hand)</li>;
  const enhancement = r.kind === 'artefact' || r.kind === 'heroic-trait';
  return (
    <li data-testid={`campaign-reward-${r.n}`} data-kind={r.kind}>
      {r.text}
      <div className="campaign-row">
        <input data-testid={`campaign-reward-name-${r.n}`} placeholder={`the ${WHAT[r.kind]}'s name`} value={name} onChange={(e) => setName(e.target.value)} />
        {enhancement && (
          <select data-testid={`campaign-reward-unit-${r.n}`} value={unit} onChange={(e) => setUnit(e.target.value)}>
            {units.length === 0 && <option value="">— no eligible unit —</option>}
            {units.map((id) => (
              <option key={id} value={id}>
                {c.units.find((u) => u.id === id)?.name ?? id}
              </option>
            ))}
          </select>
        )}
        {lore.length >= 6 && (
          <select data-testid={`campaign-reward-replace-${r.n}`} value={replace} onChange={(e) => setReplace(e.target.value)}>
            <option value="">— remove 1 of the 6 first —</option>
            {lore.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        )}
        <button type="button" data-testid={`campaign-reward-give-${r.n}`} onClick={() => onGive(r.n, { name, ...(enhancement ? { unit } : {}), ...(replace ? { replace } : {}) })}>
          Give
        </button>
      </div>
    </li>
  );
}
