import { useEffect, useRef, useState } from 'react';
import type { BaseEntry } from '../../army/bases';
import type { RosterInput } from '../../rules/engine/roster';
import { readRememberedBases, recordRecentArmy } from '../army/armyStore';
import { getGame, sampleArmies } from '../play/game';

/** An army picked: a sample or a file read by the game worker (as the New battle dialog reads it). */
export interface PickedArmy {
  /** `sample:<i>` or `file:<name>`. */
  readonly key: string;
  readonly name: string;
  readonly faction: string;
  readonly roster: RosterInput;
  /** The importer's warnings (bases defaulted, …). */
  readonly warnings: readonly string[];
  readonly fileName: string | null;
}

/** The sample armies (assets/armies) as picked armies. */
export function sampleArmy(i: number): PickedArmy {
  const roster = sampleArmies()[i].roster as RosterInput;
  return { key: `sample:${i}`, name: roster.name, faction: roster.faction, roster, warnings: [], fileName: null };
}

/** Props of {@link ArmyPicker}. */
export interface ArmyPickerProps {
  /** The army picked now (null: none yet). */
  value: PickedArmy | null;
  onChange: (a: PickedArmy) => void;
  /** Test-id prefix of the select and the file input (`<testId>-select`, `<testId>-file`). */
  testId: string;
  /** Unit and model id prefix for an imported file (the second player's army: `p2-`). Default none. */
  idPrefix?: string;
  /** Offer the sample armies. Default true. */
  samples?: boolean;
  /** Disables the controls. Default false. */
  disabled?: boolean;
}

/**
 * Picks an army: a sample, or an army file (Sightline's army JSON, or a New Recruit / BattleScribe
 * `.ros`, `.rosz`, `.json` export), read in the game worker with the bases the player confirmed in
 * the New battle dialog; the file is recorded among the recently used armies. A file that cannot be
 * read lists its problems.
 */
export function ArmyPicker({ value, onChange, testId, idPrefix, samples = true, disabled = false }: ArmyPickerProps) {
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const remembered = useRef<Promise<Record<string, BaseEntry>> | null>(null);
  useEffect(() => {
    remembered.current = readRememberedBases();
  }, []);
  const sampleList = samples ? sampleArmies().map((_, i) => sampleArmy(i)) : [];

  const read = async (file: File) => {
    setBusy(true);
    setProblems([]);
    try {
      const bytes = await file.arrayBuffer();
      const r = await getGame().readArmy(bytes.slice(0), file.name, idPrefix, (await remembered.current) ?? {});
      if (!r.ok) return setProblems(r.problems);
      void recordRecentArmy({ name: r.army.name, faction: r.army.faction, fileName: file.name, bytes, usedAt: Date.now() });
      onChange({ key: `file:${file.name}`, name: r.army.name, faction: r.army.faction, roster: r.army, warnings: r.warnings, fileName: file.name });
    } catch (e) {
      setProblems([`${file.name}: ${(e as Error).message}`]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="campaign-army-picker" data-testid={testId}>
      {sampleList.length > 0 && (
        <select
          data-testid={`${testId}-select`}
          value={value?.key ?? ''}
          disabled={disabled || busy}
          onChange={(e) => {
            const s = sampleList.find((x) => x.key === e.target.value);
            if (s) onChange(s);
          }}
        >
          {!value && <option value="">— pick an army —</option>}
          {sampleList.map((s) => (
            <option key={s.key} value={s.key}>
              {s.name} — {s.faction} (sample)
            </option>
          ))}
          {value && !value.key.startsWith('sample:') && <option value={value.key}>{value.name} — {value.faction} ({value.fileName})</option>}
        </select>
      )}
      <label>
        {sampleList.length > 0 ? 'or an army file ' : 'Army file '}
        <input
          type="file"
          accept=".json,.ros,.rosz"
          data-testid={`${testId}-file`}
          disabled={disabled || busy}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void read(f);
          }}
        />
      </label>
      {busy && <span className="muted"> reading…</span>}
      {value && (
        <div className="muted" data-testid={`${testId}-name`}>
          <b>{value.name}</b> · {value.faction} · {value.roster.units.length} units
          {value.warnings.length > 0 && ` · ${value.warnings.length} import warnings (bases: set them in the New battle dialog's table)`}
        </div>
      )}
      {problems.length > 0 && (
        <ul className="campaign-problems" role="alert">
          {problems.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
