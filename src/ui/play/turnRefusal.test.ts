import { describe, expect, it } from 'vitest';
import type { GameSummary } from '../../client/gameClient';
import { turnRefusal } from './turnRefusal';

/** The parts of a summary `turnRefusal` reads: p1's turn, a unit each, p2's with or without a move declared. */
function summary(over: Partial<GameSummary> = {}, p2Pending: GameSummary['units'][number]['pendingMove'] = null): GameSummary {
  return {
    stage: 'turn',
    toAct: 'p1',
    replay: null,
    armies: { p1: 'Stormcast Eternals', p2: 'Skaven' },
    units: [
      { id: 'lib', name: 'Liberators', owner: 'p1', pendingMove: null },
      { id: 'rats', name: 'Clanrats', owner: 'p2', pendingMove: p2Pending },
    ],
    ...over,
  } as unknown as GameSummary;
}

describe('turnRefusal: dragging a model when its player is not to act', () => {
  it("p1 to act: p2's Clanrats are refused by name and army, p1's Liberators are not", () => {
    expect(turnRefusal(summary(), 'rats')).toEqual({ kind: 'refused', text: "It is Stormcast Eternals's turn to act: Clanrats (Skaven) cannot move now." });
    expect(turnRefusal(summary(), 'lib')).toBeNull();
  });
  it('p2 to act (a reaction, a rally, deploying): the Liberators are refused', () => {
    expect(turnRefusal(summary({ toAct: 'p2' }), 'lib')?.text).toBe("It is Skaven's turn to act: Liberators (Stormcast Eternals) cannot move now.");
  });
  it('a unit with a move declared (a Redeploy in the opponent\'s turn) is left to the engine', () => {
    expect(turnRefusal(summary({}, { kind: 'redeploy', maxInches: 6 }), 'rats')).toBeNull();
  });
  it('nobody to act, the battle over, a replay, an unknown unit: no refusal', () => {
    expect(turnRefusal(summary({ toAct: null }), 'rats')).toBeNull();
    expect(turnRefusal(summary({ stage: 'ended' } as Partial<GameSummary>), 'rats')).toBeNull();
    expect(turnRefusal(summary({ replay: { index: 1, total: 3 } }), 'rats')).toBeNull();
    expect(turnRefusal(summary(), 'nope')).toBeNull();
    expect(turnRefusal(null, 'rats')).toBeNull();
  });
});
