/**
 * `npm run --silent game -- <command>`: the headless game of `shared/contract/GAME.md` (the
 * commands are in `gameCommands.ts`). One JSON value on stdout, exit 0; `play` ends with a summary
 * line on stderr. Bad input: every problem on stderr, exit 2, nothing on stdout, nothing written.
 *
 * @module
 */
import { gameMain, InputError } from './gameCommands';

gameMain(process.argv.slice(2)).then(
  ({ out, note }) => {
    process.stdout.write(`${JSON.stringify(out)}\n`);
    if (note) process.stderr.write(`${note}\n`);
  },
  (e) => {
    if (e instanceof InputError) {
      process.stderr.write(`${e.problems.join('\n')}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`game: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    }
  },
);
