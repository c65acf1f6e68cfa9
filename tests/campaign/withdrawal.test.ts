/**
 * Issue 37 item 7: withdrawing from battle with something left for the opponent to achieve
 * (Ascension › Path to Glory Battles › Withdrawing from Battle: "If there is anything your opponent
 * still needs to achieve in the battle (such as fulfilling the criteria of a quest), the remaining
 * battle rounds are played through to their conclusion."). Sightline's interpretation
 * (docs/interpretations.md, "Withdrawal with a quest left"): the battle ends at once; the clues
 * found so far count, and those the remaining rounds could have given are entered in the aftermath
 * (`--quest-points`, the app's extra quest points). This test pins that behaviour on a real World:
 * the campaign army (p1) on Search for the Artefact with 1 clue found, the opponent withdrawing in
 * round 2.
 */
import { describe, expect, it } from 'vitest';
import { runAftermath } from '../../src/campaign/aftermath';
import { drawArmy } from '../../src/campaign/army';
import { outcomeFromGame } from '../../src/campaign/outcome';
import { newCampaign } from '../../src/campaign/roster';
import type { Campaign } from '../../src/campaign/schema';
import { testArmy } from '../../src/campaign/testArmy';
import { openGame, prepareGame } from '../../src/game/start';
import { reduce } from '../../src/rules/engine/reduce';
import type { GameState } from '../../src/rules/engine/state';
import { PTG_TABLE } from './play';

const ok = <T>(r: { ok: true; value: T } | { ok: false; refusals: readonly { rule: string; message: string }[] }): T => {
  if (!r.ok) throw new Error(r.refusals.map((x) => `${x.rule}: ${x.message}`).join('\n'));
  return r.value;
};

describe('a withdrawal with a clue search left', () => {
  it('the opponent withdraws in round 2 while p1 searches for the artefact (1 clue found): the battle ends at once, p1 wins a major victory, the clue counts; the rounds left are quest points entered by hand', () => {
    const c: Campaign = ok(newCampaign(testArmy(), { warlord: 'knight', path: 'warrior', units: ['liberators', 'sequitors'], name: 'Seekers', quest: 'search-for-the-artefact' }));
    const army = ok(drawArmy(c, { pointsLimit: 1000 }));
    const prepared = prepareGame({ scenario: structuredClone(PTG_TABLE), meshes: new Map(), carried: {}, armies: { p1: { army: 'south', roster: army }, p2: { army: 'north', roster: testArmy('Skaven', 'x-') } }, seed: 5, battleplan: 'the-ruined-settlement' });
    if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
    const opened = openGame(prepared.setup, new Map(), prepared.terrain);
    if (!opened.ok) throw new Error(opened.problems.join('\n'));
    const s0 = opened.game.state;
    expect(s0.battleplan.ascension?.quests).toEqual({ p1: 'search-for-the-artefact' });
    // p2's hero phase in round 2: half its 10 starting units destroyed (T-54), p1 has found 1 clue.
    const s: GameState = { ...structuredClone(s0), stage: 'turn', round: 2, active: 'p2', phase: 'hero' };
    const starting = s.ascension!.startingUnits.p2;
    expect(starting.length).toBe(10);
    for (const id of starting.slice(0, 5)) s.units[id].slain = s.players.p2.roster.units.find((u) => u.id === id)!.models.map((m) => m.id);
    s.ascension!.clues = { p1: 1, p2: 0 };
    const r = reduce(s, { type: 'withdraw', player: 'p2' }, opened.game.port);
    if (!r.ok) throw new Error(r.reason);
    // The interpretation: the battle ends at once, even with clue searches left for p1 in rounds 2-5.
    expect([r.state.stage, r.state.round, r.state.ascension!.withdrawn, r.state.ascension!.result]).toEqual(['ended', 2, 'p2', { p1: 'major-victory', p2: 'major-defeat' }]);
    const o = ok(outcomeFromGame(r.state, 'p1', c));
    expect([o.result, o.questPoints]).toEqual(['major-victory', 1]);
    // Two more clues found on the table in the rounds played through by hand: the quest completes (3 points).
    const a = ok(runAftermath(c, { ...o, questPoints: (o.questPoints ?? 0) + 2 }, { seed: 1 }));
    expect(a.aftermath.quest).toMatchObject({ id: 'search-for-the-artefact', points: 3, completed: true });
  });
});
