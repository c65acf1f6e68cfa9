/**
 * An {@link EngineApi} in a Node worker thread, reached through comlink: the bench's stand-in for
 * the browser's engine worker (its own heap, so the caller's objects do not weigh on its garbage
 * collector), with or without its nested visibility helper thread.
 */
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { EngineApi } from '../engineApi';
import { failureSignal } from '../helperLink';

export interface NodeEngine {
  api: Comlink.Remote<EngineApi>;
  /** Rejects when the thread errors or exits (comlink's pending calls would otherwise wait forever): race calls against it. */
  failed: Promise<never>;
  terminate: () => Promise<number>;
}

/** Starts the engine thread; `helper` gives it a visibility helper thread of its own. */
export function nodeThreadEngine(helper: boolean): NodeEngine {
  const worker = new Worker(new URL('./engine.node.mjs', import.meta.url), { workerData: { helper } });
  const { failed, fail } = failureSignal('engine thread');
  worker.on('error', (e) => fail(e.message));
  worker.on('exit', (code) => fail(`exited (code ${code})`));
  return {
    api: Comlink.wrap<EngineApi>(nodeEndpoint(worker)),
    failed,
    terminate: () => {
      fail('terminated');
      return worker.terminate();
    },
  };
}
