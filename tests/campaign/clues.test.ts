/**
 * Search for the Artefact (Ascension › Quests) from the campaign to the game and back: the quest
 * rides the army drawn (`campaign army`) into the battleplan's setup, the engine counts clues in
 * `state.ascension.clues`, and the aftermath's `--game` path reads them as quest points.
 */
import { describe, expect, it } from 'vitest';
import { drawArmy } from '../../src/campaign/army';
import { cluesFoundInGame, outcomeFromGame } from '../../src/campaign/outcome';
import { newCampaign } from '../../src/campaign/roster';
import { testArmy } from '../../src/campaign/testArmy';
import { openGame, prepareGame } from '../../src/game/start';
import type { Campaign } from '../../src/campaign/schema';
import type { GameState } from '../../src/rules/engine/state';
import { PTG_TABLE } from './play';

const ok = <T>(r: { ok: true; value: T } | { ok: false; refusals: readonly { rule: string; message: string }[] }): T => {
  if (!r.ok) throw new Error(r.refusals.map((x) => `${x.rule}: ${x.message}`).join('\n'));
  return r.value;
};

function start(quest: boolean): { s: GameState; c: Campaign } {
  const c = ok(newCampaign(testArmy(), { warlord: 'knight', path: 'warrior', units: ['liberators', 'sequitors'], ...(quest ? { quest: 'search-for-the-artefact' } : {}) }));
  const p1 = ok(drawArmy(c, { pointsLimit: 1000 }));
  const prepared = prepareGame({ scenario: structuredClone(PTG_TABLE), meshes: new Map(), carried: {}, armies: { p1: { army: 'south', roster: p1 }, p2: { army: 'north', roster: testArmy('Skaven', 'x-') } }, seed: 5, battleplan: 'the-ruined-settlement' });
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const opened = openGame(prepared.setup, new Map(), prepared.terrain);
  if (!opened.ok) throw new Error(opened.problems.join('\n'));
  return { s: opened.game.state, c };
}

describe('Search for the Artefact: the quest in the game, the clues in the aftermath', () => {
  it('the army drawn carries the quest; the battleplan carries it and the game keeps a clue count', () => {
    const { s } = start(true);
    expect(s.players.p1.roster.campaign?.quest).toBe('search-for-the-artefact');
    expect(s.battleplan.ascension?.quests).toEqual({ p1: 'search-for-the-artefact' });
    expect(s.ascension?.clues).toEqual({ p1: 0, p2: 0 });
  });
  it('"you gain 1 quest point" per clue: a finished game with 2 clues found gives 2 quest points to the aftermath', () => {
    const { s, c } = start(true);
    const ended: GameState = { ...structuredClone(s), stage: 'ended' };
    ended.ascension!.clues = { p1: 2, p2: 0 };
    expect(cluesFoundInGame(ended, 'p1')).toBe(2);
    expect(cluesFoundInGame(ended, 'p2')).toBeNull();
    expect(ok(outcomeFromGame(ended, 'p1', c)).questPoints).toBe(2);
  });
  it('without a quest: no quests in the setup, no clue count', () => {
    const { s } = start(false);
    expect(s.players.p1.roster.campaign?.quest).toBeUndefined();
    expect(s.battleplan.ascension).not.toHaveProperty('quests');
    expect(s.ascension).not.toHaveProperty('clues');
  });
});
