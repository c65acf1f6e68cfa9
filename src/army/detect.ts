/**
 * Format detection by content (not by file extension): a zip (`.rosz`) starts with the local
 * file header signature `PK\x03\x04`; XML (`.ros`) starts with `<` after an optional UTF-8 byte
 * order mark and white space; New Recruit's JSON starts with `{` or `[`.
 *
 * @module
 */

import { refuse } from './errors';

/** The three roster file formats. */
export type RosterFormat = 'xml' | 'zip' | 'json';

/**
 * The format of a roster file from its first bytes.
 * @param bytes The whole file.
 * @param where Name of the input used in error messages (e.g. the file name).
 * @throws ArmyImportError for an empty file or one that is none of the three formats.
 */
export function detectFormat(bytes: Uint8Array, where: string): RosterFormat {
  if (bytes.length === 0) refuse(`${where}: the file is empty (expected a .ros, .rosz or New Recruit .json roster)`);
  if (bytes.length >= 2 && bytes[0] === 0x50 && bytes[1] === 0x4b) {
    if (bytes.length >= 4 && bytes[2] === 0x03 && bytes[3] === 0x04) return 'zip';
    if (bytes.length >= 4 && bytes[2] === 0x05 && bytes[3] === 0x06) refuse(`${where}: the zip archive is empty`);
    refuse(`${where}: starts like a zip archive but its first header is not a zip local file header`);
  }
  let i = 0;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (i === bytes.length) refuse(`${where}: the file holds only white space (expected a roster)`);
  const c = bytes[i];
  if (c === 0x3c) return 'xml';
  if (c === 0x7b || c === 0x5b) return 'json';
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) refuse(`${where}: a gzip file, not a roster (.rosz rosters are zip archives)`);
  refuse(`${where}: not a roster: the content is neither XML (.ros), a zip archive (.rosz) nor JSON (New Recruit), first byte 0x${c.toString(16).padStart(2, '0')} at offset ${i}`);
}
