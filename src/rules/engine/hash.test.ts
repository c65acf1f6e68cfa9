import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, fnv1a32, freezeTree, stateHash } from './hash';

describe('stateHash', () => {
  it('FNV-1a 32-bit reference values', () => {
    expect(fnv1a32('')).toBe('811c9dc5');
    expect(fnv1a32('a')).toBe('e40c292c');
    expect(fnv1a32('foobar')).toBe('bf9cf968');
  });
  it('is independent of key order and drops undefined like JSON', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: undefined }] })).toBe('{"a":[1,{"d":2}],"b":1}');
    expect(stateHash({ x: 1, y: 2 })).toBe(stateHash({ y: 2, x: 1 }));
    expect(stateHash({ x: 1 })).not.toBe(stateHash({ x: 2 }));
  });
});

/** The first canonicalJson (map, filter, sort, join): the one-pass version must write the same text. */
function canonicalJsonFirst(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    return s === undefined ? 'null' : s;
  }
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJsonFirst(v))).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJsonFirst(obj[k])}`).join(',')}}`;
}

describe('canonicalJson', () => {
  it('writes what the first version wrote for any JSON-like value (escapes, surrogates, -0, NaN, undefined, holes)', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.constantFrom('a"b', 'c\\d', '\u0001', '\ud800', 'é\u2028', ''));
    const leaf = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constantFrom(-0, NaN, Infinity));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('node'), { maxLength: 5 }),
      object: fc.dictionary(text, tie('node'), { maxKeys: 5 }),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(canonicalJsonFirst(v));
        expect(stateHash(v)).toBe(fnv1a32(canonicalJsonFirst(v))); // session 42: hashed without writing the text
      }),
      { numRuns: 2000, seed: 20261127 },
    );
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 3];
    expect(canonicalJson(sparse)).toBe(canonicalJsonFirst(sparse));
    expect(canonicalJson({ b: [new Date(0)], a: 'x\ny' })).toBe('{"a":"x\\ny","b":[{}]}');
  });
});

describe('freezeTree (session 42): the canonical JSON of a tree kept by identity', () => {
  const text = fc.oneof(fc.string(), fc.constantFrom('a"b', 'c\\d', '\u0001', '\ud800', 'é\u2028', '', '__proto__'));
  const leaf = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
    array: fc.array(tie('node'), { maxLength: 5 }),
    object: fc.dictionary(text, tie('node'), { maxKeys: 5 }),
  })).node;

  /** Every array of `v`, depth first. */
  const arraysOf = (v: unknown, out: unknown[][] = []): unknown[][] => {
    if (Array.isArray(v)) out.push(v);
    if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) arraysOf(x, out);
    return out;
  };

  it('a kept tree, inside a state or alone, asked again, and after its arrays are changed in place, writes and hashes as a fresh copy', () => {
    const edit = fc.record({ which: fc.nat(), at: fc.nat(), kind: fc.constantFrom('push', 'set', 'pop', 'splice', 'hole', 'undefined', 'object', 'none'), v: leaf });
    fc.assert(
      fc.property(value, value, fc.array(edit, { maxLength: 4 }), (roster, rest, edits) => {
        const tree = freezeTree(structuredClone(roster));
        const state = { rest, players: { p1: { cp: 1, roster: tree } } };
        const fresh = () => canonicalJsonFirst(structuredClone({ rest, players: { p1: { cp: 1, roster: tree } } }));
        expect(canonicalJson(state)).toBe(fresh()); // written and kept
        expect(canonicalJson(state)).toBe(fresh()); // read back
        expect(stateHash(state)).toBe(fnv1a32(fresh()));
        for (const e of edits) {
          const arrays = arraysOf(tree);
          if (arrays.length === 0) break;
          const a = arrays[e.which % arrays.length];
          const i = a.length === 0 ? 0 : e.at % a.length;
          if (e.kind === 'push') a.push(e.v);
          else if (e.kind === 'set') a[i] = e.v;
          else if (e.kind === 'pop') a.pop();
          else if (e.kind === 'splice') a.splice(i, 1);
          else if (e.kind === 'hole') delete a[i];
          else if (e.kind === 'undefined') a[i] = undefined;
          else if (e.kind === 'object') a[i] = { put: e.v };
          // A hole is written as nothing (not JSON): structuredClone keeps it, canonicalJsonFirst writes it so.
          expect(canonicalJson(state)).toBe(fresh());
          expect(stateHash(state)).toBe(fnv1a32(fresh()));
        }
      }),
      { numRuns: 300, seed: 20261129 },
    );
  });

  it("a kept tree's objects cannot be written into; its arrays changed or the tree replaced give the new text", () => {
    const roster = freezeTree({ name: 'Army', units: [{ id: 'u1', models: [{ id: 'm1', base: { mm: 32 } }] }] });
    const state = { players: { p1: { roster, cp: 0 } }, round: 1 };
    const before = stateHash(state);
    expect(before).toBe(fnv1a32('{"players":{"p1":{"cp":0,"roster":{"name":"Army","units":[{"id":"u1","models":[{"base":{"mm":32},"id":"m1"}]}]}}},"round":1}'));
    expect(() => {
      (roster.units[0].models[0].base as { mm: number }).mm = 40;
    }).toThrow(TypeError);
    expect(() => {
      (roster as { name: string }).name = 'Other';
    }).toThrow(TypeError);
    expect(stateHash(state)).toBe(before);
    roster.units[0].models.push({ id: 'm2', base: { mm: 25 } });
    expect(stateHash(state)).toBe(fnv1a32('{"players":{"p1":{"cp":0,"roster":{"name":"Army","units":[{"id":"u1","models":[{"base":{"mm":32},"id":"m1"},{"base":{"mm":25},"id":"m2"}]}]}}},"round":1}'));
    expect(() => {
      (roster.units[0].models[1].base as { mm: number }).mm = 40; // the model put in is frozen when the text is written again
    }).toThrow(TypeError);
    roster.units[0].models.pop();
    expect(stateHash(state)).toBe(before);
    const replaced = { ...state, players: { p1: { ...state.players.p1, roster: { ...roster, name: 'Other' } } } };
    expect(stateHash(replaced)).toBe(fnv1a32('{"players":{"p1":{"cp":0,"roster":{"name":"Other","units":[{"id":"u1","models":[{"base":{"mm":32},"id":"m1"}]}]}}},"round":1}'));
  });

  it('a tree with a node that is not plain data is frozen where plain but its text is not kept', () => {
    const inner = { n: 1 };
    const tree = freezeTree({ when: new Date(0), inner, list: [1, 2] });
    expect(Object.isFrozen(inner)).toBe(true);
    expect(Object.isFrozen(tree)).toBe(false);
    (tree as { extra?: number }).extra = 2;
    expect(canonicalJson(tree)).toBe('{"extra":2,"inner":{"n":1},"list":[1,2],"when":{}}');
  });
});
