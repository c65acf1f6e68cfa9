// Runs every test of the project: the system set-up (tests/setup.mjs), type check, unit/property/worker tests (vitest) and
// the browser tests (tests/e2e/run.ts) when that runner exists. Prints one closing line "N passed, M failed" and exits
// non-zero when anything failed.
//
// The three run side by side, not one after the other (docs/performance.md, "The test run"): the type check and the
// browser tests' build use the cores while vitest starts, vitest runs two workers (vite.config.ts) and the browser
// tests two lanes (tests/e2e/run.ts), so both cores stay busy to the end and the run's wall time is about its CPU time
// over two. The type check's report is printed after vitest's; the browser tests' lines as they come, prefixed
// "browser │ ", with their failures repeated at the end. SIGHTLINE_SERIAL=1 runs them one after the other, as before.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { ensureTestSystem } from './setup.mjs';

// First what the tests need from the system (Debian's chromium and redis-server): installed
// where this user can, else one line saying what to install, and no test runs.
if (ensureTestSystem(process.env) !== 0) process.exit(2);

const serial = process.env.SIGHTLINE_SERIAL === '1';
const withE2e = existsSync('tests/e2e/run.ts') && process.env.SIGHTLINE_SKIP_E2E !== '1';
let passed = 0;
let failed = 0;

/**
 * Runs a command to its end; `buffer` keeps its output (printed later) instead of passing it through.
 * `live` (a prefix) also prints each line as it comes, prefixed, so a run that stalls shows where.
 * `limitS` stops the command (SIGTERM, then SIGKILL) after that many seconds, with a line saying so.
 */
function start(cmd, args, buffer, { live, limitS } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    let out = '';
    let err = '';
    let pending = '';
    const echo = (d) => {
      if (!live) return;
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const l of lines) process.stdout.write(`${live}${l}\n`);
    };
    if (buffer) {
      child.stdout.on('data', (d) => { out += d; echo(d); });
      child.stderr.on('data', (d) => { err += d; echo(d); });
    }
    let timedOut = false;
    const timer = limitS
      ? setTimeout(() => {
          timedOut = true;
          console.error(`${cmd} ${args.join(' ')}: still running after ${limitS} s; stopped`);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }, limitS * 1000)
      : null;
    child.on('error', (e) => resolve({ status: 1, out, err: `${err}${cmd}: ${e.message}\n` }));
    child.on('close', (status) => {
      if (timer) clearTimeout(timer);
      resolve({ status: timedOut ? 1 : status, out: timedOut ? `${out}\n  FAIL  the run did not end within ${limitS} s\n` : out, err });
    });
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
  // Every line was printed as it came (prefixed); here only the failures again, and the closing lines.
  const lines = (e2e.out ?? '').split('\n');
  const failures = lines.filter((l) => /^\s+FAIL/.test(l));
  console.log(`browser tests:${failures.length ? `\n${failures.join('\n')}` : ' no failure'}`);
  console.log(lines.filter((l) => /passed, \d+ failed|^browser tests: /.test(l)).join('\n'));
  const m = /(\d+) passed, (\d+) failed/.exec(e2e.out ?? '');
  if (m) { passed += Number(m[1]); failed += Number(m[2]); }
  if (e2e.status !== 0 && !(m && Number(m[2]) > 0)) failed++;
}

function countTsc(tsc) {
  process.stdout.write(tsc.out ?? '');
  process.stderr.write(tsc.err ?? '');
  if (tsc.status !== 0) { console.error('type check failed'); failed++; } else passed++;
}

mkdirSync('coverage', { recursive: true });
// Each tool's own script run by this node, not through `npx` (npm exec: a process and ~0.5 CPU-s
// each) nor the `tsx` wrapper (a second node process): the same commands, one process each.
const node = process.execPath;
// The type check is TypeScript 7 (the native compiler; `bin/tsc` is a small node script that starts
// it). `--singleThreaded`: one checker, not four (its default), since vitest and the browser tests
// keep both cores busy beside it; four checkers each rebuild the types they meet, 12-16 CPU-s against
// 7-8 single-threaded (TypeScript 5.9's tsc: 37-47; docs/performance.md, "Session 42: type check
// and build"). The same errors either way: only the scheduling differs.
const tscArgs = ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json', '--singleThreaded'];
const vitestArgs = ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', '--outputFile=coverage/vitest.json'];
const e2eArgs = ['--import', 'tsx', 'tests/e2e/run.ts'];
// The browser tests' lines as they come (prefixed), and a bound on the whole browser run (each test
// has its own in tests/e2e/run.ts): CI has 90 minutes and must end with the failing test named.
const e2eOpts = { live: 'browser │ ', limitS: Number(process.env.E2E_RUN_LIMIT_S ?? 3000) };
const started = Date.now();
if (serial) {
  countTsc(await start(node, tscArgs, false));
  countVitest((await start(node, vitestArgs, false)).status);
  if (withE2e) countE2e(await start(node, e2eArgs, true, e2eOpts));
} else {
  console.log(`type check${withE2e ? ' and browser tests' : ''}: running beside vitest; ${withE2e ? 'their reports follow' : 'its report follows'} vitest's`);
  const [tsc, vt, e2e] = await Promise.all([
    start(node, tscArgs, true),
    start(node, vitestArgs, false),
    withE2e ? start(node, e2eArgs, true, e2eOpts) : null,
  ]);
  countTsc(tsc);
  countVitest(vt.status);
  if (e2e) countE2e(e2e);
}
console.log(`tests: ${((Date.now() - started) / 1000).toFixed(0)} s after the set-up`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
