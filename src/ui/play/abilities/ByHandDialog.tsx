/**
 * The by-hand dialog (ABILITIES.md "Play": `resolveByHand`): an ability was declared whose Effect
 * the engine does not apply itself; the player reads the Effect (quoted here) and picks, from the
 * effect vocabulary, what it does: a kind, its values, the units it applies to (the ability's
 * unit and the Declare's picks only: the engine refuses others, Core 5.2) and how long it lasts
 * (Core 28.1). *Apply* sends them all in one `resolveByHand`; the log shows "by hand", the
 * ability quoted and each effect and roll, to both players. Applying no effect is allowed (the
 * Effect did nothing this time), and is logged too.
 */
import { useState } from 'react';
import type { Action, OptionEntry } from '../../../client/gameClient';
import type { AbilityEffect } from '../../../rules/abilities/schema';
import { effectWords } from '../../../game/abilityWords';
import { buildEffect, DURATIONS, effectKindsFor, NO_DURATION } from './effectForm';
import './abilities.css';

/** Props of {@link ByHandDialog}. */
export interface ByHandDialogProps {
  /** The option (required): its `byHand` (the ability's text and units) and its `resolveByHand` action. */
  entry: OptionEntry & { byHand: NonNullable<OptionEntry['byHand']> };
  /** A request is in flight: *Apply* is disabled (default false). */
  busy?: boolean;
  /** Sends the action with the effects picked (required). */
  onAct: (a: Action) => void;
  /** Closes the dialog without applying anything (required). */
  onClose: () => void;
}

/** The dialog: the Effect quoted, the effects picked so far, and a form for the next. */
export function ByHandDialog({ entry, busy = false, onAct, onClose }: ByHandDialogProps) {
  const info = entry.byHand;
  // Session 41 (ui41, ui41b): a blessing of Khaine, a rune of the battle scripture, an anointed unit offered only where
  // the Effect speaks of them (first for Blessings of Khaine, Depict Rune, Anointed Ritualist).
  const kinds = effectKindsFor(info);
  const [effects, setEffects] = useState<AbilityEffect[]>([]);
  const [kind, setKind] = useState(kinds[0].key);
  const [values, setValues] = useState<Record<string, string>>({});
  // The first unit picked by the Declare is ticked to begin with; with no pick, the ability's own unit.
  const first = info.units.find((u) => u.role === 'target') ?? info.units[0];
  const [units, setUnits] = useState<string[]>(first ? [first.id] : []);
  const [duration, setDuration] = useState('');
  const [error, setError] = useState<string | null>(null);
  const k = kinds.find((x) => x.key === kind) ?? kinds[0];
  const nameOf = (id: string) => info.units.find((u) => u.id === id)?.name ?? id;

  const add = () => {
    const r = buildEffect(kind, values, units, duration);
    if (!r.ok) return setError(r.error);
    setError(null);
    setEffects([...effects, r.effect]);
  };
  const apply = () => onAct({ ...(entry.action as Extract<Action, { type: 'resolveByHand' }>), effects });

  return (
    <div className="play-byhand" role="dialog" aria-label={`Resolve ${info.name} by hand`} data-testid="play-byhand">
      <div className="play-byhand-head">
        <b>Resolve {info.name} by hand</b>
        <button type="button" className="play-byhand-close" aria-label="Close" onClick={onClose}>×</button>
      </div>
      {info.declare && <blockquote><b>Declare:</b> {info.declare}</blockquote>}
      <blockquote data-testid="play-byhand-effect"><b>Effect:</b> {info.effect || '(no text)'}</blockquote>
      <ol className="play-byhand-list" data-testid="play-byhand-list">
        {effects.map((e, i) => (
          <li key={i}>
            {effectWords(e, nameOf)}{' '}
            <button type="button" aria-label="Remove" onClick={() => setEffects(effects.filter((_, j) => j !== i))}>×</button>
          </li>
        ))}
      </ol>
      <div className="play-byhand-form">
        <label>
          Effect{' '}
          <select data-testid="play-byhand-kind" value={kind} onChange={(ev) => { setKind(ev.target.value); setValues({}); setError(null); }}>
            {kinds.map((x) => <option key={x.key} value={x.key}>{x.label}</option>)}
          </select>
        </label>
        {k.fields.map((f) => (
          <label key={f.key}>
            {f.label}{' '}
            {f.type === 'choice' ? (
              <select data-testid={`play-byhand-f-${f.key}`} value={values[f.key] ?? f.initial} onChange={(ev) => setValues({ ...values, [f.key]: ev.target.value })}>
                {f.choices?.map((c) => <option key={c} value={c}>{c}</option>)}
              </select>
            ) : (
              <input data-testid={`play-byhand-f-${f.key}`} size={f.type === 'text' ? 24 : 5} value={values[f.key] ?? f.initial} placeholder={f.optional ? 'optional' : undefined} onChange={(ev) => setValues({ ...values, [f.key]: ev.target.value })} />
            )}
          </label>
        ))}
        {k.units && (
          <fieldset className="play-byhand-units">
            <legend>applies to</legend>
            {info.units.map((u) => (
              <label key={u.id}>
                <input type="checkbox" data-testid={`play-byhand-unit-${u.role}`} checked={units.includes(u.id)} onChange={(ev) => setUnits(ev.target.checked ? [...units, u.id] : units.filter((x) => x !== u.id))} />
                {u.name}{u.role === 'self' ? ' (this unit)' : ''}
              </label>
            ))}
          </fieldset>
        )}
        {k.units && !NO_DURATION.has(k.key) && (
          <label>
            lasts{' '}
            <select data-testid="play-byhand-duration" value={duration} onChange={(ev) => setDuration(ev.target.value)}>
              {DURATIONS.map((d) => <option key={d.key} value={d.key}>{d.label}</option>)}
            </select>
          </label>
        )}
        <button type="button" data-testid="play-byhand-add" onClick={add}>Add this effect</button>
        {error && <div className="play-byhand-error" role="alert">{error}</div>}
      </div>
      <div className="play-byhand-actions">
        <button type="button" data-testid="play-byhand-apply" disabled={busy} onClick={apply}>
          {effects.length === 0 ? 'Apply: it does nothing this time' : `Apply ${effects.length} effect${effects.length > 1 ? 's' : ''}`}
        </button>
      </div>
    </div>
  );
}
