/** Props of {@link TerritorySelect}. */
export interface TerritorySelectProps {
  /** The battlefield's territory names (its scenario's `territories` keys). */
  territories: readonly string[];
  /** The territory chosen. */
  value: string;
  onChange: (territory: string) => void;
  /** The select's `data-testid`. */
  testId: string;
  /** Default false. */
  disabled?: boolean;
}

/** Which territory an army plays in (Core 9.1.2): one option per territory of the battlefield. */
export function TerritorySelect({ territories, value, onChange, testId, disabled = false }: TerritorySelectProps) {
  return (
    <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
      {territories.map((t) => (
        <option key={t} value={t}>
          the {t} territory
        </option>
      ))}
    </select>
  );
}
