/**
 * The test command's set-up step (tests/setup.mjs, issue 27 item 1): on a fresh machine the
 * README's `npm ci && npm run test:all` installs Debian's chromium and redis-server where it can,
 * and otherwise stops before any test with one line naming what to install.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOnPath, missingPackages, planSetup } from './setup.mjs';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A folder holding executables named `names` (each a shell script that exits 0). */
function binDir(names: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-setup-'));
  dirs.push(dir);
  for (const n of names) {
    const f = join(dir, n);
    writeFileSync(f, '#!/bin/sh\nexit 0\n');
    chmodSync(f, 0o755);
  }
  return dir;
}

/** Runs `node tests/setup.mjs --dry-run` with only `pathDirs` on PATH (node itself linked in). */
function dryRun(pathDirs: string[]): { status: number | null; out: string } {
  const nodeDir = binDir([]);
  symlinkSync(process.execPath, join(nodeDir, 'node'));
  const r = spawnSync(join(nodeDir, 'node'), ['tests/setup.mjs', '--dry-run'], {
    encoding: 'utf8',
    env: { PATH: [nodeDir, ...pathDirs].join(':'), HOME: process.env.HOME ?? '/tmp' },
  });
  return { status: r.status, out: (r.stdout ?? '') + (r.stderr ?? '') };
}

describe('planSetup: what the set-up step does', () => {
  it('does nothing when nothing is missing', () => {
    expect(planSetup({ missing: [], isRoot: false, hasAptGet: false })).toEqual({ action: 'none' });
  });
  it('installs the missing packages with apt-get as root', () => {
    expect(planSetup({ missing: ['chromium', 'redis-server'], isRoot: true, hasAptGet: true })).toEqual({
      action: 'install',
      packages: ['chromium', 'redis-server'],
      command: ['apt-get', 'install', '-y', '-qq', 'chromium', 'redis-server'],
    });
  });
  it('stops with one line naming exactly what to install when it cannot install', () => {
    for (const facts of [
      { missing: ['chromium'], isRoot: false, hasAptGet: true },
      { missing: ['chromium'], isRoot: true, hasAptGet: false },
    ]) {
      const plan = planSetup(facts);
      expect(plan.action).toBe('stop');
      if (plan.action !== 'stop') throw new Error('expected a stop');
      expect(plan.line).toContain('sudo apt-get install -y chromium');
      expect(plan.line.split('\n')).toHaveLength(1);
    }
  });
});

describe('the set-up step on a PATH', () => {
  it('finds an executable on PATH and nothing where it is not', () => {
    const dir = binDir(['chromium']);
    expect(findOnPath('chromium', `/nonexistent:${dir}`)).toBe(join(dir, 'chromium'));
    expect(findOnPath('redis-server', dir)).toBeNull();
    expect(missingPackages({ PATH: dir })).toEqual(['redis-server']);
    expect(missingPackages({ PATH: dir, SIGHTLINE_SKIP_E2E: '1' })).toEqual(['redis-server']);
    expect(missingPackages({ PATH: '', SIGHTLINE_SKIP_E2E: '1' })).toEqual(['redis-server']);
  });

  it('a PATH that hides chromium (and apt-get) stops before the tests with the one documented line', () => {
    const r = dryRun([binDir(['redis-server'])]);
    expect(r.status).toBe(2);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `Sightline's tests need the Debian package chromium: run "sudo apt-get install -y chromium" (or set CHROMIUM_PATH to a Chromium), then run this command again.`,
    );
  });

  it('a PATH that hides chromium but has apt-get installs it when root, else stops', () => {
    const r = dryRun([binDir(['redis-server', 'apt-get'])]);
    const root = typeof process.getuid === 'function' && process.getuid() === 0;
    if (root) {
      expect(r.status).toBe(0);
      expect(r.out).toContain('setup: installing the Debian package chromium (apt-get) [dry run: nothing done]');
    } else {
      expect(r.status).toBe(2);
      expect(r.out).toContain('sudo apt-get install -y chromium');
    }
  });

  it('with both commands on PATH it goes on to the tests', () => {
    const r = dryRun([binDir(['chromium', 'redis-server'])]);
    expect(r.status).toBe(0);
    expect(r.out.trim()).toBe('setup: the system packages the tests need are installed');
  });
});
