/**
 * A {@link HelperLink} to a visibility helper in a Node worker thread: what the bench and tests give
 * `EngineApi` where there are no Web Workers. The thread is unref'd, so it never keeps the process
 * alive; `terminate()` ends it.
 */
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { failureSignal, type HelperLink } from '../helperLink';
import type { VisibilityHelper } from '../visibilityHelper';

export function nodeThreadHelper(): HelperLink {
  const worker = new Worker(new URL('./visibilityHelper.node.mjs', import.meta.url));
  worker.unref();
  const { failed, fail } = failureSignal();
  worker.on('error', (e) => fail(e.message));
  worker.on('exit', (code) => fail(`the thread exited (code ${code})`));
  return {
    api: Comlink.wrap<VisibilityHelper>(nodeEndpoint(worker)),
    failed,
    terminate: () => {
      fail('terminated');
      void worker.terminate();
    },
  };
}
