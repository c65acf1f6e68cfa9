/**
 * Import an army from a roster file exported by New Recruit or BattleScribe (ARMY.md): `.ros`
 * XML, `.rosz` zip or New Recruit `.json`, told apart by content. The pipeline is
 * detect (`detect.ts`) → safe read (`readZip.ts`, `readXml.ts`, `readJson.ts`) → game-system
 * check and tree walk (`walk.ts`) → mapping and validation (`mapArmy.ts`).
 *
 * @module
 */

import { detectFormat, type RosterFormat } from './detect';
import { refuse } from './errors';
import { mapArmy, type ImportResult, type MapArmyOptions } from './mapArmy';
import { readRosterJson } from './readJson';
import { readRosterXml } from './readXml';
import { readRosterZip } from './readZip';
import type { RNode } from './tree';
import { checkGameSystem, rosterRoot, walkRoster } from './walk';

export type { ImportResult, MapArmyOptions } from './mapArmy';
export { ArmyImportError } from './errors';

/** Largest roster file accepted before any parsing (20 MB; real exports are under 1 MB). */
export const MAX_ROSTER_FILE_BYTES = 20 * 1024 * 1024;

function decodeUtf8(b: Uint8Array, where: string): string {
  try {
    const t = new TextDecoder('utf-8', { fatal: true }).decode(b);
    return t.charCodeAt(0) === 0xfeff ? t.slice(1) : t;
  } catch {
    refuse(`${where}: the text is not valid UTF-8`);
  }
}

/**
 * Read a roster file into the roster tree (XML converted to the JSON shape).
 * @param bytes The whole file.
 * @param where Name of the input for messages (e.g. the file name).
 * @returns the tree and the format the content was detected as.
 * @throws ArmyImportError for empty, truncated, malformed or hostile input.
 */
export function readRosterFile(bytes: Uint8Array, where: string): { tree: RNode; format: RosterFormat } {
  if (bytes.length > MAX_ROSTER_FILE_BYTES) refuse(`${where}: ${bytes.length} bytes, more than the 20 MB a roster file may have`);
  const format = detectFormat(bytes, where);
  if (format === 'zip') {
    const inner = readRosterZip(bytes, where);
    const f = detectFormat(inner, `${where} (zipped roster)`);
    if (f !== 'xml') refuse(`${where}: the zipped roster is not XML (found ${f === 'zip' ? 'another zip' : 'JSON'})`);
    return { tree: readRosterXml(decodeUtf8(inner, where), `${where} (zipped roster)`), format };
  }
  const text = decodeUtf8(bytes, where);
  return { tree: format === 'xml' ? readRosterXml(text, where) : readRosterJson(text, where), format };
}

/**
 * Import an army from a roster file.
 * @param bytes The roster file (`.ros`, `.rosz` or New Recruit `.json`; told by content).
 * @param where Name of the input for messages (e.g. the file name).
 * @param options Bases (`--bases`, remembered) and an id prefix.
 * @returns `{army, warnings}`: the army in Sightline's format (valid for `parseRoster`) and one
 *   line per thing not imported or chosen by default.
 * @throws ArmyImportError (one-line message naming what and where) for bad input: another game
 *   system, not a roster, empty, truncated, malformed or hostile files, unreadable characteristics.
 */
export function importArmy(bytes: Uint8Array, where: string, options: MapArmyOptions = {}): ImportResult {
  const { tree } = readRosterFile(bytes, where);
  const root = rosterRoot(tree, where);
  checkGameSystem(root, where);
  return mapArmy(walkRoster(root, where), where, options);
}
