/**
 * The adjudicator (shared/contract/SCENARIO.md):
 *   npm run --silent adjudicate -- path/to/scenario.json [--exhaustive]
 * prints exactly one JSON object `{"answers": [...]}` on stdout and exits 0; a file that is not
 * valid prints every problem with its JSON path to stderr and exits 2, writing nothing else.
 */
import { answerAll } from '../scenario/answer';
import { loadScenarioFile } from '../scenario/loadNode';

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => a !== '--');
  const exhaustive = args.includes('--exhaustive');
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) {
    process.stderr.write('usage: npm run --silent adjudicate -- path/to/scenario.json [--exhaustive]\n');
    return 2;
  }
  const loaded = await loadScenarioFile(files[0]);
  if (!loaded.ok) {
    process.stderr.write(`${files[0]} is not a valid scenario:\n${loaded.problems.map((p) => `  ${p}`).join('\n')}\n`);
    return 2;
  }
  for (const w of loaded.warnings) process.stderr.write(`warning: ${w}\n`);
  const answers = answerAll(loaded.world, loaded.scenario, { mode: exhaustive ? 'exhaustive' : 'fast' });
  process.stdout.write(`${JSON.stringify({ answers })}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`adjudicator failed: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
