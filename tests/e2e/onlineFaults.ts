/**
 * The online page in faults (issue 36 item 4), through a real game server the test starts (on
 * 127.0.0.1, a free port, a temporary SIGHTLINE_DATA_DIR); the room is created with the SDK and
 * its p1 token put in the browser's localStorage, as *Play online* leaves it:
 *
 * - a tab closed and its link reopened at once (same browser, a new tab) takes its seat back and
 *   shows the game (the server replaces the old, dropped connection);
 * - a stranger (another browser: a runner page, its own browser context with nothing stored) on
 *   the taken seat's link is offered to watch, and watching works;
 * - the server killed: the bar says it is unreachable, the action buttons are disabled, who is
 *   connected is unknown, no uncaught page error; the server started again (same port and folder):
 *   the page is back in its seat by itself, the buttons enabled.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { sampleCreateOptions, sdk, startServer, tempDataDir, type ServerProcess } from '../server/harness';
import type { SeatMessage } from '../../src/game/network';
import { assert, assertEqual, playCall as play, playReady as ready, pollEvery, type E2EContext, type E2ETest } from './harness';

type Online = { seat: string; status: string; unreachable?: boolean };

/** A browser (context: its own localStorage) holding p1's seat token of `roomId`. */
async function browserWithToken(ctx: E2EContext, roomId: string, token: string): Promise<BrowserContext> {
  const c = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await c.addInitScript(([k, t]) => localStorage.setItem(k, t), [`sightline.online.${roomId}.p1`, token] as const);
  return c;
}

/** A new tab of `c` (waits polled every 50 ms, as the runner's pages: harness pollEvery) on `url`. */
async function openIn(c: BrowserContext, url: string, errors: string[]): Promise<Page> {
  const page = await c.newPage();
  pollEvery(page);
  return goTo(page, url, errors);
}

/** `page` on `url`, its uncaught page errors recorded in `errors`. */
async function goTo(page: Page, url: string, errors: string[]): Promise<Page> {
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return page;
}

/** Creates a room with the SDK (p1's seat taken then left, as the New battle dialog does); its p1 token. */
async function createRoom(url: string): Promise<{ roomId: string; token: string }> {
  const room = await sdk(url).create('battle', { ...sampleCreateOptions(7), seat: 'p1', name: 'Ann' });
  const token = await new Promise<string>((ok) => room.onMessage('seat', (m: SeatMessage) => ok(m.token!)));
  room.onMessage('*', () => undefined);
  await Promise.race([room.leave(true), new Promise((r) => setTimeout(r, 3000))]);
  return { roomId: room.roomId, token };
}

export const faultTests: E2ETest[] = [
  {
    name: 'online faults: a reopened tab takes its seat back; a stranger is offered to watch; a killed server disables the actions and the page recovers',
    async run(ctx) {
      const dir = tempDataDir();
      const server = await startServer({ SIGHTLINE_DATA_DIR: dir });
      // This test's servers only (the run's shared one, sharedServer.ts, serves the other online tests).
      const servers: ServerProcess[] = [server];
      const contexts: BrowserContext[] = [];
      try {
        const ws = `ws://127.0.0.1:${server.port}`;
        const { roomId, token } = await createRoom(server.url);
        const link = `${ctx.baseUrl}?play=1&online=${roomId}&seat=p1&server=${encodeURIComponent(ws)}`;
        const errors: string[] = [];
        const mine = await browserWithToken(ctx, roomId, token);
        contexts.push(mine);

        // The tab, then closed (its connection drops: the server holds the seat 60 s) and its link reopened at once.
        const first = await openIn(mine, link, errors);
        await ready(first);
        assertEqual((await play<Online>(first, 'online()')).seat, 'p1', 'the link seats p1');
        await first.close();
        const again = await openIn(mine, link, errors);
        await ready(again);
        const back = await play<Online>(again, 'online()');
        assertEqual(back.seat, 'p1', 'the reopened tab has its seat');
        assertEqual(back.status, 'connected', 'and is connected');
        await again.waitForSelector('[data-testid=play-g-firstTurn-p1]:not([disabled])', { timeout: 60_000 });

        // A stranger (another browser, no token: a runner page) on the taken seat's link: offered to watch; watching works.
        const strangeErrors: string[] = [];
        const s = await goTo((await ctx.openPage()).page, link, strangeErrors);
        await s.waitForSelector('[data-testid=online-join-refused]', { timeout: 120_000 });
        const offer = await s.textContent('[data-testid=online-join-refused]');
        assert(offer?.includes('Watch'), `the stranger is offered to watch: ${offer}`);
        await Promise.all([s.waitForEvent('load', { timeout: 60_000 }), s.click('[data-testid=online-watch-instead]')]);
        await ready(s);
        assertEqual((await play<Online>(s, 'online()')).seat, 'spectator', 'the stranger watches');
        await s.close();

        // The server killed: unreachable, buttons off, presence unknown, nothing thrown.
        await server.stop('SIGKILL');
        await again.waitForSelector('[data-testid=online-reconnecting][data-unreachable=true]', { timeout: 60_000 });
        const bar = await again.textContent('[data-testid=online-bar]');
        assert(bar?.includes('unreachable'), `the bar says the server is unreachable: ${bar}`);
        assert(!bar?.includes(': connected'), `nobody is shown connected while the server is down: ${bar}`);
        await again.waitForSelector('[data-testid=play-g-firstTurn-p1][disabled]', { timeout: 10_000 });
        const t0 = Date.now();
        const act = await again.evaluate(() => window.__sightline!.play!.act({ type: 'chooseFirstTurn', player: 'p1', first: 'p1' }) as Promise<unknown>).catch((e: Error) => ({ thrown: e.message }));
        assert(Date.now() - t0 < 5000, `an action while the server is down fails at once (${Date.now() - t0} ms): ${JSON.stringify(act)}`);

        // The server back (same port, same folder): the page recovers by itself.
        servers.push(await startServer({ SIGHTLINE_DATA_DIR: dir }, server.port));
        await again.waitForSelector('[data-testid=online-bar][data-status=connected]', { timeout: 90_000 });
        await again.waitForSelector('[data-testid=play-g-firstTurn-p1]:not([disabled])', { timeout: 60_000 });
        for (const e of [...errors, ...strangeErrors]) assert(false, e);
      } finally {
        for (const c of contexts) await c.close().catch(() => undefined);
        for (const sp of servers) await sp.stop('SIGKILL');
      }
    },
  },
];
