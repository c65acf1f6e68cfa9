// Runs every test of the project: the system set-up (tests/setup.mjs), type check, unit/property/worker tests (vitest) and
// the browser tests (tests/e2e/run.ts) when that runner exists. Prints one closing line "N passed, M failed" and exits
// non-zero when anything failed.
//
// vitest runs one worker on this 2-core machine (its default), so the browser tests (their build, then headless Chromium)
// run beside it, not after it: the run's wall time is about the longer of the two instead of their sum
// (docs/performance.md, "The test run"). SIGHTLINE_SERIAL=1 runs them one after the other, as before.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { ensureTestSystem } from './setup.mjs';

// First what the tests need from the system (Debian's chromium and redis-server): installed
// where this user can, else one line saying what to install, and no test runs.
if (ensureTestSystem(process.env) !== 0) process.exit(2);

const serial = process.env.SIGHTLINE_SERIAL === '1';
const withE2e = existsSync('tests/e2e/run.ts') && process.env.SIGHTLINE_SKIP_E2E !== '1';
let passed = 0;
let failed = 0;

/** Runs a command to its end; `buffer` keeps its output (printed later) instead of passing it through. */
function start(cmd, args, buffer) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    let out = '';
    let err = '';
    if (buffer) {
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
    }
    child.on('error', (e) => resolve({ status: 1, out, err: `${err}${cmd}: ${e.message}\n` }));
    child.on('close', (status) => resolve({ status, out, err }));
  });
}

function countVitest(status) {
  try {
    const r = JSON.parse(readFileSync('coverage/vitest.json', 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? 1 : 0);
  } catch {
    failed++;
  }
}

function countE2e(e2e) {
  process.stdout.write(e2e.out ?? '');
  process.stderr.write(e2e.err ?? '');
  const m = /(\d+) passed, (\d+) failed/.exec(e2e.out ?? '');
  if (m) { passed += Number(m[1]); failed += Number(m[2]); }
  if (e2e.status !== 0 && !(m && Number(m[2]) > 0)) failed++;
}

const tsc = spawnSync('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { stdio: 'inherit', env: process.env });
if (tsc.status !== 0) { console.error('type check failed'); failed++; } else passed++;

mkdirSync('coverage', { recursive: true });
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=coverage/vitest.json'];
if (serial) {
  countVitest((await start('npx', vitestArgs, false)).status);
  if (withE2e) countE2e(await start('npx', ['tsx', 'tests/e2e/run.ts'], true));
} else {
  if (withE2e) console.log('browser tests: running beside vitest; their report follows vitest\'s');
  const [vt, e2e] = await Promise.all([start('npx', vitestArgs, false), withE2e ? start('npx', ['tsx', 'tests/e2e/run.ts'], true) : null]);
  countVitest(vt.status);
  if (e2e) countE2e(e2e);
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
