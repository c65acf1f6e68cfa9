/**
 * Path to Glory: the battlepack's own tables and examples as tests (Ascension, INVENTORY §2.16,
 * §4.2 T-53..T-57): the warlord's criteria, the starting 1000 points, the glory table at each
 * bracket edge, the rank thresholds, renown (D3, 1, D6 favoured, never the warlord, none for
 * UNIQUE), the six Paths, the six quests and their rewards, the Order of Battle changes, the
 * file's validation and determinism.
 */
import { describe, expect, it } from 'vitest';
import { parseRoster, type RosterUnit } from '../rules/engine/roster';
import { applyPassivePathAbilities, drawArmy } from './army';
import { firstCaster, gloryEarned, RELICS_REWARD, runAftermath, type AftermathChoices, type BattleOutcome } from './aftermath';
import { PATHS, PATH_IDS, QUEST_IDS, rankFor, ranksCrossed, RANKS } from './data';
import { gloriousVictory } from './outcome';
import { chooseRankAbility, newCampaign, orderOfBattlePoints, type NewCampaignOptions } from './roster';
import { parseCampaign, type Campaign } from './schema';
import { testArmy } from './testArmy';

const start = (o: Partial<NewCampaignOptions> = {}, army = testArmy()) => newCampaign(army, { warlord: 'knight', path: 'warrior', units: ['liberators', 'sequitors', 'gardus', 'arcanum'], ...o });
const ok = <T>(r: { ok: true; value: T } | { ok: false; refusals: readonly { rule: string; message: string }[] }): T => {
  if (!r.ok) throw new Error(r.refusals.map((x) => `${x.rule}: ${x.message}`).join('\n'));
  return r.value;
};
const refused = (r: { ok: boolean; refusals?: readonly { rule: string; message: string }[] }) => {
  expect(r.ok).toBe(false);
  return (r.refusals ?? []).map((x) => `${x.rule}: ${x.message}`).join('\n');
};
const armyUnit = (id: string): RosterUnit => {
  const p = parseRoster(testArmy());
  if (!p.ok) throw new Error('test army invalid');
  return p.roster.units.find((u) => u.id === id) as RosterUnit;
};
const outcome = (o: Partial<BattleOutcome> = {}): BattleOutcome => ({ pointsLimit: 1000, result: 'minor-victory', generalSlain: false, units: { knight: 'survived', liberators: 'survived', sequitors: 'destroyed' }, ...o });
const after = (c: Campaign, o: Partial<BattleOutcome> = {}, ch: Partial<AftermathChoices> = {}) => runAftermath(c, outcome(o), { seed: 1, ...ch });

describe('the warlord (Ascension › Path to Glory Roster › 1)', () => {
  it('starts with 5 renown, the Aspiring rank, its Path and that rank\'s ability to choose', () => {
    const c = ok(start());
    const w = c.units.find((u) => u.id === 'knight')!;
    expect([w.renown, w.rank, w.path, w.pendingRanks, w.abilities]).toEqual([5, 'Aspiring', 'warrior', ['Aspiring'], []]);
    expect(c.glory).toBe(0);
    expect(c.faction).toBe('Stormcast Eternals');
    expect(c.units.filter((u) => u.id !== 'knight').every((u) => u.renown === 0 && u.rank === null)).toBe(true);
  });
  it('refuses a UNIQUE warlord, one of more than 350 points, one of two models, a non-HERO', () => {
    expect(refused(start({ warlord: 'gardus' }))).toMatch(/Path to Glory Roster › 1.*cannot be UNIQUE/);
    expect(refused(start({ warlord: 'drake', units: [] }))).toMatch(/350 or less \(it has 390\)/);
    expect(refused(start({ warlord: 'pair', units: [] }))).toMatch(/single model \(it has 2\)/);
    expect(refused(start({ warlord: 'liberators', units: [], path: 'defender' }))).toMatch(/must be a HERO/);
  });
  it('accepts exactly 350 points, and a Sons of Behemat warlord over 350', () => {
    const army = testArmy();
    army.units.find((u) => u.id === 'drake')!.points = 350;
    expect(start({ warlord: 'drake', units: [] }, army).ok).toBe(true);
    expect(start({ warlord: 'drake', units: [] }, testArmy('Sons of Behemat')).ok).toBe(true);
  });
  it('checks the Path against the keywords: Mage for WIZARDS, Devout for PRIESTS', () => {
    expect(refused(start({ path: 'mage' }))).toMatch(/not a WIZARD/);
    expect(start({ warlord: 'arcanum', path: 'mage', units: [] }).ok).toBe(true);
    expect(refused(start({ warlord: 'arcanum', path: 'devout', units: [] }))).toMatch(/not a PRIEST/);
    expect(start({ warlord: 'relictor', path: 'devout', units: [] }).ok).toBe(true);
    expect(refused(start({ path: 'attacker' }))).toMatch(/for non-HERO units/);
  });
});

describe('starting units, enhancements, lores, quest (Roster › 2-4)', () => {
  const all7 = ['arcanum', 'relictor', 'gardus', 'liberators', 'sequitors', 'prosecutors', 'ballista'];
  it('at most 1000 points with the warlord: 140+140+120+160+90+120+150+80 = 1000 accepted, adding 100 refused', () => {
    const c = ok(start({ units: all7 }));
    expect(orderOfBattlePoints(c)).toBe(1000);
    expect(c.units.map((u) => u.id)).toEqual(['knight', ...all7]);
    expect(refused(start({ units: [...all7, 'pair'] }))).toMatch(/Path to Glory Roster › 2: .*cost 1100 points: at most 1000/);
  });
  it('the warlord is always in, even when --units leaves it out', () => {
    expect(ok(start({ units: ['liberators'] })).units.map((u) => u.id)).toEqual(['knight', 'liberators']);
  });
  it('enhancements: each once on the Order of Battle, never on a UNIQUE unit', () => {
    const c = ok(start({ enhancements: [{ name: 'Hallowed Scrolls', unit: 'knight' }, { name: 'Blade of Heroes', unit: 'arcanum' }] }));
    expect(c.enhancements).toEqual([{ name: 'Hallowed Scrolls', unit: 'knight' }, { name: 'Blade of Heroes', unit: 'arcanum' }]);
    expect(refused(start({ enhancements: [{ name: 'A', unit: 'knight' }, { name: 'A', unit: 'arcanum' }] }))).toMatch(/same enhancement|more than once/);
    expect(refused(start({ enhancements: [{ name: 'A', unit: 'gardus' }] }))).toMatch(/ArmyComp 4.1: .*UNIQUE/);
  });
  it('lores hold 6 entries at most', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(ok(start({ lores: { spells: six } })).lores.spells).toEqual(six);
    expect(refused(start({ lores: { prayers: [...six, 'g'] } }))).toMatch(/Lores: the prayers lore holds 7 entries: no more than 6/);
  });
  it('the quest log: Seek Glory needs a unit, the Rising Champion is a HERO, the others name none', () => {
    expect(ok(start({ quest: 'search-for-the-artefact' })).quest).toEqual({ id: 'search-for-the-artefact', points: 0, unit: null });
    expect(ok(start({ quest: 'seek-glory-in-battle', questUnit: 'liberators' })).quest).toEqual({ id: 'seek-glory-in-battle', points: 0, unit: 'liberators' });
    expect(refused(start({ quest: 'seek-glory-in-battle' }))).toMatch(/needs a unit/);
    expect(refused(start({ quest: 'rise-of-a-champion', questUnit: 'liberators' }))).toMatch(/Rising Champion must be a HERO/);
    expect(refused(start({ quest: 'master-magical-lore', questUnit: 'knight' }))).toMatch(/names no unit/);
  });
});

describe('ranks and Paths (Aftermath › 2 › Paths)', () => {
  it('rank thresholds 5 / 15 / 30 / 45, none past Legendary', () => {
    expect([0, 4, 5, 14, 15, 29, 30, 44, 45, 200].map(rankFor)).toEqual([null, null, 'Aspiring', 'Aspiring', 'Elite', 'Elite', 'Mighty', 'Mighty', 'Legendary', 'Legendary']);
    expect(ranksCrossed(13, 15)).toEqual(['Elite']);
    expect(ranksCrossed(0, 15)).toEqual(['Aspiring', 'Elite']);
    expect(ranksCrossed(45, 60)).toEqual([]);
  });
  it('six Paths, two abilities at each of the four ranks, all names distinct within a Path', () => {
    expect(PATH_IDS.length).toBe(6);
    for (const p of PATH_IDS) {
      const names = RANKS.flatMap((r) => PATHS[p].ranks[r].map((a) => a.name));
      expect(new Set(names).size).toBe(8);
    }
  });
  it('campaign rank: one of the two abilities of the pending rank, any case; other ranks and Paths refused', () => {
    const c = ok(start());
    const b = ok(chooseRankAbility(c, 'knight', 'berserker'));
    expect(b.units[0].abilities).toEqual(['Berserker']);
    expect(b.units[0].pendingRanks).toEqual([]);
    expect(refused(chooseRankAbility(c, 'knight', 'Martial Expertise'))).toMatch(/not one of the Aspiring abilities of the Path of the Warrior: Berserker or Well of Strength/);
    expect(refused(chooseRankAbility(b, 'knight', 'Well of Strength'))).toMatch(/no rank whose ability is still to choose/);
    expect(refused(chooseRankAbility(c, 'knight', 'Tactical Acumen', 'leader'))).toMatch(/already walks the warrior Path/);
  });
});

describe('glory (Aftermath › 1)', () => {
  it('the table at each bracket edge (fought / major / minor / general not slain)', () => {
    const row = (pts: number) => [gloryEarned(pts, 'draw', true).total, gloryEarned(pts, 'major-victory', true).victory, gloryEarned(pts, 'minor-victory', true).victory, gloryEarned(pts, 'draw', false).generalNotSlain];
    expect(row(1000)).toEqual([30, 20, 10, 5]);
    expect(row(1250)).toEqual([30, 20, 10, 5]);
    expect(row(1251)).toEqual([60, 30, 20, 10]);
    expect(row(1750)).toEqual([60, 30, 20, 10]);
    expect(row(1751)).toEqual([100, 40, 30, 15]);
    expect(row(2250)).toEqual([100, 40, 30, 15]);
    expect(row(2251)).toEqual([150, 50, 40, 20]);
  });
  it('T-55: 1000 points, minor victory, general survived = 45; 2000 points, major victory, general slain = 140; defeats earn only the battle', () => {
    expect(gloryEarned(1000, 'minor-victory', false).total).toBe(45);
    expect(gloryEarned(2000, 'major-victory', true).total).toBe(140);
    expect(gloryEarned(1500, 'major-defeat', false).total).toBe(70);
  });
  it('T-53 Glorious Victory: 14-9 major, 14-10 minor, tie draw; the trailing side\'s defeat', () => {
    expect([gloriousVictory(14, 9), gloriousVictory(14, 10), gloriousVictory(7, 7), gloriousVictory(10, 14), gloriousVictory(9, 14)]).toEqual(['major-victory', 'minor-victory', 'draw', 'minor-defeat', 'major-defeat']);
  });
});

describe('renown (Aftermath › 2)', () => {
  it('D3 for a unit that survived, 1 for one destroyed, D6 for the favoured warriors; none for UNIQUE', () => {
    const c = ok(start());
    // Scripted faces: knight D3 from 5 → 3, liberators D3 from 2 → 1, favoured liberators D6 = 4.
    const r = ok(after(c, { units: { knight: 'survived', liberators: 'survived', sequitors: 'destroyed', gardus: 'survived' } }, { favoured: 'liberators', diceScript: [5, 2, 4] }));
    const get = (id: string) => r.campaign.units.find((u) => u.id === id)!;
    expect([get('knight').renown, get('liberators').renown, get('sequitors').renown, get('gardus').renown]).toEqual([8, 5, 1, 0]);
    expect(get('liberators').rank).toBe('Aspiring');
    expect(get('liberators').pendingRanks).toEqual(['Aspiring']);
    expect(r.aftermath.renown.map((x) => [x.unit, x.gained, x.why])).toEqual([
      ['knight', 3, 'survived'],
      ['liberators', 1, 'survived'],
      ['sequitors', 1, 'destroyed'],
      ['gardus', 0, 'survived; UNIQUE units gain no renown'],
      ['liberators', 4, 'favoured warriors'],
    ]);
    expect(r.aftermath.rolls).toEqual([
      { why: 'renown: knight took part and was not destroyed (D3)', dice: [3] },
      { why: 'renown: liberators took part and was not destroyed (D3)', dice: [1] },
      { why: 'renown: liberators are the favoured warriors (D6)', dice: [4] },
    ]);
  });
  it('T-56: a unit at 13 that survives and rolls 2 reaches 15, Elite, and picks an Elite ability of its Path', () => {
    let c = ok(start());
    c = { ...c, units: c.units.map((u) => (u.id === 'liberators' ? { ...u, renown: 13, rank: 'Aspiring' as const, path: 'defender' as const, abilities: ['Hardened Resolve'] } : u)) };
    const r = ok(after(c, { units: { liberators: 'survived' } }, { diceScript: [3] }));
    const l = r.campaign.units.find((u) => u.id === 'liberators')!;
    expect([l.renown, l.rank, l.pendingRanks]).toEqual([15, 'Elite', ['Elite']]);
    expect(r.aftermath.renown[0].ranksGained).toEqual(['Elite']);
    const picked = ok(chooseRankAbility(r.campaign, 'liberators', 'UNCANNY SURVIVABILITY'));
    expect(picked.units.find((u) => u.id === 'liberators')!.abilities).toEqual(['Hardened Resolve', 'Uncanny Survivability']);
  });
  it('a unit\'s first rank asks for its Path, checked against its keywords', () => {
    const r = ok(after(ok(start()), { units: { liberators: 'survived' } }, { favoured: 'liberators', diceScript: [6, 6] }));
    expect(r.campaign.units.find((u) => u.id === 'liberators')!.renown).toBe(9);
    // Issue 37 item 8: only the Paths a non-HERO may walk are named.
    expect(refused(chooseRankAbility(r.campaign, 'liberators', 'Battle Fury'))).toBe('Ascension › The Aftermath Sequence › 2 › Paths: Liberators has no Path yet: its first rank needs --path (defender, attacker)');
    expect(refused(chooseRankAbility(r.campaign, 'liberators', 'Berserker', 'warrior'))).toBe('Ascension › The Aftermath Sequence › 2 › Paths (Path of the Warrior): Liberators is not a HERO: the warrior Path is for HEROES (Liberators may walk: defender, attacker)');
    expect(ok(chooseRankAbility(r.campaign, 'liberators', 'battle fury', 'attacker')).units.find((u) => u.id === 'liberators')!.path).toBe('attacker');
  });
  it('the favoured warriors are never the warlord, and took part', () => {
    expect(refused(after(ok(start()), {}, { favoured: 'knight' }))).toMatch(/Favoured Warriors: the favoured warriors cannot be your warlord/);
    expect(refused(after(ok(start()), {}, { favoured: 'arcanum' }))).toMatch(/must be a unit that took part/);
  });
  it('units that are not on the Order of Battle (replacement, summoned) are refused', () => {
    expect(refused(after(ok(start()), { units: { 'summoned-spirit': 'survived' } }))).toMatch(/Replacement Units and Summoned Units: units.summoned-spirit: not on the Order of Battle/);
  });
});

describe('quests (Roster › 4, Aftermath › 3)', () => {
  const withQuest = (quest: NewCampaignOptions['quest'], questUnit?: string) => ok(start({ quest, ...(questUnit ? { questUnit } : {}) }));
  it('points quests complete at 3 / 5 / 3 / 10 points, clear the log and give their reward', () => {
    const cases: [NewCampaignOptions['quest'], number, RegExp][] = [
      ['search-for-the-artefact', 3, /artefact of power/],
      ['learn-ancient-scriptures', 5, /prayer/],
      ['master-magical-lore', 3, /spell/],
      ['harness-manifestation', 10, /no longer marked as 'Wild'/],
    ];
    for (const [id, need, reward] of cases) {
      const c = withQuest(id);
      const short = ok(after(c, { questPoints: need - 1 }));
      expect(short.aftermath.quest).toEqual({ id, points: need - 1, completed: false, reward: null });
      expect(short.campaign.quest).toEqual({ id, points: need - 1, unit: null });
      const done = ok(after(short.campaign, { questPoints: 1 }));
      expect(done.aftermath.quest?.completed).toBe(true);
      expect(done.aftermath.quest?.reward).toMatch(reward);
      expect(done.campaign.quest).toBeNull();
      // Harness Manifestation's reward gives itself (the 'Wild' mark goes with the quest): nothing left to give.
      if (id === 'harness-manifestation') expect(done.campaign.pendingRewards).toBeUndefined();
      else expect(done.campaign.pendingRewards?.[0]).toMatch(reward);
    }
  });
  it('Seek Glory in Battle: a victory the Glory Seekers survived gives them D3+3 renown; a defeat or their destruction does not', () => {
    const c = withQuest('seek-glory-in-battle', 'liberators');
    expect(ok(after(c, { result: 'minor-defeat', units: { liberators: 'survived' } })).aftermath.quest?.completed).toBe(false);
    expect(ok(after(c, { result: 'major-victory', units: { liberators: 'destroyed' } })).aftermath.quest?.completed).toBe(false);
    // D3 for surviving from face 1 → 1; the quest's D3 from face 4 → 2: 1 + (2 + 3) = 6.
    const r = ok(after(c, { result: 'major-victory', units: { liberators: 'survived' } }, { diceScript: [1, 4] }));
    expect(r.aftermath.quest).toEqual({ id: 'seek-glory-in-battle', points: 0, completed: true, reward: 'liberators earned 5 renown points' });
    expect(r.campaign.units.find((u) => u.id === 'liberators')!.renown).toBe(6);
    expect(r.campaign.quest).toBeNull();
  });
  it('Rise of a Champion: completed when the Rising Champion slew a HERO or MONSTER; reward a heroic trait', () => {
    const c = withQuest('rise-of-a-champion', 'arcanum');
    expect(ok(after(c, { units: { arcanum: 'survived' } })).aftermath.quest?.completed).toBe(false);
    const r = ok(after(c, { units: { arcanum: 'survived' }, championSlew: true }));
    expect(r.aftermath.quest?.reward).toMatch(/heroic trait.*arcanum/);
  });
  it('giving up clears the log; a new quest only on an empty log', () => {
    const c = withQuest('master-magical-lore');
    expect(refused(after(c, {}, { newQuest: { id: 'search-for-the-artefact' } }))).toMatch(/only when the quest log is empty/);
    const r = ok(after(c, { questPoints: 2 }, { giveUpQuest: true, newQuest: { id: 'search-for-the-artefact' } }));
    expect(r.aftermath.quest).toEqual({ id: 'master-magical-lore', points: 0, completed: false, reward: null, givenUp: true });
    expect(r.campaign.quest).toEqual({ id: 'search-for-the-artefact', points: 0, unit: null });
  });
  it('six quest ids', () => expect(QUEST_IDS.length).toBe(6));
});

describe('Relics of Myth campaign reward (T-58)', () => {
  it('"The winner rolls a dice and adds their victory points: on 15+, 1 artefact of power": 11 VP + 4 = 15 earns it, + 3 = 14 does not; no roll for the loser', () => {
    const c = ok(start());
    // Renown dice first (a D3 for each of the two survivors, from faces 1), then the reward's dice.
    const won = ok(after(c, { battleplan: 'Relics of Myth', victoryPoints: 11 }, { diceScript: [1, 1, 4] }));
    expect(won.aftermath.campaignReward).toEqual({ battleplan: 'relics-of-myth', roll: 4, victoryPoints: 11, total: 15, earned: true, reward: RELICS_REWARD });
    expect(won.campaign.pendingRewards).toEqual([RELICS_REWARD]);
    const short = ok(after(c, { battleplan: 'relics-of-myth', victoryPoints: 11 }, { diceScript: [1, 1, 3] }));
    expect(short.aftermath.campaignReward).toMatchObject({ total: 14, earned: false, reward: null });
    expect(short.campaign.pendingRewards).toBeUndefined();
    const lost = ok(after(c, { battleplan: 'Relics of Myth', victoryPoints: 11, result: 'minor-defeat' }));
    expect(lost.aftermath.campaignReward).toBeUndefined();
    expect(lost.aftermath.rolls.some((r) => r.why.startsWith('campaign reward'))).toBe(false);
  });
});

describe('the Order of Battle (Aftermath › 4)', () => {
  it('adds one unit for its points in glory; a second is refused', () => {
    const c = ok(start({ units: ['liberators', 'sequitors'] })); // 45 glory after a 1000-point minor victory, general not slain
    const r = ok(after(c, {}, { add: [armyUnit('prosecutors')].map((u) => ({ ...u, points: 40 })) }));
    expect(r.campaign.glory).toBe(5);
    expect(r.aftermath.glory).toEqual({ fought: 30, victory: 10, generalNotSlain: 5, total: 45, spent: 40 });
    expect(r.aftermath.orderOfBattle.added).toBe('prosecutors');
    expect(r.campaign.units.at(-1)).toMatchObject({ id: 'prosecutors', renown: 0, rank: null, reinforced: false });
    expect(refused(after(c, {}, { add: [armyUnit('prosecutors'), armyUnit('ballista')] }))).toMatch(/Manage Your Order of Battle: only 1 new unit/);
    expect(refused(after(c, {}, { add: [armyUnit('prosecutors')] }))).toMatch(/costs 150 glory points; you have 45/);
  });
  it('an added unit whose ids clash gets fresh ones', () => {
    const c = ok(start({ units: ['liberators'] }));
    const r = ok(after({ ...c, glory: 500 }, { units: { knight: 'survived' } }, { add: [armyUnit('liberators')] }));
    const added = r.campaign.units.at(-1)!;
    expect(added.id).toBe('liberators-2');
    expect(added.unit.models[0].id).toBe('liberators-2/liberators-m1');
  });
  it('reinforces one unit once (twice its models, ArmyComp 3.3), which may be the unit just added; single models cannot be', () => {
    const c = { ...ok(start({ units: ['liberators', 'sequitors', 'ballista'] })), glory: 400 };
    const r = ok(after(c, {}, { add: [armyUnit('prosecutors')], reinforce: ['prosecutors'] }));
    const p = r.campaign.units.find((u) => u.id === 'prosecutors')!;
    expect([p.reinforced, p.unit.models.length, r.aftermath.glory.spent, r.campaign.glory]).toEqual([true, 6, 300, 145]);
    expect(orderOfBattlePoints(r.campaign)).toBe(140 + 90 + 120 + 80 + 300);
    expect(refused(after(r.campaign, {}, { reinforce: ['prosecutors'] }))).toMatch(/already reinforced/);
    expect(refused(after(c, {}, { reinforce: ['ballista'] }))).toMatch(/ArmyComp 3.3: .*single model/);
    expect(refused(after(c, {}, { reinforce: ['liberators', 'sequitors'] }))).toMatch(/only 1 unit can be reinforced/);
  });
  it('retires any number of units, never the warlord; enhancements go with them', () => {
    const c = ok(start({ enhancements: [{ name: 'Relic', unit: 'arcanum' }] }));
    const r = ok(after(c, {}, { retire: ['arcanum', 'gardus'] }));
    expect(r.campaign.units.map((u) => u.id)).toEqual(['knight', 'liberators', 'sequitors']);
    expect(r.campaign.enhancements).toEqual([]);
    expect(refused(after(c, {}, { retire: ['knight'] }))).toMatch(/warlord "knight" cannot be retired/);
  });
  it('a refused step changes nothing (the campaign given back is the one passed in)', () => {
    const c = ok(start());
    const copy = structuredClone(c);
    refused(after(c, {}, { favoured: 'knight' }));
    expect(c).toEqual(copy);
  });
});

describe('the campaign file', () => {
  it('round-trips through JSON and the schema', () => {
    const c = ok(start({ quest: 'seek-glory-in-battle', questUnit: 'sequitors' }));
    const back = parseCampaign(JSON.parse(JSON.stringify(c)));
    expect(back.ok && back.campaign).toEqual(c);
  });
  it('a unit with no save ("-") survives saving, loading and drawing the army', () => {
    const army = testArmy();
    army.units.find((u) => u.id === 'ballista')!.warscroll.save = '-';
    const c = ok(start({ units: ['ballista'] }, army));
    const back = parseCampaign(JSON.parse(JSON.stringify(c)));
    expect(back.ok).toBe(true);
    const drawn = ok(drawArmy(back.ok ? back.campaign : c));
    expect(drawn.units.find((u) => u.id === 'ballista')!.warscroll.save).toBe('-');
  });
  it('names every problem with its path', () => {
    const c = JSON.parse(JSON.stringify(ok(start()))) as Record<string, unknown> & { units: Record<string, unknown>[] };
    c.glory = -5;
    (c.lores as { spells: string[] }).spells = ['1', '2', '3', '4', '5', '6', '7'];
    c.units[2].renown = 'x';
    const r = parseCampaign(c);
    const text = !r.ok ? r.problems.join('\n') : '';
    expect(text).toMatch(/^glory: glory points are never negative$/m);
    expect(text).toMatch(/^lores\.spells: a lore holds no more than 6/m);
    expect(text).toMatch(/^units\.2\.renown: /m);
    // The Order of Battle's own consistency, once the shape is right.
    const d = JSON.parse(JSON.stringify(ok(start()))) as Record<string, unknown> & { units: Record<string, unknown>[] };
    d.units[1].rank = 'Elite';
    d.warlord = 'nobody';
    const r2 = parseCampaign(d);
    const text2 = !r2.ok ? r2.problems.join('\n') : '';
    expect(text2).toMatch(/^units\.1\.rank: 0 renown points give the rank null, not Elite/m);
    expect(text2).toMatch(/^warlord: no unit "nobody"/m);
    expect(parseCampaign({ format: 'x' })).toEqual({ ok: false, problems: ['format: expected "sightline-campaign/1", got "x"'] });
  });
  it('the same campaign, outcome and seed give the same aftermath; another seed other rolls', () => {
    const c = ok(start());
    const a = ok(after(c, {}, { seed: 42, favoured: 'liberators' }));
    const b = ok(after(structuredClone(c), {}, { seed: 42, favoured: 'liberators' }));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const rollsBySeed = Array.from({ length: 8 }, (_, k) => JSON.stringify(ok(after(c, {}, { seed: k, favoured: 'liberators' })).aftermath.rolls));
    expect(new Set(rollsBySeed).size).toBeGreaterThan(1);
  });
});

describe('campaign army (Path to Glory Battles › 1)', () => {
  it('the warlord is the general; HEROES lead regiments; abilities, enhancements, lores and campaign ids carried', () => {
    let c = ok(start({ units: ['arcanum', 'liberators', 'sequitors'], enhancements: [{ name: 'Relic', unit: 'knight' }], lores: { spells: ['Arcane Bolt'] } }));
    c = ok(chooseRankAbility(c, 'knight', 'Berserker'));
    const army = ok(drawArmy(c));
    expect(army.general).toBe('knight');
    expect(army.regiments).toEqual([{ leader: 'knight', units: ['liberators', 'sequitors'] }, { leader: 'arcanum', units: [] }]);
    const k = army.units.find((u) => u.id === 'knight')!;
    expect(k.campaign).toEqual({ unitId: 'knight', renown: 5, rank: 'Aspiring', path: 'warrior', abilities: ['Berserker'], enhancements: ['Relic'] });
    expect(k.warscroll.abilitiesText?.map((a) => a.name)).toEqual(['Berserker (Path of the Warrior, Aspiring)', 'Relic']);
    expect(army.campaign?.lores.spells).toEqual(['Arcane Bolt']);
    expect(parseRoster(army).ok).toBe(true);
  });
  it('without the warlord the first HERO picked is the general; over the points limit refused', () => {
    const c = ok(start({ units: ['arcanum', 'liberators'] }));
    expect(ok(drawArmy(c, { units: ['arcanum', 'liberators'] })).general).toBe('arcanum');
    expect(refused(drawArmy(c, { units: ['liberators'] }))).toMatch(/needs a HERO/);
    expect(refused(drawArmy(c, { pointsLimit: 300 }))).toMatch(/cost 370 points, over the points limit of 300/);
    expect(refused(drawArmy(c, { units: ['nobody'] }))).toMatch(/must be drawn from it/);
  });
  it('a reinforced unit fields twice its points and models', () => {
    const c = { ...ok(start({ units: ['liberators'] })), glory: 200 };
    const r = ok(after(c, { units: { liberators: 'survived' } }, { reinforce: ['liberators'] }));
    const l = ok(drawArmy(r.campaign)).units.find((u) => u.id === 'liberators')!;
    expect([l.points, l.models.length]).toEqual([180, 10]);
  });
});

describe('passive Path abilities on the drawn army', () => {
  it('WARD (best applies), +2 Health, +1 Rend and +1 Attacks on melee weapons, STRIKE-FIRST', () => {
    const u = armyUnit('knight');
    const w = applyPassivePathAbilities({ ...u, warscroll: { ...u.warscroll, ward: 5 }, weapons: [...u.weapons, { ...u.weapons[0], name: 'Bow', range: 18, attacks: 'D6' }] }, ['Berserker', 'Martial Expertise', 'Master-crafted Weapons', 'Warrior Without Equal']);
    expect(w.warscroll.ward).toBe(4);
    expect(w.weapons.map((x) => [x.name, x.rend, x.attacks])).toEqual([['Blade', 2, 3], ['Bow', 1, 'D6']]);
    expect(applyPassivePathAbilities(u, ['Divine Blessing']).warscroll.ward).toBe(6);
    expect(applyPassivePathAbilities({ ...u, warscroll: { ...u.warscroll, ward: 5 } }, ['Divine Blessing']).warscroll.ward).toBe(5);
    const l = applyPassivePathAbilities({ ...u, weapons: [{ ...u.weapons[0], attacks: 'D3+1', rend: '-' as unknown as number }] }, ['Hardy Constitution', 'Weapon Masters', 'Honed Gear', 'Unparalleled Duellist']);
    expect([l.warscroll.health, l.weapons[0].attacks, l.weapons[0].rend, l.warscroll.keywords.includes('STRIKE-FIRST')]).toEqual([7, 'D3+2', 1, true]);
  });
  it('Mystic Shield and Resurrection become the engine\'s spell and prayer for the unit', () => {
    let c = ok(start({ warlord: 'arcanum', path: 'mage', units: [] }));
    c = { ...c, units: c.units.map((u) => ({ ...u, renown: 15, rank: 'Elite' as const, abilities: ['Dedicated Practitioner', 'Mystic Shield'], pendingRanks: [] })) };
    expect(ok(drawArmy(c)).units[0].warscroll.spells).toEqual(['mysticShield']);
  });
});

describe('issue 37 item 8: words and the unit added in the same aftermath', () => {
  it('a new quest can name the unit added in the same aftermath (by its id in the army file, or its fresh id)', () => {
    const c = { ...ok(start()), glory: 400 };
    const a = ok(after(c, {}, { add: [armyUnit('prosecutors')], newQuest: { id: 'seek-glory-in-battle', unit: 'prosecutors' } }));
    expect(a.campaign.quest).toEqual({ id: 'seek-glory-in-battle', points: 0, unit: 'prosecutors' });
    // A second Liberators gets the fresh id liberators-2; "liberators" still names the unit already there.
    const b = ok(after(c, {}, { add: [armyUnit('liberators')], newQuest: { id: 'seek-glory-in-battle', unit: 'liberators-2' } }));
    expect(b.campaign.quest?.unit).toBe('liberators-2');
    expect(ok(after(c, {}, { add: [armyUnit('liberators')], newQuest: { id: 'seek-glory-in-battle', unit: 'liberators' } })).campaign.quest?.unit).toBe('liberators');
  });
  it('Order of Battle refusals name units by their names, not their ids', () => {
    const c = ok(start());
    const r = after(c, {}, { add: [armyUnit('liberators')], reinforce: ['sequitors'] });
    expect(refused(r)).toBe('Ascension › Manage Your Order of Battle: adding Liberators costs 90 glory points; you have 45\nAscension › Manage Your Order of Battle: reinforcing Sequitors costs 120 glory points; you have 45');
  });
});


describe('issue 37 item 6: the first WIZARD added brings its starting spells (Roster › 3 › Lores)', () => {
  it('the Lord-Arcanum added to an Order of Battle with no WIZARD: 1 spell and 1 manifestation to the lores; not for a PRIEST, nor a second WIZARD', () => {
    const c = { ...ok(start({ units: ['liberators', 'sequitors'] })), glory: 400 };
    expect(firstCaster(c.units, armyUnit('arcanum'))).toEqual({ wizard: true, priest: false });
    const a = ok(after(c, {}, { add: [armyUnit('arcanum')], startingLores: { spell: 'Azyrite Halo', manifestation: 'Celestian Vortex' } }));
    expect(a.campaign.lores).toEqual({ spells: ['Azyrite Halo'], prayers: [], manifestations: ['Celestian Vortex'] });
    expect(refused(after(c, {}, { add: [armyUnit('relictor')], startingLores: { spell: 'Azyrite Halo' } }))).toBe('Ascension › Path to Glory Roster › 3 › Lores: a starting spell is picked when the first WIZARD is added to the Order of Battle (Knight-Relictor is not, or not the first)');
    expect(ok(after(c, {}, { add: [armyUnit('relictor')], startingLores: { prayer: 'Divine Light', manifestation: 'Everblaze Comet' } })).campaign.lores.prayers).toEqual(['Divine Light']);
    expect(firstCaster(a.campaign.units, armyUnit('arcanum')).wizard).toBe(false);
  });
});
