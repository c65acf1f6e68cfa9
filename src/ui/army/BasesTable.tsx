import { useState } from 'react';
import type { Base } from '../../army/bases';
import { BaseSchema } from '../../rules/engine/roster';
import { baseLabel, basesFileText, confirmRows, describeSource, isDefault, loadBasesFile, MAX_BASES_FILE_BYTES, MAX_HEIGHT_INCHES, setRowBase, setRowHeight, type BasesRow } from './basesTable';
import { downloadText } from '../proof';

/** Props of {@link BasesTable}. */
export interface BasesTableProps {
  /** The rows (one per unit and manifestation of the army). */
  rows: readonly BasesRow[];
  /** Called with the new rows after an edit, a confirmation or a loaded bases file. */
  onChange: (rows: BasesRow[]) => void;
  /** Opens a unit's card (its unit id); no card buttons when omitted. */
  onOpenCard?: (unitId: string) => void;
  /** Names the downloaded bases file (`<armyName> bases.json`). Default: "army". */
  armyName?: string;
  /** Prefix of the test ids (`<testId>-row-<unitId>` ...). Default: "bases". */
  testId?: string;
  /** Disables every control (while the dialog is busy). Default: false. */
  disabled?: boolean;
}

/** A positive number of millimetres a base may have (BaseSchema), else null. */
function mm(text: string): number | null {
  const v = Number(text);
  return text.trim() !== '' && Number.isFinite(v) && v > 0 && v <= 500 ? v : null;
}

/**
 * The bases and heights of an army's units, after an import: each unit's base (round: diameter;
 * oval: length × width, mm) and model height (inches), editable, with every value that is still a
 * default marked ("default by keyword INFANTRY") until the player confirms it (the row's ✓, or
 * Confirm all) or edits it. A bases file (the `--bases` format of `npm run import-army`) can be
 * downloaded from the table and loaded into it. A bad value is refused in place (the field is
 * marked and the row keeps its value); a bad bases file is named with the entry that is wrong.
 */
export function BasesTable({ rows, onChange, onOpenCard, armyName = 'army', testId = 'bases', disabled = false }: BasesTableProps) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'note'; text: string } | null>(null);
  const key = (r: BasesRow, field: string) => `${r.unitId}:${field}`;
  const draft = (r: BasesRow, field: string, value: number) => drafts[key(r, field)] ?? String(value);
  const invalid = (r: BasesRow, field: string, ok: (t: string) => boolean) => key(r, field) in drafts && !ok(drafts[key(r, field)]);

  const editBase = (r: BasesRow, field: 'diameterMm' | 'lengthMm' | 'widthMm', text: string) => {
    setDrafts((d) => ({ ...d, [key(r, field)]: text }));
    const v = mm(text);
    if (v === null) return;
    const b = r.base;
    const next: Base = b.shape === 'round' ? { shape: 'round', diameterMm: v } : { ...b, [field]: v };
    onChange(setRowBase(rows, r.unitId, next));
  };
  const editShape = (r: BasesRow, shape: Base['shape']) => {
    const b = r.base;
    const size = b.shape === 'round' ? [b.diameterMm, b.diameterMm] : [b.lengthMm, b.widthMm];
    const next: Base = shape === 'round' ? { shape, diameterMm: size[0] } : { shape, lengthMm: size[0], widthMm: size[1] };
    onChange(setRowBase(rows, r.unitId, BaseSchema.parse(next)));
  };
  const editHeight = (r: BasesRow, text: string) => {
    setDrafts((d) => ({ ...d, [key(r, 'height')]: text }));
    const v = Number(text);
    if (text.trim() === '' || !(v > 0 && v <= MAX_HEIGHT_INCHES)) return;
    onChange(setRowHeight(rows, r.unitId, v));
  };
  const endEdit = (r: BasesRow, field: string) =>
    setDrafts((d) => {
      const { [key(r, field)]: _gone, ...rest } = d;
      return rest;
    });

  const loadFile = async (file: File) => {
    setMessage(null);
    if (file.size > MAX_BASES_FILE_BYTES) {
      setMessage({ kind: 'error', text: `${file.name}: ${file.size} bytes, more than the ${MAX_BASES_FILE_BYTES / 1024 / 1024} MB a bases file may have` });
      return;
    }
    try {
      const r = loadBasesFile(rows, await file.text(), file.name);
      const matched = rows.length - r.rows.filter((x, i) => x === rows[i]).length;
      onChange(r.rows);
      setDrafts({});
      setMessage({ kind: 'note', text: `${file.name}: ${matched} unit${matched === 1 ? '' : 's'} set${r.unused.length ? `; not in this army: ${r.unused.join(', ')}` : ''}` });
    } catch (e) {
      setMessage({ kind: 'error', text: (e as Error).message });
    }
  };

  const pending = rows.filter((r) => isDefault(r.baseFrom) || isDefault(r.heightFrom)).length;
  const sizeInput = (r: BasesRow, field: 'diameterMm' | 'lengthMm' | 'widthMm', value: number, label: string) => (
    <input
      type="number"
      min={1}
      max={500}
      step="any"
      className="bases-mm"
      aria-label={`${r.name}: ${label} (mm)`}
      aria-invalid={invalid(r, field, (t) => mm(t) !== null)}
      data-testid={`${testId}-${field}-${r.unitId}`}
      value={draft(r, field, value)}
      disabled={disabled}
      onChange={(e) => editBase(r, field, e.target.value)}
      onBlur={() => endEdit(r, field)}
    />
  );

  return (
    <div className="bases-table" data-testid={testId}>
      <table>
        <thead>
          <tr>
            <th>Unit</th>
            <th>Base (mm)</th>
            <th>Height</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const open = isDefault(r.baseFrom) || isDefault(r.heightFrom);
            return (
              <tr key={r.unitId} data-testid={`${testId}-row-${r.unitId}`} data-status={open ? 'default' : 'confirmed'}>
                <td>
                  {onOpenCard ? (
                    <button type="button" className="link" title="Open the unit card" data-testid={`${testId}-card-${r.unitId}`} onClick={() => onOpenCard(r.unitId)}>
                      {r.name}
                    </button>
                  ) : (
                    r.name
                  )}
                  <span className="muted"> ×{r.models}{r.kind === 'manifestation' ? ' (manifestation)' : ''}</span>
                </td>
                <td>
                  <select aria-label={`${r.name}: base shape`} data-testid={`${testId}-shape-${r.unitId}`} value={r.base.shape} disabled={disabled} onChange={(e) => editShape(r, e.target.value as Base['shape'])}>
                    <option value="round">round</option>
                    <option value="oval">oval</option>
                    {r.base.shape === 'rect' && <option value="rect">rect</option>}
                  </select>{' '}
                  {r.base.shape === 'round' ? (
                    sizeInput(r, 'diameterMm', r.base.diameterMm, 'diameter')
                  ) : (
                    <>
                      {sizeInput(r, 'lengthMm', r.base.lengthMm, 'length')} × {sizeInput(r, 'widthMm', r.base.widthMm, 'width')}
                    </>
                  )}
                  <div className={isDefault(r.baseFrom) ? 'bases-default' : 'muted'} data-testid={`${testId}-base-from-${r.unitId}`} title={baseLabel(r.base)}>
                    {describeSource(r.baseFrom)}
                  </div>
                </td>
                <td>
                  <input
                    type="number"
                    min={0.1}
                    max={MAX_HEIGHT_INCHES}
                    step="any"
                    className="bases-in"
                    aria-label={`${r.name}: model height (inches)`}
                    aria-invalid={invalid(r, 'height', (t) => Number(t) > 0 && Number(t) <= MAX_HEIGHT_INCHES)}
                    data-testid={`${testId}-height-${r.unitId}`}
                    value={draft(r, 'height', r.heightInches)}
                    disabled={disabled}
                    onChange={(e) => editHeight(r, e.target.value)}
                    onBlur={() => endEdit(r, 'height')}
                  />
                  "
                  <div className={isDefault(r.heightFrom) ? 'bases-default' : 'muted'} data-testid={`${testId}-height-from-${r.unitId}`}>
                    {describeSource(r.heightFrom)}
                  </div>
                </td>
                <td>
                  {open && (
                    <button type="button" title="Confirm this base and height" data-testid={`${testId}-confirm-${r.unitId}`} disabled={disabled} onClick={() => onChange(confirmRows(rows, [r.unitId]))}>
                      ✓
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="bases-actions">
        <span className="muted" data-testid={`${testId}-pending`}>
          {pending === 0 ? 'every base and height confirmed' : `${pending} unit${pending === 1 ? '' : 's'} with default values`}
        </span>
        <button type="button" data-testid={`${testId}-confirm-all`} disabled={disabled || pending === 0} onClick={() => onChange(confirmRows(rows))}>
          Confirm all
        </button>
        <button type="button" data-testid={`${testId}-export`} disabled={disabled} title="Download this table as a bases file (npm run import-army -- FILE --bases THIS)" onClick={() => downloadText(`${armyName} bases.json`, basesFileText(rows))}>
          Download bases
        </button>
        <label className="bases-upload" title="Load a bases file (unit name → base and height) into this table">
          Load bases{' '}
          <input type="file" accept=".json,application/json" data-testid={`${testId}-import`} disabled={disabled} onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void loadFile(f);
          }} />
        </label>
      </div>
      {message && (
        <p className={message.kind === 'error' ? 'battle-problems' : 'muted'} role={message.kind === 'error' ? 'alert' : undefined} data-testid={`${testId}-message`}>
          {message.text}
        </p>
      )}
    </div>
  );
}
