import type { ReactNode } from 'react';
import { armyColor } from '../scene/palette';
import type { BattlefieldData } from '../scene/types';
import { GameUnitCardButton } from './army/GameUnitCardButton';
import { formatBase, inches, titleCase } from './format';
import { modelLabel } from './names';
import { isPlayMode } from './play/game';

/** Props of {@link SelectionPanel}. */
export interface SelectionPanelProps {
  /** The battlefield shown. */
  data: BattlefieldData;
  /** Selected model ids. */
  selectedIds: ReadonlySet<string>;
  /** Clear the selection. */
  onClear: () => void;
  /** Drawn at the foot of the panel (the sandbox's edit buttons for one model). Default: nothing. */
  children?: ReactNode;
  /** The armies' names by the table's army id (Play: the game's armies); else the army id in title case. */
  armyNames?: Record<string, string>;
}

/** What is selected: one model in detail, or the units the selected models belong to; in Play mode each unit's card. */
export function SelectionPanel({ data, selectedIds, onClear, children, armyNames }: SelectionPanelProps) {
  if (selectedIds.size === 0) return null;
  const models = data.models.filter((m) => selectedIds.has(m.id));
  const unitIds = [...new Set(models.map((m) => m.unitId))];
  const units = unitIds.map((id) => data.units.find((u) => u.id === id)!).filter(Boolean);
  const single = models.length === 1 ? models[0] : null;
  return (
    <div className="selection panel" data-testid="selection-panel">
      <div className="selection-head">
        <span>{models.length === 1 ? 'Selected model' : `${models.length} models selected`}</span>
        <button type="button" onClick={onClear} title="Clear selection (Esc)">
          ×
        </button>
      </div>
      {units.map((u) => {
        const n = models.filter((m) => m.unitId === u.id).length;
        return (
          <div key={u.id} className="selection-unit">
            <i style={{ background: armyColor(u.army, data.armies) }} />
            <b>{u.name}</b> <span className="muted">{armyNames?.[u.army] ?? titleCase(u.army)} · {n}/{u.modelIds.length} models</span>
            {u.keywords.length > 0 && <div className="keywords">{u.keywords.join(' · ')}</div>}
            {isPlayMode() && <GameUnitCardButton unitId={u.id} />}
          </div>
        );
      })}
      {single && (
        <div className="muted">
          {modelLabel(data, single)} · {formatBase(single.base)} · {inches(single.height)} tall · elevation {inches(single.elevation)}
        </div>
      )}
      {children}
    </div>
  );
}
