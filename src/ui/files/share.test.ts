import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { DAMAGED_LINK, decodeShare, encodeShare, inflateBounded, SHARE_MAX_BYTES, shareTokenFromHash } from './share';

/** Raw DEFLATE of `total` bytes of `fill` (Node's native zlib: a 200 MB bomb in a fraction of a second). */
function bomb(total: number, fill = 0x20): Uint8Array {
  return new Uint8Array(deflateRawSync(Buffer.alloc(total, fill), { level: 9 }));
}

const toToken = (bytes: Uint8Array) => `1.${Buffer.from(bytes).toString('base64url')}`;

describe('share links', () => {
  const scenario = JSON.parse(readFileSync('assets/scenarios/default.json', 'utf8')) as unknown;

  it('round-trips a scenario through deflate-raw + base64url', async () => {
    const token = await encodeShare(scenario);
    expect(token).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(token.length).toBeLessThan(JSON.stringify(scenario).length / 2);
    expect(await decodeShare(token)).toEqual(scenario);
  });

  it('reads the token from a hash', () => {
    expect(shareTokenFromHash('#share=1.abc')).toBe('1.abc');
    expect(shareTokenFromHash('share=1.abc')).toBe('1.abc');
    expect(shareTokenFromHash('#other=1')).toBeNull();
    expect(shareTokenFromHash('')).toBeNull();
  });

  it('explains damaged and unknown tokens', async () => {
    await expect(decodeShare('1.AAAAAAAA')).rejects.toThrow(/damaged|JSON/);
    await expect(decodeShare('9.abc')).rejects.toThrow(/unknown share link format/);
    const cut = (await encodeShare(scenario)).slice(0, 60);
    await expect(decodeShare(cut)).rejects.toThrow();
  });

  it('a link inflating past the limit (200 MB) is refused with the damaged-link message, reading a fraction of it and holding at most the limit plus 1 MB', async () => {
    const data = bomb(200 * 1024 * 1024);
    // About 200 KB of link, as the issue's: 1000:1.
    expect(data.length).toBeLessThan(300_000);
    const r = inflateBounded(data);
    expect(r.bytes).toBeNull();
    expect(r.refused).toBe('too-large');
    // Stopped as soon as the output passed the limit: at most one 1 KB step's output (raw DEFLATE expands at most ~1032:1) past it.
    expect(r.inflatedBytes).toBeGreaterThan(SHARE_MAX_BYTES);
    expect(r.inflatedBytes).toBeLessThanOrEqual(SHARE_MAX_BYTES + 1032 * 1024 + 65536);
    // ... having read the compressed bytes up to the limit only (16 of 200 MB's worth: under a tenth, plus a step).
    expect(r.consumedBytes).toBeLessThanOrEqual(Math.ceil(data.length / 10) + 1024);
    await expect(decodeShare(toToken(data))).rejects.toThrow(DAMAGED_LINK);
  }, 60_000);

  it('a link just under the limit inflates whole; one just over is refused; a cut or corrupt one is damaged', () => {
    const under = inflateBounded(bomb(2 * 1024 * 1024), 2 * 1024 * 1024);
    expect(under.refused).toBeUndefined();
    expect(under.bytes?.length).toBe(2 * 1024 * 1024);
    expect(under.bytes?.every((b) => b === 0x20)).toBe(true);
    const over = inflateBounded(bomb(2 * 1024 * 1024 + 1), 2 * 1024 * 1024);
    expect(over.refused).toBe('too-large');
    const whole = bomb(100_000, 0x41);
    expect(inflateBounded(whole.subarray(0, whole.length - 3)).refused).toBe('damaged');
    expect(inflateBounded(new Uint8Array([0xff, 0xff, 0xff, 0xff])).refused).toBe('damaged');
  });
});
