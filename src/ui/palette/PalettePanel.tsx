import type { BattlefieldData } from '../../scene/types';
import { BASE_PRESETS, TERRAIN_PRESETS, type TerrainPreset } from './presets';

/** What a click on the table places. */
export type ArmedItem = { kind: 'terrain'; key: TerrainPreset['key'] } | { kind: 'model' };

/** The model form of the palette. */
export interface ModelForm {
  baseKey: string;
  /** Inches, base included (text, so the field can be edited freely). */
  height: string;
  /** A unit id, or {@link NEW_UNIT}. */
  unit: string;
  newName: string;
  /** An army name, or {@link NEW_ARMY}. */
  army: string;
  newArmy: string;
  keywords: string;
}

export const NEW_UNIT = '__new__';
export const NEW_ARMY = '__new__';

/** Props of {@link PalettePanel}. */
export interface PalettePanelProps {
  data: BattlefieldData;
  armed: ArmedItem | null;
  onArm: (item: ArmedItem | null) => void;
  /** Turn of the next piece / facing of the next model, degrees. */
  rotation: number;
  onRotation: (deg: number) => void;
  form: ModelForm;
  onForm: (patch: Partial<ModelForm>) => void;
  /** What is wrong with the model form, or null. */
  formProblem: string | null;
  busy: boolean;
  last: { ok: boolean; text: string } | null;
  onClose: () => void;
}

const same = (a: ArmedItem | null, b: ArmedItem) => !!a && a.kind === b.kind && (a.kind === 'model' || (b.kind === 'terrain' && a.key === b.key));

/**
 * The palette: pick a terrain piece or a model (base size, height, unit, army), then click the
 * table to place it. Terrain goes into the scenario and the engine reloads it; models are added
 * through the engine and land where it says they stand.
 */
export function PalettePanel({ data, armed, onArm, rotation, onRotation, form, onForm, formProblem, busy, last, onClose }: PalettePanelProps) {
  const toggle = (item: ArmedItem) => onArm(same(armed, item) ? null : item);
  return (
    <div className="palette panel" data-testid="palette" data-armed={armed ? (armed.kind === 'model' ? 'model' : armed.key) : ''} data-busy={busy}>
      <div className="tool-head">
        <span>Place</span>
        <button type="button" onClick={onClose} aria-label="Close the palette">
          ×
        </button>
      </div>
      <h3>Terrain</h3>
      <div className="grid">
        {TERRAIN_PRESETS.map((t) => (
          <button key={t.key} type="button" data-testid={`place-${t.key}`} aria-pressed={same(armed, { kind: 'terrain', key: t.key })} onClick={() => toggle({ kind: 'terrain', key: t.key })}>
            {t.label}
          </button>
        ))}
      </div>
      <label>
        <span>Turn</span>
        <input type="number" step={15} value={rotation} data-testid="place-rotation" onChange={(e) => onRotation(Number(e.target.value) || 0)} />°
        <button type="button" onClick={() => onRotation((rotation + 45) % 360)} title="Turn 45°">
          ⟲ 45°
        </button>
      </label>
      <h3>Model</h3>
      <div className="grid">
        {BASE_PRESETS.map((b) => (
          <button
            key={b.key}
            type="button"
            data-testid={`base-${b.key}`}
            aria-pressed={form.baseKey === b.key}
            onClick={() => onForm({ baseKey: b.key, height: String(b.height) })}
          >
            {b.label}
          </button>
        ))}
      </div>
      <label>
        <span>Height</span>
        <input type="number" min={0.1} step={0.1} value={form.height} data-testid="model-height" onChange={(e) => onForm({ height: e.target.value })} />"
      </label>
      <label>
        <span>Unit</span>
        <select value={form.unit} data-testid="model-unit" onChange={(e) => onForm({ unit: e.target.value })}>
          {data.units.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.army})
            </option>
          ))}
          <option value={NEW_UNIT}>+ New unit…</option>
        </select>
      </label>
      {form.unit === NEW_UNIT && (
        <>
          <label>
            <span>Name</span>
            <input type="text" value={form.newName} placeholder="e.g. Vindictors" data-testid="new-unit-name" onChange={(e) => onForm({ newName: e.target.value })} />
          </label>
          <label>
            <span>Army</span>
            <select value={form.army} data-testid="new-unit-army" onChange={(e) => onForm({ army: e.target.value })}>
              {data.armies.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
              <option value={NEW_ARMY}>+ New army…</option>
            </select>
          </label>
          {form.army === NEW_ARMY && (
            <label>
              <span>New army</span>
              <input type="text" value={form.newArmy} placeholder="e.g. east" data-testid="new-army-name" onChange={(e) => onForm({ newArmy: e.target.value })} />
            </label>
          )}
          <label>
            <span>Keywords</span>
            <input type="text" value={form.keywords} data-testid="new-unit-keywords" onChange={(e) => onForm({ keywords: e.target.value })} />
          </label>
        </>
      )}
      <div className="grid" style={{ marginTop: 8 }}>
        <button type="button" data-testid="place-model" aria-pressed={same(armed, { kind: 'model' })} disabled={formProblem !== null} onClick={() => toggle({ kind: 'model' })} title={formProblem ?? 'Then click the table'}>
          Place models
        </button>
      </div>
      {formProblem && <p className="hint">{formProblem}</p>}
      <p className="hint">{armed ? 'Click the table to place; Esc stops. Drag to turn the camera.' : 'Pick a piece or a model, then click the table.'}</p>
      {busy && (
        <p className="hint" data-testid="place-working">
          <span className="spinner small" /> Placing…
        </p>
      )}
      {last && (
        <p className={`last ${last.ok ? 'ok' : 'bad'}`} data-testid="place-last" data-ok={last.ok}>
          {last.text}
        </p>
      )}
    </div>
  );
}
