import { percent, reachText, type ClassSummary } from './layoutReport';

/** Props of {@link LayoutSummary}. */
export interface LayoutSummaryProps {
  /** What the card is (e.g. the scenario's name, "saved: file.json"). */
  title: string;
  /** The class summary shown (from `summarise`). */
  summary: ClassSummary;
  /** Grid of the report, inches. */
  grid: number;
  /** A test id for the card. Default `layout-summary`. */
  testId?: string;
  /** Colour of a territory's marker (its army's colour). Default none. */
  colorOf?: (territory: string) => string;
}

/**
 * The summary card of a layout report for one class (LAYOUT.md): per territory its standing spots,
 * exposure (share of its spots seen from the enemies' threat zone), targetable (share a shooter
 * there could target, Obscuring counted), mean seen and mean targetable, targetable within each
 * range, and hiding capacity (bases that fit on unexposed spots); both asymmetries; each
 * objective's reach from each territory.
 */
export function LayoutSummary({ title, summary, grid, testId = 'layout-summary', colorOf }: LayoutSummaryProps) {
  const names = summary.territories.map((t) => t.territory);
  // Reports made before the graded measures (saved files) have no targetable column.
  const graded = summary.territories.some((t) => t.targetable !== null);
  return (
    <div className="layout-summary" data-testid={testId} data-class={summary.classId}>
      <div className="layout-summary-title" title={title}>
        {title}
      </div>
      <div className="layout-summary-meta">
        {summary.classId} · grid {grid}" · threat {summary.threat}"
      </div>
      <table>
        <thead>
          <tr>
            <th scope="col">territory</th>
            <th scope="col" title="Standing spots wholly within the territory">spots</th>
            <th scope="col" title="Exposure: share of its standing spots seen from the enemies' threat zone">exposure</th>
            {graded && (
              <th scope="col" title="Targetable: share of its standing spots that a model in the threat zone could pick as the target of a shooting attack (visible, and not behind or wholly on Obscuring terrain unless within 3&quot;, Terrain 1.2)">
                targetable
              </th>
            )}
            <th scope="col" title="Bases of the class that fit on spots nobody in the threat zone sees">hiding</th>
          </tr>
        </thead>
        <tbody>
          {summary.territories.map((t) => (
            <tr key={t.territory} data-territory={t.territory} data-exposure={t.exposure} data-hiding={t.hidingCapacity} data-targetable={t.targetable ?? ''}>
              <th scope="row">
                {colorOf && <span className="swatch" style={{ background: colorOf(t.territory) }} />}
                {t.territory}
              </th>
              <td>{t.spots}</td>
              <td>{percent(t.exposure)}</td>
              {graded && <td data-measure="targetable">{percent(t.targetable)}</td>}
              <td>{t.hidingCapacity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {graded && (
        <table className="layout-graded" data-testid="layout-graded">
          <thead>
            <tr>
              <th scope="col" title="Graded: how much of the threat zone sees or could target a spot, and from how near">
                graded
              </th>
              <th scope="col" title="Mean seen: the mean over its spots of the share of the threat zone that sees the spot">
                mean seen
              </th>
              <th scope="col" title="Mean targetable: the mean over its spots of the share of the threat zone that could target the spot">
                mean tgt
              </th>
              {summary.ranges.map((r) => (
                <th key={r} scope="col" title={`Targetable counting only threat-zone spots within ${r}" (bases' closest points, horizontally)`}>
                  ≤{r}"
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.territories.map((t) => (
              <tr key={t.territory} data-of={t.territory} data-mean-seen={t.meanSeen ?? ''} data-mean-targetable={t.meanTargetable ?? ''}>
                <th scope="row">{t.territory}</th>
                <td data-measure="meanSeen">{percent(t.meanSeen)}</td>
                <td data-measure="meanTargetable">{percent(t.meanTargetable)}</td>
                {summary.ranges.map((r) => (
                  <td key={r} data-measure={`within:${r}`} data-value={t.within[String(r)] ?? ''}>
                    {percent(t.within[String(r)] ?? null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="layout-asymmetry" data-asymmetry={summary.asymmetry} data-asymmetry-targetable={summary.asymmetryTargetable ?? ''}>
        Asymmetry <b>{percent(summary.asymmetry)}</b>
        <span className="muted"> (largest difference of exposure)</span>
        {graded && (
          <>
            {' · '}targetable <b>{percent(summary.asymmetryTargetable)}</b>
          </>
        )}
      </div>
      {summary.objectives.length > 0 && (
        <table className="layout-reach">
          <thead>
            <tr>
              <th scope="col" title="Least move, climbing counted, to contest the objective (Core 32.1)">reach</th>
              {names.map((n) => (
                <th key={n} scope="col">
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.objectives.map((o) => (
              <tr key={o.objective}>
                <th scope="row">{o.objective}</th>
                {names.map((n) => (
                  <td key={n} title={`exposed: ${percent(o.exposed[n] ?? null)} of its contesting spots`}>
                    {reachText(o.reach[n] ?? null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
