import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layoutCli } from '../../src/cli/layout';
import { analyseLayout, type LayoutReport } from '../../src/layout/analyse';
import { runHere } from '../cliHere';
import { worldOf } from './worlds';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * `npm run --silent layout -- ...` as LAYOUT.md runs it (the same script), as a process: once for
 * each contract (exit 0 and one JSON object on the default threads; exit 2 for a missing file).
 */
const process_ = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/layout.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
/** The same command's `layoutCli` in this process (tests/cliHere.ts): the other cases. */
const run = (args: string[]) => runHere(layoutCli, args);
const untimed = (r: LayoutReport) => ({ ...r, classes: r.classes.map((c) => ({ ...c, work: { ...c.work, ms: 0 } })) });

/** A wall across the middle of a 24 x 16 table, two territories. */
const scenario = {
  name: 'cli wall',
  battlefield: { width: 24, depth: 16 },
  terrain: [{ id: 'wall', type: 'obstacle', pieces: [{ shape: 'box', center: [12, 8], size: [20, 0.5, 3], rotation: 0 }] }],
  objectives: [{ id: 'o', position: [12, 4] }],
  territories: { north: [[0, 11], [24, 11], [24, 16], [0, 16]], south: [[0, 0], [24, 0], [24, 5], [0, 5]] },
  units: [],
};

describe('npm run layout (the command, as a child process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'layout-cli-'));
  const file = join(dir, 'wall.json');
  writeFileSync(file, JSON.stringify(scenario));

  it('exit 0 and one JSON object: the report analyseLayout gives, on the default threads and on one', async () => {
    const expected = untimed(analyseLayout(await worldOf(scenario), { grid: 2, classes: ['infantry', 'cavalry'] }));
    for (const extra of [[], ['--threads', '1'], ['--threads', '2']]) {
      const args = [file, '--grid', '2', '--class', 'infantry', '--class', 'cavalry', ...extra];
      const r = extra.length === 0 ? process_(args) : await run(args);
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stdout.split('\n').filter((l) => l.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(untimed(JSON.parse(lines[0]) as LayoutReport)).toEqual(expected);
    }
    // The wall hides something, and not everything.
    const t = expected.classes[0].territories.north;
    expect(t.exposure).toBeGreaterThan(0);
    expect(t.exposure).toBeLessThan(1);
  }, 240_000);

  it('exit 2 naming the problem: one territory, a bad option, a missing file', async () => {
    const one = join(dir, 'one.json');
    writeFileSync(one, JSON.stringify({ ...scenario, territories: { north: scenario.territories.north } }));
    const r1 = await run([one]);
    expect(r1.status).toBe(2);
    expect(r1.stdout).toBe('');
    expect(r1.stderr).toMatch(/territor/);
    const r2 = await run([file, '--threads', '0']);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toContain('--threads');
    const r3 = process_([join(dir, 'missing.json')]);
    expect(r3.status).toBe(2);
    expect(r3.stderr).toContain('missing.json');
    const r4 = await run([file, '--ranges', '6,-2']);
    expect(r4.status).toBe(2);
    expect(r4.stderr).toContain('--ranges: each range must be a positive number of inches (got -2)');
  }, 120_000);

  it('--ranges sets the ranges of within (LAYOUT.md: targetable exposure within each range)', async () => {
    const r = await run([file, '--grid', '2', '--ranges', '6,30', '--threads', '1']);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as LayoutReport;
    const expected = untimed(analyseLayout(await worldOf(scenario), { grid: 2, ranges: [6, 30] }));
    expect(untimed(report)).toEqual(expected);
    expect(Object.keys(report.classes[0].territories.north.within)).toEqual(['6', '30']);
  }, 120_000);
});
