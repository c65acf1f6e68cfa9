/**
 * The `battle` room (`shared/contract/NETWORK.md`): one {@link GameSession} (the same session as
 * the game worker and `npm run game`) held by the server, the only authority. Seats `p1`, `p2`
 * and any number of spectators; `act` → `result` to the sender and `update` to everyone;
 * `snapshot` → the saved game without its seed (the dice state never leaves the server).
 *
 * Hostile clients (issue 25 item 6): an action for a seat the sender does not hold is refused
 * (`Network: seat`); malformed messages (the `act` schema), unknown message types, oversized
 * messages (over {@link MAX_MESSAGE_BYTES}, closed by the transport with 1009) and floods (over
 * {@link MAX_MESSAGES_PER_SECOND} a second) close that client's connection, and its seat is not
 * held for it (see `docs/network.md`). Creation is checked (SCENARIO.md, ARMY.md, every problem
 * with its path) and capped per client address.
 *
 * Persistence (item 4): the set-up is written when the room is created and each accepted action
 * before its `result` and `update` go out ({@link GameStore}); a restarted server re-creates its
 * rooms with their ids (`restoreRooms` in `gameServer.ts`). A room nobody is connected to is
 * disposed, and its saved game deleted, after {@link BattleRoomConfig.abandonedSeconds} (a
 * finished battle: {@link BattleRoomConfig.finishedSeconds}; a room no second player ever joined:
 * {@link BattleRoomConfig.unpairedSeconds}), counted from when it became empty, across restarts.
 *
 * Issue 36: the game is a {@link RoomGame}, on this thread or (a heavy table) in a worker of the
 * table pool; tables are capped in triangles (per table and per process); questions (`ask`) go
 * through the process's {@link AskQueue} (players first, a work budget per client, answers cached
 * per state hash); a join with a held seat's token takes the seat over (the old connection is
 * closed with {@link SEAT_REPLACED_CODE}).
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { CloseCode, matchMaker, Room, ServerError, validate, type AuthContext, type Client } from '@colyseus/core';
import type { Delayed } from '@colyseus/timer';
import type { Deferred } from '@colyseus/core';
import type { GameSummary } from '../src/game/session';
import {
  ActMessageSchema,
  AskMessageSchema,
  JoinOptionsSchema,
  RATE_RULE,
  RECONNECT_SECONDS,
  SEAT_REPLACED_CODE,
  SEAT_RULE,
  zodProblems,
  MAX_MESSAGES_PER_SECOND,
  type ActMessage,
  type AnswerMessage,
  type AskMessage,
  type PresenceMessage,
  type ResultMessage,
  type Seat,
  type SeatMessage,
  type UpdateMessage,
} from '../src/game/network';
import { AskQueue, MAX_QUEUED_PER_CLIENT, WorkBucket, type AskBudget } from './askQueue';
import type { GameStore, RoomMeta, SetupJson } from './gameStore';
import { openRoomGame, restoreRoomGame, type RoomGame, type TableLimits } from './roomGame';
import type { TablePool, WorkerOpened } from './tablePool';

type PlayerSeat = 'p1' | 'p2';

/** The settings every battle room of the process reads (set by `startGameServer`). */
export interface BattleRoomConfig {
  store: GameStore;
  /** Rooms one client address may have open at once (created by it). */
  maxRoomsPerAddress: number;
  /** A room nobody is connected to is closed and forgotten after this many seconds. */
  abandonedSeconds: number;
  /** The same for a finished battle. */
  finishedSeconds: number;
  /** The same for a room no second player ever joined. */
  unpairedSeconds: number;
  /** Longest saved game a room may be created from (accepted actions). */
  maxSavedActions: number;
  /** Most triangles one table may carry (embedded or carried meshes). */
  maxTableTriangles: number;
  /** Most triangles the live tables of the process may carry together. */
  maxProcessTriangles: number;
  /** Where heavy tables are built and played. */
  pool: TablePool;
  /** A stored record longer than this (characters) is restored in the pool. */
  heavyRecordChars: number;
  /** Work budgets of questions. */
  askBudgets: { player: AskBudget; spectator: AskBudget };
}

let config: BattleRoomConfig | null = null;
/** The process secret that lets only this server restore a room (never sent to a client). */
const RESTORE_KEY = randomBytes(16).toString('hex');
/** True once the process shuts down: rooms closed then are not forgotten (they are restored at the next start). */
let shuttingDown = false;
const ADDRESS_KEY = 'sightline:roomsByAddress';
/** Triangles of the live tables of this process. */
let liveTriangles = 0;
/** Tables built in the pool for a create request, waiting for their room (by a key only this process knows). */
const prepared = new Map<string, WorkerOpened & { timer: ReturnType<typeof setTimeout> }>();
/** The process's question queue. */
export const askQueue = new AskQueue();

/** Sets the battle rooms' settings (before the server listens). */
export function configureBattleRooms(c: BattleRoomConfig): void {
  config = c;
  shuttingDown = false;
}

/** Marks the process as shutting down (its rooms stay stored). */
export function markShuttingDown(): void {
  shuttingDown = true;
}

/** The create options that restore a stored room (used by `restoreRooms` only). */
export function restoreOptions(roomId: string): Record<string, unknown> {
  return { restore: roomId, restoreKey: RESTORE_KEY };
}

function cfg(): BattleRoomConfig {
  if (!config) throw new Error('battle rooms are not configured (call configureBattleRooms first)');
  return config;
}

/** The limits a new table is checked against now. */
export function tableLimits(): TableLimits {
  const c = cfg();
  return { maxSavedActions: c.maxSavedActions, maxTableTriangles: c.maxTableTriangles, triangleBudget: c.maxProcessTriangles - liveTriangles };
}

/** Triangles of the live tables of this process. */
export function liveTableTriangles(): number {
  return liveTriangles;
}

/**
 * Refuses a create from `address` when it already has {@link BattleRoomConfig.maxRoomsPerAddress}
 * rooms open.
 * @throws ServerError 429 naming the address and the count.
 */
export async function checkAddressCap(address: string): Promise<void> {
  const open = Number((await matchMaker.presence.hget(ADDRESS_KEY, address)) ?? 0);
  if (open >= cfg().maxRoomsPerAddress) throw new ServerError(429, `Network: this address (${address}) already has ${open} open rooms (at most ${cfg().maxRoomsPerAddress}); close one or wait until it expires`);
}

/**
 * Builds a large create's table in the pool (issue 36 item 2) from the request's raw JSON; the
 * create then goes on with `{seat, name, __prepared: key}`.
 * @returns the key, or the refusal (status and problems).
 */
export async function prepareTable(body: Uint8Array): Promise<{ ok: true; key: string; join: WorkerOpened['join'] } | { ok: false; status: number; problems: string[] }> {
  const r = await cfg().pool.open(body, tableLimits());
  if (!r.ok) return r;
  const key = randomBytes(18).toString('base64url');
  // Unclaimed (the create failed on the way): freed after 60 s.
  const timer = setTimeout(() => {
    prepared.get(key)?.game.close();
    prepared.delete(key);
  }, 60_000);
  timer.unref();
  prepared.set(key, { ...r, timer });
  return { ok: true, key, join: r.join };
}

const token = () => randomBytes(12).toString('base64url');
/** With `SIGHTLINE_NET_TRACE=1` the rooms print each join, drop, reconnection, leave and action (lab notes, docs/network.md). */
const TRACE = process.env.SIGHTLINE_NET_TRACE === '1';
const isCreate = (o: unknown): o is Record<string, unknown> => !!o && typeof o === 'object' && ('scenario' in o || 'savedGame' in o || '__prepared' in o || 'restore' in o);

/** A seat of the room: whose it is, and the session holding it now (null: free). */
interface SeatState {
  token: string;
  name: string;
  /** Session id of the client holding the seat (connected, or dropped and awaiting reconnection). */
  sessionId: string | null;
  connected: boolean;
}

export class BattleRoom extends Room {
  override maxMessagesPerSecond = MAX_MESSAGES_PER_SECOND;
  override autoDispose = false;

  private game!: RoomGame;
  /** The set-up as JSON (the store's record is rewritten with it; a heavy table's as bytes). */
  private setupJson: SetupJson = '';
  private seats!: Record<PlayerSeat, SeatState>;
  private readonly seatOf = new Map<string, Seat>();
  private createdAt = 0;
  private emptySince: number | null = null;
  /** Accepted actions written to the store. */
  private written = 0;
  /** Address of the client that created the room (counted against its cap), if any. */
  private address: string | null = null;
  private triangles = 0;
  private emptyTimer: Delayed | null = null;
  /** The store's writes, chained so each action is written before its answer goes out. */
  private writes: Promise<void> = Promise.resolve();
  /** The game's actions, chained (a worker's game answers asynchronously). */
  private acting: Promise<unknown> = Promise.resolve();
  /** Reconnections awaited, by session id (rejected when the seat is taken over). */
  private readonly awaiting = new Map<string, Deferred>();
  /** Answers given at {@link cacheHash}, by question. */
  private readonly answers = new Map<string, unknown>();
  private cacheHash = '';
  private readonly buckets = new Map<string, WorkBucket>();

  override messages = {
    act: validate(ActMessageSchema, (client: Client, message: ActMessage) => this.onAct(client, message)),
    snapshot: (client: Client) => this.onSnapshot(client),
    ask: validate(AskMessageSchema, (client: Client, message: AskMessage) => this.onAsk(client, message)),
  };

  /**
   * Before a room is created or joined: a create is refused when its client address already has
   * {@link BattleRoomConfig.maxRoomsPerAddress} rooms open; the address is passed to `onCreate`.
   * The address is the socket's peer, or what a trusted proxy forwards (`clientAddress.ts`).
   */
  static override async onAuth(_token: string, options: Record<string, unknown>, context: AuthContext): Promise<boolean> {
    if (isCreate(options)) {
      if ('restore' in options) throw new ServerError(400, 'restore: not a client option');
      const ip = context.ip ?? 'unknown';
      await checkAddressCap(ip);
      options.__address = ip;
    }
    return true;
  }

  override async onCreate(options: Record<string, unknown>): Promise<void> {
    if (options?.restoreKey === RESTORE_KEY && typeof options.restore === 'string') return this.restore(options.restore);
    const { store } = cfg();
    let actions: unknown[];
    if (typeof options?.__prepared === 'string') {
      const p = prepared.get(options.__prepared);
      if (!p) throw new ServerError(400, 'Network: the table built for this create is gone (create again)');
      prepared.delete(options.__prepared);
      clearTimeout(p.timer);
      this.game = p.game;
      this.setupJson = p.setupJson;
      actions = p.actions;
    } else {
      if (options && '__prepared' in options) throw new ServerError(400, '__prepared: not a client option');
      const r = await openRoomGame(options ?? {}, tableLimits());
      if (!r.ok) throw new ServerError(r.status, r.problems.join('\n'));
      this.game = r.game;
      this.setupJson = r.setupJson;
      actions = r.actions;
    }
    this.triangles = this.game.triangles;
    liveTriangles += this.triangles;
    this.createdAt = Date.now();
    this.seats = { p1: { token: token(), name: '', sessionId: null, connected: false }, p2: { token: token(), name: '', sessionId: null, connected: false } };
    await store.create(this.meta(), this.setupJson, actions);
    this.written = actions.length;
    if (typeof options.__address === 'string') {
      this.address = options.__address;
      await this.presence.hincrby(ADDRESS_KEY, this.address, 1);
    }
    this.setMetadata({ armies: this.game.summary().armies });
    this.scheduleEmptyCheck();
  }

  private meta(): RoomMeta {
    return {
      roomId: this.roomId,
      tokens: { p1: this.seats.p1.token, p2: this.seats.p2.token },
      names: { p1: this.seats.p1.name, p2: this.seats.p2.name },
      createdAt: this.createdAt,
      paired: this.paired(),
      ...(this.emptySince !== null ? { emptySince: this.emptySince } : {}),
    };
  }

  /** Both seats have had a player. */
  private paired(): boolean {
    return this.seats.p1.name !== '' && this.seats.p2.name !== '';
  }

  private writeRecord(): void {
    void cfg().store.updateRecord(this.meta(), this.setupJson).catch(() => undefined);
  }

  /** Re-creates a stored room with its id, its seats' tokens, every accepted action and its clean-up clock. */
  private async restore(roomId: string): Promise<void> {
    const c = cfg();
    const stored = await c.store.loadText(roomId);
    if (!stored) throw new ServerError(404, `room ${roomId} is not stored`);
    let meta: RoomMeta;
    try {
      if (stored.recordText.length > c.heavyRecordChars) {
        const r = await c.pool.restore(stored.recordText, stored.actions);
        this.game = r.game;
        this.setupJson = r.setupJson;
        meta = r.meta as unknown as RoomMeta;
      } else {
        const { setup, ...rest } = JSON.parse(stored.recordText) as RoomMeta & { setup: unknown };
        this.game = await restoreRoomGame(setup, stored.actions);
        this.setupJson = JSON.stringify(setup);
        meta = rest;
      }
    } catch (e) {
      throw new ServerError(500, `room ${roomId}: ${(e as Error).message}`);
    }
    this.roomId = roomId;
    this.triangles = this.game.triangles;
    liveTriangles += this.triangles;
    this.createdAt = meta.createdAt;
    // A record written before issue 36 has no clock: it starts now.
    this.emptySince = meta.emptySince ?? Date.now();
    this.written = stored.actions.length;
    this.seats = {
      p1: { token: meta.tokens.p1, name: meta.names.p1, sessionId: null, connected: false },
      p2: { token: meta.tokens.p2, name: meta.names.p2, sessionId: null, connected: false },
    };
    this.setMetadata({ armies: this.game.summary().armies, restored: true });
    this.scheduleEmptyCheck();
  }

  /** One line of the room's story on stdout when {@link TRACE} is on. */
  private trace(what: string): void {
    if (TRACE) console.log(`[room ${this.roomId} ${(Date.now() % 100000) / 1000}] ${what}`);
  }

  override onJoin(client: Client, options: unknown): void {
    const o = (options ?? {}) as { seat?: unknown; token?: unknown };
    this.trace(`join ${client.sessionId} seat ${String(o.seat)}, token ${o.token ? "yes" : "no"}`);
    const p = JoinOptionsSchema.safeParse(options ?? {});
    if (!p.success) throw new ServerError(400, zodProblems(p.error, 'options').join('\n'));
    const { seat, name, token: given } = p.data;
    if (seat !== 'spectator') {
      const s = this.seats[seat];
      if (s.sessionId) {
        // The seat's own token takes it over (the same player's reopened tab, another device):
        // the old connection is closed, or its awaited reconnection cancelled.
        if (given !== s.token) throw new ServerError(409, `${SEAT_RULE}: seat ${seat} is taken${s.name ? ` by ${s.name}` : ''}; open the spectators' link to watch`);
        this.replace(s.sessionId);
      }
      // A seat someone held before is taken back only with its token (after a restart, a kick, or its 60 s).
      if (s.name !== '' && given !== s.token) throw new ServerError(403, `${SEAT_RULE}: seat ${seat} belongs to ${s.name}; rejoin it with its token, or open the spectators' link to watch`);
      s.sessionId = client.sessionId;
      s.connected = true;
      const first = s.name === '';
      s.name = (name ?? '').trim() || s.name || seat;
      // The seat is now someone's: written, so a restarted server still asks for its token.
      if (first) this.writeRecord();
      const seatMsg: SeatMessage = { seat, token: s.token, roomId: this.roomId };
      client.send('seat', seatMsg);
    } else client.send('seat', { seat, roomId: this.roomId } satisfies SeatMessage);
    this.seatOf.set(client.sessionId, seat);
    client.send('update', this.update([], [], [], []));
    this.broadcastPresence();
    this.cancelEmptyCheck();
  }

  /** Frees a seat's old holder: its connection closed ({@link SEAT_REPLACED_CODE}) or its awaited reconnection cancelled. */
  private replace(sessionId: string): void {
    this.trace(`replace ${sessionId} (awaited: ${this.awaiting.has(sessionId)}, connected: ${this.clients.some((c) => c.sessionId === sessionId)})`);
    this.seatOf.delete(sessionId);
    const waiting = this.awaiting.get(sessionId);
    if (waiting) {
      this.awaiting.delete(sessionId);
      waiting.reject(new Error('the seat was taken over with its token'));
    }
    const old = this.clients.find((c) => c.sessionId === sessionId);
    old?.leave(SEAT_REPLACED_CODE, 'this seat was opened in another tab or device');
  }

  override async onDrop(client: Client, code?: number): Promise<void> {
    this.trace(`drop ${client.sessionId} ${code}`);
    const seat = this.seatOf.get(client.sessionId);
    // A client the server closed (malformed message, flood: 4002; oversized: 1009; replaced) is not waited for.
    const kicked = code === CloseCode.WITH_ERROR || code === 1009 || code === 1007 || code === 1002 || code === SEAT_REPLACED_CODE;
    if (seat && seat !== 'spectator' && !kicked && this.seats[seat].sessionId === client.sessionId) {
      this.seats[seat].connected = false;
      this.broadcastPresence();
      try {
        const d = this.allowReconnection(client, RECONNECT_SECONDS);
        this.awaiting.set(client.sessionId, d as unknown as Deferred);
        await d;
        return;
      } catch {
        // not back in time (or taken over): the seat is freed below (onLeave is not called for it)
      } finally {
        this.awaiting.delete(client.sessionId);
      }
    }
    this.release(client);
  }

  override onReconnect(client: Client): void {
    this.trace(`reconnect ${client.sessionId} (seat ${this.seatOf.get(client.sessionId)})`);
    const seat = this.seatOf.get(client.sessionId);
    if (seat && seat !== 'spectator') this.seats[seat].connected = true;
    client.send('update', this.update([], [], [], []));
    this.broadcastPresence();
  }

  override onLeave(client: Client, code?: number): void {
    this.trace(`leave ${client.sessionId} ${code}`);
    this.release(client);
  }

  private release(client: Client): void {
    const seat = this.seatOf.get(client.sessionId);
    this.seatOf.delete(client.sessionId);
    this.buckets.delete(client.sessionId);
    if (seat && seat !== 'spectator' && this.seats[seat].sessionId === client.sessionId) {
      this.seats[seat].sessionId = null;
      this.seats[seat].connected = false;
    }
    this.broadcastPresence();
    this.scheduleEmptyCheck();
  }

  override async onDispose(): Promise<void> {
    liveTriangles -= this.triangles;
    this.triangles = 0;
    this.game?.close();
    if (this.address) await this.presence.hincrby(ADDRESS_KEY, this.address, -1);
    if (!shuttingDown && config && this.seats) await config.store.remove(this.roomId);
  }

  override onBeforeShutdown(): void {
    shuttingDown = true;
    void this.disconnect(CloseCode.MAY_TRY_RECONNECT);
  }

  /** The seat a client holds. */
  private seatOfClient(client: Client): Seat | undefined {
    return this.seatOf.get(client.sessionId);
  }

  private onAct(client: Client, message: ActMessage): void {
    const seat = this.seatOfClient(client);
    const action = message.action;
    this.trace(`act ${client.sessionId} (seat ${seat}) ${action.type}`);
    if (!seat || seat === 'spectator' || action.player !== seat) {
      const why = !seat || seat === 'spectator' ? 'a spectator cannot act' : `you hold seat ${seat}, the action is ${JSON.stringify(action.player)}'s`;
      this.trace(`result ${client.sessionId} refused ${why}`);
      client.send('result', { ok: false, reason: why, rule: SEAT_RULE } satisfies ResultMessage);
      return;
    }
    const run = this.acting.then(() => this.game.act(action));
    this.acting = run.catch(() => undefined);
    run.then(
      (r) => {
        if (!r.ok) {
          this.trace(`result ${client.sessionId} refused ${r.reason}`);
          client.send('result', { ok: false, reason: r.reason, rule: r.rule } satisfies ResultMessage);
          return;
        }
        const from = this.written;
        this.written += r.accepted.length;
        const update = this.update(r.events, r.lines, r.steps, r.accepted, r.summary);
        const write = this.writes.then(() => cfg().store.append(this.roomId, from, r.accepted));
        this.writes = write.catch(() => undefined);
        write.then(
          () => {
            this.trace(`result ${client.sessionId} ok ${update.seq} (state ${client.state}, clients ${this.clients.map((c) => c.sessionId).join(',')})`);
            client.send('result', { ok: true, seq: update.seq } satisfies ResultMessage);
            this.broadcast('update', update);
            if (update.summary.stage === 'ended') this.scheduleEmptyCheck();
          },
          (e: unknown) => {
            // The game moved on but could not be written: every client is told, and the room is closed
            // so nothing is played that a restart would lose.
            client.send('result', { ok: false, reason: `the game could not be saved: ${(e as Error).message}`, rule: 'Network: storage' } satisfies ResultMessage);
            void this.disconnect(CloseCode.WITH_ERROR);
          },
        );
      },
      (e: unknown) => client.send('result', { ok: false, reason: `the game server could not play it: ${(e as Error).message}`, rule: 'Network: server' } satisfies ResultMessage),
    );
  }

  private onSnapshot(client: Client): void {
    this.game.snapshot().then(
      (saved) => client.send('snapshot', saved),
      () => undefined,
    );
  }

  /**
   * Extension `ask`: a read-only question to the session (see `ASK_METHODS`); the state goes
   * without its seed and dice. An answer already given at this state hash is sent again at once;
   * any other waits its turn in the process's {@link askQueue} (players first) and is charged to
   * the client's work budget; an empty budget, or {@link MAX_QUEUED_PER_CLIENT} questions waiting,
   * refuses it at once (`Network: rate`).
   */
  private onAsk(client: Client, m: AskMessage): void {
    const seat = this.seatOfClient(client);
    const player = seat === 'p1' || seat === 'p2';
    const key = `${m.method}\u0000${JSON.stringify(m.args)}`;
    const hash = this.game.summary().hash;
    if (hash !== this.cacheHash) {
      this.answers.clear();
      this.cacheHash = hash;
    }
    if (this.answers.has(key)) {
      client.send('answer', { id: m.id, ok: true, value: this.answers.get(key) } satisfies AnswerMessage);
      return;
    }
    const c = cfg();
    let bucket = this.buckets.get(client.sessionId);
    if (!bucket) this.buckets.set(client.sessionId, (bucket = new WorkBucket(player ? c.askBudgets.player : c.askBudgets.spectator)));
    const queued = askQueue.queuedFor(client.sessionId);
    if (bucket.available() <= 0 || queued >= MAX_QUEUED_PER_CLIENT) {
      const wait = Math.max(1, Math.ceil(bucket.secondsUntilAvailable()));
      const why = queued >= MAX_QUEUED_PER_CLIENT ? `${queued} questions of yours are still waiting` : `your questions used your share of the server's time; ask again in ${wait} s`;
      client.send('answer', { id: m.id, ok: false, error: `${RATE_RULE}: ${why}` } satisfies AnswerMessage);
      return;
    }
    askQueue.push(client.sessionId, player, async () => {
      let answer: AnswerMessage;
      try {
        // Answered at the state it is asked now (an action may have come in while it waited).
        const at = this.game.summary().hash;
        const cached = at === this.cacheHash ? this.answers.get(key) : undefined;
        if (cached !== undefined) answer = { id: m.id, ok: true, value: cached };
        else {
          const r = await this.game.ask(m.method, m.args);
          bucket.charge(r.costMs);
          if (this.game.summary().hash === at) {
            if (at !== this.cacheHash) {
              this.answers.clear();
              this.cacheHash = at;
            }
            this.answers.set(key, r.value);
          }
          answer = { id: m.id, ok: true, value: r.value };
        }
      } catch (e) {
        answer = { id: m.id, ok: false, error: (e as Error).message };
      }
      client.send('answer', answer);
    });
  }

  private update(events: UpdateMessage['events'], lines: UpdateMessage['lines'], steps: UpdateMessage['steps'], actions: unknown[], summary?: GameSummary): UpdateMessage {
    const s = summary ?? this.game.summary();
    return { seq: s.actions, stateHash: s.hash, events, lines, steps, actions, summary: s };
  }

  private presenceMessage(): PresenceMessage {
    let spectators = 0;
    for (const s of this.seatOf.values()) if (s === 'spectator') spectators++;
    const seat = (p: PlayerSeat) => ({ name: this.seats[p].name, connected: this.seats[p].connected, held: this.seats[p].sessionId !== null });
    return { p1: seat('p1'), p2: seat('p2'), spectators };
  }

  private broadcastPresence(): void {
    if (this.clients.length) this.broadcast('presence', this.presenceMessage());
  }

  private cancelEmptyCheck(): void {
    this.emptyTimer?.clear();
    this.emptyTimer = null;
    if (this.emptySince !== null) {
      this.emptySince = null;
      this.writeRecord();
    }
  }

  /**
   * Starts (or goes on with) the clean-up clock when nobody is connected or waited for: the room
   * closes {@link BattleRoomConfig.finishedSeconds} (an ended battle),
   * {@link BattleRoomConfig.abandonedSeconds} (a battle both players joined) or
   * {@link BattleRoomConfig.unpairedSeconds} (no second player ever joined) after it became empty;
   * that moment is written with the room, so a restart does not start the clock again.
   */
  private scheduleEmptyCheck(): void {
    if (this.clients.length > 0 || this.seats.p1.sessionId || this.seats.p2.sessionId) return;
    this.emptyTimer?.clear();
    this.emptyTimer = null;
    if (this.emptySince === null) {
      this.emptySince = Date.now();
      this.writeRecord();
    }
    const { abandonedSeconds, finishedSeconds, unpairedSeconds } = cfg();
    const ended = this.game.summary().stage === 'ended';
    const seconds = ended ? finishedSeconds : this.paired() ? abandonedSeconds : unpairedSeconds;
    const delay = Math.max(0, this.emptySince + seconds * 1000 - Date.now());
    this.emptyTimer = this.clock.setTimeout(() => void this.disconnect(), delay);
  }
}
