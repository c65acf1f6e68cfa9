/**
 * Test harness of the game server: server processes (`server/main.ts`, bundled once per test file,
 * see {@link serverBundle}) on free loopback ports, each waited for by its `listening` line and
 * always killed after the test; `@colyseus/sdk` clients (Node 20: `globalThis.WebSocket` from
 * `ws`) that collect every message they receive.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import { freePort } from '../../server/gameServer';
import { gameMain } from '../../src/cli/gameCommands';
import { installWebSocketGlobal } from '../../server/webSocketGlobal';
import { hotseatSetup, SAMPLE_ARMIES } from '../../workers/gameSetup';
import type { ResultMessage, UpdateMessage } from '../../src/game/network';
import type { Action } from '../../src/rules/engine';
import { roundOne } from '../worker/gameFixtures';
import { bundleForTests } from '../nodeBundle';

/** Leaves a room, bounded (the SDK's `leave()` never resolves on a room the server closed): see `leaveRoom`. */
export { leaveRoom } from '../../src/client/onlineGame';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** A server process. */
export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything it printed. */
  output: () => string;
  /** Sends a signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<ServerProcess>();

/**
 * The game server's script for this test process: `server/main.ts` and its table worker
 * (`server/tableWorker.ts`) bundled as `main.mjs` and `tableWorker.mjs` ({@link bundleForTests}:
 * a start costs about 0.9 CPU-s instead of 2.1 through tsx's loader). `SIGHTLINE_SERVER_TSX=1`
 * runs `node --import tsx server/main.ts` instead, as `npm run server` does.
 */
export async function serverBundle(): Promise<string> {
  return join(await bundleForTests('server', { main: 'server/main.ts', tableWorker: 'server/tableWorker.ts' }), 'main.mjs');
}

/** Starts the game server (`server/main.ts`, {@link serverBundle}) on a free 127.0.0.1 port; resolves once it prints `listening`. */
export async function startServer(env: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  // One process (node, not the tsx wrapper, which would leave its child behind a SIGKILL).
  const script = process.env.SIGHTLINE_SERVER_TSX ? ['--import', 'tsx', join(ROOT, 'server/main.ts')] : [await serverBundle()];
  const child = spawn(process.execPath, script, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(p), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const sp: ServerProcess = {
    port: p,
    url: `http://127.0.0.1:${p}`,
    child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      running.delete(sp);
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  running.add(sp);
  await new Promise<void>((ok, fail) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (/^listening /m.test(out)) ok();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => { out += d.toString(); if (process.env.SERVER_ECHO) process.stderr.write(d); });
    child.once('exit', (code) => fail(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
  return sp;
}

/** Kills every server a test started and left running, then every redis-server. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((s) => s.stop('SIGKILL')));
  await Promise.all(
    [...redisServers].map(async (r) => {
      redisServers.delete(r);
      if (r.exitCode !== null || r.signalCode !== null) return;
      const gone = new Promise((ok) => r.once('exit', ok));
      r.kill('SIGKILL');
      await gone;
    }),
  );
}

const redisServers = new Set<ChildProcess>();

/**
 * Starts a `redis-server` (`/usr/bin/redis-server`) on a free 127.0.0.1 port, in memory only (no
 * snapshot, no append-only file); resolves with its URL once it accepts connections. Killed by
 * {@link stopAllServers}.
 */
export async function startRedis(): Promise<string> {
  const port = await freePort();
  const redis = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  redisServers.add(redis);
  let out = '';
  await new Promise<void>((ok, fail) => {
    redis.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) ok();
    });
    redis.once('exit', (code) => fail(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return `redis://127.0.0.1:${port}`;
}

/** A fresh temporary folder for a server's saved games. */
export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'sightline-rooms-'));

/** An SDK client of a server (`options`: the SDK's, e.g. extra HTTP `headers`). */
export function sdk(url: string, options?: ConstructorParameters<typeof Client>[1]): Client {
  installWebSocketGlobal();
  return new Client(url, options);
}

/** Create options of the sample battle (the hot-seat game) on the default battlefield. */
export function sampleCreateOptions(seed = 7): Record<string, unknown> {
  const s = hotseatSetup(seed);
  return { scenario: s.scenario, bundled: s.bundled, armies: { [SAMPLE_ARMIES.p1]: s.armies.p1.roster, [SAMPLE_ARMIES.p2]: s.armies.p2.roster }, seed };
}

/** A room and every message it received, by type, in order. */
export class Watched {
  readonly updates: UpdateMessage[] = [];
  readonly results: ResultMessage[] = [];
  readonly other: { type: string | number; message: unknown }[] = [];
  private waiters: (() => void)[] = [];

  constructor(readonly room: Room) {
    room.onMessage('*', (type, message) => {
      if (type === 'update') this.updates.push(message as UpdateMessage);
      else if (type === 'result') this.results.push(message as ResultMessage);
      else this.other.push({ type, message });
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** Resolves once `ok(this)` holds (checked after every message); rejects after `ms`. */
  until(ok: (w: Watched) => boolean, what: string, ms = 20000): Promise<void> {
    if (ok(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
      const check = () => {
        if (ok(this)) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(check);
      };
      this.waiters.push(check);
    });
  }

  /** The last message of a type other than update/result. */
  last<T>(type: string): T | undefined {
    return this.other.filter((m) => m.type === type).at(-1)?.message as T | undefined;
  }

  /** Sends an action and waits for its result. */
  async act(action: unknown): Promise<ResultMessage> {
    const n = this.results.length;
    this.room.send('act', { action });
    await this.until((w) => w.results.length > n, `the result of ${JSON.stringify(action).slice(0, 80)}`);
    return this.results[n];
  }

  /** The update with this seq, once received. */
  async update(seq: number): Promise<UpdateMessage> {
    await this.until((w) => w.updates.some((u) => u.seq === seq), `update ${seq}`);
    return this.updates.find((u) => u.seq === seq)!;
  }
}

/** p1's turn of round 1 (a move), then p2 to its movement phase, a Run (dice) and on. */
export function networkActions(): Action[] {
  const end = (player: 'p1' | 'p2', n: number): Action[] => Array.from({ length: n }, () => ({ type: 'endPhase', player }));
  return [...roundOne(hotseatSetup(7)).slice(0, 9), ...end('p2', 2), { type: 'run', player: 'p2', unitId: 'sk-clanrats' }, ...end('p2', 2)];
}

/**
 * `npm run game -- ARGS` (the command's file run by node with tsx's loader, from `cwd` as INIT_CWD),
 * its JSON output. Not a synchronous spawn: the SDK clients must keep answering the server's pings
 * meanwhile. Used by the cross-transport tests.
 */
export async function gameCli(args: string[], cwd: string): Promise<Record<string, unknown>> {
  const r = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/game.ts'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, INIT_CWD: cwd }, maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/**
 * The same `npm run game` command through `gameMain` in this process (paths absolute), its answer
 * as the process prints it (through JSON): the cross-transport tests' `state` and `act` (a process
 * per command costs ~2.3 CPU-seconds).
 */
export async function gameHere(args: string[]): Promise<Record<string, unknown>> {
  return JSON.parse(JSON.stringify((await gameMain(args)).out)) as Record<string, unknown>;
}
