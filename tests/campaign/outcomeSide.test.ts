/**
 * The aftermath reads the outcome for the campaign's player, whichever seat its army played
 * (issue 26 item 5: the campaign's army may play p2): the Order of Battle units and the Glorious
 * Victory result are p2's, a withdrawal is a major defeat whatever the victory points
 * (Ascension › Path to Glory Battles › Withdrawing from Battle, T-53), and the other seat has no
 * unit of the campaign (refused).
 */
import { describe, expect, it } from 'vitest';
import { drawArmy } from '../../src/campaign/army';
import { gloriousVictory, outcomeFromGame } from '../../src/campaign/outcome';
import { newCampaign } from '../../src/campaign/roster';
import { testArmy } from '../../src/campaign/testArmy';
import { openGame, prepareGame } from '../../src/game/start';
import { reduce } from '../../src/rules/engine/reduce';
import type { Campaign } from '../../src/campaign/schema';
import type { GameState } from '../../src/rules/engine/state';
import { PTG_TABLE } from './play';

const ok = <T>(r: { ok: true; value: T } | { ok: false; refusals: readonly { rule: string; message: string }[] }): T => {
  if (!r.ok) throw new Error(r.refusals.map((x) => `${x.rule}: ${x.message}`).join('\n'));
  return r.value;
};

/** The Ruined Settlement, the campaign's drawn army p2 in the north, the Skaven sample p1 in the south. */
function campaignAsP2() {
  const c: Campaign = ok(newCampaign(testArmy(), { warlord: 'knight', path: 'warrior', units: ['liberators', 'sequitors'], name: 'Seat two' }));
  const army = ok(drawArmy(c, { pointsLimit: 1000 }));
  const prepared = prepareGame({ scenario: structuredClone(PTG_TABLE), meshes: new Map(), carried: {}, armies: { p1: { army: 'south', roster: testArmy('Skaven', 'x-') }, p2: { army: 'north', roster: army } }, seed: 5, battleplan: 'the-ruined-settlement' });
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const opened = openGame(prepared.setup, new Map(), prepared.terrain);
  if (!opened.ok) throw new Error(opened.problems.join('\n'));
  return { c, s: opened.game.state, port: opened.game.port };
}

const modelIds = (s: GameState, unitId: string) => s.players.p2.roster.units.find((u) => u.id === unitId)!.models.map((m) => m.id);

describe('outcomeFromGame for the campaign army played as p2', () => {
  it('a withdrawal by p2 while ahead on victory points: p2 suffers a major defeat, its destroyed units read as destroyed', () => {
    const { c, s: s0, port } = campaignAsP2();
    expect(s0.players.p2.roster.campaign?.name).toBe('Seat two');
    expect(s0.ascension?.startingUnits.p2).toEqual(['knight', 'liberators', 'sequitors']);
    // p2's hero phase, 2 of its 3 starting units destroyed (T-54: at least half), 10 VP to 0.
    const s: GameState = { ...structuredClone(s0), stage: 'turn', round: 2, active: 'p2', phase: 'hero' };
    s.units.liberators.slain = modelIds(s, 'liberators');
    s.units.sequitors.slain = modelIds(s, 'sequitors');
    s.players.p2.vp = 10;
    s.players.p1.vp = 0;
    const r = reduce(s, { type: 'withdraw', player: 'p2' }, port);
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.stage).toBe('ended');
    const o = ok(outcomeFromGame(r.state, 'p2', c));
    // Not a major victory by the 10-0 lead: the withdrawal decides (gloriousResult, T-53).
    expect(o.result).toBe('major-defeat');
    expect(o.units).toEqual({ knight: 'survived', liberators: 'destroyed', sequitors: 'destroyed' });
    expect(o.generalSlain).toBe(false);
    expect(o.victoryPoints).toBe(10);
    // p1 (the Skaven) has no unit of the campaign: refused, with the rule.
    const p1 = outcomeFromGame(r.state, 'p1', c);
    expect(!p1.ok && p1.refusals.map((x) => x.rule)).toEqual(['CAMPAIGN.md › army']);
  });

  it('a battle ended after its last battle round: p2\'s Glorious Victory result, the mirror of p1\'s', () => {
    const { c, s: s0, port } = campaignAsP2();
    // The last turn of battle round 5, its end of turn: ending it ends the battle (Core 33.0).
    const s: GameState = { ...structuredClone(s0), stage: 'turn', round: 5, turnInRound: 1, active: 'p2', phase: 'endOfTurn', firstPlayer: 'p1' };
    s.players.p1.vp = 3;
    s.players.p2.vp = 11;
    const r = reduce(s, { type: 'endPhase', player: 'p2' }, port);
    if (!r.ok) throw new Error(r.reason);
    const e = r.state;
    expect(e.stage).toBe('ended');
    // The end-of-turn scoring may add to p2's 11; the result follows the final points.
    expect(e.players.p2.vp).toBeGreaterThanOrEqual(11);
    const o = ok(outcomeFromGame(e, 'p2', c));
    expect(o.result).toBe(gloriousVictory(e.players.p2.vp, e.players.p1.vp));
    expect(o.result).toBe('major-victory');
    expect(o.result).toBe(e.ascension?.result?.p2);
    expect(e.ascension?.result?.p1).toBe('major-defeat');
    expect(o.units).toEqual({ knight: 'survived', liberators: 'survived', sequitors: 'survived' });
  });
});
