/**
 * Share links: the scenario JSON, compressed with `CompressionStream('deflate-raw')` and written
 * in base64url, in the page URL's hash: `https://host/path/#share=1.<data>`. The hash never
 * reaches a server. Mesh pieces travel as their `src` only, so a link works for layouts built from
 * the Kenney pieces bundled with the app (see `meshes.ts`).
 */

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

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** The share token (what follows `#share=`) of a scenario JSON. */
export async function encodeShare(scenario: unknown): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(scenario));
  return `${VERSION}.${toBase64Url(await pipe(json, new CompressionStream('deflate-raw')))}`;
}

/**
 * The scenario JSON of a share token (parsed, not validated).
 * @throws Error with a readable message when the token is damaged.
 */
export async function decodeShare(token: string): Promise<unknown> {
  const dot = token.indexOf('.');
  if (dot < 0 || token.slice(0, dot) !== VERSION) throw new Error(`unknown share link format "${token.slice(0, Math.max(0, dot)) || token.slice(0, 8)}"`);
  let bytes: Uint8Array;
  try {
    bytes = await pipe(fromBase64Url(token.slice(dot + 1)), new DecompressionStream('deflate-raw'));
  } catch {
    throw new Error('the share link is damaged (it does not decompress); was it cut short?');
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
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
