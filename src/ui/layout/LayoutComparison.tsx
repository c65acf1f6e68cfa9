import { percent, reachText, shownDelta, signed, type ClassComparison, type Compared, type TerritoryComparison } from './layoutReport';

/** Props of {@link LayoutComparison}. */
export interface LayoutComparisonProps {
  /** The class compared (from `compareReports`). */
  comparison: ClassComparison;
  /** Why the two reports are not strictly comparable (other grid, threat...). Default none. */
  notes?: string[];
}

/**
 * Differences between the current layout and a saved one for one class: per territory each measure
 * (exposure, targetable, mean seen, mean targetable, targetable within each range, hiding capacity)
 * now, saved and the change; both asymmetries; objective reach that changed.
 */
export function LayoutComparison({ comparison, notes = [] }: LayoutComparisonProps) {
  const reach = comparison.reach.filter((r) => r.value.delta !== 0);
  return (
    <div className="layout-compare" data-testid="layout-compare" data-class={comparison.classId}>
      <table>
        <thead>
          <tr>
            <th scope="col">territory</th>
            <th scope="col">measure</th>
            <th scope="col">now / saved</th>
            <th scope="col">change</th>
          </tr>
        </thead>
        <tbody>
          {comparison.territories.map((t) =>
            measures(t, comparison.ranges).map(([id, label, v, kind], i) => (
              <tr
                key={`${t.territory}-${id}`}
                data-territory={i === 0 ? t.territory : undefined}
                data-of={t.territory}
                data-measure={id}
                data-delta={v.delta ?? ''}
                data-exposure-delta={i === 0 ? (t.exposure.delta ?? '') : undefined}
              >
                <th scope="row">{i === 0 ? t.territory : ''}</th>
                <td>{label}</td>
                <td>
                  {show(v.current, kind)} / {show(v.saved, kind)}
                </td>
                <td className={kind === 'share' ? tone(shownDelta(v, kind)) : tone(v.delta === null ? null : -(shownDelta(v, kind) ?? 0))}>{signed(shownDelta(v, kind), kind)}</td>
              </tr>
            )),
          )}
          {(
            [
              ['asymmetry', 'asymmetry', comparison.asymmetry],
              ['asymmetryTargetable', 'asymmetry, targetable', comparison.asymmetryTargetable],
            ] as const
          ).map(([id, label, v]) => (
            <tr key={id} data-measure={id} data-delta={v.delta ?? ''} data-asymmetry-delta={id === 'asymmetry' ? (v.delta ?? '') : undefined}>
              <th scope="row">{label}</th>
              <td />
              <td>
                {percent(v.current)} / {percent(v.saved)}
              </td>
              <td className={tone(shownDelta(v, 'share'))}>{signed(shownDelta(v, 'share'), 'share')}</td>
            </tr>
          ))}
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

/** A territory's measures as rows: id, label, values, kind (shares in %, counts as numbers). */
function measures(t: TerritoryComparison, ranges: number[]): [string, string, Compared, 'share' | 'count'][] {
  return [
    ['exposure', 'exposure', t.exposure, 'share'],
    ['targetable', 'targetable', t.targetable, 'share'],
    ['meanSeen', 'mean seen', t.meanSeen, 'share'],
    ['meanTargetable', 'mean targetable', t.meanTargetable, 'share'],
    ...ranges.map((r): [string, string, Compared, 'share'] => [`within:${r}`, `targetable ≤${r}"`, t.within[String(r)], 'share']),
    ['hidingCapacity', 'hiding', t.hidingCapacity, 'count'],
  ];
}

function show(v: number | null, kind: 'share' | 'count'): string {
  return kind === 'share' ? percent(v) : v === null ? '–' : String(v);
}

/** More exposure is worse for the territory: red; less: green. */
function tone(delta: number | null): string {
  if (delta === null || Math.abs(delta) < 0.005) return '';
  return delta > 0 ? 'worse' : 'better';
}
