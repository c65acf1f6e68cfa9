/**
 * Questions cost what they cost (issue 36 item 3): every `ask` of every room of the process waits
 * in one queue, players' before spectators', and is answered one per turn of the event loop
 * (`setImmediate`), so actions, their updates and other rooms' traffic run between any two
 * answers: one client's backlog never holds another room's updates. Each client has a token bucket
 * of work (milliseconds of the session's time): an answer costs the time it took; an empty bucket
 * refuses the next question at once (`Network: rate`) until it refills. Answers already given for
 * the same state hash (per room, see `BattleRoom`) cost nothing and skip the queue.
 *
 * @module
 */

/** A client's allowance of work. */
export interface AskBudget {
  /** Most work a client may have in hand (ms): its bucket's size. */
  burstMs: number;
  /** Work a client earns per second (ms). */
  perSecondMs: number;
}

/** Default budgets: a player may keep a core ~25 % busy with questions, a spectator ~5 %. */
export const DEFAULT_ASK_BUDGETS: { player: AskBudget; spectator: AskBudget } = {
  player: { burstMs: 2000, perSecondMs: 250 },
  spectator: { burstMs: 300, perSecondMs: 50 },
};

/** Questions of one client waiting in the queue at most (beyond: refused at once). */
export const MAX_QUEUED_PER_CLIENT = 8;

/** A token bucket of milliseconds of work. */
export class WorkBucket {
  private tokens: number;
  private at: number;

  constructor(
    readonly budget: AskBudget,
    now = performance.now(),
  ) {
    this.tokens = budget.burstMs;
    this.at = now;
  }

  /** Work available now (ms; negative: owed after an answer that cost more than was left). */
  available(now = performance.now()): number {
    this.tokens = Math.min(this.budget.burstMs, this.tokens + ((now - this.at) / 1000) * this.budget.perSecondMs);
    this.at = now;
    return this.tokens;
  }

  /** Charges the work an answer did. */
  charge(ms: number, now = performance.now()): void {
    this.available(now);
    this.tokens -= ms;
  }

  /** Seconds until the bucket has work again. */
  secondsUntilAvailable(now = performance.now()): number {
    const t = this.available(now);
    return t > 0 ? 0 : -t / this.budget.perSecondMs;
  }
}

/** One waiting question: its job runs when its turn comes. */
interface Job {
  client: string;
  run: () => Promise<void> | void;
}

/** The process's queue of questions (see the module comment). */
export class AskQueue {
  private readonly players: Job[] = [];
  private readonly spectators: Job[] = [];
  private readonly queued = new Map<string, number>();
  private scheduled = false;

  /** Questions waiting now. */
  get length(): number {
    return this.players.length + this.spectators.length;
  }

  /** Questions of `client` waiting now. */
  queuedFor(client: string): number {
    return this.queued.get(client) ?? 0;
  }

  /** Queues a question (`player`: before every spectator's). */
  push(client: string, player: boolean, run: Job['run']): void {
    (player ? this.players : this.spectators).push({ client, run });
    this.queued.set(client, this.queuedFor(client) + 1);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.turn());
  }

  /** Answers one question, then yields to the event loop. */
  private turn(): void {
    this.scheduled = false;
    const job = this.players.shift() ?? this.spectators.shift();
    if (!job) return;
    const left = this.queuedFor(job.client) - 1;
    if (left > 0) this.queued.set(job.client, left);
    else this.queued.delete(job.client);
    try {
      const r = job.run();
      if (r) r.catch(() => undefined);
    } finally {
      if (this.length) this.schedule();
    }
  }
}
