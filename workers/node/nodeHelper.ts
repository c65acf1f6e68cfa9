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

/**
 * Starts the helper's thread from `entry`: by default `visibilityHelper.node.mjs`, which loads the
 * TypeScript through tsx; the tests pass a bundle of `visibilityHelperThread.ts` (`tests/nodeBundle.ts`),
 * the same module without the loader's cost in every thread.
 */
export function nodeThreadHelper(entry: URL = new URL('./visibilityHelper.node.mjs', import.meta.url)): HelperLink {
  const worker = new Worker(entry);
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
