/**
 * How the engine reaches its {@link VisibilityHelper} in another thread: the comlink proxy, a
 * promise that rejects if the thread fails, and a way to end it. The engine takes a
 * {@link HelperFactory}, so the same `EngineApi` uses a nested Web Worker in the browser
 * ({@link webWorkerHelper}) and a worker thread in Node (`workers/node/nodeHelper.ts`), or none.
 */
import * as Comlink from 'comlink';
import type { VisibilityHelper } from './visibilityHelper';

export interface HelperLink {
  /** The helper's API; every call returns a promise, answered in the order sent. */
  api: Comlink.Remote<VisibilityHelper>;
  /** Never resolves; rejects when the helper's thread fails (an uncaught error, or it exited). */
  failed: Promise<never>;
  /** Ends the helper's thread. */
  terminate(): void;
}

/** Starts a helper, or returns null when this environment has no threads to offer. */
export type HelperFactory = () => HelperLink | null;

/** A promise that rejects on `fail(reason)` and never resolves; unhandled rejections are silenced. */
export function failureSignal(what = 'visibility helper'): { failed: Promise<never>; fail: (reason: string) => void } {
  let fail: (reason: string) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = (reason) => reject(new Error(`${what}: ${reason}`));
  });
  failed.catch(() => {});
  return { failed, fail };
}

/**
 * A helper in a nested Web Worker (from the engine worker). Null where `Worker` does not exist or
 * the machine reports a single core (a second thread would only take turns with the first).
 */
export function webWorkerHelper(): HelperLink | null {
  if (typeof Worker === 'undefined') return null;
  const cores = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 2;
  if (cores < 2) return null;
  const worker = new Worker(new URL('./visibilityHelper.worker.ts', import.meta.url), { type: 'module', name: 'sightline-visibility-helper' });
  const { failed, fail } = failureSignal();
  worker.addEventListener('error', (e) => fail((e as ErrorEvent).message || 'the worker failed'));
  return {
    api: Comlink.wrap<VisibilityHelper>(worker),
    failed,
    terminate: () => {
      fail('terminated');
      worker.terminate();
    },
  };
}
