/**
 * The adjudicator (`src/cli/adjudicate.ts`, shared/contract/SCENARIO.md) run on a scenario file in
 * this process, for the browser tests that compare the page with it: `adjudicateCli`, the command's
 * own entry (argument reading, the file's load and validation, the answers, the exit code), run by
 * `runHere` (tests/cliHere.ts) with its stdout and stderr captured instead of written. What
 * `npx tsx src/cli/adjudicate.ts <file>` prints and exits with, without starting npx, Node and tsx
 * for each file (~1.4 CPU-s a run, measured in session 42 against 0.02-0.6 CPU-s in process); the
 * command as a child process is tested by vitest (`tests/scenario/malformed.test.ts`).
 */
import { adjudicateCli } from '../../src/cli/adjudicate';
import { runHere, type CliRun } from '../cliHere';

/** What the command gave: its exit code (0 answered, 2 not a valid scenario, 1 failed) and output. */
export type Adjudicated = CliRun;

/**
 * Runs the adjudicator on `file` (an absolute path, or relative to the working folder), default mode
 * (`fast`, as the command without `--exhaustive`). Never throws: a failure is status 1 with its
 * stack on stderr, as the command reports it.
 */
export function adjudicateFile(file: string): Promise<Adjudicated> {
  return runHere(adjudicateCli, [file]);
}
