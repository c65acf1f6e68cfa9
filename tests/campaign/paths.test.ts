/**
 * Issue 37 item 1: keywords as the rules read them (Magic 1.1: a power level "shown in brackets
 * after the keyword, e.g. WIZARD (2)"). Every HERO of every real roster fixture is offered the
 * Paths its keywords allow (Ascension › Paths: Warrior and Leader for any HERO, Mage for a WIZARD
 * HERO, Devout for a PRIEST HERO), where the campaign screen's warlord picker, its rank picker and
 * `campaign new` / `rank` look (`warlordCandidates`, `pathProblems`, `newCampaign`,
 * `chooseRankAbility`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readArmyBytes } from '../../src/campaign/armyFile';
import { warlordCandidates } from '../../src/campaign/battle';
import { PATH_IDS } from '../../src/campaign/data';
import { chooseRankAbility, newCampaign, pathProblems } from '../../src/campaign/roster';
import type { RosterUnit } from '../../src/rules/engine/roster';

const DIR = fileURLToPath(new URL('../fixtures/rosters/new-recruit', import.meta.url));
const lists = readdirSync(DIR).sort();

/** The Paths a HERO may walk, read from its keywords as printed (independent of the code under test). */
function expectedPaths(keywords: readonly string[]): string[] {
  const has = (re: RegExp) => keywords.some((k) => re.test(k.trim()));
  return ['warrior', 'leader', ...(has(/^WIZARDS?( \(\d+\))?$/i) ? ['mage'] : []), ...(has(/^PRIESTS?( \(\d+\))?$/i) ? ['devout'] : [])];
}

describe('every HERO of every fixture roster is offered the Paths its keywords allow', () => {
  let wizards = 0;
  let priests = 0;
  for (const list of lists) {
    it(list, () => {
      const r = readArmyBytes(readFileSync(join(DIR, list, 'list.json')), list);
      if (!r.ok) throw new Error(r.problems.join('\n'));
      const units = r.army.units as RosterUnit[];
      const heroes = units.filter((u) => u.warscroll.keywords.some((k) => /^HERO(ES)?$/i.test(k.trim())));
      const candidates = warlordCandidates(units, r.army.faction ?? '');
      expect(candidates.map((c) => c.id)).toEqual(heroes.map((u) => u.id));
      for (const u of heroes) {
        const want = expectedPaths(u.warscroll.keywords);
        expect(candidates.find((c) => c.id === u.id)!.paths, `${list}: ${u.id} ${u.warscroll.keywords.join(', ')}`).toEqual(want);
        // The rank picker of the app and `campaign rank` ask pathProblems.
        expect(PATH_IDS.filter((p) => pathProblems(u, p).length === 0)).toEqual(want);
        if (want.includes('mage')) wizards++;
        if (want.includes('devout')) priests++;
      }
      // Non-HERO units walk the Defender and Attacker Paths only.
      for (const u of units.filter((x) => !heroes.includes(x))) expect(PATH_IDS.filter((p) => pathProblems(u, p).length === 0)).toEqual(['defender', 'attacker']);
    });
  }
  it('the fixtures print every WIZARD and PRIEST with its power level, and all of them are offered Mage / Devout', () => {
    // 9 of 10 lists hold WIZARD (N) or PRIEST (N) HEROes; none prints a bare WIZARD.
    expect(wizards).toBeGreaterThan(20);
    expect(priests).toBeGreaterThan(10);
  });
});

describe('campaign new and rank with a WIZARD (1) and a PRIEST (1) of a real export', () => {
  const r = readArmyBytes(readFileSync(join(DIR, 'sce-002-units-a', 'list.json')), 'sce-002');
  if (!r.ok) throw new Error(r.problems.join('\n'));
  const army = r.army;

  it('a Knight-Arcanum (WIZARD (1)) warlord walks the Mage Path; a Knight-Relictor (PRIEST (1)) may take the Devout Path at its first rank', () => {
    expect(army.units.find((u) => u.id === 'knight-arcanum')!.warscroll.keywords).toContain('WIZARD (1)');
    const c = newCampaign(army, { warlord: 'knight-arcanum', path: 'mage', units: ['knight-relictor', 'liberators'] });
    if (!c.ok) throw new Error(c.refusals.map((x) => x.message).join('\n'));
    expect(c.value.units[0]).toMatchObject({ id: 'knight-arcanum', path: 'mage', pendingRanks: ['Aspiring'] });
    const ranked = chooseRankAbility(c.value, 'knight-arcanum', 'Dedicated Practitioner');
    expect(ranked.ok).toBe(true);
    const relictor = { ...c.value.units.find((u) => u.id === 'knight-relictor')!, renown: 5, rank: 'Aspiring' as const, pendingRanks: ['Aspiring' as const] };
    const c2 = { ...c.value, units: c.value.units.map((u) => (u.id === 'knight-relictor' ? relictor : u)) };
    const devout = chooseRankAbility(c2, 'knight-relictor', 'Focused Meditation', 'devout');
    if (!devout.ok) throw new Error(devout.refusals.map((x) => x.message).join('\n'));
    expect(devout.value.units.find((u) => u.id === 'knight-relictor')).toMatchObject({ path: 'devout', abilities: ['Focused Meditation'] });
  });
});
