/**
 * `npm run --silent game -- <command>`: the headless game of `shared/contract/GAME.md` (the
 * commands are in `gameCommands.ts`). One JSON value on stdout, exit 0; `play` ends with a summary
 * line on stderr. Bad input: every problem on stderr, exit 2, nothing on stdout, nothing written.
 *
 * @module
 */
import { gameMain, InputError } from './gameCommands';
import { runIfEntryPoint, processIo, type CliIo } from './io';

/**
 * `game <argv>` as the command runs it: one JSON value written to `io.stdout` (and `play`'s summary
 * line to `io.stderr`), or every problem to `io.stderr`. Paths are relative to `INIT_CWD` or the
 * working folder; `-` reads the process's stdin.
 * @returns the exit code: 0 done (a refused action is data, exit 0), 2 bad input, 1 an internal error
 */
export async function gameCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    const { out, note } = await gameMain(argv);
    io.stdout(`${JSON.stringify(out)}\n`);
    if (note) io.stderr(`${note}\n`);
    return 0;
  } catch (e) {
    if (e instanceof InputError) {
      io.stderr(`${e.problems.join('\n')}\n`);
      return 2;
    }
    io.stderr(`game: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return 1;
  }
}

runIfEntryPoint(import.meta.url, (argv) => gameCli(argv));
