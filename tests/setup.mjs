// The test command's set-up step: what the tests need from the system, beyond `npm ci`.
//
// - Debian's `chromium` for the browser tests (tests/e2e), found on PATH or at CHROMIUM_PATH;
// - Debian's `redis-server` for the network scale-out tests (each test starts its own on a free
//   loopback port).
//
// Where one is missing and this user can install Debian packages (root, with apt-get on PATH), it
// installs them; otherwise it stops before any test with one line saying exactly what to install.
// `node tests/setup.mjs [--dry-run]` runs it alone (`--dry-run` says what it would do and does
// nothing); `tests/run-all.mjs` runs it first. SIGHTLINE_SKIP_E2E=1 drops the need for chromium.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The system packages the tests use: the command each provides and its Debian package. */
export const SYSTEM_NEEDS = [
  { command: 'chromium', debianPackage: 'chromium', why: 'browser tests' },
  { command: 'redis-server', debianPackage: 'redis-server', why: 'network scale-out tests' },
];

/** The absolute path of an executable `command` on `pathList` (a PATH string), or null. */
export function findOnPath(command, pathList) {
  for (const dir of (pathList ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, command);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

/**
 * What the set-up step does, decided from what was found (pure, so it is tested without a
 * machine to change).
 * @param {{ missing: string[], isRoot: boolean, hasAptGet: boolean }} facts the Debian packages
 *   missing, whether this process is root, whether `apt-get` is on PATH
 * @returns {{ action: 'none' } | { action: 'install', packages: string[], command: string[] } |
 *   { action: 'stop', line: string }}
 */
export function planSetup({ missing, isRoot, hasAptGet }) {
  if (missing.length === 0) return { action: 'none' };
  const list = missing.join(' ');
  if (isRoot && hasAptGet) return { action: 'install', packages: missing, command: ['apt-get', 'install', '-y', '-qq', ...missing] };
  return {
    action: 'stop',
    line: `Sightline's tests need the Debian package${missing.length > 1 ? 's' : ''} ${list}: run "sudo apt-get install -y ${list}" (or set CHROMIUM_PATH to a Chromium), then run this command again.`,
  };
}

/** The Debian packages whose command is missing, given the environment. */
export function missingPackages(env) {
  const skipE2E = env.SIGHTLINE_SKIP_E2E === '1';
  const out = [];
  for (const need of SYSTEM_NEEDS) {
    if (need.command === 'chromium') {
      if (skipE2E) continue;
      if (env.CHROMIUM_PATH) {
        try {
          accessSync(env.CHROMIUM_PATH, constants.X_OK);
          continue;
        } catch {
          /* fall through to PATH */
        }
      }
    }
    if (!findOnPath(need.command, env.PATH)) out.push(need.debianPackage);
  }
  return out;
}

/**
 * Runs the set-up step. Returns 0 when the tests can run (after installing what was missing),
 * 2 when they cannot (the line has been printed). On success `env.CHROMIUM_PATH` names the
 * Chromium the browser tests launch.
 */
export function ensureTestSystem(env = process.env, { dryRun = false, log = console.log } = {}) {
  const missing = missingPackages(env);
  const plan = planSetup({
    missing,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasAptGet: findOnPath('apt-get', env.PATH) !== null,
  });
  if (plan.action === 'stop') {
    log(plan.line);
    return 2;
  }
  if (plan.action === 'install') {
    log(`setup: installing the Debian package${plan.packages.length > 1 ? 's' : ''} ${plan.packages.join(' ')} (apt-get)${dryRun ? ' [dry run: nothing done]' : ''}`);
    if (!dryRun) {
      const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
      const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
      const install = update.status === 0 ? spawnSync(plan.command[0], plan.command.slice(1), { stdio: 'inherit', env: aptEnv }) : update;
      const still = missingPackages(env);
      if (install.status !== 0 || still.length > 0) {
        log(`Sightline's tests need ${still.join(' ') || plan.packages.join(' ')}, and apt-get could not install them: run "apt-get install -y ${plan.packages.join(' ')}", then run this command again.`);
        return 2;
      }
    }
  } else {
    log('setup: the system packages the tests need are installed');
  }
  if (!dryRun && !env.CHROMIUM_PATH) {
    const chromium = findOnPath('chromium', env.PATH);
    if (chromium) env.CHROMIUM_PATH = chromium;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(ensureTestSystem(process.env, { dryRun: process.argv.includes('--dry-run') }));
}
