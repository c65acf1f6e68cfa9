/**
 * Headless replay of a saved game of either format (`npm run replay`, tests, the bench): the
 * set-up opened on its table (`openGame`), then every action through `reduce`.
 *
 * @module
 */
import { reduce } from '../rules/engine/reduce';
import type { GameState } from '../rules/engine/state';
import { summarise, type ReplayResult } from '../rules/engine/worldPortGame';
import { upgradeSavedGame } from './savedGame';
import { openGame, type OpenedGame } from './start';
import { loadCarriedMeshes, type BundledMeshReader } from './table';

/**
 * Opens a saved game (either format) at its start: its initial state and its table.
 * @throws Error listing every problem with its path.
 */
export async function openSavedGame(json: unknown, readBundled: BundledMeshReader): Promise<{ game: OpenedGame; actions: unknown[] }> {
  const up = upgradeSavedGame(json);
  if (!up.ok) throw new Error(up.problems.join('; '));
  const { actions, ...setup } = up.saved;
  const meshes = await loadCarriedMeshes(setup.table.meshes, readBundled);
  if (!meshes.ok) throw new Error(meshes.problems.map((p) => `table.${p}`).join('; '));
  const o = openGame(setup, meshes.meshes);
  if (!o.ok) throw new Error(o.problems.join('; '));
  return { game: o.game, actions };
}

/**
 * Replays a saved game (either format) headless.
 * @throws Error for an invalid file, or naming the index of the first rejected action.
 */
export async function replayGame(json: unknown, readBundled: BundledMeshReader): Promise<ReplayResult> {
  const { game, actions } = await openSavedGame(json, readBundled);
  let state: GameState = game.state;
  actions.forEach((a, i) => {
    const r = reduce(state, a, game.port);
    if (!r.ok) throw new Error(`action ${i} rejected: ${r.reason} (${r.rule}): ${JSON.stringify(a)}`);
    state = r.state;
  });
  return { state, summary: summarise(state) };
}
