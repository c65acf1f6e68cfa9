/**
 * `npm run server`: the game server (`shared/contract/NETWORK.md`).
 *
 * Environment: `PORT` (default 2567), `HOST` (default 127.0.0.1), `REDIS_URL` (several processes
 * share matchmaker, presence and saved games), `SIGHTLINE_DATA_DIR` (saved games without Redis,
 * default `.sightline-server/rooms`), `PUBLIC_ADDRESS` (`host:port` clients reach this process at),
 * `MAX_ROOMS_PER_ADDRESS` (default 10), `ABANDONED_ROOM_SECONDS` (default 900),
 * `FINISHED_ROOM_SECONDS` (default 120), `UNPAIRED_ROOM_SECONDS` (an empty room no second player
 * ever joined, default 300), `TRUSTED_PROXIES` (proxies whose `X-Forwarded-For` is believed:
 * addresses and CIDR subnets, comma-separated; default none), `MAX_TABLE_TRIANGLES` (200000),
 * `MAX_PROCESS_TRIANGLES` (1000000), `TABLE_WORKERS` (worker threads for heavy tables, 2),
 * `RESTORE_PAUSE_MS` (pause between two background restores after a restart, 0). Prints one line
 * `listening <host>:<port>` once it serves, then the restorer's lines (`restore: …`, `restored <n> rooms: <ids>`).
 *
 * @module
 */
import { startGameServer } from './gameServer';

const int = (name: string): number | undefined => {
  const v = process.env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    process.stderr.write(`server: ${name}=${v}: expected a whole number\n`);
    process.exit(2);
  }
  return n;
};

const running = await startGameServer({
  port: int('PORT') ?? 2567,
  host: process.env.HOST || '127.0.0.1',
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
  ...(process.env.SIGHTLINE_DATA_DIR ? { dataDir: process.env.SIGHTLINE_DATA_DIR } : {}),
  ...(process.env.PUBLIC_ADDRESS ? { publicAddress: process.env.PUBLIC_ADDRESS } : {}),
  ...(int('MAX_ROOMS_PER_ADDRESS') !== undefined ? { maxRoomsPerAddress: int('MAX_ROOMS_PER_ADDRESS') } : {}),
  ...(int('ABANDONED_ROOM_SECONDS') !== undefined ? { abandonedSeconds: int('ABANDONED_ROOM_SECONDS') } : {}),
  ...(int('FINISHED_ROOM_SECONDS') !== undefined ? { finishedSeconds: int('FINISHED_ROOM_SECONDS') } : {}),
  ...(int('UNPAIRED_ROOM_SECONDS') !== undefined ? { unpairedSeconds: int('UNPAIRED_ROOM_SECONDS') } : {}),
  ...(process.env.TRUSTED_PROXIES ? { trustedProxies: process.env.TRUSTED_PROXIES } : {}),
  ...(int('MAX_TABLE_TRIANGLES') !== undefined ? { maxTableTriangles: int('MAX_TABLE_TRIANGLES') } : {}),
  ...(int('MAX_PROCESS_TRIANGLES') !== undefined ? { maxProcessTriangles: int('MAX_PROCESS_TRIANGLES') } : {}),
  ...(int('TABLE_WORKERS') ? { tableWorkers: int('TABLE_WORKERS') } : {}),
  ...(int('RESTORE_PAUSE_MS') !== undefined ? { restorePauseMs: int('RESTORE_PAUSE_MS') } : {}),
  log: (line) => void process.stdout.write(`${line}\n`),
}).catch((e: unknown) => {
  process.stderr.write(`server: ${(e as Error).message}\n`);
  process.exit(1);
});
process.stdout.write(`listening ${running.host}:${running.port}\n`);
// Stored rooms come back in the background (a join for one restores it first).
void running.restored.then((ids) => {
  if (ids.length) process.stdout.write(`restored ${ids.length} rooms: ${ids.join(' ')}\n`);
});

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
