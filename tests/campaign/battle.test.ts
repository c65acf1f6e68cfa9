/**
 * The campaign screen's helpers (src/campaign/battle.ts): the battleplan rolled on the table (a
 * seeded D6 in the battlepack's order), the warlord candidates with their refusals (Roster › 1, the
 * Paths' keywords), and a battle ended by the players after its first battle round, played on the
 * real engine (Glorious Victory on the victory points so far, T-53's margins).
 */
import { describe, expect, it } from 'vitest';
import { drawArmy } from '../../src/campaign/army';
import { outcomeEndedHere, rollBattleplan, warlordCandidates } from '../../src/campaign/battle';
import { CampaignDice } from '../../src/campaign/dice';
import { chooseRankAbility, newCampaign } from '../../src/campaign/roster';
import { testArmy } from '../../src/campaign/testArmy';
import { openGame, prepareGame } from '../../src/game/start';
import { ASCENSION_IDS } from '../../src/rules/engine/ascension';
import { reduce } from '../../src/rules/engine/reduce';
import { parseRoster } from '../../src/rules/engine/roster';
import type { GameState } from '../../src/rules/engine/state';
import { PTG_TABLE } from './play';

const ok = <T>(r: { ok: true; value: T } | { ok: false; refusals: readonly { rule: string; message: string }[] }): T => {
  if (!r.ok) throw new Error(r.refusals.map((x) => `${x.rule}: ${x.message}`).join('\n'));
  return r.value;
};

describe('rollBattleplan (Ascension › Path to Glory Battles › 2)', () => {
  it('a D6 from the seed: face n is the n-th battleplan of the battlepack; the same seed, the same battleplan', () => {
    const seen = new Set<string>();
    for (let s = 0; s < 60; s++) {
      const r = rollBattleplan(`${s}:battleplan`);
      const face = new CampaignDice(`${s}:battleplan`).roll(1, 6, 'x')[0];
      expect(r.roll.dice).toEqual([face]);
      expect(r.battleplan).toBe(ASCENSION_IDS[face - 1]);
      expect(rollBattleplan(`${s}:battleplan`)).toEqual(r);
      seen.add(r.battleplan);
    }
    expect([...seen].sort()).toEqual([...ASCENSION_IDS].sort());
    expect(rollBattleplan(1).roll.why).toMatch(/^battleplan: D6/);
  });
});

describe('warlordCandidates (Ascension › Path to Glory Roster › 1)', () => {
  it('every HERO, the ineligible ones with the rule refusing them, and the Paths each may walk', () => {
    const r = parseRoster(testArmy());
    if (!r.ok) throw new Error('test army');
    const c = Object.fromEntries(warlordCandidates(r.roster.units, r.roster.faction).map((x) => [x.id, x]));
    expect(Object.keys(c)).toEqual(['knight', 'arcanum', 'relictor', 'gardus', 'drake', 'pair']);
    expect(c.knight.refusals).toEqual([]);
    expect(c.knight.paths).toEqual(['warrior', 'leader']);
    expect(c.arcanum.paths).toEqual(['warrior', 'leader', 'mage']);
    expect(c.relictor.paths).toEqual(['warrior', 'leader', 'devout']);
    expect(c.gardus.refusals.map((x) => x.message)).toEqual(['warlord "gardus": the warlord cannot be UNIQUE']);
    expect(c.drake.refusals.map((x) => x.message)).toEqual(['warlord "drake": the warlord must have a points value of 350 or less (it has 390)']);
    expect(c.pair.refusals.map((x) => `${x.rule}: ${x.message}`)).toEqual(['Ascension › Path to Glory Roster › 1: warlord "pair": the warlord must be a single model (it has 2)']);
  });
});

describe('outcomeEndedHere: a battle ended by the players before its last round', () => {
  const c = ok(chooseRankAbility(ok(newCampaign(testArmy(), { warlord: 'knight', path: 'warrior', units: ['liberators', 'sequitors'] })), 'knight', 'Berserker'));
  const p1 = ok(drawArmy(c, { pointsLimit: 1000 }));
  const p2 = testArmy('Skaven', 'x-');
  const prepared = prepareGame({ scenario: structuredClone(PTG_TABLE), meshes: new Map(), carried: {}, armies: { p1: { army: 'south', roster: p1 }, p2: { army: 'north', roster: p2 } }, seed: 5, battleplan: 'the-decisive-battle' });
  if (!prepared.ok) throw new Error(prepared.problems.join('\n'));
  const opened = openGame(prepared.setup, new Map(), prepared.terrain);
  if (!opened.ok) throw new Error(opened.problems.join('\n'));
  const { port } = opened.game;
  const act = (s: GameState, a: unknown): GameState => {
    const r = reduce(s, a, port);
    if (!r.ok) throw new Error(`${JSON.stringify(a)}: ${r.reason}`);
    return r.state;
  };
  const s0 = opened.game.state;

  it('refused before the first battle round (no battle fought)', () => {
    expect(s0.stage).toBe('firstTurn');
    const r = outcomeEndedHere(s0, 'p1', c);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.refusals[0].rule).toBe('Ascension › The Aftermath Sequence');
  });

  it('after the first battle round: the units that took part, the result on the victory points so far', () => {
    let s = act(s0, { type: 'chooseFirstTurn', player: s0.decider, first: 'p1' });
    for (let i = 0; i < 40 && s.round === 1 && s.stage === 'turn'; i++) s = act(s, { type: 'endPhase', player: s.active });
    // Round 2 begins with its priority roll (Core 12.0).
    expect([s.round, s.stage]).toEqual([2, 'firstTurn']);
    const r = ok(outcomeEndedHere(s, 'p1', c));
    expect(r.units).toEqual({ knight: 'survived', liberators: 'survived', sequitors: 'survived' });
    expect(r.pointsLimit).toBe(1000);
    expect(r.generalSlain).toBe(false);
    const lead = s.players.p1.vp - s.players.p2.vp;
    expect(r.result).toBe(lead >= 5 ? 'major-victory' : lead >= 1 ? 'minor-victory' : lead === 0 ? 'draw' : lead <= -5 ? 'major-defeat' : 'minor-defeat');
    // T-53's margins on the same state: 14 vs 9 a major victory, 14 vs 10 a minor one, for p2 the defeats.
    const withVp = (a: number, b: number): GameState => ({ ...s, players: { p1: { ...s.players.p1, vp: a }, p2: { ...s.players.p2, vp: b } } });
    expect(ok(outcomeEndedHere(withVp(14, 9), 'p1', c)).result).toBe('major-victory');
    expect(ok(outcomeEndedHere(withVp(14, 10), 'p1', c)).result).toBe('minor-victory');
    expect(ok(outcomeEndedHere(withVp(9, 14), 'p1', c)).result).toBe('major-defeat');
    expect(ok(outcomeEndedHere(withVp(7, 7), 'p1', c)).result).toBe('draw');
  });
});
