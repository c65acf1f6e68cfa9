/**
 * The game server (issue 25, `shared/contract/NETWORK.md`): Colyseus 0.18 (`defineServer`,
 * `WebSocketTransport`) serving the `battle` room ({@link BattleRoom}). One server per process
 * (Colyseus keeps its matchmaker in module state).
 *
 * - Alone: local presence and driver, saved games on disk ({@link FileGameStore}).
 * - With `redisUrl`: Colyseus `RedisPresence` + `RedisDriver` (several processes share one
 *   matchmaker; a room lives in the process that created it, clients reach it through that
 *   process's `publicAddress`) and saved games in Redis ({@link PresenceGameStore}).
 *
 * After the start every stored room that no process runs is restored with its id, in the
 * background (a join for one restores it first; a lock in the presence keeps two processes from
 * restoring the same room); before it listens, a restarted process warms up on one stored room
 * ({@link warmUp}). Client addresses, large creates: `httpFront.ts`.
 *
 * @module
 */
import { join } from 'node:path';
import { defineRoom, defineServer, LocalPresence, matchMaker, type Presence, type Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { BATTLE_ROOM, MAX_MESSAGE_BYTES } from '../src/game/network';
import { REPO_ROOT } from '../src/game/node';
import { BattleRoom, checkAddressCap, configureBattleRooms, markShuttingDown, prepareTable, restoreOptions } from './battleRoom';
import { DEFAULT_ASK_BUDGETS } from './askQueue';
import { FileGameStore, PresenceGameStore, type GameStore } from './gameStore';
import { installWebSocketGlobal } from './webSocketGlobal';
import { parseTrustedProxies } from './clientAddress';
import { installHttpFront } from './httpFront';
import { TablePool } from './tablePool';
import { restoreRoomGame } from './roomGame';

/** Options of {@link startGameServer} (each has an environment variable in `server/main.ts`). */
export interface GameServerOptions {
  /** TCP port (0: any free port). Default 2567. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Redis URL: share matchmaker, presence and saved games with other processes. */
  redisUrl?: string;
  /** Folder of the saved games without Redis. Default `<repo>/.sightline-server/rooms`. */
  dataDir?: string;
  /** `host:port` clients use to reach this process (several processes). Default `host:port`. */
  publicAddress?: string;
  /** Rooms one client address may have open at once. Default 10. */
  maxRoomsPerAddress?: number;
  /** An empty room's lifetime (seconds). Default 900 (15 minutes). */
  abandonedSeconds?: number;
  /** An empty room's lifetime when no second player ever sat in it (seconds). Default 300 (5 minutes). */
  unpairedSeconds?: number;
  /**
   * Proxies whose `X-Forwarded-For` / `X-Real-IP` name the client (addresses and CIDR subnets,
   * comma-separated: `TRUSTED_PROXIES`). Default none: a client is its socket's peer address.
   */
  trustedProxies?: string;
  /** An empty finished battle's lifetime (seconds). Default 120. */
  finishedSeconds?: number;
  /** Most triangles one table may carry (`MAX_TABLE_TRIANGLES`). Default 200 000. */
  maxTableTriangles?: number;
  /** Most triangles the process's live tables may carry together (`MAX_PROCESS_TRIANGLES`). Default 1 000 000. */
  maxProcessTriangles?: number;
  /** Worker threads that build and play heavy tables (`TABLE_WORKERS`). Default 2. */
  tableWorkers?: number;
  /** A create request larger than this (bytes) is built in a worker. Default 256 KiB. */
  heavyBodyBytes?: number;
  /** Largest create request read (bytes). Default 48 MB. */
  maxCreateBytes?: number;
  /** Restore stored rooms on start. Default true. */
  restore?: boolean;
  /**
   * Pause between two background restores, ms (`RESTORE_PAUSE_MS`). Default 0 (one room per turn of
   * the event loop). A pause leaves the live rooms more of the CPU while a restart restores many
   * rooms; a room a client asks for is restored at once whatever the pause.
   */
  restorePauseMs?: number;
  /** Where the restorer reports (one line each): a room restored on demand, the background's end. Default none. */
  log?: (line: string) => void;
}

/** A running game server. */
export interface RunningGameServer {
  server: Server;
  port: number;
  host: string;
  store: GameStore;
  /** Resolves with the rooms restored in the background after the start (a join for one of them restores it first). */
  restored: Promise<string[]>;
  /** Stops listening and closes its rooms (they stay stored, for the next start). */
  close(): Promise<void>;
}

/** The default folder of saved games. */
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.sightline-server', 'rooms');

/**
 * Starts the game server.
 * @throws Error when the port cannot be bound or Redis cannot be reached.
 */
export async function startGameServer(options: GameServerOptions = {}): Promise<RunningGameServer> {
  installWebSocketGlobal();
  const host = options.host ?? '127.0.0.1';
  const trusted = parseTrustedProxies(options.trustedProxies);
  const pool = new TablePool(options.tableWorkers ?? 2);
  const presence: Presence = options.redisUrl ? new RedisPresence(options.redisUrl) : new LocalPresence();
  const driver = options.redisUrl ? new RedisDriver(options.redisUrl) : undefined;
  const store: GameStore = options.redisUrl ? new PresenceGameStore(presence) : new FileGameStore(options.dataDir ?? DEFAULT_DATA_DIR);
  configureBattleRooms({
    store,
    maxRoomsPerAddress: options.maxRoomsPerAddress ?? 10,
    abandonedSeconds: options.abandonedSeconds ?? 900,
    unpairedSeconds: options.unpairedSeconds ?? 300,
    finishedSeconds: options.finishedSeconds ?? 120,
    maxSavedActions: 20000,
    maxTableTriangles: options.maxTableTriangles ?? 200_000,
    maxProcessTriangles: options.maxProcessTriangles ?? 1_000_000,
    pool,
    heavyRecordChars: options.heavyBodyBytes ?? 256 * 1024,
    askBudgets: DEFAULT_ASK_BUDGETS,
  });
  // Pings every 5 s, 4 missed before a connection counts as dead (the default, 3 s and 2, drops
  // every client of the process when one room's creation holds the event loop for a few seconds
  // on a loaded machine: building a World and its terrain index is synchronous).
  const transport = new WebSocketTransport({ maxPayload: MAX_MESSAGE_BYTES, pingInterval: 5000, pingMaxRetries: 4 });
  let port = options.port ?? 2567;
  if (port === 0) port = await freePort(host);
  // Colyseus logs a port it cannot bind and waits forever: refuse it here with a clear error.
  await portFree(port, host);
  const server = defineServer({
    rooms: { [BATTLE_ROOM]: defineRoom(BattleRoom) },
    transport,
    presence,
    ...(driver ? { driver } : {}),
    publicAddress: options.publicAddress ?? `${host}:${port}`,
    greet: false,
    gracefullyShutdown: false,
    // A restored room, and a table built in this process's pool, are created here (not on the
    // process with the fewest rooms): they exist only here.
    selectProcessIdToCreateRoom: async (roomName: string, clientOptions: Record<string, unknown>) =>
      clientOptions && ('restore' in clientOptions || '__prepared' in clientOptions) ? matchMaker.processId : fewestRooms(),
  });
  server.onBeforeShutdown(() => markShuttingDown());
  const log = options.log ?? (() => undefined);
  if (options.restore !== false) await warmUp(store, options.heavyBodyBytes ?? 256 * 1024, log);
  await server.listen(port, host);
  const restorer = new Restorer(store, presence, options.restorePauseMs ?? 0, log);
  installHttpFront(transport.server!, {
    trusted,
    roomName: BATTLE_ROOM,
    heavyBodyBytes: options.heavyBodyBytes ?? 256 * 1024,
    maxBodyBytes: options.maxCreateBytes ?? 48_000_000,
    checkAddress: checkAddressCap,
    prepare: prepareTable,
    restoring: (roomId) => restorer.waitFor(roomId),
  });
  const restored = options.restore === false ? Promise.resolve([]) : restorer.all();
  return {
    server,
    port,
    host,
    store,
    restored,
    async close() {
      markShuttingDown();
      restorer.stop();
      await server.gracefullyShutdown(false);
      await pool.close();
    },
  };
}

/**
 * Before a restarted server listens: loads one stored light room's game and drops it, so the
 * process's one-time costs (the bundled meshes parsed and indexed, the engine's code compiled:
 * about 0.9 s of CPU against 20-40 ms for each room after it) are paid before the first join,
 * not by it. Nothing happens without stored rooms (a fresh start is not delayed); a room that does
 * not load is left to the restorer (which reports it).
 */
async function warmUp(store: GameStore, heavyRecordChars: number, log: (line: string) => void): Promise<void> {
  const t0 = performance.now();
  const ids = await store.list().catch(() => [] as string[]);
  for (const id of ids.slice(0, 5)) {
    const stored = await store.loadText(id).catch(() => null);
    if (!stored || stored.recordText.length > heavyRecordChars) continue;
    try {
      const { setup } = JSON.parse(stored.recordText) as { setup: unknown };
      (await restoreRoomGame(setup, [])).close();
      log(`restore: warmed up on ${id} in ${Math.round(performance.now() - t0)} ms`);
      return;
    } catch {
      // not loadable here: the restorer reports it
    }
  }
}

/** Colyseus's own choice: the process with the fewest rooms. */
async function fewestRooms(): Promise<string> {
  const all = await matchMaker.stats.fetchAll();
  return all.sort((a, b) => a.roomCount - b.roomCount)[0]?.processId ?? matchMaker.processId;
}

/**
 * Restores the stored rooms no process runs (issue 36 item 2): in the background after the server
 * listens, one room at a time with the event loop free between them (and `pauseMs` more), so a
 * restart serves at once; any room a client asks for (`joinById`) is restored ahead of the others
 * (the background waits while one is). Reports through `log`:
 * `restore: <roomId> on demand in <ms> ms, <k> of <n> restored in the background before it` and
 * `restore: background done at <epoch ms>, <n> rooms in <ms> ms`.
 */
class Restorer {
  private pending: Set<string> | null = null;
  private readonly running = new Map<string, Promise<boolean>>();
  private stopped = false;
  private listed: Promise<void> | null = null;
  /** Restores a join is waiting for: the background ones wait for them. */
  private asked = 0;
  /** Stored rooms found at the start, and those the background has restored so far. */
  private total = 0;
  private backgroundDone = 0;

  constructor(
    private readonly store: GameStore,
    private readonly presence: Presence,
    private readonly pauseMs: number,
    private readonly log: (line: string) => void,
  ) {}

  private list(): Promise<void> {
    this.listed ??= this.store.list().then((ids) => {
      this.pending = new Set(ids);
      this.total = ids.length;
    });
    return this.listed;
  }

  /** Restores one room (once); true when this process restored it. */
  private one(roomId: string): Promise<boolean> {
    let p = this.running.get(roomId);
    if (!p) {
      p = this.restore(roomId);
      this.running.set(roomId, p);
      void p.finally(() => this.pending?.delete(roomId));
    }
    return p;
  }

  private async restore(roomId: string): Promise<boolean> {
    if (this.stopped) return false;
    if ((await matchMaker.query({ roomId })).length > 0) return false;
    // One process restores a room: the first to take its lock (kept 60 s).
    const lock = `sightline:restoring:${roomId}`;
    if ((await this.presence.incr(lock)) !== 1) return false;
    this.presence.expire(lock, 60);
    try {
      await matchMaker.createRoom(BATTLE_ROOM, restoreOptions(roomId));
      return true;
    } catch (e) {
      process.stderr.write(`server: room ${roomId} not restored: ${(e as Error).message}\n`);
      return false;
    } finally {
      // Restored (now listed by the driver) or not restorable: the lock is not needed any more.
      this.presence.del(lock);
    }
  }

  /** A join for `roomId` waits for this (null: nothing to wait for). */
  waitFor(roomId: string): Promise<void> | null {
    if (!this.pending) return this.list().then(() => this.waitFor(roomId) ?? undefined);
    const running = this.running.get(roomId);
    if (running) return running.then(() => undefined);
    if (!this.pending?.has(roomId)) return null;
    this.asked++;
    const t0 = performance.now();
    const before = this.backgroundDone;
    const done = () => {
      this.asked--;
      this.log(`restore: ${roomId} on demand in ${Math.round(performance.now() - t0)} ms, ${before} of ${this.total} restored in the background before it`);
    };
    return this.one(roomId).then(done, done);
  }

  /** Restores every stored room, one per turn of the event loop; resolves with those restored here. */
  async all(): Promise<string[]> {
    const t0 = performance.now();
    await this.list();
    const out: string[] = [];
    for (const roomId of [...(this.pending ?? [])]) {
      if (this.stopped) break;
      await new Promise((r) => (this.pauseMs > 0 ? setTimeout(r, this.pauseMs) : setImmediate(r)));
      while (this.asked > 0 && !this.stopped) await new Promise((r) => setTimeout(r, 20));
      if (await this.one(roomId)) out.push(roomId);
      this.backgroundDone++;
    }
    if (this.total) this.log(`restore: background done at ${Date.now()}, ${out.length} rooms in ${Math.round(performance.now() - t0)} ms`);
    return out;
  }

  stop(): void {
    this.stopped = true;
  }
}

/**
 * Resolves when `port` can be bound on `host`.
 * @throws Error naming the address when it is in use or not allowed.
 */
async function portFree(port: number, host: string): Promise<void> {
  const { createServer } = await import('node:net');
  await new Promise<void>((resolve, reject) => {
    const s = createServer();
    s.once('error', (e: NodeJS.ErrnoException) => reject(new Error(`cannot listen on ${host}:${port}: ${e.code ?? e.message}`)));
    s.listen(port, host, () => s.close(() => resolve()));
  });
}

/** A free TCP port on `host` (asked of the OS). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}
