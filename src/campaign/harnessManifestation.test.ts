/**
 * Harness Manifestation's 'Wild' entry through the campaign (Ascension › Quests: "pick 1 spell or
 * prayer from a manifestation lore ... and add it to your own manifestation lore marked as
 * 'Wild'"): picked when embarking (`campaign new` / aftermath `newQuest`), kept in the quest, added
 * to the manifestation lore, carried into the drawn army and the battleplan (the game counts its
 * quest points: src/rules/engine/harnessManifestation.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseRoster } from '../rules/engine/roster';
import { ascensionSetup } from '../game/ascensionSetup';
import { drawArmy } from './army';
import { runAftermath } from './aftermath';
import { newCampaign, type NewCampaignOptions } from './roster';
import { parseCampaign } from './schema';
import { testArmy } from './testArmy';

const start = (o: Partial<NewCampaignOptions> = {}) => newCampaign(testArmy(), { warlord: 'knight', path: 'warrior', units: ['liberators', 'sequitors', 'gardus', 'arcanum'], ...o });
const messages = (r: { ok: boolean; refusals?: readonly { rule: string; message: string }[] }) => (r.ok ? '' : (r.refusals ?? []).map((x) => `${x.rule}: ${x.message}`).join('\n'));

describe("Harness Manifestation's 'Wild' entry", () => {
  it('campaign new --quest harness-manifestation --wild: kept in the quest and added to the manifestation lore', () => {
    const r = start({ quest: 'harness-manifestation', wild: 'Summon Everblaze Comet', lores: { manifestations: ['Summon Celestian Vortex'] } });
    if (!r.ok) throw new Error(messages(r));
    expect(r.value.quest).toEqual({ id: 'harness-manifestation', points: 0, unit: null, wild: 'Summon Everblaze Comet' });
    expect(r.value.lores.manifestations).toEqual(['Summon Celestian Vortex', 'Summon Everblaze Comet']);
    // Already in the lore: not added twice.
    const again = start({ quest: 'harness-manifestation', wild: 'Summon Celestian Vortex', lores: { manifestations: ['Summon Celestian Vortex'] } });
    expect(again.ok && again.value.lores.manifestations).toEqual(['Summon Celestian Vortex']);
  });

  it('refused with another quest or none; a campaign file with wild on another quest is invalid', () => {
    expect(messages(start({ quest: 'master-magical-lore', wild: 'Orb' }))).toMatch(/--wild "Orb" needs --quest harness-manifestation/);
    expect(messages(start({ wild: 'Orb' }))).toMatch(/needs --quest harness-manifestation/);
    const c = start({ quest: 'master-magical-lore' });
    if (!c.ok) throw new Error('campaign');
    const bad = parseCampaign(JSON.parse(JSON.stringify({ ...c.value, quest: { ...c.value.quest, wild: 'Orb' } })));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.join('\n')).toMatch(/only Harness Manifestation marks a spell or prayer 'Wild'/);
  });

  it('drawn into the army (campaign.wild) and carried by the battleplan (setup.wild) for that player only', () => {
    const c = start({ quest: 'harness-manifestation', wild: 'Orb' });
    if (!c.ok) throw new Error(messages(c));
    const army = drawArmy(c.value);
    if (!army.ok) throw new Error(messages(army));
    expect(army.value.campaign).toMatchObject({ quest: 'harness-manifestation', wild: 'Orb' });
    const p = parseRoster(army.value);
    if (!p.ok) throw new Error('roster');
    const territories = { p1: [[0, 0], [60, 0], [60, 12], [0, 12]] as [number, number][], p2: [[0, 32], [60, 32], [60, 44], [0, 44]] as [number, number][] };
    const setup = ascensionSetup({ id: 'the-decisive-battle', table: { width: 60, depth: 44 }, territories, rosters: { p1: p.roster, p2: p.roster }, seed: 1, quests: { p1: 'harness-manifestation', p2: 'master-magical-lore' }, wild: { p1: 'Orb', p2: 'Icon' } });
    expect(setup.setup).toMatchObject({ quests: { p1: 'harness-manifestation', p2: 'master-magical-lore' }, wild: { p1: 'Orb' } });
    expect(setup.setup.wild).toEqual({ p1: 'Orb' });
  });

  it('picked in the aftermath (newQuest with wild) when the quest log is empty', () => {
    const c = start();
    if (!c.ok) throw new Error(messages(c));
    const outcome = { pointsLimit: 1000, result: 'minor-victory' as const, generalSlain: false, units: { knight: 'survived' as const } };
    const r = runAftermath(c.value, outcome, { seed: 1, newQuest: { id: 'harness-manifestation', wild: 'Orb' } });
    if (!r.ok) throw new Error(messages(r));
    expect(r.value.campaign.quest).toEqual({ id: 'harness-manifestation', points: 0, unit: null, wild: 'Orb' });
    expect(r.value.campaign.lores.manifestations).toEqual(['Orb']);
    expect(messages(runAftermath(c.value, outcome, { seed: 1, newQuest: { id: 'seek-glory-in-battle', unit: 'liberators', wild: 'Orb' } }))).toMatch(/needs --quest harness-manifestation/);
  });
});
