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

Comlink.expose(new GameApi(), self);
self.postMessage(GAME_READY_MESSAGE);
