/**
 * `npm run --silent import-army -- FILE [--bases BASES.json] [--id-prefix P] [--abilities]`: import
 * an army from a New Recruit / BattleScribe roster (`.ros`, `.rosz`, New Recruit `.json`; told by
 * content). Public contract: /work/shared/contract/ARMY.md and ABILITIES.md; mapping:
 * docs/army-import.md, docs/abilities.md.
 *
 * Output on stdout, exit 0: `{"army": <army>, "warnings": [...]}`. With `--abilities`, instead,
 * one line per ability (`holder | name | parsed timing | auto: <effects>` or `by hand`), then the
 * counts and the share the engine resolves. Bad input: exit 2, one line on stderr naming what is
 * wrong and where, nothing on stdout. Usage errors: exit 2 as well.
 *
 * @module
 */

import { readFileSync, statSync } from 'node:fs';
import { ArmyImportError, importArmy, MAX_ROSTER_FILE_BYTES } from '../army/importArmy';
import { parseBasesFile, type BaseTable } from '../army/bases';
import { abilityLine, abilityRows, countAbilities, countsLine } from '../army/abilityReport';
import { runIfEntryPoint, processIo, type CliIo } from './io';

const USAGE = 'usage: npm run --silent import-army -- FILE [--bases BASES.json] [--id-prefix PREFIX] [--abilities]';

/** Bad input: its one line (written to stderr by {@link importArmyCli}), exit 2. */
class Exit2 extends Error {}

function fail(message: string): never {
  throw new Exit2(`import-army: ${message.replace(/\s*\n\s*/g, ' ')}`);
}

function readBounded(path: string, what: string, max: number): Buffer {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) fail(`${what} ${path}: not a regular file`);
    size = st.size;
  } catch (e) {
    fail(`${what} ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  if (size > max) fail(`${what} ${path}: ${size} bytes, more than the ${Math.round(max / 1048576)} MB accepted`);
  try {
    return readFileSync(path);
  } catch (e) {
    fail(`${what} ${path}: ${(e as Error).message}`);
  }
}

function main(argv: string[], io: CliIo): void {
  let file: string | undefined;
  let basesPath: string | undefined;
  let idPrefix: string | undefined;
  let listAbilities = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--abilities') listAbilities = true;
    else if (a === '--bases' || a === '--id-prefix') {
      const v = argv[++i];
      if (v === undefined) fail(`${a} needs a value; ${USAGE}`);
      if (a === '--bases') basesPath = v;
      else idPrefix = v;
    } else if (a === '-h' || a === '--help') {
      io.stdout(`${USAGE}\n`);
      return;
    } else if (a.startsWith('--')) fail(`unknown option ${a}; ${USAGE}`);
    else if (file === undefined) file = a;
    else fail(`more than one roster file given (${file}, ${a}); ${USAGE}`);
  }
  if (file === undefined) fail(`no roster file given; ${USAGE}`);
  if (idPrefix !== undefined && !/^[A-Za-z0-9_.:/-]{0,20}$/.test(idPrefix)) fail(`--id-prefix "${idPrefix}": use up to 20 letters, digits and _ . : / -`);
  let bases: BaseTable | undefined;
  if (basesPath !== undefined) bases = parseBasesFile(readBounded(basesPath, 'bases file', 1024 * 1024).toString('utf8'), basesPath);
  const bytes = readBounded(file, 'roster', MAX_ROSTER_FILE_BYTES);
  const result = importArmy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), file, { ...(bases ? { bases } : {}), ...(idPrefix !== undefined ? { idPrefix } : {}) });
  if (listAbilities) {
    const rows = abilityRows(result.army);
    const lines = rows.map(abilityLine);
    const unparsed = rows.filter((r) => r.ability.timing.parsed === false).map((r) => `timing not parsed: ${r.holder} | ${r.ability.name} | "${r.ability.timing.text}"`);
    io.stdout(`${[...lines, ...unparsed, countsLine(countAbilities(rows))].join('\n')}\n`);
    return;
  }
  io.stdout(`${JSON.stringify({ army: result.army, warnings: result.warnings })}\n`);
}

/**
 * `import-army <argv>` as the command runs it: the army JSON (or `--abilities`' lines, or the usage)
 * written to `io.stdout`, or one line naming what is wrong and where to `io.stderr`.
 * @returns the exit code: 0 imported, 2 bad input or usage
 */
export async function importArmyCli(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    try {
      main(argv, io);
      return 0;
    } catch (e) {
      if (e instanceof Exit2) throw e;
      if (e instanceof ArmyImportError) fail(e.message);
      if (e instanceof RangeError) fail(`the input is too large or too deeply nested to import (${e.message})`);
      fail(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    }
  } catch (e) {
    io.stderr(`${(e as Exit2).message}\n`);
    return 2;
  }
}

runIfEntryPoint(import.meta.url, (argv) => importArmyCli(argv));
