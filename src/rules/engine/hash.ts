/**
 * `stateHash(state)`: a stable 32-bit FNV-1a hash (8 hex digits) of the canonical JSON of a value
 * (object keys sorted by UTF-16 code unit, no whitespace, `undefined` properties dropped, as
 * `JSON.stringify` does). The hash runs over the UTF-16 code units of that string.
 *
 * @module
 */

/** Canonical JSON: like `JSON.stringify` but with object keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    return s === undefined ? 'null' : s;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/** FNV-1a, 32-bit, over the UTF-16 code units of `text`; 8 lower-case hex digits. */
export function fnv1a32(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Stable hash of a game state (or any JSON value): `fnv1a32(canonicalJson(state))`. */
export function stateHash(state: unknown): string {
  return fnv1a32(canonicalJson(state));
}
