/**
 * Load test of the game server (issue 25, Performance; issue 36 item 5): `npx tsx server/load.ts
 * [--rooms 100] [--seconds 30] [--ramp 25,50,100,150] [--processes 2] [--until-p99 100]`.
 * Loopback only, bounded in rooms (400) and time (5-120 s a step, a hard limit for the run).
 *
 * Starts one server process (`server/main.ts`, its own port and temporary folder), or with
 * `--processes 2` a `redis-server` of its own (free loopback port, in memory) and two server
 * processes sharing it (`REDIS_URL`, each its `PUBLIC_ADDRESS`: the scale-out set-up), rooms
 * created through each in turn (the matchmaker puts each on the process with fewer rooms) and
 * joined (p2) through the other. For each step it creates rooms up to the step's count, each with
 * two players and a spectator (`@colyseus/sdk`, in this process), on the sample battle.
 *
 * Each player's clock ticks once a second; on its tick the player the game waits on plays a real
 * game action (the first-turn choice, Core 12.0, then `endPhase`, Core 13.0) when the room's last
 * action has been answered to all three clients; the other player's tick is idle (`idleTicks`).
 * About one accepted action a second per room, each an `update` to three clients. The room's
 * state is the newest `update` any of its clients has seen (an older one read later is ignored:
 * the three connections' messages interleave in this process). Every action must be accepted: a
 * refusal (counted by reason, `refusedBy`) or an action unanswered for 10 s (`lostActions`) means
 * the load clients acted on a stale state, and the run exits 1. A room whose battle has ended
 * (5 battle rounds) is left and replaced by a new one, created while the others play.
 *
 * Reports per step (one JSON line): latency from the send of an action to its update at each
 * client (p50/p95/p99/max), each server process's own CPU (share of one core, `/proc/<pid>/stat`)
 * and per accepted action, the load clients' CPU (`process.cpuUsage`), the machine's load average
 * at the step's start and end, the servers' resident set (`/proc/<pid>/status`). `--until-p99 MS`:
 * the ramp stops after the first step whose p99 is over MS. `--profile DIR`: the server writes a
 * CPU profile there. The last line is a summary (`largestStepWithP99Within100Ms`, `ok`).
 *
 * @module
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import { hotseatSetup, SAMPLE_ARMIES } from '../workers/gameSetup';
import type { UpdateMessage } from '../src/game/network';
import { freePort } from './gameServer';
import { installWebSocketGlobal } from './webSocketGlobal';

const ROOT = resolve(import.meta.dirname, '..');
const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def;
};
const MAX_ROOMS = 400;
const seconds = Math.min(120, Math.max(5, Number(arg('seconds', '30'))));
const steps = arg('ramp', arg('rooms', '100'))
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .map((n) => Math.min(n, MAX_ROOMS))
  .sort((a, b) => a - b);

const untilP99 = Number(arg('until-p99', '0')) || 0;
const processes = Math.min(2, Math.max(1, Number(arg('processes', '1')) || 1));
installWebSocketGlobal();
/** CPU time of a process so far (user + system), seconds (`/proc/<pid>/stat`, clock ticks of 1/100 s). */
const cpuSeconds = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

// `--profile DIR`: the server writes a CPU profile there when it stops (node --cpu-prof).
const profileDir = arg('profile', '');
/** `--processes 2`: a redis-server of this run's own. */
let redis: ReturnType<typeof spawn> | null = null;
let redisUrl = '';
if (processes > 1) {
  const rport = await freePort();
  redis = spawn('/usr/bin/redis-server', ['--port', String(rport), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((ok, fail) => {
    let out = '';
    redis!.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) ok();
    });
    redis!.once('exit', (c) => fail(new Error(`redis-server exited ${c}`)));
  });
  redisUrl = `redis://127.0.0.1:${rport}`;
}
interface ServerProc {
  child: ReturnType<typeof spawn>;
  url: string;
  base: number;
}
async function startOne(): Promise<ServerProc> {
  const port = await freePort();
  const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : []), '--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIGHTLINE_DATA_DIR: mkdtempSync(join(tmpdir(), 'sightline-load-')),
      MAX_ROOMS_PER_ADDRESS: String(MAX_ROOMS + 1),
      ABANDONED_ROOM_SECONDS: '60',
      ...(redisUrl ? { REDIS_URL: redisUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}` } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('listening')) ok();
    });
    child.once('exit', (c) => fail(new Error(`server exited ${c}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, base: rssKb(child.pid!) };
}
const servers: ServerProc[] = [];
for (let i = 0; i < processes; i++) servers.push(await startOne());
const stopAll = () => {
  for (const sv of servers) sv.child.kill('SIGKILL');
  redis?.kill('SIGKILL');
};
const hardStop = setTimeout(() => {
  process.stderr.write('load: hard time limit reached\n');
  stopAll();
  process.exit(1);
}, (steps.length * (seconds + 300) + 120) * 1000);
const base = servers.reduce((a, sv) => a + sv.base, 0);
const cpuAll = () => servers.map((sv) => cpuSeconds(sv.child.pid!));
const rssAll = () => servers.reduce((a, sv) => a + rssKb(sv.child.pid!), 0);

const s = hotseatSetup(7);
const createOptions = { scenario: s.scenario, bundled: s.bundled, armies: { [SAMPLE_ARMIES.p1]: s.armies.p1.roster, [SAMPLE_ARMIES.p2]: s.armies.p2.roster } };

interface LoadRoom {
  clients: Record<'p1' | 'p2' | 'spectator', Room>;
  /** The player the game waits on, and the stage, as of update {@link LoadRoom.seq}. */
  toAct: 'p1' | 'p2' | null;
  stage: string;
  /** The newest `seq` any of the room's three clients has seen. */
  seq: number;
  /**
   * The action sent and not yet answered everywhere: its send time (ms), the `seq` it was sent
   * at, the clients that have seen its update, and whether its `result` came. The room's next
   * action waits for it (an action sent before the last one's update is an action on a stale state).
   */
  inFlight: { sentAt: number; fromSeq: number; seen: Set<string>; answered: boolean } | null;
}
const rooms: LoadRoom[] = [];
let latencies: number[] = [];
let sentActions = 0;
let accepted = 0;
let refused = 0;
/** Ticks where a player had nothing to do (not its turn, or the room's last action still in flight). */
let idleTicks = 0;
/** Refusals by reason (the first 60 characters), per step. */
const refusals = new Map<string, number>();
/** An action in flight longer than this is given up (counted as lost) so the room plays on. */
const LOST_MS = 10_000;
let lost = 0;

async function openRoom(i: number): Promise<LoadRoom> {
  const r: LoadRoom = { toAct: null, stage: '', seq: -1, inFlight: null } as unknown as LoadRoom;
  const done = () => {
    if (r.inFlight && r.inFlight.answered && r.inFlight.seen.size === 3) r.inFlight = null;
  };
  const listen = (c: Room, who: string) => {
    c.onMessage('update', (u: UpdateMessage) => {
      // The three clients' updates interleave in this one process: an older update read after a
      // newer one must not put the room's state back (that made the last session's load clients act
      // on the first-turn state and be refused by the thousands).
      if (u.seq >= r.seq) {
        r.seq = u.seq;
        r.toAct = u.summary.toAct;
        r.stage = u.summary.stage;
      }
      const f = r.inFlight;
      if (f && u.seq > f.fromSeq && !f.seen.has(who)) {
        f.seen.add(who);
        latencies.push(performance.now() - f.sentAt);
        done();
      }
    });
    c.onMessage('result', (m: { ok: boolean; reason?: string }) => {
      if (m.ok) accepted++;
      else {
        refused++;
        const why = (m.reason ?? '').slice(0, 60);
        refusals.set(why, (refusals.get(why) ?? 0) + 1);
        r.inFlight = null;
      }
      if (r.inFlight) {
        r.inFlight.answered = true;
        done();
      }
    });
    c.onMessage('seat', () => {});
    c.onMessage('presence', () => {});
    c.onMessage('snapshot', () => {});
    return c;
  };
  // Through each process in turn (scale-out: a room is joined through the other process too).
  const url = servers[i % servers.length].url;
  const other = servers[(i + 1) % servers.length].url;
  const p1 = listen(await new Client(url).create('battle', { ...createOptions, seed: i + 1, seat: 'p1' }), 'p1');
  const p2 = listen(await new Client(other).joinById(p1.roomId, { seat: 'p2' }), 'p2');
  const spectator = listen(await new Client(url).joinById(p1.roomId, { seat: 'spectator' }), 'spectator');
  r.clients = { p1, p2, spectator };
  return r;
}

/** Rooms whose battle ended and were replaced (in this step), and those being replaced now. */
let renewed = 0;
const renewing = new Set<number>();
let created = 0;
let stopping = false;
async function renew(i: number): Promise<void> {
  if (renewing.has(i)) return;
  renewing.add(i);
  const old = rooms[i];
  try {
    rooms[i] = await openRoom(created++);
    renewed++;
    for (const c of Object.values(old.clients)) void c.leave(true);
  } catch (e) {
    // The server is stopping (the last step is over), or refused: the old room stays ended.
    if (!stopping) process.stderr.write(`load: room ${i} not replaced: ${(e as Error).message}\n`);
  } finally {
    renewing.delete(i);
  }
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const a = [...xs].sort((x, y) => x - y);
  return a[Math.min(a.length - 1, Math.floor((p / 100) * a.length))];
};

const report: Record<string, unknown>[] = [];
for (const target of steps) {
  const t0 = performance.now();
  while (rooms.length < target) rooms.push(await openRoom(created++));
  const createMs = performance.now() - t0;
  latencies = [];
  const cpu0 = { servers: cpuAll(), load: process.cpuUsage(), at: performance.now() };
  const loadAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  accepted = 0;
  refused = 0;
  sentActions = 0;
  idleTicks = 0;
  lost = 0;
  refusals.clear();
  renewed = 0;
  // Each player acts once a second, its start spread over the second.
  const timers: NodeJS.Timeout[] = [];
  rooms.forEach((_, i) => {
    for (const p of ['p1', 'p2'] as const) {
      const act = () => {
        const r = rooms[i];
        if (r.stage === 'ended') {
          // The battle is over (5 battle rounds, about 75 s of play): the room is left and a new
          // one takes its place, created while the others play (as rooms come and go).
          if (p === 'p1') void renew(i);
          return;
        }
        const now = performance.now();
        if (r.inFlight && now - r.inFlight.sentAt > LOST_MS) {
          lost++;
          r.inFlight = null;
        }
        // Only the player the game waits on acts, on the newest state seen, and only when the
        // room's last action has been answered to all three clients: every action is a legal one.
        if (r.toAct !== p || r.inFlight) {
          idleTicks++;
          return;
        }
        r.inFlight = { sentAt: now, fromSeq: r.seq, seen: new Set(), answered: false };
        sentActions++;
        // The first-turn choice (Core 12.0) once, then the phases (Core 13.0): real actions of the game.
        const action = r.stage === 'firstTurn' ? { type: 'chooseFirstTurn', player: p, first: p } : { type: 'endPhase', player: p };
        r.clients[p].send('act', { action });
      };
      timers.push(setTimeout(() => timers.push(setInterval(act, 1000)), ((i * 2 + (p === 'p2' ? 1 : 0)) * 1000) / (rooms.length * 2)));
    }
  });
  await new Promise((r) => setTimeout(r, seconds * 1000));
  for (const t of timers) clearInterval(t);
  const wallS = (performance.now() - cpu0.at) / 1000;
  const loadCpu = process.cpuUsage(cpu0.load);
  const serverCpu = cpuAll().map((c, k) => c - cpu0.servers[k]);
  const line = {
    // Share of one core each process used during the step (the machine's other work not counted).
    serverCpuPercent: serverCpu.map((c) => Math.round((c / wallS) * 100)),
    // The servers' CPU per accepted action (its pings, presence and timers included): the figure the
    // machine's load does not change (the latencies it does).
    serverCpuMsPerAction: accepted ? Math.round((serverCpu.reduce((a, c) => a + c, 0) / accepted) * 10000) / 10 : NaN,
    processes,
    loadClientsCpuPercent: Math.round(((loadCpu.user + loadCpu.system) / 1e6 / wallS) * 100),
    loadAverageAtStart: loadAtStart,
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    rooms: rooms.length,
    // Rooms by the process serving them (the port p1's connection reached): the scale-out spread.
    roomsByProcess: servers.map((sv) => rooms.filter((r) => new URL(r.clients.p1.connection.url ?? 'ws://x:0').port === new URL(sv.url).port).length),
    clients: rooms.length * 3,
    seconds,
    sentActions,
    acceptedActions: accepted,
    refusedActions: refused,
    lostActions: lost,
    idleTicks,
    battlesEndedAndReplaced: renewed,
    refusedBy: Object.fromEntries([...refusals].sort((a, b) => b[1] - a[1]).slice(0, 5)),
    updatesTimed: latencies.length,
    p50Ms: Math.round(pct(latencies, 50) * 10) / 10,
    p95Ms: Math.round(pct(latencies, 95) * 10) / 10,
    p99Ms: Math.round(pct(latencies, 99) * 10) / 10,
    maxMs: Math.round(Math.max(...latencies) * 10) / 10,
    serverRssMb: Math.round(rssAll() / 102.4) / 10,
    serverBaseRssMb: Math.round(base / 102.4) / 10,
    perRoomKb: Math.round((rssAll() - base) / rooms.length),
    createRoomsSeconds: Math.round(createMs / 100) / 10,
  };
  report.push(line);
  process.stdout.write(`${JSON.stringify(line)}\n`);
  // `--until-p99 MS`: the ramp stops at the first step past it (the rooms one process holds are then known).
  if (untilP99 > 0 && (line.p99Ms as number) > untilP99) break;
  // Let the rooms settle (answers in flight) before the next step.
  await new Promise((r) => setTimeout(r, 2000));
}
stopping = true;
const under = report.filter((r) => (r.p99Ms as number) <= 100).map((r) => r.rooms as number);
// A refused action means the load clients acted on a stale state: the run did not measure what it says.
const refusedAll = report.reduce((a, r) => a + (r.refusedActions as number), 0);
const lostAll = report.reduce((a, r) => a + (r.lostActions as number), 0);
process.stdout.write(
  `${JSON.stringify({ summary: true, loadAverage: readFileSync('/proc/loadavg', 'utf8').trim(), largestStepWithP99Within100Ms: under.length ? Math.max(...under) : 0, refusedActions: refusedAll, lostActions: lostAll, ok: refusedAll === 0 && lostAll === 0 })}\n`,
);
for (const r of rooms) for (const c of Object.values(r.clients)) c.connection.close(4000);
for (const sv of servers) sv.child.kill('SIGTERM');
await Promise.all(servers.map((sv) => new Promise((r) => (sv.child.exitCode !== null ? r(null) : sv.child.once('exit', r)))));
redis?.kill('SIGKILL');
clearTimeout(hardStop);
if (refusedAll || lostAll) process.stderr.write(`load: ${refusedAll} actions refused, ${lostAll} lost: the run is not a valid measure\n`);
process.exit(refusedAll || lostAll ? 1 : 0);
