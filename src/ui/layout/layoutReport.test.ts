import { describe, expect, test } from 'vitest';
import type { HeatSpot } from '../../layout/analyse';
import { compareReports, heatColor, heatMeasures, heatValue, percent, readSavedLayout, savedLayoutFile, shownDelta, signed, summarise, type LayoutReport } from './layoutReport';
import { threadsText } from './layoutRun';

function report(exposureNorth: number, hiding: number, grid = 2): LayoutReport {
  const territory = (exposure: number) => ({
    spots: 100, exposure, hidingCapacity: hiding, exposedSpots: Math.round(exposure * 100), threatZoneSpots: 100,
    heatmap: [[2, 2, 0, 0.5, 0.25, 13] as HeatSpot], hidingPlaces: [], fireLanes: { cellInches: 2, nx: 1, ny: 1, share: [0], lines: 0 },
    targetable: exposure / 2, targetableSpots: Math.round(exposure * 50), meanSeen: exposure / 2, meanTargetable: exposure / 4,
    within: { '12': 0, '18': exposure / 4, '24': exposure / 2 },
  });
  return {
    grid, mode: 'fast', sampleSpacingInches: 0.25,
    classes: [{
      id: 'infantry', threat: 0, territories: { north: territory(exposureNorth), south: territory(0.5) },
      objectives: { c: { north: { reach: 6, exposed: 1, contestingSpots: 10 }, south: { reach: null, exposed: 1, contestingSpots: 10 } } },
      asymmetry: Math.abs(exposureNorth - 0.5), asymmetryTargetable: Math.abs(exposureNorth - 0.5) / 2, work: { spotPairs: 0, nodePairs: 0, segmentTests: 0, ms: 1 },
    }],
  };
}

describe('layout report helpers', () => {
  test('summarise lists territories, asymmetry and reach', () => {
    const [s] = summarise(report(0.75, 3));
    expect(s.territories.map((t) => [t.territory, t.exposure, t.hidingCapacity])).toEqual([['north', 0.75, 3], ['south', 0.5, 3]]);
    expect(s.asymmetry).toBe(0.25);
    expect(s.objectives).toEqual([{ objective: 'c', reach: { north: 6, south: null }, exposed: { north: 1, south: 1 } }]);
  });

  test('summarise and compareReports carry the graded measures (targetable, means, within, asymmetryTargetable)', () => {
    const [s] = summarise(report(0.8, 3));
    const north = s.territories[0];
    expect([north.targetable, north.meanSeen, north.meanTargetable]).toEqual([0.4, 0.4, 0.2]);
    expect(north.within).toEqual({ '12': 0, '18': 0.2, '24': 0.4 });
    expect(s.ranges).toEqual([12, 18, 24]);
    expect(s.asymmetryTargetable).toBeCloseTo(0.15, 12);
    const c = compareReports(report(0.8, 3), report(0.6, 3)).classes[0];
    const n = c.territories.find((t) => t.territory === 'north')!;
    expect(n.targetable.delta).toBeCloseTo(0.1, 12);
    expect(n.meanTargetable.delta).toBeCloseTo(0.05, 12);
    expect(n.within['24'].delta).toBeCloseTo(0.1, 12);
    expect(n.within['12'].delta).toBe(0);
    expect(c.asymmetryTargetable.delta).toBeCloseTo(0.1, 12);
    // A report saved before these measures: they compare as unknown.
    const old = report(0.6, 3);
    for (const t of Object.values(old.classes[0].territories) as unknown as Record<string, unknown>[]) for (const k of ['targetable', 'meanSeen', 'meanTargetable', 'within']) delete t[k];
    const o = compareReports(report(0.8, 3), old).classes[0].territories[0];
    expect(o.targetable).toEqual({ current: 0.4, saved: null, delta: null });
    expect(o.within['18']).toEqual({ current: 0.2, saved: null, delta: null });
  });

  test('the heatmap shows any measure', () => {
    const h: HeatSpot = [2, 2, 0, 0.5, 0.25, 13];
    expect(heatValue(h, 'seen')).toBe(0.5);
    expect(heatValue(h, 'targetable')).toBe(0.25);
    expect(heatValue(h, 'within:12')).toBe(0);
    expect(heatValue(h, 'within:18')).toBe(1);
    expect(heatValue([2, 2, 0, 0.5, 0, null], 'within:24')).toBe(0);
    expect(heatValue([2, 2, 0, 0.5], 'targetable')).toBe(0.5);
    expect(heatMeasures(report(0.8, 3).classes[0]).map((m) => m.id)).toEqual(['seen', 'targetable', 'within:12', 'within:18', 'within:24']);
  });

  test('compareReports gives current minus saved, and notes another grid or a missing class', () => {
    const c = compareReports(report(0.75, 3), report(0.5, 5, 1));
    const north = c.classes[0].territories.find((t) => t.territory === 'north')!;
    expect(north.exposure).toEqual({ current: 0.75, saved: 0.5, delta: 0.25 });
    expect(north.hidingCapacity.delta).toBe(-2);
    expect(c.classes[0].asymmetry.delta).toBe(0.25);
    expect(c.notes[0]).toMatch(/Grids differ/);
    const other = report(0.5, 5);
    other.classes[0].id = 'monster';
    const d = compareReports(report(0.75, 3), other);
    expect(d.classes).toEqual([]);
    expect(d.notes).toEqual(['infantry: not in the saved report.', 'monster: only in the saved report.']);
  });

  test('an exported file reads back; a bare report (npm run layout) too; a wrong file is problems with paths', () => {
    const saved = { report: report(0.6, 2), label: 'Ruined town', createdAt: '2025-01-01T00:00:00.000Z' };
    const back = readSavedLayout(JSON.parse(savedLayoutFile(saved)), 'x.json');
    expect(back.ok && back.saved.label).toBe('Ruined town');
    expect(back.ok && back.saved.report.classes[0].territories.north.exposure).toBe(0.6);
    const bare = readSavedLayout(JSON.parse(JSON.stringify(report(0.6, 2))), 'cli.json');
    expect(bare.ok && bare.saved.label).toBe('cli.json');
    const bad = readSavedLayout({ grid: 0, classes: [{ id: 1, territories: { north: { spots: 'x' } } }] }, 'bad.json');
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems).toContain('grid: expected a positive number of inches');
      expect(bad.problems).toContain('classes[0].id: expected a string');
      expect(bad.problems).toContain('classes[0].territories.north.spots: expected a number');
    }
    expect(readSavedLayout([1], 'a.json').ok).toBe(false);
  });

  test('the change shown is the difference of the values shown (issue 39: no "43% / 43% −1%")', () => {
    const a = { current: 0.426, saved: 0.434, delta: 0.426 - 0.434 };
    expect([percent(a.current), percent(a.saved)]).toEqual(['43%', '43%']);
    expect(signed(a.delta, 'share')).toBe('−1%');
    expect(signed(shownDelta(a, 'share'), 'share')).toBe('±0%');
    const b = { current: 0.994, saved: 0.986, delta: 0.008 };
    expect(signed(shownDelta(b, 'share'), 'share')).toBe('±0%');
    const c = { current: 0.445, saved: 0.434, delta: 0.011 };
    expect(`${percent(c.current)} / ${percent(c.saved)} ${signed(shownDelta(c, 'share'), 'share')}`).toBe('45% / 43% +2%');
    expect(signed(shownDelta({ current: 9.44, saved: 9.46, delta: -0.02 }, 'inches'), 'inches')).toBe('−0.1"');
    expect(shownDelta({ current: null, saved: 0.5, delta: null }, 'share')).toBeNull();
  });

  test('signed differences and heat colours', () => {
    expect(signed(0.25, 'share')).toBe('+25%');
    expect(signed(-2, 'count')).toBe('−2');
    expect(signed(0, 'count')).toBe('±0');
    expect(signed(null, 'share')).toBe('–');
    expect(heatColor(0)).toEqual([40 / 255, 90 / 255, 220 / 255]);
    expect(heatColor(1)).toEqual([1, 0, 0]);
  });

  test('threadsText says how many threads a run used and what the second did', () => {
    expect(threadsText(undefined)).toBe('1 thread');
    expect(threadsText({ steps: 26, helperSteps: 0 })).toBe('1 thread');
    expect(threadsText({ steps: 26, helperSteps: 8 })).toBe('2 threads (the second ran 8 of 26 line-of-sight steps)');
  });
});
