/**
 * Pure helpers of the Layout panel (issue 19): what the summary card shows of a layout report
 * (LAYOUT.md), the comparison of two reports, the heatmap's colours, and reading a saved report
 * file. No React, no DOM: tested in `layoutReport.test.ts`.
 */
import type { ClassLayout, HeatSpot, LayoutReport } from '../../layout/analyse';

export type { ClassLayout, LayoutReport, TerritoryLayout } from '../../layout/analyse';

/** A report as the panel keeps it: the engine's report and where it came from. */
export interface SavedLayout {
  /** The report (LAYOUT.md, with the extra fields of `analyseLayout`). */
  report: LayoutReport;
  /** What it is called on screen: the scenario's name, or the file it was loaded from. */
  label: string;
  /** When it was made (ISO 8601), when known. */
  createdAt?: string;
}

/** One territory's line of the summary card. */
export interface TerritoryRow {
  territory: string;
  spots: number;
  /** Share of the territory's standing spots seen from the enemies' threat zone (0..1). */
  exposure: number;
  hidingCapacity: number;
  /** Share of its spots that some threat-zone spot could target with a shooting attack (Obscuring, Terrain 1.2); null in a report made before these measures. */
  targetable: number | null;
  /** Mean share of the threat zone that sees a spot; null when the report has none. */
  meanSeen: number | null;
  /** Mean share of the threat zone that could target a spot; null when the report has none. */
  meanTargetable: number | null;
  /** Targetable share counting only shooters within each range (inches as keys). */
  within: Record<string, number>;
}

/** One objective's reach from each territory (inches, null when unreachable). */
export interface ReachRow {
  objective: string;
  reach: Record<string, number | null>;
  exposed: Record<string, number | null>;
}

/** The summary card's content for one class. */
export interface ClassSummary {
  classId: string;
  threat: number;
  territories: TerritoryRow[];
  objectives: ReachRow[];
  asymmetry: number;
  /** Largest difference of `targetable` between two territories; null when the report has none. */
  asymmetryTargetable: number | null;
  /** The ranges of `within` in the report, inches, ascending. */
  ranges: number[];
}

/** The summary of every class of a report, in the report's order. */
export function summarise(report: LayoutReport): ClassSummary[] {
  return report.classes.map(classSummary);
}

function classSummary(c: ClassLayout): ClassSummary {
  return {
    classId: c.id,
    threat: c.threat,
    territories: Object.entries(c.territories).map(([territory, t]) => ({
      territory,
      spots: t.spots,
      exposure: t.exposure,
      hidingCapacity: t.hidingCapacity,
      targetable: t.targetable ?? null,
      meanSeen: t.meanSeen ?? null,
      meanTargetable: t.meanTargetable ?? null,
      within: t.within ?? {},
    })),
    objectives: Object.entries(c.objectives).map(([objective, per]) => ({
      objective,
      reach: Object.fromEntries(Object.entries(per).map(([t, r]) => [t, r.reach])),
      exposed: Object.fromEntries(Object.entries(per).map(([t, r]) => [t, r.exposed])),
    })),
    asymmetry: c.asymmetry,
    asymmetryTargetable: c.asymmetryTargetable ?? null,
    ranges: reportRanges(c),
  };
}

/** The ranges of a class's `within` (inches, ascending): those of its first territory. */
export function reportRanges(c: ClassLayout): number[] {
  const t = Object.values(c.territories)[0];
  return Object.keys(t?.within ?? {})
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * What the heatmap colours a spot by: `seen` (the share of the threat zone that sees it, Core 6.0),
 * `targetable` (the share that could target it, Terrain 1.2), or `within:R` (1 when some spot of
 * the threat zone within R inches could target it, else 0).
 */
export type HeatMeasure = 'seen' | 'targetable' | `within:${number}`;

/** The measures a class's heatmap can show, with their labels. */
export function heatMeasures(c: ClassLayout): { id: HeatMeasure; label: string }[] {
  const out: { id: HeatMeasure; label: string }[] = [{ id: 'seen', label: 'seen by (line of sight)' }];
  if (!hasGraded(c)) return out;
  out.push({ id: 'targetable', label: 'targetable by (Obscuring counted)' });
  for (const r of reportRanges(c)) out.push({ id: `within:${r}`, label: `targetable from within ${r}"` });
  return out;
}

/** Does the class's report carry the graded measures (reports made before them do not)? */
export function hasGraded(c: ClassLayout): boolean {
  const t = Object.values(c.territories)[0];
  return !!t && typeof t.targetable === 'number';
}

/** A spot's value for the heatmap's measure, 0..1 (see {@link HeatMeasure}). */
export function heatValue(h: readonly number[] | HeatSpot, measure: HeatMeasure): number {
  if (measure === 'seen' || h.length < 6) return h[3] as number;
  if (measure === 'targetable') return h[4] as number;
  const range = Number(measure.slice('within:'.length));
  const nearest = h[5];
  return nearest !== null && nearest !== undefined && (nearest as number) <= range + 0.001 ? 1 : 0;
}

/** A number of the comparison: the current value, the saved one, and current minus saved (null when either is missing). */
export interface Compared {
  current: number | null;
  saved: number | null;
  delta: number | null;
}

/** One territory compared. */
export interface TerritoryComparison {
  territory: string;
  exposure: Compared;
  hidingCapacity: Compared;
  spots: Compared;
  targetable: Compared;
  meanSeen: Compared;
  meanTargetable: Compared;
  /** Per range of either report (inches as keys). */
  within: Record<string, Compared>;
}

/** One class compared (matched by class id). */
export interface ClassComparison {
  classId: string;
  territories: TerritoryComparison[];
  asymmetry: Compared;
  asymmetryTargetable: Compared;
  /** Ranges of `within` in either report, inches, ascending. */
  ranges: number[];
  /** Objective reach, per objective and territory. */
  reach: { objective: string; territory: string; value: Compared }[];
}

/** The comparison of the current report with a saved one. */
export interface LayoutComparison {
  classes: ClassComparison[];
  /** Why the two are not strictly comparable (another grid, threat, classes only in one), in words. */
  notes: string[];
}

function compared(current: number | null | undefined, saved: number | null | undefined): Compared {
  const c = current ?? null;
  const s = saved ?? null;
  return { current: c, saved: s, delta: c !== null && s !== null ? c - s : null };
}

/**
 * Compares two reports class by class (by id) and territory by territory (by name): exposure,
 * targetable, mean seen and targetable, within each range, hiding capacity, standing spots, both
 * asymmetries and objective reach, current minus saved (null where a report lacks a measure). Classes in
 * only one of them, and a different grid or threat, are listed in `notes`.
 */
export function compareReports(current: LayoutReport, saved: LayoutReport): LayoutComparison {
  const notes: string[] = [];
  if (current.grid !== saved.grid) notes.push(`Grids differ: ${current.grid}" now, ${saved.grid}" saved (spot counts are not comparable).`);
  const classes: ClassComparison[] = [];
  for (const c of current.classes) {
    const s = saved.classes.find((x) => x.id === c.id);
    if (!s) {
      notes.push(`${c.id}: not in the saved report.`);
      continue;
    }
    if (c.threat !== s.threat) notes.push(`${c.id}: threat ${c.threat}" now, ${s.threat}" saved.`);
    const names = [...new Set([...Object.keys(c.territories), ...Object.keys(s.territories)])];
    const ranges = [...new Set([...reportRanges(c), ...reportRanges(s)])].sort((x, y) => x - y);
    const territories = names.map((n) => {
      const a = c.territories[n];
      const b = s.territories[n];
      return {
        territory: n,
        exposure: compared(a?.exposure, b?.exposure),
        hidingCapacity: compared(a?.hidingCapacity, b?.hidingCapacity),
        spots: compared(a?.spots, b?.spots),
        targetable: compared(a?.targetable, b?.targetable),
        meanSeen: compared(a?.meanSeen, b?.meanSeen),
        meanTargetable: compared(a?.meanTargetable, b?.meanTargetable),
        within: Object.fromEntries(ranges.map((r) => [String(r), compared(a?.within?.[String(r)], b?.within?.[String(r)])])),
      };
    });
    const reach: ClassComparison['reach'] = [];
    for (const o of [...new Set([...Object.keys(c.objectives), ...Object.keys(s.objectives)])]) {
      for (const t of names) reach.push({ objective: o, territory: t, value: compared(c.objectives[o]?.[t]?.reach, s.objectives[o]?.[t]?.reach) });
    }
    classes.push({ classId: c.id, territories, asymmetry: compared(c.asymmetry, s.asymmetry), asymmetryTargetable: compared(c.asymmetryTargetable, s.asymmetryTargetable), ranges, reach });
  }
  for (const s of saved.classes) if (!current.classes.some((c) => c.id === s.id)) notes.push(`${s.id}: only in the saved report.`);
  return { classes, notes };
}

/** `0.43` -> `43%`. */
export function percent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`;
}

/** A signed difference: `+5%` for shares, `+2` for counts, `±0` for none, `–` when unknown. */
export function signed(delta: number | null, kind: 'share' | 'count' | 'inches'): string {
  if (delta === null) return '–';
  const v = kind === 'share' ? Math.round(delta * 100) : kind === 'inches' ? Math.round(delta * 10) / 10 : Math.round(delta);
  const unit = kind === 'share' ? '%' : kind === 'inches' ? '"' : '';
  if (v === 0) return `±0${unit}`;
  return `${v > 0 ? '+' : '−'}${Math.abs(v)}${unit}`;
}

/**
 * The change shown beside two shown values (issue 39): the difference of the values as they are
 * shown (shares in whole percent, inches to 0.1, counts whole), so "43% / 43%" reads "±0%", never
 * "−1%"; null when either is unknown.
 */
export function shownDelta(v: Compared, kind: 'share' | 'count' | 'inches'): number | null {
  if (v.current === null || v.saved === null) return null;
  const r = (x: number) => (kind === 'share' ? Math.round(x * 100) / 100 : kind === 'inches' ? Math.round(x * 10) / 10 : Math.round(x));
  const d = r(v.current) - r(v.saved);
  return Math.abs(d) < 1e-9 ? 0 : d;
}

/** Inches with one decimal, or `unreachable`. */
export function reachText(r: number | null): string {
  return r === null ? 'unreachable' : `${Math.round(r * 10) / 10}"`;
}

/**
 * Colour of a standing spot by its heatmap share (the share of the threat zone that sees it), as
 * the headless picture draws it: blue when no spot of the threat zone sees it (a hidden spot),
 * else yellow (seen by few) to red (seen by all). RGB in 0..1.
 */
export function heatColor(share: number): [number, number, number] {
  if (share <= 0) return [40 / 255, 90 / 255, 220 / 255];
  const s = Math.min(1, share);
  return [1, (230 * (1 - s)) / 255, 0];
}

/** Problems with a file that should hold a layout report; empty when it is one. */
export function reportProblems(json: unknown): string[] {
  const problems: string[] = [];
  const o = json as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || Array.isArray(o)) return ['(root): expected a layout report object ({"grid", "classes": [...]})'];
  if (typeof o.grid !== 'number' || !(o.grid > 0)) problems.push('grid: expected a positive number of inches');
  if (!Array.isArray(o.classes) || o.classes.length === 0) {
    problems.push('classes: expected a non-empty array');
    return problems;
  }
  o.classes.forEach((c: unknown, i: number) => {
    const k = c as Record<string, unknown> | null;
    if (!k || typeof k !== 'object') return problems.push(`classes[${i}]: expected an object`);
    if (typeof k.id !== 'string') problems.push(`classes[${i}].id: expected a string`);
    if (typeof k.threat !== 'number') problems.push(`classes[${i}].threat: expected a number`);
    if (typeof k.asymmetry !== 'number') problems.push(`classes[${i}].asymmetry: expected a number`);
    if (!k.objectives || typeof k.objectives !== 'object') problems.push(`classes[${i}].objectives: expected an object`);
    const ts = k.territories as Record<string, Record<string, unknown>> | undefined;
    if (!ts || typeof ts !== 'object') return problems.push(`classes[${i}].territories: expected an object`);
    for (const [n, t] of Object.entries(ts)) {
      for (const f of ['spots', 'exposure', 'hidingCapacity']) {
        if (typeof t?.[f] !== 'number') problems.push(`classes[${i}].territories.${n}.${f}: expected a number`);
      }
    }
  });
  return problems;
}

/**
 * Reads a saved layout report: the panel's own export (a report with `scenario` and `createdAt`
 * added) or `npm run layout`'s output.
 */
export function readSavedLayout(json: unknown, fallbackLabel: string): { ok: true; saved: SavedLayout } | { ok: false; problems: string[] } {
  const problems = reportProblems(json);
  if (problems.length) return { ok: false, problems };
  const o = json as LayoutReport & { scenario?: unknown; createdAt?: unknown };
  return { ok: true, saved: { report: o, label: typeof o.scenario === 'string' ? o.scenario : fallbackLabel, createdAt: typeof o.createdAt === 'string' ? o.createdAt : undefined } };
}

/** The panel's JSON export: the report (LAYOUT.md) with the scenario's name and the time it was made. */
export function savedLayoutFile(saved: SavedLayout): string {
  return JSON.stringify({ ...saved.report, scenario: saved.label, createdAt: saved.createdAt });
}
