/**
 * The worker side of the Play probe's timings (`src/client/perfTrace.ts`): wraps the object a
 * worker exposes over comlink so that every method call records its own time in the worker (the
 * engine's time, without the message round trip), kept in a ring of the last
 * {@link MAX_TIMINGS} calls and handed over (and cleared) by `takeTimings()`. Times are absolute
 * ms (`performance.timeOrigin + performance.now()`), comparable with the page's spans. Cost per
 * call: two clock reads and one array push.
 */

/** One call timed in the worker. */
export interface WorkerTiming {
  /** The method called, e.g. `shortestPaths`. */
  name: string;
  /** Absolute ms. */
  start: number;
  end: number;
}

const MAX_TIMINGS = 2000;

/** What {@link timedApi} adds to the exposed object. */
export interface TimedApi {
  /** The calls timed since the last take (oldest first). */
  takeTimings(): WorkerTiming[];
}

/** `api` with every method call timed (see the module comment) and `takeTimings` added. */
export function timedApi<T extends object>(api: T): T & TimedApi {
  const timings: WorkerTiming[] = [];
  const now = () => performance.timeOrigin + performance.now();
  const push = (name: string, start: number) => {
    if (timings.length >= MAX_TIMINGS) timings.shift();
    timings.push({ name, start, end: now() });
  };
  const takeTimings = () => timings.splice(0);
  return new Proxy(api, {
    get(target, key, receiver) {
      if (key === 'takeTimings') return takeTimings;
      const v = Reflect.get(target, key, receiver) as unknown;
      if (typeof v !== 'function' || typeof key !== 'string') return v;
      return (...args: unknown[]) => {
        const start = now();
        const r = (v as (...a: unknown[]) => unknown).apply(target, args);
        if (r instanceof Promise) return r.finally(() => push(key, start));
        push(key, start);
        return r;
      };
    },
  }) as T & TimedApi;
}
