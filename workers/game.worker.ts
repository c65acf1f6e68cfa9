/**
 * The game Web Worker: exposes one {@link GameApi} (the rules engine's game state over the
 * battlefield's world port) over comlink, then posts {@link GAME_READY_MESSAGE}. Construct it with
 * `new Worker(new URL('../workers/game.worker.ts', import.meta.url), {type: 'module'})`, normally
 * through `createGameClient` (src/client/gameClient.ts). `self` is passed explicitly (see
 * engine.worker.ts).
 */
import * as Comlink from 'comlink';
import { GameApi } from './gameApi';
import { GAME_READY_MESSAGE } from './gameProtocol';
import { BUNDLED_MESHES } from '../src/ui/assetUrls';

// Bundled meshes (a saved game carries them by id) are fetched from where vite serves them.
const readBundled = async (path: string): Promise<ArrayBuffer> => {
  const url = BUNDLED_MESHES.get(path);
  if (!url) throw new Error(`"${path}" is not bundled with this version of Sightline`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status} fetching ${path}`);
  return res.arrayBuffer();
};

Comlink.expose(new GameApi({ readBundled }), self);
self.postMessage(GAME_READY_MESSAGE);
