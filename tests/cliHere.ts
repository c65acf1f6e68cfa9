/**
 * A command-line entry point run in the test's process (its exported `xCli(argv, io)`, the function
 * the command's file runs): the same arguments, output and exit code as `spawnSync` gives for a
 * process, without starting node, tsx and the engine again (~1-2 CPU-seconds a process;
 * docs/performance.md, "The test run"). Each command's test keeps one real process per contract
 * (exit 0 with its output, exit 2 with its problems); the other cases run here.
 */
import type { CliIo } from '../src/cli/io';

/** What `spawnSync(..., { encoding: 'utf8' })` gives, for the fields the tests read. */
export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `cli(args)` here, its stdout and stderr collected. `initCwd`, when given, is the folder the
 * command was typed in (`INIT_CWD`, as npm sets it: relative paths resolve there) for the call only.
 */
export async function runHere(cli: (argv: string[], io: CliIo) => Promise<number>, args: string[], initCwd?: string): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const before = process.env.INIT_CWD;
  if (initCwd !== undefined) process.env.INIT_CWD = initCwd;
  try {
    const status = await cli(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
    return { status, stdout, stderr };
  } finally {
    if (initCwd !== undefined) {
      if (before === undefined) delete process.env.INIT_CWD;
      else process.env.INIT_CWD = before;
    }
  }
}
