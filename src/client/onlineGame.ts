/**
 * The page's connection to a game on the game server (`shared/contract/NETWORK.md`, issue 25
 * item 3), with the methods of {@link GameClient} the Play mode uses, so `usePlay` talks to one
 * game connection whether the game is in its worker (hot-seat) or on the server. Built on
 * `@colyseus/sdk` (browser and Node).
 *
 * - `act` sends `act` and resolves with the `result`; an accepted action resolves once its `update`
 *   arrived, with that update's summary, log lines and dice steps (the same shape as the worker's
 *   answer). A refusal is data (`{ok: false, reason, rule}`), never thrown.
 * - Every other player's accepted action arrives as an `update` and is reported to
 *   {@link OnlineGame.onRemote} (summary, lines, steps, the accepted actions).
 * - The panel's questions (options, player-level actions, expected damage, the log, the state
 *   without its dice) go to the server as `ask` (an extension of the protocol) and come back as
 *   `answer`.
 * - No more than {@link SEND_PER_SECOND} messages a second leave the page (the server closes a
 *   client that sends over 20): the rest wait their turn.
 * - Reconnection: the SDK reconnects by itself after a drop; {@link OnlineGame.onStatus} reports
 *   `reconnecting` then `connected`. After a (re)join the server sends an `update` with its current
 *   `seq`; when it is not the last one seen (updates were missed) the client asks the summary and
 *   the whole log again and reports a resync (`OnlineUpdate.resync`).
 *
 * @module
 */
import { Client, CloseCode, type Room } from '@colyseus/sdk';
import { BATTLE_ROOM, RATE_RULE, SEAT_REPLACED_CODE, SEAT_RULE, type AnswerMessage, type AskMethod, type PresenceMessage, type ResultMessage, type Seat, type SeatMessage, type UpdateMessage } from '../game/network';
import type { Answer } from '../scenario/answer';
import type { ActResult, DiceStep, ExpectedDamage, GameState, GameSummary, LogLine, OptionEntry, OptionsResult, SavedGame } from '../game/session';

/** Messages a second the client sends at most (the server allows 20). */
export const SEND_PER_SECOND = 12;
/**
 * How long a create or join may take before it is given up, ms (a server that is down refuses at
 * once; a busy one building a table can take over 10 s: issue 36, a loaded machine).
 */
export const CONNECT_TIMEOUT_MS = 30_000;
/** How long an `ask` or `act` waits for its answer, ms. */
export const ANSWER_TIMEOUT_MS = 30_000;

/** How often a dropped client also tries to rejoin with its seat token (a restarted server), ms. */
export const REJOIN_EVERY_MS = 3000;
/** After this long without the server (the 60 s a seat is held, and 30 s), rejoins are tried every {@link REJOIN_SLOW_MS}. */
export const RECONNECT_GIVE_UP_MS = 90_000;
/** After {@link RECONNECT_GIVE_UP_MS} without the server, the rejoin is tried this often (ms). */
export const REJOIN_SLOW_MS = 10_000;
/** How often a question the server's rate limit refused is asked again ({@link OnlineGame} `ask`). */
export const ASK_RATE_RETRIES = 3;
/** What an action or question gets at once while the server is not connected. */
export const UNREACHABLE_REASON = 'the game server is unreachable: reconnecting…';

/** The rule named when the page refuses something an online game cannot do. */
export const ONLINE_RULE = 'Network: online';
/** Longest wait for the server to confirm a leave, ms ({@link leaveRoom}). */
export const LEAVE_TIMEOUT_MS = 3000;

/**
 * Leaves a room, bounded: `@colyseus/sdk` 0.18's `room.leave()` waits for the room's `onLeave`,
 * which never comes when the connection is already closed (the server closed the room, or was
 * killed, or the SDK is between reconnection tries). The SDK's reconnection is turned off; a
 * closed connection resolves at once, an open one when the server confirms or after `ms`, when
 * the connection is closed from this side.
 * @returns the close code the server gave, or null (already closed, or not confirmed in time).
 */
export function leaveRoom(room: Room, consented = true, ms = LEAVE_TIMEOUT_MS): Promise<number | null> {
  room.reconnection.enabled = false;
  const close = () => {
    try {
      room.connection?.close();
    } catch {
      // never connected: nothing to close
    }
  };
  if (!room.connection?.isOpen) {
    close();
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      close();
      resolve(null);
    }, ms);
    room.leave(consented).then(
      (code) => {
        clearTimeout(timer);
        resolve(code);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

/**
 * Where a connection stands: joined; reconnecting after a drop (`unreachable`: a try to reach the
 * server failed, so it is down or out of reach); or gone for good (this page left, or another tab
 * took the seat: `code` {@link SEAT_REPLACED_CODE}).
 */
export type OnlineStatus = { kind: 'connected' } | { kind: 'reconnecting'; unreachable?: boolean } | { kind: 'closed'; code: number; reason: string };

/**
 * A create or join the server refused (a `MatchMakeError` with an HTTP status): its reason, as the
 * server gave it. Null for anything else (the server could not be reached, a timeout).
 */
export function serverRefusal(e: unknown): string | null {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code >= 400 && code < 600 ? ((e as Error).message ?? String(e)) : null;
}

/** An accepted action seen by this client that it did not send (or a resync). */
export interface OnlineUpdate {
  seq: number;
  summary: GameSummary;
  lines: LogLine[];
  steps: DiceStep[];
  actions: unknown[];
  /**
   * Updates were missed (a reconnection, a jump of `seq`): `lines` is then the whole battle log
   * (asked again), `steps` and `actions` are empty.
   */
  resync: boolean;
}

/** What the page keeps to take its seat back after a reload. */
export interface SeatKeys {
  seat: Seat;
  /** The seat's token (`seat` message), for a join after the seat was freed. */
  token?: string;
  /** The SDK's reconnection token (`room.reconnectionToken`), for a reload within 60 s. */
  reconnectionToken?: string;
}

/** A scenario query's answer (as the engine worker's). */
export type QueryAnswer = { ok: true; answer: Answer } | { ok: false; problems: string[] };

type Pending<T> = { resolve: (v: T) => void; timer: ReturnType<typeof setTimeout> };

/** Turns `ws://host:port` (or `http://…`) into the SDK client's endpoint. */
export function endpointOf(server: string): string {
  return server.replace(/^ws(s?):\/\//, 'http$1://').replace(/\/+$/, '');
}

/**
 * Rejects `p` after `ms` with `what` timed out; `late` gets what `p` resolves with after that (a
 * room joined too late is left, so it holds no seat nobody uses).
 */
function timeout<T>(p: Promise<T>, ms: number, what: string, late?: (v: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let over = false;
    const t = setTimeout(() => {
      over = true;
      reject(new Error(`${what}: no answer within ${Math.round(ms / 1000)} s`));
    }, ms);
    p.then(
      (v) => (over ? late?.(v) : (clearTimeout(t), resolve(v))),
      (e: unknown) => (clearTimeout(t), reject(e)),
    );
  });
}

/** Leaves a room joined after its caller gave up ({@link timeout}'s `late`). */
const leaveLate = (room: Room) => void leaveRoom(room, true);

/** One seat's connection to a battle room. Create it with {@link OnlineGame.create} or {@link OnlineGame.join}. */
export class OnlineGame {
  /** The room's id (the links carry it). */
  readonly roomId: string;
  /** The seat this client holds. */
  readonly seat: Seat;
  /** The seat's token (players only), from the `seat` message. */
  token: string | undefined;
  /** The last summary the server sent (null until the first update). */
  private last: GameSummary | null = null;
  private seq = -1;
  private lines: LogLine[] = [];
  private presence: PresenceMessage | null = null;
  private status: OnlineStatus = { kind: 'connected' };
  private readonly results: Pending<ResultMessage>[] = [];
  /** An accepted own action waiting for its update: its `seq`. */
  private readonly ownUpdates = new Map<number, (u: UpdateMessage) => void>();
  private readonly answers = new Map<number, Pending<AnswerMessage>>();
  private askId = 0;
  private readonly sent: number[] = [];
  private readonly queue: (() => void)[] = [];
  private drainTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly remote = new Set<(u: OnlineUpdate) => void>();
  private readonly presenceListeners = new Set<(p: PresenceMessage) => void>();
  private readonly statusListeners = new Set<(s: OnlineStatus) => void>();
  private readonly keysListeners = new Set<(k: SeatKeys) => void>();
  private firstUpdate: Promise<void>;
  /** Serialises update handling (a resync awaits the log). */
  private chain: Promise<void> = Promise.resolve();

  private room!: Room;
  /** A rejoin after a restart of the server is being tried. */
  private rejoining = false;
  private rejoinTimer: ReturnType<typeof setTimeout> | null = null;
  private left = false;

  private constructor(
    room: Room,
    seat: Seat,
    private readonly server: string,
  ) {
    this.roomId = room.roomId;
    this.seat = seat;
    let ready!: () => void;
    this.firstUpdate = new Promise<void>((r) => (ready = r));
    this.firstReady = ready;
    this.attach(room);
  }

  private readonly firstReady: () => void;

  /** Listens to `room` (the first one, or the one a rejoin after a server restart got). */
  private attach(room: Room): void {
    this.room = room;
    // A drop reconnects whenever it happens (the SDK waits 5 s after a join by default), for the
    // 60 s the server holds the seat.
    room.reconnection.minUptime = 0;
    room.reconnection.maxRetries = 30;
    room.reconnection.maxDelay = 3000;
    const mine = () => room === this.room;
    room.onMessage('seat', (m: SeatMessage) => {
      if (!mine()) return;
      this.token = m.token ?? this.token;
      this.emitKeys();
    });
    room.onMessage('update', (u: UpdateMessage) => {
      this.trace(`update ${u.seq}${mine() ? '' : ' (old room)'}`, room);
      if (!mine()) return;
      this.chain = this.chain.then(() => this.onUpdate(u)).finally(this.firstReady);
    });
    room.onMessage('result', (r: ResultMessage) => {
      this.trace(`result ${JSON.stringify(r)}${mine() ? '' : ' (old room)'}`, room);
      if (!mine()) return;
      const p = this.results.shift();
      if (!p) return;
      clearTimeout(p.timer);
      p.resolve(r);
    });
    room.onMessage('answer', (a: AnswerMessage) => {
      const p = this.answers.get(a.id);
      if (!p) return;
      this.answers.delete(a.id);
      clearTimeout(p.timer);
      p.resolve(a);
    });
    room.onMessage('presence', (p: PresenceMessage) => {
      if (!mine()) return;
      this.presence = p;
      for (const l of this.presenceListeners) l(p);
    });
    room.onMessage('snapshot', () => undefined);
    room.onDrop((code) => {
      this.trace(`drop ${code}${mine() ? '' : ' (old room)'}`, room);
      if (!mine()) return;
      this.failPending(UNREACHABLE_REASON);
      // Once a try failed to reach the server it stays unreachable until a connection is back.
      this.setStatus({ kind: 'reconnecting', unreachable: this.status.kind === 'reconnecting' && !!this.status.unreachable });
      this.scheduleRejoin();
    });
    room.onReconnect(() => {
      this.trace(`sdk reconnected${mine() ? '' : ' (old room)'}`, room);
      if (!mine()) return;
      this.cancelRejoin();
      this.setStatus({ kind: 'connected' });
      this.emitKeys();
    });
    room.onLeave((code, reason) => {
      this.trace(`leave ${code} ${reason ?? ''}${mine() ? '' : ' (old room)'}`, room);
      if (!mine()) return;
      // This page's own rejoin took the seat over (the SDK had got the old connection back at the
      // server meanwhile): the rejoin adopts its room.
      if (code === SEAT_REPLACED_CODE && this.rejoining && !this.left) {
        this.failPending('the connection to the game server changed while this was on its way: look at the game, then try again');
        this.setStatus({ kind: 'reconnecting', unreachable: false });
        return;
      }
      this.failPending(code === SEAT_REPLACED_CODE ? 'this seat was opened in another tab or device' : `the connection to the game server closed (${code})`);
      // Not left by this page, nor taken over by another tab: the server may have restarted (its rooms restored): rejoin.
      if (!this.left && code !== CloseCode.CONSENTED && code !== CloseCode.WITH_ERROR && code !== SEAT_REPLACED_CODE) {
        this.setStatus({ kind: 'reconnecting', unreachable: this.status.kind === 'reconnecting' && !!this.status.unreachable });
        this.scheduleRejoin(0);
        return;
      }
      this.cancelRejoin();
      this.setStatus({ kind: 'closed', code, reason: code === SEAT_REPLACED_CODE ? 'this seat was opened in another tab or device' : (reason ?? '') });
    });
  }

  /**
   * After a drop the SDK tries its reconnection token; a restarted server does not know it (the
   * seat reservations lived in the old process) but restores the room, where the seat's token
   * takes the seat back. So while the drop lasts the client also tries `joinById` with its seat
   * token (a spectator: as a spectator) every {@link REJOIN_EVERY_MS} (after
   * {@link RECONNECT_GIVE_UP_MS}: every {@link REJOIN_SLOW_MS}), and adopts the first room that
   * answers: it never gives up (the page recovers whenever the server comes back). A try that
   * cannot reach the server marks the status `unreachable`; one the server refuses for good
   * (the room is gone) closes it.
   */
  private scheduleRejoin(delayMs = REJOIN_EVERY_MS, since = Date.now()): void {
    if (this.rejoinTimer || this.left) return;
    this.rejoinTimer = setTimeout(() => {
      this.rejoinTimer = null;
      if (this.status.kind !== 'reconnecting' || this.rejoining || this.left) return;
      this.rejoining = true;
      this.trace('rejoin: joinById');
      const client = new Client(endpointOf(this.server));
      const options = { seat: this.seat, ...(this.token ? { token: this.token } : {}) };
      const next = Date.now() - since > RECONNECT_GIVE_UP_MS ? REJOIN_SLOW_MS : REJOIN_EVERY_MS;
      timeout(client.joinById(this.roomId, options), CONNECT_TIMEOUT_MS, 'rejoin', leaveLate)
        .then(
          (room) => {
            this.trace(`rejoin: joined ${room.sessionId} while ${this.status.kind}`);
            if (this.status.kind === 'closed' || this.left) {
              void leaveRoom(room, true);
              return;
            }
            // The seat is this room's now, even when the SDK got the old connection back meanwhile:
            // the server gave the seat to this join and closed the old session (one seat, one
            // connection). What was sent on the old one and not answered is refused, visibly.
            const old = this.room;
            old.reconnection.enabled = false;
            this.failPending('the connection to the game server changed while this was on its way: look at the game, then try again');
            this.attach(room);
            void leaveRoom(old, false);
            this.setStatus({ kind: 'connected' });
            this.emitKeys();
          },
          (e: unknown) => {
            this.trace(`rejoin: failed ${(e as Error).message}`);
            const refusal = serverRefusal(e);
            const code = (e as { code?: unknown }).code;
            // The room is gone (404/"not found"), or the seat is someone else's: no use trying again.
            if (refusal && (code === 404 || /not found|no rooms found/i.test(refusal) || /belongs to/.test(refusal))) {
              this.setStatus({ kind: 'closed', code: CloseCode.FAILED_TO_RECONNECT, reason: refusal });
              return;
            }
            if (this.status.kind === 'reconnecting' && !this.status.unreachable && !refusal) this.setStatus({ kind: 'reconnecting', unreachable: true });
            this.scheduleRejoin(next, since);
          },
        )
        .finally(() => {
          this.rejoining = false;
        });
    }, delayMs);
  }

  private cancelRejoin(): void {
    if (this.rejoinTimer) clearTimeout(this.rejoinTimer);
    this.rejoinTimer = null;
  }

  /**
   * Creates a `battle` room on the server (NETWORK.md create options: scenario, armies keyed by
   * scenario army, seed, bundled meshes, deploy) and takes `seat` (p1 by default).
   * @throws when the server cannot be reached (within {@link CONNECT_TIMEOUT_MS}) or refuses the
   *   options (its message lists every problem with its path).
   */
  static async create(server: string, options: Record<string, unknown>, seat: Seat = 'p1', name?: string): Promise<OnlineGame> {
    const client = new Client(endpointOf(server));
    const room = await timeout(client.create(BATTLE_ROOM, { ...options, seat, ...(name ? { name } : {}) }), CONNECT_TIMEOUT_MS, `the game server at ${server}`, leaveLate);
    const g = new OnlineGame(room, seat, server);
    await timeout(g.firstUpdate, CONNECT_TIMEOUT_MS, 'the first update');
    return g;
  }

  /**
   * Joins room `roomId` in `seat`: first by `keys.reconnectionToken` (the same page reloaded within
   * the 60 s its seat is held), else by `joinById` with the seat's `token` (the seat was freed, or
   * the server restarted), else as a new holder of the seat.
   * @throws when the server cannot be reached or refuses the seat (its reason).
   */
  static async join(server: string, roomId: string, seat: Seat, keys: Omit<SeatKeys, 'seat'> = {}, name?: string): Promise<OnlineGame> {
    const client = new Client(endpointOf(server));
    let room: Room | null = null;
    if (keys.reconnectionToken && seat !== 'spectator') {
      try {
        room = await timeout(client.reconnect(keys.reconnectionToken), CONNECT_TIMEOUT_MS, `the game server at ${server}`, leaveLate);
      } catch {
        room = null; // the reservation is gone (more than 60 s, or a restarted server): join with the token
      }
    }
    room ??= await timeout(client.joinById(roomId, { seat, ...(keys.token ? { token: keys.token } : {}), ...(name ? { name } : {}) }), CONNECT_TIMEOUT_MS, `the game server at ${server}`, leaveLate);
    const g = new OnlineGame(room, seat, server);
    g.token ??= keys.token;
    await timeout(g.firstUpdate, CONNECT_TIMEOUT_MS, 'the first update');
    g.emitKeys();
    return g;
  }

  /** Whether this client may act for `player` (its own seat only; a spectator for nobody). */
  actsFor(player: string): boolean {
    return this.seat !== 'spectator' && this.seat === player;
  }

  /** The current connection status. */
  get connection(): OnlineStatus {
    return this.status;
  }

  /** The last presence message (null before the first). */
  get who(): PresenceMessage | null {
    return this.presence;
  }

  /** Reports each accepted action of another client (and resyncs). Returns the unsubscribe function. */
  onRemote(l: (u: OnlineUpdate) => void): () => void {
    this.remote.add(l);
    return () => this.remote.delete(l);
  }

  /** Reports each presence message. */
  onPresence(l: (p: PresenceMessage) => void): () => void {
    this.presenceListeners.add(l);
    if (this.presence) l(this.presence);
    return () => this.presenceListeners.delete(l);
  }

  /** Reports each change of the connection status. */
  onStatus(l: (s: OnlineStatus) => void): () => void {
    this.statusListeners.add(l);
    return () => this.statusListeners.delete(l);
  }

  /** Reports the seat's keys whenever they change (to keep for a reload). */
  onKeys(l: (k: SeatKeys) => void): () => void {
    this.keysListeners.add(l);
    l(this.keys());
    return () => this.keysListeners.delete(l);
  }

  /** The seat's keys now. */
  keys(): SeatKeys {
    return { seat: this.seat, ...(this.token ? { token: this.token } : {}), ...(this.room.reconnectionToken ? { reconnectionToken: this.room.reconnectionToken } : {}) };
  }

  // ---- The game client's methods (see GameClient).

  /**
   * Sends one action; resolves with the server's refusal (its reason and rule) or, accepted, once
   * its update arrived: that update's summary, events, log lines and dice steps.
   */
  async act(action: unknown): Promise<ActResult> {
    const player = (action as { player?: unknown } | null)?.player;
    this.trace(`act asked: ${(action as { type?: string } | null)?.type} for ${String(player)} (status ${this.status.kind})`);
    if (this.seat === 'spectator') return { ok: false, reason: 'a spectator cannot act', rule: SEAT_RULE };
    if (player !== this.seat) return { ok: false, reason: `you hold seat ${this.seat}, the action is ${JSON.stringify(player)}'s`, rule: SEAT_RULE };
    if (this.status.kind === 'closed') return { ok: false, reason: `the connection to the game server is closed${this.status.reason ? `: ${this.status.reason}` : ''}`, rule: ONLINE_RULE };
    if (this.status.kind === 'reconnecting') return { ok: false, reason: UNREACHABLE_REASON, rule: ONLINE_RULE };
    const result = await new Promise<ResultMessage>((resolve) => {
      const timer = setTimeout(() => {
        const i = this.results.findIndex((p) => p.resolve === resolve);
        if (i >= 0) this.results.splice(i, 1);
        resolve({ ok: false, reason: `the game server did not answer within ${ANSWER_TIMEOUT_MS / 1000} s`, rule: ONLINE_RULE });
      }, ANSWER_TIMEOUT_MS);
      this.results.push({ resolve, timer });
      this.trace(`act ${(action as { type?: string }).type} (status ${this.status.kind}, ws open ${this.room.connection?.isOpen})`);
      this.send('act', { action });
    });
    if (!result.ok) return result;
    // The update of an accepted action is sent right after its result.
    const u = await new Promise<UpdateMessage>((resolve) => {
      if (this.seq >= result.seq && this.last) return resolve({ seq: this.seq, stateHash: this.last.hash, events: [], lines: [], steps: [], actions: [], summary: this.last });
      this.ownUpdates.set(result.seq, resolve);
    });
    return { ok: true, summary: u.summary, events: u.events, lines: u.lines, rolls: [], steps: u.steps };
  }

  /** The last summary the server sent. */
  async summary(): Promise<GameSummary> {
    await this.firstUpdate;
    return this.last!;
  }
  /** The battle log from line `from` (kept by this client: every line since the start). */
  async log(from = 0): Promise<LogLine[]> {
    await this.firstUpdate;
    return this.lines.slice(from);
  }
  /** The engine state as the server gives it: without its seed and dice state. */
  state(): Promise<GameState> {
    return this.ask('state', []) as Promise<GameState>;
  }
  /** What a unit may do now (the server tries every candidate with reduce). */
  options(unitId: string): Promise<OptionsResult> {
    return this.ask('options', [unitId]) as Promise<OptionsResult>;
  }
  /** The player-level actions (end phase, pass, first turn, battle tactics). */
  generalOptions(): Promise<OptionEntry[]> {
    return this.ask('generalOptions', []) as Promise<OptionEntry[]>;
  }
  /** Expected damage of a unit's weapons on a target. */
  expectedDamage(unitId: string, targetId: string, kind?: 'shoot' | 'fight'): Promise<ExpectedDamage> {
    return this.ask('expectedDamage', kind ? [unitId, targetId, kind] : [unitId, targetId]) as Promise<ExpectedDamage>;
  }
  /** The current state hash (the last update's). */
  async hash(): Promise<string> {
    return (await this.summary()).hash;
  }
  /** The game as the server saves it (`snapshot`: the saved game without its seed). */
  save(): Promise<SavedGame> {
    return timeout(
      new Promise<SavedGame>((resolve) => {
        const off = this.room.onMessage('snapshot', (s: SavedGame) => {
          off();
          resolve(s);
        });
        this.send('snapshot', undefined);
      }),
      ANSWER_TIMEOUT_MS,
      'snapshot',
    );
  }
  /**
   * A scenario query (the measuring tools, a drag's path) answered by `answerQueries`: the page's
   * engine worker, whose table is at the game's positions (the page moves its models with every
   * update). Without one the query is refused with a problem.
   */
  query(q: unknown): Promise<QueryAnswer> {
    return this.answerQueries ? this.answerQueries(q) : Promise.resolve({ ok: false, problems: ['no measuring engine for the online game'] });
  }
  /** Where {@link query} is answered (set by the page). */
  answerQueries: ((q: unknown) => Promise<QueryAnswer>) | null = null;
  /** Undo is not offered online: an action the other player saw stays. */
  async undo(): Promise<{ ok: false; reason: string }> {
    return { ok: false, reason: 'an online game has no undo (the other player saw the action)' };
  }
  /** Loading a file is not offered online (the server holds the game). */
  async load(_json?: unknown, _options?: { replay?: boolean }): Promise<{ ok: false; problems: string[] }> {
    return { ok: false, problems: ['an online game cannot load a file: the game server holds the game (start a new online game from the saved file instead)'] };
  }
  /** No step-by-step replay online. */
  async replayStep(): Promise<{ ok: false; reason: string; rule: string }> {
    return { ok: false, reason: 'no replay in an online game', rule: ONLINE_RULE };
  }
  /** No step-by-step replay online. */
  async replayBack(): Promise<{ ok: false; reason: string; rule: string }> {
    return this.replayStep();
  }
  /** No step-by-step replay online. */
  async replayTo(_index?: number): Promise<{ ok: false; reason: string; rule: string }> {
    return this.replayStep();
  }
  /** There is no worker to crash: a drop of the connection instead ({@link simulateDrop}). */
  async simulateCrash(): Promise<void> {
    this.simulateDrop();
  }
  /** Leaves the room for good (consented: a player's seat is freed at once, its token takes it back). */
  async leave(): Promise<void> {
    this.left = true;
    this.cancelRejoin();
    if (this.status.kind !== 'closed') await leaveRoom(this.room, true);
  }
  /** Drops the connection as a network failure would (tests): the SDK then reconnects by itself. */
  simulateDrop(): void {
    (this.room.connection as unknown as { transport: { ws?: { close: (code?: number) => void } } }).transport.ws?.close(4010);
  }

  // ---- Internals.

  private async onUpdate(u: UpdateMessage): Promise<void> {
    const own = this.ownUpdates.get(u.seq);
    const expected = this.seq + u.actions.length;
    const resync = this.seq >= 0 && u.seq !== expected;
    const first = this.seq < 0;
    if (first || resync) {
      // Joined (or missed updates): the whole log again; the update's summary is the current game.
      this.lines = (await this.ask('log', [0]).catch(() => this.lines)) as LogLine[];
    } else this.lines = [...this.lines, ...u.lines];
    this.seq = u.seq;
    this.last = u.summary;
    if (own) {
      this.ownUpdates.delete(u.seq);
      own(u);
      return;
    }
    if (first || (!resync && u.actions.length === 0)) return; // a re-join at the seq we know: nothing new
    const update: OnlineUpdate = resync ? { seq: u.seq, summary: u.summary, lines: [...this.lines], steps: [], actions: [], resync: true } : { seq: u.seq, summary: u.summary, lines: u.lines, steps: u.steps, actions: u.actions, resync: false };
    for (const l of this.remote) l(update);
  }

  /**
   * One question to the server. Refused at once while not connected; a question the server's rate
   * limit refused (`Network: rate`, "ask again in N s") is asked again after the time it names, at
   * most {@link ASK_RATE_RETRIES} times (the panel's questions are a player's own, never a flood:
   * on a loaded server they can cost more than the budget for a while).
   */
  private async ask(method: AskMethod, args: (string | number)[], tries = 0): Promise<unknown> {
    // Not connected: refused at once (never 30 s of waiting for a server that is not there).
    if (this.status.kind !== 'connected') throw new Error(`${method}: ${this.status.kind === 'closed' ? 'the connection to the game server is closed' : UNREACHABLE_REASON}`);
    const id = ++this.askId;
    const t0 = Date.now();
    const a = await new Promise<AnswerMessage>((resolve) => {
      const timer = setTimeout(() => {
        this.answers.delete(id);
        resolve({ id, ok: false, error: `${method}: the game server did not answer within ${ANSWER_TIMEOUT_MS / 1000} s` });
      }, ANSWER_TIMEOUT_MS);
      this.answers.set(id, { resolve, timer });
      this.send('ask', { id, method, args });
    });
    this.trace(`ask ${method} #${id}: ${a.ok ? 'answered' : 'refused'} in ${Date.now() - t0} ms`);
    if (a.ok) return a.value;
    if (a.error.startsWith(RATE_RULE) && tries < ASK_RATE_RETRIES) {
      const seconds = Number(/ask again in (\d+) s/.exec(a.error)?.[1] ?? 1);
      this.trace(`ask ${method} refused (${a.error}): again in ${seconds} s`);
      await new Promise((r) => setTimeout(r, Math.min(10, Math.max(1, seconds)) * 1000));
      return this.ask(method, args, tries + 1);
    }
    throw new Error(a.error);
  }

  /** Sends now, or as soon as the last second's sends allow (at most {@link SEND_PER_SECOND}). */
  private send(type: string, payload: unknown): void {
    this.queue.push(() => this.room.send(type, payload));
    this.drain();
  }

  private drain(): void {
    if (this.drainTimer) return;
    while (this.queue.length) {
      const now = Date.now();
      while (this.sent.length && now - this.sent[0] >= 1000) this.sent.shift();
      if (this.sent.length >= SEND_PER_SECOND) {
        this.drainTimer = setTimeout(() => {
          this.drainTimer = null;
          this.drain();
        }, 1000 - (now - this.sent[0]) + 5);
        return;
      }
      this.sent.push(now);
      this.queue.shift()!();
    }
  }

  /** Answers every action and question in flight at once: the connection they went out on is gone. */
  private failPending(why: string): void {
    for (const p of this.results.splice(0)) {
      clearTimeout(p.timer);
      p.resolve({ ok: false, reason: why, rule: ONLINE_RULE });
    }
    for (const [id, p] of this.answers) {
      clearTimeout(p.timer);
      p.resolve({ id, ok: false, error: why });
    }
    this.answers.clear();
    // Queued sends would go out on the next connection: dropped (their callers were answered).
    this.queue.length = 0;
  }

  private setStatus(s: OnlineStatus): void {
    if (s.kind === this.status.kind && s.kind === 'connected') return;
    if (s.kind === 'reconnecting' && this.status.kind === 'reconnecting' && !!s.unreachable === !!this.status.unreachable) return;
    this.trace(`status ${JSON.stringify(s)}`);
    this.status = s;
    for (const l of this.statusListeners) l(s);
  }

  /** One line of the connection's story on the console (debug level), when `globalThis.SIGHTLINE_NET_TRACE` is true (the online browser test sets it and prints the story on failure). */
  private trace(what: string, room: Room | undefined = this.room): void {
    if ((globalThis as { SIGHTLINE_NET_TRACE?: unknown }).SIGHTLINE_NET_TRACE !== true) return;
    console.debug(`[Sightline online ${this.seat} ${room?.sessionId ?? '-'}] ${what}`);
  }

  private emitKeys(): void {
    const k = this.keys();
    for (const l of this.keysListeners) l(k);
  }
}
