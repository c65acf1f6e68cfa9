/**
 * Issue 37 item 8: what a player reads of a Path to Glory battle names units by their names. A
 * battle of two campaign armies (The Ruined Settlement, Relics of Myth) played to its end by the
 * scripted policy, loaded into the game session as Play and the CLI load it: no line of its battle
 * log names a unit by its id or says "undefined"; nor do the campaign's refusals.
 */
import { describe, expect, it } from 'vitest';
import { runAftermath } from '../../src/campaign/aftermath';
import { drawArmy } from '../../src/campaign/army';
import { newCampaign } from '../../src/campaign/roster';
import type { Campaign } from '../../src/campaign/schema';
import { testArmy } from '../../src/campaign/testArmy';
import { GameSession } from '../../src/game/session';
import { parseRoster } from '../../src/rules/engine/roster';
import { playBattle } from './play';

const start = (p: string): Campaign => {
  const r = newCampaign(testArmy('Stormcast Eternals', p), { warlord: `${p}knight`, path: 'warrior', units: ['liberators', 'sequitors', 'prosecutors'].map((x) => p + x), name: `Host ${p}` });
  if (!r.ok) throw new Error(JSON.stringify(r.refusals));
  return r.value;
};
const army = (c: Campaign) => {
  const r = drawArmy(c);
  if (!r.ok) throw new Error(JSON.stringify(r.refusals));
  return r.value;
};
/** Every unit id of both armies (the test army's ids differ from their names: `a-liberators` / Liberators). */
const ids = (c: Campaign[]) => c.flatMap((x) => x.units.map((u) => u.id));
const badWords = (text: string, unitIds: readonly string[]) => [
  ...(/\bundefined\b/.test(text) ? ['undefined'] : []),
  ...unitIds.filter((id) => new RegExp(`(^|[^\\w-])${id.replace(/[-]/g, '\\-')}($|[^\\w-])`).test(text)),
];

describe('the id and "undefined" scan over a Path to Glory battle', () => {
  for (const battleplan of ['the-ruined-settlement', 'relics-of-myth']) {
    it(`${battleplan}: every battle log line names units by name, never "undefined"`, async () => {
      const a = start('a-');
      const b = start('b-');
      const { saved } = playBattle(battleplan, army(a), army(b), 5);
      const session = new GameSession();
      const r = await session.load(saved);
      if (!r.ok) throw new Error(r.problems.join('\n'));
      const lines = session.log();
      expect(lines.length).toBeGreaterThan(100);
      const found = lines.map((l) => ({ text: l.text, bad: badWords(l.text, ids([a, b])) })).filter((x) => x.bad.length);
      expect(found.slice(0, 10)).toEqual([]);
    }, 180_000);
  }

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
