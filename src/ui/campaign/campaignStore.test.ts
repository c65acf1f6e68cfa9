/**
 * The campaign file as the screen opens it (`readCampaignText`) and names it: a real campaign made
 * from the test army parses back to itself; bad JSON and a bad campaign list every problem with the
 * file's name and the JSON path (CAMPAIGN.md).
 */
import { describe, expect, it } from 'vitest';
import { chooseRankAbility, newCampaign } from '../../campaign/roster';
import { testArmy } from '../../campaign/testArmy';
import { campaignFilename, playsCampaignBattle, readCampaignText, unsavedProgress, type CampaignBattle } from './campaignStore';

const made = newCampaign(testArmy(), { warlord: 'knight', path: 'warrior', units: ['liberators'], name: 'Hammers of Sigmar!' });
if (!made.ok) throw new Error('test campaign');
const ranked = chooseRankAbility(made.value, 'knight', 'Berserker');
if (!ranked.ok) throw new Error('test campaign rank');
const c = ranked.value;

describe('readCampaignText', () => {
  it('reads a saved campaign back to the same campaign', () => {
    const r = readCampaignText(JSON.stringify(c, null, 2), 'hammers.json');
    expect(r).toEqual({ ok: true, campaign: c });
  });
  it('bad JSON: the file and the parser\'s message', () => {
    const r = readCampaignText('{"format": ', 'broken.json');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems[0]).toMatch(/^broken\.json: not valid JSON: /);
  });
  it('a bad campaign: every problem with its path', () => {
    const bad = { ...c, glory: -5, units: c.units.map((u) => (u.id === 'knight' ? { ...u, rank: 'Elite' } : u)) };
    const r = readCampaignText(JSON.stringify(bad), 'bad.json');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems).toEqual([
      'bad.json: glory: glory points are never negative',
      'bad.json: units.0.rank: 5 renown points give the rank Aspiring, not Elite (Ascension › The Aftermath Sequence › 2 › Paths)',
      'bad.json: units.0.abilities: a unit of rank Elite has 2 rank abilities chosen or pending, not 1',
    ]);
    expect(readCampaignText('{"format": "sightline-game/2"}', 'g.json')).toEqual({ ok: false, problems: ['g.json: format: expected "sightline-campaign/1", got "sightline-game/2"'] });
  });
  it('names the file after the campaign', () => {
    expect(campaignFilename(c)).toBe('hammers-of-sigmar-campaign.json');
  });
});

describe('playsCampaignBattle (Play\'s end prompt: is this game the campaign\'s battle?)', () => {
  const hotseat: CampaignBattle = { battleplan: 'the-ambush', roll: null, pointsLimit: 1000, opponent: 'Skaven', player: 'p2', seed: 7, startedAt: 1 };
  const online: CampaignBattle = { ...hotseat, online: { roomId: 'r1', server: 'ws://127.0.0.1:2567', seat: 'p2' } };
  it('a hot-seat battle: only a hot-seat game', () => {
    expect(playsCampaignBattle(hotseat, null, null)).toBe(true);
    expect(playsCampaignBattle(hotseat, 'r1', 'p2')).toBe(false);
  });
  it('an online battle: its room from the campaign\'s seat only (not the opponent\'s seat, a spectator, another room or hot-seat)', () => {
    expect(playsCampaignBattle(online, 'r1', 'p2')).toBe(true);
    expect(playsCampaignBattle(online, 'r1', 'p1')).toBe(false);
    expect(playsCampaignBattle(online, 'r1', 'spectator')).toBe(false);
    expect(playsCampaignBattle(online, 'r2', 'p2')).toBe(false);
    expect(playsCampaignBattle(online, null, null)).toBe(false);
  });
});

describe('unsavedProgress (issue 37 item 4: opening a campaign file asks before losing progress)', () => {
  it('nothing to lose: no campaign, or the campaign as saved / opened', () => {
    expect(unsavedProgress(null)).toEqual([]);
    expect(unsavedProgress({ campaign: c, army: null, battle: null, savedJson: JSON.stringify(c) })).toEqual([]);
  });
  it('a campaign never saved, one changed since it was saved, and a battle in progress are said', () => {
    expect(unsavedProgress({ campaign: c, army: null, battle: null })).toEqual(['"Hammers of Sigmar!" was never saved to a file (0 battles, 0 glory)']);
    const later = { ...c, glory: 45 };
    expect(unsavedProgress({ campaign: later, army: null, battle: null, savedJson: JSON.stringify(c) })).toEqual(['"Hammers of Sigmar!" has changes not saved to a file (0 battles, 45 glory)']);
    const battle: CampaignBattle = { battleplan: 'the-ritual', roll: null, pointsLimit: 1000, opponent: 'Skaven', player: 'p1', seed: 3, startedAt: 0 };
    expect(unsavedProgress({ campaign: c, army: null, battle, savedJson: JSON.stringify(c) })).toEqual(['its battle in progress (The Ritual against Skaven) is kept only in this browser']);
  });
});
