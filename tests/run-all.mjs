// Runs every test of the project: the system set-up (tests/setup.mjs), type check, unit/property/worker tests (vitest), then the
// browser tests (tests/e2e/run.ts) when that runner exists. Prints one closing line
// "N passed, M failed" and exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import { ensureTestSystem } from './setup.mjs';

// First what the tests need from the system (Debian's chromium and redis-server): installed
// where this user can, else one line saying what to install, and no test runs.
if (ensureTestSystem(process.env) !== 0) process.exit(2);

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false, env: process.env });
let passed = 0;
let failed = 0;

const tsc = run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
if (tsc.status !== 0) { console.error('type check failed'); failed++; } else passed++;

mkdirSync('coverage', { recursive: true });
const vt = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=coverage/vitest.json']);
try {
  const r = JSON.parse(readFileSync('coverage/vitest.json', 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (vt.status !== 0 && r.numFailedTests === 0 ? 1 : 0);
} catch {
  failed++;
}

if (existsSync('tests/e2e/run.ts') && process.env.SIGHTLINE_SKIP_E2E !== '1') {
  const e2e = spawnSync('npx', ['tsx', 'tests/e2e/run.ts'], { encoding: 'utf8', env: process.env });
  process.stdout.write(e2e.stdout ?? '');
  process.stderr.write(e2e.stderr ?? '');
  const m = /(\d+) passed, (\d+) failed/.exec(e2e.stdout ?? '');
  if (m) { passed += Number(m[1]); failed += Number(m[2]); }
  if (e2e.status !== 0 && !(m && Number(m[2]) > 0)) failed++;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
