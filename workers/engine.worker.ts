/**
 * The engine Web Worker: exposes one {@link EngineApi} over comlink, then posts
 * {@link ENGINE_READY_MESSAGE}. Construct it from the page with
 * `new Worker(new URL('../workers/engine.worker.ts', import.meta.url), {type: 'module'})`, normally
 * through `createEngineClient` (src/client/engineClient.ts), which adds restart-on-crash.
 * It starts one nested worker, the visibility helper (`workers/visibilityHelper.worker.ts`), on
 * the first load, and mirrors the world into it (see `EngineApi.visibilityMatrix`).
 * `self` is passed explicitly: comlink's default endpoint is `globalThis`, which is not the worker
 * scope under `@vitest/web-worker`.
 */
import * as Comlink from 'comlink';
import { EngineApi } from './engineApi';
import { webWorkerHelper } from './helperLink';
import { ENGINE_READY_MESSAGE } from './protocol';
import { timedApi } from './timedApi';

// A nested worker (the visibility helper) shares whole-table visibility jobs: both cores.
Comlink.expose(timedApi(new EngineApi({}, webWorkerHelper)), self);
self.postMessage(ENGINE_READY_MESSAGE);
