/**
 * What a command-line entry point needs from its process, so that the same command runs in
 * another process's code (tests, tools) without a process of its own: where its output goes, and
 * whether the file is the one `node`/`tsx` was asked to run.
 *
 * @module
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where a command writes: each call one chunk of text, written as it comes (no newline added). */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The process's own streams: what the command does when run as a command. */
export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/**
 * True when the module at `moduleUrl` (its `import.meta.url`) is the script this process was
 * started with (`node --import tsx src/cli/x.ts`, `tsx src/cli/x.ts`, `npm run x`), false when it
 * was imported (a test calling the command's function). Paths are compared after resolving links.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * Runs `cli` with the process's arguments and sets the exit code from its result, when the module
 * at `moduleUrl` is the script this process was started with ({@link isEntryPoint}); does nothing
 * when it was imported.
 */
export function runIfEntryPoint(moduleUrl: string, cli: (argv: string[]) => Promise<number>): void {
  if (!isEntryPoint(moduleUrl)) return;
  cli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
