/**
 * Path to Glory battles headless (issue 26 Tests): each of the six battleplans played to its end by
 * the scripted policy on a real World, with its objectives laid out on the table as documented
 * (docs/campaign.md); then a three-battle campaign (battle, aftermath from the finished game, rank
 * choices, add and reinforce) with its invariants checked after every step, and the same seed
 * giving the same campaign. Then (issue 37 item 8, moved from wordsScan.test.ts so that the two
 * battles it reads are played once, here): what a player reads of a Path to Glory battle names
 * units by their names: The Ruined Settlement and Relics of Myth, as played above, loaded into the
 * game session as Play and the CLI load them: no line of its battle log names a unit by its id or
 * says "undefined".
 */
import { describe, expect, it } from 'vitest';
import { runAftermath } from '../../src/campaign/aftermath';
import { drawArmy } from '../../src/campaign/army';
import { PATHS, RANKS, rankFor } from '../../src/campaign/data';
import { outcomeFromGame } from '../../src/campaign/outcome';
import { chooseRankAbility, fieldedPoints, hasKeyword, newCampaign, orderOfBattlePoints } from '../../src/campaign/roster';
import { parseCampaign, type Campaign } from '../../src/campaign/schema';
import { testArmy } from '../../src/campaign/testArmy';
import { readBundledNode } from '../../src/game/node';
import { replayGame } from '../../src/game/replay';
import { GameSession } from '../../src/game/session';
import { ASCENSION, ASCENSION_IDS, gloriousResult, TWIST_PICKS } from '../../src/rules/engine/ascension';
import { parseRoster, type RosterUnit } from '../../src/rules/engine/roster';
import { playBattle, playBattleOnce } from './play';
import { badWords, ids } from './words';

const start = (p: string): Campaign => {
  const r = newCampaign(testArmy('Stormcast Eternals', p), { warlord: `${p}knight`, path: 'warrior', units: ['liberators', 'sequitors', 'prosecutors'].map((x) => p + x), name: `Host ${p}` });
  if (!r.ok) throw new Error(JSON.stringify(r.refusals));
  return r.value;
};
const army = (c: Campaign, pointsLimit?: number) => {
  const r = drawArmy(c, pointsLimit ? { pointsLimit } : {});
  if (!r.ok) throw new Error(JSON.stringify(r.refusals));
  return r.value;
};

describe('the six battleplans, each played to its end by the scripted policy', () => {
  for (const id of ASCENSION_IDS) {
    it(id, () => {
      const { state: s, saved } = playBattleOnce(id, army(start('a-')), army(start('b-')), 5);
      const def = ASCENSION[id];
      const asc = s.battleplan.ascension!;
      expect(s.stage).toBe('ended');
      expect(s.round).toBe(5);
      // The map's objectives, and any Spied Treasure placed (Relics of Myth).
      expect(s.battleplan.objectives.length).toBe(def.objectives + (s.ascension!.addedObjectives?.length ?? 0));
      expect(new Set(Object.values(asc.roles))).toEqual(new Set(def.roles));
      // One twist per battle round, from the battleplan's table.
      expect(s.ascension!.twists.map((t) => t.round)).toEqual([1, 2, 3, 4, 5]);
      for (const t of s.ascension!.twists) expect(def.twists.map((x) => x.name)).toContain(t.name);
      // The scripted policy makes the underdog's pick for every twist that names one (units: its general first).
      for (const t of s.ascension!.twists) if (TWIST_PICKS[t.name] !== undefined) expect(t.pick, `${t.name} in round ${t.round}`).toBeDefined();
      // Glorious Victory from the final victory points.
      expect(s.ascension!.result).toEqual(gloriousResult({ p1: s.players.p1.vp, p2: s.players.p2.vp }, null));
      if (id === 'wreck-and-ruin') {
        const defender = asc.roles.p1 === 'defender' ? 'p1' : 'p2';
        expect(s.players[defender].roster.units.length).toBe(4);
        // The reinforcements contingent (2 of 4 units) starts in reserve; the policy never raises the alarm, so Core 24.1 destroys them at round 4 (A-R23).
        const reserves = (saved as { reserves: Record<string, string[]> }).reserves[defender];
        expect(reserves.length).toBe(2);
        for (const id of reserves) expect(s.units[id].slain.length).toBe(s.players[defender].roster.units.find((u) => u.id === id)!.models.length);
      }
      if (id === 'the-ruined-settlement') {
        // North (the first role) on the y-high territory: objectives at the centre and ±L/3 along the axis, ±P/2 across (L = 22", P = 30").
        const table = (s as unknown as { battleplan: { objectives: string[] } }).battleplan.objectives;
        expect(table).toEqual(['ptg-centre', 'ptg-1', 'ptg-2', 'ptg-3', 'ptg-4']);
      }
    }, 120_000);
  }
});

describe('the id and "undefined" scan over a Path to Glory battle', () => {
  for (const battleplan of ['the-ruined-settlement', 'relics-of-myth']) {
    it(`${battleplan}: every battle log line names units by name, never "undefined"`, async () => {
      const a = start('a-');
      const b = start('b-');
      // The battle the battleplan's test above played (the same armies and seed), played once.
      const { saved } = playBattleOnce(battleplan, army(a), army(b), 5);
      const session = new GameSession();
      const r = await session.load(structuredClone(saved));
      if (!r.ok) throw new Error(r.problems.join('\n'));
      const lines = session.log();
      expect(lines.length).toBeGreaterThan(100);
      const found = lines.map((l) => ({ text: l.text, bad: badWords(l.text, ids([a, b])) })).filter((x) => x.bad.length);
      expect(found.slice(0, 10)).toEqual([]);
    }, 180_000);
  }
});

/** Checks the campaign's invariants against its previous state. */
function invariants(c: Campaign, before: Campaign | null): void {
  const parsed = parseCampaign(JSON.parse(JSON.stringify(c)));
  expect(parsed.ok, !parsed.ok ? parsed.problems.join('\n') : '').toBe(true);
  expect(c.glory).toBeGreaterThanOrEqual(0);
  for (const u of c.units) {
    expect(u.rank).toBe(rankFor(u.renown));
    expect(u.abilities.length + u.pendingRanks.length).toBe(u.rank === null ? 0 : RANKS.indexOf(u.rank) + 1);
    if (u.path) u.abilities.forEach((a, i) => expect(PATHS[u.path!].ranks[RANKS[i]].map((x) => x.name)).toContain(a));
    const prev = before?.units.find((x) => x.id === u.id);
    if (prev) expect(u.renown).toBeGreaterThanOrEqual(prev.renown);
    expect(u.unit.models.length % (u.reinforced ? 2 : 1)).toBe(0);
  }
  expect(orderOfBattlePoints(c)).toBe(c.units.reduce((t, u) => t + fieldedPoints(u), 0));
  expect(new Set(c.units.map((u) => u.id)).size).toBe(c.units.length);
  expect(c.units.some((u) => u.id === c.warlord)).toBe(true);
}

/** Picks the first offered ability for every pending rank (the warrior Path for HEROES, the attacker Path for the others). */
function chooseRanks(c: Campaign): Campaign {
  for (const u of c.units) {
    for (let k = 0; k < u.pendingRanks.length; k++) {
      const cur = c.units.find((x) => x.id === u.id)!;
      const path = cur.path ?? (hasKeyword(cur.unit, 'HERO') ? 'warrior' : 'attacker');
      const r = chooseRankAbility(c, u.id, PATHS[path].ranks[cur.pendingRanks[0]][0].name, cur.path ? undefined : path);
      if (!r.ok) throw new Error(JSON.stringify(r.refusals));
      const next = r.value;
      invariants(next, c);
      c = next;
    }
  }
  return c;
}

async function campaignOfThree(seed: number): Promise<{ a: Campaign; b: Campaign; log: string[] }> {
  let a = start('a-');
  let b = start('b-');
  const log: string[] = [];
  const extra = parseRoster(testArmy('Stormcast Eternals', 'a-'));
  if (!extra.ok) throw new Error('army');
  const ballista = extra.roster.units.find((u) => u.id === 'a-ballista') as RosterUnit;
  const plans = ['the-ruined-settlement', 'wreck-and-ruin', 'the-decisive-battle'];
  for (let k = 0; k < plans.length; k++) {
    a = chooseRanks(a);
    b = chooseRanks(b);
    const game = playBattle(plans[k], army(a, 1500), army(b, 1500), seed + k);
    if (k === 0) {
      // The saved game replays to the same end (as `campaign aftermath --game` reads it).
      const replayed = await replayGame(JSON.parse(JSON.stringify(game.saved)), readBundledNode);
      expect(replayed.state.ascension?.result).toEqual(game.state.ascension?.result);
      expect(replayed.state.players).toEqual(game.state.players);
    }
    for (const [side, player] of [['a', 'p1'], ['b', 'p2']] as const) {
      const c = side === 'a' ? a : b;
      const o = outcomeFromGame(game.state, player, c);
      if (!o.ok) throw new Error(JSON.stringify(o.refusals));
      expect(o.value.pointsLimit).toBe(1500);
      expect(Object.keys(o.value.units).sort()).toEqual(c.units.map((u) => u.id).sort());
      const favoured = c.units.find((u) => u.id !== c.warlord && !u.unique)?.id;
      const choices = side === 'a' && k === 1 ? { add: [ballista] } : side === 'a' && k === 2 ? { reinforce: ['a-liberators'] } : {};
      const r = runAftermath(c, o.value, { seed: seed * 10 + k, ...(favoured ? { favoured } : {}), ...choices });
      if (!r.ok) throw new Error(JSON.stringify(r.refusals));
      invariants(r.value.campaign, c);
      expect(r.value.campaign.glory).toBe(c.glory + r.value.aftermath.glory.total - r.value.aftermath.glory.spent);
      log.push(`${plans[k]} ${side}: ${o.value.result}, +${r.value.aftermath.glory.total} glory, spent ${r.value.aftermath.glory.spent}`);
      if (side === 'a') a = r.value.campaign;
      else b = r.value.campaign;
    }
  }
  a = chooseRanks(a);
  b = chooseRanks(b);
  return { a, b, log };
}

describe('a three-battle campaign headless', () => {
  it('battle, aftermath, rank choices, add and reinforce: invariants after every step; the same seed, the same campaign', async () => {
    const one = await campaignOfThree(11);
    expect(one.a.battles.length).toBe(3);
    expect(one.a.battles[1].orderOfBattle.added).toBe('a-ballista');
    expect(one.a.battles[2].orderOfBattle.reinforced).toBe('a-liberators');
    expect(one.a.units.find((u) => u.id === 'a-liberators')!.unit.models.length).toBe(10);
    expect(one.a.units.find((u) => u.id === 'a-knight')!.renown).toBeGreaterThanOrEqual(5 + 3);
    expect(one.a.units.every((u) => u.pendingRanks.length === 0)).toBe(true);
    const two = await campaignOfThree(11);
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
  }, 400_000);
});
