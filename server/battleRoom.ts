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
 * finished battle: {@link BattleRoomConfig.finishedSeconds}).
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { CloseCode, matchMaker, Room, ServerError, validate, type AuthContext, type Client } from '@colyseus/core';
import type { Delayed } from '@colyseus/timer';
import { loggedActions } from '../src/rules/engine';
import { readBundledNode } from '../src/game/node';
import { GameSession, type GameSummary } from '../src/game/session';
import { repoPathOf } from '../src/game/table';
import { bundledAssetPath, isBundledSrc } from '../src/scenario/bundled';
import {
  ActMessageSchema,
  AskMessageSchema,
  JoinOptionsSchema,
  RECONNECT_SECONDS,
  SavedCreateSchema,
  SEAT_RULE,
  TableCreateSchema,
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
import type { GameStore, RoomRecord, StoredRoom } from './gameStore';

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
  /** Longest saved game a room may be created from (accepted actions). */
  maxSavedActions: number;
}

let config: BattleRoomConfig | null = null;
/** The process secret that lets only this server restore a room (never sent to a client). */
const RESTORE_KEY = randomBytes(16).toString('hex');
/** True once the process shuts down: rooms closed then are not forgotten (they are restored at the next start). */
let shuttingDown = false;
const ADDRESS_KEY = 'sightline:roomsByAddress';

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

const token = () => randomBytes(12).toString('base64url');

/** Where a bundled mesh `src` of a scenario lies in this checkout (`bundled:kenney/x.glb`, or `../kenney/x.glb` as the bundled scenarios name it). */
function bundledPath(src: string): string | null {
  if (isBundledSrc(src)) {
    try {
      return bundledAssetPath(src);
    } catch {
      return null;
    }
  }
  const path = src.startsWith('assets/') ? repoPathOf(src, '') : repoPathOf(src, 'assets/scenarios/scenario.json');
  return path.startsWith('assets/') ? path : null;
}

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

  private readonly session = new GameSession({ readBundled: readBundledNode });
  private seats!: Record<PlayerSeat, SeatState>;
  private readonly seatOf = new Map<string, Seat>();
  private createdAt = 0;
  /** Accepted actions written to the store. */
  private written = 0;
  /** Address of the client that created the room (counted against its cap), if any. */
  private address: string | null = null;
  private emptyTimer: Delayed | null = null;
  /** The store's writes, chained so each action is written before its answer goes out. */
  private writes: Promise<void> = Promise.resolve();

  override messages = {
    act: validate(ActMessageSchema, (client: Client, message: ActMessage) => this.onAct(client, message)),
    snapshot: (client: Client) => this.onSnapshot(client),
    ask: validate(AskMessageSchema, (client: Client, message: AskMessage) => this.onAsk(client, message)),
  };

  /**
   * Before a room is created or joined: a create is refused when its client address already has
   * {@link BattleRoomConfig.maxRoomsPerAddress} rooms open; the address is passed to `onCreate`.
   */
  static override async onAuth(_token: string, options: Record<string, unknown>, context: AuthContext): Promise<boolean> {
    if (options && typeof options === 'object' && ('scenario' in options || 'savedGame' in options || 'restore' in options)) {
      if ('restore' in options) throw new ServerError(400, 'restore: not a client option');
      const ip = context.ip ?? 'unknown';
      const open = Number((await matchMaker.presence.hget(ADDRESS_KEY, ip)) ?? 0);
      if (open >= cfg().maxRoomsPerAddress) throw new ServerError(429, `Network: this address (${ip}) already has ${open} open rooms (at most ${cfg().maxRoomsPerAddress})`);
      options.__address = ip;
    }
    return true;
  }

  override async onCreate(options: Record<string, unknown>): Promise<void> {
    if (options?.restoreKey === RESTORE_KEY && typeof options.restore === 'string') return this.restore(options.restore);
    const { store } = cfg();
    const problems: string[] = [];
    let started: { ok: true } | { ok: false; problems: string[] };
    if (options && typeof options === 'object' && 'savedGame' in options) {
      const p = SavedCreateSchema.safeParse(options);
      if (!p.success) throw new ServerError(400, zodProblems(p.error).join('\n'));
      const actions = (p.data.savedGame as { actions?: unknown }).actions;
      if (Array.isArray(actions) && actions.length > cfg().maxSavedActions) throw new ServerError(400, `savedGame.actions: ${actions.length} actions, at most ${cfg().maxSavedActions}`);
      const r = await this.session.load(p.data.savedGame);
      started = r.ok ? { ok: true } : { ok: false, problems: r.problems.map((x) => `savedGame.${x}`) };
    } else {
      const p = TableCreateSchema.safeParse(options ?? {});
      if (!p.success) throw new ServerError(400, zodProblems(p.error).join('\n'));
      const o = p.data;
      const [a1, a2] = Object.keys(o.armies);
      const bundled: Record<string, string> = {};
      for (const t of ((o.scenario as { terrain?: { pieces?: { src?: unknown }[] }[] }).terrain ?? [])) {
        for (const piece of Array.isArray(t?.pieces) ? t.pieces : []) {
          if (typeof piece?.src !== 'string') continue;
          const given = o.bundled?.[piece.src];
          const path = given !== undefined ? bundledPath(given) : bundledPath(piece.src);
          if (path) bundled[piece.src] = path;
          else problems.push(`scenario: mesh "${piece.src}" is not a bundled asset of Sightline (embed its triangles as a mesh piece instead)`);
        }
      }
      if (problems.length) throw new ServerError(400, problems.join('\n'));
      const r = await this.session.startOnTable({
        scenario: o.scenario,
        bundled,
        armies: { p1: { army: a1, roster: o.armies[a1] }, p2: { army: a2, roster: o.armies[a2] } },
        seed: o.seed ?? randomBytes(4).readUInt32LE(0),
        ...(o.battleplan ? { battleplan: o.battleplan } : {}),
        ...(o.deploy ? { deploy: o.deploy } : {}),
      });
      started = r.ok ? { ok: true } : { ok: false, problems: r.problems };
    }
    if (!started.ok) throw new ServerError(400, started.problems.join('\n'));
    this.createdAt = Date.now();
    this.seats = { p1: { token: token(), name: '', sessionId: null, connected: false }, p2: { token: token(), name: '', sessionId: null, connected: false } };
    const saved = this.session.save();
    const { actions, ...setup } = saved;
    await store.create(this.record(setup), actions);
    this.written = actions.length;
    if (typeof options.__address === 'string') {
      this.address = options.__address;
      await this.presence.hincrby(ADDRESS_KEY, this.address, 1);
    }
    this.setMetadata({ armies: this.session.summary().armies });
    this.scheduleEmptyCheck();
  }

  private record(setup?: RoomRecord['setup']): RoomRecord {
    let current = setup;
    if (!current) {
      const { actions: _a, ...rest } = this.session.save();
      current = rest;
    }
    return { roomId: this.roomId, setup: current, tokens: { p1: this.seats.p1.token, p2: this.seats.p2.token }, names: { p1: this.seats.p1.name, p2: this.seats.p2.name }, createdAt: this.createdAt };
  }

  /** Re-creates a stored room with its id, its seats' tokens and every accepted action. */
  private async restore(roomId: string): Promise<void> {
    const stored: StoredRoom | null = await cfg().store.load(roomId);
    if (!stored) throw new ServerError(404, `room ${roomId} is not stored`);
    const r = await this.session.load({ ...stored.setup, actions: stored.actions });
    if (!r.ok) throw new ServerError(500, `room ${roomId}: its saved game does not load: ${r.problems.join('; ')}`);
    this.roomId = roomId;
    this.createdAt = stored.createdAt;
    this.written = stored.actions.length;
    this.seats = {
      p1: { token: stored.tokens.p1, name: stored.names.p1, sessionId: null, connected: false },
      p2: { token: stored.tokens.p2, name: stored.names.p2, sessionId: null, connected: false },
    };
    this.setMetadata({ armies: this.session.summary().armies, restored: true });
    this.scheduleEmptyCheck();
  }

  override onJoin(client: Client, options: unknown): void {
    const p = JoinOptionsSchema.safeParse(options ?? {});
    if (!p.success) throw new ServerError(400, zodProblems(p.error, 'options').join('\n'));
    const { seat, name, token: given } = p.data;
    if (seat !== 'spectator') {
      const s = this.seats[seat];
      if (s.sessionId) throw new ServerError(409, `${SEAT_RULE}: seat ${seat} is taken`);
      // A seat someone held before is taken back only with its token (after a restart, a kick, or its 60 s).
      if (s.name !== '' && given !== s.token) throw new ServerError(403, `${SEAT_RULE}: seat ${seat} belongs to ${s.name}; rejoin it with its token`);
      s.sessionId = client.sessionId;
      s.connected = true;
      const first = s.name === '';
      s.name = (name ?? '').trim() || s.name || seat;
      // The seat is now someone's: written, so a restarted server still asks for its token.
      if (first) void cfg().store.updateRecord(this.record()).catch(() => undefined);
      const seatMsg: SeatMessage = { seat, token: s.token, roomId: this.roomId };
      client.send('seat', seatMsg);
    } else client.send('seat', { seat, roomId: this.roomId } satisfies SeatMessage);
    this.seatOf.set(client.sessionId, seat);
    client.send('update', this.update([], [], [], []));
    this.broadcastPresence();
    this.cancelEmptyCheck();
  }

  override async onDrop(client: Client, code?: number): Promise<void> {
    const seat = this.seatOf.get(client.sessionId);
    // A client the server closed (malformed message, flood: 4002; oversized: 1009) is not waited for.
    const kicked = code === CloseCode.WITH_ERROR || code === 1009 || code === 1007 || code === 1002;
    if (seat && seat !== 'spectator' && !kicked) {
      this.seats[seat].connected = false;
      this.broadcastPresence();
      try {
        await this.allowReconnection(client, RECONNECT_SECONDS);
        return;
      } catch {
        // not back in time: the seat is freed below (onLeave is not called for it)
      }
    }
    this.release(client);
  }

  override onReconnect(client: Client): void {
    const seat = this.seatOf.get(client.sessionId);
    if (seat && seat !== 'spectator') this.seats[seat].connected = true;
    client.send('update', this.update([], [], [], []));
    this.broadcastPresence();
  }

  override onLeave(client: Client): void {
    this.release(client);
  }

  private release(client: Client): void {
    const seat = this.seatOf.get(client.sessionId);
    this.seatOf.delete(client.sessionId);
    if (seat && seat !== 'spectator' && this.seats[seat].sessionId === client.sessionId) {
      this.seats[seat].sessionId = null;
      this.seats[seat].connected = false;
    }
    this.broadcastPresence();
    this.scheduleEmptyCheck();
  }

  override async onDispose(): Promise<void> {
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
    if (!seat || seat === 'spectator' || action.player !== seat) {
      const why = !seat || seat === 'spectator' ? 'a spectator cannot act' : `you hold seat ${seat}, the action is ${JSON.stringify(action.player)}'s`;
      client.send('result', { ok: false, reason: why, rule: SEAT_RULE } satisfies ResultMessage);
      return;
    }
    // The actions logged so far (not a whole summary: that is built once, by act).
    const before = loggedActions(this.session.state()).length;
    const r = this.session.act(action);
    if (!r.ok) {
      client.send('result', { ok: false, reason: r.reason, rule: r.rule } satisfies ResultMessage);
      return;
    }
    const accepted = loggedActions(this.session.state()).slice(before);
    const from = this.written;
    this.written += accepted.length;
    const update = this.update(r.events, r.lines, r.steps, accepted, r.summary);
    const write = this.writes.then(() => cfg().store.append(this.roomId, from, accepted));
    this.writes = write.catch(() => undefined);
    write.then(
      () => {
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
  }

  private onSnapshot(client: Client): void {
    const { seed: _seed, ...saved } = this.session.save();
    client.send('snapshot', saved);
  }

  /** Extension `ask`: a read-only question to the session (see `ASK_METHODS`); the state goes without its seed and dice. */
  private onAsk(client: Client, m: AskMessage): void {
    let answer: AnswerMessage;
    try {
      const [a, b, c] = m.args;
      const s = this.session;
      const value =
        m.method === 'options' ? s.options(String(a))
        : m.method === 'generalOptions' ? s.generalOptions()
        : m.method === 'expectedDamage' ? s.expectedDamage(String(a), String(b), c === 'shoot' || c === 'fight' ? c : undefined)
        : m.method === 'log' ? s.log(typeof a === 'number' ? a : 0)
        : m.method === 'summary' ? s.summary()
        : { ...s.state(), seed: '', dice: null };
      answer = { id: m.id, ok: true, value };
    } catch (e) {
      answer = { id: m.id, ok: false, error: (e as Error).message };
    }
    client.send('answer', answer);
  }

  private update(events: UpdateMessage['events'], lines: UpdateMessage['lines'], steps: UpdateMessage['steps'], actions: unknown[], summary?: GameSummary): UpdateMessage {
    const s = summary ?? this.session.summary();
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
  }

  /** Starts the clean-up clock when nobody is connected or waited for. */
  private scheduleEmptyCheck(): void {
    if (this.clients.length > 0 || this.seats.p1.sessionId || this.seats.p2.sessionId) return;
    this.cancelEmptyCheck();
    const { abandonedSeconds, finishedSeconds } = cfg();
    const ended = this.session.summary().stage === 'ended';
    this.emptyTimer = this.clock.setTimeout(() => void this.disconnect(), (ended ? finishedSeconds : abandonedSeconds) * 1000);
  }
}
