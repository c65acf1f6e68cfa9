/**
 * Safe reading of a zipped roster (`.rosz`: a zip holding one `.ros`). The central directory is
 * read by hand so that every entry's declared sizes are checked before anything is inflated,
 * and the one entry inflated is inflated in slices with its output counted, so a zip bomb is
 * stopped at {@link MAX_INFLATED_BYTES} whatever its headers claim.
 *
 * @module
 */

import { Inflate } from 'fflate';
import { refuse } from './errors';

/** Most bytes an entry may inflate to (50 MB, ARMY.md "Bad input"). */
export const MAX_INFLATED_BYTES = 50 * 1024 * 1024;
/** An entry declaring more than this many uncompressed bytes is "large" (1 MiB). */
export const LARGE_ENTRY_BYTES = 1024 * 1024;
/** Most entries a roster zip may list. */
export const MAX_ENTRIES = 1000;

const SIG_EOCD = 0x06054b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  flags: number;
}

function u16(b: Uint8Array, o: number): number {
  return b[o] | (b[o + 1] << 8);
}
function u32(b: Uint8Array, o: number): number {
  return (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
}

function centralDirectory(b: Uint8Array, where: string): ZipEntry[] {
  // End of central directory record: 22 bytes plus a comment of up to 65535 bytes.
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65535); i--) {
    if (u32(b, i) === SIG_EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) refuse(`${where}: truncated or damaged zip archive (no end of central directory record)`);
  const count = u16(b, eocd + 10);
  const cdSize = u32(b, eocd + 12);
  const cdOffset = u32(b, eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) refuse(`${where}: ZIP64 archives are not supported for rosters`);
  if (count > MAX_ENTRIES) refuse(`${where}: the zip lists ${count} entries (a .rosz holds one roster)`);
  if (cdOffset + cdSize > eocd) refuse(`${where}: truncated or damaged zip archive (central directory at ${cdOffset} past its end)`);
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > eocd || u32(b, p) !== SIG_CENTRAL) refuse(`${where}: damaged zip archive (central directory entry ${k + 1} at byte ${p})`);
    const nameLen = u16(b, p + 28);
    const extraLen = u16(b, p + 30);
    const commentLen = u16(b, p + 32);
    const name = new TextDecoder().decode(b.subarray(p + 46, p + 46 + nameLen));
    entries.push({
      name,
      flags: u16(b, p + 8),
      method: u16(b, p + 10),
      compressedSize: u32(b, p + 20),
      size: u32(b, p + 24),
      localOffset: u32(b, p + 42),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * The roster XML held in a `.rosz`, as bytes.
 *
 * Refused (ArmyImportError naming the entry): a damaged or truncated archive, ZIP64, encryption,
 * a compression other than stored/deflate, more than one entry declaring more than
 * {@link LARGE_ENTRY_BYTES}, entries declaring more than {@link MAX_INFLATED_BYTES} in total, no
 * or several `.ros` entries, and an entry whose inflation would pass {@link MAX_INFLATED_BYTES}
 * (counted on the actual output, not the declared size).
 * @param b The zip file.
 * @param where Name of the input for error messages.
 */
export function readRosterZip(b: Uint8Array, where: string): Uint8Array {
  const entries = centralDirectory(b, where).filter((e) => !e.name.endsWith('/'));
  if (entries.length === 0) refuse(`${where}: the zip archive holds no file`);
  const large = entries.filter((e) => e.size > LARGE_ENTRY_BYTES || e.compressedSize > LARGE_ENTRY_BYTES);
  if (large.length > 1) {
    refuse(`${where}: the zip holds ${large.length} large entries (${large.slice(0, 3).map((e) => `"${e.name}"`).join(', ')}${large.length > 3 ? ', ...' : ''}); a .rosz holds one roster`);
  }
  const declared = entries.reduce((s, e) => s + e.size, 0);
  if (declared > MAX_INFLATED_BYTES) refuse(`${where}: the zip entries declare ${declared} bytes uncompressed, more than the 50 MB limit`);
  const ros = entries.filter((e) => /\.ros$/i.test(e.name));
  const entry = ros.length === 1 ? ros[0] : ros.length === 0 && entries.length === 1 ? entries[0] : undefined;
  if (entry === undefined) {
    refuse(`${where}: expected one .ros roster in the zip, found ${ros.length} among ${entries.length} entries (${entries.slice(0, 5).map((e) => `"${e.name}"`).join(', ')})`);
  }
  const at = `${where}: zip entry "${entry.name}"`;
  if (entry.flags & 1) refuse(`${at} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8) refuse(`${at} uses compression method ${entry.method} (only stored and deflate are supported)`);
  const lo = entry.localOffset;
  if (lo + 30 > b.length || u32(b, lo) !== SIG_LOCAL) refuse(`${at}: damaged local header at byte ${lo}`);
  const start = lo + 30 + u16(b, lo + 26) + u16(b, lo + 28);
  const end = start + entry.compressedSize;
  if (end > b.length) refuse(`${at} is truncated (${entry.compressedSize} compressed bytes declared, ${Math.max(0, b.length - start)} present)`);
  const data = b.subarray(start, end);
  if (entry.method === 0) return data;
  return inflateBounded(data, at);
}

/** Inflate raw deflate `data`, refusing as soon as the output passes {@link MAX_INFLATED_BYTES}. */
function inflateBounded(data: Uint8Array, at: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let done = false;
  const inf = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > MAX_INFLATED_BYTES) refuse(`${at} inflates past the 50 MB limit (zip bomb?)`);
    chunks.push(chunk);
    if (final) done = true;
  });
  const SLICE = 16 * 1024;
  try {
    for (let i = 0; i < data.length; i += SLICE) inf.push(data.subarray(i, Math.min(data.length, i + SLICE)), i + SLICE >= data.length);
  } catch (e) {
    if (e instanceof Error && e.name === 'ArmyImportError') throw e;
    refuse(`${at}: damaged compressed data (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!done) refuse(`${at}: the compressed data is truncated`);
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}
