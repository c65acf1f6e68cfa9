import { useRef, type ChangeEvent } from 'react';
import { LayoutComparison } from './LayoutComparison';
import { compareReports, heatMeasures, summarise, type HeatMeasure, type SavedLayout } from './layoutReport';
import { LAYOUT_CLASSES, LAYOUT_GRIDS, stageText, threadsText, type LayoutRunOptions, type LayoutRunState } from './layoutRun';
import { LayoutSpotProof, type SpotProofState } from './LayoutSpotProof';
import { LayoutSummary } from './LayoutSummary';
import './layout.css';

/** What the scene shows of the current report. */
export interface LayoutShown {
  /** Class whose heatmap is drawn. */
  classId: string;
  /** Draw the heatmaps. */
  heatmap: boolean;
  /** Territory whose fire lanes are drawn, or null for none. */
  lanesOf: string | null;
  /** Draw objective reach. */
  reach: boolean;
  /** What the heatmap colours the spots by (seen, targetable, targetable within a range). */
  measure: HeatMeasure;
}

/** Props of {@link LayoutPanel}. */
export interface LayoutPanelProps {
  /** The options of the next run. */
  options: LayoutRunOptions;
  /** The options changed. */
  onOptions: (o: LayoutRunOptions) => void;
  /** The engine job's state. */
  run: LayoutRunState;
  /** Start a run with `options`. */
  onRun: () => void;
  /** Cancel the running job. */
  onCancel: () => void;
  /** The last report, or null. */
  current: SavedLayout | null;
  /** True when the battlefield's terrain, objectives or territories changed since `current`. Default false. */
  stale?: boolean;
  /** The report kept for comparison, or null. */
  baseline: SavedLayout | null;
  /** What the scene shows. */
  shown: LayoutShown;
  /** Change what the scene shows. */
  onShown: (s: LayoutShown) => void;
  /** Standing spots drawn on the table now (every territory's heatmap squares). */
  drawnSpots: number;
  /** Export the picture (PNG): the table as drawn. */
  onExportPng: () => void;
  /** Export the plan picture (PNG): one plan per territory, as `npm run layout --png` draws it. */
  onExportPlan: () => void;
  /** Export the report (JSON). */
  onExportJson: () => void;
  /** Keep the current report for comparison. */
  onKeep: () => void;
  /** A saved report file was chosen. */
  onLoadFile: (file: File) => void;
  /** Forget the comparison. */
  onClearBaseline: () => void;
  /** A problem with the last file or export, or null. Default null. */
  note?: string | null;
  /** Colour of a territory (its army's colour). */
  colorOf: (territory: string) => string;
  /** Close the panel. */
  onClose: () => void;
  /** The proof for the heatmap square clicked last, or null. Default null. */
  proof?: SpotProofState | null;
  /** A terrain feature's name by its id (for the proof). Default: the id. */
  featureName?: (id: string) => string;
  /** Close the proof. Default: nothing. */
  onCloseProof?: () => void;
}

/**
 * The Layout panel (issue 19): pick the classes, threat distance and grid, run the layout analysis
 * in the engine worker with a progress bar and Cancel, read the summary card (exposure per
 * territory, hiding capacity, asymmetry, objective reach), choose what the table shows (heatmaps,
 * fire lanes, reach; the heatmap coloured by any measure), click a heatmap square for its proof
 * (who could target it, the best witness, what protects it), export the picture and the report,
 * and compare with a kept or saved report.
 */
export function LayoutPanel(p: LayoutPanelProps) {
  const { options, run, current, baseline, shown } = p;
  const file = useRef<HTMLInputElement>(null);
  const running = run.name === 'running';
  const toggleClass = (id: string) => (e: ChangeEvent<HTMLInputElement>) => {
    const set = new Set(options.classes);
    if (e.target.checked) set.add(id);
    else set.delete(id);
    p.onOptions({ ...options, classes: LAYOUT_CLASSES.map((c) => c.id).filter((c) => set.has(c)) });
  };
  const summaries = current ? summarise(current.report) : [];
  const summary = summaries.find((s) => s.classId === shown.classId) ?? summaries[0];
  const savedSummary = baseline && summary ? summarise(baseline.report).find((s) => s.classId === summary.classId) : undefined;
  const comparison = current && baseline ? compareReports(current.report, baseline.report) : null;
  const classComparison = comparison && summary ? comparison.classes.find((c) => c.classId === summary.classId) : undefined;
  const territories = summary ? summary.territories.map((t) => t.territory) : [];
  const shownClass = current && summary ? current.report.classes.find((c) => c.id === summary.classId) : undefined;
  const measures = shownClass ? heatMeasures(shownClass) : [];
  const measure = measures.some((m) => m.id === shown.measure) ? shown.measure : 'seen';
  return (
    <div className="layout-panel panel" data-testid="layout-panel" data-status={run.name} data-spots-drawn={p.drawnSpots} data-compare={baseline ? 'true' : 'false'}
      data-steps={run.name === 'done' ? (run.threads?.steps ?? 0) : undefined}
      data-helper-steps={run.name === 'done' ? (run.threads?.helperSteps ?? 0) : run.name === 'running' ? (run.helperSteps ?? 0) : undefined}
    >
      <div className="tool-head">
        <span>Layout</span>
        <button type="button" onClick={p.onClose} title="Close the layout panel (the analysis is cancelled)">
          Close
        </button>
      </div>
      <fieldset className="layout-options" disabled={running}>
        <div className="layout-classes">
          {LAYOUT_CLASSES.map((c) => (
            <label key={c.id} title={c.hint}>
              <input type="checkbox" data-testid={`layout-class-${c.id}`} checked={options.classes.includes(c.id)} onChange={toggleClass(c.id)} /> {c.label}
            </label>
          ))}
        </div>
        <div className="layout-numbers">
          <label title="The enemies' threat zone: standing spots within this move (climbing counted) of their territory; 0 = the territory itself">
            Threat{' '}
            <input
              type="number"
              min={0}
              max={48}
              step={1}
              data-testid="layout-threat"
              value={options.threat}
              onChange={(e) => p.onOptions({ ...options, threat: Math.max(0, Number(e.target.value) || 0) })}
            />
            "
          </label>
          <label title='Spacing of the standing spots. 2" takes a second or so; 1" is the contract&apos;s default and takes a few seconds a class'>
            Grid{' '}
            <select data-testid="layout-grid" value={options.grid} onChange={(e) => p.onOptions({ ...options, grid: Number(e.target.value) })}>
              {LAYOUT_GRIDS.map((g) => (
                <option key={g} value={g}>
                  {g}"{g === 1 ? ' (slow)' : ''}
                </option>
              ))}
            </select>
          </label>
        </div>
      </fieldset>
      <div className="actions">
        {running ? (
          <button type="button" data-testid="layout-cancel" onClick={p.onCancel}>
            Cancel
          </button>
        ) : (
          <button type="button" data-testid="layout-run" onClick={p.onRun} disabled={options.classes.length === 0}>
            {current ? 'Analyse again' : 'Analyse layout'}
          </button>
        )}
      </div>
      {run.name === 'running' && (
        <div className="layout-progress" data-testid="layout-progress" data-progress={run.progress.toFixed(3)}>
          <progress max={1} value={run.progress} />
          <span>
            {Math.round(run.progress * 100)}% · {stageText(run.stage, run.classId)}
            {(run.helperSteps ?? 0) > 0 ? ' · 2 threads' : ''}
          </span>
        </div>
      )}
      {run.name === 'stopped' && <p className="hint" data-testid="layout-stopped">Stopped: {run.reason}.</p>}
      {run.name === 'failed' && (
        <ul className="problems" role="alert">
          {run.problems.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      )}
      {run.name === 'done' && (
        <p className="hint" data-testid="layout-done">
          Analysed in {(run.ms / 1000).toFixed(1)} s on {threadsText(run.threads)}.
        </p>
      )}
      {current && summary && (
        <>
          {p.stale && <p className="hint warn">The battlefield changed since this analysis: run it again.</p>}
          {summaries.length > 1 && (
            <div className="layout-show-class" role="group" aria-label="Class shown">
              {summaries.map((s) => (
                <button key={s.classId} type="button" aria-pressed={s.classId === summary.classId} onClick={() => p.onShown({ ...shown, classId: s.classId })}>
                  {s.classId}
                </button>
              ))}
            </div>
          )}
          <div className="layout-cards">
            <LayoutSummary title={current.label} summary={summary} grid={current.report.grid} colorOf={p.colorOf} />
            {baseline && savedSummary && <LayoutSummary title={`saved: ${baseline.label}`} summary={savedSummary} grid={baseline.report.grid} testId="layout-summary-saved" colorOf={p.colorOf} />}
          </div>
          {baseline && !savedSummary && <p className="hint">The saved report ({baseline.label}) has no {summary.classId}.</p>}
          {classComparison && <LayoutComparison comparison={classComparison} notes={comparison?.notes} />}
          <div className="layout-show" role="group" aria-label="On the table">
            <label>
              <input type="checkbox" data-testid="layout-show-heatmap" checked={shown.heatmap} onChange={(e) => p.onShown({ ...shown, heatmap: e.target.checked })} /> Heatmaps
              <span className="drawn" data-testid="layout-drawn">
                {' '}
                ({p.drawnSpots} spots)
              </span>
            </label>
            <label title="What the squares' colour shows: the share of the threat zone that sees the spot, the share that could target it, or whether a shooter within the range could">
              Colour by{' '}
              <select data-testid="layout-measure" value={measure} onChange={(e) => p.onShown({ ...shown, measure: e.target.value as HeatMeasure })}>
                {measures.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <input type="checkbox" checked={shown.reach} onChange={(e) => p.onShown({ ...shown, reach: e.target.checked })} /> Objective reach
            </label>
            <label>
              Fire lanes of{' '}
              <select data-testid="layout-lanes" value={shown.lanesOf ?? ''} onChange={(e) => p.onShown({ ...shown, lanesOf: e.target.value || null })}>
                <option value="">none</option>
                {territories.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p className="layout-legend" data-measure={measure}>
            {measure === 'seen' ? (
              <>
                <span className="key hidden" /> hidden <span className="key low" /> seen by few <span className="key high" /> seen by all
              </>
            ) : measure === 'targetable' ? (
              <>
                <span className="key hidden" /> cannot be targeted <span className="key low" /> targetable by few <span className="key high" /> by all
              </>
            ) : (
              <>
                <span className="key hidden" /> not targetable from within {measure.slice('within:'.length)}" <span className="key high" /> targetable
              </>
            )}{' '}
            <span className="key hiding" /> hiding place · click a square for its proof
          </p>
          {p.proof && <LayoutSpotProof state={p.proof} featureName={p.featureName} onClose={p.onCloseProof ?? (() => {})} />}
        </>
      )}
      <div className="actions">
        {current && (
          <>
            <button type="button" data-testid="layout-export-png" onClick={p.onExportPng} title="The table as drawn, with the summary under it">
              Export PNG
            </button>
            <button type="button" data-testid="layout-export-plan" onClick={p.onExportPlan} title="One plan per territory, north up, as npm run layout --png draws it">
              Export plan PNG
            </button>
            <button type="button" data-testid="layout-export-json" onClick={p.onExportJson} title="The report (LAYOUT.md), to compare later">
              Export JSON
            </button>
            <button type="button" data-testid="layout-keep" onClick={p.onKeep} title="Keep this report to compare the next analysis with it">
              Keep for comparison
            </button>
          </>
        )}
        <button type="button" data-testid="layout-load" onClick={() => file.current?.click()} title="Compare with a report exported before (or npm run layout's output)">
          Load saved report…
        </button>
        {baseline && (
          <button type="button" onClick={p.onClearBaseline}>
            Stop comparing
          </button>
        )}
        <input
          ref={file}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="layout-load-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) p.onLoadFile(f);
            e.target.value = '';
          }}
        />
      </div>
      {p.note && (
        <p className="hint warn" role="status">
          {p.note}
        </p>
      )}
    </div>
  );
}
