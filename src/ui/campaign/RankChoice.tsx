import { useState } from 'react';
import { PATH_IDS, PATHS, type PathId } from '../../campaign/data';
import { pathProblems } from '../../campaign/roster';
import type { CampaignUnit } from '../../campaign/schema';

/** Props of {@link RankChoice}. */
export interface RankChoiceProps {
  /** A unit of the Order of Battle with a rank whose ability is still to choose (`pendingRanks[0]`). */
  unit: CampaignUnit;
  /** Chooses one of the two abilities (with the Path, for a unit's first rank). */
  onChoose: (unitId: string, ability: string, path?: PathId) => void;
}

/**
 * The ability of a unit's oldest pending rank (`campaign rank`, Ascension › The Aftermath Sequence
 * › 2 › Paths): the two its Path offers at that rank, each with its timing and effect. A unit
 * without a Path first picks one of those its keywords allow.
 */
export function RankChoice({ unit, onChoose }: RankChoiceProps) {
  const rank = unit.pendingRanks[0];
  const allowed = PATH_IDS.filter((p) => pathProblems(unit.unit, p).length === 0);
  const [path, setPath] = useState<PathId>(unit.path ?? allowed[0]);
  if (!rank || !path) return null;
  return (
    <div className="campaign-rank-choice" data-testid={`campaign-rank-${unit.id}`} data-rank={rank}>
      <span>
        {rank} rank: choose an ability
        {unit.path === null && (
          <>
            {' '}
            of{' '}
            <select data-testid={`campaign-rank-path-${unit.id}`} value={path} onChange={(e) => setPath(e.target.value as PathId)}>
              {allowed.map((p) => (
                <option key={p} value={p}>
                  {PATHS[p].name}
                </option>
              ))}
            </select>
          </>
        )}
      </span>
      {PATHS[path].ranks[rank].map((a) => (
        <button type="button" key={a.name} data-testid={`campaign-ability-${unit.id}`} data-ability={a.name} title={`${a.timing}. ${a.effect}`} onClick={() => onChoose(unit.id, a.name, unit.path === null ? path : undefined)}>
          <b>{a.name}</b> <span className="muted">{a.timing}. {a.effect}</span>
        </button>
      ))}
    </div>
  );
}
