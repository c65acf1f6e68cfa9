import { percent, reachText, signed, type ClassComparison } from './layoutReport';

/** Props of {@link LayoutComparison}. */
export interface LayoutComparisonProps {
  /** The class compared (from `compareReports`). */
  comparison: ClassComparison;
  /** Why the two reports are not strictly comparable (other grid, threat...). Default none. */
  notes?: string[];
}

/**
 * Differences between the current layout and a saved one for one class: per territory exposure
 * and hiding capacity now, saved and the change; the asymmetry; objective reach that changed.
 */
export function LayoutComparison({ comparison, notes = [] }: LayoutComparisonProps) {
  const reach = comparison.reach.filter((r) => r.value.delta !== 0);
  return (
    <div className="layout-compare" data-testid="layout-compare" data-class={comparison.classId}>
      <table>
        <thead>
          <tr>
            <th scope="col">territory</th>
            <th scope="col">exposure now / saved</th>
            <th scope="col">change</th>
            <th scope="col">hiding</th>
          </tr>
        </thead>
        <tbody>
          {comparison.territories.map((t) => (
            <tr key={t.territory} data-territory={t.territory} data-exposure-delta={t.exposure.delta ?? ''}>
              <th scope="row">{t.territory}</th>
              <td>
                {percent(t.exposure.current)} / {percent(t.exposure.saved)}
              </td>
              <td className={tone(t.exposure.delta)}>{signed(t.exposure.delta, 'share')}</td>
              <td>
                {t.hidingCapacity.current ?? '–'} / {t.hidingCapacity.saved ?? '–'} ({signed(t.hidingCapacity.delta, 'count')})
              </td>
            </tr>
          ))}
          <tr data-asymmetry-delta={comparison.asymmetry.delta ?? ''}>
            <th scope="row">asymmetry</th>
            <td>
              {percent(comparison.asymmetry.current)} / {percent(comparison.asymmetry.saved)}
            </td>
            <td className={tone(comparison.asymmetry.delta)}>{signed(comparison.asymmetry.delta, 'share')}</td>
            <td />
          </tr>
        </tbody>
      </table>
      {reach.length > 0 && (
        <ul className="layout-compare-reach">
          {reach.map((r) => (
            <li key={`${r.objective}-${r.territory}`}>
              {r.objective} from {r.territory}: {reachText(r.value.current)} (saved {reachText(r.value.saved)})
            </li>
          ))}
        </ul>
      )}
      {notes.map((n) => (
        <p key={n} className="hint">
          {n}
        </p>
      ))}
    </div>
  );
}

/** More exposure is worse for the territory: red; less: green. */
function tone(delta: number | null): string {
  if (delta === null || Math.abs(delta) < 0.005) return '';
  return delta > 0 ? 'worse' : 'better';
}
