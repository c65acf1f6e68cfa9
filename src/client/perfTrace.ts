/**
 * Timing spans for the Play probe (`npm run bench:play`, `tests/e2e/playBench.ts`): the page's
 * calls to its workers (sent → answered, page clock) and the workers' own time inside each call
 * (`workers/timedApi.ts`). Recording is off unless the page was opened with
 * `window.__sightlinePerfOn = true` set before its scripts ran (the probe's init script), so a
 * player's page does nothing but one boolean test per call.
 *
 * Times are absolute milliseconds (`performance.timeOrigin + performance.now()`), so the spans of
 * two pages and of their workers (each with its own time origin) line up on one clock. The spans
 * survive a reload of the same tab (kept in `sessionStorage` on `pagehide`): starting a battle
 * reloads the page.
 *
 * Read back by the probe as `window.__sightlinePerf.take()` (and cleared), the workers' own times
 * as `await window.__sightlinePerf.workers()`.
 */

/** One timed call: `name` (e.g. `game.shortestPaths`), `start` / `end` absolute ms, `workerMs` the worker's own time in it. */
export interface PerfSpan {
  name: string;
  start: number;
  end: number;
  /** The worker's time inside the call (the engine's), ms; absent when the worker did not say. */
  workerMs?: number;
}

/** A call timed inside a worker (`workers/timedApi.ts`), labelled with its worker. */
export interface WorkerSpan {
  worker: string;
  name: string;
  start: number;
  end: number;
}

interface PerfGlobal {
  __sightlinePerfOn?: boolean;
  __sightlinePerf?: { spans: PerfSpan[]; take: () => PerfSpan[]; workers: () => Promise<WorkerSpan[]> };
}

/** The workers' timing lists, by worker label (each `takeTimings` of a live worker). */
const sources = new Map<string, () => Promise<{ name: string; start: number; end: number }[]>>();

/** Registers a worker's `takeTimings` under `label` (the newest registration of a label wins: a restarted worker). */
export function registerTimingSource(label: string, take: () => Promise<{ name: string; start: number; end: number }[]>): void {
  sources.set(label, take);
}

async function workerSpans(): Promise<WorkerSpan[]> {
  const out: WorkerSpan[] = [];
  for (const [worker, take] of sources) {
    const list = await take().catch(() => []);
    for (const t of list) out.push({ worker, ...t });
  }
  return out;
}

const KEY = 'sightline-perf-spans';
const MAX = 4000;
const g = globalThis as PerfGlobal;

/** Whether the probe asked for spans (never true on a player's page). */
export const perfOn = (): boolean => g.__sightlinePerfOn === true;

/** Absolute milliseconds, sub-millisecond resolution, comparable across pages and workers. */
export const perfNow = (): number => performance.timeOrigin + performance.now();

function spans(): PerfSpan[] {
  if (g.__sightlinePerf) return g.__sightlinePerf.spans;
  let kept: PerfSpan[] = [];
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as PerfSpan[];
    sessionStorage.removeItem(KEY);
  } catch {
    /* no sessionStorage (a worker, Node) */
  }
  const list = kept;
  g.__sightlinePerf = { spans: list, take: () => list.splice(0), workers: workerSpans };
  try {
    addEventListener('pagehide', () => sessionStorage.setItem(KEY, JSON.stringify(list)));
  } catch {
    /* not a page */
  }
  return list;
}
if (perfOn()) spans();

/** Records one span (only when the probe asked). */
export function recordSpan(s: PerfSpan): void {
  if (!perfOn()) return;
  const list = spans();
  if (list.length >= MAX) list.shift();
  list.push(s);
}

/**
 * Times a promise-returning call as span `name` when the probe asked; `workerMs(result)` reads the
 * worker's own time from the answer, if it carries one.
 */
export function traced<T>(name: string, run: () => Promise<T>, workerMs?: (r: T) => number | undefined): Promise<T> {
  if (!perfOn()) return run();
  const start = perfNow();
  return run().then((r) => {
    const w = workerMs?.(r);
    recordSpan({ name, start, end: perfNow(), ...(w !== undefined ? { workerMs: w } : {}) });
    return r;
  });
}

/**
 * Records a point in time `name` (a zero-length span named `mark.<name>`) when the probe asked: where
 * the page's own work goes between a worker's answer and what the player sees (the drag label), or a
 * moment of the start (the first frame drawn). The probe's split leaves `mark.` spans out of the calls.
 */
export function perfMark(name: string): void {
  if (!perfOn()) return;
  const t = perfNow();
  recordSpan({ name: `mark.${name}`, start: t, end: t });
}
