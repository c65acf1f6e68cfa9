/**
 * `npm run bench:army`: speed of the army import (issue 17) on the largest real roster,
 * tests/fixtures/rosters/new-recruit/sce-002-units-a (91 unit selections, .ros about 630 KB), in its
 * three formats. For each: the first (cold) import and the median and p95 of the following
 * runs, in milliseconds, and the median as a ratio against a baseline measured in the same
 * process: `JSON.parse` of the same list's `.json` text. Target: median 300 ms or less.
 *
 * Environment: `BENCH_ARMY_LIST` (a directory holding list.ros / list.rosz / list.json),
 * `BENCH_ARMY_RUNS` (default 15).
 *
 * @module
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { importArmy } from '../army/importArmy';

const DIR = process.env.BENCH_ARMY_LIST ?? fileURLToPath(new URL('../../tests/fixtures/rosters/new-recruit/sce-002-units-a', import.meta.url));
const RUNS = Math.max(3, Number(process.env.BENCH_ARMY_RUNS ?? 15));
const TARGET_MS = 300;

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(0.95 * s.length))] };
}

function time(f: () => unknown): number {
  const t = performance.now();
  f();
  return performance.now() - t;
}

const jsonText = readFileSync(join(DIR, 'list.json'), 'utf8');
const baseline = stats(Array.from({ length: RUNS }, () => time(() => JSON.parse(jsonText)))).median;
console.log(`army import bench: ${DIR}, ${RUNS} runs per format after the first`);
console.log(`baseline JSON.parse of list.json (${jsonText.length} chars): median ${baseline.toFixed(2)} ms`);
let worst = 0;
for (const ext of ['ros', 'rosz', 'json'] as const) {
  const bytes = new Uint8Array(readFileSync(join(DIR, `list.${ext}`)));
  let units = 0;
  const cold = time(() => {
    units = importArmy(bytes, `list.${ext}`).army.units.length;
  });
  const s = stats(Array.from({ length: RUNS }, () => time(() => importArmy(bytes, `list.${ext}`))));
  worst = Math.max(worst, s.median);
  console.log(
    `list.${ext.padEnd(4)} ${String(bytes.length).padStart(7)} bytes, ${units} units: first ${cold.toFixed(1)} ms, median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, ${(s.median / baseline).toFixed(1)}x JSON.parse`,
  );
}
console.log(`worst median ${worst.toFixed(1)} ms: target ${TARGET_MS} ms ${worst <= TARGET_MS ? 'met' : 'MISSED'}`);
