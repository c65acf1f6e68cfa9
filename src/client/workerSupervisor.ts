/**
 * The crash supervision shared by the typed worker clients (`engineClient.ts`, `gameClient.ts`):
 * one comlink-wrapped worker at a time (a {@link Generation}), replaced when it dies, with the
 * client's state restored into the replacement and in-flight calls retried once.
 *
 * A worker is declared dead on an `error` event, when it has not posted its ready message
 * (`isReadyMessage`) within `startupWatchdogMs`, when a call goes unanswered for `watchdogMs`
 * (counted only once the worker has started; re-armed by an attempt's `touch`), or when the client
 * calls {@link WorkerSupervisor.handleDeath} itself (e.g. `simulateCrash`).
 *
 * Guarantees:
 * - At most one live generation; a dead one is killed once (comlink proxy released, worker
 *   terminated, its `died` promise rejected with the client's error class).
 * - A death is handled once per generation: late reports about an old generation are ignored.
 * - {@link WorkerSupervisor.call} retries an attempt once on a fresh, restored worker; an error that
 *   is not the client's died-error propagates unchanged; a second death rejects with the died-error.
 * - After {@link WorkerSupervisor.dispose}, every call rejects with the died-error (`disposed`).
 *
 * Imports comlink only; the client supplies everything worker-specific through
 * {@link WorkerSupervisorOptions}.
 */
import * as Comlink from 'comlink';

/**
 * Why a worker was declared dead: an `error` event; `startup`: no ready message in time;
 * `watchdog`: a call went unanswered; `crash`: the client's `simulateCrash`; `restore failed`: the
 * new worker would not take the snapshot; `disposed`: the client's `dispose`.
 */
export type WorkerDeathCause = 'error' | 'startup' | 'watchdog' | 'crash' | 'restore failed' | 'disposed';

/** A client's public died-error class: `new DiedError(cause, message?)`, carrying `deathCause`. */
export type DiedErrorClass = new (cause: WorkerDeathCause, message?: string) => Error & { readonly deathCause: WorkerDeathCause };

/** One worker and everything tied to it. */
export interface Generation<Api> {
  /** 1 for the first worker, +1 per replacement. */
  readonly id: number;
  readonly worker: Worker;
  readonly remote: Comlink.Remote<Api>;
  /** False once killed. */
  alive: boolean;
  /** True once the worker posted its ready message. */
  started: boolean;
  /** Resolves when `started` becomes true. */
  readonly whenStarted: Promise<void>;
  /** Rejects with the client's died-error when the generation is killed (never resolves). */
  readonly died: Promise<never>;
  /** Resolves once the worker holds the restored state (at once for the first worker). */
  ready: Promise<void>;
  /** Kills the generation (once): releases the proxy, terminates the worker, rejects `died`. */
  kill(cause: WorkerDeathCause): void;
}

/** Runs one attempt of a call on a generation; `touch()` re-arms the call watchdog (e.g. on progress). */
export type Attempt<Api, T> = (g: Generation<Api>, touch: () => void) => Promise<T>;

/** How a replacement worker is brought to the client's state; made when the replacement is spawned. */
export interface RestorePlan<Api> {
  /**
   * Restores the client's state into the new worker (run under the call watchdog). Throwing any
   * error fails the restore: the worker is killed and `ready` rejects with the died-error
   * (`restore failed`, message `<label> worker restore failed: <error message>`).
   */
  run(remote: Comlink.Remote<Api>): Promise<void>;
  /** Called once `run` succeeded (the client's `onRestart`). */
  done(): void;
}

/** What the client supplies. */
export interface WorkerSupervisorOptions<Api> {
  /** Names the worker in messages: `<label> client disposed`, `<label> worker restore failed: …`. */
  label: string;
  /** Makes a fresh worker; called once now and once per restart. */
  factory: () => Worker;
  /** Whether a message from the worker is its ready message. */
  isReadyMessage: (data: unknown) => boolean;
  /** The client's error class, used for every death rejection (and recognised for retries). */
  DiedError: DiedErrorClass;
  /**
   * Read live: `watchdogMs` at every (re-)arm of a call watchdog, `startupWatchdogMs` right after
   * each worker is made. `0` or `Infinity` disables a watchdog.
   */
  limits: { readonly watchdogMs: number; readonly startupWatchdogMs: number };
  /**
   * True: an attempt runs only once the worker posted its ready message. False: it is sent at once
   * (the worker queues it).
   */
  awaitStart: boolean;
  /** Called synchronously when a replacement is spawned, so the plan captures the state of that moment. */
  restore: (cause: WorkerDeathCause) => RestorePlan<Api>;
}

/** Owns the current generation of a client's worker; see the module comment for what it guarantees. */
export class WorkerSupervisor<Api> {
  private gen: Generation<Api>;
  private generations = 0;
  private restartCount = 0;
  private isDisposed = false;

  constructor(private readonly opts: WorkerSupervisorOptions<Api>) {
    this.gen = this.spawn();
  }

  /** The current generation (its worker may be dead while the replacement is being made). */
  get current(): Generation<Api> {
    return this.gen;
  }

  /** How many times a dead worker was replaced. */
  get restarts(): number {
    return this.restartCount;
  }

  /** True after {@link dispose}. */
  get disposed(): boolean {
    return this.isDisposed;
  }

  /**
   * Runs `attempt` on the current worker; if that worker dies, recovers and runs it once more on
   * the new one. Non-death errors propagate unchanged.
   */
  async call<T>(attempt: Attempt<Api, T>): Promise<T> {
    const { DiedError, label } = this.opts;
    for (let n = 0; ; n++) {
      if (this.isDisposed) throw new DiedError('disposed', `${label} client disposed`);
      const g = this.gen;
      try {
        await g.ready;
        return await this.guard(g, attempt);
      } catch (e) {
        if (!(e instanceof DiedError) || n >= 1 || this.isDisposed) throw e;
        await this.handleDeath(g, e.deathCause).catch(() => undefined);
      }
    }
  }

  /**
   * Declares `g` dead (once): kills it, starts a new worker and restores the client's state into
   * it. Returns the ready promise of whichever generation is current (rejects if the restore failed).
   */
  handleDeath(g: Generation<Api>, cause: WorkerDeathCause): Promise<void> {
    if (g !== this.gen || this.isDisposed) return this.gen.ready;
    g.kill(cause);
    this.restartCount++;
    const next = this.spawn();
    this.gen = next;
    next.ready = this.restore(next, cause);
    next.ready.catch(() => undefined);
    return next.ready;
  }

  /** Terminates the worker for good; pending and later calls reject with the died-error (`disposed`). */
  dispose(): void {
    this.isDisposed = true;
    this.gen.kill('disposed');
  }

  // -------------------------------------------------------------------------------------------

  private spawn(): Generation<Api> {
    const { factory, isReadyMessage, DiedError, limits } = this.opts;
    const worker = factory();
    let rejectDied!: (e: Error) => void;
    const died = new Promise<never>((_, reject) => {
      rejectDied = reject;
    });
    died.catch(() => undefined);
    let markStarted!: () => void;
    const whenStarted = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    let startupTimer: ReturnType<typeof setTimeout> | undefined;
    const g: Generation<Api> = {
      id: ++this.generations,
      worker,
      remote: Comlink.wrap<Api>(worker),
      alive: true,
      started: false,
      whenStarted,
      died,
      ready: Promise.resolve(),
      kill: (cause) => {
        if (!g.alive) return;
        g.alive = false;
        if (startupTimer !== undefined) clearTimeout(startupTimer);
        // Pending comlink calls of a dead worker never settle either way (the guard settles them
        // through `died`); releasing makes later use of this proxy throw at once.
        try {
          g.remote[Comlink.releaseProxy]();
        } catch {
          // Already released.
        }
        try {
          worker.terminate();
        } catch {
          // Already gone.
        }
        rejectDied(new DiedError(cause));
      },
    };
    worker.addEventListener('message', (ev: MessageEvent) => {
      if (g.started || !isReadyMessage(ev.data)) return;
      g.started = true;
      if (startupTimer !== undefined) clearTimeout(startupTimer);
      markStarted();
    });
    worker.addEventListener('error', () => void this.handleDeath(g, 'error').catch(() => undefined));
    const ms = limits.startupWatchdogMs;
    if (ms > 0 && Number.isFinite(ms)) {
      startupTimer = setTimeout(() => {
        if (!g.started) void this.handleDeath(g, 'startup').catch(() => undefined);
      }, ms);
    }
    return g;
  }

  private async restore(g: Generation<Api>, cause: WorkerDeathCause): Promise<void> {
    const { DiedError, label } = this.opts;
    const plan = this.opts.restore(cause);
    try {
      await this.guard(g, (gen) => plan.run(gen.remote));
    } catch (e) {
      g.kill('restore failed');
      throw e instanceof DiedError ? e : new DiedError('restore failed', `${label} worker restore failed: ${(e as Error).message}`);
    }
    plan.done();
  }

  /**
   * Races an attempt against the generation's death and the call watchdog (re-armed by `touch`;
   * armed only once the worker has started: start-up has its own watchdog).
   */
  private guard<T>(g: Generation<Api>, attempt: Attempt<Api, T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      const arm = () => {
        if (settled) return;
        if (!g.started) {
          void g.whenStarted.then(arm);
          return;
        }
        if (timer !== undefined) clearTimeout(timer);
        const ms = this.opts.limits.watchdogMs;
        if (ms > 0 && Number.isFinite(ms)) timer = setTimeout(() => void this.handleDeath(g, 'watchdog').catch(() => undefined), ms);
      };
      const finish = (f: () => void) => {
        if (settled) return;
        settled = true;
        if (timer !== undefined) clearTimeout(timer);
        f();
      };
      arm();
      g.died.catch((e: unknown) => finish(() => reject(e)));
      (this.opts.awaitStart ? g.whenStarted : Promise.resolve())
        .then(() => attempt(g, arm))
        .then(
          (v) => finish(() => resolve(v)),
          (e: unknown) => finish(() => reject(e)),
        );
    });
  }
}

/**
 * Orders answers about the client's state: take a ticket when the request is sent (in the order
 * the worker will serve requests); `isNewest()` (once the answer is in) is true only if no later
 * ticket's answer was accepted, and then records this one as accepted.
 */
export class Tickets {
  private issued = 0;
  private accepted = 0;

  take(): () => boolean {
    const ticket = ++this.issued;
    return () => {
      if (ticket <= this.accepted) return false;
      this.accepted = ticket;
      return true;
    };
  }
}
