/**
 * The reducer's private copy of a state (`reduce.ts`): what every action, and every option the
 * session probes (`src/game/session/options.ts`, tens of probes per unit), starts with.
 *
 * A deep clone of everything the reducer may change, sharing the parts it never mutates: the
 * rosters and the log entries (the log array itself is copied: the reducer only appends to it).
 * The clone is a plain recursive copy ({@link copyTree}) with `structuredClone`'s semantics for a
 * game state's data (plain objects, arrays, primitives; an object reached twice is copied once
 * and stays shared in the copy), about 2.5 times cheaper than `structuredClone` on a game's units
 * (session 37, docs/performance.md).
 *
 * @module
 */
import type { GameState } from './state';

/**
 * A deep copy of plain data as `structuredClone` makes it: arrays and plain objects copied key by
 * key (own enumerable string keys in their order; `__proto__` kept as an own key), primitives as
 * they are, an object reached twice copied once (`seen`: original → copy); any other object (a
 * class instance, a Map, a Date) through `structuredClone`.
 */
export function copyTree<T>(v: T, seen: Map<object, unknown> = new Map()): T {
  if (typeof v !== 'object' || v === null) return v;
  const hit = seen.get(v);
  if (hit !== undefined) return hit as T;
  if (Array.isArray(v)) {
    const n = v.length;
    const out = new Array(n);
    seen.set(v, out);
    for (let i = 0; i < n; i++) out[i] = copyTree(v[i], seen);
    return out as T;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) {
    const out = structuredClone(v);
    seen.set(v, out);
    return out;
  }
  const out: Record<string, unknown> = {};
  seen.set(v, out);
  for (const k of Object.keys(v)) {
    const x = copyTree((v as Record<string, unknown>)[k], seen);
    if (k === '__proto__') Object.defineProperty(out, k, { value: x, writable: true, enumerable: true, configurable: true });
    else out[k] = x;
  }
  return out as T;
}

/** The reducer's copy of `state` (see the module's note), its keys in the same order as before: the others, then `players`, then `log`. */
export function workingCopy(state: GameState): GameState {
  const { log, players, ...rest } = state;
  const s = copyTree(rest) as Omit<GameState, 'log' | 'players'>;
  return { ...s, players: { p1: { ...players.p1 }, p2: { ...players.p2 } }, log: log.slice() } as GameState;
}
