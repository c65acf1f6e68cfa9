/**
 * The Layout panel's state and effects (issue 19): runs the engine worker's layout job
 * (`EngineClient.layout`) on the battlefield loaded now, keeps the report and the one kept for
 * comparison, and gives the App the panel and what the scene draws (heatmaps, fire lanes,
 * objective reach). Every number shown is the engine's report; the page only draws it.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { EngineJob, LayoutResult } from '../../client/engineClient';
import { classFootprint, modelClass } from '../../layout/classes';
import { FireLaneBands } from '../../scene/FireLaneBands';
import { LayoutHeatmap } from '../../scene/LayoutHeatmap';
import { SpotProofOverlay } from '../../scene/SpotProofOverlay';
import { ObjectiveReach } from '../../scene/ObjectiveReach';
import { armyColor } from '../../scene/palette';
import type { SceneHandleRef } from '../../scene/SceneBridge';
import type { BattlefieldData } from '../../scene/types';
import type { Engine } from '../engine/engine';
import { composeProof, downloadDataUrl, downloadText } from '../proof';
import { LayoutPanel, type LayoutShown } from './LayoutPanel';
import type { SpotProofState } from './LayoutSpotProof';
import { heatColor, heatMeasures, heatValue, percent, readSavedLayout, reachText, savedLayoutFile, summarise, type SavedLayout } from './layoutReport';
import { DEFAULT_LAYOUT_OPTIONS, type LayoutRunOptions, type LayoutRunState } from './layoutRun';
import { drawLayoutPlan } from './planPicture';

/** Options of {@link useLayoutLab}. */
export interface LayoutLabOptions {
  /** The page's engine. */
  engine: Engine;
  /** The battlefield on screen (null while loading). */
  data: BattlefieldData | null;
  /** The live scene (for the PNG export). */
  bridge: SceneHandleRef;
  /** Whether the panel is open (closing it cancels a running analysis and hides the overlays). */
  open: boolean;
  /** Close the panel. */
  onClose: () => void;
}

/** What the App places: the panel (null when closed) and the scene's overlays (null when none). */
export interface LayoutLab {
  panel: ReactNode;
  scene: ReactNode;
}

/** What a report was made from: when these change (a new load, a terrain edit), the report is stale. */
interface Basis {
  terrain: BattlefieldData['terrain'];
  territories: BattlefieldData['territories'];
  objectives: BattlefieldData['objectives'];
}

const slug = (s: string) => s.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase() || 'battlefield';

/** The Layout panel: see the file's comment. */
export function useLayoutLab({ engine, data, bridge, open, onClose }: LayoutLabOptions): LayoutLab {
  const [options, setOptions] = useState<LayoutRunOptions>(DEFAULT_LAYOUT_OPTIONS);
  const [run, setRun] = useState<LayoutRunState>({ name: 'idle' });
  const [current, setCurrent] = useState<SavedLayout | null>(null);
  const [basis, setBasis] = useState<Basis | null>(null);
  const [baseline, setBaseline] = useState<SavedLayout | null>(null);
  const [shown, setShown] = useState<LayoutShown>({ classId: 'infantry', heatmap: true, lanesOf: null, reach: true, measure: 'seen' });
  const [drawn, setDrawn] = useState<Record<string, number>>({});
  const [note, setNote] = useState<string | null>(null);
  const [proof, setProof] = useState<SpotProofState | null>(null);
  const proofAsk = useRef(0);
  const job = useRef<EngineJob<LayoutResult> | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;
  const currentRef = useRef(current);
  currentRef.current = current;

  const cancel = useCallback(() => {
    void job.current?.cancel();
  }, []);
  // Closing the panel (or leaving the page) stops the analysis.
  useEffect(() => {
    if (!open) cancel();
  }, [open, cancel]);
  useEffect(() => cancel, [cancel]);

  const start = useCallback(() => {
    const d = dataRef.current;
    if (!d || job.current) return;
    setNote(null);
    const at = performance.now();
    const from: Basis = { terrain: d.terrain, territories: d.territories, objectives: d.objectives };
    const j = engine.client.layout({ grid: options.grid, classes: options.classes, threat: options.threat }, (p) => {
      const progress = p.total > 0 ? p.done / p.total : 0;
      // Re-render only when the shown percentage or the stage changes (reports come every 12 ms).
      // (and when the second thread starts taking steps: the progress line says so).
      const shared = (p.helperSteps ?? 0) > 0;
      setRun((r) =>
        r.name !== 'running' ||
        r.jobId !== p.jobId ||
        (Math.floor(progress * 100) === Math.floor(r.progress * 100) && r.stage === p.stage && r.classId === p.classId && shared === (r.helperSteps ?? 0) > 0)
          ? r
          : { ...r, progress, stage: p.stage, classId: p.classId, helperSteps: p.helperSteps },
      );
    });
    job.current = j;
    setRun({ name: 'running', jobId: j.id, progress: 0, startedAt: at });
    engine.track(j.result).then(
      (r) => {
        if (job.current !== j) return;
        job.current = null;
        if (r.ok) {
          const prev = currentRef.current;
          // The last report is kept for comparison when nothing else is.
          if (prev) setBaseline((b) => b ?? { ...prev, label: `${prev.label} (previous run)` });
          setCurrent({ report: r.report, label: d.name, createdAt: new Date().toISOString() });
          setBasis(from);
          setShown((s) => ({
            ...s,
            classId: r.report.classes.some((c) => c.id === s.classId) ? s.classId : r.report.classes[0].id,
            lanesOf: s.lanesOf && s.lanesOf in (r.report.classes[0]?.territories ?? {}) ? s.lanesOf : null,
          }));
          setRun({ name: 'done', ms: performance.now() - at, threads: r.threads });
        } else if ('problems' in r) setRun({ name: 'failed', problems: r.problems });
        else setRun({ name: 'stopped', reason: r.reason === 'scenario changed' ? 'the battlefield changed while it ran' : r.reason });
      },
      (e: unknown) => {
        if (job.current !== j) return;
        job.current = null;
        setRun({ name: 'failed', problems: [(e as Error).message] });
      },
    );
  }, [engine, options]);

  // A new report (or another class shown) forgets the proof of a spot of the old one.
  useEffect(() => setProof(null), [current, shown.classId]);

  const onDrawn = useCallback((territory: string, n: number) => setDrawn((d) => (d[territory] === n ? d : { ...d, [territory]: n })), []);
  const colorOf = useCallback((t: string) => armyColor(t, dataRef.current?.armies ?? []), []);

  const cls = current ? (current.report.classes.find((c) => c.id === shown.classId) ?? current.report.classes[0]) : undefined;
  const axes = useMemo<[number, number]>(() => {
    const mc = cls ? modelClass(cls.id) : undefined;
    const f = mc ? classFootprint(mc, 0, 0) : null;
    return f ? [f.semiMajor, f.semiMinor] : [0.63, 0.63];
  }, [cls]);
  const reach = useMemo(() => {
    const out: Record<string, Record<string, number | null>> = {};
    for (const [o, per] of Object.entries(cls?.objectives ?? {})) out[o] = Object.fromEntries(Object.entries(per).map(([t, r]) => [t, r.reach]));
    return out;
  }, [cls]);
  const measure = cls && heatMeasures(cls).some((m) => m.id === shown.measure) ? shown.measure : 'seen';
  // Each territory's squares as the heatmap draws them: `[x, y, z, value of the measure]`.
  const heat = useMemo(() => {
    const out: Record<string, [number, number, number, number][]> = {};
    for (const [name, t] of Object.entries(cls?.territories ?? {})) out[name] = t.heatmap.map((h) => [h[0], h[1], h[2], heatValue(h, measure)]);
    return out;
  }, [cls, measure]);
  const pick = useCallback(
    (territory: string, x: number, y: number) => {
      const c = currentRef.current;
      const k = c && (c.report.classes.find((q) => q.id === shown.classId) ?? c.report.classes[0]);
      if (!c || !k) return;
      const ask = ++proofAsk.current;
      setProof({ name: 'loading', territory, x, y });
      engine.client.layoutSpotProof({ grid: c.report.grid, threat: k.threat, classId: k.id }, territory, x, y).then(
        (r) => {
          if (ask !== proofAsk.current) return;
          setProof(r.ok ? { name: 'ok', proof: r.proof } : { name: 'failed', territory, x, y, problems: r.problems });
        },
        (e: unknown) => ask === proofAsk.current && setProof({ name: 'failed', territory, x, y, problems: [(e as Error).message] }),
      );
    },
    [engine, shown.classId],
  );
  const featureName = useCallback((id: string) => dataRef.current?.terrain.find((t) => t.id === id)?.name ?? id, []);
  const stale = !!(basis && data && (basis.terrain !== data.terrain || basis.territories !== data.territories || basis.objectives !== data.objectives));
  const drawnSpots = cls && open && shown.heatmap ? Object.keys(cls.territories).reduce((n, t) => n + (drawn[t] ?? 0), 0) : 0;

  const exportPng = useCallback(async () => {
    const h = bridge.current;
    const c = currentRef.current;
    if (!h || !c || !cls) return;
    const s = summarise(c.report).find((x) => x.classId === cls.id)!;
    const details = [
      ...s.territories.map(
        (t) =>
          `${t.territory}: ${t.spots} standing spots, exposure ${percent(t.exposure)}` +
          (t.targetable !== null ? `, targetable ${percent(t.targetable)}, mean seen ${percent(t.meanSeen)}, mean targetable ${percent(t.meanTargetable)}, ${s.ranges.map((r) => `within ${r}" ${percent(t.within[String(r)] ?? null)}`).join(', ')}` : '') +
          `, hiding capacity ${t.hidingCapacity}`,
      ),
      `Asymmetry ${percent(s.asymmetry)}${s.asymmetryTargetable !== null ? `, targetable ${percent(s.asymmetryTargetable)}` : ''}.` + (s.objectives.length ? ` Objective reach: ${s.objectives.map((o) => `${o.objective} ${Object.entries(o.reach).map(([t, r]) => `${t} ${reachText(r)}`).join('/')}`).join('; ')}.` : ''),
      `Heatmap (${heatMeasures(cls).find((m) => m.id === measure)?.label ?? measure}): blue = none, yellow to red = a growing share; green = hiding places. Sightline layout lab (LAYOUT.md) · ${c.createdAt?.replace('T', ' ').slice(0, 19) ?? ''} UTC`,
    ];
    try {
      const url = await composeProof(h.capturePng(), { headline: `Layout · ${c.label} · ${cls.id}, grid ${c.report.grid}", threat ${cls.threat}"`, visible: true, details }, h.canvas().clientWidth);
      downloadDataUrl(url, `sightline-layout-${slug(c.label)}-${cls.id}.png`);
    } catch (e) {
      setNote(`The picture could not be exported: ${(e as Error).message}`);
    }
  }, [bridge, cls, measure]);
  const exportPlan = useCallback(() => {
    const c = currentRef.current;
    const d = dataRef.current;
    if (!c || !d || !cls) return;
    try {
      downloadDataUrl(drawLayoutPlan(d, cls, c.report.grid, c.label, measure).toDataURL('image/png'), `sightline-layout-plan-${slug(c.label)}-${cls.id}.png`);
    } catch (e) {
      setNote(`The plan could not be exported: ${(e as Error).message}`);
    }
  }, [cls, measure]);
  const exportJson = useCallback(() => {
    const c = currentRef.current;
    if (c) downloadText(`sightline-layout-${slug(c.label)}.json`, savedLayoutFile(c));
  }, []);
  const loadFile = useCallback(async (file: File) => {
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch (e) {
      setNote(`${file.name}: not JSON (${(e as Error).message})`);
      return;
    }
    const r = readSavedLayout(json, file.name);
    if (!r.ok) return setNote(`${file.name} is not a layout report: ${r.problems.slice(0, 4).join('; ')}`);
    setNote(null);
    setBaseline(r.saved);
  }, []);

  const panel = open ? (
    <LayoutPanel
      options={options}
      onOptions={setOptions}
      run={run}
      onRun={start}
      onCancel={cancel}
      current={current}
      stale={stale}
      baseline={baseline}
      shown={shown}
      onShown={setShown}
      drawnSpots={drawnSpots}
      onExportPng={() => void exportPng()}
      onExportPlan={exportPlan}
      onExportJson={exportJson}
      onKeep={() => current && setBaseline(current)}
      onLoadFile={(f) => void loadFile(f)}
      onClearBaseline={() => setBaseline(null)}
      note={note}
      colorOf={colorOf}
      onClose={onClose}
      proof={proof}
      featureName={featureName}
      onCloseProof={() => {
        proofAsk.current++;
        setProof(null);
      }}
    />
  ) : null;

  const scene =
    open && current && cls && data ? (
      <group name="layout-lab">
        {shown.heatmap &&
          Object.entries(cls.territories).map(([name, t]) => (
            <LayoutHeatmap key={name} territory={name} spots={heat[name] ?? []} hidingPlaces={t.hidingPlaces} grid={current.report.grid} baseSemiAxes={axes} colorOf={heatColor} onDrawn={onDrawn} onPick={pick} />
          ))}
        {proof?.name === 'ok' && (
          <SpotProofOverlay spot={proof.proof.spot} targeting={proof.proof.targeting} protectedFrom={proof.proof.protectedFrom} witness={proof.proof.best?.witness ?? null} />
        )}
        {shown.lanesOf && cls.territories[shown.lanesOf] && <FireLaneBands lanes={cls.territories[shown.lanesOf].fireLanes} />}
        {shown.reach && <ObjectiveReach objectives={data.objectives} reach={reach} />}
      </group>
    ) : null;

  return { panel, scene };
}
