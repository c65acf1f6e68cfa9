import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/validate';
import type { Scenario } from '../../scenario/schema';
import { disputeFilename, disputeOf, disputeScenario } from './dispute';
import { decodeShare, encodeShare } from './share';

const base = JSON.parse(readFileSync(new URL('../../../tests/e2e/fixtures/tools.json', import.meta.url), 'utf8')) as Scenario;

describe('dispute links and files (issue 29)', () => {
  it('a dispute is the battlefield with one visible query, show "eye"; it validates and survives a share link', async () => {
    const d = disputeScenario(base, { kind: 'model', id: 'c1' }, { kind: 'unit', id: 'alpha' });
    expect(d.queries).toEqual([{ id: 'dispute', kind: 'visible', observer: 'c1', target: 'alpha', show: 'eye' }]);
    expect(d.units).toEqual(base.units);
    expect(parseScenario(d).ok).toBe(true);
    const back = await decodeShare(await encodeShare(d));
    expect(back).toEqual(d);
    expect(disputeOf(back)).toEqual({ observer: 'c1', target: 'alpha', eye: true });
  });

  it('only a visible query with show is a dispute', () => {
    expect(disputeOf(base)).toBeNull();
    expect(disputeOf({ queries: [{ id: 'q', kind: 'visible', observer: 'a1', target: 'b1' }] })).toBeNull();
    expect(disputeOf({ queries: [{ id: 'q', kind: 'distance', from: 'a1', to: 'b1', show: 'eye' }] })).toBeNull();
    expect(disputeOf({ queries: [{ id: 'q', kind: 'visible', observer: 'a1', target: 'b1', show: 'table' }] })).toEqual({ observer: 'a1', target: 'b1', eye: false });
    expect(disputeOf(null)).toBeNull();
  });

  it('file names are safe', () => {
    expect(disputeFilename('n-aetherwings', 'o/gore gruntas')).toBe('sightline-dispute-n-aetherwings-o-gore-gruntas.json');
  });
});
