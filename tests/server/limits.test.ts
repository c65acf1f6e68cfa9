/**
 * Per-client limits that hold (issue 36 item 1), against a real server on loopback: the room cap
 * counts each client address on its own (clients bound to 127.0.0.1 and to 127.0.0.2); a forged
 * `X-Forwarded-For` from a peer that is not a trusted proxy changes nothing; behind a trusted
 * proxy (`TRUSTED_PROXIES`) the forwarded address is the client's; a room no second player ever
 * joined expires after `UNPAIRED_ROOM_SECONDS` counted from when it became empty, across a restart.
 * Plus the address rules themselves (`clientAddress.ts`), with known answers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import type { Client, Room } from '@colyseus/sdk';
import { clientAddress, parseTrustedProxies } from '../../server/clientAddress';
import { freePort } from '../../server/gameServer';
import { OnlineGame, serverRefusal } from '../../src/client/onlineGame';
import { leaveRoom, sampleCreateOptions, sdk, startServer, stopAllServers, tempDataDir } from './harness';

/**
 * The rooms a test opened and did not leave (the cap tests keep theirs open while they count):
 * left after the test, while its server still runs, so that no SDK connection outlives the file.
 */
const opened: Room[] = [];
/** The room `create` resolves with, kept to be left after the test. */
async function kept(create: Promise<Room>): Promise<Room> {
  const room = await create;
  opened.push(room);
  return room;
}
afterEach(() => Promise.all(opened.splice(0).map((r) => leaveRoom(r))));
afterAll(() => stopAllServers());

/** A `fetch` for the SDK whose connections leave from `localAddress` (a second loopback address). */
function boundFetch(localAddress: string): typeof fetch {
  return (async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    return new Promise<Response>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? 'GET', headers, localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers: h }));
        });
      });
      req.on('error', reject);
      if (init.body) req.write(init.body as string);
      req.end();
    });
  }) as typeof fetch;
}

/** An SDK client whose HTTP requests (matchmaking: where the cap is counted) come from `localAddress`. */
function from(url: string, localAddress: string, headers?: Record<string, string>): Client {
  const c = headers ? sdk(url, { headers }) : sdk(url);
  (c.http as unknown as { _fetchFn: typeof fetch })._fetchFn = boundFetch(localAddress);
  return c;
}

async function until(ok: () => boolean, what: string, ms = 30000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('client address', () => {
  test('the peer unless it is a trusted proxy; then the rightmost untrusted X-Forwarded-For entry', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8, 192.168.1.5');
    expect(trusted.has('10.200.3.4')).toBe(true);
    expect(trusted.has('::ffff:10.1.1.1')).toBe(true);
    expect(trusted.has('11.0.0.1')).toBe(false);
    // An untrusted peer: its own address, whatever it claims.
    expect(clientAddress('203.0.113.9', { 'x-forwarded-for': '1.2.3.4' }, trusted)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:127.0.0.2', { 'x-real-ip': '1.2.3.4' }, trusted)).toBe('127.0.0.2');
    // Through two trusted proxies (10.0.0.7 appended by the second): the client is 198.51.100.1,
    // whatever the client itself put first.
    expect(clientAddress('192.168.1.5', { 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 10.0.0.7' }, trusted)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.1', { 'x-real-ip': '198.51.100.2' }, trusted)).toBe('198.51.100.2');
    // A trusted proxy that forwards nothing: the proxy itself.
    expect(clientAddress('10.0.0.1', {}, trusted)).toBe('10.0.0.1');
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES: "10.0.0.0\/33"/);
    expect(() => parseTrustedProxies('proxy.local')).toThrow(/not an IP address/);
  });
});

describe('per-address room cap', () => {
  test('two addresses each get their own cap; a forged X-Forwarded-For from an untrusted peer changes nothing', async () => {
    const s = await startServer({ SIGHTLINE_DATA_DIR: tempDataDir(), MAX_ROOMS_PER_ADDRESS: '2' });
    for (let i = 0; i < 2; i++) await kept(from(s.url, '127.0.0.1').create('battle', { ...sampleCreateOptions(i + 1), seat: 'p1' }));
    await expect(from(s.url, '127.0.0.1').create('battle', { ...sampleCreateOptions(3), seat: 'p1' })).rejects.toThrow(/this address \(127\.0\.0\.1\) already has 2 open rooms/);
    // Forged headers from the same (untrusted) peer: still 127.0.0.1.
    await expect(from(s.url, '127.0.0.1', { 'X-Forwarded-For': '10.9.9.9', 'X-Real-IP': '10.9.9.8' }).create('battle', { ...sampleCreateOptions(4), seat: 'p1' })).rejects.toThrow(
      /this address \(127\.0\.0\.1\)/,
    );
    // Another address has its own cap.
    const other = await kept(from(s.url, '127.0.0.2').create('battle', { ...sampleCreateOptions(5), seat: 'p1' }));
    expect(other.roomId).toBeTruthy();
    await kept(from(s.url, '127.0.0.2').create('battle', { ...sampleCreateOptions(6), seat: 'p1' }));
    await expect(from(s.url, '127.0.0.2').create('battle', { ...sampleCreateOptions(7), seat: 'p1' })).rejects.toThrow(/this address \(127\.0\.0\.2\) already has 2 open rooms/);
    // The page tells a refusal (the server's reason) from a server it cannot reach.
    const refused = await OnlineGame.create(s.url, sampleCreateOptions(8)).catch((e: unknown) => e);
    expect(serverRefusal(refused)).toMatch(/this address \(127\.0\.0\.1\) already has 2 open rooms/);
    const unreachable = await OnlineGame.create(`http://127.0.0.1:${await freePort()}`, sampleCreateOptions(8)).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(Error);
    expect(serverRefusal(unreachable)).toBeNull();
  }, 120000);

  test('behind a trusted proxy the forwarded address is the client', async () => {
    const s = await startServer({ SIGHTLINE_DATA_DIR: tempDataDir(), MAX_ROOMS_PER_ADDRESS: '1', TRUSTED_PROXIES: '127.0.0.1' });
    await kept(from(s.url, '127.0.0.1', { 'X-Forwarded-For': '198.51.100.1' }).create('battle', { ...sampleCreateOptions(1), seat: 'p1' }));
    await expect(from(s.url, '127.0.0.1', { 'X-Forwarded-For': '198.51.100.1' }).create('battle', { ...sampleCreateOptions(2), seat: 'p1' })).rejects.toThrow(/this address \(198\.51\.100\.1\)/);
    await kept(from(s.url, '127.0.0.1', { 'X-Forwarded-For': '198.51.100.2' }).create('battle', { ...sampleCreateOptions(3), seat: 'p1' }));
    // 127.0.0.2 is no trusted proxy: its header is ignored, it is itself.
    await kept(from(s.url, '127.0.0.2', { 'X-Forwarded-For': '198.51.100.1' }).create('battle', { ...sampleCreateOptions(4), seat: 'p1' }));
    await expect(from(s.url, '127.0.0.2', { 'X-Forwarded-For': '198.51.100.9' }).create('battle', { ...sampleCreateOptions(5), seat: 'p1' })).rejects.toThrow(/this address \(127\.0\.0\.2\)/);
  }, 120000);
});

describe('room expiry', () => {
  test('a room no second player joined expires after UNPAIRED_ROOM_SECONDS from when it emptied, and a restart does not restart its clock', async () => {
    const dir = tempDataDir();
    const env = { SIGHTLINE_DATA_DIR: dir, UNPAIRED_ROOM_SECONDS: '12', ABANDONED_ROOM_SECONDS: '600' };
    const a = await startServer(env);
    const alone = await kept(sdk(a.url).create('battle', { ...sampleCreateOptions(1), seat: 'p1', name: 'Ann' }));
    const paired = await kept(sdk(a.url).create('battle', { ...sampleCreateOptions(2), seat: 'p1', name: 'Cy' }));
    const p2 = await kept(sdk(a.url).joinById(paired.roomId, { seat: 'p2', name: 'Di' }));
    const aloneFile = join(dir, `${alone.roomId}.json`);
    const pairedFile = join(dir, `${paired.roomId}.json`);
    await until(() => existsSync(aloneFile) && existsSync(pairedFile), 'the saved games');
    await Promise.all([leaveRoom(alone), leaveRoom(paired), leaveRoom(p2)]);
    const emptied = Date.now();
    // The moment each room emptied is written with it.
    await until(() => /"emptySince":\d+/.test(readFileSync(aloneFile, 'utf8')), 'the clock written');
    await new Promise((r) => setTimeout(r, 1000));
    await a.stop('SIGKILL');
    // Down past the unpaired room's 12 s: restored, it is closed as soon as it is restored, not 12 s
    // after the restart (12 s, not 4: a loaded test run's background restore took over 3.5 s).
    await new Promise((r) => setTimeout(r, Math.max(0, emptied + 12500 - Date.now())));
    const b = await startServer(env, a.port);
    const restarted = Date.now();
    await until(() => !existsSync(aloneFile), 'the unpaired room forgotten', 20000);
    expect(Date.now() - restarted).toBeLessThan(10_000);
    // The room both players joined keeps its 600 s.
    expect(existsSync(pairedFile)).toBe(true);
    const spectator = await kept(sdk(b.url).joinById(paired.roomId, { seat: 'spectator' }));
    expect(spectator.roomId).toBe(paired.roomId);
    await leaveRoom(spectator);
  }, 120000);
});
