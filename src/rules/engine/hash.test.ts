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
