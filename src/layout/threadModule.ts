/**
 * The module a Node worker thread runs, as one file: its entry and everything it imports bundled
 * by esbuild, so a thread loads one module instead of compiling each file through tsx's loader
 * (the layout pool's thread is ready in about 60 ms against 400 ms). The bundle is kept in the
 * system's temporary folder with the list of its inputs and their sizes and modification times,
 * and made again when any of them changed (a few milliseconds to check, about 150 ms to make).
 * Node only.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Manifest {
  inputs: [path: string, size: number, mtimeMs: number][];
}

/**
 * The bundled module of `entry` (an absolute path to a TypeScript or JavaScript module), or null
 * when esbuild is not there or cannot bundle it (the caller then starts the thread another way).
 */
export function bundledModule(entry: string): URL | null {
  try {
    const dir = join(tmpdir(), 'sightline-threads');
    const name = createHash('sha1').update(entry).digest('hex').slice(0, 16);
    const bundle = join(dir, `${name}.mjs`);
    const manifestPath = join(dir, `${name}.json`);
    if (fresh(manifestPath)) return pathToFileURL(bundle);
    mkdirSync(dir, { recursive: true });
    const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
    const part = `.${process.pid}.${Date.now()}`;
    const out = buildSync({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', outfile: bundle + part, metafile: true, logLevel: 'silent' });
    const inputs = Object.keys(out.metafile!.inputs).map((p): Manifest['inputs'][number] => {
      const abs = resolve(p);
      const st = statSync(abs);
      return [abs, st.size, st.mtimeMs];
    });
    // Renamed into place (another process may be reading or making the same bundle).
    renameSync(bundle + part, bundle);
    writeFileSync(manifestPath + part, JSON.stringify({ inputs } satisfies Manifest));
    renameSync(manifestPath + part, manifestPath);
    return pathToFileURL(bundle);
  } catch {
    return null;
  }
}

/** Does the manifest exist with every input unchanged? */
function fresh(manifestPath: string): boolean {
  let m: Manifest;
  try {
    m = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    return false;
  }
  for (const [p, size, mtimeMs] of m.inputs) {
    try {
      const st = statSync(p);
      if (st.size !== size || st.mtimeMs !== mtimeMs) return false;
    } catch {
      return false;
    }
  }
  return m.inputs.length > 0;
}
