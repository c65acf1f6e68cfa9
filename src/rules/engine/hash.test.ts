import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, fnv1a32, stateHash } from './hash';

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
      }),
      { numRuns: 2000, seed: 20261127 },
    );
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 3];
    expect(canonicalJson(sparse)).toBe(canonicalJsonFirst(sparse));
    expect(canonicalJson({ b: [new Date(0)], a: 'x\ny' })).toBe('{"a":"x\\ny","b":[{}]}');
  });
});
