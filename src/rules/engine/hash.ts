/**
 * `stateHash(state)`: a stable 32-bit FNV-1a hash (8 hex digits) of the canonical JSON of a value
 * (object keys sorted by UTF-16 code unit, no whitespace, `undefined` properties dropped, as
 * `JSON.stringify` does). The hash runs over the UTF-16 code units of that string.
 *
 * A tree frozen by {@link freezeTree} (the rosters a game session holds: 89 % of a state's text, never changed by the
 * reducer) has its canonical JSON written once and kept with the tree (session 42, docs/performance.md).
 *
 * @module
 */

/**
 * What is kept of a tree given to {@link freezeTree}: its canonical JSON ('' until first asked) and the contents of
 * its arrays when it was written. The tree's objects are frozen; its arrays are not (a frozen array takes V8's slow
 * paths in `map`, `filter`, `some`: several times slower), so they are compared element by element (`Object.is`)
 * before the text is given: any array changed in place (an element set, pushed, spliced, a hole filled) makes it
 * written again.
 */
interface Kept {
  text: string;
  /** The tree's arrays, their lengths and their elements in order (`HOLE` for a hole). */
  arrays: unknown[][];
  lengths: number[];
  items: unknown[];
}

/** An array's hole in {@link Kept.items}. */
const HOLE = Symbol('hole');

/** The trees given to {@link freezeTree} whose every node is plain data. */
const kept = new WeakMap<object, Kept>();

/** Whether `v` is a plain object (prototype `Object.prototype` or null) or an array. */
function isPlainNode(v: object): boolean {
  if (Array.isArray(v)) return Object.getPrototypeOf(v) === Array.prototype;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Freezes every plain object of `v` (depth first; arrays are listed in `into`, not frozen); false when some node is
 * not plain data or has an accessor property.
 */
function freezeObjects(v: unknown, into: Kept): boolean {
  if (typeof v !== 'object' || v === null) return true;
  let plain = isPlainNode(v);
  if (plain) {
    for (const d of Object.values(Object.getOwnPropertyDescriptors(v))) if (!('value' in d)) plain = false;
  }
  if (Array.isArray(v)) {
    into.arrays.push(v);
    into.lengths.push(v.length);
    // This array's elements first, contiguous, then the arrays within them.
    for (let i = 0; i < v.length; i++) into.items.push(i in v ? v[i] : HOLE);
    for (let i = 0; i < v.length; i++) if (i in v && !freezeObjects(v[i], into)) plain = false;
    return plain;
  }
  for (const x of Object.values(v)) if (!freezeObjects(x, into)) plain = false;
  if (plain && !Object.isFrozen(v)) Object.freeze(v);
  return plain;
}

/** Whether every array of a kept tree holds what it held when its text was written. */
function arraysUnchanged(k: Kept): boolean {
  const { arrays, lengths, items } = k;
  let at = 0;
  for (let a = 0; a < arrays.length; a++) {
    const arr = arrays[a];
    const n = lengths[a];
    if (arr.length !== n) return false;
    for (let i = 0; i < n; i++, at++) {
      const x = arr[i];
      const was = items[at];
      if (x === was) {
        if (x === undefined && !(i in arr)) return false; // undefined stored, now a hole
        continue;
      }
      if (was === HOLE ? i in arr : !Object.is(x, was)) return false;
    }
  }
  return true;
}

/** A new {@link Kept} of `value`, its objects frozen, or null when some node is not plain data. */
function keep(value: object): Kept | null {
  const k: Kept = { text: '', arrays: [], lengths: [], items: [] };
  return freezeObjects(value, k) ? k : null;
}

/**
 * Freezes the objects of `value` (plain data: objects, arrays, primitives) and, when every node is plain data, lets
 * {@link canonicalJson} and {@link stateHash} keep its canonical JSON (written the first time it is asked, by
 * identity). A later write into one of its objects throws a `TypeError` (ES modules are strict); an array changed in
 * place is seen (its elements are compared with what they were) and the text written again, so a kept text is never
 * stale. Used by the game session on the rosters of a game (the reducer and the ability caches never change them).
 * @returns `value` itself.
 */
export function freezeTree<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !kept.has(value)) {
    const k = keep(value);
    if (k) kept.set(value, k);
  }
  return value;
}

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
  const k = kept.get(value);
  if (k === undefined) return canonicalNode(value);
  if (k.text !== '' && arraysUnchanged(k)) return k.text;
  // First asked, or an array changed in place since: the arrays' contents taken again (objects put in since frozen)
  // with the text, at the same moment; no longer kept if some node is not plain data now.
  const again = keep(value);
  if (!again) {
    kept.delete(value);
    return canonicalNode(value);
  }
  again.text = canonicalNode(value);
  kept.set(value, again);
  return again.text;
}

/** {@link canonicalJson} of an object or array (not null): {@link emitCanonical} writing the text. */
function canonicalNode(value: object): string {
  const outer = written; // a kept tree's text written within another's: its own text
  written = '';
  try {
    emitNode(value);
    return written;
  } finally {
    written = outer;
  }
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * Where {@link emitCanonical} puts the canonical JSON: appended to this text while {@link canonicalJson} writes it
 * (not null), else run through the FNV-1a hash ({@link running}) as {@link stateHash} reads it without writing it.
 * (Writing 190,000 characters as a string of appends and then reading it back cost three times the hash itself: a
 * fresh string of appends is read slowly once.)
 */
let written: string | null = null;

/** The running FNV-1a hash of {@link stateHash} (an int32; read as unsigned at the end). */
let running = FNV_OFFSET;

/** Puts a short piece (a key, a value, a bracket). */
function put(text: string): void {
  if (written !== null) {
    written += text;
    return;
  }
  let h = running;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  running = h;
}

/**
 * {@link put}'s hash for a long text (a kept tree's, or {@link fnv1a32}'s): the same loop in a function of its own, so
 * that V8 reads it with the few string kinds it sees here (through the many kinds of the short pieces: four times
 * slower).
 */
function feedLong(text: string): void {
  let h = running;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  running = h;
}

/** Puts a string as JSON ({@link jsonString}'s text). */
function putJsonString(s: string): void {
  if (!PLAIN_STRING.test(s)) return put(JSON.stringify(s));
  put('"');
  put(s);
  put('"');
}

/**
 * Puts `canonicalJson(value)` piece by piece: the one walk of the canonical form, for both the text and the hash; a
 * kept tree ({@link freezeTree}) as its kept text at once.
 */
function emitCanonical(value: unknown): void {
  switch (typeof value) {
    case 'string':
      return putJsonString(value);
    case 'number':
      return put(Number.isFinite(value) ? String(value) : 'null');
    case 'boolean':
      return put(value ? 'true' : 'false');
    case 'object':
      if (value === null) return put('null');
      break;
    default:
      return put(canonicalJson(value));
  }
  if (!kept.has(value)) return emitNode(value);
  const text = canonicalJson(value);
  if (written !== null) written += text;
  else feedLong(text);
}

/** {@link emitCanonical} of an object or array (not null), walked (not its kept text). */
function emitNode(value: object): void {
  if (Array.isArray(value)) {
    put('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) put(',');
      // A hole of a sparse array is written as nothing (as the first version's `map` + `join` did).
      if (!(i in value)) continue;
      const v: unknown = value[i];
      if (v === undefined) put('null');
      else emitCanonical(v);
    }
    return put(']');
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort();
  put('{');
  let first = true;
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    if (!first) put(',');
    first = false;
    putJsonString(k);
    put(':');
    emitCanonical(v);
  }
  put('}');
}

/** The running hash as 8 lower-case hex digits. */
const hex = (h: number): string => (h >>> 0).toString(16).padStart(8, '0');

/** FNV-1a, 32-bit, over the UTF-16 code units of `text`; 8 lower-case hex digits. */
export function fnv1a32(text: string): string {
  const outer = running;
  running = FNV_OFFSET;
  feedLong(text);
  const h = running;
  running = outer;
  return hex(h);
}

/**
 * Stable hash of a game state (or any JSON value): `fnv1a32(canonicalJson(state))`, computed without writing the
 * text ({@link emitCanonical} into the hash); a tree given to {@link freezeTree} (a game's rosters) is written once.
 */
export function stateHash(state: unknown): string {
  // A getter calling stateHash (or canonicalJson) within: its own run, and the outer one's restored.
  const outerRunning = running;
  const outerWritten = written;
  running = FNV_OFFSET;
  written = null;
  try {
    emitCanonical(state);
    return hex(running);
  } finally {
    running = outerRunning;
    written = outerWritten;
  }
}
