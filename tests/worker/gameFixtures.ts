/** A scripted hot-seat battle round 1 shared by the game worker tests. */
import type { Action } from '../../src/rules/engine';
import { hotseatSetup, placementOf } from '../../workers/gameSetup';

/** The Liberators' move onto obj-sw: every model 4.5" north (the Move is 5"). */
export function liberatorsForward(setup = hotseatSetup(7), dy = 4.5): Action {
  const pl = placementOf(setup);
  const ids = Object.keys(pl).filter((k) => k.startsWith('sce-liberators-'));
  return { type: 'move', player: 'p1', unitId: 'sce-liberators', kind: 'normal', paths: Object.fromEntries(ids.map((id) => [id, [[pl[id][0], pl[id][1] + dy]]])) };
}

/** Round 1: p1 first; p1 moves the Liberators onto obj-sw and ends every phase; p2 ends every phase. */
export function roundOne(setup = hotseatSetup(7)): Action[] {
  const end = (player: 'p1' | 'p2', n: number): Action[] => Array.from({ length: n }, () => ({ type: 'endPhase', player }));
  return [{ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }, ...end('p1', 2), liberatorsForward(setup), ...end('p1', 5), ...end('p2', 7)];
}
