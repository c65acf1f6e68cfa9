import type { RosterInput } from '../../rules/engine/roster';
import { weaponAbilityName } from './cardText';
import { UnitAbilityList } from '../play/abilities/UnitAbilityList';

/** A unit as the card reads it: an army file's unit (army format, as written or normalised). */
export type CardUnit = Pick<RosterInput['units'][number], 'name' | 'weapons' | 'models' | 'points'> & {
  readonly warscroll: Omit<RosterInput['units'][number]['warscroll'], 'save' | 'ward'> & {
    /** "4+", 4, "-" or null (no save), as written or normalised. */
    readonly save: string | number | null;
    readonly ward?: string | number;
  };
};

/** Props of {@link UnitCard}. */
export interface UnitCardProps {
  /** The unit (its warscroll, weapons and models). */
  unit: CardUnit;
  /** Closes the card; no close button when omitted. */
  onClose?: () => void;
  /** A line under the name (e.g. the army); none by default. */
  subtitle?: string;
  /** In a game: the names of the abilities the unit used this turn, marked on its list (default none). */
  usedAbilities?: readonly string[];
}

/** "4+" for 4 or "4+", "-" for none. */
function rollTarget(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '-') return '-';
  return typeof v === 'number' ? `${v}+` : v;
}

/**
 * A unit's warscroll as the army gives it (Core 3.0, 26.0): characteristics (Move, Health, Save,
 * Control, Ward), every weapon profile (range, Attacks, Hit, Wound, Rend, Damage and its weapon
 * abilities, Core 20.0), the warscroll's abilities the engine keeps as text, the keywords, and the
 * unit's models with their bases and heights.
 */
export function UnitCard({ unit, onClose, subtitle, usedAbilities }: UnitCardProps) {
  const w = unit.warscroll;
  const chars: [string, string][] = [
    ['Move', `${w.move}"`],
    ['Health', String(w.health)],
    ['Save', rollTarget(w.save)],
    ['Control', String(w.control)],
    ...(w.ward !== undefined ? ([['Ward', rollTarget(w.ward)]] as [string, string][]) : []),
  ];
  const ranged = unit.weapons.filter((x) => x.range !== 'melee');
  const melee = unit.weapons.filter((x) => x.range === 'melee');
  const weaponTable = (title: string, list: typeof unit.weapons) =>
    list.length > 0 && (
      <table className="unit-card-weapons" data-testid={`unit-card-${title === 'Ranged weapons' ? 'ranged' : 'melee'}`}>
        <thead>
          <tr>
            <th>{title}</th>
            <th title="Range">Rng</th>
            <th title="Attacks">Atk</th>
            <th title="Hit">Hit</th>
            <th title="Wound">Wnd</th>
            <th title="Rend">Rnd</th>
            <th title="Damage">Dmg</th>
            <th>Ability</th>
          </tr>
        </thead>
        <tbody>
          {list.map((x) => (
            <tr key={x.name} data-testid="unit-card-weapon">
              <td>{x.name}</td>
              <td>{x.range === 'melee' ? '-' : `${x.range}"`}</td>
              <td>{String(x.attacks)}</td>
              <td>{rollTarget(x.hit as string | number)}</td>
              <td>{rollTarget(x.wound as string | number)}</td>
              <td>{String(x.rend)}</td>
              <td>{String(x.damage)}</td>
              <td>{(x.abilities ?? []).map(weaponAbilityName).join(', ') || '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  // Texts not imported as abilities (e.g. a weapon profile that could not be read).
  const textOnly = (w.abilitiesText ?? []).filter((t) => !(w.abilities ?? []).some((a) => a.name === t.name));
  const m = unit.models[0];
  const base = m.base.shape === 'round' ? `${m.base.diameterMm} mm round` : `${m.base.lengthMm} × ${m.base.widthMm} mm ${m.base.shape}`;
  return (
    <div className="unit-card panel" role="dialog" aria-label={`Unit card: ${unit.name}`} data-testid="unit-card">
      <div className="unit-card-head">
        <div>
          <h3 data-testid="unit-card-name">{unit.name}</h3>
          <span className="muted">
            {subtitle ? `${subtitle} · ` : ''}
            {unit.models.length} model{unit.models.length === 1 ? '' : 's'} · {base}
            {m.heightInches !== undefined ? ` · ${m.heightInches}" tall` : ''}
            {unit.points !== undefined ? ` · ${unit.points} pts` : ''}
          </span>
        </div>
        {onClose && (
          <button type="button" onClick={onClose} title="Close the card" data-testid="unit-card-close">
            ×
          </button>
        )}
      </div>
      <dl className="unit-card-chars" data-testid="unit-card-chars">
        {chars.map(([k, v]) => (
          <div key={k} data-testid={`unit-card-${k.toLowerCase()}`}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {weaponTable('Ranged weapons', ranged)}
      {weaponTable('Melee weapons', melee)}
      {unit.weapons.length === 0 && <p className="muted">No weapon profile.</p>}
      {(w.abilities ?? []).length > 0 && <UnitAbilityList abilities={w.abilities ?? []} used={usedAbilities} />}
      {textOnly.length > 0 && (
        <div className="unit-card-abilities" data-testid="unit-card-abilities">
          <h4>Abilities (text only: the engine does not apply them)</h4>
          {textOnly.map((a, i) => (
            <details key={i}>
              <summary>{a.name}</summary>
              <p>{a.text}</p>
            </details>
          ))}
        </div>
      )}
      <div className="unit-card-keywords" data-testid="unit-card-keywords">
        <b>Keywords</b> {w.keywords.join(', ')}
      </div>
    </div>
  );
}
