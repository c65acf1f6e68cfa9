/**
 * End-to-end runner: builds the app (`npx vite build`), serves `dist/` with
 * `npx vite preview --port 4173 --strictPort`, drives Debian's Chromium through playwright-core
 * and runs the tests of `app.e2e.ts`, `tools.e2e.ts`, `play.e2e.ts` and `files.e2e.ts`. `E2E_ONLY=<substring>` runs only the tests whose name contains it. Prints `N passed, M failed` last; exits 1 on any failure.
 *
 *   npx tsx tests/e2e/run.ts            # build + test
 *   E2E_SKIP_BUILD=1 npx tsx tests/e2e/run.ts   # reuse an existing dist/
 *   E2E_PORT=4273 E2E_OUT_DIR=/tmp/dist2 npx tsx tests/e2e/run.ts   # a second run beside another
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { tests as appTests } from './app.e2e';
import { tests as toolTests } from './tools.e2e';
import { tests as playTests } from './play.e2e';
import { tests as fileTests } from './files.e2e';
import type { E2EContext } from './harness';

const tests = [...appTests, ...toolTests, ...playTests, ...fileTests];

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const outputDir = join(here, '__output__');
// E2E_PORT and E2E_OUT_DIR let two runs share the machine (each its own server and build).
const PORT = Number(process.env.E2E_PORT ?? 4173);
const OUT_DIR = process.env.E2E_OUT_DIR;
const baseUrl = `http://localhost:${PORT}/`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function build(): void {
  if (process.env.E2E_SKIP_BUILD) return;
  console.log('building: npx vite build');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...(OUT_DIR ? ['--outDir', OUT_DIR, '--emptyOutDir'] : [])], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
}

async function serve(): Promise<ChildProcess> {
  // Another server on the port (e.g. a second run) would silently serve the wrong build.
  const busy = await fetch(baseUrl).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`something already answers on ${baseUrl}; stop it or run with E2E_PORT=<another port> (and E2E_OUT_DIR=<another build folder>)`);
  const child = spawn('npx', ['vite', 'preview', '--port', String(PORT), '--strictPort', ...(OUT_DIR ? ['--outDir', OUT_DIR] : [])], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`vite preview exited (${code}):\n${log}`))));
  const up = (async () => {
    for (;;) {
      try {
        const res = await fetch(baseUrl);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const limit = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`vite preview did not answer on ${baseUrl} within 60 s:\n${log}`)), 60_000).unref());
  await Promise.race([up, exited, limit]);
  child.removeAllListeners('exit');
  return child;
}

function stop(child: ChildProcess | null): void {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM'); // the preview server's own process group (detached above)
  } catch {
    /* already gone */
  }
}

async function main(): Promise<number> {
  mkdirSync(outputDir, { recursive: true });
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  let passed = 0;
  let failed = 0;
  try {
    build();
    server = await serve();
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    });
    const b = browser;
    const ctx: E2EContext = {
      browser: b,
      baseUrl,
      outputDir,
      root,
      async openPage() {
        const page = await b.newPage({ viewport: { width: 1280, height: 800 } });
        const errors: string[] = [];
        const warnings: string[] = [];
        page.on('console', (msg) => {
          if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
          else if (msg.type() === 'warning') warnings.push(msg.text());
        });
        page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
        page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
        page.on('response', (r) => {
          if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
        });
        return { page, errors, warnings };
      },
    };
    const only = process.env.E2E_ONLY;
    for (const t of only ? tests.filter((x) => x.name.includes(only)) : tests) {
      const started = Date.now();
      try {
        await t.run(ctx);
        passed++;
        console.log(`  ok    ${t.name} (${Date.now() - started} ms)`);
      } catch (e) {
        failed++;
        console.log(`  FAIL  ${t.name}\n        ${(e as Error).message.replace(/\n/g, '\n        ')}`);
      }
    }
  } catch (e) {
    failed += Math.max(1, tests.length - passed - failed);
    console.log(`  FAIL  setup: ${(e as Error).message}`);
  } finally {
    await browser?.close().catch(() => undefined);
    stop(server);
  }
  console.log(`screenshots: ${outputDir}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
