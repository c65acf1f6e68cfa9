/**
 * The visibility helper in a Node worker thread, as `workers/node/visibilityHelperThread.ts`, which
 * can also tell the engine's thread, without a message, how many layout steps it has answered: after
 * `watchSteps(buffer)`, every `layoutSteps` call adds its step count to the buffer's first Int32
 * (`Atomics.add`, then `Atomics.notify`) once its answer has been posted. A test that blocks the
 * engine's thread with `Atomics.wait` on it (tests/worker/layoutJob.test.ts, "the helper dies
 * mid-run") then knows that the helper's answer is queued before the engine may run the step
 * itself: no race between the two threads. Bundled for the tests with the helper's own thread
 * module (`tests/nodeBundle.ts`, {@link signallingHelperEntry}).
 */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { VisibilityHelper, type LayoutStepAnswer } from '../../workers/visibilityHelper';

/** {@link VisibilityHelper} that counts its answered layout steps into a shared buffer. */
export class SignallingHelper extends VisibilityHelper {
  private answered: Int32Array | null = null;

  /** From now on, counts answered layout steps into `buffer`'s first Int32 (a SharedArrayBuffer of at least 4 bytes). */
  watchSteps(buffer: SharedArrayBuffer): void {
    this.answered = new Int32Array(buffer, 0, 1);
  }

  override layoutSteps(id: number, steps: number[]): LayoutStepAnswer[] {
    const answers = super.layoutSteps(id, steps);
    const answered = this.answered;
    // comlink posts the answer in a microtask after this returns; an immediate runs after it, so
    // the count rises only once the answer is on its way to the engine.
    if (answered) {
      setImmediate(() => {
        Atomics.add(answered, 0, steps.length);
        Atomics.notify(answered, 0);
      });
    }
    return answers;
  }
}

if (!parentPort) throw new Error('signallingHelperThread: not in a worker thread');
Comlink.expose(new SignallingHelper(), nodeEndpoint(parentPort));
