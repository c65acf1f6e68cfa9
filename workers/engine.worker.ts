/**
 * The engine Web Worker: exposes one {@link EngineApi} over comlink, then posts
 * {@link ENGINE_READY_MESSAGE}. Construct it from the page with
 * `new Worker(new URL('../workers/engine.worker.ts', import.meta.url), {type: 'module'})`, normally
 * through `createEngineClient` (src/client/engineClient.ts), which adds restart-on-crash.
 * `self` is passed explicitly: comlink's default endpoint is `globalThis`, which is not the worker
 * scope under `@vitest/web-worker`.
 */
import * as Comlink from 'comlink';
import { EngineApi } from './engineApi';
import { ENGINE_READY_MESSAGE } from './protocol';

Comlink.expose(new EngineApi(), self);
self.postMessage(ENGINE_READY_MESSAGE);
