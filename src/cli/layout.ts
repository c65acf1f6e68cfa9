/**
 * The layout analysis (shared/contract/LAYOUT.md):
 *   npm run --silent layout -- SCENARIO.json [--grid INCHES] [--class ID]... [--threat INCHES] [--ranges R,R,...] [--png FILE] [--exhaustive] [--threads N]
 * prints one JSON object on stdout and exits 0 (the spot relations on the machine's cores, at most 4, unless
 * `--threads N` says how many); an invalid file, a scenario without two
 * territories or bad options print every problem (with its JSON path or option) to stderr and exit 2.
 */
import { availableParallelism } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { analyseLayout, layoutOptionProblems, type LayoutOptions } from '../layout/analyse';
import { analyseLayoutParallel } from '../layout/parallel';
import { layoutPicture } from '../layout/picture';
import { loadScenarioFile } from '../scenario/loadNode';
import { runIfEntryPoint, processIo, type CliIo } from './io';

const USAGE = 'usage: npm run --silent layout -- SCENARIO.json [--grid INCHES] [--class ID]... [--threat INCHES] [--ranges R,R,...] [--png FILE] [--exhaustive] [--threads N]';

/** Parses the arguments: the options, the file, the picture's path, and every problem found. */
export function parseLayoutArgs(argv: string[]): { file?: string; png?: string; threads?: number; opts: LayoutOptions; problems: string[] } {
  const args = argv.filter((a) => a !== '--');
  const opts: LayoutOptions = {};
  const problems: string[] = [];
  const files: string[] = [];
  let png: string | undefined;
  let threads: number | undefined;
  const number = (flag: string, v: string | undefined): number => {
    const n = v === undefined ? NaN : Number(v);
    if (v === undefined || v.trim() === '' || !Number.isFinite(n)) problems.push(`${flag}: needs a number of inches (got ${v ?? 'nothing'})`);
    return n;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--grid') opts.grid = number(a, args[++i]);
    else if (a === '--threat') opts.threat = number(a, args[++i]);
    else if (a === '--ranges') {
      const v = args[++i];
      // Ranges of the graded targetable exposure (LAYOUT.md `within`), e.g. 12,18,24.
      opts.ranges = v === undefined || v.trim() === '' ? [] : v.split(',').map((r) => number(a, r));
    }
    else if (a === '--class') {
      const v = args[++i];
      if (v === undefined) problems.push('--class: needs a class id');
      else (opts.classes ??= []).push(v);
    } else if (a === '--png') {
      png = args[++i];
      if (png === undefined) problems.push('--png: needs a file name');
    } else if (a === '--exhaustive') opts.mode = 'exhaustive';
    else if (a === '--threads') {
      threads = number(a, args[++i]);
      if (Number.isFinite(threads) && !(Number.isInteger(threads) && threads >= 1)) problems.push(`--threads: needs a whole number of threads, 1 or more (got ${threads})`);
    }
    else if (a.startsWith('--')) problems.push(`${a}: unknown option`);
    else files.push(a);
  }
  if (files.length !== 1) problems.push(`expected one scenario file, got ${files.length}`);
  return { file: files[0], png, threads, opts, problems };
}

/**
 * `layout <argv>` as the command runs it: one JSON report written to `io.stdout` (and the picture
 * to `--png`'s file), or every problem to `io.stderr`.
 * @returns the exit code: 0 analysed, 2 a bad file or bad options, 1 the analysis failed
 */
export async function layoutCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (e) {
    io.stderr(`layout failed: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}

async function main(argv: string[], io: CliIo): Promise<number> {
  const { file, png, threads, opts, problems } = parseLayoutArgs(argv);
  if (problems.length || !file) {
    io.stderr(`${problems.map((p) => `  ${p}`).join('\n')}\n${USAGE}\n`);
    return 2;
  }
  const loaded = await loadScenarioFile(file, { checkModels: false });
  if (!loaded.ok) {
    io.stderr(`${file} is not a valid scenario:\n${loaded.problems.map((p) => `  ${p}`).join('\n')}\n`);
    return 2;
  }
  const optionProblems = layoutOptionProblems(loaded.world, opts);
  if (optionProblems.length) {
    io.stderr(`${file} cannot be analysed:\n${optionProblems.map((p) => `  ${p}`).join('\n')}\n`);
    return 2;
  }
  // The spot relations on N threads (worker threads; the same report as one thread's): by default
  // the machine's cores, at most 4; --threads 1 keeps everything in this thread.
  const n = threads ?? Math.min(4, availableParallelism());
  const report = n <= 1 ? analyseLayout(loaded.world, opts) : await analyseLayoutParallel(loaded.world, opts, n);
  if (png) await writeFile(png, layoutPicture(loaded.world, report));
  io.stdout(`${JSON.stringify(report)}\n`);
  return 0;
}

runIfEntryPoint(import.meta.url, (argv) => layoutCli(argv));
