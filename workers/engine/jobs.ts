/**
 * The engine's long jobs ({@link EngineJobs}, the second layer of `EngineApi`): one item at a time,
 * checking cancellation and scenario changes before each, yielding to the event loop every
 * {@link EngineOptions.yieldEveryMs} ms so a `cancel(jobId)` sent meanwhile is honoured, reporting
 * progress, and sharing items with the visibility helper when it is ready. Also the small tools
 * the layout job shares (yielding, the clock, progress callbacks).
 */
import { releaseProxy } from 'comlink';
import type { Answer } from '../../src/scenario/answer';
import { EngineCore } from './core';
import type { EngineOptions, JobStopped, Progress, ProgressCallback } from './types';

/** A running job, as its items see it. */
export interface RunningJob {
  cancelled: boolean;
}

/**
 * Groups of items the visibility helper holds at most (sent, not yet answered: 96 matrix items).
 * This thread refills the queue only between its own items, and one item can take 20-40 ms while
 * the helper answers the cheap ones at about 0.4 ms each: 48 items ran dry during such items
 * (helper timelines on the bench table showed 17-38 ms gaps), 96 did not, and the shared matrix job
 * took 8% less time (median of 27 alternating rounds: 219 against 238 ms; session 9). The surplus
 * costs the job nothing, since this thread takes back what the helper has not reached once its own
 * part is done.
 */
const HELPER_QUEUE_GROUPS = 24;

/** How a job shares its items with the visibility helper (see the engine's `runJob`). */
export interface RemoteShare {
  /** Items the helper takes together (the visibility matrix: two pairs of units, each with its reverse). */
  groupSize: number;
  /** Answers the items in the helper; rejects when it fails. */
  run(items: number[]): Promise<Answer[]>;
  /** Stores the helper's answers for the items. */
  accept(items: number[], answers: Answer[]): void;
  /** The helper failed: the engine ends it. */
  fail(): void;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/**
 * Lets queued messages (a cancel, the helper's answers) run, then continues: `setImmediate` in
 * Node, a `MessageChannel` round trip elsewhere. Not `setTimeout(0)`, which browsers clamp to 4 ms
 * once timers nest and Node to 1 ms: a third of a 12 ms work slice.
 */
export const yieldToEvents: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise<void>((r) => setImmediate(r))
    : typeof MessageChannel === 'function'
      ? (() => {
          const channel = new MessageChannel();
          const waiting: (() => void)[] = [];
          channel.port1.onmessage = () => waiting.shift()?.();
          return () =>
            new Promise<void>((r) => {
              waiting.push(r);
              channel.port2.postMessage(0);
            });
        })()
      : () => sleep(0);
/** Milliseconds, as precise as the platform gives. */
export const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Calls a progress callback without letting it break the job; returns its promise, if any. */
export function notify(cb: ProgressCallback | undefined, p: Progress): Promise<unknown> | undefined {
  if (typeof cb !== 'function') return undefined;
  try {
    const r = cb(p);
    if (r && typeof (r as Promise<unknown>).then === 'function') {
      return (r as Promise<unknown>).then(
        () => undefined,
        () => undefined,
      );
    }
  } catch {
    // A throwing progress callback must not stop the job.
  }
  return undefined;
}

/** Releases a `Comlink.proxy` callback's port when the job is over (no-op for plain functions). */
export function release(cb: ProgressCallback | undefined): void {
  if (typeof cb !== 'function') return;
  try {
    const r = (cb as unknown as Record<symbol, unknown>)[releaseProxy];
    if (typeof r === 'function') (r as () => void)();
  } catch {
    // Already released or not a proxy.
  }
}

/** The engine's long jobs: cancellable, yielding to the event loop, reporting progress, shared with the helper. */
export class EngineJobs extends EngineCore {
  /**
   * Asks the job with this id to stop; it resolves `{ok: false, reason: 'cancelled'}` at its next
   * item. A cancel that arrives before its job starts is remembered (the job starts cancelled).
   * @returns whether a job with this id was running.
   */
  cancel(jobId: string): boolean {
    const job = this.jobs.get(jobId);
    if (job) {
      job.cancelled = true;
      return true;
    }
    this.preCancelled.add(jobId);
    if (this.preCancelled.size > 256) this.preCancelled.delete(this.preCancelled.values().next().value as string);
    return false;
  }

  /**
   * Registers a job under `jobId` (or a new id): it starts cancelled when a cancel for that id came
   * first. Refuses an id in use (releasing `onProgress`).
   */
  protected startJob(jobId: string | undefined, onProgress: unknown): { id: string; job: RunningJob } | JobStopped {
    const id = jobId ?? `job-${++this.jobCounter}`;
    if (this.jobs.has(id)) {
      release(onProgress as ProgressCallback | undefined);
      return { ok: false, reason: 'job id in use' };
    }
    const job: RunningJob = { cancelled: this.preCancelled.delete(id) };
    this.jobs.set(id, job);
    return { id, job };
  }

  /**
   * Runs `step(0..total-1)` as a job: checks cancellation and scenario changes before each item,
   * yields per {@link EngineOptions}, reports progress at start, at each yield and at the end.
   * With `share`, the helper takes groups of items from the back of the list (up to
   * {@link HELPER_QUEUE_GROUPS} queued, so it never waits for this thread, which reads its answers
   * only between items, to send more) while this thread works from the front,
   * then answers what the helper still holds, from its last chunk back (the first answer of an
   * item counts); items of a failed helper go back to this thread.
   */
  protected async runJob(
    jobId: string | undefined,
    total: number,
    onProgress: ProgressCallback | undefined,
    step: (i: number) => void,
    share?: RemoteShare,
  ): Promise<{ ok: true; jobId: string } | JobStopped> {
    const started = this.startJob(jobId, onProgress);
    if ('reason' in started) return started;
    const { id, job } = started;
    const version = this.version;
    // Set when the job returns, however it ends: late answers from the helper are then ignored.
    let finished = false;
    try {
      let done = 0;
      let reported = -1;
      const report = () => {
        if (done === reported) return undefined;
        reported = done;
        return notify(onProgress, { jobId: id, done, total });
      };
      void report();
      let lastYield = now();
      let sinceYield = 0;
      // Items [front, back) are unclaimed; the helper claims whole groups from the back. Near the
      // end this thread also answers items the helper holds but has not answered yet (from the
      // chunk it will reach last), and whichever answer comes first counts: no one waits on a
      // helper busy with a slow pair.
      let front = 0;
      let back = total;
      const answered = new Uint8Array(total);
      const returned: number[] = [];
      const held: number[][] = [];
      let sharing = !!share;
      const dispatch = () => {
        if (!share) return;
        const g = share.groupSize;
        // One group per message, so the answers come back as the helper goes; this thread keeps at
        // least the group it is on.
        while (sharing && held.length < HELPER_QUEUE_GROUPS && back - Math.ceil(front / g) * g >= 2 * g) {
          const items: number[] = [];
          for (let k = 0; k < g; k++) items.push(--back);
          held.push(items);
          const release = () => held.splice(held.indexOf(items), 1);
          share.run(items).then(
            (answers) => {
              release();
              // Late answers (the job ended, or an edit made them stale) are not used.
              if (finished || this.version !== version) return;
              const fresh = items.filter((it) => !answered[it]);
              share.accept(fresh, fresh.map((it) => answers[items.indexOf(it)]));
              for (const it of fresh) answered[it] = 1;
              done += fresh.length;
              dispatch();
            },
            () => {
              release();
              // A failure is never benign (messages stay in order, so a request sent before an
              // edit is answered before it, in step): the helper is dropped even when its refusal
              // lands after the job ended. A live job also takes the items back.
              share.fail();
              if (finished || this.version !== version) return;
              sharing = false;
              returned.push(...items);
            },
          );
        }
      };
      /** The next item for this thread: given back, unclaimed, or held by the helper (its last chunk first). */
      const next = (): number => {
        while (returned.length) {
          const r = returned.pop()!;
          if (!answered[r]) return r;
        }
        if (front < back) return front++;
        for (let c = held.length - 1; c >= 0; c--) {
          const items = held[c];
          for (let k = items.length - 1; k >= 0; k--) if (!answered[items[k]]) return items[k];
        }
        return -1;
      };
      while (done < total) {
        if (job.cancelled) return { ok: false, reason: 'cancelled' };
        if (this.version !== version) return { ok: false, reason: 'scenario changed' };
        dispatch();
        const i = next();
        if (i < 0) {
          // Cannot happen while items are left (each is unclaimed, given back or held by the
          // helper, and held ones are taken back): a pause, never a spin, if it ever did.
          await sleep(this.options.yieldEveryMs);
          continue;
        }
        step(i);
        answered[i] = 1;
        done++;
        sinceYield++;
        if (done < total && (sinceYield >= this.options.yieldEveryItems || now() - lastYield >= this.options.yieldEveryMs)) {
          void report();
          await yieldToEvents();
          lastYield = now();
          sinceYield = 0;
        }
      }
      finished = true;
      // Wait (briefly) for the final report to be delivered, so a UI sees 100% before the result.
      const last = report();
      if (last) await Promise.race([last, sleep(this.options.finalProgressWaitMs)]);
      return { ok: true, jobId: id };
    } finally {
      finished = true;
      this.jobs.delete(id);
      release(onProgress);
    }
  }
}
