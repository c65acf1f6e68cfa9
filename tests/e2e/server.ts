/**
 * What the browser runners share (`run.ts` for the tests, `perf.ts` for the rendering figures):
 * build the app, serve it with `vite preview`, launch Debian's Chromium with the software-WebGL
 * flags, stop the server. `E2E_PORT` / `E2E_OUT_DIR` give a run its own port and build folder so
 * two runs can share the machine; `E2E_SKIP_BUILD=1` reuses an existing build; `CHROMIUM_PATH`
 * overrides `/usr/bin/chromium`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));

/** Where a run builds, serves and writes. */
export interface E2EServerConfig {
  /** The repository root. */
  root: string;
  /** Screenshots and reports (`tests/e2e/__output__`). */
  outputDir: string;
  port: number;
  /** The build folder (`E2E_OUT_DIR`), or undefined for vite's `dist/`. */
  outDir: string | undefined;
  /** `http://localhost:<port>/`. */
  baseUrl: string;
}

/** The run's configuration from the environment; `defaultPort` when `E2E_PORT` is unset. */
export function e2eConfig(defaultPort: number): E2EServerConfig {
  const port = Number(process.env.E2E_PORT ?? defaultPort);
  return { root: resolve(here, '../..'), outputDir: join(here, '__output__'), port, outDir: process.env.E2E_OUT_DIR, baseUrl: `http://localhost:${port}/` };
}

/**
 * Vite's own script, run by this node rather than through `npx` (npm exec: one more process and
 * ~0.5 CPU-s a start; docs/performance.md, "Session 42: type check and build"): `vite build` and
 * `vite preview` as before.
 */
function viteCommand(cfg: E2EServerConfig, args: string[]): [string, string[]] {
  return [process.execPath, [join(cfg.root, 'node_modules/vite/bin/vite.js'), ...args]];
}

/** `vite build` into the run's build folder (skipped with `E2E_SKIP_BUILD`). @throws when the build fails. */
export function buildApp(cfg: E2EServerConfig): void {
  if (process.env.E2E_SKIP_BUILD) return;
  console.log('building: vite build');
  const r = spawnSync(...viteCommand(cfg, ['build', '--logLevel', 'warn', ...(cfg.outDir ? ['--outDir', cfg.outDir, '--emptyOutDir'] : [])]), { cwd: cfg.root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
}

/**
 * Serves the build with `vite preview --strictPort` in its own process group and resolves once it
 * answers. @throws when something else already answers on the port (it would serve the wrong
 * build), when the server exits, or when it does not answer within 60 s.
 */
export async function serveApp(cfg: E2EServerConfig): Promise<ChildProcess> {
  const busy = await fetch(cfg.baseUrl).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`something already answers on ${cfg.baseUrl}; stop it or run with E2E_PORT=<another port> (and E2E_OUT_DIR=<another build folder>)`);
  const child = spawn(...viteCommand(cfg, ['preview', '--port', String(cfg.port), '--strictPort', ...(cfg.outDir ? ['--outDir', cfg.outDir] : [])]), { cwd: cfg.root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`vite preview exited (${code}):\n${log}`))));
  const up = (async () => {
    for (;;) {
      try {
        const res = await fetch(cfg.baseUrl);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const limit = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`vite preview did not answer on ${cfg.baseUrl} within 60 s:\n${log}`)), 60_000).unref());
  await Promise.race([up, exited, limit]);
  child.removeAllListeners('exit');
  return child;
}

/** Stops a server started by {@link serveApp} (its whole process group); no-op when already gone. */
export function stopServer(child: ChildProcess | null): void {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

/** The flags every run launches Chromium with (software WebGL needs the last two). */
export const CHROMIUM_ARGS: readonly string[] = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/**
 * The launch flags with `E2E_CHROMIUM_ARGS` (space-separated, for ablations: docs/performance.md,
 * "Session 40: browser tests, rendering") appended; a flag written `-<flag>` there drops `<flag>`.
 * The two software-WebGL flags cannot be dropped. @throws when asked to drop one of them.
 */
export function chromiumArgs(extra = process.env.E2E_CHROMIUM_ARGS ?? ''): string[] {
  const words = extra.split(/\s+/).filter(Boolean);
  const drop = new Set(words.filter((w) => w.startsWith('-') && !w.startsWith('--')).map((w) => w.slice(1)));
  for (const d of drop) if (d.startsWith('--use-angle') || d === '--enable-unsafe-swiftshader') throw new Error(`E2E_CHROMIUM_ARGS: ${d} is needed for software WebGL`);
  return [...CHROMIUM_ARGS.filter((a) => !drop.has(a)), ...words.filter((w) => w.startsWith('--'))];
}

/** Debian's Chromium, headless, WebGL2 through SwiftShader (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs(),
  });
}
