/**
 * Issue 27 item 3, the installable app that works offline (vite-plugin-pwa, docs/offline.md):
 * the page is loaded once with service workers allowed, until the app says it is ready to work
 * offline; then the browser context goes offline (no network at all), the page reloads and opens
 * the default battlefield from the cache, the measure tool answers the same distance as online,
 * and a hot-seat battle plays a turn (first-turn choice, every phase of p1's turn ended) with
 * the game worker, the engine worker and the Kenney meshes all served by the service worker.
 * The manifest is checked too (name, display, the 192 and 512 px icons are real PNGs).
 */
import type { Page } from 'playwright-core';
import { assert, assertEqual, clickPlay, playCall, toolsCall, type E2EContext, type E2ETest } from './harness';

/** Waits for the app's ready signal and fails on a load error. */
async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 120_000 });
  const r = await page.evaluate(() => document.body.dataset.ready);
  if (r !== 'true') throw new Error(`the app signalled "${r}": ${await page.evaluate(() => document.body.dataset.problems ?? '')}`);
}

/** Measures model to model with the measure tool; the 3D distance shown. */
async function measure(page: Page, a: string, b: string): Promise<string> {
  await page.click('[data-testid=tool-measure]');
  await page.waitForSelector('[data-testid=tool-measure][aria-pressed=true]');
  await toolsCall<void>(page, `pick({kind: 'model', id: '${a}'})`);
  await toolsCall<void>(page, `pick({kind: 'model', id: '${b}'})`);
  await page.waitForSelector('[data-testid=measure-panel][data-status=done]', { timeout: 60_000 });
  return (await page.textContent('[data-testid=measure-3d]'))?.trim() ?? '';
}

export const tests: E2ETest[] = [
  {
    name: 'offline: installable (manifest, icons); after one visit the default battlefield opens, measures and plays a turn with no network',
    async run(ctx: E2EContext) {
      const context = await ctx.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
        });

        // The web app manifest and its icons.
        await page.goto(ctx.baseUrl, { waitUntil: 'domcontentloaded' });
        const manifestHref = await page.getAttribute('link[rel=manifest]', 'href');
        assert(manifestHref, 'the page links a web app manifest');
        const manifest = await page.evaluate(async (href) => (await fetch(href)).json(), manifestHref);
        assertEqual(manifest.name, 'Sightline', 'manifest name');
        assertEqual(manifest.display, 'standalone', 'manifest display');
        for (const size of ['192x192', '512x512']) {
          const icon = (manifest.icons as { src: string; sizes: string; type: string }[]).find((i) => i.sizes === size && i.type === 'image/png');
          assert(icon, `a ${size} PNG icon`);
          const head = await page.evaluate(async (src) => Array.from(new Uint8Array(await (await fetch(src)).arrayBuffer()).slice(0, 8)), icon.src);
          assertEqual(head.join(','), '137,80,78,71,13,10,26,10', `${size} icon is a PNG`);
        }

        // First visit: the app and the service worker's cache.
        await ready(page);
        await page.waitForSelector('body[data-offline-ready=true]', { state: 'attached', timeout: 120_000 });
        const online = await measure(page, 'n-liberators-1', 's-brutes-1');
        assert(/^\d+\.\d\d"$/.test(online), `a distance online: ${online}`);

        // No network: reload, the same table and the same answer.
        await context.setOffline(true);
        await page.reload({ waitUntil: 'domcontentloaded' });
        await ready(page);
        assert(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the offline page is served by the service worker');
        assert(!(await page.evaluate(() => navigator.onLine)), 'the browser is offline');
        assertEqual(await measure(page, 'n-liberators-1', 's-brutes-1'), online, 'the measure offline equals the measure online');

        // A hot-seat battle, one turn, offline.
        await page.goto(`${ctx.baseUrl}?play=1`, { waitUntil: 'domcontentloaded' });
        await ready(page);
        await page.waitForFunction(() => !!window.__sightline?.play?.summary(), undefined, { timeout: 60_000 });
        await clickPlay(page, 'play-g-firstTurn-p1');
        for (let i = 0; i < 12; i++) {
          const s = await playCall<{ active: string; stage: string }>(page, 'summary()');
          if (s.active === 'p2') break;
          await clickPlay(page, 'play-g-endPhase');
        }
        const s = await playCall<{ active: string; round: number }>(page, 'summary()');
        assertEqual(s.active, 'p2', "p1's turn played and ended offline: p2 to act");
        assertEqual(s.round, 1, 'still battle round 1');
        const failed = errors.filter((e) => !/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/.test(e));
        assert(failed.length === 0, `errors offline:\n${failed.join('\n')}`);
      } finally {
        await context.close();
      }
    },
  },
];
