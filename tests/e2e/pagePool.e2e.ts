/**
 * The runner's parked pages (pagePool.ts, session 41): a page one test closed is handed to the next
 * emptied, so a test never sees what an earlier one left. No app boot: the pages load the build's
 * web manifest (a document of the app's origin) and fetch one of its hashed assets.
 *
 * Known answers: what page A stores (localStorage, sessionStorage, an IndexedDB database, a cookie,
 * a Cache Storage entry) is absent on page B; A's second fetch of the asset comes from its HTTP
 * cache (resource timing: no body transferred; the check can fail) while B's first brings the
 * body from the server; A's
 * init script does not run on B's load; A's console listener hears nothing B logs; A's viewport (900 x 600) and motion setting are B's no
 * more (1280 x 800, the run's reduced motion). With `E2E_REUSE_PAGES=0` B is a new page, and the
 * same checks hold.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { assert, assertEqual, RUN_MOTION, type E2ETest } from './harness';

/**
 * Fetches `url` in the page: whether its body came over the network (resource timing: transferSize
 * above encodedBodySize, the headers and the body; from the HTTP cache transferSize is 0, or the
 * headers of a 304 revalidation only), and both sizes.
 */
const fetched = (page: Page, url: string) =>
  page.evaluate(async (u) => {
    performance.clearResourceTimings();
    await (await fetch(u)).arrayBuffer();
    const e = performance.getEntriesByType('resource').find((x) => x.name.endsWith(u)) as PerformanceResourceTiming | undefined;
    return e ? { fromServer: e.transferSize > e.encodedBodySize, sizes: `${e.transferSize}/${e.encodedBodySize}` } : { fromServer: false, sizes: 'no timing entry' };
  }, url);

/** What the page's origin has stored. */
const stored = (page: Page) =>
  page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    dbs: (await indexedDB.databases()).map((d) => d.name ?? ''),
    cookie: document.cookie,
    caches: await caches.keys(),
    reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
    width: innerWidth,
    height: innerHeight,
  }));

export const tests: E2ETest[] = [
  {
    name: 'pagePool: a page handed on after a test closed it starts empty (storage, IndexedDB, cookies, caches, HTTP cache, listeners, viewport, motion)',
    async run(ctx) {
      const dist = process.env.E2E_OUT_DIR ?? join(ctx.root, 'dist');
      const file = readdirSync(join(dist, 'assets')).find((f) => /^default-.*\.json$/.test(f));
      assert(file, `the build has the default battlefield's JSON in ${dist}/assets`);
      const asset = `/assets/${file}`;
      const manifest = `${ctx.baseUrl}manifest.webmanifest`;

      const a = await ctx.openPage();
      const heard: string[] = [];
      a.page.on('console', (m) => heard.push(m.text()));
      await a.page.setViewportSize({ width: 900, height: 600 });
      await a.page.emulateMedia({ reducedMotion: RUN_MOTION === 'reduce' ? 'no-preference' : 'reduce' });
      // An init script of the test's (as the online tests' net trace): it runs on A's loads, never on B's.
      await a.page.addInitScript('window.__poolInit = (window.__poolInit ?? 0) + 1');
      await a.page.goto(manifest);
      assertEqual(await a.page.evaluate('window.__poolInit'), 1, "A's init script ran on its load");
      await a.page.evaluate(async () => {
        localStorage.setItem('pool-check', '1');
        sessionStorage.setItem('pool-check', '1');
        document.cookie = 'poolcheck=1; path=/';
        await (await caches.open('pool-check')).put('/pool-check', new Response('x'));
        await new Promise<void>((resolve, reject) => {
          const q = indexedDB.open('pool-check', 1);
          q.onupgradeneeded = () => q.result.createObjectStore('s');
          q.onsuccess = () => {
            const tx = q.result.transaction('s', 'readwrite');
            tx.objectStore('s').put(1, 'k');
            tx.oncomplete = () => (q.result.close(), resolve());
            tx.onerror = () => reject(tx.error);
          };
          q.onerror = () => reject(q.error);
        });
      });
      const before = await stored(a.page);
      assertEqual(JSON.stringify([before.local, before.session, before.dbs.includes('pool-check'), before.cookie, before.caches, before.width]), JSON.stringify([1, 1, true, 'poolcheck=1', ['pool-check'], 900]), 'page A stored its data');
      const first = await fetched(a.page, asset);
      assert(first.fromServer, `page A fetched the asset's body from the server (transferred/encoded body ${first.sizes})`);
      const again = await fetched(a.page, asset);
      assert(!again.fromServer, `page A's second fetch took the body from its HTTP cache (a 304 revalidation at most; ${again.sizes})`);
      await a.page.close();

      const b = await ctx.openPage();
      if (process.env.E2E_REUSE_PAGES !== '0') assert(b.page === a.page, 'the closed page was handed on (parked, not closed)');
      assert(!b.page.isClosed(), 'the page handed on is open');
      await b.page.goto(manifest);
      const after = await stored(b.page);
      assertEqual(await b.page.evaluate('window.__poolInit ?? null'), null, "A's init script does not run on B's load (removed when A was parked)");
      assertEqual(after.local, 0, 'localStorage empty');
      assertEqual(after.session, 0, 'sessionStorage empty');
      assert(!after.dbs.includes('pool-check'), `no IndexedDB database left: ${after.dbs.join(', ')}`);
      assertEqual(after.cookie, '', 'no cookie');
      assertEqual(after.caches.length, 0, 'Cache Storage empty');
      const fresh = await fetched(b.page, asset);
      assert(fresh.fromServer, `page B fetched the asset's body from the server (HTTP cache emptied; ${fresh.sizes})`);
      assertEqual(`${after.width}x${after.height}`, '1280x800', 'the viewport is the run’s');
      assertEqual(after.reducedMotion, RUN_MOTION === 'reduce', 'motion is the run’s setting');
      await b.page.evaluate(() => console.log('pool-check from B'));
      assertEqual(heard.filter((t) => t.includes('pool-check from B')).length, 0, 'page A’s console listener was removed');
      assertEqual(b.errors.length, 0, `no errors on B: ${b.errors.join('\n')}`);
    },
  },
];
