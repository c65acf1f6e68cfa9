/**
 * The adjudicator (shared/contract/SCENARIO.md):
 *   npm run --silent adjudicate -- path/to/scenario.json [--exhaustive]
 * prints exactly one JSON object `{"answers": [...]}` on stdout and exits 0; a file that is not
 * valid prints every problem with its JSON path to stderr and exits 2, writing nothing else.
 */
import { answerAll } from '../scenario/answer';
import { loadScenarioFile } from '../scenario/loadNode';
import { runIfEntryPoint, processIo, type CliIo } from './io';

/**
 * `adjudicate <argv>` as the command runs it: `{"answers": [...]}` written to `io.stdout` (the
 * file's warnings to `io.stderr`), or every problem to `io.stderr`. The path is relative to the
 * working folder.
 * @returns the exit code: 0 answered, 2 not a valid scenario or bad arguments, 1 the adjudicator failed
 */
export async function adjudicateCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (e) {
    io.stderr(`adjudicator failed: ${(e as Error).stack ?? String(e)}\n`);
    return 1;
  }
}

async function main(argv: string[], io: CliIo): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  const exhaustive = args.includes('--exhaustive');
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) {
    io.stderr('usage: npm run --silent adjudicate -- path/to/scenario.json [--exhaustive]\n');
    return 2;
  }
  const loaded = await loadScenarioFile(files[0]);
  if (!loaded.ok) {
    io.stderr(`${files[0]} is not a valid scenario:\n${loaded.problems.map((p) => `  ${p}`).join('\n')}\n`);
    return 2;
  }
  for (const w of loaded.warnings) io.stderr(`warning: ${w}\n`);
  const answers = answerAll(loaded.world, loaded.scenario, { mode: exhaustive ? 'exhaustive' : 'fast' });
  io.stdout(`${JSON.stringify({ answers })}\n`);
  return 0;
}

runIfEntryPoint(import.meta.url, (argv) => adjudicateCli(argv));
