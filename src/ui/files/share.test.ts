import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { decodeShare, encodeShare, shareTokenFromHash } from './share';

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
});
