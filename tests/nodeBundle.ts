/**
 * Node scripts the integration tests start (the game server's process, the visibility helper's
 * worker thread) bundled by esbuild once per test process, instead of run through tsx's loader,
 * which compiles and resolves the repository's TypeScript again in every process and thread
 * (docs/performance.md, "Session 37: heavy vitest files"): a game server start costs about 0.9
 * CPU-s this way against 2.1, a helper thread 0.46 against 0.85; the build about 0.3 CPU-s.
 *
 * The bundle holds the repository's code (packages stay imports, resolved from `node_modules`) and
 * is built from this checkout's files at the first call of each test process, so it is always the
 * code under test. It is written to `node_modules/.sightline-<name>-<pid>/`, two folders under the
 * repository root as `src/game/`, `src/scenario/` and `server/` are: the modules that find the
 * root from their own `import.meta.url` (`src/game/node.ts`, `src/scenario/bundledNode.ts`: `../..`)
 * find the same root, and a script's sibling (`server/tablePool.ts`'s `./tableWorker.mjs`) is the
 * bundled entry of that name. The folder is removed when the process exits; a dead process's
 * folder is removed by the next build.
 *
 * @module
 */
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const built = new Map<string, Promise<string>>();

/**
 * Bundles `entryPoints` (output name → source path from the repository root) into one folder, each
 * as `<name>.mjs`; resolves with the folder. One build per `name` per process.
 */
export function bundleForTests(name: string, entryPoints: Record<string, string>): Promise<string> {
  let folder = built.get(name);
  if (!folder) {
    folder = (async () => {
      const modules = join(ROOT, 'node_modules');
      const mine = new RegExp(`^\\.sightline-${name}-(\\d+)$`);
      for (const entry of readdirSync(modules)) {
        const pid = mine.exec(entry)?.[1];
        if (pid && !alive(Number(pid))) rmSync(join(modules, entry), { recursive: true, force: true });
      }
      const outdir = join(modules, `.sightline-${name}-${process.pid}`);
      process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
      await build({
        entryPoints: Object.fromEntries(Object.entries(entryPoints).map(([out, src]) => [out, join(ROOT, src)])),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        outdir,
        outExtension: { '.js': '.mjs' },
        logLevel: 'error',
      });
      return outdir;
    })();
    built.set(name, folder);
  }
  return folder;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The visibility helper's thread modules, bundled in one build: its own (`workers/node/visibilityHelperThread.ts`)
 * and the one that also counts its answered layout steps into a shared buffer (`tests/worker/signallingHelperThread.ts`).
 */
function helperBundle(): Promise<string> {
  return bundleForTests('helper', { visibilityHelper: 'workers/node/visibilityHelperThread.ts', signallingHelper: 'tests/worker/signallingHelperThread.ts' });
}

/** The visibility helper's Node thread (`workers/node/visibilityHelperThread.ts`) bundled: the entry to give `nodeThreadHelper`. */
export async function visibilityHelperEntry(): Promise<URL> {
  return pathToFileURL(join(await helperBundle(), 'visibilityHelper.mjs'));
}

/** The helper's thread that signals its answered layout steps (`tests/worker/signallingHelperThread.ts`) bundled, for `nodeThreadHelper`. */
export async function signallingHelperEntry(): Promise<URL> {
  return pathToFileURL(join(await helperBundle(), 'signallingHelper.mjs'));
}
