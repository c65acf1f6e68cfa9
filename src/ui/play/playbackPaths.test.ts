/**
 * What the table plays of the other player's actions online (issue 25 leftover: their deployment
 * animated too): moves and pile-ins along their paths, set-ups (deployment, reserves) as a glide
 * to each model's position.
 */
import { describe, expect, it } from 'vitest';
import { playbackPaths } from './playbackPaths';

describe('playbackPaths', () => {
  it('a move and a pile-in: their paths as sent', () => {
    const move = { type: 'move', player: 'p2', unitId: 'u', kind: 'normal', paths: { a: [[1, 2], [3, 4]], b: [[5, 6]] } };
    const fight = { type: 'fight', player: 'p2', unitId: 'v', pileIn: { paths: { c: [[7, 8]] } } };
    expect(playbackPaths([move, fight])).toEqual({ a: [[1, 2], [3, 4]], b: [[5, 6]], c: [[7, 8]] });
  });
  it('a unit deployed and a unit set up from reserve: each model to its position', () => {
    const deploy = { type: 'deployUnit', player: 'p2', unitId: 'u', positions: { a: [10, 40], b: [11.5, 40] } };
    const reserve = { type: 'setUpReserve', player: 'p2', unitId: 'w', positions: { d: [2, 3] } };
    expect(playbackPaths([deploy, reserve])).toEqual({ a: [[10, 40]], b: [[11.5, 40]], d: [[2, 3]] });
  });
  it('actions that move nothing: no paths (a fight without a pile-in, the end of a phase, deployment ended)', () => {
    expect(playbackPaths([{ type: 'endPhase', player: 'p1' }, { type: 'fight', player: 'p1', unitId: 'u' }, { type: 'endDeployment', player: 'p2' }, { type: 'deployRegiment', player: 'p2', leader: 'x' }])).toEqual({});
  });
});
