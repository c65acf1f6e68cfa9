/**
 * Issue 37 item 5: rewards that can be given (Ascension › Quests; Relics of Myth › Campaign
 * Reward): an artefact of power to an eligible HERO (not UNIQUE, ArmyComp 4.1; one of a type per
 * unit; never the same enhancement twice), a heroic trait to the Rising Champion only, a spell or
 * prayer to its lore (6 at most: one removed first). Earned through `runAftermath` on the test army.
 */
import { describe, expect, it } from 'vitest';
import { RELICS_REWARD, runAftermath, type BattleOutcome } from './aftermath';
import { newCampaign, type NewCampaignOptions } from './roster';
import { giveReward, pendingRewards, rewardUnits } from './rewards';
import { parseCampaign, type Campaign } from './schema';
import { testArmy } from './testArmy';

const ok = <T>(r: { ok: true; value: T } | { ok: false; refusals: readonly { rule: string; message: string }[] }): T => {
  if (!r.ok) throw new Error(r.refusals.map((x) => `${x.rule}: ${x.message}`).join('\n'));
  return r.value;
};
const refusal = (r: { ok: boolean; refusals?: readonly { rule: string; message: string }[] }) => (r.ok ? 'accepted' : (r.refusals ?? []).map((x) => `${x.rule}: ${x.message}`).join('\n'));
const start = (o: Partial<NewCampaignOptions>) => ok(newCampaign(testArmy(), { warlord: 'knight', path: 'warrior', units: ['liberators', 'gardus', 'arcanum', 'relictor'], ...o }));
const outcome = (o: Partial<BattleOutcome> = {}): BattleOutcome => ({ pointsLimit: 1000, result: 'minor-victory', generalSlain: false, units: { knight: 'survived', liberators: 'survived' }, ...o });
const earn = (c: Campaign, o: Partial<BattleOutcome>) => ok(runAftermath(c, outcome(o), { seed: 1 })).campaign;

describe('giving the rewards a campaign earned', () => {
  it('Search for the Artefact: the artefact of power to an eligible HERO, once per unit, never twice on the Order of Battle', () => {
    const c = earn(start({ quest: 'search-for-the-artefact' }), { questPoints: 3 });
    const [r] = pendingRewards(c);
    expect(r).toEqual({ n: 1, text: 'Search for the Artefact: Give 1 artefact of power to an eligible HERO on your Order of Battle.', kind: 'artefact', rule: 'Ascension › Quests › Search for the Artefact', unit: null });
    // The knight, the Lord-Arcanum and the Knight-Relictor are HEROES; Gardus is UNIQUE; the Liberators are not HEROES.
    expect(rewardUnits(c, r)).toEqual(['knight', 'arcanum', 'relictor']);
    expect(refusal(giveReward(c, 1, { name: 'Quicksilver Draught', unit: 'liberators' }))).toBe('Ascension › Quests › Search for the Artefact: Liberators is not a HERO: an artefact of power goes to an eligible HERO');
    expect(refusal(giveReward(c, 1, { name: 'Quicksilver Draught', unit: 'gardus' }))).toBe('ArmyComp 4.1: Gardus Steel Soul is UNIQUE: UNIQUE units cannot be given enhancements');
    expect(refusal(giveReward(c, 1, { name: 'Quicksilver Draught' }))).toBe('Ascension › Quests › Search for the Artefact: give the artefact of power to a unit (--unit UNIT_ID)');
    expect(refusal(giveReward(c, 2, { name: 'x', unit: 'knight' }))).toBe('Ascension › The Aftermath Sequence › 3: no reward 2 to give (rewards 1 to 1)');
    const given = ok(giveReward(c, 1, { name: 'Quicksilver Draught', unit: 'knight' }));
    expect(given.enhancements).toContainEqual({ name: 'Quicksilver Draught', unit: 'knight', type: 'artefact' });
    expect(given.pendingRewards).toBeUndefined();
    expect(parseCampaign(JSON.parse(JSON.stringify(given))).ok).toBe(true);
    // A second artefact (Relics of Myth: 6 + 10 VP = 16): not to the knight again, not the same one; the Lord-Arcanum takes another.
    const relics = { ...given, pendingRewards: [RELICS_REWARD] };
    expect(pendingRewards(relics)[0]).toMatchObject({ kind: 'artefact', rule: 'Ascension › Relics of Myth › Campaign Reward' });
    expect(refusal(giveReward(relics, 1, { name: 'Mirror Shield', unit: 'knight' }))).toBe('ArmyComp 4.1: Knight-Questor already has an artefact of power (Quicksilver Draught): a unit never has more than 1 enhancement of the same type');
    expect(refusal(giveReward(relics, 1, { name: 'quicksilver draught', unit: 'arcanum' }))).toBe('Ascension › Path to Glory Roster › 3 › Enhancements: your Order of Battle cannot include the same enhancement more than once ("quicksilver draught" is there)');
    expect(ok(giveReward(relics, 1, { name: 'Mirror Shield', unit: 'arcanum' })).enhancements.filter((e) => e.type === 'artefact').map((e) => e.unit)).toEqual(['knight', 'arcanum']);
  });

  it('Rise of a Champion: the heroic trait goes to the Rising Champion only', () => {
    const c = earn(start({ quest: 'rise-of-a-champion', questUnit: 'arcanum' }), { championSlew: true, units: { knight: 'survived', arcanum: 'survived' } });
    const [r] = pendingRewards(c);
    expect(r).toMatchObject({ kind: 'heroic-trait', unit: 'arcanum' });
    expect(rewardUnits(c, r)).toEqual(['arcanum']);
    expect(refusal(giveReward(c, 1, { name: 'Fated', unit: 'knight' }))).toBe('Ascension › Quests › Rise of a Champion: the heroic trait goes to your Rising Champion, Lord-Arcanum');
    expect(ok(giveReward(c, 1, { name: 'Fated', unit: 'arcanum' })).enhancements).toContainEqual({ name: 'Fated', unit: 'arcanum', type: 'heroic-trait' });
  });

  it('Master Magical Lore and Learn Ancient Scriptures: a spell or prayer to its lore; a full lore gives one up first', () => {
    const c = earn(start({ quest: 'master-magical-lore', lores: { spells: ['a', 'b', 'c', 'd', 'e', 'f'] } }), { questPoints: 3 });
    expect(pendingRewards(c)[0]).toMatchObject({ kind: 'spell', rule: 'Ascension › Quests › Master Magical Lore' });
    expect(refusal(giveReward(c, 1, { name: 'Prismatic Palisade' }))).toBe('Ascension › Path to Glory Roster › 3 › Lores: your spell lore holds 6 already: remove 1 of them to add "Prismatic Palisade" (--replace NAME: a, b, c, d, e, f)');
    expect(refusal(giveReward(c, 1, { name: 'Prismatic Palisade', replace: 'z' }))).toBe('Ascension › Path to Glory Roster › 3 › Lores: "z" is not in your spell lore (a, b, c, d, e, f)');
    expect(refusal(giveReward(c, 1, { name: 'B', replace: 'a' }))).toBe('Ascension › Path to Glory Roster › 3 › Lores: "B" is already in your spell lore');
    expect(ok(giveReward(c, 1, { name: 'Prismatic Palisade', replace: 'c' })).lores.spells).toEqual(['a', 'b', 'd', 'e', 'f', 'Prismatic Palisade']);
    const p = earn(start({ quest: 'learn-ancient-scriptures' }), { questPoints: 5 });
    expect(ok(giveReward(p, 1, { name: 'Divine Light' })).lores.prayers).toEqual(['Divine Light']);
  });
});
