/**
 * Share links: the scenario JSON, compressed with `CompressionStream('deflate-raw')` and written
 * in base64url, in the page URL's hash: `https://host/path/#share=1.<data>`. The hash never
 * reaches a server. Mesh pieces travel as their `src` only, so a link works for layouts built from
 * the Kenney pieces bundled with the app (see `meshes.ts`). Opening one inflates it within the
 * limit a file has (`SCENARIO_LIMITS.fileBytes`) before parsing anything (issue 39: hostile links).
 */

import { Inflate } from 'fflate';
import { SCENARIO_LIMITS } from '../../scenario/schema';

/** Format tag of the data after `#share=`. */
const VERSION = '1';
const KEY = 'share';

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** The scenario text a share link may inflate to: the same bound as a file (`SCENARIO_LIMITS.fileBytes`). */
export const SHARE_MAX_BYTES = SCENARIO_LIMITS.fileBytes;

/** Compressed bytes fed to the inflater at a time: raw DEFLATE expands at most ~1032:1, so one step yields at most ~1 MB. */
const INFLATE_STEP_BYTES = 1024;

/** What {@link inflateBounded} did: the text (null when refused) and the bytes it read and wrote. */
export interface BoundedInflate {
  /** The inflated bytes, or null when refused (damaged, or over the limit). */
  bytes: Uint8Array | null;
  /** Why it was refused: `'damaged'` (not DEFLATE, or cut short) or `'too-large'` (inflates past `maxBytes`). */
  refused?: 'damaged' | 'too-large';
  /** Compressed bytes read before it finished or stopped. */
  consumedBytes: number;
  /** Inflated bytes produced before it finished or stopped (at most `maxBytes` + one step's output when refused as too large). */
  inflatedBytes: number;
}

/**
 * Raw DEFLATE (`deflate-raw`) inflated with fflate's streaming `Inflate`, fed
 * {@link INFLATE_STEP_BYTES} at a time and stopped as soon as the output passes `maxBytes`: a link
 * that inflates to 200 MB is refused after reading the first compressed bytes that pass the limit,
 * holding at most `maxBytes` plus one step's output (about 1 MB). Synchronous; never throws.
 */
export function inflateBounded(data: Uint8Array, maxBytes: number = SHARE_MAX_BYTES): BoundedInflate {
  const chunks: Uint8Array[] = [];
  let inflated = 0;
  let over = false;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    inflated += chunk.length;
    if (final) ended = true;
    if (inflated > maxBytes) over = true;
    else chunks.push(chunk);
  });
  let consumed = 0;
  try {
    while (consumed < data.length && !over) {
      const next = Math.min(data.length, consumed + INFLATE_STEP_BYTES);
      inflater.push(data.subarray(consumed, next), next === data.length);
      consumed = next;
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch {
    return { bytes: null, refused: 'damaged', consumedBytes: consumed, inflatedBytes: inflated };
  }
  if (over) return { bytes: null, refused: 'too-large', consumedBytes: consumed, inflatedBytes: inflated };
  if (!ended) return { bytes: null, refused: 'damaged', consumedBytes: consumed, inflatedBytes: inflated };
  const out = new Uint8Array(inflated);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return { bytes: out, consumedBytes: consumed, inflatedBytes: inflated };
}

/** The share token (what follows `#share=`) of a scenario JSON. */
export async function encodeShare(scenario: unknown): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(scenario));
  return `${VERSION}.${toBase64Url(await pipe(json, new CompressionStream('deflate-raw')))}`;
}

/** The message of a link that does not decompress, or decompresses past the limit (never parsed). */
export const DAMAGED_LINK = 'the share link is damaged (it does not decompress); was it cut short?';

/**
 * The scenario JSON of a share token (parsed, not validated). The link is inflated within
 * {@link SHARE_MAX_BYTES} before anything is parsed ({@link inflateBounded}).
 * @throws Error with a readable message when the token is damaged, inflates past the limit (the
 *   damaged-link message, with the limit), or does not hold JSON.
 */
export async function decodeShare(token: string): Promise<unknown> {
  const dot = token.indexOf('.');
  if (dot < 0 || token.slice(0, dot) !== VERSION) throw new Error(`unknown share link format "${token.slice(0, Math.max(0, dot)) || token.slice(0, 8)}"`);
  let compressed: Uint8Array;
  try {
    compressed = fromBase64Url(token.slice(dot + 1));
  } catch {
    throw new Error(DAMAGED_LINK);
  }
  const r = inflateBounded(compressed);
  if (r.refused === 'too-large') throw new Error(`${DAMAGED_LINK} It inflates to more than ${SHARE_MAX_BYTES / 1024 / 1024} MB, more than any battlefield file may hold.`);
  if (!r.bytes) throw new Error(DAMAGED_LINK);
  try {
    return JSON.parse(new TextDecoder().decode(r.bytes));
  } catch (e) {
    throw new Error(`the share link does not hold JSON: ${(e as Error).message}`);
  }
}

/** The share token in a URL hash (`#share=...`), or null. */
export function shareTokenFromHash(hash: string = window.location.hash): string | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  const v = new URLSearchParams(h).get(KEY);
  return v && v.trim() ? v.trim() : null;
}

/** The page URL carrying `token` (any `?scenario=` dropped: the link holds the battlefield itself). */
export function shareUrl(token: string, location: Location = window.location): string {
  return `${location.origin}${location.pathname}#${KEY}=${token}`;
}

/** Removes a `#share=` hash from the address bar (after the link was loaded), keeping history. */
export function clearShareHash(): void {
  if (shareTokenFromHash() === null) return;
  history.replaceState(history.state, '', `${window.location.pathname}${window.location.search}`);
}
