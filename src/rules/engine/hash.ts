/**
 * `stateHash(state)`: a stable 32-bit FNV-1a hash (8 hex digits) of the canonical JSON of a value
 * (object keys sorted by UTF-16 code unit, no whitespace, `undefined` properties dropped, as
 * `JSON.stringify` does). The hash runs over the UTF-16 code units of that string.
 *
 * @module
 */

/** A string JSON writes as is between quotes: no quote, backslash, control character or surrogate. */
const PLAIN_STRING = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** A string as JSON (`JSON.stringify`'s output; plain strings without calling it). */
function jsonString(s: string): string {
  return PLAIN_STRING.test(s) ? `"${s}"` : JSON.stringify(s);
}

/**
 * Canonical JSON: like `JSON.stringify` but with object keys sorted at every level. Written as one
 * pass of string appends (it runs on the whole game state after every action, for `stateHash`);
 * the output is the same as `JSON.stringify` over key-sorted copies.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      break;
    default: {
      const s = JSON.stringify(value);
      return s === undefined ? 'null' : s;
    }
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      // A hole of a sparse array is written as nothing (as the first version's `map` + `join` did).
      if (!(i in value)) continue;
      const v: unknown = value[i];
      out += v === undefined ? 'null' : canonicalJson(v);
    }
    return `${out}]`;
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += `${jsonString(k)}:${canonicalJson(v)}`;
  }
  return `${out}}`;
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
