/**
 * The table pool (issue 36 item 2): a bounded set of worker threads (`tableWorker.ts`) that build
 * heavy tables and host their rooms' games, so parsing a large create, building its meshes and
 * BVHs, and every later action and question of that room run off the server's event loop. A new
 * table goes to the worker holding the fewest tables; workers start when first needed.
 *
 * The worker is the same TypeScript module loaded through tsx: it inherits the process's
 * `--import tsx` (how `npm run server` and the tests start the server).
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { GameSummary } from '../src/game/session';
import type { AskMethod } from '../src/game/network';
import type { ActOutcome, AskOutcome, Refusal, RoomGame, TableLimits } from './roomGame';
import type { TableReply, TableRequest } from './tableWorker';

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };
type RequestBody = TableRequest extends infer R ? (R extends { rid: number } ? Omit<R, 'rid'> : never) : never;

/** One worker thread and the tables it holds. */
class TableWorker {
  readonly worker: Worker;
  tables = 0;
  private rid = 0;
  private readonly pending = new Map<number, Pending>();
  dead: Error | null = null;

  constructor() {
    this.worker = new Worker(new URL('./tableWorker.mjs', import.meta.url));
    this.worker.unref();
    this.worker.on('message', (r: TableReply) => {
      const p = this.pending.get(r.rid);
      if (!p) return;
      this.pending.delete(r.rid);
      if (r.ok) p.resolve(r.value);
      else p.reject(new Error(r.error));
    });
    const fail = (e: Error) => {
      this.dead = e;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the table worker stopped (exit ${code})`)));
  }

  call(m: RequestBody, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.dead) return Promise.reject(this.dead);
    const rid = ++this.rid;
    return new Promise((resolve, reject) => {
      this.pending.set(rid, { resolve, reject });
      this.worker.postMessage({ ...m, rid }, transfer);
    });
  }
}

/** A room's game held by a worker of the pool. */
export class WorkerRoomGame implements RoomGame {
  private last: GameSummary;

  constructor(
    private readonly host: TableWorker,
    readonly id: string,
    summary: GameSummary,
    readonly triangles: number,
  ) {
    this.last = summary;
    host.tables++;
  }

  summary(): GameSummary {
    return this.last;
  }

  async act(action: unknown): Promise<ActOutcome> {
    const r = (await this.host.call({ op: 'act', id: this.id, action })) as ActOutcome;
    if (r.ok) this.last = r.summary;
    return r;
  }

  async ask(method: AskMethod, args: (string | number)[]): Promise<AskOutcome> {
    return (await this.host.call({ op: 'ask', id: this.id, method, args })) as AskOutcome;
  }

  snapshot(): Promise<unknown> {
    return this.host.call({ op: 'snapshot', id: this.id });
  }

  close(): void {
    this.host.tables--;
    void this.host.call({ op: 'close', id: this.id }).catch(() => undefined);
  }
}

/** What a worker answers to `open`. */
export interface WorkerOpened {
  ok: true;
  game: WorkerRoomGame;
  setupJson: Uint8Array;
  actions: unknown[];
  /** The join options the create carried (its creator's seat). */
  join: { seat?: unknown; name?: unknown; token?: unknown };
}

/** The pool (see the module comment). */
export class TablePool {
  private readonly workers: TableWorker[] = [];

  /** @param size - worker threads at most (>= 1). */
  constructor(readonly size: number) {
    if (!(size >= 1)) throw new Error(`TablePool: size must be at least 1, got ${size}`);
  }

  private pick(): TableWorker {
    for (let i = this.workers.length - 1; i >= 0; i--) if (this.workers[i].dead) this.workers.splice(i, 1);
    if (this.workers.length < this.size) {
      const w = new TableWorker();
      this.workers.push(w);
      return w;
    }
    return this.workers.reduce((a, b) => (b.tables < a.tables ? b : a));
  }

  /**
   * Builds a new room's game from the raw bytes of its create request (JSON), in a worker.
   * @returns the game, or the refusal (status and every problem).
   */
  async open(body: Uint8Array, limits: TableLimits): Promise<WorkerOpened | Refusal> {
    const w = this.pick();
    const id = randomBytes(9).toString('base64url');
    const copy = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : body.slice();
    const r = (await w.call({ op: 'open', id, body: copy, limits }, [copy.buffer as ArrayBuffer])) as
      | Refusal
      | { ok: true; summary: GameSummary; triangles: number; setupJson: Uint8Array; actions: unknown[]; join: WorkerOpened['join'] };
    if (!r.ok) return r;
    return { ok: true, game: new WorkerRoomGame(w, id, r.summary, r.triangles), setupJson: r.setupJson, actions: r.actions, join: r.join };
  }

  /** Restores a stored room's game from its record's text and its actions, in a worker. */
  async restore(recordText: string, actions: unknown[]): Promise<{ game: WorkerRoomGame; meta: Record<string, unknown>; setupJson: Uint8Array }> {
    const w = this.pick();
    const id = randomBytes(9).toString('base64url');
    const r = (await w.call({ op: 'restore', id, recordText, actions })) as { summary: GameSummary; triangles: number; meta: Record<string, unknown>; setupJson: Uint8Array };
    return { game: new WorkerRoomGame(w, id, r.summary, r.triangles), meta: r.meta, setupJson: r.setupJson };
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((w) => w.worker.terminate()));
  }
}
