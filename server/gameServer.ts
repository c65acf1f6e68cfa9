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
 * On start every stored room that no process runs is restored with its id (a lock in the presence
 * keeps two processes from restoring the same room).
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
import { BattleRoom, configureBattleRooms, markShuttingDown, restoreOptions } from './battleRoom';
import { FileGameStore, PresenceGameStore, type GameStore } from './gameStore';
import { installWebSocketGlobal } from './webSocketGlobal';

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
  /** An empty finished battle's lifetime (seconds). Default 120. */
  finishedSeconds?: number;
  /** Restore stored rooms on start. Default true. */
  restore?: boolean;
}

/** A running game server. */
export interface RunningGameServer {
  server: Server;
  port: number;
  host: string;
  store: GameStore;
  /** Rooms restored on start. */
  restored: string[];
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
  const presence: Presence = options.redisUrl ? new RedisPresence(options.redisUrl) : new LocalPresence();
  const driver = options.redisUrl ? new RedisDriver(options.redisUrl) : undefined;
  const store: GameStore = options.redisUrl ? new PresenceGameStore(presence) : new FileGameStore(options.dataDir ?? DEFAULT_DATA_DIR);
  configureBattleRooms({
    store,
    maxRoomsPerAddress: options.maxRoomsPerAddress ?? 10,
    abandonedSeconds: options.abandonedSeconds ?? 900,
    finishedSeconds: options.finishedSeconds ?? 120,
    maxSavedActions: 20000,
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
  });
  server.onBeforeShutdown(() => markShuttingDown());
  await server.listen(port, host);
  const restored = options.restore === false ? [] : await restoreRooms(store, presence);
  return {
    server,
    port,
    host,
    store,
    restored,
    async close() {
      markShuttingDown();
      await server.gracefullyShutdown(false);
    },
  };
}

/** Re-creates every stored room no process runs (its id, seats and actions). */
export async function restoreRooms(store: GameStore, presence: Presence): Promise<string[]> {
  const out: string[] = [];
  for (const roomId of await store.list()) {
    if ((await matchMaker.query({ roomId })).length > 0) continue;
    // One process restores a room: the first to take its lock (kept 60 s).
    const lock = `sightline:restoring:${roomId}`;
    if ((await presence.incr(lock)) !== 1) continue;
    presence.expire(lock, 60);
    try {
      await matchMaker.createRoom(BATTLE_ROOM, restoreOptions(roomId));
      out.push(roomId);
    } catch (e) {
      process.stderr.write(`server: room ${roomId} not restored: ${(e as Error).message}\n`);
    } finally {
      // Restored (now listed by the driver) or not restorable: the lock is not needed any more.
      presence.del(lock);
    }
  }
  return out;
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
