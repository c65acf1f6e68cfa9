/**
 * The game Web Worker: exposes one {@link GameSession} (`src/game/session.ts`: the rules engine's game
 * state over the battlefield's world port) over comlink, then posts {@link GAME_READY_MESSAGE}. Construct it with
 * `new Worker(new URL('../workers/game.worker.ts', import.meta.url), {type: 'module'})`, normally
 * through `createGameClient` (src/client/gameClient.ts). `self` is passed explicitly (see
 * engine.worker.ts).
 */
import * as Comlink from 'comlink';
import { GameSession } from '../src/game/session';
import { GAME_READY_MESSAGE } from './gameProtocol';
import { gameHost } from './gameHost';
import { timedApi } from './timedApi';
import { BUNDLED_MESHES } from '../src/ui/assetUrls';

// Bundled meshes (a saved game carries them by id) are fetched from where vite serves them; a
// worker run by Node (the worker tests under @vitest/web-worker) reads them from the checkout.
const readBundled = async (path: string): Promise<ArrayBuffer | Uint8Array> => {
  const node = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
  if (node && !path.split('/').includes('..') && path.startsWith('assets/')) {
    const fsModule = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ fsModule)) as { readFile: (u: URL) => Promise<Uint8Array> };
    return fs.readFile(new URL(`../${path}`, import.meta.url));
  }
  const url = BUNDLED_MESHES.get(path);
  if (!url) throw new Error(`"${path}" is not bundled with this version of Sightline`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`HTTP ${res.status} fetching ${path}`);
  return res.arrayBuffer();
};

// Every call timed in the worker for the Play probe (`timedApi.ts`: two clock reads a call).
Comlink.expose(timedApi(gameHost(new GameSession({ readBundled }))), self);
self.postMessage(GAME_READY_MESSAGE);
