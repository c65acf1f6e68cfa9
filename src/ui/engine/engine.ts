/**
 * The page's one engine client (`src/client/engineClient.ts` over `workers/engine.worker.ts`), and
 * a tiny observable status for the UI: starting, loading, ready, busy (calls in flight) and
 * restarts. Every measurement the page shows goes through {@link Engine}.
 */
import { createEngineClient, type EngineClient, type QueryResult, type RestartEvent } from '../../client/engineClient';

/** What the status pill shows. */
export interface EngineStatus {
  /** `starting`: no scenario yet; `loading`: a scenario is being loaded; `ready`: idle or working; `error`: the load failed. */
  phase: 'starting' | 'loading' | 'ready' | 'error';
  /** Calls in flight right now. */
  inFlight: number;
  /** Times the worker died and was restarted (state restored). */
  restarts: number;
  /** `Date.now()` of the last restart, or 0. */
  lastRestartAt: number;
  /** What killed the worker last time. */
  lastRestartCause?: string;
}

type Listener = (s: EngineStatus) => void;

/**
 * The engine client plus call accounting. Use {@link Engine.track} around every call so the
 * status pill can show "busy".
 */
export class Engine {
  readonly client: EngineClient;
  private status: EngineStatus = { phase: 'starting', inFlight: 0, restarts: 0, lastRestartAt: 0 };
  private readonly listeners = new Set<Listener>();

  constructor(factory?: () => Worker) {
    this.client = createEngineClient(factory ?? (() => new Worker(new URL('../../../workers/engine.worker.ts', import.meta.url), { type: 'module' })), {
      onRestart: (e: RestartEvent) => this.set({ restarts: e.restarts, lastRestartAt: Date.now(), lastRestartCause: e.cause }),
    });
  }

  private queryRoute: ((q: unknown) => Promise<QueryResult>) | null = null;

  /**
   * Sends the tools' single queries (distance, visible, movePath, ...) elsewhere: during a game,
   * to the game worker, which answers on the game's own World at the game's positions (so the
   * measure and line-of-sight tools can never disagree with the rules). `null`: the engine worker.
   */
  routeQueries(route: ((q: unknown) => Promise<QueryResult>) | null): void {
    this.queryRoute = route;
  }

  /** One scenario query, answered where {@link routeQueries} says (default: the engine worker). */
  query(q: unknown): Promise<QueryResult> {
    return this.queryRoute ? this.queryRoute(q) : this.client.query(q);
  }

  /** The current status. */
  get(): EngineStatus {
    return this.status;
  }

  /** Subscribes to status changes; returns the unsubscribe function. */
  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Sets the phase (the App does: loading -> ready | error). */
  setPhase(phase: EngineStatus['phase']): void {
    this.set({ phase });
  }

  /** Counts `p` as in flight until it settles; returns it. */
  track<T>(p: Promise<T> | PromiseLike<T>): Promise<T> {
    this.set({ inFlight: this.status.inFlight + 1 });
    const done = () => this.set({ inFlight: Math.max(0, this.status.inFlight - 1) });
    return Promise.resolve(p).then(
      (v) => {
        done();
        return v;
      },
      (e: unknown) => {
        done();
        throw e;
      },
    );
  }

  private set(patch: Partial<EngineStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const l of this.listeners) l(this.status);
  }
}

let engine: Engine | null = null;

/** The page's one engine (created on first use, so React StrictMode never makes two workers). */
export function getEngine(): Engine {
  if (!engine) engine = new Engine();
  return engine;
}
