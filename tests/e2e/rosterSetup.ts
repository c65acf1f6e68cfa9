/**
 * The roster-import set-up the real-army browser tests share (abilities34, realArmy): a real New
 * Recruit export of tests/fixtures/rosters read with the game worker's API, a battle of it (p1,
 * south) against the Skaven sample (p2, north) set up automatically on the sample table, seed 7,
 * p1 taking the first turn. Made in Node (no page): the tests save it and load it in the app.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBundledNode } from '../../src/game/node';
import { GameApi } from '../../src/game/session';
import { defaultBundledMeshes, sampleRosters, sampleTable } from '../../workers/gameSetup';
import { assert } from './harness';

/** The Kruleboyz export the real-army tests play (`list.ros` and `list.json`). */
export const KRULEBOYZ_LIST = 'tests/fixtures/rosters/new-recruit/kb-001-all-units';

/** The army read from a roster file (the API's `readArmy` answer when it is read). */
export type ImportedArmy = Extract<ReturnType<GameApi['readArmy']>, { ok: true }>['army'];

/** What {@link realArmyBattle} gives: the API holding the battle, the army read, and its p2 roster. */
export interface RealArmyBattle {
  readonly api: GameApi;
  readonly army: ImportedArmy;
}

/**
 * Reads `<root>/<list>/list.ros` and starts the battle: the army (p1, south) against the Skaven
 * sample (p2, north; `p2` changes that roster before the battle starts), p1 first.
 * @param root The repository root (the E2E context's `root`).
 * @param list The export's folder under the root (default the Kruleboyz).
 * @param p2 Optional: the Skaven sample roster changed (e.g. an ability added); returns the roster to play.
 * Throws (the test's assertion) when the export is not read or the battle does not start.
 */
export async function realArmyBattle(root: string, list = KRULEBOYZ_LIST, p2?: (roster: ReturnType<typeof sampleRosters>['p2']) => ReturnType<typeof sampleRosters>['p2']): Promise<RealArmyBattle> {
  const api = new GameApi({ readBundled: readBundledNode });
  const read = api.readArmy(readFileSync(join(root, list, 'list.ros')), 'list.ros');
  assert(read.ok, `the export ${list} is read`);
  const sample = sampleRosters().p2;
  const started = await api.startOnTable({ seed: 7, scenario: sampleTable({}), bundled: defaultBundledMeshes(), armies: { p1: { army: 'south', roster: read.army }, p2: { army: 'north', roster: p2 ? p2(sample) : sample } } });
  assert(started.ok, `the battle starts: ${started.ok ? '' : started.problems.join('; ')}`);
  const decider = (api.summary() as unknown as { decider: 'p1' | 'p2' }).decider;
  assert(api.act({ type: 'chooseFirstTurn', player: decider, first: 'p1' }).ok, 'p1 takes the first turn');
  return { api, army: read.army };
}
