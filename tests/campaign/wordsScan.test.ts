/**
 * Issue 37 item 8: what a player reads of a Path to Glory campaign names units by their names: the
 * campaign's refusals never name a unit by its id or say "undefined". The same scan over two
 * battles' logs (The Ruined Settlement, Relics of Myth) is in battleplans.test.ts, which plays
 * those battles already (each played once, not once per file).
 */
import { describe, expect, it } from 'vitest';
import { runAftermath } from '../../src/campaign/aftermath';
import { newCampaign } from '../../src/campaign/roster';
import type { Campaign } from '../../src/campaign/schema';
import { testArmy } from '../../src/campaign/testArmy';
import { parseRoster } from '../../src/rules/engine/roster';
import { badWords, ids } from './words';

const start = (p: string): Campaign => {
  const r = newCampaign(testArmy('Stormcast Eternals', p), { warlord: `${p}knight`, path: 'warrior', units: ['liberators', 'sequitors', 'prosecutors'].map((x) => p + x), name: `Host ${p}` });
  if (!r.ok) throw new Error(JSON.stringify(r.refusals));
  return r.value;
};

describe('the id and "undefined" scan over a Path to Glory battle', () => {
  it('the campaign\'s refusals name units by name', () => {
    const c = start('a-');
    const p = parseRoster(testArmy('Stormcast Eternals', 'a-'));
    if (!p.ok) throw new Error('army');
    const lines: string[] = [];
    const o = { pointsLimit: 1000, result: 'minor-victory' as const, generalSlain: false, units: { 'a-knight': 'survived' as const } };
    for (const ch of [{ add: [p.roster.units.find((u) => u.id === 'a-drake')!] }, { reinforce: ['a-sequitors'] }, { reinforce: ['a-knight'] }]) {
      const r = runAftermath(c, o, { seed: 1, ...ch });
      expect(r.ok).toBe(false);
      if (!r.ok) lines.push(...r.refusals.map((x) => x.message));
    }
    expect(lines).toEqual(['adding Drakesworn Templar costs 390 glory points; you have 45', 'reinforcing Sequitors costs 120 glory points; you have 45', 'Knight-Questor has a single model: a unit with a minimum size of 1 cannot be reinforced']);
    for (const l of lines) expect(badWords(l, ids([c]))).toEqual([]);
  });
});
